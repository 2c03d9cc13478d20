// The leaderboard function's cold start with npm's whole standard library and with a cut of it, as
// the page loads (issue 14): prints JSON.
//
//   python build.py && node bench/function_stdlib.mjs [--colds 5]
//
// The function (netlify/lib/engine.mjs, through tools/pyodide_node.mjs) loads Pyodide in Node with
// node_modules/pyodide's files, unpacks the engine wheel into site-packages and verifies a game.
// It imports a few modules the page does not (sysconfig, importlib.metadata and what they import),
// so its cut is the page's (tools/stdlib-trace.json) and those, found here the same way the page's
// were: by asking its Python what it holds after a verification (`functionModules`), closed under
// module-level imports by build.py. Then fresh Node processes, taking turns (each run the other
// goes first), each: loadPyodide (with `stdLibURL` set to the cut, or not), the wheel, the engine,
// the first verification of a finished Daily — the steps of tools/pyodide_node.mjs's startPyodide
// and netlify/lib/engine.mjs's createEngine, with that one option more.
//
// Reported: median and every run of process start → first answer and its CPU time, both ways; the
// cut's size; the modules the function needs beyond the page's cut. Needs a built wheel and python3.

import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "..");
const round = (ms) => Math.round(ms * 10) / 10;
const median = (values) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

/** One cold start in this fresh process: the function's steps, optionally on the cut stdlib. */
async function child(gameFile, stdlib) {
  const game = JSON.parse(await readFile(gameFile, "utf8"));
  const { loadPyodide } = await import("pyodide");
  const { findWheel, pyodideDir } = await import("../tools/pyodide_node.mjs");
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: pyodideDir() + path.sep, ...(stdlib && { stdLibURL: stdlib }) });
  const loaded = performance.now();
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(await readFile(findWheel())), "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches(); import ladder_rummy");
  const verify = pyodide.runPython("from ladder_rummy.verify import verify_daily_json\nverify_daily_json");
  const answer = JSON.parse(verify(JSON.stringify({ date: game.date, log: game.log, engineVersion: game.engine })));
  const answered = performance.now();
  if (!answer.ok) throw new Error(`verify failed: ${JSON.stringify(answer)}`);
  const cpu = process.cpuUsage();
  const modules = JSON.parse(pyodide.runPython("import sys, json; json.dumps(sorted(sys.modules))"));
  process.stdout.write(JSON.stringify({
    processStartToFirstAnswerMs: round(answered), loadPyodideMs: round(loaded - t0), engineAndVerifyMs: round(answered - loaded),
    cpuMs: round((cpu.user + cpu.system) / 1000), modules,
  }));
}

function run(args) {
  return new Promise((resolve, reject) => {
    const node = spawn(process.execPath, [HERE, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const out = [];
    node.stdout.on("data", (chunk) => out.push(chunk));
    node.on("error", reject);
    node.on("close", (code) => (code === 0 ? resolve(JSON.parse(Buffer.concat(out).toString())) : reject(new Error(`child exited ${code}`))));
  });
}

/** build.py's cut of Pyodide's standard library to these modules and all they import on import. */
function cutStdlib(modules, target) {
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(ROOT)})
import build
stdlib = build.read_stdlib()
graph = build.import_graph(build.read_project(), stdlib)
wanted = json.loads(sys.stdin.read())
kept = sorted(set(build.imported_by(wanted, graph)) & set(stdlib.imports))
open(sys.argv[1], "wb").write(build.trimmed_zip(stdlib.zip, kept))
print(json.dumps(kept))
`;
  return new Promise((resolve, reject) => {
    const python = spawn(process.env.PYTHON || "python3", ["-c", script, target], { stdio: ["pipe", "pipe", "inherit"], cwd: ROOT });
    const out = [];
    python.stdout.on("data", (chunk) => out.push(chunk));
    python.on("close", (code) => (code === 0 ? resolve(JSON.parse(Buffer.concat(out).toString())) : reject(new Error(`cut exited ${code}`))));
    python.stdin.end(JSON.stringify(modules));
  });
}

async function main() {
  const { values } = parseArgs({ options: { colds: { type: "string", default: "5" }, child: { type: "string" }, stdlib: { type: "string" } } });
  if (values.child) return child(values.child, values.stdlib);
  const colds = Number(values.colds);
  const { makeGames } = await import("../netlify/tests/games.mjs");
  const [game] = await makeGames([{ date: new Date().toISOString().slice(0, 10) }]);
  const scratch = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-fn-"));
  try {
    const gameFile = path.join(scratch, "game.json");
    const { engine } = JSON.parse(await readFile(path.join(ROOT, "dist", "build.json"), "utf8"));
    await writeFile(gameFile, JSON.stringify({ ...game, engine }));
    const page = JSON.parse(await readFile(path.join(ROOT, "tools", "stdlib-trace.json"), "utf8")).modules;
    const first = await run(["--child", gameFile]); // npm's stdlib: what the function's Python holds
    const stdlib = new Set(Object.keys(JSON.parse(await readFile(await graphFile(), "utf8")).imports));
    const functionModules = first.modules.filter((name) => stdlib.has(name));
    const cut = path.join(scratch, "python_stdlib-function.zip");
    const kept = await cutStdlib([...new Set([...page, ...functionModules])], cut);
    const runs = { full: [], cut: [] };
    for (let i = 0; i < colds; i += 1) {
      for (const kind of i % 2 ? ["cut", "full"] : ["full", "cut"]) {
        const result = await run(["--child", gameFile, ...(kind === "cut" ? ["--stdlib", cut] : [])]);
        delete result.modules;
        runs[kind].push(result);
      }
    }
    const summary = (list) => ({
      processStartToFirstAnswerMs: median(list.map((r) => r.processStartToFirstAnswerMs)),
      loadPyodideMs: median(list.map((r) => r.loadPyodideMs)),
      cpuMs: median(list.map((r) => r.cpuMs)),
      runsMs: list.map((r) => r.processStartToFirstAnswerMs),
    });
    const { size } = await stat(cut);
    process.stdout.write(`${JSON.stringify({
      machine: { cpus: os.cpus().length, load1: round(os.loadavg()[0]), node: process.version },
      full: summary(runs.full),
      cut: { ...summary(runs.cut), modules: kept.length, bytes: size },
      ratio: round(median(runs.cut.map((r) => r.processStartToFirstAnswerMs)) / median(runs.full.map((r) => r.processStartToFirstAnswerMs)) * 1000) / 1000,
      beyondThePagesCut: functionModules.filter((name) => !page.includes(name)),
    }, null, 2)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** build/stdlib/…/graph.json, the reading of Pyodide's stdlib build.py made (python build.py first). */
async function graphFile() {
  const dir = path.join(ROOT, "build", "stdlib");
  const [entry] = (await readdir(dir)).filter((name) => !name.endsWith(".partial"));
  return path.join(dir, entry, "graph.json");
}

await main();
