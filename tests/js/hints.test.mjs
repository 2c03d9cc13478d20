// The contract panel's line once the person has laid down (site/js/hints.js afterSentence), in
// Node: which sentence the engine's view picks, in every language the page speaks. The panel
// itself is drawn in the browser tests (test_table.py). `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

// i18n.js reads its words with fetch and names the page's language on document: both stood in for.
globalThis.document = { documentElement: {}, querySelectorAll: () => [], title: "" };
globalThis.fetch = async (url) => {
  const text = await readFile(new URL(url));
  return { ok: true, status: 200, json: async () => JSON.parse(text) };
};
const { setLanguage, t } = await import("../../site/js/i18n.js");
const { afterSentence, climbWords, contractHelp, hintReason, moveWords, readySentence } = await import("../../site/js/hints.js");

/** evaluate.progress of 9S 3H KC 3S KS QD 3H 8D 4C 3C at step 3: a run of one held card, one of two. */
const ONE_HELD_CARD = {
  step: 3, missing: 5, ready: false,
  melds: [
    { kind: "run", size: 4, rank: null, suit: "C", low: "JC", high: "KC", have: ["KC"], missing: 3, options: ["10C", "JC", "QC", "AC", "JK"], shared: ["KC"], real: 1 },
    { kind: "run", size: 4, rank: null, suit: "S", low: "9S", high: "KS", have: ["9S", "KS"], missing: 2, options: ["10S", "JS", "QS", "JK"], shared: [], real: 0 },
  ],
  outs: ["10C", "JC", "QC", "AC", "10S", "JS", "QS", "JK"],
};

/** A view as the engine gives it once the person is down (only what the sentence reads). */
function view({ step = 4, next = step + 1, final = false, now = false, turn = 1, phase = "draw" } = {}) {
  return {
    final_deal: final, steps_max: 10, laid_down_this_turn: now, game_over: false, turn, phase,
    players: [{ seat: 0, step, laid_down: true, next_step: final ? null : next }],
  };
}

const WORDS = {
  en: { next: "Next deal", last: "the game's last deal", ten: "Contract 10 is down", draw: "Draw, then" },
  tr: { next: "Sonraki dağıtım", last: "oyunun son dağıtımı", ten: "10. kontrat açıldı", draw: "Çek" },
  ko: { next: "다음 딜", last: "게임의 마지막 딜", ten: "10번째 계약을 내려놓", draw: "뽑은 뒤" },
};

for (const [lang, words] of Object.entries(WORDS)) {
  test(`${lang}: an ordinary deal names the next step`, async () => {
    await setLanguage(lang);
    for (const now of [false, true]) {
      const sentence = afterSentence(view({ now, turn: 0, phase: "play" }));
      assert.equal(sentence, t(now ? "contract.after_now" : "contract.after", { next: 5 }));
      assert.ok(sentence.includes(`${words.next}:`) && sentence.includes("5"), sentence);
    }
  });

  test(`${lang}: the game's last deal names no next deal, laid down on contract 9 or on 4`, async () => {
    await setLanguage(lang);
    for (const step of [4, 9]) {
      const later = afterSentence(view({ step, final: true, turn: 0, phase: "play" }));
      const now = afterSentence(view({ step, final: true, now: true, turn: 0, phase: "play" }));
      assert.equal(later, t("contract.after_final"));
      assert.equal(now, t("contract.after_final_now"));
      for (const sentence of [later, now]) {
        assert.ok(sentence.includes(words.last), sentence);
        assert.ok(!sentence.includes(words.next) && !sentence.includes("{next}"), sentence);
      }
      assert.notEqual(later, now);
    }
  });

  test(`${lang}: until the person has drawn (the computer players' turns too), the sentence starts with the draw`, async () => {
    await setLanguage(lang);
    const cases = [[{}, "contract.after_draw"], [{ step: 6, final: true }, "contract.after_final_draw"], [{ step: 10, final: true }, "contract.after_last_draw"]];
    for (const [shape, key] of cases) {
      const drawing = afterSentence(view({ ...shape, turn: 0, phase: "draw" }));
      const playing = afterSentence(view({ ...shape, turn: 0, phase: "play" }));
      const waiting = afterSentence(view({ ...shape, turn: 2, phase: "draw" }));
      assert.equal(drawing, t(key, { next: 5 }));
      assert.equal(waiting, drawing); // the computer players' turns: what comes next, the draw
      assert.notEqual(playing, drawing); // after the draw: the general line
      assert.ok(drawing.includes(words.draw), drawing);
      assert.ok(!playing.includes(words.draw), playing);
    }
  });

  test(`${lang}: the person's own contract 10 says so`, async () => {
    await setLanguage(lang);
    const later = afterSentence(view({ step: 10, final: true, turn: 0, phase: "play" }));
    const now = afterSentence(view({ step: 10, final: true, now: true, turn: 0, phase: "play" }));
    assert.equal(later, t("contract.after_last"));
    assert.equal(now, t("contract.after_last_now"));
    for (const sentence of [later, now]) assert.ok(sentence.startsWith(words.ten), sentence);
  });
}

