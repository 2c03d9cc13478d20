// Leaderboard endpoint benchmark: cold start, warm verification, and where a
// replay's time goes. Prints JSON.
//
//   node bench/leaderboard.mjs [--games 6] [--repeats 5] [--colds 3]
//
// Budget (issue 6): verifying a whole game <= 300 ms on a warm function.
//   cold      fresh node processes, each: import the endpoint, load Pyodide and
//             the wheel, first POST of a finished game (verify + Blobs write)
//   warm      one warm process: engine.verify (the Python replay, called from
//             JS) per game, and a whole POST through the handler with the memo
//             off and on, against a real local Blobs server
//   split     in Pyodide: the replay of the rules alone (Game.replay, no
//             computer decisions) vs the full verification (Match.replay,
//             every computer move recomputed), and inclusive time in the
//             computer players' view / legal moves / choice
//   cpython   the same verify_daily on the same logs in CPython, for scale
// Needs a built wheel (python build.py) and python3 for playing the games.

import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const started = performance.now(); // ~ since the process began (its timeOrigin)
const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "..");

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms) => Math.round(ms * 10) / 10;
const summary = (values) => ({ n: values.length, p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) });

function today() {
  return new Date().toISOString().slice(0, 10);
}

/** The finished games to measure: the basic player and mostly-basic variants over a few Dailies. */
function specs(count) {
  const day = Math.floor(Date.now() / 86_400_000);
  return Array.from({ length: count }, (_, i) => ({ date: new Date((day - (i % 3)) * 86_400_000).toISOString().slice(0, 10), mix: Math.floor(i / 3) }));
}

async function localHandler(directory, options = {}) {
  const { startLocalBlobs } = await import("../netlify/lib/local-blobs.mjs");
  const { createHandler } = await import("../netlify/lib/leaderboard.mjs");
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  const blobs = await startLocalBlobs({ directory });
  const handler = createHandler({ store: blobs.store("bench"), engine: () => getEngine(), ...options });
  return { blobs, handler };
}

const post = (handler, body, i) => handler(
  new Request("http://localhost/api/leaderboard", { method: "POST", body: JSON.stringify(body) }),
  { ip: `10.1.${Math.floor(i / 250)}.${i % 250}` },
);

/** One cold start, in this (fresh) process: prints its JSON line. */
async function coldChild(gameFile) {
  const { readFile } = await import("node:fs/promises");
  const game = JSON.parse(await readFile(gameFile, "utf8"));
  const t0 = performance.now();
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  await import("../netlify/lib/leaderboard.mjs");
  const imported = performance.now();
  const directory = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-bench-"));
  const { blobs, handler } = await localHandler(directory);
  const engine = await getEngine();
  const loaded = performance.now();
  const t1 = performance.now();
  const response = await post(handler, { date: game.date, name: "Bench", playerId: crypto.randomUUID(), log: game.log, engineVersion: engine.version }, 0);
  const answered = performance.now();
  const cpu = process.cpuUsage();
  if (response.status !== 201) throw new Error(`cold POST: ${response.status} ${await response.text()}`);
  await blobs.stop();
  await rm(directory, { recursive: true, force: true });
  process.stdout.write(JSON.stringify({
    nodeStartToImportMs: round(t0), importMs: round(imported - t0), engineLoadMs: round(engine.loadMs),
    firstPostMs: round(answered - t1), processStartToFirstResponseMs: round(answered),
    processStartToEngineReadyMs: round(loaded),
    processCpuToFirstResponseMs: round((cpu.user + cpu.system) / 1000),
  }));
}

function runNode(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HERE, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(Buffer.concat(out).toString()) : reject(new Error(`cold run exited ${code}`))));
  });
}

