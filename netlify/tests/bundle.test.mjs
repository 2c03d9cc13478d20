// The leaderboard as a Netlify deploy runs it: bundled by Netlify's own bundler
// with netlify.toml's [functions] settings, unzipped into a fresh directory
// outside the repository, and run the way Lambda runs it (Netlify's entry
// point, the Blobs context in the event) against a real Blobs server, from a
// working directory that is not the bundle's.
//
//   node --test netlify/tests/bundle.test.mjs      (Node >= 22.12, like production)

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { PYODIDE_RUNTIME_FILES } from "../../tools/pyodide_node.mjs";
import { bundleFunctions, functionsSettings } from "../bundle.mjs";
import { spawnLambda } from "../lambda.mjs";
import { LOCAL_SITE_ID, startLocalBlobs } from "../lib/local-blobs.mjs";
import { makeGames } from "./games.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MB = 1024 * 1024;
const URL_BASE = "https://ladder-rummy.example/api/leaderboard";
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  throw new Error(`the bundling test needs Node >= 22.12, as Netlify's bundler and the functions' runtime do; this is ${process.version} (bash scripts/test.sh installs one)`);
}

let scratch;
let report;
let taskRoot;
let blobs;
let game;
const running = new Set();

/** Every file under dir, with its size. */
async function sizeOf(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

function unzip(zip, into) {
  const python = process.env.PYTHON || "python3";
  const done = spawnSync(python, ["-m", "zipfile", "-e", zip, into], { encoding: "utf8" });
  assert.equal(done.status, 0, done.stderr);
}

async function start(root) {
  const fn = await spawnLambda(root, {
    blobs: { url: blobs.url, token: blobs.token, siteID: LOCAL_SITE_ID },
    cwd: await mkdtemp(path.join(scratch, "cwd-")), // not the task root: nothing may depend on it
  });
  running.add(fn);
  return fn;
}

const post = (fn, body) => fn.request({ method: "POST", url: URL_BASE, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-bundle-"));
  assert.ok(path.relative(ROOT, scratch).startsWith(".."), "outside the repository");
  const today = new Date().toISOString().slice(0, 10);
  const [games, functions, local] = await Promise.all([
    makeGames([{ date: today }]),
    bundleFunctions(path.join(scratch, "zips")),
    startLocalBlobs({ directory: path.join(scratch, "blobs") }),
  ]);
  [game] = games;
  [report] = functions;
  blobs = local;
  taskRoot = path.join(scratch, "task");
  unzip(report.path, taskRoot);
});

after(async () => {
  await Promise.all([...running].map((fn) => fn.stop()));
  await blobs?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the bundle", () => {
  test("is what netlify build makes of netlify.toml: nft, Node 22, the runtime files included, within Lambda's limits", async () => {
    const { config, nodeVersion } = await functionsSettings();
    const included = config["*"].includedFiles;
    assert.equal(report.name, "leaderboard");
    assert.equal(report.bundler, "nft", "a Functions v2 module is always bundled with nft");
    assert.equal(report.runtimeVersion, `nodejs${nodeVersion}.x`);
    assert.deepEqual(report.routes.map((r) => r.literal), ["/api/leaderboard"]);
    // The function's rateLimit reaches the deploy manifest: Netlify enforces it at its edge.
    const manifest = JSON.parse(await readFile(path.join(path.dirname(report.path), "manifest.json"), "utf8"));
    const rule = manifest.functions.find((f) => f.name === "leaderboard").trafficRules.action.config;
    assert.equal(rule.rateLimitConfig.windowLimit, 60);
    assert.deepEqual(rule.aggregate.keys.map((k) => k.type), ["ip", "domain"]);
    for (const name of PYODIDE_RUNTIME_FILES) assert.ok(included.includes(`node_modules/pyodide/${name}`), `included_files lists ${name}`);
    for (const file of [...included, "node_modules/pyodide/pyodide.mjs", "netlify/functions/leaderboard.mjs", "___netlify-entry-point.mjs"]) {
      await stat(path.join(taskRoot, file)); // throws if the zip lacks it
    }
    const zipped = (await stat(report.path)).size;
    const unzipped = await sizeOf(taskRoot);
    assert.ok(zipped < 50 * MB, `zip ${zipped} bytes`);
    assert.ok(unzipped < 250 * MB, `unzipped ${unzipped} bytes`);
  });

  test("answers like the function: GET 200, a genuine Daily 201 with the engine's result, the same game 200, a bad log 422", async () => {
    const fn = await start(taskRoot);
    const board = await fn.request({ url: `${URL_BASE}?date=${game.date}` });
    assert.equal(board.status, 200, board.body);
    assert.equal(JSON.parse(board.body).players, 0);

    const body = { date: game.date, name: "Deploy", playerId: crypto.randomUUID(), log: game.log, engineVersion: "1.0.0" };
    const created = await post(fn, body);
    assert.equal(created.status, 201, created.body);
    const { entry } = JSON.parse(created.body);
    const { completed, penalty, place, deals } = game.expected;
    assert.deepEqual({ completed: entry.completed, penalty: entry.penalty, place: entry.place, deals: entry.deals }, { completed, penalty, place, deals });

    const again = await post(fn, body);
    assert.equal(again.status, 200, again.body);
    assert.equal(JSON.parse(again.body).created, false);

    const truncated = await post(fn, { ...body, playerId: crypto.randomUUID(), log: game.log.slice(0, -5) });
    assert.equal(truncated.status, 422, truncated.body);
    assert.equal(JSON.parse(truncated.body).error, "replay");

    const after = JSON.parse((await fn.request({ url: `${URL_BASE}?date=${game.date}&playerId=${body.playerId}` })).body);
    assert.equal(after.players, 1);
    assert.equal(after.you.entry.name, "Deploy");
    assert.equal(await fn.stop(), 0);
    running.delete(fn);
  });

  test("without a runtime file it answers 503 naming it, and board reads still work", async () => {
    const broken = path.join(scratch, "broken");
    await cp(taskRoot, broken, { recursive: true });
    await rm(path.join(broken, "node_modules", "pyodide", "python_stdlib.zip"));
    const fn = await start(broken);
    const board = await fn.request({ url: `${URL_BASE}?date=${game.date}` });
    assert.equal(board.status, 200, board.body);
    const refused = await post(fn, { date: game.date, name: "Deploy", playerId: crypto.randomUUID(), log: game.log, engineVersion: "1.0.0" });
    assert.equal(refused.status, 503, refused.body);
    assert.match(JSON.parse(refused.body).detail, /python_stdlib\.zip/);
    assert.equal((await fn.request({ url: `${URL_BASE}?date=${game.date}` })).status, 200, "still running");
    assert.match(fn.stderr(), /missing node_modules\/pyodide\/python_stdlib\.zip/);
    assert.equal(await fn.stop(), 0);
    running.delete(fn);
  });
});
