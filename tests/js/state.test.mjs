// The table's state helpers (site/js/state.js): the lay-down the Arrange panel sends (its slots
// as tapped, or as the engine read each slot it judged a meld: a run tapped high to low goes down
// low to high, the notation's order, engine adapter.check_slots), and the melds outlined as just
// played on.

import { test } from "node:test";
import assert from "node:assert/strict";
import { arrangedLaydown, arrangedSlots, markedMelds, sortAfterPress } from "../../site/js/state.js";

const order = ["KD", "QD", "JD", "10D", "7H", "7S", "7C", "9C"];
const arrange = { slots: [[4, 5, 6], [0, 1, 2, 3]] };

test("the slots as tapped, until the engine has read them", () => {
  assert.deepEqual(arrangedSlots(arrange, order), ["7H 7S 7C", "KD QD JD 10D"]);
  assert.equal(arrangedLaydown(arrange, order), "laydown 7H 7S 7C / KD QD JD 10D");
});

test("a slot the engine judged a meld goes down as the engine wrote it; a refused one as tapped", () => {
  const answers = [{ ok: true, cards: "7H 7S 7C" }, { ok: true, cards: "10D JD QD KD" }];
  assert.equal(arrangedLaydown(arrange, order, answers), "laydown 7H 7S 7C / 10D JD QD KD");
  const refused = [{ ok: false, code: "meld_ranks", cards: "ignored" }, { ok: true, cards: "10D JD QD KD" }];
  assert.equal(arrangedLaydown(arrange, order, refused), "laydown 7H 7S 7C / 10D JD QD KD");
});

test("an empty slot: no lay-down (a bare \"laydown\" would be the engine's own arrangement)", () => {
  assert.equal(arrangedLaydown({ slots: [[4, 5, 6], []] }, order, [{ ok: true, cards: "7H 7S 7C" }]), null);
});

test("the melds outlined as just played on: all a player's plays in a row touched, anew for the next player", () => {
  let marks = { recent: [], seat: null };
  const play = (event) => { marks = markedMelds(marks.recent, marks.seat, event); return marks.recent; };
  assert.deepEqual(play({ type: "draw", seat: 3, source: "stock" }), []);
  assert.deepEqual(play({ type: "layoff", seat: 3, card: "7D", meld: 1 }), [1]);
  assert.deepEqual(play({ type: "layoff", seat: 3, card: "7S", meld: 1 }), [1]);
  assert.deepEqual(play({ type: "layoff", seat: 3, card: "JK", meld: 4 }), [1, 4]);
  assert.deepEqual(play({ type: "discard", seat: 3, card: "2S" }), [1, 4]); // kept through the rest of the round
  assert.deepEqual(play({ type: "draw", seat: 0, source: "stock" }), [1, 4]);
  assert.deepEqual(play({ type: "laydown", seat: 0, melds: [5, 6] }), [5, 6]);
  assert.deepEqual(play({ type: "draw", seat: 1, source: "stock" }), [5, 6]);
  assert.deepEqual(play({ type: "layoff", seat: 1, card: "8C", meld: 2 }), [2]); // a later turn starts anew
});

test("the sort button's press: a hand in its own order is sorted as set, a sorted one switches order", () => {
  assert.equal(sortAfterPress("suit", true), "suit");
  assert.equal(sortAfterPress("rank", true), "rank");
  assert.equal(sortAfterPress("suit", false), "rank");
  assert.equal(sortAfterPress("rank", false), "suit");
});
