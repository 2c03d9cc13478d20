// state.js — what the page shows, in one object, plus the pure helpers that shape it.
// The page knows no rules: everything about legality comes from view.legal.

/** Settings, in the order the Settings panel shows them. Add one here and it appears there. */
export const SETTINGS = [
  { key: "speed", label: "settings.speed", options: ["slow", "normal", "fast", "instant"], labels: "speed", fallback: "normal" },
  { key: "sort", label: "settings.sort", options: ["suit", "rank"], labels: "sort", fallback: "suit" },
  { key: "suits", label: "settings.suits", options: ["two", "four"], labels: "suits", fallback: "two" },
  { key: "sound", label: "settings.sound", options: ["off", "on"], labels: "sound", fallback: "off" },
  { key: "motion", label: "settings.motion", options: ["auto", "reduce", "full"], labels: "motion", fallback: "auto" },
  { key: "lang", label: "settings.lang", options: ["auto", "en", "tr", "ko"], labels: "lang", fallback: "auto" },
];

export function defaultSettings() {
  return Object.fromEntries(SETTINGS.map((s) => [s.key, s.fallback]));
}

/** Keep only known settings with known values. */
export function cleanSettings(saved) {
  const settings = defaultSettings();
  if (saved && typeof saved === "object") {
    for (const s of SETTINGS) if (s.options.includes(saved[s.key])) settings[s.key] = saved[s.key];
  }
  return settings;
}

/** A tiny store: `set` merges a patch and tells the listener (render) once per change. */
export class Store {
  constructor(initial, listener) {
    this.state = initial;
    this.listener = listener;
  }
  get() { return this.state; }
  set(patch) {
    this.state = { ...this.state, ...patch };
    this.listener(this.state);
  }
}

/**
 * The table of a game: what a game on it fills in, and what is left when no game is on it (the
 * start, the lesson's end). One list, so that ending a game cannot forget a field.
 */
export function emptyTable() {
  return {
    view: null,           // the engine's latest View (for seat 0)
    shown: null,          // what the table shows: the view, or a step of an animation
    final: null,          // while events play out: the engine's view at their end (render.js progressView)
    save: null,           // the latest Save
    mode: null,           // {mode, date?, difficulty?} of the game in progress
    order: [],            // the hand, in the order the person sees it (card strings, duplicates kept)
    newCards: [],         // cards that just arrived in the hand (highlighted)
    selected: null,       // index into order of the lifted card, or null
    arrange: null,        // {slots: [[index…]…], active: n, error} while arranging a lay-down
    look: null,           // {next}: a deal's sheet put away, its last table looked at (game.js lookAtDeal)
    status: "",           // the narration line
    hint: "",             // a line under the hand; {text, warn}
    log: [],              // recent plays, newest last
    recentMelds: [],      // meld ids touched by the last plays (outlined)
    statusEarlier: "",    // the plays before the status line's one in an instant round (read out, not shown)
    statusNote: null,     // {events, players}: the computer players' last round, shown below it (anim.js roundNote)
  };
}

export function initialState(settings) {
  return {
    screen: "boot",       // "boot" | "table"
    settings,
    ...emptyTable(),
    manual: false,        // true once the person dragged a card: keep their order
    busy: false,          // an engine call or an animation is running: input waits
    replies: 0,           // engine answers so far (tests wait for it to change)
    commandError: "",
    thinking: false,      // an engine call is taking more than a moment
    othersPlaying: false, // the computer players' turns are being played out on the table
    skippable: false,     // "Skip ahead" is offered: the computer players play and no deal's sheet is open
    skipping: false,      // the person skipped ahead: the rest of this round plays at Instant (game.js skipAhead)
    lessonPile: null,     // the lesson's draw step: the one pile it lets the person draw from (tutorial.js)
    keyboardOpen: false,  // the keyboard panel (Legal moves, Command) is open; remembered (KEYS.panels)
  };
}

