// The lay-down the Arrange panel sends (site/js/state.js arrangedLaydown): its slots as tapped,
// or as the engine read each slot it judged a meld (a run tapped high to low goes down low to
// high, the notation's order: engine adapter.check_slots).

import { test } from "node:test";
import assert from "node:assert/strict";
import { arrangedLaydown, arrangedSlots } from "../../site/js/state.js";

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