const PY_SPLIT = `
import json, time
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.game import Game
from ladder_rummy.match import Match
from ladder_rummy.seeds import daily_seed
from ladder_rummy.verify import verify_daily

def timed(cls, name, totals):
    original = getattr(cls, name)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            totals[name] = totals.get(name, 0.0) + time.perf_counter() - start
    setattr(cls, name, wrapper)
    return original

def split(date, log, repeats):
    rules, full = [], []
    for _ in range(repeats):
        start = time.perf_counter(); Game.replay(daily_seed(date), log); rules.append(time.perf_counter() - start)
        start = time.perf_counter(); verify_daily(date, log); full.append(time.perf_counter() - start)
    totals = {}
    originals = [(Match, "bot_action", timed(Match, "bot_action", totals)),
                 (Game, "view", timed(Game, "view", totals)),
                 (Game, "legal_actions", timed(Game, "legal_actions", totals)),
                 (BasicBot, "choose", timed(BasicBot, "choose", totals)),
                 (Game, "apply", timed(Game, "apply", totals))]
    start = time.perf_counter(); verify_daily(date, log); wrapped = time.perf_counter() - start
    for cls, name, original in originals:
        setattr(cls, name, original)
    ms = lambda xs: sorted(xs)[len(xs) // 2] * 1000
    return {"entries": len(log), "rules_only_ms": ms(rules), "verify_ms": ms(full),
            "instrumented_ms": wrapped * 1000, "inclusive_ms": {k: v * 1000 for k, v in totals.items()}}
`;

const CPYTHON = `
import json, sys, time
sys.path.insert(0, sys.argv[1])
from ladder_rummy.verify import verify_daily
games, repeats = json.load(sys.stdin), int(sys.argv[2])
out = []
for g in games:
    verify_daily(g["date"], g["log"])
    times = []
    for _ in range(repeats):
        start = time.perf_counter(); verify_daily(g["date"], g["log"]); times.append((time.perf_counter() - start) * 1000)
    out.append(times)
print(json.dumps({"version": sys.version.split()[0], "times": out}))
`;

