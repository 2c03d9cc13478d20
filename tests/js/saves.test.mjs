// Saves that cannot go backwards (site/js/saves.js) and storage that fails (site/js/storage.js),
// in Node: a fake localStorage that can be told to throw or to run out of room. `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Storage, KEYS } from "../../site/js/storage.js";
import { NEW_SLOT, Saves, dailySlot, isPrefix, refusal, slotOf } from "../../site/js/saves.js";

/** localStorage's interface over a Map, with a quota in characters and a switch that makes it throw. */
class FakeLocalStorage {
  constructor(items = {}, { quota = Infinity } = {}) {
    this.map = new Map(Object.entries(items));
    this.quota = quota;
    this.throwing = false;
  }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  used() { return [...this.map].reduce((n, [k, v]) => n + k.length + v.length, 0); }
  setItem(key, value) {
    if (this.throwing) throw new Error("SecurityError: storage is disabled");
    const after = this.used() - (this.map.has(key) ? key.length + this.map.get(key).length : 0) + key.length + String(value).length;
    if (after > this.quota) throw new Error("QuotaExceededError");
    this.map.set(key, String(value));
  }
  removeItem(key) { this.map.delete(key); }
}

const save = (log, extra = {}) => ({ format: 1, engine: "1.0.0", mode: "new", date: null, seed: "s1", difficulty: "easy", log, ...extra });
const record = (log, extra = {}) => ({ save: save(log, extra), order: [], manual: false, mode: { mode: "new", difficulty: "easy" }, deal: 1 });

test("isPrefix and refusal: only a save that continues the stored game replaces it", () => {
  assert.equal(isPrefix([], ["a"]), true);
  assert.equal(isPrefix(["a", "b"], ["a", "b"]), true);
  assert.equal(isPrefix(["a", "c"], ["a", "b", "c"]), false);
  assert.equal(refusal(null, record(["a"])), null);
  assert.equal(refusal(record(["a"]), record(["a", "b"])), null);
  assert.equal(refusal(record(["a", "b"]), record(["a", "b"])), null, "the same moves (a new hand order) may be saved again");
  assert.equal(refusal(record(["a", "b", "c"]), record(["a", "b"])), "behind");
  assert.equal(refusal(record(["a", "b"]), record(["a", "c"])), "forked");
  assert.equal(refusal(record(["a"], { seed: "s2" }), record(["a", "b"])), "replaced");
  assert.equal(refusal({ format: 1, over: true, seed: "s1", moves: 9 }, record(["a", "b"])), "finished");
});

test("slots: one per Daily date, one for the New Game", () => {
  assert.equal(slotOf({ mode: "daily", date: "2026-11-29" }), "daily:2026-11-29");
  assert.equal(slotOf({ mode: "new", difficulty: "hard" }), NEW_SLOT);
  assert.equal(dailySlot("2026-11-28"), "daily:2026-11-28");
});

test("commit refuses a stale save and leaves the stored game as it was", () => {
  const backend = new FakeLocalStorage();
  const saves = new Saves(new Storage(backend));
  assert.deepEqual(saves.commit(NEW_SLOT, record(["draw stock", "discard 10C"])), { ok: true, stored: true });
  const before = backend.getItem("ladder-rummy:game:new");
  const stale = saves.commit(NEW_SLOT, record(["draw stock", "discard QC"]));
  assert.equal(stale.ok, false);
  assert.equal(stale.reason, "forked");
  assert.deepEqual(stale.stored.save.log, ["draw stock", "discard 10C"]);
  assert.equal(backend.getItem("ladder-rummy:game:new"), before, "nothing stored changed");
  assert.equal(saves.commit(NEW_SLOT, record(["draw stock"])).reason, "behind");
  assert.equal(saves.commit(NEW_SLOT, record(["draw stock", "discard 10C", "draw stock"])).ok, true);
});

test("a finished game is marked, and no save lands on it; a fresh start may", () => {
  const saves = new Saves(new Storage(new FakeLocalStorage()));
  const slot = dailySlot("2026-11-29");
  saves.commit(slot, record(["a", "b"], { mode: "daily", date: "2026-11-29" }));
  saves.setCurrent(slot);
  saves.finish(slot, save(["a", "b", "c"]));
  assert.equal(saves.inProgress(slot), null);
  assert.equal(saves.read(slot).over, true);
  assert.equal(saves.current(), null, "a finished game is not resumed on load");
  assert.equal(saves.commit(slot, record(["a", "b", "c", "d"], { mode: "daily", date: "2026-11-29" })).reason, "finished");
  saves.start(slot, record([], { mode: "daily", date: "2026-11-29" }));
  assert.deepEqual(saves.inProgress(slot).save.log, []);
});

