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

test("a name the server refuses for a word it does not show waits for another, with the server's reason", async () => {
  // The board's word list is the server's alone (netlify/lib/decency.mjs): the page's own name
  // rule passes the name, so the reason must come back with the refusal for the page to word it.
  const answer = { error: "invalid", detail: "name: \"Fuck\" is a word this board does not show; choose another name", reason: "offensive", word: "Fuck" };
  const sent = [];
  const fetch = async (url, { body }) => {
    sent.push(JSON.parse(body).name);
    return sent.length === 1
      ? { status: 400, json: async () => answer, headers: new Map() }
      : { status: 201, json: async () => ({ created: true, entry: { name: "Aylin" } }), headers: new Map() };
  };
  const leaderboard = new Leaderboard({ storage: new Storage(new MapStorage()), fetch, online: () => true });
  leaderboard.schedule = () => {}; // no timer left running in Node
  leaderboard.setName("Fuck You");
  await leaderboard.enqueue({ date: "2026-12-07", log: ["draw stock"], engineVersion: "1.2.0" });
  await leaderboard.flush();
  assert.deepEqual(leaderboard.status("2026-12-07"), { state: "needs_name", detail: answer.detail, refused: "Fuck You", reason: "offensive" });
  leaderboard.setName("Aylin"); // given to the waiting Daily, which is sent again
  await new Promise((resolve) => setTimeout(resolve, 0));
  await leaderboard.flush();
  assert.deepEqual(sent, ["Fuck You", "Aylin"]);
  assert.equal(leaderboard.status("2026-12-07").state, "ranked");
});
