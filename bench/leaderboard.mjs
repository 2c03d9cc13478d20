// Leaderboard endpoint benchmark: cold starts, warm verification, board reads with many
// entries, concurrent submissions, and where a replay's time goes. Prints JSON.
//
//   node bench/leaderboard.mjs [--games 6] [--repeats 5] [--colds 3] [--board-entries 10000] [--concurrent 200]
//                              [--only bundle,cold,warm,board,concurrent,split,cpython]
//
// --only runs the named sections alone (e.g. the cold starts again when the shared machine is
// quiet); the rest are left out of the JSON.
//
// Budgets (issue 12):
//   warm verification of a whole Daily p50 <= 150 ms, p95 <= 250 ms (Pyodide; CPython alongside)
//   cold start of the bundled function to its first answer <= 3 s
//   board GET p95 <= 100 ms warm with 10,000 entries on the date
//   200 concurrent genuine submissions: 200 stored, 0 lost, boards consistent
//
//   bundle    Netlify's bundler with netlify.toml's settings (netlify/bundle.mjs), unzipped, and
//             run as Lambda runs it (netlify/lambda.mjs) in fresh processes: module init, the
//             first GET's answer, and the first POST's (Pyodide and the wheel load, then a replay)
//   cold      fresh node processes importing the endpoint's modules directly, for comparison
//   warm      one warm process: engine.verify (the Python replay, called from JS) per game (repeats
//             of one game find its hands' contract searches remembered; firstVerifyCpuMs is each
//             game's first verification, as a new submission is), and a
//             whole POST through the handler with the memo off and on, against a real Blobs server
//   board     --board-entries results on one date, written with the boards' own code
//             (netlify/lib/boards.mjs) as submissions would leave them, then board GETs through
//             the handler: day and week, anonymous and with a player's own row
//   concurrent  --concurrent distinct genuine games POSTed at once; then every entry, the day and
//             week summaries and the ranks are checked against the entries themselves
//   split     in Pyodide: the replay of the rules alone vs the full verification, and where the
//             computer players' time goes
//   cpython   the same verify_daily on the same logs in CPython (firstVerifyMs: each game's first)
// Needs a built wheel (python build.py), python3 for playing the games, and Node >= 22.12.

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
  new Request("http://localhost/api/leaderboard", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
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
out, first = [], []
for g in games:
    start = time.perf_counter(); verify_daily(g["date"], g["log"]); first.append((time.perf_counter() - start) * 1000)
    times = []
    for _ in range(repeats):
        start = time.perf_counter(); verify_daily(g["date"], g["log"]); times.append((time.perf_counter() - start) * 1000)
    out.append(times)
print(json.dumps({"version": sys.version.split()[0], "times": out, "first": first}))
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

/** Bundle as a deploy does, unzip, and time fresh Lambda-style instances to their first answers. */
async function bundledColdStarts(scratch, game, colds) {
  const { bundleFunctions } = await import("../netlify/bundle.mjs");
  const { spawnLambda } = await import("../netlify/lambda.mjs");
  const { LOCAL_SITE_ID, startLocalBlobs } = await import("../netlify/lib/local-blobs.mjs");
  const { spawnSync } = await import("node:child_process");
  const { stat } = await import("node:fs/promises");
  const t0 = performance.now();
  const [report] = await bundleFunctions(path.join(scratch, "zips"));
  const bundleMs = performance.now() - t0;
  const root = path.join(scratch, "task");
  const unzip = spawnSync(process.env.PYTHON || "python3", ["-m", "zipfile", "-e", report.path, root]);
  if (unzip.status !== 0) throw new Error(`unzip: ${unzip.stderr}`);
  const blobs = await startLocalBlobs({ directory: path.join(scratch, "bundle-blobs") });
  const url = "https://bench.example/api/leaderboard";
  const runs = [];
  for (let i = 0; i < colds; i += 1) {
    const started = performance.now();
    const fn = await spawnLambda(root, { blobs: { url: blobs.url, token: blobs.token, siteID: LOCAL_SITE_ID }, cwd: scratch });
    const get = await fn.request({ url: `${url}?date=${game.date}` });
    const firstGet = performance.now() - started;
    const body = JSON.stringify({ date: game.date, name: `Cold ${i}`, playerId: crypto.randomUUID(), log: game.log, engineVersion: game.engineVersion });
    const posted = await fn.request({ method: "POST", url, headers: { "content-type": "application/json" }, body, ip: `10.3.0.${i + 1}` });
    const firstPost = performance.now() - started;
    if (get.status !== 200 || ![200, 201, 409].includes(posted.status)) throw new Error(`bundled: GET ${get.status}, POST ${posted.status} ${posted.body}`);
    await fn.stop();
    runs.push({ initMs: fn.initMs, processStartToReadyMs: round(fn.startedMs), firstGetMs: round(firstGet), firstPostMs: round(firstPost), postStatus: posted.status });
  }
  await blobs.stop();
  return {
    bundleMs: round(bundleMs), bundler: report.bundler, zipBytes: (await stat(report.path)).size, runs,
    toFirstGetMs: summary(runs.map((r) => r.firstGetMs)), toFirstPostMs: summary(runs.map((r) => r.firstPostMs)),
  };
}

/**
 * n results on one date and its week as submissions leave them (entries, week blobs, the two
 * summaries built by boards.mjs's own applyTransition), then board GETs through the handler.
 */
async function boardReads(scratch, date, n, engine) {
  const { startLocalBlobs } = await import("../netlify/lib/local-blobs.mjs");
  const { createHandler, publicId } = await import("../netlify/lib/leaderboard.mjs");
  const { applyTransition, emptySummary } = await import("../netlify/lib/boards.mjs");
  const { dayNumber, isoWeekOf } = await import("../netlify/lib/dates.mjs");
  const blobs = await startLocalBlobs({ directory: path.join(scratch, "board-blobs") });
  const st = blobs.store("board");
  const week = isoWeekOf(dayNumber(date));
  const day = { ...emptySummary(), date };
  const weekly = { ...emptySummary(), week };
  const rng = (() => { let x = 12345; return () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31); })();
  const players = [];
  const writes = [];
  for (let i = 0; i < n; i += 1) {
    const playerId = crypto.randomUUID();
    const player = publicId(playerId);
    const completed = Math.floor(rng() * 11);
    const penalty = Math.floor(rng() * 400) + (10 - completed) * 30;
    const submittedAt = new Date(Date.parse(`${date}T00:00:00Z`) + i * 1000).toISOString();
    const row = { player, name: `Bench ${i}`, completed, penalty, deals: 10, place: 1 + (i % 4), submittedAt };
    applyTransition(day, { id: player, from: null, to: row });
    applyTransition(weekly, { id: `${player}:${date}`, from: null, to: row, row: { ...row, games: 1, dates: [date] } });
    players.push(playerId);
    writes.push([`daily/${date}/${player}`, { date, ...row, rankedAt: submittedAt, climbed: [], standings: [], boarded: true, log: [] }]);
    writes.push([`weeks/${week}/${player}`, { week, player, days: { [date]: { completed, penalty, name: row.name, submittedAt, before: null } } }]);
  }
  const t0 = performance.now();
  await mapLimit(writes, 32, ([key, value]) => st.setJSON(key, value));
  await st.setJSON(`boards/day/${date}`, day);
  await st.setJSON(`boards/week/${week}`, weekly);
  const writeMs = performance.now() - t0;
  const handler = createHandler({ store: st, engine, now: () => new Date(Date.parse(`${date}T12:00:00Z`)) });
  const timed = async (query) => {
    const times = [];
    for (let r = 0; r < 120; r += 1) {
      const q = query(r);
      const t = performance.now();
      const response = await handler(new Request(`http://localhost/api/leaderboard?${q}`), { ip: "10.4.0.1" });
      const answer = await response.json();
      times.push(performance.now() - t);
      if (response.status !== 200 || answer.players !== n) throw new Error(`board GET ${q}: ${response.status} ${answer.players}`);
    }
    return summary(times.slice(20)); // the first 20 warm the path
  };
  const result = {
    entries: n, seedWriteMs: Math.round(writeMs),
    dayMs: await timed(() => `date=${date}`),
    dayWithOwnRowMs: await timed((r) => `date=${date}&playerId=${players[(r * 7919) % n]}`),
    weekMs: await timed(() => `week=${week}`),
    weekWithOwnRowMs: await timed((r) => `week=${week}&playerId=${players[(r * 7919) % n]}`),
  };
  await blobs.stop();
  return result;
}