test("forget: the lesson's slot goes with no marker, and is no longer resumed; other slots stay", () => {
  const saves = new Saves(new Storage(new FakeLocalStorage()));
  saves.commit(NEW_SLOT, record(["a"]));
  saves.commit("learn", { ...record(["x", "y"]), lesson: { step: 3, moves: 2 } });
  saves.setCurrent("learn");
  assert.equal(saves.inProgress("learn").lesson.step, 3);
  saves.forget("learn");
  assert.equal(saves.raw("learn"), null);
  assert.equal(saves.current(), null);
  saves.setCurrent(NEW_SLOT);
  saves.forget("learn");
  assert.equal(saves.current(), NEW_SLOT, "forgetting a slot that is not the current one leaves the current one");
  assert.deepEqual(saves.inProgress(NEW_SLOT).save.log, ["a"]);
});

test("the save of earlier versions moves into its slot, and is never dropped", () => {
  const old = { save: save(["draw stock"], { mode: "daily", date: "2026-11-29" }), order: ["7H"], manual: true, mode: { mode: "daily", date: "2026-11-29" } };
  const backend = new FakeLocalStorage({ "ladder-rummy:save": JSON.stringify(old) });
  const saves = new Saves(new Storage(backend), () => Date.parse("2026-11-29T12:00:00Z"));
  assert.equal(saves.migrate(), null);
  assert.equal(backend.getItem("ladder-rummy:save"), null);
  const moved = saves.inProgress("daily:2026-11-29");
  assert.deepEqual([moved.save.log, moved.order, moved.manual], [["draw stock"], ["7H"], true]);
  assert.equal(saves.current(), "daily:2026-11-29");

  // An old save behind the slot's game is a copy of it: dropped. One that went another way: set aside.
  backend.setItem("ladder-rummy:save", JSON.stringify({ ...old, save: save([], { mode: "daily", date: "2026-11-29" }) }));
  saves.migrate();
  assert.deepEqual(saves.inProgress("daily:2026-11-29").save.log, ["draw stock"]);
  const fork = JSON.stringify({ ...old, save: save(["draw discard"], { mode: "daily", date: "2026-11-29" }) });
  backend.setItem("ladder-rummy:save", fork);
  saves.migrate();
  assert.deepEqual(saves.inProgress("daily:2026-11-29").save.log, ["draw stock"]);
  assert.equal(JSON.parse(backend.getItem("ladder-rummy:save-aside")).raw, fork);

  // Unreadable: set aside, and reported so the page can say so.
  backend.setItem("ladder-rummy:save", "{\"save\": 3");
  assert.equal(saves.migrate().code, "unreadable");
  assert.equal(JSON.parse(backend.getItem("ladder-rummy:save-aside:2")).raw, "{\"save\": 3", "beside the fork, not over it");
  assert.equal(JSON.parse(backend.getItem("ladder-rummy:save-aside")).raw, fork);
});

test("saves set aside are all kept: a second never replaces the first, the same one is kept once", () => {
  const backend = new FakeLocalStorage({ "ladder-rummy:save": "OLD-GARBAGE{", "ladder-rummy:game:new": "NEW-GARBAGE{" });
  const saves = new Saves(new Storage(backend));
  assert.equal(saves.migrate().code, "unreadable");
  saves.setAside(NEW_SLOT, "NEW-GARBAGE{", "unreadable");
  saves.setAside(NEW_SLOT, "NEW-GARBAGE{", "unreadable"); // again (a reload): not a second copy
  saves.setAside("daily:2026-11-29", "THIRD{", "engine_version");
  const aside = [...backend.map.keys()].filter((key) => key.startsWith("ladder-rummy:save-aside")).sort();
  assert.deepEqual(aside, ["ladder-rummy:save-aside", "ladder-rummy:save-aside:2", "ladder-rummy:save-aside:3"]);
  assert.deepEqual(aside.map((key) => JSON.parse(backend.getItem(key)).raw), ["OLD-GARBAGE{", "NEW-GARBAGE{", "THIRD{"]);
  assert.equal(backend.getItem("ladder-rummy:game:new"), null);
});