test("a suggested lay-off names the meld by the cards one sees, not by a number the table never shows", async () => {
  const table = [
    { id: 1, owner: 1, kind: "group", cards: ["8C", "8D", "8H"] },
    { id: 3, owner: 0, kind: "run", cards: ["8C", "9C", "JK", "JC", "QC"] },
  ];
  for (const lang of ["en", "tr", "ko"]) {
    await setLanguage(lang);
    const run = moveWords("layoff KC 3 high", { table });
    assert.ok(run.includes("8♣–\u2060Q♣") && run.includes("K♣") && !/\b3\b/.test(run), `${lang}: ${run}`);
    assert.ok(run.endsWith(t("suggest.end_high")), `${lang}: ${run}`);
    const jokerEnd = moveWords("layoff 3D 4", { table: [{ id: 4, owner: 2, kind: "run", cards: ["4D", "5D", "6D", "7D", "JK"], stands_for: [null, null, null, null, "8D"] }] });
    assert.ok(jokerEnd.includes("4♦–\u20608♦") && !jokerEnd.includes("JK"), `${lang}: ${jokerEnd}`); // a play-test read "4♦–JK"
    const jokerGroup = moveWords("layoff 9S 5", { table: [{ id: 5, owner: 1, kind: "group", cards: ["9C", "JK", "9H"], stands_for: [null, "9", null] }] });
    assert.ok(jokerGroup.includes(`9♣ ${t("card.joker")} 9♥`), `${lang}: ${jokerGroup}`);
    const group = moveWords("layoff 8S 1", { table });
    assert.ok(group.includes("8♣ 8♦ 8♥") && group.includes("8♠"), `${lang}: ${group}`);
  }
});

/** The engine's progress for two groups, one full (A A joker) and one lacking a 5, with an ace also an out. */
const TWO_PLANS = {
  step: 1, missing: 1, ready: false,
  melds: [
    { kind: "group", size: 3, rank: "A", suit: null, have: ["AH", "AS", "JK"], missing: 0, options: [] },
    { kind: "group", size: 3, rank: "5", suit: null, have: ["5D", "5D"], missing: 1, options: ["5C", "5D", "5H", "5S", "JK"] },
  ],
  outs: ["AC", "5C", "AD", "5D", "AH", "5H", "AS", "5S", "JK"],
};

test("the contract line names the outs of other plans too, in every language", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  const expected = { en: "Any ace would do as well.", tr: "Başka bir planla şu da olur: bir as.", ko: "에이스 한 장으로도 됩니다." };
  for (const [lang, also] of Object.entries(expected)) {
    await setLanguage(lang);
    const sentence = progressSentence(TWO_PLANS);
    assert.ok(sentence.endsWith(` ${also}`), sentence);
    assert.ok(sentence.startsWith(t("progress.missing_one", { parts: "" }).slice(0, 6)), sentence);
  }
  await setLanguage("en");
  assert.equal(progressSentence(TWO_PLANS), "1 card to go: one more 5 or a joker for the group of 5s. Any ace would do as well.");
});

