// The table the page shows while it plays events (site/js/anim.js): moved forward one event at a
// time from what the events carry, even when the view they end in is already the next deal's.

import { test } from "node:test";
import assert from "node:assert/strict";

// prefs.js reads the reduced-motion query as it loads: a window that answers "no preference".
globalThis.window ??= { matchMedia: () => ({ matches: false, addEventListener() {}, addListener() {} }) };
const { advance, dealEnding, rewind } = await import("../../site/js/anim.js");
globalThis.document ??= { documentElement: {}, querySelectorAll: () => [], title: "" };
const { progressView } = await import("../../site/js/render.js");
const hintsModule = await import("../../site/js/hints.js");

const seat = (cards) => ({ cards, laid_down: false });

/** A table in the middle of a deal: seat 2 holds 10 cards, nothing laid down yet. */
function shownTable() {
  return { players: [seat(10), seat(10), seat(10), seat(10)], table: [], hand: [], discard: ["4C"], stock: 40, turn: 2 };
}

test("a computer's lay-down in the round that ends the deal is drawn from the event (the final view is the next deal's)", () => {
  const laid = [
    { id: 1, owner: 2, kind: "group", cards: ["7C", "7C", "7H"], stands_for: [null, null, null] },
    { id: 2, owner: 2, kind: "group", cards: ["QD", "QD", "QS"], stands_for: [null, null, null] },
  ];
  const nextDeal = { players: [seat(10), seat(10), seat(10), seat(10)], table: [], hand: [], discard: ["9H"], stock: 62 };
  const shown = advance(shownTable(), { type: "laydown", seat: 2, melds: [1, 2], table: laid });
  assert.deepEqual(shown.table.map((meld) => meld.cards), [["7C", "7C", "7H"], ["QD", "QD", "QS"]]);
  assert.equal(shown.players[2].cards, 4);
  assert.equal(shown.players[2].laid_down, true);
  // ... and a card laid off on it later in that round lands on it.
  const after = advance(shown, { type: "layoff", seat: 2, card: "7S", meld: 1, end: "high" });
  assert.deepEqual(after.table[0].cards, ["7C", "7C", "7H", "7S"]);
  assert.equal(after.players[2].cards, 3);
});

test("a meld laid down and laid off on in one round shows each card once, as laid and then as laid off", () => {
  const final = { players: [seat(10), seat(10), seat(3), seat(10)], hand: [], discard: ["4C"], stock: 39,
    table: [{ id: 1, owner: 2, kind: "group", cards: ["7C", "7C", "7H", "7S"], stands_for: [null, null, null, null] }] };
  const laid = [{ id: 1, owner: 2, kind: "group", cards: ["7C", "7C", "7H"], stands_for: [null, null, null] }];
  const shown = advance(shownTable(), { type: "laydown", seat: 2, melds: [1], table: laid });
  const after = advance(shown, { type: "layoff", seat: 2, card: "7S", meld: 1, end: "high" });
  assert.deepEqual(after.table[0].cards, final.table[0].cards);
});

test("a lay-off goes to the side its event names, also one the move left implicit, and a joker says what it stands for", () => {
  const run = { id: 1, owner: 1, kind: "run", cards: ["4D", "5D", "6D"], stands_for: [null, null, null] };
  const table = { ...shownTable(), table: [run] };
  // "layoff 3D 1": the 3 fits the low end only, and the event says so (the engine's real side).
  const low = advance(table, { type: "layoff", seat: 2, card: "3D", meld: 1, end: "low" });
  assert.deepEqual(low.table[0].cards, ["3D", "4D", "5D", "6D"]);
  const joker = advance(low, { type: "layoff", seat: 2, card: "JK", meld: 1, end: "high", stands_for: "7D" });
  assert.deepEqual(joker.table[0].cards, ["3D", "4D", "5D", "6D", "JK"]);
  assert.deepEqual(joker.table[0].stands_for, [null, null, null, null, "7D"]);
  // Worked backwards from the final table, the same events take the same cards away.
  const events = [
    { type: "layoff", seat: 2, card: "3D", meld: 1, end: "low" },
    { type: "layoff", seat: 2, card: "JK", meld: 1, end: "high", stands_for: "7D" },
  ];
  const before = rewind({ ...joker, events: [] }, events);
  assert.deepEqual(before.table[0].cards, ["4D", "5D", "6D"]);
});