test("a save that cannot be set aside for lack of room stays in its slot", () => {
  const raw = "X".repeat(50);
  const backend = new FakeLocalStorage({ "ladder-rummy:game:new": raw }, { quota: raw.length + 40 });
  const saves = new Saves(new Storage(backend));
  saves.setAside(NEW_SLOT, raw, "unreadable");
  assert.equal(backend.getItem("ladder-rummy:game:new"), raw, "the only copy on the device is kept");
});

test("a save that cannot be migrated for lack of room stays where it was", () => {
  const old = JSON.stringify({ save: save(["draw stock"]), order: [] });
  const backend = new FakeLocalStorage({ "ladder-rummy:save": old }, { quota: old.length + 40 });
  const saves = new Saves(new Storage(backend));
  saves.migrate();
  assert.equal(backend.getItem("ladder-rummy:save"), old, "the only copy on the device is kept");
  assert.deepEqual(saves.inProgress(NEW_SLOT).save.log, ["draw stock"], "and the game goes on from memory");
  assert.equal(saves.current(), NEW_SLOT, "resumed on load");
});

test("old finished markers are forgotten; games in progress are kept", () => {
  const backend = new FakeLocalStorage();
  const saves = new Saves(new Storage(backend), () => Date.parse("2026-11-29T12:00:00Z"));
  saves.finish(dailySlot("2026-11-01"), save(["a"]));
  saves.finish(dailySlot("2026-11-27"), save(["a"]));
  saves.commit(dailySlot("2026-11-02"), record(["a"], { mode: "daily", date: "2026-11-02" }));
  saves.prune();
  assert.equal(saves.read(dailySlot("2026-11-01")), null);
  assert.equal(saves.read(dailySlot("2026-11-27")).over, true);
  assert.deepEqual(saves.dailiesInProgress(), ["2026-11-02"]);
});

test("storage that throws: told once, the game goes on from memory, nothing stored is damaged", () => {
  const backend = new FakeLocalStorage({ "ladder-rummy:stats": "{\"format\":1,\"games\":[]}" });
  const storage = new Storage(backend);
  const told = [];
  storage.onFail((failure) => told.push(failure.key));
  backend.throwing = true;
  assert.equal(storage.write("game:new", { n: 1 }), false);
  assert.equal(storage.write("game:new", { n: 2 }), false);
  assert.equal(storage.write("stats", { format: 1, games: [1] }), false);
  assert.deepEqual(told, ["game:new"], "told once");
  assert.equal(storage.persistent, false);
  assert.deepEqual(storage.read("game:new"), { n: 2 }, "read back from memory");
  assert.deepEqual(storage.read("stats"), { format: 1, games: [1] });
  assert.equal(backend.getItem("ladder-rummy:stats"), "{\"format\":1,\"games\":[]}", "the stored copy is untouched");
  assert.equal(backend.getItem("ladder-rummy:game:new"), null);
  const late = [];
  storage.onFail((failure) => late.push(failure.key));
  assert.deepEqual(late, ["game:new"], "a listener that comes later hears of it too");
  // Room again: the next write reaches the device, and memory lets go of it.
  backend.throwing = false;
  assert.equal(storage.write("game:new", { n: 3 }), true);
  assert.equal(backend.getItem("ladder-rummy:game:new"), "{\"n\":3}");
  assert.deepEqual(storage.read("game:new"), { n: 3 });
});

test("a full quota: stored values stay readable and intact; the new one lives in memory", () => {
  const backend = new FakeLocalStorage({ "ladder-rummy:settings": "{\"speed\":\"fast\"}" }, { quota: 200 });
  const saves = new Saves(new Storage(backend));
  assert.equal(saves.commit(NEW_SLOT, record(["draw stock"])).ok, true);
  const stored = backend.getItem("ladder-rummy:game:new");
  assert.equal(stored, null, "too big for this quota");
  assert.deepEqual(saves.inProgress(NEW_SLOT).save.log, ["draw stock"]);
  assert.equal(saves.commit(NEW_SLOT, record(["draw stock", "discard 7H"])).ok, true, "compared with the game in memory");
  assert.equal(backend.getItem("ladder-rummy:settings"), "{\"speed\":\"fast\"}");
  assert.deepEqual(new Storage(backend).read(KEYS.settings), { speed: "fast" });
});

test("storage that cannot even be opened: memory only", () => {
  const storage = new Storage(null);
  assert.equal(storage.write("x", 1), false);
  assert.equal(storage.read("x"), 1);
  storage.remove("x");
  assert.equal(storage.read("x", "gone"), "gone");
  assert.deepEqual(storage.keys(), []);
});