test("other outs: a rank only when every suit of it is one; past three only said to exist, none when the line names every out", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("en");
  const run = { ...TWO_PLANS, outs: [...TWO_PLANS.outs.filter((c) => !c.startsWith("A")), "7H", "8H"] };
  assert.ok(progressSentence(run).endsWith(" Any 7♥ or 8♥ would do as well."), progressSentence(run));
  const many = { ...TWO_PLANS, outs: [...TWO_PLANS.outs, "7H", "8H", "9H"] };
  assert.ok(progressSentence(many).endsWith("for the group of 5s. Several other cards would do as well."), progressSentence(many));
  for (const lang of ["tr", "ko"]) { // said in each language, never the key
    await setLanguage(lang);
    assert.ok(progressSentence(many).endsWith(` ${t("progress.also_many")}`) && !progressSentence(many).includes("also_many"), progressSentence(many));
  }
  await setLanguage("en");
  const one = { ...TWO_PLANS, outs: ["5C", "5D", "5H", "5S", "JK"] };
  assert.equal(progressSentence(one), "1 card to go: one more 5 or a joker for the group of 5s.");
});

test("other outs are not named with two cards to go (an out is then one step, not the contract)", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("en");
  const two = {
    ...TWO_PLANS, missing: 2,
    melds: [{ ...TWO_PLANS.melds[0], have: ["AH", "AS"], missing: 1, options: ["AC", "AD", "AH", "AS", "JK"] }, TWO_PLANS.melds[1]],
    outs: [...TWO_PLANS.outs, "7H", "7D", "7C", "7S"],
  };
  assert.ok(progressSentence(two).endsWith("for the group of 5s."), progressSentence(two));
});

test("a group is named by its rank in every language; two groups of one rank by their place", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  const expected = {
    en: "1 card to go: one more 5 or a joker for the group of 5s.",
    tr: "1 kart eksik: 5'ler grubu için bir 5 ya da joker daha.",
    ko: "1장 더 필요: 숫자 5 그룹에 5 또는 조커 한 장 더.", // "숫자": "2 그룹에 2장 더" read as counts (a play-test)
  };
  const one = { ...TWO_PLANS, outs: ["5C", "5D", "5H", "5S", "JK"] };
  for (const [lang, sentence] of Object.entries(expected)) {
    await setLanguage(lang);
    assert.equal(progressSentence(one), sentence);
  }
  await setLanguage("tr");
  const aces = { ...one, melds: [{ ...one.melds[0], rank: "7", have: ["7H", "7S", "JK"] }, { ...one.melds[1], rank: "A", have: ["AD", "AC"], options: ["AC", "AD", "AH", "AS", "JK"] }], outs: ["AC", "AD", "AH", "AS", "JK"] };
  assert.equal(progressSentence(aces), "1 kart eksik: aslar grubu için bir as ya da joker daha.");
  await setLanguage("en");
  const full = { ...one, melds: [{ ...one.melds[0], rank: "5" }, one.melds[1]] }; // a full group of 5s is not spoken of
  assert.equal(progressSentence(full), "1 card to go: one more 5 or a joker for the group of 5s.");
  const twins = { ...one, missing: 2, melds: [{ ...one.melds[1] }, one.melds[1]] };
  assert.equal(progressSentence(twins), "2 cards to go: one more 5 or a joker for the first group; one more 5 or a joker for the second group.");
});

test("Korean: two cards to go with a joker in hand is not worded as one more card", async () => {
  // "에이스 그룹에 2장 더 (에이스 또는 조커 한 장 더, …)": "one more joker" inside "2 more" read as
  // if one card were missing (a play-test). The joker the hand holds is "another" one: 다른 조커.
  const { progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("ko");
  const aces = {
    step: 1, missing: 2, ready: false,
    melds: [
      { kind: "group", size: 3, rank: "A", suit: null, have: ["AH"], missing: 2, options: ["AC", "AD", "AH", "AS", "JK"], real: 1 },
      { kind: "group", size: 3, rank: "5", suit: null, have: ["5C", "5D", "5H"], missing: 0, options: [] },
    ],
    outs: ["AC", "AD", "AH", "AS", "JK"],
  };
  const line = progressSentence(aces, ["AH", "JK", "5C", "5D", "5H"]);
  assert.ok(line.includes("다른 조커") && !line.includes("한 장 더"), line);
  await setLanguage("en");
});

test("a rank every suit of which is an out is named as the rank, even when one of its cards is named already", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("en");
  const run = {
    step: 3, missing: 1, ready: false,
    melds: [
      { kind: "run", size: 4, rank: null, suit: "H", low: "6H", high: "9H", have: ["6H", "7H", "8H"], missing: 1, options: ["9H", "5H", "JK"] },
      { kind: "run", size: 4, rank: null, suit: "S", low: "2S", high: "5S", have: ["2S", "3S", "4S", "5S"], missing: 0, options: [] },
    ],
    outs: ["5H", "9C", "9D", "9H", "9S", "JK"],
  };
  assert.ok(progressSentence(run).endsWith(" Any 9 would do as well."), progressSentence(run));
});

