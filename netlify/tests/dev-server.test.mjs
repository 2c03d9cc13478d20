// netlify/dev-server.mjs as `python build.py serve` runs it: its own process,
// a real Blobs store on disk that survives a restart, a clean stop on SIGTERM;
// and build.py's /api/* proxy in front of it.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { makeGames } from "./games.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEV_SERVER = path.join(ROOT, "netlify", "dev-server.mjs");
const children = new Set();
let dir;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-dev-server-"));
});

after(async () => {
  // Politely first: build.py stops its own dev server on SIGTERM, not on SIGKILL.
  await Promise.all([...children].map(async (child) => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Spawn a process and wait until its output shows `ready`; returns the child and the match. */
async function start(command, args, ready, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  const match = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start:\n${output}`)), 30_000);
    const look = (chunk) => {
      output += chunk;
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on("data", look);
    child.stderr.on("data", look);
    child.on("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, match, output: () => output };
}

/** Send raw bytes (a request fetch would refuse to make) and read the status line of the answer. */
async function rawStatus(port, text) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(text); // not end(): a half-closed socket gets no answer from a slow handler
  let answer = "";
  for await (const chunk of socket) answer += chunk;
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]);
}

const BAD_REQUESTS = {
  TRACE: "TRACE /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
  "a Host with a space": "GET /api/leaderboard?date=2026-11-25 HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n",
  "a made-up method": "FROB /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
  "a Content-Length that is no number": "POST /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\nConnection: close\r\n\r\n{}",
};

const startDev = (extra = []) => start("node", [DEV_SERVER, "--port", "0", "--blobs", path.join(dir, "blobs"), ...extra],
  /dev-server: http:\/\/127\.0\.0\.1:(\d+)\/api\/leaderboard/);

async function stop(child) {
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const [code, signal] = await exited;
  return { code, signal };
}

test("the dev server verifies and stores a game, stops cleanly on SIGTERM, and still has it after a restart", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const [[game], first] = await Promise.all([makeGames([{ date: today }]), startDev()]);
  const url = `http://127.0.0.1:${first.match[1]}/api/leaderboard`;
  const playerId = crypto.randomUUID();
  const body = { date: today, name: "Işıl", playerId, log: game.log, engineVersion: game.engineVersion };
  // Sent at once: the engine is still loading, and the request waits for it.
  const posted = await fetch(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  assert.equal(posted.status, 201, await posted.clone().text());
  assert.equal((await posted.json()).entry.completed, game.expected.completed);

  for (const [what, text] of Object.entries(BAD_REQUESTS)) {
    const status = await rawStatus(Number(first.match[1]), text);
    assert.ok(status >= 400 && status < 500, `${what}: ${status}`);
  }
  assert.doesNotMatch(first.output(), /at .*\.m?js:\d+/, "no stack trace in the log");

  const other = await fetch(`${url.replace("/leaderboard", "/elsewhere")}`);
  assert.equal(other.status, 404);
  assert.equal((await fetch(url, { method: "DELETE" })).status, 405);

  assert.deepEqual(await stop(first.child), { code: 0, signal: null });
  assert.match(first.output(), /SIGTERM, stopping/);

  const second = await startDev();
  const url2 = `http://127.0.0.1:${second.match[1]}/api/leaderboard`;
  const board = await (await fetch(`${url2}?date=${today}&playerId=${playerId}`)).json();
  assert.equal(board.players, 1);
  assert.equal(board.you.rank, 1);
  assert.equal(board.you.entry.name, "Işıl");
  const again = await fetch(url2, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  assert.equal(again.status, 200, "the stored entry, found again after the restart");
  assert.deepEqual(await stop(second.child), { code: 0, signal: null });
});

test("python build.py serve proxies /api/leaderboard to the dev server", { skip: !existsSync(path.join(ROOT, "dist", "index.html")) && "no dist/: run python build.py" }, async () => {
  const python = process.env.PYTHON || "python3";
  const serve = await start(python, ["build.py", "serve", "--no-build", "--port", "0"], /serve: http:\/\/localhost:(\d+)\//,
    { LADDER_RUMMY_BLOBS_DIR: path.join(dir, "serve-blobs") });
  const port = serve.match[1];
  const answer = await fetch(`http://127.0.0.1:${port}/api/leaderboard?date=2026-11-25`);
  assert.equal(answer.status, 200);
  const board = await answer.json();
  assert.deepEqual([board.date, board.players, board.entries, board.you], ["2026-11-25", 0, [], null]);
  const refused = await fetch(`http://127.0.0.1:${port}/api/leaderboard`, { method: "POST", body: "{", headers: { "content-type": "application/json" } });
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).error, "invalid_json");
  const plain = await fetch(`http://127.0.0.1:${port}/api/leaderboard`, { method: "POST", body: "{}" });
  assert.equal(plain.status, 415, "text/plain, as another site's page could send without a preflight");
  for (const [what, text] of Object.entries({ ...BAD_REQUESTS, "TRACE of a page": "TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" })) {
    const status = await rawStatus(Number(port), text);
    assert.ok(status >= 400 && status < 500, `build.py serve, ${what}: ${status}`);
  }
  assert.doesNotMatch(serve.output(), /Traceback/, "no stack trace in the log");
  const { code } = await stop(serve.child);
  assert.equal(code, 0);
});
