// The leaderboard endpoint against a real Netlify Blobs server on disk (a temp
// directory) and the real engine wheel in Pyodide. The games are played at test
// time by the same wheel under CPython (games.mjs), so each expected result
// comes from the game itself.
//
//   node --test netlify/tests/          (npm run test:node)

import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { getStore, setEnvironmentContext } from "@netlify/blobs";
import { getEngine } from "../lib/engine.mjs";
import { compareEntries, createHandler, publicId, weekDates } from "../lib/leaderboard.mjs";
import { addressNetwork } from "../lib/http.mjs";
import { offensiveWord } from "../lib/decency.mjs";
import { renamePlayer } from "../lib/moderation.mjs";
import { LOCAL_SITE_ID, startLocalBlobs } from "../lib/local-blobs.mjs";
import { makeGames } from "./games.mjs";

// A fixed clock: Wednesday of ISO week 2026-W48 (Monday 23rd to Sunday 29th).
const START = Date.parse("2026-11-25T12:00:00.000Z");
const TODAY = "2026-11-25";
const CONCURRENT = 24; // distinct genuine games sent at once (bench/leaderboard.mjs sends 200)
const SPECS = [
  { date: TODAY, tamper: true }, // 0: the basic player's game
  { date: TODAY, mix: 1 }, // 1-3: other games of the same Daily
  { date: TODAY, mix: 2 },
  { date: TODAY, mix: 3 },
  { date: "2026-11-24" }, // 4
  { date: "2026-11-23" }, // 5
  { date: "2026-11-22" }, // 6: Sunday of the week before
  { date: new Date().toISOString().slice(0, 10) }, // 7: today, for the real clock
  { date: TODAY, mix: 4 }, // 8-9
  { date: TODAY, mix: 5 },
  ...Array.from({ length: CONCURRENT }, (_, i) => ({ date: TODAY, mix: 100 + i })), // 10…
];
const MANY = 10; // games[MANY …] are the concurrent ones

let games;
let engine;
let blobs;
let dir;
let stores = 0;
let addresses = 0;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ladder-rummy-leaderboard-"));
  // CPython plays the games while Pyodide starts.
  [games, engine, blobs] = await Promise.all([makeGames(SPECS), getEngine(), startLocalBlobs({ directory: dir })]);
});

