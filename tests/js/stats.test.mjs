// The page's statistics model (site/js/stats.js) and the Daily's clock (site/js/share.js) in Node:
// pure functions over records and dates, with an in-memory storage. `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Stats, climbs, cleanRecord, gameId, gameRecord, streaks, summary } from "../../site/js/stats.js";
import { clock, dailyNumber, untilNextDaily } from "../../site/js/share.js";

/** Storage's interface (read/write JSON by key) over a Map. */
class MemoryStorage {
  constructor(items = {}) { this.map = new Map(Object.entries(items)); }
  read(key, fallback = null) { return this.map.has(key) ? structuredClone(this.map.get(key)) : fallback; }
  write(key, value) { this.map.set(key, structuredClone(value)); }
}

const save = (seed, log, extra = {}) => ({ format: 1, engine: "1.0.0", mode: "new", date: null, seed, difficulty: "easy", log, ...extra });
const finalView = ({ place = 2, completed = 3, penalty = 90, history = [[1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1, 1], [3, 2, 2, 1]] } = {}) => ({
  game_over: true,
  history,
  standings: [
    { seat: 1, place: 1, completed: 5, penalty: 40 },
    { seat: 0, place, completed, penalty },
    { seat: 2, place: 3, completed: 2, penalty: 120 },
    { seat: 3, place: 4, completed: 1, penalty: 200 },
  ],
});

test("streaks count consecutive UTC dates; yesterday keeps today's streak alive", () => {
  assert.deepEqual(streaks([], "2026-11-29"), { current: 0, longest: 0 });
  assert.deepEqual(streaks(["2026-11-27", "2026-11-28"], "2026-11-29"), { current: 2, longest: 2 });
  assert.deepEqual(streaks(["2026-11-27", "2026-11-28", "2026-11-29"], "2026-11-29"), { current: 3, longest: 3 });
  assert.deepEqual(streaks(["2026-11-26", "2026-11-27"], "2026-11-29"), { current: 0, longest: 2 });
  // Across a month and a year end, duplicates once, junk ignored.
  const run = ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-01", "nonsense", "2027-01-02"];
  assert.deepEqual(streaks(run, "2027-01-02"), { current: 4, longest: 4 });
  assert.deepEqual(streaks(["2026-02-27", "2026-02-28", "2026-03-01"], "2026-03-10"), { current: 0, longest: 3 });
});

test("climbs: a deal climbed when the next deal starts a step higher (the last one by contracts completed)", () => {
  assert.deepEqual(climbs([[1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1, 1], [3, 2, 2, 1]], 2), [true, false, true, false]);
  assert.deepEqual(climbs([[9, 1, 1, 1], [10, 1, 1, 1]], 10), [true, true]); // contract 10 completed: step stays 10
});

test("a finished game's record, and its identity from seed and log", () => {
  const s = save("s-1", ["draw stock", "discard KS"]);
  const record = gameRecord(finalView(), s, new Date("2026-11-29T10:00:00Z"));
  assert.deepEqual(record, {
    id: gameId(s), mode: "new", date: null, difficulty: "easy", finished: "2026-11-29T10:00:00.000Z",
    place: 2, shared: false, players: 4, completed: 3, penalty: 90, climbs: [true, false, true, true],
  });
  assert.notEqual(gameId(s), gameId(save("s-1", ["draw stock", "discard KH"])));
  assert.equal(gameRecord({ ...finalView(), game_over: false }, s), null);
  assert.deepEqual(cleanRecord(record), record);
  assert.equal(cleanRecord({ ...record, place: 0 }), null);
  assert.equal(cleanRecord({ ...record, mode: "daily", date: "2026-13-01" }), null);
});

test("each finished game is recorded once; the saves of the last 20 are kept", () => {
  const stats = new Stats(new MemoryStorage());
  for (let i = 0; i < 25; i += 1) assert.ok(stats.record(finalView({ place: i % 4 + 1 }), save(`s-${i}`, ["draw stock"])));
  assert.equal(stats.record(finalView(), save("s-3", ["draw stock"])), null);
  assert.equal(stats.games().length, 25);
  assert.equal(stats.replays().length, 20);
  assert.equal(stats.replay(gameId(save("s-0", ["draw stock"]))), null);
  assert.deepEqual(stats.replay(gameId(save("s-24", ["draw stock"]))).seed, "s-24");
});