test("while the computer players' turns play out, the contract panel's progress is the hand's after the person's play", () => {
  const before = { progress: { ready: false, melds: [{ missing: 1 }] }, contract_ready: false };
  const after = { progress: { ready: true, melds: [{ missing: 0 }] }, contract_ready: true };
  const step = { ...shownTable(), seed: "s", deal: 3, ...before };      // a step of the animation
  const final = { ...shownTable(), seed: "s", deal: 3, ...after };      // the engine's view at its end
  assert.deepEqual(progressView(step, final).progress, after.progress);
  assert.equal(progressView(step, final).contract_ready, true);
  assert.equal(progressView(final, final), final);                       // at rest: the view itself
  const nextDeal = { ...final, deal: 4 };                               // the deal ended in those turns
  assert.equal(progressView(step, nextDeal).progress, null);
  assert.equal(progressView(step, nextDeal).contract_ready, false);
  // ... where the engine says what the hand kept lacked then, that line (the panel went blank).
  const ended = { ready: false, melds: [{ missing: 2 }] };
  assert.deepEqual(progressView(step, { ...nextDeal, ended_progress: ended }).progress, ended);
});

test("a deal's end leaves its last table with this deal's penalty totals in the seats and nobody's turn", () => {
  const end = {
    type: "deal_end", deal: 1, went_out: 2,
    hands: [
      { seat: 0, points: 16, penalty_total: 16, cards: ["2C"], climbed: false, step_after: 1 },
      { seat: 1, points: 70, penalty_total: 70, cards: ["AS"], climbed: false, step_after: 1 },
      { seat: 2, points: 0, penalty_total: 0, cards: [], climbed: true, step_after: 2 },
      { seat: 3, points: 2, penalty_total: 31, completed_total: 1, cards: ["2H"], climbed: true, step_after: 2 },
    ],
  };
  const shown = advance(shownTable(), end);
  assert.deepEqual(shown.players.map((p) => p.penalty), [16, 70, 0, 31]);
  assert.equal(shown.players[3].completed, 1); // the contracts after the deal, from the engine
  assert.equal(shown.turn, null);
  const { contractHelp } = hintsModule;
  assert.deepEqual(contractHelp({ ...shown, game_over: false, players: shown.players.map((p) => ({ ...p, laid_down: true })) }), []);
});

test("a discard moves the seat's last-discard chip as it is played, and rewinding takes it back", () => {
  // A play-test saw Kaan's chip still show A♣ while the status line said he had thrown K♣: the
  // chip only caught up with the final view, and never at a deal's end.
  const table = shownTable();
  table.players[1].discarded = ["AC"];
  const shown = advance(table, { type: "discard", seat: 1, card: "KC" });
  assert.deepEqual(shown.players[1].discarded, ["AC", "KC"]);
  assert.deepEqual(table.players[1].discarded, ["AC"]); // the table it moved from is left as it was
  const first = advance(shownTable(), { type: "discard", seat: 3, card: "9H" }); // a seat's first discard of the deal
  assert.deepEqual(first.players[3].discarded, ["9H"]);
  const final = { ...clone(shown), events: [] };
  assert.deepEqual(rewind(final, [{ type: "discard", seat: 1, card: "KC" }]).players[1].discarded, ["AC"]);
});

function clone(value) { return JSON.parse(JSON.stringify(value)); }