async function mapLimit(items, parallel, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** n distinct genuine Dailies POSTed at once; then everything is checked against the entries. */
async function concurrentSubmissions(scratch, n, makeGames) {
  const { startLocalBlobs } = await import("../netlify/lib/local-blobs.mjs");
  const { createHandler } = await import("../netlify/lib/leaderboard.mjs");
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  const { dayNumber, isoWeekOf } = await import("../netlify/lib/dates.mjs");
  const date = today();
  const t0 = performance.now();
  const games = await makeGames(Array.from({ length: n }, (_, i) => ({ date, mix: 1000 + i })));
  const playMs = performance.now() - t0;
  const distinct = new Set(games.map((g) => JSON.stringify(g.log))).size;
  const blobs = await startLocalBlobs({ directory: path.join(scratch, "concurrent-blobs") });
  const st = blobs.store("concurrent");
  const handler = createHandler({ store: st, engine: () => getEngine(), limits: { perAddress: 1e9, perPlayer: 1e9 } });
  const t1 = performance.now();
  const answers = await Promise.all(games.map((game, i) => post(handler, { date, name: `Many ${i}`, playerId: crypto.randomUUID(), log: game.log, engineVersion: game.engineVersion }, i)));
  const wallMs = performance.now() - t1;
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const { blobs: keys } = await st.list({ prefix: `daily/${date}/` });
  const entries = await Promise.all(keys.map((k) => st.get(k.key, { type: "json" })));
  const better = (a, b) => a.completed > b.completed || (a.completed === b.completed && a.penalty < b.penalty);
  const expectedRank = new Map(entries.map((e) => [e.player, 1 + entries.filter((o) => better(o, e)).length]));
  const board = await (await handler(new Request(`http://localhost/api/leaderboard?date=${date}`), {})).json();
  const week = await (await handler(new Request(`http://localhost/api/leaderboard?week=${isoWeekOf(dayNumber(date))}`), {})).json();
  const ranksAgree = board.entries.every((e) => expectedRank.get(e.player) === e.rank);
  const day = await st.get(`boards/day/${date}`, { type: "json" });
  const histogram = Object.values(day.counts).reduce((a, b) => a + b, 0);
  await blobs.stop();
  return {
    submissions: n, distinctLogs: distinct, playMs: Math.round(playMs), wallMs: Math.round(wallMs), statuses,
    stored: entries.length, lost: answers.filter((a) => a.status === 201).length - entries.length,
    allBoarded: entries.every((e) => e.boarded), dayPlayers: board.players, weekPlayers: week.players,
    histogramTotal: histogram, ranksAgree, shown: board.entries.length,
  };
}

const SECTIONS = ["bundle", "cold", "warm", "board", "concurrent", "split", "cpython"];

async function main() {
  const { values } = parseArgs({
    options: {
      games: { type: "string", default: "6" },
      repeats: { type: "string", default: "5" },
      colds: { type: "string", default: "3" },
      "board-entries": { type: "string", default: "10000" },
      concurrent: { type: "string", default: "200" },
      only: { type: "string", default: SECTIONS.join(",") },
      "cold-child": { type: "string" },
    },
  });
  const only = new Set(values.only.split(",").map((name) => name.trim()).filter(Boolean));
  const unknown = [...only].filter((name) => !SECTIONS.includes(name));
  if (unknown.length) throw new Error(`--only: no section ${unknown.join(", ")} (sections: ${SECTIONS.join(", ")})`);
  if (values["cold-child"]) {
    await coldChild(values["cold-child"]);
    process.exit(0);
  }
  const [gameCount, repeats, colds] = [Number(values.games), Number(values.repeats), Number(values.colds)];
  const { makeGames } = await import("../netlify/tests/games.mjs");
  const games = await makeGames(specs(gameCount));
  const scratch = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-bench-"));
  const result = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load1: round(os.loadavg()[0]), node: process.version, date: today() },
    sections: [...only],
    budgets: { verifyP50Ms: 150, verifyP95Ms: 250, coldToFirstAnswerMs: 3000, boardGetP95Ms: 100, concurrent: "all stored, 0 lost, boards consistent" },
  };

  // Cold starts first, one at a time, before this process loads Pyodide.
  if (only.has("cold")) result.cold = await coldStarts(scratch, games[0], colds);
  if (only.has("bundle")) result.bundled = await bundledColdStarts(scratch, games[0], colds);

  // The rest in this (now warm) process.
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  const engine = await getEngine();
  result.engine = engine.version;
  if (only.has("warm")) Object.assign(result, await warmVerification(scratch, engine, games, repeats));
  if (only.has("board")) result.boards = await boardReads(scratch, games[0].date, Number(values["board-entries"]), engine);
  if (only.has("concurrent")) result.concurrent = await concurrentSubmissions(scratch, Number(values.concurrent), makeGames);
  if (only.has("split")) result.split = splitTimes(engine, games, repeats);
  if (only.has("cpython")) {
    const { findWheel } = await import("../tools/pyodide_node.mjs");
    const py = await cpython(games, repeats, findWheel());
    const cpyAll = py.times.flat();
    // firstVerifyMs: each game's first verification (a new submission's cost), as firstVerifyCpuMs is in Pyodide.
    result.cpython = { version: py.version, verifyMs: summary(cpyAll), firstVerifyMs: summary(py.first) };
    if (result.warm) result.cpython.pyodideOverCpython = round(result.warm.verifyMs.p50 / percentile(cpyAll, 50));
  }
  await rm(scratch, { recursive: true, force: true });
  result.totalBenchMs = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