test("a run is named by the cards held, not by the engine's window", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("en");
  const spades = {
    step: 3, missing: 2, ready: false,
    melds: [
      { kind: "run", size: 4, rank: null, suit: "D", low: "4D", high: "7D", have: ["4D", "5D", "6D", "7D"], missing: 0, options: [] },
      { kind: "run", size: 4, rank: null, suit: "S", low: "JS", high: "KS", have: ["QS", "KS"], missing: 2, options: ["10S", "JS", "AS", "JK"] },
    ],
    outs: ["AS", "10S", "JS", "JK"],
  };
  assert.equal(progressSentence(spades), "2 cards to go: 2 more for the run Q♠–\u2060K♠ (10♠, J♠, A♠ or a joker).");
});

// A hinted discard of a card the contract panel counts on says why (adapter.hint's `missing`).
const planned = { progress: { missing: 1, melds: [{ kind: "group", have: ["AH", "JK"], options: ["AS"] }] } };
for (const lang of ["en", "tr", "ko"]) {
  test(`${lang}: a hinted discard the panel counts on says why`, async () => {
    await setLanguage(lang);
    assert.equal(hintReason({ hint: "discard AH", missing: { now: 1, after: 1 } }, "AH", planned), t("suggest.why_same_one", { count: 1 }));
    assert.equal(hintReason({ hint: "discard AH", missing: { now: 2, after: 2 } }, "AH", planned), t("suggest.why_same", { count: 2 }));
    assert.equal(hintReason({ hint: "discard AH", missing: { now: 1, after: 2 } }, "AH", planned), t("suggest.why_back"));
    assert.ok(!t("suggest.why_same", { count: 2 }).includes("{"));
    // a card no plan of the panel's counts on, a draw, a discard once down: nothing to explain
    assert.equal(hintReason({ hint: "discard KC", missing: { now: 1, after: 1 } }, "KC", planned), "");
    assert.equal(hintReason({ hint: "draw stock", missing: null }, null, planned), "");
    assert.equal(hintReason({ hint: "discard AH", missing: null }, "AH", { progress: null }), "");
    // one of two A♥ when the plan counts one: the twin stays, the plan with it
    assert.equal(hintReason({ hint: "discard AH", missing: { now: 1, after: 1 } }, "AH", { ...planned, hand: ["AH", "AH", "JK", "3C"] }), "");
    assert.equal(hintReason({ hint: "discard AH", missing: { now: 1, after: 1 } }, "AH", { ...planned, hand: ["AH", "JK", "3C"] }), t("suggest.why_same_one", { count: 1 }));
  });
}

// A hinted discard that keeps a card worth more points says why that card stays (adapter.hint's `kept`).
for (const lang of ["en", "tr", "ko"]) {
  test(`${lang}: a hinted discard says why a card worth more stays`, async () => {
    await setLanguage(lang);
    for (const why of ["needed", "outs", "fits", "near"]) {
      const said = hintReason({ hint: "discard 5C", missing: { now: 2, after: 2 }, kept: { card: "9C", why } }, "5C", planned);
      assert.equal(said, t(`suggest.why_keep_${why}`, { card: "9♣" }));
      assert.ok(said.includes("9♣") && !said.includes("{"), said);
    }
    // a rival collects the kept card's rank: named (a play-test read a dead-looking K♠ kept as a slip)
    const seated = { ...planned, players: [{ name: "You" }, { name: "Mira" }, { name: "Kaan" }, { name: "Jisoo" }] };
    const collects = hintReason({ hint: "discard 3S", missing: null, kept: { card: "KS", why: "collects", seat: 2 } }, "3S", seated);
    assert.equal(collects, t("suggest.why_keep_collects", { card: "K♠", name: "Kaan" }));
    assert.ok(collects.includes("Kaan") && collects.includes("K♠") && !collects.includes("{"), collects);
    // the hinted card's own reason goes first: one reason a hint
    assert.equal(hintReason({ hint: "discard AH", missing: { now: 1, after: 2 }, kept: { card: "KC", why: "outs" } }, "AH", planned), t("suggest.why_back"));
    assert.equal(hintReason({ hint: "discard 5C", missing: null, kept: null }, "5C", planned), "");
  });
}

