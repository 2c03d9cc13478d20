// hints.js — the contract panel's "what am I still missing" line and the hint button's move,
// worded in the person's language from the engine's own evaluator (view.progress) and the
// computer player Normal's choice (adapter.hint). Nothing here judges a hand or a move.

import { h } from "./dom.js";
import { entry, t } from "./i18n.js";
import { meldCardWord, meldsText, shortCard } from "./cards.js";

/** "9" → "9", "A" → "ace" (the language's rank word). */
function rankWord(rank) {
  return entry(`card.ranks.${rank}`) ?? rank;
}

/** ["5♦", "6♦", "a joker"] → "5♦, 6♦ or a joker" (the language's joiners). */
export function listOr(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(t("progress.comma"))}${t("progress.or")}${items[items.length - 1]}`;
}

/**
 * "the group of 5s", "the run 4♦–7♦", "the second group": which meld of the contract this is,
 * by what the person can see in the hand. A group is named by its rank (a number in the plan's
 * order moved from turn to turn as the plan changed, a play-test found), unless another group of
 * that rank still lacks cards too; those, and a meld with no card yet, are named by their place.
 */
function meldName(meld, index, melds) {
  const same = melds.filter((m) => m.kind === meld.kind);
  if (meld.kind === "run" && meld.low && meld.high) return runName(meld);
  // Named by rank unless another group of that rank also still lacks cards (a full one is not spoken of).
  if (meld.kind === "group" && meld.rank && same.filter((m) => m.rank === meld.rank && m.missing > 0).length === 1) {
    return t("progress.group_of", { ranks: t(`progress.group_ranks.${meld.rank}`) });
  }
  if (same.length === 1) return t(`progress.the_${meld.kind}`);
  const nth = same.indexOf(meld) + 1;
  return t(`progress.nth_${meld.kind}`, { nth: t(`progress.ordinal.${nth}`) });
}

/**
 * A run by the cards it holds, in run order, not by the engine's window: holding Q♠ K♠, "the run
 * J♠–K♠" named a J♠ one does not have (a play-test). When its ways of finishing share one held
 * card only (the engine's `shared`: A♣ 4♣ 7♣ for a run of 4, A–4 or 4–7), "the run with 4♣": "the
 * run A♣–7♣" named seven places (a play-test). So is a run of one held card: holding 2♣ alone,
 * "the run 2♣–4♣" named cards the hand lacks (a play-test).
 */
function runName(meld) {
  const held = (meld.have || []).filter((card) => card !== "JK");
  if (held.length === 1) return t("progress.run_with", { card: shortCard(held[0]) });
  if (meld.shared?.length === 1 && held.length > 1) return t("progress.run_with", { card: shortCard(meld.shared[0]) });
  const [from, to] = held.length >= 2 ? [held[0], held.at(-1)] : [meld.low, meld.high];
  return t("progress.run_span", { low: shortCard(from), high: shortCard(to) });
}

/**
 * What would fill the meld's gaps, as words: "9 or a joker", "5♦ or 6♦", "cards of one rank". A
 * card the hand holds already (another meld uses it) is "another 5♠": the twin of the other pack
 * (a play-test read "5♠" as a card it had and no use); so is a joker ("or another joker": two
 * play-tests read "or a joker" while holding one).
 */
function optionWords(meld, hand) {
  const joker = meld.options.includes("JK");
  const items = [];
  const word = (card) => (hand.includes(card) ? t("progress.another", { card: shortCard(card) }) : shortCard(card));
  if (meld.kind === "group") items.push(meld.rank ? rankWord(meld.rank) : t("progress.any_rank"));
  else if (!meld.suit) items.push(t("progress.any_run"));
  else items.push(...meld.options.filter((card) => card !== "JK").map(word));
  if (joker) items.push(t(hand.includes("JK") ? "progress.another_joker" : "progress.joker"));
  return listOr(items);
}

/** Whether one of a meld's options is a card the hand holds (worded "another 5♠", "another joker": "one more another" is no phrase). */
function holdsAnOption(meld, hand) {
  if (meld.options.includes("JK") && hand.includes("JK")) return true;
  return meld.kind === "run" && Boolean(meld.suit) && meld.options.some((card) => card !== "JK" && hand.includes(card));
}

/**
 * One meld's part of the panel's line: "2 more for the group of aces (ace or a joker, at least one
 * real)". How many must be real is the engine's (`real`: a meld needs two real cards); a play-test
 * read "2 more for the group of aces (ace or a joker)" as room for two jokers.
 */
function needWords(meld, which, hand) {
  const words = { count: meld.missing, options: optionWords(meld, hand), which };
  if (meld.missing === 1) return t(holdsAnOption(meld, hand) ? "progress.need_one_list" : "progress.need_one", words);
  const real = meld.real ?? 0;
  if (!meld.options.includes("JK") || real === 0) return t("progress.need", words);
  return t(real === 1 ? "progress.need_real_one" : "progress.need_real", { ...words, real });
}

/**
 * The contract panel's line for view.progress, or "" (none: the Daily, laid down, game over).
 * "1 card to go: one more 9 or a joker for the second group."
 */
export function progressSentence(progress, hand = [], top = null) {
  if (!progress) return "";
  if (progress.ready) return t("progress.ready");
  const parts = progress.melds
    .map((meld, i, melds) => ({ meld, which: meldName(meld, i, melds) }))
    .filter(({ meld }) => meld.missing > 0)
    .map(({ meld, which }) => needWords(meld, which, hand));
  const line = t("progress.missing", { count: progress.missing, parts: parts.join(t("progress.semicolon")) });
  // The top discard makes the contract: said in place of the other outs, which the panel's lines
  // have no room for beside it (a play-test, told "several other cards would do", drew from the
  // stock past the 10♣ that made it).
  if (progress.missing === 1 && top && progress.outs?.includes(top)) return `${line} ${t("progress.top_makes_it", { card: shortCard(top) })}`;
  // One card from the contract: every other out finishes it too (with two or more to go, an out
  // is only a step, and a list of them read as if any one would do).
  const others = progress.missing === 1 ? otherOuts(progress) : "";
  if (others === MANY) return `${line} ${t("progress.also_many")}`;
  return others ? `${line} ${t("progress.also", { cards: others })}` : line;
}

const SUITS = ["C", "D", "H", "S"];
const OTHERS_SHOWN = 3; // more would not fit the panel's lines on a phone: then they are only said to exist
const MANY = Symbol("many other outs");

/**
 * The engine's outs that the line's plan does not name ("ace", "7♥"), as words, or "": the line
 * names one best plan, and a hand often has others (4♣ 4♠ / 5♦ 5♥ / 7♦ 7♦ 7♥ wants a 4, a 5 or
 * a 7, not only the 4 the plan's meld lacks). A rank stands for itself when every suit of it is
 * an out. None when the line already speaks of any rank or any run; MANY past OTHERS_SHOWN (a
 * play-test, told only of "one more 2", did not see that any of five other ranks would do).
 */
function otherOuts(progress) {
  const open = progress.melds.some((meld) => meld.missing > 0 && (meld.kind === "group" ? !meld.rank : !meld.suit));
  if (open || !progress.outs) return "";
  const named = new Set(progress.melds.flatMap((meld) => meld.options));
  const extra = progress.outs.filter((card) => card !== "JK" && !named.has(card));
  const word = (card) => {
    const rank = card.slice(0, -1);
    const whole = SUITS.every((suit) => progress.outs.includes(rank + suit)); // "any 9", even if one 9 is named already
    return t("progress.also_item", { card: whole ? rankWord(rank) : shortCard(card) });
  };
  const items = [...new Set(extra.map(word))]; // a whole rank once
  if (items.length > OTHERS_SHOWN) return MANY;
  return items.length ? listOr(items) : "";
}

/** A canonical action as a suggestion in words: "discard KC" → "Discard K♣." */
export function moveWords(move, view) {
  const [verb, ...rest] = move.split(" ");
  if (move === "draw stock") return t("suggest.draw_stock");
  if (move === "draw discard") return t("suggest.draw_discard", { card: shortCard(view.discard[view.discard.length - 1]) });
  if (move === "laydown") return t("suggest.laydown");
  if (verb === "laydown") {
    return t("suggest.laydown_own", { melds: meldsText(laydownMelds(move)) });
  }
  if (verb === "layoff") {
    const [card, meld, end] = rest;
    const where = end ? t(`suggest.end_${end}`) : "";
    return t("suggest.layoff", { card: shortCard(card), meld: meldWords(view.table.find((m) => String(m.id) === meld)) ?? meld, end: where });
  }
  if (verb === "discard") return t("suggest.discard", { card: shortCard(rest[0]) });
  return move;
}

/**
 * A table meld as the eye finds it (melds carry no numbers on screen): a run by its ends,
 * "8♣–Q♣" (a joker at an end by the card it stands for: "4♦–8♦"); a group by its cards,
 * "8♣ 8♦ 8♥" (a joker there by its name).
 */
function meldWords(meld) {
  if (!meld) return null;
  if (meld.kind !== "run") return meld.cards.map(shortCard).join(" ");
  return `${meldCardWord(meld, 0)}–\u2060${meldCardWord(meld, meld.cards.length - 1)}`; // a word joiner: "5♦–" never ends a line
}

/**
 * Why a hinted discard lets go of a card the contract panel counts on: the panel names one plan,
 * and the hint and the panel read as contrary orders (a play-test). From the engine's counts of
 * cards to go with the card and without it (adapter.hint's `missing`): just as close (another plan
 * does without it), or a card further, which only the cost of keeping it explains. A hinted draw
 * says what the top discard would do (drawReason). "" otherwise.
 */
export function hintReason(answer, card, view) {
  if (answer.top) return drawReason(answer.hint, answer.top);
  const missing = answer.missing;
  // Counted when every copy held is: of two 7♥ the plan needs one, the other goes freely (a
  // play-test read "another plan does without it" of the same plan).
  const copies = (cards) => cards.filter((held) => held === card).length;
  const used = (view.progress?.melds || []).reduce((sum, meld) => sum + copies(meld.have || []), 0);
  const counted = used > 0 && used >= copies(view.hand || []);
  if (missing && card && counted) return missing.after > missing.now ? t("suggest.why_back") : t("suggest.why_same", { count: missing.now });
  // Else why a card worth more points stays (a play-test read "discard 5♣" beside a 9♣ as a slip).
  const kept = answer.kept;
  return kept ? t(`suggest.why_keep_${kept.why}`, { card: shortCard(kept.card), name: view.players?.[kept.seat]?.name ?? "" }) : "";
}

/**
 * Why a hinted draw takes the top discard or leaves it, from the engine's facts about that card
 * (adapter.hint's `top`): how close it brings the contract, or, once down, whether it fits a meld.
 * Only what the facts show is said: a discard left that would bring the hand closer is said to
 * leave fewer cards that help, when it does (else Normal's reasons are its own: what taking it
 * tells the others), and one taken that fits nothing gets no reason.
 */
function drawReason(move, top) {
  const card = shortCard(top.card);
  const take = move === "draw discard";
  if ("fits" in top) {
    if (take === top.fits) return t(take ? "suggest.why_take_fits" : "suggest.why_stock_down", { card });
    return "";
  }
  // A closer card left: said only when the hand would then have fewer cards that help (a
  // play-test read "draw from the stock" beside the card the panel asked for).
  if (!take) return top.with < top.now ? (top.fewer ? t("suggest.why_leave_fewer", { card }) : "") : t("suggest.why_stock", { card });
  if (top.with === 0) return t("suggest.why_take_done", { card });
  if (top.with < top.now) return t("suggest.why_take_closer", { card, count: top.with });
  if (top.more) return t("suggest.why_take_more", { card });
  return top.instead ? t("suggest.why_take_instead", { card, other: shortCard(top.instead) }) : "";
}

/** The card a suggested move plays from the hand ("discard KC" → "KC"), else null. */
export function moveCard(move) {
  const [verb, card] = move.split(" ");
  return verb === "discard" || (verb === "layoff" && card) ? card : null;
}

/**
 * The contract panel's extra part (render.js): in New Game, what is still missing until the
 * contract is down; in the Daily, the line saying hints are off; once down, the next step.
 * Nothing on a deal's last table (anim.js advance: a deal's end leaves nobody's turn).
 */
export function contractHelp(view) {
  if (view.game_over || view.turn === null) return []; // a deal's last table: nothing is left to do in it
  const me = view.players[0];
  if (me.laid_down) return [h("span", { class: "contract-missing after", text: afterSentence(view) })];
  // The Daily holds back which cards are missing, not the contract's state: once it is ready the
  // panel says so, and a line that hints are off beside "Ready to lay down!" read as a contradiction.
  // (The Daily's view has no progress: its contract_ready says it.)
  if (view.hints === false) return view.contract_ready ? [] : [h("span", { class: "contract-missing off", text: t("suggest.daily_off") })];
  const sentence = view.progress?.ready ? readySentence(view) : progressSentence(view.progress, view.hand, drawableTop(view));
  return sentence ? [h("span", { class: "contract-missing", text: sentence })] : [];
}

/**
 * At a deal's last table, looked at after its sheet (game.js lookAtDeal): how the deal ended for
 * the person and where the ladder goes, from the deal's end event (`summary`). The panel was an
 * empty box there (a play-test of the lesson).
 */
export function lookHelp(summary, last = false) {
  const mine = summary.hands?.find((hand) => hand.seat === 0);
  if (!mine) return [];
  const key = summary.went_out === 0 ? "contract.look_out" : mine.climbed ? "contract.look_climbed" : "contract.look_stayed";
  const words = last ? t(`${key}_last`, { count: mine.completed_total }) : t(key, { step: mine.step_after });
  return [h("span", { class: "contract-missing after", text: words })];
}

/**
 * Where a deal leaves a player on the ladder: "▲ to step 6" / "stays on step 5"; after the game's
 * last deal the contracts completed, as the results count them ("▲ 5 contracts" / "4 contracts"):
 * "▲ to step 6" over a result of 5 contracts read as a mistake (a play-test), and a player who
 * completes contract 10 climbs to no step 11.
 */
export function climbWords(stepAfter, completed, climbed, last) {
  if (last && completed !== undefined) return t(climbed ? "deal.climbed_last" : "deal.stayed_last", { count: completed });
  return t(climbed ? "deal.climbed" : "deal.stayed", { step: stepAfter });
}

/**
 * Once the contract is ready ("Ready to lay down!" is said already), the melds the Lay down
 * button would put on the table: the engine's laydown_move, as the slots show cards ("4♣ 4♦ 4♥
 * · Q♣ Q♦ Q♥"), named without the button, whose words differ by screen. The panel was otherwise
 * empty, and the person could not tell which of their cards the button would use. Before the
 * draw the engine gives no move (a lay-down is not legal yet): the line says to draw first.
 */
export function readySentence(view) {
  const move = view.laydown_move;
  // Ready before the draw: the draw comes first (the panel's body was empty, a play-test).
  if (!move) return view.turn === 0 && view.phase === "draw" ? t("progress.ready_draw") : "";
  return t("progress.laydown_melds", { melds: meldsText(laydownMelds(move)) });
}

/** The melds of a lay-down in the engine's notation: "laydown AC AD JK / 5H 5S JK" → [["AC", "AD", "JK"], ["5H", "5S", "JK"]]. */
function laydownMelds(move) {
  return move.replace(/^laydown /, "").split(" / ").map((meld) => meld.split(" "));
}

/** The top discard while the engine lets the person take it (its legal moves); else null. */
export function drawableTop(view) {
  return view.turn === 0 && view.legal?.includes("draw discard") ? view.discard?.at(-1) ?? null : null;
}

/**
 * Once the contract is down, the panel's reserved lines say what is left to do this deal and
 * where the ladder goes next: the engine's next_step, or, in the game's last deal (the engine's
 * final_deal: deal 10 of 10, or anyone has laid down contract 10), that there is no next deal;
 * "Contract 10 is down" when it is the person's own contract on the ladder's top step (the
 * engine's steps_max) that made it the last. On the turn of the lay-down ("_now") only a
 * discard is left: lay-offs start on the next turn. Until the person has drawn ("_draw": their
 * turn before the draw, and the computer players' turns before it) the sentence starts with the
 * draw, as no lay-off or discard is open yet (a play-test read "Lay off… or discard" while the
 * computer players played as a call to act).
 */
export function afterSentence(view) {
  const me = view.players[0];
  const playing = view.turn === 0 && view.phase !== "draw";
  const now = view.laid_down_this_turn ? "_now" : playing ? "" : "_draw";
  if (view.final_deal) return t(`contract.${me.step === view.steps_max ? "after_last" : "after_final"}${now}`);
  return t(`contract.after${now}`, { next: me.next_step });
}

/** The Hint button of the action row (New Game only); its name says what it does. */
export function hintButton() {
  return h("button", {
    type: "button", class: "action hint-button", id: "hint-button", "aria-label": t("suggest.button_label"),
  }, bulb(), h("span", { class: "hint-word", text: t("suggest.button") }));
}

function bulb() {
  const svg = h("svg:svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  svg.append(h("svg:path", { d: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" }));
  return svg;
}