test("kept saves stay within their share of the storage: the oldest go first", () => {
  const stats = new Stats(new MemoryStorage());
  const long = Array(60_000).fill("draw stock"); // ~780,000 characters of log
  stats.record(finalView(), save("big-1", long));
  stats.record(finalView(), save("big-2", [...long, "discard KS"]));
  assert.deepEqual(stats.replays().map((r) => r.save.seed), ["big-2"]);
  assert.equal(stats.games().length, 2); // the records themselves are all kept
});

test("summary: wins are first places (ties too), Dailies make the streak, earlier Dailies count", () => {
  const storage = new MemoryStorage({ daily: { "2026-11-27": { place: 4, completed: 1, penalty: 300 } } });
  const stats = new Stats(storage);
  stats.record(finalView({ place: 1, completed: 6, penalty: 50 }), save("daily-2026-11-28", ["a"], { mode: "daily", date: "2026-11-28" }));
  stats.record(finalView({ place: 3, completed: 2, penalty: 100 }), save("x", ["b"]));
  assert.deepEqual(stats.summary("2026-11-29"), {
    played: 3, won: 1, winRate: 33, current: 2, longest: 2, best: 6, averagePenalty: 150, past: 0,
  });
  assert.equal(stats.daily("2026-11-27").place, 4);
  assert.deepEqual(summary([], "2026-11-29"), { played: 0, won: 0, winRate: 0, current: 0, longest: 0, best: 0, averagePenalty: 0, past: 0 });
});

test("a past Daily is kept apart: counted as played, never in the streak, not the date's own result", () => {
  const stats = new Stats(new MemoryStorage());
  const daily = (date, log) => save(`daily-${date}`, log, { mode: "daily", date });
  stats.record(finalView({ place: 2 }), daily("2026-11-28", ["a"]));
  // Played the next days, from the calendar: 11-26 and 11-27 would make a run of three.
  const past = stats.record(finalView({ place: 1, completed: 5 }), daily("2026-11-27", ["b"]), { past: true });
  stats.record(finalView({ place: 3 }), daily("2026-11-26", ["c"]), { past: true });
  assert.equal(past.past, true);
  assert.deepEqual(stats.summary("2026-11-29"), {
    played: 3, won: 1, winRate: 33, current: 1, longest: 1, best: 5, averagePenalty: 90, past: 2,
  });
  assert.equal(stats.daily("2026-11-27"), null); // not the date's own Daily: nothing to share as such
  assert.equal(stats.dailyResults().get("2026-11-27").place, 1); // but the calendar shows it finished
  // Played again on its own day later is impossible; a day-of record wins over a past one in the calendar.
  stats.record(finalView({ place: 4 }), daily("2026-11-28", ["d"]), { past: true });
  assert.equal(stats.dailyResults().get("2026-11-28").place, 2);
  // A New Game is never past; a cleaned record keeps the mark only on a Daily.
  assert.equal(gameRecord(finalView(), save("n", ["e"]), new Date(), { past: true }).past, undefined);
  assert.equal(cleanRecord({ ...past, past: "yes" }).past, undefined);
  assert.equal(cleanRecord(past).past, true);
});

test("export and import: a round trip to another device, counted once, bad files named", () => {
  const here = new Stats(new MemoryStorage());
  here.record(finalView(), save("a", ["x"]));
  here.record(finalView({ place: 1 }), save("b", ["y"], { mode: "daily", date: "2026-11-29", seed: "daily-2026-11-29" }));
  const file = here.exportText();
  const there = new Stats(new MemoryStorage());
  there.record(finalView(), save("c", ["z"]));
  assert.deepEqual(there.importText(file), { added: 2, total: 3 });
  assert.deepEqual(there.importText(file), { added: 0, total: 3 });
  assert.deepEqual(there.summary("2026-11-29").current, 1);
  assert.deepEqual(there.importText("{"), { error: "json" });
  assert.deepEqual(there.importText(JSON.stringify({ app: "other" })), { error: "format" });
  assert.deepEqual(there.importText(JSON.stringify({ app: "ladder-rummy", kind: "statistics", format: 1, games: [{ id: 3 }] })), { error: "empty" });
});

test("the Daily's number and the countdown to UTC midnight", () => {
  assert.equal(dailyNumber("2026-11-01"), 1);
  assert.equal(dailyNumber("2026-11-29"), 29);
  assert.equal(dailyNumber("2027-03-01"), 121);
  assert.equal(untilNextDaily(Date.parse("2026-11-29T23:59:59Z")), 1000);
  assert.equal(untilNextDaily(Date.parse("2026-11-29T00:00:00Z")), 86_400_000);
  assert.equal(clock(5 * 3_600_000 + 3 * 60_000 + 9_000), "05:03:09");
  assert.equal(clock(400), "00:00:01");
});