for (const lang of ["en", "tr", "ko"]) {
  test(`${lang}: a hinted draw says what the top discard would do`, async () => {
    await setLanguage(lang);
    const take = (top) => hintReason({ hint: "draw discard", missing: null, top }, null, planned);
    const stock = (top) => hintReason({ hint: "draw stock", missing: null, top }, null, planned);
    const card = "6♠";
    assert.equal(take({ card: "6S", now: 1, with: 0, more: false }), t("suggest.why_take_done", { card }));
    assert.equal(take({ card: "6S", now: 3, with: 2, more: true }), t("suggest.why_take_closer", { card, count: 2 }));
    assert.equal(take({ card: "6S", now: 2, with: 1, more: false }), t("suggest.why_take_closer_one", { card }));
    assert.equal(take({ card: "6S", now: 2, with: 2, more: true }), t("suggest.why_take_more", { card }));
    assert.equal(take({ card: "6S", now: 2, with: 2, more: false }), "");
    assert.equal(take({ card: "6S", now: 2, with: 2, more: false, instead: null }), "");
    assert.equal(take({ card: "6S", now: 2, with: 2, more: false, instead: "10C" }), t("suggest.why_take_instead", { card, other: "10♣" }));
    assert.equal(take({ card: "6S", fits: true }), t("suggest.why_take_fits", { card }));
    assert.equal(stock({ card: "6S", now: 2, with: 2, more: true }), t("suggest.why_stock", { card }));
    assert.equal(stock({ card: "6S", now: 2, with: 1, more: false, fewer: false }), "", "a closer card left: Normal's reasons are its own");
    // A play-test read "draw from the stock" with no reason beside the card the panel asked for.
    assert.equal(stock({ card: "6S", now: 2, with: 1, more: false, fewer: true }), t("suggest.why_leave_fewer", { card }));
    assert.equal(stock({ card: "6S", fits: false }), t("suggest.why_stock_down", { card }));
    assert.equal(stock({ card: "6S", fits: true }), "");
    for (const key of ["why_take_done", "why_take_closer", "why_take_more", "why_take_fits", "why_stock", "why_stock_down", "why_leave_fewer"]) {
      const text = t(`suggest.${key}`, { card, count: 2 });
      assert.ok(text.includes(card) && !text.includes("{"), `${key}: ${text}`);
    }
    const swap = t("suggest.why_take_instead", { card, other: "10♣" });
    assert.ok(swap.includes(card) && swap.includes("10♣") && !swap.includes("{"), swap);
  });
}

test("the Daily's ready contract is not told that hints are off", () => {
  // "Ready to lay down!" beside "hints are off" read as a contradiction (a play-test): the line
  // is for a hand still short of its contract (drawn in the browser, test_extras.py).
  // The Daily's view as the engine sends it: no progress (hints are off), contract_ready alone.
  // The first version read progress.ready, which the Daily never has (a tablet play-test).
  const daily = { hints: false, game_over: false, turn: 0, phase: "play", progress: null, contract_ready: true, players: [{ seat: 0, laid_down: false }] };
  assert.deepEqual(contractHelp(daily), []);  // (short of it, the line is drawn: test_extras.py, in the browser)
});

