// The leaderboard function's cold start on npm's whole standard library and on the one build.py
// ships it (dist/engine/python_stdlib.zip: the page's cut and what the function imports besides,
// tools/function-stdlib-trace.json; issue 14): prints JSON.
//
//   python build.py && node bench/function_stdlib.mjs [--colds 5]
//
// Fresh Node processes, taking turns (each round the other goes first), each running the
// function's own start: netlify/lib/engine.mjs's getEngine (tools/pyodide_node.mjs's loadEngine:
// loadPyodide, the wheel unpacked into site-packages, the engine imported, the endpoint's Python
// set up) with `stdlibPath` set to the shipped zip, or not (npm's, loadPyodide's default), then the
// first verification of a finished Daily.
//
// Reported: median and every run of process start → first answer, the engine load, and the CPU
// time up to that answer (the process's, and the main thread's alone, which leaves out V8's
// background compiles of the wasm: the standard library changes only main-thread work), both
// ways, and the median of each round's difference; the zips' sizes. Needs a built dist/ (python build.py).

import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "..");
const SHIPPED = path.join(ROOT, "dist", "engine", "python_stdlib.zip"); // build.py's FUNCTION_STDLIB
const round = (ms) => Math.round(ms * 10) / 10;
const median = (values) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

/** One cold start in this fresh process: the function's engine, on the shipped stdlib or npm's. */
async function child(gameFile, stdlibPath) {
  const game = JSON.parse(await readFile(gameFile, "utf8"));
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  const engine = await getEngine(stdlibPath ? { stdlibPath } : {});
  const answer = engine.verify(game.date, game.log, game.engine);
  const answered = performance.now();
  if (!answer.ok) throw new Error(`verify failed: ${JSON.stringify(answer)}`);
  const cpu = process.cpuUsage();
  const thread = process.threadCpuUsage(); // the main thread alone: without V8's background wasm compiles
  process.stdout.write(JSON.stringify({
    processStartToFirstAnswerMs: round(answered), engineLoadMs: round(engine.loadMs), cpuMs: round((cpu.user + cpu.system) / 1000),
    mainThreadCpuMs: round((thread.user + thread.system) / 1000),
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
    const runs = { full: [], shipped: [] };
    for (let i = 0; i < colds; i += 1) {
      for (const kind of i % 2 ? ["shipped", "full"] : ["full", "shipped"]) {
        runs[kind].push(await run(["--child", gameFile, ...(kind === "shipped" ? ["--stdlib", SHIPPED] : [])]));
      }
    }
    const summary = (list) => ({
      processStartToFirstAnswerMs: median(list.map((r) => r.processStartToFirstAnswerMs)),
      engineLoadMs: median(list.map((r) => r.engineLoadMs)),
      cpuMs: median(list.map((r) => r.cpuMs)),
      mainThreadCpuMs: median(list.map((r) => r.mainThreadCpuMs)),
      runsMs: list.map((r) => r.processStartToFirstAnswerMs),
      runsCpuMs: list.map((r) => r.cpuMs),
      runsMainThreadCpuMs: list.map((r) => r.mainThreadCpuMs),
    });
    const ratio = (key) => Math.round((median(runs.shipped.map((r) => r[key])) / median(runs.full.map((r) => r[key]))) * 1000) / 1000;
    process.stdout.write(`${JSON.stringify({
      machine: { cpus: os.cpus().length, load1: round(os.loadavg()[0]), node: process.version },
      full: { ...summary(runs.full), bytes: (await stat(path.join(ROOT, "node_modules", "pyodide", "python_stdlib.zip"))).size },
      shipped: { ...summary(runs.shipped), bytes: (await stat(SHIPPED)).size },
      ratio: ratio("processStartToFirstAnswerMs"),
      cpuRatio: ratio("cpuMs"),
      mainThreadCpuRatio: ratio("mainThreadCpuMs"),
      // Each round's shipped − full, median: the runs of a round share the machine's load.
      pairedCpuDeltaMs: median(runs.full.map((r, i) => runs.shipped[i].cpuMs - r.cpuMs)),
      pairedMainThreadCpuDeltaMs: median(runs.full.map((r, i) => runs.shipped[i].mainThreadCpuMs - r.mainThreadCpuMs)),
    }, null, 2)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