// ---- the hand's order ----

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];

function rankIndex(card) { return card === "JK" ? 99 : RANKS.indexOf(card.slice(0, -1)); }
function suitIndex(card) { return card === "JK" ? 99 : SUITS.indexOf(card.slice(-1)); }

/**
 * The order a press of the sort button gives: a hand in the person's own order (`manual`) is
 * sorted as the setting `by` says; a sorted one switches to the other order. One place for the
 * button's press (game.js) and its words (render.js), which must agree.
 */
export function sortAfterPress(by, manual) {
  if (manual) return by;
  return by === "suit" ? "rank" : "suit";
}

/** Display order only: by suit then rank, or by rank then suit; jokers last. */
export function sortHand(cards, by) {
  const key = by === "rank"
    ? (c) => rankIndex(c) * 10 + suitIndex(c)
    : (c) => suitIndex(c) * 100 + rankIndex(c);
  return [...cards].sort((a, b) => key(a) - key(b));
}

/**
 * The new display order after the hand changed: cards still held keep their places
 * (a duplicate keeps one place per copy), cards that arrived go to the right end.
 * Returns {order, added}.
 */
export function mergeOrder(previous, hand) {
  const remaining = [...hand];
  const order = [];
  for (const card of previous) {
    const at = remaining.indexOf(card);
    if (at >= 0) { order.push(card); remaining.splice(at, 1); }
  }
  return { order: order.concat(remaining), added: remaining };
}

/** Move the card at `from` to `to` (both indexes into order). */
export function moveCard(order, from, to) {
  const next = [...order];
  const [card] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, card);
  return next;
}

// ---- reading view.legal (strings only; the page never decides legality) ----

/** Legal lay-off targets for a card: [{meld, end}] from "layoff 9D 3" / "layoff JK 3 low". */
export function layoffTargets(legal, card) {
  const targets = [];
  for (const action of legal) {
    const parts = action.split(" ");
    if (parts[0] === "layoff" && parts[1] === card) targets.push({ meld: Number(parts[2]), end: parts[3] || null, action });
  }
  return targets;
}

/**
 * The melds outlined as just played on after `event`, and the seat whose plays marked them:
 * every meld a player's plays in a row touched (a lay-down, lay-offs), not only the last (a
 * play-test saw two cards laid off on the sevens and only the aces marked). Another kind of
 * event keeps the marks and ends the row.
 */
export function markedMelds(recent, seat, event) {
  const touched = event.type === "laydown" ? event.melds : event.type === "layoff" ? [event.meld] : null;
  if (!touched) return { recent, seat: null };
  return { recent: seat === event.seat ? [...new Set([...recent, ...touched])] : touched, seat: event.seat };
}

export function canDiscard(legal, card) { return legal.includes(`discard ${card}`); }

/**
 * The lay-down the Arrange panel's slots spell ("laydown 7H 7S 7C / 8D 9D 10D JD"), or null while
 * a slot is empty: "laydown" with no melds would be the engine's own arrangement, not the person's.
 */
export function arrangedLaydown(arrange, order, answers = []) {
  if (!arrange || arrange.slots.some((slot) => !slot.length)) return null;
  // A slot the engine judged a meld goes down as the engine reads it (a run tapped high to low
  // is written low to high, as the notation has it: engine adapter.check_slots).
  return `laydown ${arrangedSlots(arrange, order).map((text, n) => (answers[n]?.ok && answers[n].cards) || text).join(" / ")}`;
}

/** The cards of each of the Arrange panel's slots, as text ("7H 7S 7C", "" for an empty one). */
export function arrangedSlots(arrange, order) {
  return arrange.slots.map((slot) => slot.map((i) => order[i]).join(" "));
}

/** Today's date in UTC, "2026-11-29" (the Daily's date). */
export function utcToday(now = new Date()) { return now.toISOString().slice(0, 10); }