test("a ready contract names the melds the Lay down button would put down", () => {
  // The panel said only "Ready to lay down!" over an empty line (a play-test).
  const ready = { hints: true, game_over: false, turn: 0, phase: "play", progress: { ready: true, melds: [], outs: [] },
    laydown_move: "laydown 4C 4D 4H / 10S JS QS KS", players: [{ seat: 0, laid_down: false }] };
  for (const lang of ["en", "tr", "ko"]) {
    setLanguage(lang);
    const line = readySentence(ready); // contractHelp's line (drawn in the browser: test_table.py)
    assert.ok(line.includes("4♣\u00a04♦\u00a04♥ · 10♠\u00a0J♠\u00a0Q♠\u00a0K♠"), line);
    assert.ok(!line.includes("{"), line);
  }
  setLanguage("en");
  // Before the draw the engine gives no move (a lay-down is not legal yet): the draw comes first.
  assert.equal(readySentence({ ...ready, phase: "draw", laydown_move: null }), t("progress.ready_draw"));
  // Not the person's turn (the computer players play): nothing.
  assert.deepEqual(contractHelp({ ...ready, turn: 2, phase: "draw", laydown_move: null }), []);
});

// The engine's progress (evaluate.progress(...).to_json()) for two play-test hands of contract 3.
/** 4♠ 6♠ 7♠ 8♠: 5♠ fills 4♠–7♠ and 9♠ fills 6♠–9♠; both are offered, the run named by all four. */
const OPEN_RUN = {
  step: 3, missing: 3, ready: false,
  melds: [
    { kind: "run", size: 4, rank: null, suit: "S", low: "6S", high: "7S", have: ["4S", "6S", "7S", "8S"], missing: 1, options: ["5S", "9S", "JK"] },
    { kind: "run", size: 4, rank: null, suit: "D", low: "6D", high: "9D", have: ["6D", "9D"], missing: 2, options: ["7D", "8D", "JK"] },
  ],
  outs: ["3H", "5H", "5S", "7D", "8D", "9S", "AH", "JK"],
};
/** 3♠…8♠: the second run waits for the other pack's 5♠ or 6♠ too, which the hand holds one of. */
const SECOND_RUN = {
  step: 3, missing: 2, ready: false,
  melds: [
    { kind: "run", size: 4, rank: null, suit: "S", low: "3S", high: "6S", have: ["3S", "4S", "5S", "6S"], missing: 0, options: [] },
    { kind: "run", size: 4, rank: null, suit: "S", low: "7S", high: "8S", have: ["7S", "8S"], missing: 2, options: ["5S", "6S", "9S", "10S", "JK"] },
  ],
  outs: ["10S", "2S", "5S", "6S", "7D", "8D", "9S", "AS", "JD", "JK", "QD"],
};

test("a run whose ways of finishing share one card is named by it, not by a span longer than the run", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  // evaluate.progress("AC 4C 7C 5H 9D 3S 8S 2H KD 10H", 3).to_json(): A–4 or 4–7, sharing the 4♣.
  const apart = {
    step: 3, missing: 4, ready: false,
    melds: [
      { kind: "run", size: 4, rank: null, suit: "C", low: "4C", high: "4C", have: ["AC", "4C", "7C"], missing: 2, options: ["2C", "3C", "5C", "6C", "JK"], shared: ["4C"] },
      { kind: "run", size: 4, rank: null, suit: "H", low: "2H", high: "5H", have: ["2H", "5H"], missing: 2, options: ["3H", "4H", "JK"], shared: [] },
    ],
    outs: ["2C", "3C", "5C", "6C", "3H", "4H", "JK"],
  };
  const hand = ["AC", "4C", "7C", "5H", "9D", "3S", "8S", "2H", "KD", "10H"];
  await setLanguage("en");
  assert.equal(progressSentence(apart, hand),
    "4 cards to go: 2 more for the run with 4♣ (2♣, 3♣, 5♣, 6♣ or a joker); 2 more for the run 2♥–\u20605♥ (3♥, 4♥ or a joker)."); // a play-test read "the run A♣–7♣"
  // One held card: named by it, not by the engine's window (a play-test holding 2♣ alone read
  // "the run 2♣–4♣").
  const single = ONE_HELD_CARD;
  assert.ok(progressSentence(single, ["9S", "3H", "KC", "3S", "KS", "QD", "3H", "8D", "4C", "3C"]).includes("3 more for the run with K♣ ("), progressSentence(single, []));
  for (const [lang, words] of [["tr", "4♣ içeren seri"], ["ko", "4♣ 포함 런"]]) {
    await setLanguage(lang);
    assert.ok(progressSentence(apart, hand).includes(words), progressSentence(apart, hand));
  }
});

