// The leaderboard's name (site/js/leaderboard.js), in Node: a name typed for a challenge link is
// offered when the leaderboard asks for one, and never becomes the leaderboard's name by itself.
// `npm run test:js`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Storage, KEYS } from "../../site/js/storage.js";
import { Leaderboard } from "../../site/js/leaderboard.js";

if (typeof navigator === "undefined") globalThis.navigator = {}; // no Web Locks here: the queue runs unlocked

/** localStorage's interface over a Map. */
class MapStorage {
  constructor() { this.map = new Map(); }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) { this.map.set(key, String(value)); }
  removeItem(key) { this.map.delete(key); }
}

const board = () => new Leaderboard({ storage: new Storage(new MapStorage()), fetch: async () => { throw new Error("offline"); }, online: () => false });

test("a name given for a challenge is offered, not taken as the leaderboard's", () => {
  const leaderboard = board();
  assert.equal(leaderboard.offeredName, "");
  leaderboard.offerName("Minjun");
  assert.equal(leaderboard.name, null, "offered only: nothing goes on the leaderboard by itself");
  assert.equal(leaderboard.offeredName, "Minjun");
  const id = leaderboard.player.id;
  assert.equal(leaderboard.storage.read(KEYS.player).id, id, "the browser's id is kept");
});

test("once the leaderboard has a name, that name is offered and kept", () => {
  const leaderboard = board();
  assert.equal(leaderboard.setName("Aylin").name, "Aylin");
  leaderboard.offerName("Someone else");
  assert.equal(leaderboard.name, "Aylin");
  assert.equal(leaderboard.offeredName, "Aylin");
});
