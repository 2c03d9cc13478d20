// tutorial.js — "Learn by playing": a guided first deal on the real table and the real engine.
//
// The lesson is an ordinary New Game on a fixed seed (LESSON), found so that the first contract
// comes at once, against the Easy computer players of the engine version it was found with (kept
// by the engine's registry, so the deal stays the same after an update). Coach marks point at the
// real controls in order — draw, the contract panel, lay down, the taken-card rule, discard, lay
// off onto a lit meld, going out — and each waits for the person to do it: game.js asks `allows`
// before sending a move, and a move that is not the step's is not played; the mark says what to
// do instead. The lesson is saved like any game but in a slot of its own ("learn"), with the step
// it is at, so a reload comes back to the same step at the same table (game.js `resumeLesson`);
// it is never counted in statistics, submitted, or offered as a game to continue elsewhere, and
// it is forgotten once it ends, is skipped, or another game takes the table.

import { narrate } from "./anim.js";
import { $, h, shownLabel } from "./dom.js";
import { cardName, t } from "./i18n.js";

/** The lesson's game: seed, difficulty and the engine version whose Easy players it was found with. */
export const LESSON = Object.freeze({ mode: "new", difficulty: "easy", seed: "learn-396", engine: "1.0.0", learn: true });
export const LESSON_SEEN = "lesson"; // storage key: {seen: true} once the lesson was taken or declined

const card = (code) => `#hand button.card[data-card="${code}"]`;
const meld = (id) => `#melds [data-meld="${id}"]`;

/**
 * The steps, in order. `target`: what the mark points at; `expect(command)`: the move that
 * completes the step (none: an explanation, completed by Next); `until(view)`: a step of several
 * moves (lay off every card) lasts until this holds; `pile`: the one pile a draw step lets the
 * person draw from (the other loses its ring: a play-test tapped the lit stock at step 1 and was
 * refused); `labels`: buttons the words name, by the label each shows now (a narrow table shows
 * the short one: a tablet's lesson named Turkish "Aç" beside a button that read "Kontratı aç");
 * `lift`: the one card the step's move plays, or "fits": any card that fits a meld (lifting
 * another gets the step's warning at once).
 */
export const STEPS = [
  { id: "draw", target: () => "#discard", pile: "discard", expect: (c) => c === "draw discard", words: { card: "QD" } },
  { id: "contract", target: () => "#contract-panel" },
  { id: "laydown", target: () => "#laydown-button", expect: (c) => c.startsWith("laydown"), labels: { button: "laydown-button" } },
  { id: "taken", target: () => card("QD"), words: { card: "QD" } },
  { id: "discard", target: () => card("JC"), expect: (c) => c === "discard JC", words: { card: "JC" }, lift: "JC" },
  { id: "stock", target: () => "#stock", pile: "stock", expect: (c) => c === "draw stock" },
  { id: "layoff", target: () => meld(1), expect: (c) => c === "layoff 7C 1", words: { card: "7C" }, lift: "7C" },
  { id: "discard_taken", target: () => card("QD"), expect: (c) => c === "discard QD", words: { card: "QD" }, lift: "QD" },
  { id: "stock_again", target: () => "#stock", pile: "stock", expect: (c) => c === "draw stock" },
  // Kaan's melds, the queens and the threes the step names: pointing at the whole meld area left
  // the mark no room but over the seats (a tablet's play-test lost two of them under it).
  { id: "layoffs", target: () => '#melds .owner-group[data-owner="2"]', expect: (c) => c.startsWith("layoff "), until: (view) => view.hand.length <= 1, lift: "fits" },
  { id: "out", target: () => "#hand button.card", expect: (c) => c.startsWith("discard ") },
];

/**
 * The computer players' lay-downs and lay-offs among the events since the person's last move, or
 * null. On a phone the Plays log is a sheet and the status line keeps only the last play, so a
 * newcomer missed that a rival laid off onto their meld, or laid down the melds the next step
 * lays off onto (a play-test): the mark says so above the step's words. Kept as events, so
 * they are said in the language of the moment.
 */