test("a run open at both ends is named by every card it holds; a card the hand holds is 'another'", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("en");
  assert.equal(progressSentence(OPEN_RUN, ["8C", "6D", "9D", "2H", "4H", "8H", "4S", "6S", "7S", "8S"]),
    "3 cards to go: one more 5♠, 9♠ or a joker for the run 4♠–\u20608♠; 2 more for the run 6♦–\u20609♦ (7♦, 8♦ or a joker).");
  const hand = ["6D", "6D", "9D", "10D", "3S", "4S", "5S", "6S", "7S", "8S"];
  assert.equal(progressSentence(SECOND_RUN, hand),
    "2 cards to go: 2 more for the run 7♠–\u20608♠ (another 5♠, another 6♠, 9♠, 10♠ or a joker).");
  const one = { ...SECOND_RUN, missing: 1, melds: [SECOND_RUN.melds[0], { ...SECOND_RUN.melds[1], missing: 1, options: ["6S", "9S", "JK"] }] };
  assert.ok(progressSentence(one, hand).startsWith("1 card to go: one more card for the run 7♠–\u20608♠: another 6♠, 9♠ or a joker."), progressSentence(one, hand));
  // A joker held already (another meld uses it): "another joker", as for a card (two play-tests
  // read "or a joker" while holding one).
  const withJoker = [...hand.slice(0, -1), "JK"];
  assert.equal(progressSentence(SECOND_RUN, withJoker),
    "2 cards to go: 2 more for the run 7♠–\u20608♠ (another 5♠, another 6♠, 9♠, 10♠ or another joker).");
  const groupOne = { missing: 1, ready: false, outs: ["9C", "JK"], melds: [{ kind: "group", rank: 9, have: ["9D", "9H"], missing: 1, options: ["9C", "JK"] }] };
  assert.ok(progressSentence(groupOne, ["9D", "9H", "JK"]).startsWith("1 card to go: one more card for "), progressSentence(groupOne, ["9D", "9H", "JK"]));
  assert.ok(progressSentence(groupOne, ["9D", "9H", "JK"]).includes("another joker"));
  assert.ok(progressSentence(groupOne, ["9D", "9H"]).includes("or a joker"));
  for (const lang of ["tr", "ko"]) { // said in each language, never a key or a placeholder
    await setLanguage(lang);
    for (const sentence of [progressSentence(SECOND_RUN, hand), progressSentence(one, hand)]) {
      assert.ok(!/progress\.|\{/.test(sentence) && sentence.includes("9♠"), sentence);
    }
  }
  await setLanguage("en");
});