test("a deal that ends in the computer players' turns is known with its last table before they are shown", () => {
  // The page keeps the deal's sheet due from the moment the answer comes (game.js accept): a
  // reload during those turns went on to the next deal, the sheet never seen (an attack).
  const laid = [{ id: 1, owner: 2, kind: "group", cards: ["7C", "7C", "7H"], stands_for: [null, null, null] }];
  const end = { type: "deal_end", deal: 1, went_out: 2, hands: [{ seat: 2, points: 0, penalty_total: 0, cards: [], climbed: true, step_after: 2 }] };
  const events = [
    { type: "draw", seat: 2, source: "stock" },
    { type: "laydown", seat: 2, melds: [1], table: laid },
    { type: "discard", seat: 2, card: "9S" },
    end,
    { type: "deal_start", deal: 2 },
    { type: "draw", seat: 1, source: "stock" },
  ];
  const nextDeal = { ...shownTable(), deal: 2, table: [], discard: ["5H"], stock: 62, events: [] };
  const table = shownTable();
  table.players[2].cards = 3; // one drawn: three to lay down, one to throw, out
  const ending = dealEnding(table, nextDeal, events);
  assert.equal(ending.event, end);
  assert.deepEqual(ending.table.table.map((meld) => meld.cards), [["7C", "7C", "7H"]]); // this deal's melds, not the next deal's
  assert.equal(ending.table.players[2].cards, 0);
  assert.deepEqual(ending.table.discard, ["4C", "9S"]);
  assert.equal(ending.table.turn, null);
  assert.equal(dealEnding(table, nextDeal, events.slice(0, 3)), null); // no deal ended: nothing due
  assert.equal(table.players[2].cards, 3); // the table it started from is left as it was
});

test("the person's lay-down turn ends with the first play of another seat", async () => {
  // A play-test read "Discard to end your turn: lay-offs start on your next one" in the contract
  // panel all through the computers' turns: the shown table kept the person's "laid down this turn".
  const { afterSentence } = hintsModule;
  const table = { ...shownTable(), turn: 0, phase: "play", laid_down_this_turn: true };
  const mine = advance(table, { type: "discard", seat: 0, card: table.hand[0] });
  assert.equal(mine.laid_down_this_turn, true); // still the person's play
  const theirs = advance(mine, { type: "draw", seat: 1, source: "stock" });
  assert.equal(theirs.laid_down_this_turn, false);
  assert.notEqual(afterSentence({ ...theirs, players: theirs.players.map((p) => ({ ...p, next_step: 2 })) }),
    afterSentence({ ...mine, players: mine.players.map((p) => ({ ...p, next_step: 2 })) }));
});

test("a seat's last discard leaves the pile when the next seat takes it, or a rebuild shuffles it away", () => {
  // The chip is faded by the engine's discard_on_pile; the animation moves it event by event as
  // the engine does (a play-test read Q♦ on a seat while the card was in the person's hand).
  const table = shownTable();
  const thrown = advance(table, { type: "discard", seat: 1, card: "QD" });
  assert.equal(thrown.players[1].discard_on_pile, true);
  const taken = advance(thrown, { type: "draw", seat: 2, source: "discard", card: "QD" });
  assert.equal(taken.players[1].discard_on_pile, false);
  assert.equal(thrown.players[1].discard_on_pile, true); // the table it moved from is left as it was
  const final = { ...clone(taken), events: [] };
  assert.equal(rewind(final, [{ type: "draw", seat: 2, source: "discard", card: "QD" }]).players[1].discard_on_pile, true);
  const again = advance(advance(taken, { type: "discard", seat: 2, card: "5C" }), { type: "discard", seat: 3, card: "9H" });
  const rebuilt = advance(again, { type: "rebuild", count: 1, stock: 40 });
  assert.deepEqual(rebuilt.players.map((p) => Boolean(p.discard_on_pile)), [false, false, false, true]);
});

test("after a discard the table shows the next seat's turn", () => {
  // A play-test tapped the stock just after "Mira discarded 9 of diamonds" and read "Not your
  // turn yet: Mira is playing.", her seat still lit while Kaan was to play.
  const table = { ...shownTable(), turn: 1 };
  assert.equal(advance(table, { type: "draw", seat: 1, source: "stock" }).turn, 1);
  assert.equal(advance(table, { type: "discard", seat: 1, card: "9D" }).turn, 2);
  assert.equal(advance({ ...table, turn: 3 }, { type: "discard", seat: 3, card: "9D" }).turn, 0);
  const out = advance(advance(table, { type: "discard", seat: 1, card: "9D" }), { type: "out", seat: 1 });
  assert.equal(out.turn, 1); // went out with that discard: the deal's end, not the next seat
});
