// One tab holds a game (site/js/tabs.js) where the browser has no Web Locks: the tabs ask and
// claim over a BroadcastChannel. In Node, two Tabs over two channels of one name stand in for
// two tabs of one browser (Node's BroadcastChannel reaches every other instance of that name).

import { test } from "node:test";
import assert from "node:assert/strict";
import { Tabs } from "../../site/js/tabs.js";

/** Two tabs without Web Locks, each recording the slots another tab took from it. */
function twoTabs() {
  const lost = { a: [], b: [] };
  const channels = [new BroadcastChannel("ladder-rummy:tabs"), new BroadcastChannel("ladder-rummy:tabs")];
  // A holder's answer that came after the wait would read as "nobody holds it": wait long, so
  // that a busy test machine does not turn a slow answer into a failure.
  const options = { locks: null, askMs: 1000 };
  const a = new Tabs({ ...options, channel: channels[0], onLost: (slot) => lost.a.push(slot) });
  const b = new Tabs({ ...options, channel: channels[1], onLost: (slot) => lost.b.push(slot) });
  return { a, b, lost, close: () => channels.forEach((c) => c.close()) };
}

/** Wait until `done()` holds (the channel's messages have arrived), for up to two seconds. */
async function until(done) {
  for (let waited = 0; !done() && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}

test("a game held by one tab is not held by another; 'Continue here' takes it over and the first tab is told", async () => {
  const { a, b, lost, close } = twoTabs();
  try {
    assert.equal(await a.hold("new"), true);
    assert.equal(await b.hold("new"), false); // A answered: it holds the game
    assert.equal(b.holds("new"), false);
    assert.equal(await b.hold("new", { steal: true }), true);
    await until(() => lost.a.length > 0);
    assert.deepEqual(lost, { a: ["new"], b: [] });
    assert.equal(a.holds("new"), false);
    assert.equal(b.holds("new"), true);
    assert.equal(await a.hold("daily:2026-11-29"), true); // another game: nobody holds it
  } finally {
    close();
  }
});

test("two tabs that claim one game at the same moment agree on one holder", async () => {
  const { a, b, lost, close } = twoTabs();
  try {
    const held = await Promise.all([a.hold("new"), b.hold("new")]); // each asks; neither has it yet
    assert.deepEqual(held, [true, true]);
    await until(() => lost.a.length + lost.b.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100)); // and no second loss follows
    assert.equal([a.holds("new"), b.holds("new")].filter(Boolean).length, 1);
    assert.equal(lost.a.length + lost.b.length, 1);
  } finally {
    close();
  }
});

test("a game let go of can be held by the next tab", async () => {
  const { a, b, close } = twoTabs();
  try {
    await a.hold("new");
    a.release("new");
    assert.equal(await b.hold("new"), true);
  } finally {
    close();
  }
});

test("the menu learns which kept games another tab holds, over the channel and from Web Locks", async () => {
  const { a, b, close } = twoTabs();
  try {
    await a.hold("new");
    await b.hold("daily:2026-12-01");
    // B asks about three games: A holds one, B itself another (not "elsewhere"), none the third.
    assert.deepEqual(await b.heldElsewhere(["new", "daily:2026-12-01", "daily:2026-12-02"]), ["new"]);
    a.release("new");
    assert.deepEqual(await b.heldElsewhere(["new"]), []);
  } finally {
    close();
  }
  // With Web Locks, the lock manager's list of every tab's locks says it, by the lock's name.
  const locks = { query: async () => ({ held: [{ name: "ladder-rummy:game:new" }, { name: "ladder-rummy:records" }], pending: [] }) };
  const withLocks = new Tabs({ locks, channel: null });
  assert.deepEqual(await withLocks.heldElsewhere(["new", "daily:2026-12-01"]), ["new"]);
  assert.deepEqual(await new Tabs({ locks: null, channel: null }).heldElsewhere(["new"]), []);
});