test("one card to go and the top discard makes it: said instead of the other outs, only while the person is to draw", async () => {
  const { drawableTop, progressSentence } = await import("../../site/js/hints.js");
  await setLanguage("en");
  // The play-test's hand: 2♣ 2♣ 4♣ 5♣ 5♣ 10♣ 3♦ 10♥ 2♠ JK on contract 5, the 10♣ on the pile.
  const progress = {
    step: 5, missing: 1, ready: false,
    melds: [
      { kind: "group", size: 4, rank: "2", suit: null, have: ["2C", "2C", "2S"], missing: 1, options: ["2C", "2D", "2H", "2S", "JK"] },
      { kind: "run", size: 4, rank: null, suit: "C", low: "2C", high: "5C", have: ["2C", "4C", "5C", "JK"], missing: 0, options: [] },
    ],
    outs: ["2C", "2D", "2H", "2S", "3C", "6C", "7C", "10C", "JK"],
  };
  const hand = ["2C", "2C", "4C", "5C", "5C", "10C", "3D", "10H", "2S", "JK"];
  const view = { turn: 0, phase: "draw", legal: ["draw stock", "draw discard"], hand, discard: ["8D", "10C"], progress };
  const text = (v) => progressSentence(v.progress, v.hand, drawableTop(v));
  assert.ok(text(view).endsWith(" The 10♣ on the discard pile completes your contract."), text(view));
  assert.ok(!text(view).includes("would do as well"), text(view));
  const drawn = { ...view, phase: "play", legal: ["discard 3D", "discard 10H"] };
  assert.ok(!text(drawn).includes("discard pile"), text(drawn)); // drawn already
  assert.ok(!text({ ...view, turn: 2 }).includes("discard pile")); // not the person's turn
  assert.ok(!text({ ...view, discard: ["10C", "8D"] }).includes("discard pile")); // the 8♦ helps nothing
  for (const lang of ["tr", "ko"]) {
    await setLanguage(lang);
    assert.ok(text(view).includes("10♣") && !/progress\.|\{/.test(text(view)), text(view));
  }
  await setLanguage("en");
});

test("after the game's last deal the ladder says the contracts completed, as the results do", async () => {
  // A play-test read "▲ to step 6" on the last deal's sheet over a result of 5 contracts.
  await setLanguage("en");
  assert.equal(climbWords(6, 5, true, false), "▲ to step 6");
  assert.equal(climbWords(5, 4, false, false), "stays on step 5");
  assert.equal(climbWords(6, 5, true, true), "▲ 5 contracts");
  assert.equal(climbWords(2, 1, false, true), "1 contract");
  assert.equal(climbWords(11, 10, true, true), "▲ 10 contracts"); // contract 10 climbs to no step 11
  // (lookHelp builds elements: the page's look at the last table is checked in the browser)
  assert.equal(t("contract.look_out_last", { count: 5 }), "You went out: 5 contracts in all.");
  for (const lang of ["tr", "ko"]) {
    await setLanguage(lang);
    assert.ok(climbWords(6, 5, true, true).includes("5") && !climbWords(6, 5, true, true).includes("6"));
    for (const key of ["look_out_last", "look_climbed_last", "look_stayed_last"]) {
      const text = t(`contract.${key}`, { count: 5 });
      assert.ok(text.includes("5") && !text.includes("{"), text);
    }
  }
  await setLanguage("en");
});

// A meld needs two real cards: a group of one ace wants two more, one at least an ace (a play-test
// read "2 more for the group of aces (aces or a joker)" as room for two jokers).
test("a meld short of its two real cards says how many of its missing cards must be real", async () => {
  const { progressSentence } = await import("../../site/js/hints.js");
  const aces = {
    step: 1, missing: 3, ready: false,
    melds: [
      { kind: "group", size: 3, rank: "A", suit: null, have: ["AS"], missing: 2, options: ["AC", "AD", "AH", "AS", "JK"], real: 1 },
      { kind: "group", size: 3, rank: "7", suit: null, have: ["7C", "7D"], missing: 1, options: ["7H", "7S", "JK"], real: 0 },
    ],
    outs: ["AC", "AD", "AH", "AS", "7H", "7S", "JK"],
  };
  const single = ONE_HELD_CARD;
  const expected = {
    en: ["3 cards to go: 2 more for the group of aces (ace or a joker; at least one not a joker); one more 7 or a joker for the group of 7s.",
      "3 more for the run with K♣ (10♣, J♣, Q♣, A♣ or a joker; at least one not a joker)",
      "2 more for the run 9♠–\u2060K♠ (10♠, J♠, Q♠ or a joker)."],
    tr: ["2 kart daha (as ya da joker; en az biri gerçek)", "(10♣, J♣, Q♣, A♣ ya da joker; en az biri gerçek)", null],
    ko: ["(에이스 또는 조커, 진짜 카드 1장 이상)", "(10♣, J♣, Q♣, A♣ 또는 조커, 진짜 카드 1장 이상)", null],
  };
  for (const [lang, [aceWords, runWords, twoHeld]] of Object.entries(expected)) {
    await setLanguage(lang);
    const line = progressSentence(aces, ["AS", "7C", "7D"]);
    if (lang === "en") assert.equal(line, aceWords);
    else assert.ok(line.includes(aceWords), line);
    const runs = progressSentence(single, []);
    assert.ok(runs.includes(runWords), runs);
    if (twoHeld) assert.ok(runs.endsWith(twoHeld), runs); // two real cards held: jokers may fill the rest
  }
  await setLanguage("en");
});