function othersMelding(view) {
  const events = (view.events || []).filter((event) => event.seat !== 0 && (event.type === "laydown" || event.type === "layoff"));
  return events.length ? { events, players: view.players } : null;
}

/** The words of a step, with its cards named in the page's language and its buttons as they read. */
function stepWords(step, key) {
  const words = Object.fromEntries(Object.entries(step.words || {}).map(([name, code]) => [name, cardName(code)]));
  for (const [name, id] of Object.entries(step.labels || {})) words[name] = shownLabel(id);
  return t(`learn.${step.id}_${key}`, words);
}

export class Lesson {
  /**
   * `onSkip()`: the person left the lesson; `onDone()`: the deal ended, the lesson is over;
   * `onStep(index)`: the lesson moved on to step `index` (game.js saves it); `onPile(pile)`: the
   * one pile the step lets the person draw from ("stock", "discard"), or null (render.js rings
   * only that one). `step`: the step to start at (a lesson resumed after a reload).
   */
  constructor({ onSkip, onDone, onStep = () => {}, onPile = () => {}, step = 0 }) {
    this.index = Math.max(0, Math.min(Number.isInteger(step) ? step : 0, STEPS.length - 1));
    this.onSkip = onSkip;
    this.onDone = onDone;
    this.onStep = onStep;
    this.onPile = onPile;
    this.over = false;
    this.warning = "";
    this.seen = null; // what the computer players laid down or off since the person's last move
    this.mark = h("section", { class: "coach", id: "coach", "aria-labelledby": "coach-title" });
    $("app").append(this.mark);
    this.timer = setInterval(() => this.place(), 250); // the table redraws its cards: keep pointing
    this.onResize = () => this.draw(); // its words too: a button they name may show its other label now
    addEventListener("resize", this.onResize);
  }

  get step() { return STEPS[this.index] || null; }

  /** Whether `command` is the move the lesson waits for; if not, the mark says what to do instead. */
  allows(command) {
    const step = this.step;
    if (this.over || !step) return true;
    if (step.expect && step.expect(command)) return true;
    // An explanation acted past: the move the step after it waits for is the person's to make
    // (a play-test tapped the lit Lay down while the mark explained the contract panel, and was
    // told to read first; the line under the hand had said to tap it).
    if (!step.expect && STEPS[this.index + 1]?.expect?.(command)) { this.advance(); return true; }
    this.warning = step.expect ? stepWords(step, "wrong") : t("learn.read_first");
    this.draw();
    return false;
  }

  /**
   * The person lifted `code` (`fits`: it fits a meld on the table). A card the step's move does
   * not play gets the step's warning now: a new player who lifted the wrong card heard nothing
   * until the second tap was refused (a play-test). The right card takes an earlier warning away.
   * In "lay off all you can" (`lift: "fits"`), a card that fits nowhere is the wrong one.
   */
  lifted(code, fits) {
    const step = this.step;
    if (this.over || !step?.lift) return;
    const wrong = step.lift === "fits" ? !fits : code !== step.lift;
    const warning = wrong ? stepWords(step, "wrong") : "";
    if (warning === this.warning) return;
    this.warning = warning;
    this.draw();
  }

  /** The engine took a move (or the computers played): go on to the next step where it is done. */
  update(view, command = null) {
    if (this.over) return;
    if (view.deal > 1 || view.game_over) { this.finish(); return; }
    this.seen = othersMelding(view);
    const step = this.step;
    if (command && step?.expect?.(command) && !(step.until && !step.until(view))) this.advance();
    this.warning = "";
    this.draw();
  }

  /**
   * A lesson resumed at its saved step, on the table `view`. `moved`: the table has moves the
   * step was saved before — the step's own move (the only one it lets through), played just
   * before the page closed and before the step after it was saved: go on as `update` would have.
   */
  resume(view, moved) {
    const step = this.step;
    if (moved && step?.expect && !(view.deal > 1 || view.game_over) && !(step.until && !step.until(view))) this.advance();
    this.update(view);
  }

  next() {
    if (this.step?.expect) return;
    this.advance();
    this.warning = "";
    this.draw();
  }

