// Compile the engine's modules to bytecode with Pyodide's own Python, for the wheel the page loads.
//
//   node tools/bytecode.mjs WHEEL      prints JSON {"<arcname of a .pyc>": "<base64>", ...}
//
// Pyodide imports a module about four times quicker from bytecode than from source (measured: 26
// against 90-120 ms for the whole engine), and the page imports the engine during its boot. Only
// Pyodide's Python can write bytecode it will read (the magic number changes with every Python
// version), hence Node. The files are "unchecked-hash" pycs: Python uses them without comparing
// timestamps (an unpacked wheel's are arbitrary). A Python of another version ignores them and
// compiles the source, as before: the wheel stays py3-none-any and works everywhere.

import { readFile } from "node:fs/promises";
import process from "node:process";
import { loadPyodide } from "pyodide";
import { pyodideDir } from "./pyodide_node.mjs";

const [wheel] = process.argv.slice(2);
if (!wheel) {
  process.stderr.write("usage: node tools/bytecode.mjs WHEEL\n");
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: `${pyodideDir()}/` });
const root = "/tmp/bytecode";
pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel", { extractDir: root });
const compiled = pyodide.runPython(`
import base64, importlib.util, json, os, py_compile

def compile_all(root):
    out = {}
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            source = os.path.join(folder, name)
            target = importlib.util.cache_from_source(source)
            py_compile.compile(source, cfile=target, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            with open(target, "rb") as f:
                out[os.path.relpath(target, root)] = base64.b64encode(f.read()).decode()
    return json.dumps(out)

compile_all(${JSON.stringify(root)})
`);
process.stdout.write(compiled);