after(async () => {
  await blobs?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A handler on a store of its own (fresh state, fresh limits) and a clock the test moves. */
function fresh(options = {}) {
  const store = blobs.store(`test-${++stores}`);
  const clock = { ms: START, tick(seconds = 1) { this.ms += seconds * 1000; } };
  const handler = createHandler({ store, engine, now: () => new Date(clock.ms), ...options });
  return { handler, store, clock };
}

const nextAddress = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** POST a body (an object is sent as JSON, a string as is) from a fresh address unless one is given. */
async function post(handler, body, { ip = nextAddress(), headers = {} } = {}) {
  const request = new Request("http://localhost/api/leaderboard", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  return answerOf(await handler(request, { ip }));
}

async function get(handler, query, method = "GET", headers = {}) {
  return answerOf(await handler(new Request(`http://localhost/api/leaderboard?${query}`, { method, headers }), { ip: "10.9.9.9" }));
}

async function answerOf(response) {
  const text = await response.text();
  assert.match(response.headers.get("content-type"), /^application\/json/);
  const body = JSON.parse(text);
  if (response.status >= 400) {
    assert.equal(typeof body.error, "string", text);
    assert.equal(typeof body.detail, "string", text);
    assert.doesNotMatch(text, /\bat .*\.m?js:\d+|Traceback|File "/, "no stack trace in an answer");
  }
  return { status: response.status, body, headers: response.headers };
}

const submission = (game, overrides = {}) => ({
  date: game.date, name: "Ayşe", playerId: crypto.randomUUID(), log: game.log, engineVersion: game.engineVersion, ...overrides,
});

const keysOf = async (store, date = TODAY) => (await store.list({ prefix: `daily/${date}/` })).blobs.map((b) => b.key);

describe("POST a finished Daily", () => {
  test("is replayed, stored under daily/<date>/<playerId>, and its result is the engine's own", async () => {
    const { handler, store } = fresh();
    const game = games[0];
    const body = submission(game, { name: "Çağrı" });
    const { status, body: answer } = await post(handler, body);
    assert.equal(status, 201);
    assert.equal(answer.created, true);
    const { expected } = game;
    assert.deepEqual(
      { completed: answer.entry.completed, penalty: answer.entry.penalty, place: answer.entry.place, deals: answer.entry.deals, climbed: answer.entry.climbed },
      { completed: expected.completed, penalty: expected.penalty, place: expected.place, deals: expected.deals, climbed: expected.climbed },
    );
    assert.equal(answer.entry.player, publicId(body.playerId));
    assert.equal(answer.entry.playerId, undefined, "the player id is not echoed");
    assert.equal(answer.entry.log, undefined);

    const stored = await store.get(`daily/${TODAY}/${publicId(body.playerId)}`, { type: "json" });
    assert.equal(stored.playerId, undefined, "the player id is stored nowhere");
    assert.equal(stored.boarded, true);
    assert.equal(stored.name, "Çağrı");
    assert.equal(stored.date, TODAY);
    assert.equal(stored.completed, expected.completed);
    assert.equal(stored.penalty, expected.penalty);
    assert.equal(stored.deals, expected.deals);
    assert.equal(stored.place, expected.place);
    assert.deepEqual(stored.standings, expected.standings);
    assert.equal(stored.submittedAt, new Date(START).toISOString());
    assert.equal(stored.engineVersion, games[0].engineVersion);
    assert.equal(stored.verifiedBy, engine.version);
    assert.deepEqual(stored.log, game.log);
    assert.deepEqual(await keysOf(store), [`daily/${TODAY}/${publicId(body.playerId)}`]);
    const all = (await store.list()).blobs.map((b) => b.key).sort();
    assert.ok(all.every((k) => !k.includes(body.playerId)), `no key holds the player id: ${all}`);
  });

  test("the stored log is the engine's canonical one: a re-cased, re-spaced log is the same game", async () => {
    const { handler, store } = fresh();
    const sloppy = games[1].log.map((entry, i) => (i % 2 ? entry.toUpperCase() : `  ${entry.replaceAll(" ", "   ")} `));
    const body = submission(games[1], { log: sloppy });
    assert.equal((await post(handler, body)).status, 201);
    const stored = await store.get(`daily/${TODAY}/${publicId(body.playerId)}`, { type: "json" });
    assert.deepEqual(stored.log, games[1].log);
    const resend = await post(handler, { ...body, log: games[1].log });
    assert.equal(resend.status, 200, "the same game, written the canonical way");
  });

  test("the same log again returns the stored entry (200); a different game for that player and date is 409", async () => {
    const { handler, store, clock } = fresh();
    const first = submission(games[0]);
    const created = await post(handler, first);
    assert.equal(created.status, 201);
    clock.tick(30);

    const again = await post(handler, { ...first, name: "Someone else" });
    assert.equal(again.status, 200);
    assert.equal(again.body.created, false);
    assert.deepEqual(again.body.entry, created.body.entry, "the stored entry, name and time unchanged");

    const upper = await post(handler, { ...first, playerId: first.playerId.toUpperCase() });
    assert.equal(upper.status, 200, "a player id is case-insensitive");

    const other = await post(handler, { ...first, log: games[1].log });
    assert.equal(other.status, 409);
    assert.equal(other.body.error, "already_submitted");
    assert.deepEqual(other.body.entry, created.body.entry);
    const stored = await store.get(`daily/${TODAY}/${publicId(first.playerId)}`, { type: "json" });
    assert.deepEqual(stored.log, games[0].log, "the first game stays");
  });

  test("a new player's second game on another date is a new entry", async () => {
    const { handler } = fresh();
    const playerId = crypto.randomUUID();
    assert.equal((await post(handler, submission(games[0], { playerId }))).status, 201);
    assert.equal((await post(handler, submission(games[4], { playerId }))).status, 201);
  });
});

describe("POST refuses a log that does not replay (422, naming the entry)", () => {
  let handler;
  let store;
  before(() => ({ handler, store } = fresh()));
  after(async () => assert.deepEqual(await keysOf(store), [], "nothing refused is stored"));

  test("a changed card", async () => {
    const { index, log } = games[0].tampered.card;
    const { status, body } = await post(handler, submission(games[0], { log }));
    assert.equal(status, 422);
    assert.equal(body.error, "replay");
    assert.equal(body.index, index);
    assert.match(body.detail, new RegExp(`^log entry ${index} \\('${log[index]}'\\)`));
  });

  test("a changed computer move", async () => {
    const { index, log } = games[0].tampered.bot;
    const { status, body } = await post(handler, submission(games[0], { log }));
    assert.equal(status, 422);
    assert.equal(body.error, "replay");
    assert.equal(body.index, index);
    assert.match(body.detail, new RegExp(`^log entry ${index} .*the computer player plays`));
  });

  test("a truncated log", async () => {
    const log = games[0].log.slice(0, -7);
    const { status, body } = await post(handler, submission(games[0], { log }));
    assert.equal(status, 422);
    assert.equal(body.index, log.length);
    assert.match(body.detail, /not finished/);
  });

  test("an unfinished game", async () => {
    const log = games[0].log.slice(0, 40);
    const { status, body } = await post(handler, submission(games[0], { log }));
    assert.equal(status, 422);
    assert.equal(body.index, 40);
    assert.match(body.detail, /^log entry 40 .*the game is not finished/);
  });

  test("another date's game", async () => {
    const { status, body } = await post(handler, submission(games[4], { date: TODAY }));
    assert.equal(status, 422);
    assert.equal(body.error, "replay");
    assert.ok(Number.isInteger(body.index));
    assert.match(body.detail, new RegExp(`^log entry ${body.index} `));
  });

  test("an entry that is not an action", async () => {
    const log = [...games[0].log];
    log[5] = "fly to the moon";
    const { status, body } = await post(handler, submission(games[0], { log }));
    assert.equal(status, 422);
    assert.equal(body.index, 5);
    assert.match(body.detail, /^log entry 5 \('fly to the moon'\)/);
  });
});

describe("POST checks shape and limits first", () => {
  test("malformed JSON and wrong shapes are 400", async () => {
    const { handler, store } = fresh();
    const good = submission(games[0]);
    const text = JSON.stringify(good);
    const cases = [
      ["{", "invalid_json"],
      [text.slice(0, 500), "invalid_json"], // a body cut short
      ["", "invalid_json"],
      [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), "invalid_json"], // not UTF-8
      ["[]", "invalid_request"],
      ["null", "invalid_request"],
      ['"a string"', "invalid_request"],
      [{ ...good, log: undefined }, "invalid_request"],
      [{ ...good, log: "draw stock" }, "invalid_request"],
      [{ ...good, log: [] }, "invalid_request"],
      [{ ...good, log: ["draw stock", 7] }, "invalid_request"],
      [{ ...good, log: ["x".repeat(201)] }, "invalid_request"],
      [{ ...good, engineVersion: undefined }, "invalid_request"],
      [{ ...good, engineVersion: 1 }, "invalid_request"],
      [{ ...good, playerId: undefined }, "invalid_request"],
      [{ ...good, playerId: "123" }, "invalid_request"],
      [{ ...good, playerId: good.playerId.replaceAll("-", "") }, "invalid_request"],
      [{ ...good, playerId: `${good.playerId} ` }, "invalid_request"],
    ];
    for (const [body, error] of cases) {
      const result = await post(handler, body);
      assert.equal(result.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(result.body)}`);
      assert.equal(result.body.error, error);
    }
    assert.deepEqual(await keysOf(store), []);
  });

  test("a body over 64 KB is 413, declared or not; 64 KB exactly is read", async () => {
    const { handler } = fresh();
    const big = JSON.stringify({ ...submission(games[0]), padding: "x".repeat(70_000) });
    const declared = await post(handler, big, { headers: { "content-length": String(Buffer.byteLength(big)) } });
    assert.equal(declared.status, 413);
    assert.equal(declared.body.error, "too_large");

    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });
    const request = new Request("http://localhost/api/leaderboard", { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" });
    assert.equal(request.headers.get("content-length"), null);
    const streamed = await answerOf(await handler(request, { ip: nextAddress() }));
    assert.equal(streamed.status, 413);

    const exact = `{"padding":"${"x".repeat(65_536 - 14)}"}`;
    assert.equal(Buffer.byteLength(exact), 65_536);
    const read = await post(handler, exact);
    assert.equal(read.status, 400, "read and parsed: it only lacks the fields");
    assert.equal(read.body.error, "invalid_request");
  });

  test("only the game's own pages can POST: JSON declared (so another site needs a preflight it never gets), no cross-site fetch", async () => {
    const { handler, store } = fresh();
    const body = JSON.stringify(submission(games[0]));
    for (const type of [null, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const headers = type ? { "content-type": type } : {};
      const request = new Request("http://localhost/api/leaderboard", { method: "POST", headers, body: new TextEncoder().encode(body) });
      if (!type) request.headers.delete("content-type");
      const refused = await answerOf(await handler(request, { ip: nextAddress() }));
      assert.equal(refused.status, 415, String(type));
      assert.equal(refused.body.error, "not_json");
    }
    for (const site of ["cross-site", "same-site"]) {
      const refused = await post(handler, body, { headers: { "sec-fetch-site": site, origin: "https://elsewhere.example" } });
      assert.equal(refused.status, 403, site);
      assert.equal(refused.body.error, "cross_site");
    }
    assert.deepEqual(await keysOf(store), [], "nothing stored");
    // Refused before they are counted: another site's posts never use up a network's allowance.
    const ip = "198.51.100.77";
    for (let i = 0; i < 12; i += 1) assert.equal((await post(handler, body, { ip, headers: { "content-type": "text/plain" } })).status, 415);
    const own = await post(handler, body, { ip, headers: { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "same-origin" } });
    assert.equal(own.status, 201);
  });

  test("names: site/js/names.js decides, before any replay; the reason comes back with the 400", async () => {
    const { handler, store } = fresh();
    const body = submission(games[0], { name: "  Çağrı   Işıkoğlu \u00A0" });
    const accepted = await post(handler, body);
    assert.equal(accepted.status, 201);
    assert.equal(accepted.body.entry.name, "Çağrı Işıkoğlu", "trimmed, runs of spaces made one");
    const refused = [
      ["", "empty"], ["   ", "empty"], ["\u3000", "empty"], ["x".repeat(25), "too_long"], ["a\u0007b", "invisible"],
      ["a\nb", "invisible"], ["\u202Eevil", "invisible"], ["Ad\u200Bmin", "invisible"], ["Ad\u2060x", "invisible"],
      ["a\uFEFFb", "invisible"], ["x\u200Fy", "invisible"], ["x\u061Cy", "invisible"], ["x\u{E0041}y", "invisible"],
      ["\u3164\u3164", "invisible"], ["\u2800\u2800", "invisible"], [`a${"\u0301".repeat(63)}`, "marks"],
      ["🙂🙂", "no_letter"], ["\u041Cira", "reserved"], ["KAAN", "reserved"], ["\uD800x", "broken"], [42, "type"], [null, "type"], [["x"], "type"],
      // A swear word or slur as a word of the name, disguised too (an attack put them on the board).
      ["Fuck You", "offensive"], ["FuckYou", "offensive"], ["n1gg3r", "offensive"], ["the bitch", "offensive"], ["ShitHead99", "offensive"],
      ["SİKTİR", "offensive"], ["Ali Piç", "offensive"], ["씨발", "offensive"], // the game's other languages too
    ];
    for (const [name, reason] of refused) {
      const result = await post(handler, submission(games[0], { name }));
      assert.equal(result.status, 400, `${JSON.stringify(name)} → ${JSON.stringify(result.body)}`);
      assert.match(result.body.detail, /^name: /);
      assert.equal(result.body.reason, reason, JSON.stringify(name));
    }
    assert.equal((await keysOf(store)).length, 1);
    // Inside a longer word the same letters are no swear word: names and words of the game's languages pass.
    for (const name of ["Cassandra", "Scunthorpe", "Cumhuriyet", "Analia", "Dick", "Hancock", "Sussex", "Ankara", "Epic", "시발점"]) {
      assert.equal(offensiveWord(name), null, name);
    }
    assert.equal(offensiveWord("🙂 Fuck"), "Fuck");
  });

  test("dates: a real date, from its UTC midnight (an hour early at most) to the end of the 7th day after", async () => {
    const { handler, clock } = fresh();
    for (const date of ["2026-02-30", "2026-11-5", "25/11/2026", "2026-11-25T00:00", " 2026-11-25", "2026-11-17", "2026-11-26", "2026-11-27", "1970-01-01", 20261125, undefined]) {
      const result = await post(handler, submission(games[0], { date }));
      assert.equal(result.status, 400, `${date} → ${JSON.stringify(result.body)}`);
      assert.match(result.body.detail, /^date: /);
    }
    // The window's ends pass the checks: this log is another day's, so the replay refuses it.
    const replays = async (date) => (await post(handler, submission(games[0], { date }))).status;
    assert.equal(await replays("2026-11-18"), 422, "7 days after: still open");
    clock.ms = Date.parse("2026-11-25T22:59:59Z");
    assert.equal(await replays("2026-11-26"), 400, "tomorrow's Daily, more than an hour early");
    clock.ms = Date.parse("2026-11-25T23:00:00Z");
    assert.equal(await replays("2026-11-26"), 422, "an hour early for a clock that runs fast");
    clock.ms = Date.parse("2026-11-26T00:00:00Z");
    assert.equal(await replays("2026-11-18"), 400, "closed at midnight after its 7th day");
  });

  test("a Daily sent in the early hour ranks an hour later, as if started at midnight: not ahead of every later tie", async () => {
    const { handler, clock } = fresh();
    clock.ms = Date.parse("2026-11-24T23:30:00Z");
    const early = submission(games[2]);
    assert.equal((await post(handler, early)).status, 201);
    const stored = await get(handler, `date=${TODAY}`, "GET", { "x-player-id": early.playerId });
    assert.equal(stored.body.you.entry.submittedAt, "2026-11-25T00:30:00.000Z");
    const later = { ...stored.body.you.entry, submittedAt: "2026-11-25T00:10:00.000Z", player: "f".repeat(16) };
    assert.ok(compareEntries(later, stored.body.you.entry) < 0, "a tie sent at 00:10 ranks before one sent at 23:30 the evening before");
  });

  test("an engine version the endpoint cannot replay is 422 engine_version; the client keeps its result", async () => {
    const { handler, store } = fresh();
    const { status, body } = await post(handler, submission(games[0], { engineVersion: "0.9.0" }));
    assert.equal(status, 422);
    assert.equal(body.error, "engine_version");
    assert.match(body.detail, /0\.9\.0/);
    assert.match(body.detail, /stays on this device/);
    assert.deepEqual(body.replays, engine.replays);
    assert.deepEqual(await keysOf(store), []);
  });

  test("a verdict is remembered with the version it was given for: a wrong version first does not block the right one", async () => {
    const { handler } = fresh();
    assert.equal(games[0].engineVersion, "1.0.0");
    const wrong = await post(handler, submission(games[0], { engineVersion: engine.version }));
    assert.equal(wrong.status, 422);
    assert.equal(wrong.body.error, "engine_version");
    const right = await post(handler, submission(games[0]));
    assert.equal(right.status, 201, JSON.stringify(right.body));
    assert.equal(right.body.entry.engineVersion, "1.0.0");
  });

  test("a Daily played against another version's computer players is 422 engine_version: nobody picks the weakest", async () => {
    const { handler, store } = fresh();
    // TODAY's Daily is dealt with engine 1.0.0's players; naming this engine claims its players instead.
    assert.equal(games[0].engineVersion, "1.0.0");
    const { status, body } = await post(handler, submission(games[0], { engineVersion: engine.version }));
    assert.equal(status, 422);
    assert.equal(body.error, "engine_version");
    assert.match(body.detail, new RegExp(`Daily of ${TODAY} is played against the computer players of engine 1\\.0\\.0`));
    assert.deepEqual(await keysOf(store), []);
    // Today's Daily (the real clock) is this engine's players: accepted under its own version.
    assert.equal(games[7].engineVersion, engine.version);
  });
});

/** A store that counts the calls a handler makes (to show what a board GET costs). */
function counting(store) {
  const calls = { get: 0, getWithMetadata: 0, list: 0, setJSON: 0 };
  const proxy = new Proxy(store, {
    get(target, prop) {
      const value = target[prop];
      if (typeof value !== "function") return value;
      return (...args) => {
        if (prop in calls) calls[prop] += 1;
        return value.apply(target, args);
      };
    },
  });
  return { proxy, calls, reads: () => calls.get + calls.getWithMetadata + calls.list };
}

/** The board a full listing gives: every entry, ranked by strictly better results. */
async function boardFromEntries(store, date) {
  const { blobs } = await store.list({ prefix: `daily/${date}/` });
  const entries = await Promise.all(blobs.map((b) => store.get(b.key, { type: "json" })));
  const better = (a, b) => a.completed > b.completed || (a.completed === b.completed && a.penalty < b.penalty);
  return entries.map((e) => ({ player: e.player, completed: e.completed, penalty: e.penalty, rank: 1 + entries.filter((o) => better(o, e)).length }));
}

describe("concurrency: nothing acknowledged is lost", () => {
  test(`${CONCURRENT} different genuine games at once: all stored, the board agrees with the entries`, async () => {
    const { handler, store } = fresh();
    const bodies = games.slice(MANY).map((game, i) => submission(game, { name: `Player ${i}` }));
    const results = await Promise.all(bodies.map((body) => post(handler, body)));
    assert.deepEqual(results.map((r) => r.status), bodies.map(() => 201));
    assert.equal((await keysOf(store)).length, CONCURRENT);
    const expected = await boardFromEntries(store, TODAY);
    const { body } = await get(handler, `date=${TODAY}`);
    assert.equal(body.players, CONCURRENT);
    assert.deepEqual(
      body.entries.map((e) => [e.player, e.rank]).sort(),
      expected.map((e) => [e.player, e.rank]).sort(),
    );
    const ranks = body.entries.map((e) => e.rank);
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), "in rank order");
    const week = (await get(handler, "week=2026-W48")).body;
    assert.equal(week.players, CONCURRENT);
    assert.equal(handler.locks.size, 0, "every lock released");
  });

  test("one player's submissions serialise: the same log four times is one 201, three different games one 201", async () => {
    const { handler, store } = fresh();
    const same = submission(games[3]);
    const four = await Promise.all([1, 2, 3, 4].map(() => post(handler, same)));
    assert.deepEqual(four.map((r) => r.status).sort(), [200, 200, 200, 201]);
    assert.equal(four.filter((r) => r.body.created === true).length, 1);

    const playerId = crypto.randomUUID();
    const three = await Promise.all([games[1], games[2], games[8]].map((game) => post(handler, submission(game, { playerId }))));
    assert.deepEqual(three.map((r) => r.status).sort(), [201, 409, 409]);
    const stored = await store.get(`daily/${TODAY}/${publicId(playerId)}`, { type: "json" });
    const winner = three.find((r) => r.status === 201);
    assert.equal(stored.penalty, winner.body.entry.penalty, "the acknowledged game is the stored one");
    for (const lost of three.filter((r) => r.status === 409)) assert.deepEqual(lost.body.entry, winner.body.entry);
    assert.equal((await get(handler, `date=${TODAY}`)).body.players, 2);
  });

  test("one game under several players at once: one owner, the copies 409 duplicate_log", async () => {
    const { handler } = fresh();
    const copies = await Promise.all([1, 2, 3].map(() => post(handler, submission(games[9]))));
    assert.deepEqual(copies.map((r) => r.status).sort(), [201, 409, 409]);
    assert.deepEqual(copies.filter((r) => r.status === 409).map((r) => r.body.error), ["duplicate_log", "duplicate_log"]);
    // Re-cased with doubled spaces: the same canonical log, still a copy.
    const recased = games[9].log.map((entry) => entry.toUpperCase().replaceAll(" ", "  "));
    const copied = await post(handler, submission(games[9], { log: recased }));
    assert.equal(copied.status, 409);
    assert.equal(copied.body.error, "duplicate_log");
  });
});

describe("limits", () => {
  test("per instance: a handful of POSTs a minute per player id and per address (429)", async () => {
    const { handler, clock } = fresh();
    const body = submission(games[0]);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(handler, body)).status); // six addresses, one player
    assert.deepEqual(statuses, [201, 200, 200, 200, 200, 429]);
    const limited = await post(handler, body);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error, "rate_limited");
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
    clock.tick(61);
    assert.equal((await post(handler, body)).status, 200, "admitted again a minute later");

    const ip = "192.0.2.7";
    for (let i = 0; i < 10; i += 1) assert.equal((await post(handler, "{", { ip })).status, 400);
    const flood = await post(handler, submission(games[1]), { ip });
    assert.equal(flood.status, 429, "the 11th POST from one address in a minute, whatever it holds");
    assert.equal((await post(handler, submission(games[1]), { ip: "192.0.2.8" })).status, 201);

    // An IPv6 client holds a whole /64: its addresses count as one.
    for (let i = 0; i < 10; i += 1) assert.equal((await post(handler, "{", { ip: `2001:db8:7:7::${i + 1}` })).status, 400);
    const rotated = await post(handler, submission(games[2]), { ip: "2001:db8:7:7:ffff::99" });
    assert.equal(rotated.status, 429, "the 11th POST from one /64 in a minute");
    assert.equal((await post(handler, submission(games[2]), { ip: "2001:db8:7:8::1" })).status, 201, "the next /64");
  });

  test("in the store: at most 4 player ids with a result per network and date, IPv6 by /64, across instances; refused requests take no place", async () => {
    const { handler, store } = fresh({ limits: { perAddress: 100 } }); // the store's cap, not the instance's rate
    const net = "2001:db8:1:2:";
    const truncated = games[0].log.slice(0, -3);
    // Refused requests (a log that does not replay) never fill a network: four of them, then a real game.
    const refused = [];
    for (let i = 0; i < 6; i += 1) {
      refused.push((await post(handler, submission(games[0], { log: truncated }), { ip: `${net}:${i + 1}` })).status);
    }
    assert.deepEqual(refused, [422, 422, 422, 422, 422, 422]);
    const bodies = [games[0], games[1], games[2], games[3]].map((game) => submission(game)); // four finished games of one date
    const first = [];
    for (const [i, body] of bodies.entries()) first.push((await post(handler, body, { ip: `${net}:${i + 10}` })).status);
    assert.deepEqual(first, [201, 201, 201, 201]);
    const fifth = await post(handler, submission(games[8]), { ip: `${net}abcd:1:2:3` });
    assert.equal(fifth.status, 429);
    assert.equal(fifth.body.error, "network_limit");
    assert.equal(fifth.headers.get("retry-after"), "3600");
    // A full network refuses before the replay, even a log that would not replay.
    assert.equal((await post(handler, submission(games[0], { log: truncated }), { ip: `${net}:77` })).status, 429);
    assert.equal((await post(handler, submission(games[8]), { ip: "2001:db8:1:3::1" })).status, 201, "the next /64 is another network");

    // Another instance (a fresh handler) on the same store counts the same ids.
    const other = createHandler({ store, engine, now: () => new Date(START), limits: { perAddress: 100 } });
    const there = await post(other, submission(games[9]), { ip: `${net}:99` });
    assert.equal(there.status, 429);
    // A player already counted is still answered (the same game: 200); another date is counted apart.
    const again = await post(other, bodies[1], { ip: `${net}:5` });
    assert.equal(again.status, 200);
    assert.equal((await post(handler, submission(games[4]), { ip: `${net}:1` })).status, 201);
    const keys = (await store.list({ prefix: "limits/" })).blobs.map((b) => b.key);
    assert.ok(keys.every((k) => !k.includes("2001") && !k.includes("198.51")), "networks are stored only as keyed hashes");
  });

  test("networks: an IPv4 address, an IPv6 /64, a mapped IPv4 as IPv4", () => {
    assert.equal(addressNetwork("203.0.113.9"), "ipv4 203.0.113.9");
    assert.equal(addressNetwork("::ffff:203.0.113.9"), "ipv4 203.0.113.9");
    assert.equal(addressNetwork("2001:db8::1"), "ipv6 2001:0db8:0000:0000::/64");
    assert.equal(addressNetwork("2001:DB8:0:0:ffff::1"), "ipv6 2001:0db8:0000:0000::/64");
    assert.equal(addressNetwork("[2001:db8:a:b:c:d:e:f]"), "ipv6 2001:0db8:000a:000b::/64");
    assert.equal(addressNetwork("fe80::1%eth0"), "ipv6 fe80:0000:0000:0000::/64");
  });
});

describe("GET boards", () => {
  test("the day's board: most contracts, then fewest penalty points (equal results share a rank); own rank and entry; two blobs read", async () => {
    const { handler, store, clock } = fresh();
    const players = [games[0], games[1], games[2], games[3], games[8], games[9]].map((game, i) => ({
      game, body: submission(game, { name: `P${i}` }),
    }));
    for (const p of players) {
      p.submittedAt = new Date(clock.ms).toISOString();
      assert.equal((await post(handler, p.body)).status, 201);
      clock.tick(5);
    }
    const expected = players
      .map((p) => ({ player: publicId(p.body.playerId), name: p.body.name, ...p.game.expected, submittedAt: p.submittedAt }))
      .sort(compareEntries);
    const rankOf = (e) => 1 + expected.filter((o) => o.completed > e.completed || (o.completed === e.completed && o.penalty < e.penalty)).length;

    const counted = counting(store);
    const view = createHandler({ store: counted.proxy, engine, now: () => new Date(clock.ms) });
    const { status, body } = await get(view, `date=${TODAY}&playerId=${players[4].body.playerId}`);
    assert.equal(counted.reads(), 2, "the summary and the player's own entry");
    assert.equal(counted.calls.list, 0);
    assert.equal(status, 200);
    assert.equal(body.date, TODAY);
    assert.equal(body.players, 6);
    assert.deepEqual(body.entries.map((e) => e.name), expected.map((e) => e.name));
    assert.deepEqual(body.entries.map((e) => e.rank), expected.map(rankOf));
    assert.equal(body.watchable, false, "the Daily is still open");
    for (const entry of body.entries) {
      assert.deepEqual(Object.keys(entry).sort(), ["completed", "deals", "name", "penalty", "place", "player", "rank", "submittedAt"]);
    }
    const mine = expected.find((e) => e.name === "P4");
    assert.equal(body.you.rank, rankOf(mine));
    assert.equal(body.you.entry.name, "P4");
    assert.equal((await get(handler, `date=${TODAY}&playerId=${crypto.randomUUID()}`)).body.you, null);
    const empty = (await get(handler, "date=2026-11-01")).body;
    assert.deepEqual([empty.players, empty.entries, empty.you, empty.watchable], [0, [], null, true], "closed on 2026-11-09");
  });

  test("the week's board sums each player's Dailies of that ISO week", async () => {
    const { handler, clock } = fresh();
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    for (const [game, playerId, name] of [[games[5], a, "A2"], [games[4], a, "A"], [games[0], a, "A"], [games[6], a, "A3"], [games[1], b, "B"]]) {
      assert.equal((await post(handler, submission(game, { playerId, name }))).status, 201);
      clock.tick(60);
    }
    const sum = (list) => ({ completed: list.reduce((s, g) => s + g.expected.completed, 0), penalty: list.reduce((s, g) => s + g.expected.penalty, 0) });
    const { status, body } = await get(handler, `week=2026-W48&playerId=${a}`);
    assert.equal(status, 200);
    assert.deepEqual([body.week, body.from, body.to], ["2026-W48", "2026-11-23", "2026-11-29"]);
    const rowA = body.entries.find((e) => e.player === publicId(a));
    const rowB = body.entries.find((e) => e.player === publicId(b));
    assert.deepEqual({ completed: rowA.completed, penalty: rowA.penalty }, sum([games[0], games[4], games[5]]));
    assert.equal(rowA.games, 3);
    assert.deepEqual(rowA.dates, ["2026-11-23", "2026-11-24", "2026-11-25"]);
    assert.equal(rowA.name, "A", "the name of the latest submission");
    assert.deepEqual({ completed: rowB.completed, penalty: rowB.penalty, games: rowB.games }, { ...sum([games[1]]), games: 1 });
    assert.deepEqual(body.entries.map((e) => e.player), [rowA, rowB].sort(compareEntries).map((e) => e.player));
    assert.equal(body.you.rank, body.entries.indexOf(rowA) + 1);

    const before = await get(handler, "week=2026-W47");
    assert.equal(before.body.players, 1);
    assert.deepEqual([before.body.entries[0].completed, before.body.entries[0].games], [games[6].expected.completed, 1]);

    for (const week of ["2026-W00", "2026-W54", "2025-W53", "2026-48", "2026-w48", "W48"]) {
      assert.equal((await get(handler, `week=${week}`)).status, 400, week);
    }
    assert.equal((await get(handler, "week=2026-W53")).status, 200, "2026 has 53 ISO weeks");
  });

  test("moderation: a name on the boards is replaced wherever the player's results show it, nothing else changes", async () => {
    const { handler, store, clock } = fresh();
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    for (const [game, playerId, name] of [[games[4], a, "Shitty"], [games[0], a, "Shitty"], [games[6], a, "Shitty"], [games[1], b, "B"]]) {
      assert.equal((await post(handler, submission(game, { playerId, name }))).status, 201);
      clock.tick(60);
    }
    const boards = async () => Promise.all(["date=2026-11-25", "date=2026-11-24", "date=2026-11-22", "week=2026-W48", "week=2026-W47"]
      .map(async (query) => (await get(handler, query)).body.entries));
    const before = await boards();
    const player = publicId(a);
    await assert.rejects(renamePlayer(store, { player: "nobody", name: "X" }), /public id/);
    await assert.rejects(renamePlayer(store, { player, name: "Fuck You" }), /does not show/); // the new name is judged too
    const planned = await renamePlayer(store, { player, name: "Player 3f2a", dryRun: true });
    assert.deepEqual(await boards(), before, "a dry run writes nothing");
    const written = await renamePlayer(store, { player, name: "Player 3f2a" });
    assert.deepEqual(written, planned);
    assert.deepEqual(written.filter((key) => key.startsWith("daily/")).sort(),
      ["2026-11-22", "2026-11-24", "2026-11-25"].map((date) => `daily/${date}/${player}`));
    assert.ok(written.includes("boards/week/2026-W48") && written.includes("boards/week/2026-W47"), written);
    const after = await boards();
    after.forEach((rows, i) => {
      assert.deepEqual(rows.map(({ name, ...rest }) => rest), before[i].map(({ name, ...rest }) => rest), "ranks and results unchanged");
      for (const row of rows) assert.equal(row.name, row.player === player ? "Player 3f2a" : "B");
    });
    const own = await get(handler, "date=2026-11-25", "GET", { "x-player-id": a });
    assert.equal(own.body.you.entry.name, "Player 3f2a");
    assert.deepEqual(await renamePlayer(store, { player, name: "Player 3f2a" }), [], "done once");
  });

  test("ISO weeks", () => {
    assert.deepEqual(weekDates("2026-W48"), ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    assert.equal(weekDates("2021-W01")[0], "2021-01-04");
    assert.deepEqual([weekDates("2020-W53")[0], weekDates("2020-W53")[6]], ["2020-12-28", "2021-01-03"]);
    assert.equal(weekDates("2026-W01")[0], "2025-12-29");
    assert.equal(weekDates("2025-W53"), null);
  });

  test("log=1: one's own log at once; anyone's by the public id on the board once the date closed; 404 for an unknown entry", async () => {
    const { handler, clock } = fresh();
    const body = submission(games[0], { name: "Watch me" });
    await post(handler, body);
    const mine = await get(handler, `date=${TODAY}&log=1`, "GET", { "x-player-id": body.playerId });
    assert.equal(mine.status, 200);
    // The query parameter of pages cached before the header: still read.
    assert.deepEqual((await get(handler, `date=${TODAY}&playerId=${body.playerId}&log=1`)).body, mine.body);
    const twice = await get(handler, `date=${TODAY}&playerId=${body.playerId}&log=1`, "GET", { "x-player-id": body.playerId });
    assert.equal(twice.status, 400);
    assert.equal((await get(handler, `date=${TODAY}&log=1`, "GET", { "x-player-id": "nope" })).body.detail, "X-Player-Id: must be a UUID");
    assert.deepEqual(mine.body.log, games[0].log);
    assert.equal(mine.body.seed, `daily-${TODAY}`);
    assert.equal(mine.body.name, "Watch me");
    assert.deepEqual(mine.body.standings, games[0].expected.standings);
    assert.equal(mine.body.playerId, undefined);

    const { player } = (await get(handler, `date=${TODAY}`)).body.entries[0];
    const early = await get(handler, `date=${TODAY}&player=${player}&log=1`);
    assert.equal(early.status, 403, "another player's log, while the Daily can still be submitted");
    assert.equal(early.body.error, "not_public");
    assert.equal(early.body.watchFrom, "2026-12-03T00:00:00.000Z");
    clock.ms = Date.parse("2026-12-03T00:00:00Z");
    const theirs = await get(handler, `date=${TODAY}&player=${player}&log=1`);
    assert.deepEqual(theirs.body, mine.body);
    assert.equal((await get(handler, `date=${TODAY}`)).body.watchable, true);

    for (const query of [`date=${TODAY}&playerId=${crypto.randomUUID()}&log=1`, `date=${TODAY}&player=0123456789abcdef&log=1`, `date=2026-11-20&playerId=${body.playerId}&log=1`]) {
      const missing = await get(handler, query);
      assert.equal(missing.status, 404, query);
      assert.equal(missing.body.error, "not_found");
    }
    assert.equal((await get(handler, `date=${TODAY}&log=1`)).status, 400);
    assert.equal((await get(handler, `date=${TODAY}&playerId=${body.playerId}&log=yes`)).status, 400);
    assert.equal((await get(handler, `week=2026-W48&playerId=${body.playerId}&log=1`)).status, 400);
  });

  test("other methods are 405; a query needs one real date or week", async () => {
    const { handler } = fresh();
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const result = await get(handler, `date=${TODAY}`, method);
      assert.equal(result.status, 405, method);
      assert.equal(result.body.error, "method_not_allowed");
      assert.equal(result.headers.get("allow"), "GET, HEAD, POST");
    }
    for (const query of ["", `date=${TODAY}&week=2026-W48`, "date=2026-13-01", "date=today", `date=${TODAY}&playerId=nope`, `date=${TODAY}&player=XYZ`]) {
      const result = await get(handler, query);
      assert.equal(result.status, 400, query);
      assert.equal(result.body.error, "invalid_request");
    }
    const head = await handler(new Request(`http://localhost/api/leaderboard?date=${TODAY}`, { method: "HEAD" }), {});
    assert.equal(head.status, 200);
    assert.equal(await head.text(), "");
  });
});

test("the function's default export: the site's \"leaderboard\" store from the runtime's Blobs context, the real clock", async () => {
  setEnvironmentContext(blobs.context); // what Netlify does for each invocation
  const { default: leaderboard, config } = await import("../functions/leaderboard.mjs");
  assert.deepEqual(config, { path: "/api/leaderboard", rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] } });
  const body = submission(games[7]);
  const request = new Request("http://localhost/api/leaderboard", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const { status, body: answer } = await answerOf(await leaderboard(request, { ip: nextAddress() }));
  assert.equal(status, 201, JSON.stringify(answer));
  assert.equal(answer.entry.completed, games[7].expected.completed);
  const stored = await blobs.store("leaderboard").get(`daily/${games[7].date}/${publicId(body.playerId)}`, { type: "json" });
  assert.equal(stored.penalty, games[7].expected.penalty);
  const board = await answerOf(await leaderboard(new Request(`http://localhost/api/leaderboard?date=${games[7].date}`, { headers: { "x-player-id": body.playerId } }), {}));
  assert.equal(board.body.you.entry.name, body.name);
});

describe("failures on the server's side", () => {
  test("a store that refuses the request is 500 with a JSON answer and no stack trace", async () => {
    // The real server, with a token it does not accept (an unreachable one would be retried for 25 s).
    const store = getStore({ name: "refused", siteID: LOCAL_SITE_ID, token: "wrong", edgeURL: blobs.url, uncachedEdgeURL: blobs.url });
    const logged = [];
    const handler = createHandler({ store, engine, logger: { error: (...args) => logged.push(args) } });
    const { status, body } = await get(handler, `date=${TODAY}`);
    assert.equal(status, 500);
    assert.deepEqual(Object.keys(body), ["error", "detail"]);
    assert.equal(body.error, "internal");
    assert.equal(logged.length, 1, "the error is logged on the server");
  });

  test("an engine that cannot load is 503", async () => {
    const logged = [];
    const handler = createHandler({
      store: blobs.store("engine-down"), engine: () => Promise.reject(new Error("no wheel")), now: () => new Date(START),
      logger: { error: (...args) => logged.push(args) },
    });
    const { status, body, headers } = await post(handler, submission(games[0]));
    assert.equal(status, 503);
    assert.equal(body.error, "unavailable");
    assert.ok(headers.get("retry-after"));
    assert.equal(logged.length, 1);
  });
});