  advance() {
    this.index += 1;
    this.onStep(this.index);
  }

  draw() {
    const step = this.step;
    if (!step) { this.mark.hidden = true; return; }
    this.mark.hidden = false;
    this.mark.dataset.step = step.id;
    this.onPile(step.pile || null);
    // A wrong move's warning says again what to do, so on a phone it stands in for the step's
    // words (both made the mark cover the melds); an explanation's warning ("read this step
    // first") keeps them.
    this.mark.classList.toggle("corrected", Boolean(this.warning && step.expect));
    this.mark.classList.toggle("explains", !step.expect);
    // Skip sits in the head beside the title, and Next (an explanation's only move) beside the
    // words' last line (tutorial.css): the mark is as short as its words allow, so on a phone
    // it fits over the seats' row and leaves the melds in view (a play-test lost the table
    // under it).
    this.mark.replaceChildren(...[
      h("div", { class: "coach-head" },
        h("div", { class: "coach-heading" },
          h("p", { class: "coach-count small", text: t("learn.count", { step: this.index + 1, steps: STEPS.length }) }),
          h("h2", { id: "coach-title", class: "coach-title", text: stepWords(step, "title") })),
        h("button", { type: "button", class: "action coach-skip", id: "coach-skip", text: t("learn.skip"), onclick: () => this.skip() })),
      this.seen ? h("p", { class: "coach-meanwhile", text: this.seen.events.map((event) => narrate(event, this.seen.players)).join(" ") }) : null,
      h("p", { class: "coach-text", text: stepWords(step, "text") }),
      h("p", { class: "coach-warning", role: "alert", text: this.warning }),
      step.expect ? null : h("div", { class: "coach-buttons" },
        h("button", { type: "button", class: "action primary", id: "coach-next", text: t("learn.next"), onclick: () => this.next() })),
    ].filter(Boolean));
    this.place();
  }

  /** Point at the step's control: highlight it, and put the mark beside it, on screen. */
  place() {
    if (this.over) return;
    for (const old of document.querySelectorAll(".coach-target")) old.classList.remove("coach-target");
    const modal = document.querySelector("dialog[open]");
    // While the computer players' turns play out the step's words are out of date (it still said
    // "discard the J♣" for seconds after a play-test had): the mark waits, as for a sheet.
    const app = document.getElementById("app");
    // And once the deal is over, its last table looked at from the score sheet: the last step's
    // "discard your last card" covered the seats that look is for (a play-test).
    // And while the Arrange panel is open (the Lay down step's other way): the mark sat over its
    // slots and their words, still saying "tap Lay down", a button the panel puts away (a
    // play-test). The panel says what to do; its "Lay these down" is the step's move too.
    const arranging = document.getElementById("arrange")?.hidden === false;
    const waiting = app?.dataset.others === "true" || app?.dataset.look === "true" || arranging;
    this.mark.classList.toggle("behind", Boolean(modal) || waiting);
    const step = this.step;
    const target = step && document.querySelector(step.target());
    if (!target || modal || waiting) return;
    target.classList.add("coach-target");
    const box = target.getBoundingClientRect();
    const mark = this.mark.getBoundingClientRect();
    const room = 8;
    const { top, left } = bestPlace(box, mark.height, mark.width, room);
    this.mark.style.top = `${Math.round(top)}px`;
    this.mark.style.left = `${Math.round(left)}px`;
    this.mark.dataset.side = top >= box.bottom ? "below" : "above";
  }

  skip() {
    this.stop();
    this.onSkip();
  }

  finish() {
    this.stop();
    this.onDone();
  }

  stop() {
    this.over = true;
    clearInterval(this.timer);
    removeEventListener("resize", this.onResize);
    for (const old of document.querySelectorAll(".coach-target")) old.classList.remove("coach-target");
    this.onPile(null);
    this.mark.remove();
  }
}

/** The buttons of a move a step may name (Lay down, Arrange, Discard, Next deal). One that cannot be
 * used yet still matters: "tap the J♣, then Discard" names a button a card has not yet enabled. */
const PLAY_BUTTONS = "#actions > button.action:not(.sort)";