function cpython(games, repeats, wheel) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.PYTHON || "python3", ["-c", CPYTHON, wheel, String(repeats)], { stdio: ["pipe", "pipe", "inherit"] });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(Buffer.concat(out).toString())) : reject(new Error(`python exited ${code}`))));
    child.stdin.end(JSON.stringify(games.map(({ date, log }) => ({ date, log }))));
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      games: { type: "string", default: "6" },
      repeats: { type: "string", default: "5" },
      colds: { type: "string", default: "3" },
      "cold-child": { type: "string" },
    },
  });
  if (values["cold-child"]) {
    await coldChild(values["cold-child"]);
    process.exit(0);
  }
  const [gameCount, repeats, colds] = [Number(values.games), Number(values.repeats), Number(values.colds)];
  const { makeGames } = await import("../netlify/tests/games.mjs");
  const { findWheel } = await import("../tools/pyodide_node.mjs");
  const games = await makeGames(specs(gameCount));

  // Cold starts first, one at a time, before this process loads Pyodide.
  const scratch = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-bench-"));
  const { writeFile } = await import("node:fs/promises");
  const gameFile = path.join(scratch, "game.json");
  await writeFile(gameFile, JSON.stringify(games[0]));
  const coldRuns = [];
  for (let i = 0; i < colds; i += 1) coldRuns.push(JSON.parse(await runNode(["--cold-child", gameFile])));

  // Warm: this process.
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  const engine = await getEngine();
  const perGame = [];
  const all = [];
  const allCpu = []; // CPU time of the same calls: what contention on a shared machine does not inflate
  for (const game of games) {
    const check = engine.verify(game.date, game.log, engine.version); // warm-up, and a sanity check
    if (!check.ok || check.result.completed !== game.expected.completed) throw new Error(`verify disagrees: ${JSON.stringify(check)}`);
    const times = [];
    for (let r = 0; r < repeats; r += 1) {
      const t = performance.now();
      const cpu = process.cpuUsage();
      engine.verify(game.date, game.log, engine.version);
      const used = process.cpuUsage(cpu);
      times.push(performance.now() - t);
      allCpu.push((used.user + used.system) / 1000);
    }
    all.push(...times);
    perGame.push({ date: game.date, mix: game.mix, entries: game.log.length, p50: round(percentile(times, 50)) });
  }

  const blobsDir = path.join(scratch, "blobs");
  const { blobs, handler } = await localHandler(blobsDir, { memoSize: 0, limits: { perAddress: 1e9, perPlayer: 1e9 } });
  const postMiss = [];
  let n = 0;
  for (const game of games) {
    for (let r = 0; r < repeats; r += 1) {
      const t = performance.now();
      const response = await post(handler, { date: game.date, name: "Bench", playerId: crypto.randomUUID(), log: game.log, engineVersion: engine.version }, n++);
      postMiss.push(performance.now() - t);
      if (response.status !== 201) throw new Error(`POST ${response.status}`);
    }
  }
  const memo = (await localHandler(path.join(scratch, "blobs2"), { limits: { perAddress: 1e9, perPlayer: 1e9 } }));
  const postHit = [];
  for (let r = 0; r < 20; r += 1) {
    const t = performance.now();
    await post(memo.handler, { date: games[0].date, name: "Bench", playerId: crypto.randomUUID(), log: games[0].log, engineVersion: engine.version }, n++);
    if (r > 0) postHit.push(performance.now() - t); // the first one replays
  }
  const board = [];
  for (let r = 0; r < 5; r += 1) {
    const t = performance.now();
    await handler(new Request(`http://localhost/api/leaderboard?date=${games[0].date}`), {});
    board.push(performance.now() - t);
  }
  await blobs.stop();
  await memo.blobs.stop();

  // Where the time goes, in Pyodide.
  engine.pyodide.runPython(PY_SPLIT);
  const splitFn = engine.pyodide.globals.get("split");
  const splits = games.map((game) => {
    const proxy = splitFn(game.date, engine.pyodide.toPy(game.log), repeats);
    const result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
    return result;
  });
  splitFn.destroy();
  const py = await cpython(games, repeats, findWheel());
  await rm(scratch, { recursive: true, force: true });

  const sum = (key) => splits.reduce((s, x) => s + x[key], 0);
  const inclusive = (key) => splits.reduce((s, x) => s + (x.inclusive_ms[key] ?? 0), 0);
  const instrumented = sum("instrumented_ms");
  const share = (ms) => Math.round((100 * ms) / instrumented);
  const cpyAll = py.times.flat();
  const result = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load1: round(os.loadavg()[0]), node: process.version, date: today() },
    engine: engine.version,
    games: perGame,
    budget_ms: 300,
    cold: {
      runs: coldRuns,
      engineLoadMs: summary(coldRuns.map((r) => r.engineLoadMs)),
      firstPostMs: summary(coldRuns.map((r) => r.firstPostMs)),
      processStartToFirstResponseMs: summary(coldRuns.map((r) => r.processStartToFirstResponseMs)),
      processCpuToFirstResponseMs: summary(coldRuns.map((r) => r.processCpuToFirstResponseMs)),
    },
    warm: {
      verifyMs: summary(all),
      verifyCpuMs: summary(allCpu),
      postMemoMissMs: summary(postMiss),
      postMemoHitMs: summary(postHit),
      dayBoardGetMs: { entries: games.length * repeats, ...summary(board) },
    },
    split: {
      note: "Pyodide, medians over the games; inclusive times from one instrumented run per game (wrappers add overhead)",
      rulesOnlyReplayMs: summary(splits.map((s) => s.rules_only_ms)),
      fullVerifyMs: summary(splits.map((s) => s.verify_ms)),
      computerDecisionsShareOfVerify: `${Math.round(100 * (1 - sum("rules_only_ms") / sum("verify_ms")))}%`,
      inclusiveSharePercent: {
        "Match.bot_action (a computer's whole decision)": share(inclusive("bot_action")),
        "Game.view": share(inclusive("view")),
        "Game.legal_actions": share(inclusive("legal_actions")),
        "BasicBot.choose": share(inclusive("choose")),
        "Game.apply": share(inclusive("apply")),
      },
    },
    cpython: { version: py.version, verifyMs: summary(cpyAll), pyodideOverCpython: round(percentile(all, 50) / percentile(cpyAll, 50)) },
    totalBenchMs: Math.round(performance.now() - started),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