/** Fresh node processes importing the endpoint's modules directly: to the first POST's answer. */
async function coldStarts(scratch, game, colds) {
  const { writeFile } = await import("node:fs/promises");
  const gameFile = path.join(scratch, "game.json");
  await writeFile(gameFile, JSON.stringify(game));
  const runs = [];
  for (let i = 0; i < colds; i += 1) runs.push(JSON.parse(await runNode(["--cold-child", gameFile])));
  return {
    runs,
    engineLoadMs: summary(runs.map((r) => r.engineLoadMs)),
    firstPostMs: summary(runs.map((r) => r.firstPostMs)),
    processStartToFirstResponseMs: summary(runs.map((r) => r.processStartToFirstResponseMs)),
    processCpuToFirstResponseMs: summary(runs.map((r) => r.processCpuToFirstResponseMs)),
  };
}

/**
 * engine.verify (the Python replay, called from JS) per game, wall and CPU time; then a whole
 * first POST through the handler with the memo off, and the page's resend of it.
 */
async function warmVerification(scratch, engine, games, repeats) {
  const { getEngine } = await import("../netlify/lib/engine.mjs");
  const perGame = [];
  const all = [];
  const allCpu = []; // CPU time of the same calls: what contention on a shared machine does not inflate
  const firstCpu = []; // each game's first verification: a new game, its hands not yet searched
  for (const game of games) {
    const cpu0 = process.cpuUsage();
    const check = engine.verify(game.date, game.log, engine.version); // warm-up, and a sanity check
    const used0 = process.cpuUsage(cpu0);
    firstCpu.push((used0.user + used0.system) / 1000);
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

  // Every repeat on a store of its own (one game has one owner per store).
  const { startLocalBlobs } = await import("../netlify/lib/local-blobs.mjs");
  const { createHandler } = await import("../netlify/lib/leaderboard.mjs");
  const blobs = await startLocalBlobs({ directory: path.join(scratch, "blobs") });
  const unlimited = { perAddress: 1e9, perPlayer: 1e9, playersPerNetwork: 1e9 };
  const postMiss = [];
  const postResend = [];
  let n = 0;
  for (let r = 0; r < repeats; r += 1) {
    const handler = createHandler({ store: blobs.store(`bench-${r}`), engine: () => getEngine(), memoSize: 0, limits: unlimited });
    for (const game of games) {
      const body = { date: game.date, name: "Bench", playerId: crypto.randomUUID(), log: game.log, engineVersion: engine.version };
      let t = performance.now();
      const response = await post(handler, body, n++);
      postMiss.push(performance.now() - t);
      if (response.status !== 201) throw new Error(`POST ${response.status} ${await response.text()}`);
      t = performance.now();
      const again = await post(handler, body, n++); // the page's resend: no replay
      postResend.push(performance.now() - t);
      if (again.status !== 200) throw new Error(`resend ${again.status}`);
    }
  }
  await blobs.stop();
  return {
    games: perGame,
    warm: { verifyMs: summary(all), verifyCpuMs: summary(allCpu), firstVerifyCpuMs: summary(firstCpu), postFirstMs: summary(postMiss), postResendMs: summary(postResend) },
  };
}

/** Where a verification's time goes, in Pyodide: the rules alone against the computers' decisions. */
function splitTimes(engine, games, repeats) {
  engine.pyodide.runPython(PY_SPLIT);
  const splitFn = engine.pyodide.globals.get("split");
  const splits = games.map((game) => {
    const proxy = splitFn(game.date, engine.pyodide.toPy(game.log), repeats);
    const result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
    return result;
  });
  splitFn.destroy();
  const sum = (key) => splits.reduce((s, x) => s + x[key], 0);
  const inclusive = (key) => splits.reduce((s, x) => s + (x.inclusive_ms[key] ?? 0), 0);
  const instrumented = sum("instrumented_ms");
  const share = (ms) => Math.round((100 * ms) / instrumented);
  return {
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
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