/**
 * Where the mark goes: beside its target (below it when the target is in the upper half, above
 * it otherwise) unless that covers what the step needs in view — the hand's cards (what a step
 * names: "the queen with the queens"), the table's melds and their ranks, the line of what just
 * happened; then just above the row of buttons, the top or the foot of the screen, or anywhere
 * on a coarse grid (a desktop has empty felt to spare), whichever covers least. A phone has no
 * room to spare, so the mark's place is chosen by what it hides, never over its target.
 */
function bestPlace(box, height, width, room) {
  // Never over the top bar: its tools (the keyboard panel's toggle, the menu) stay at hand.
  const first = (document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0) + room;
  const clampTop = (top) => Math.max(first, Math.min(top, innerHeight - height - room));
  const clampLeft = (left) => Math.max(room, Math.min(left, innerWidth - width - room));
  const beside = box.top + box.height / 2 < innerHeight / 2
    ? [box.bottom + room, box.top - room - height] : [box.top - room - height, box.bottom + room];
  // Just above the row of buttons too: a step that names a card often names its button as well
  // ("tap it again, or Discard"), and a mark above the hand's target alone would sit on that row.
  const actions = document.getElementById("actions")?.getBoundingClientRect();
  const aboveActions = actions && actions.height > 0 ? [actions.top - room - height] : [];
  // And a coarse grid over the screen, for the free felt a desktop has around its table.
  const grid = (from, to) => Array.from({ length: 6 }, (_, i) => from + ((to - from) * i) / 5);
  const tops = [...beside, ...aboveActions, first, innerHeight - height - room, ...grid(first, innerHeight - height - room)].map(clampTop);
  const lefts = [box.left + box.width / 2 - width / 2, ...grid(room, innerWidth - width - room)].map(clampLeft);
  // The top of a card (its rank and suit) above all, in the hand and in the melds: a step's words
  // name them. The hand's cards most: a step's move is made with them.
  const ranks = (selector, weight) => [...document.querySelectorAll(selector)].map((card) => {
    const r = card.getBoundingClientRect();
    return [{ top: r.top, bottom: r.top + r.height * 0.35, left: r.left, right: r.right }, weight];
  });
  // Then what is on the table, each by its own box: the melds (not their area's empty felt, which
  // is where a mark may go), the piles and the line of what just happened, the seats (on a
  // desktop their row is display: contents, with no box of its own), the contract panel, the
  // Plays log beside the table and the line under the hand; the buttons a step may name, nearly
  // as much as the cards, and the others (Hint, Sort).
  const boxes = (selector, weight) => [...document.querySelectorAll(selector)].map((e) => [e.getBoundingClientRect(), weight]);
  // The whole of a card in the hand and of a meld counts too, if less (a play-test: a mark over
  // the lower half of the hand, or of the melds just laid off onto, read as hiding them).
  const keep = [...ranks("#hand button.card", 50), ...boxes("#hand button.card", 3), ...ranks("#melds .meld .slot", 8),
    ...boxes("#melds .meld", 2), ...boxes(".pile, #status-box", 1), ...boxes(".seat", 0.25), ...boxes("#contract-panel", 0.25),
    ...boxes("#log-panel, #hint", 0.25), ...boxes(PLAY_BUTTONS, 10), ...boxes("#actions > button", 2)]
    .filter(([rect]) => rect && rect.right > rect.left && rect.bottom > rect.top);
  const covered = (top, left, rect) => Math.max(0, Math.min(top + height, rect.bottom) - Math.max(top, rect.top))
    * Math.max(0, Math.min(left + width, rect.right) - Math.max(left, rect.left));
  const cost = ({ top, left }) => (covered(top, left, box) > 0 ? Infinity : 0)
    + keep.reduce((sum, [rect, weight]) => sum + weight * covered(top, left, rect), 0);
  // The first of the cheapest: beside the target, centred on it, when that hides nothing more.
  const places = lefts.flatMap((left) => tops.map((top) => ({ top, left })));
  const costs = places.map(cost);
  return places[costs.indexOf(Math.min(...costs))];
}
