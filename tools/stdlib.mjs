// Pyodide's standard library, read by Pyodide's own Python: its import graph, and its files without
// comments. build.py cuts python_stdlib.zip from the second and checks the cut against the first.
//
//   node tools/stdlib.mjs DIR     writes DIR/graph.json  {python, builtin: [...], imports: {module: [...]}}
//                                 and DIR/python_stdlib.zip (npm's, every .py without comments)
//
// tools/stdlib_imports.py says what counts as an import, tools/stdlib_comments.py how comments go.
// Pyodide's Python parses its standard library, whose syntax may be newer than the host's; the
// host's Python reads only the engine and the worker. Needs only node_modules/pyodide: no network.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { loadPyodide } from "pyodide";
import { pyodideDir } from "./pyodide_node.mjs";

const [out] = process.argv.slice(2);
if (!out) {
  process.stderr.write("usage: node tools/stdlib.mjs DIR\n");
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: `${pyodideDir()}/` });
for (const name of ["stdlib_imports.py", "stdlib_comments.py"]) {
  pyodide.FS.writeFile(`/tmp/${name}`, await readFile(new URL(name, import.meta.url), "utf-8"));
}
const graph = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/tmp")
import stdlib_comments, stdlib_imports
stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
stdlib_comments.strip_zip(stdlib, "/tmp/python_stdlib.zip")
json.dumps({
    "python": "%d.%d.%d" % sys.version_info[:3],
    "builtin": sorted(sys.builtin_module_names),
    "imports": stdlib_imports.graph(stdlib_imports.zip_sources(stdlib), "executed", sys.builtin_module_names),
}, sort_keys=True)
`);
await mkdir(out, { recursive: true });
await writeFile(path.join(out, "graph.json"), graph);
await writeFile(path.join(out, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/python_stdlib.zip"));
