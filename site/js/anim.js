// anim.js — plays view.events one by one: the table moves a step at a time and a status line
// narrates each play. It only moves what the events say moved; it never judges a play.

import { cardBack, cardElement, shortCard } from "./cards.js";
import { cardInText, language, t as words, variant } from "./i18n.js";
import { reducedMotion } from "./prefs.js";

/** Milliseconds per event and per card flight, by speed setting. */
export const SPEEDS = {
  slow: { step: 1300, fly: 560 },
  normal: { step: 750, fly: 360 },
  fast: { step: 320, fly: 180 },
  instant: { step: 0, fly: 0 },
};
const OWN_STEP = { step: 200, fly: 160 }; // the person's own plays: quick, they just did them

const clone = (value) => JSON.parse(JSON.stringify(value));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function removeOne(list, card) {
  const at = list.lastIndexOf(card);
  if (at >= 0) list.splice(at, 1);
}

/** The player whose turn comes before `seat`'s: the one whose last discard `seat` may take. */
function playerBefore(view, seat) {
  return view.players[(seat + view.players.length - 1) % view.players.length];
}

/** The table as it was before `events` happened, worked backwards from the view after them. */
export function rewind(final, events) {
  const v = clone(final);
  v.events = [];
  const meldCards = new Map(final.table.map((meld) => [meld.id, meld]));
  for (const event of [...events].reverse()) {
    const player = v.players[event.seat];
    switch (event.type) {
      case "discard":
        v.discard.pop();
        player.cards += 1;
        if (player.discarded?.at(-1) === event.card) player.discarded = player.discarded.slice(0, -1);
        // The throw before it: the pile is the best this view can tell (a twin may stand for it).
        player.discard_on_pile = Boolean(player.discarded?.length) && v.discard.includes(player.discarded.at(-1));
        if (event.seat === 0) v.hand.push(event.card);
        break;
      case "layoff": {
        const meld = v.table.find((m) => m.id === event.meld);
        if (meld) {
          const at = event.end === "low" ? 0 : meld.cards.length - 1;
          meld.cards.splice(at, 1);
          meld.stands_for.splice(at, 1);
        }
        player.cards += 1;
        if (event.seat === 0) v.hand.push(event.card);
        break;
      }
      case "laydown":
        for (const id of event.melds) {
          const meld = v.table.find((m) => m.id === id) || meldCards.get(id);
          v.table = v.table.filter((m) => m.id !== id);
          if (!meld) continue;
          player.cards += meld.cards.length;
          if (event.seat === 0) v.hand.push(...meld.cards);
        }
        player.laid_down = false;
        break;
      case "draw":
        player.cards -= 1;
        if (event.source === "discard") {
          v.discard.push(event.card);
          const before = playerBefore(v, event.seat);
          if (before?.discarded?.at(-1) === event.card) before.discard_on_pile = true;
        }
        else v.stock += 1;
        if (event.seat === 0 && event.card) removeOne(v.hand, event.card);
        break;
      case "rebuild":
        v.stock = 0;
        break;
      default:
        break;
    }
  }
  return v;
}

/** The table after one event, moved forward from `shown` (a lay-down carries its melds, a lay-off its side). */
export function advance(shown, event) {
  const v = clone(shown);
  const player = v.players[event.seat];
  switch (event.type) {
    case "draw":
      player.cards += 1;
      if (event.source === "discard") {
        v.discard.pop();
        // The top was the previous seat's last discard (or the deal's upcard): no longer on the pile.
        const before = playerBefore(v, event.seat);
        if (before?.discarded?.at(-1) === event.card) before.discard_on_pile = false;
      } else v.stock = Math.max(0, v.stock - 1);
      if (event.seat === 0 && event.card) v.hand.push(event.card);
      break;
    case "discard":
      player.cards -= 1;
      v.discard.push(event.card);
      // The seat's chip of the card it threw last (render.js) follows the play, not the turn's end.
      player.discarded = [...(player.discarded ?? []), event.card];
      player.discard_on_pile = true;
      if (event.seat === 0) removeOne(v.hand, event.card);
      break;
    case "layoff": {
      player.cards -= 1;
      // The event says the side (also for a card that fits one end only) and what a joker
      // stands for there: the final view may be the next deal's, or longer at that end already.
      const meld = v.table.find((m) => m.id === event.meld);
      if (meld) {
        const index = event.end === "low" ? 0 : meld.cards.length;
        meld.cards.splice(index, 0, event.card);
        meld.stands_for.splice(index, 0, event.card === "JK" ? event.stands_for ?? null : null);
      }
      if (event.seat === 0) removeOne(v.hand, event.card);
      break;
    }
    case "laydown":
      player.laid_down = true;
      for (const id of event.melds) {
        // As laid (the event's own copy): the final view may be the next deal's, or hold the
        // cards laid off on this meld later in the same round.
        const meld = event.table.find((m) => m.id === id);
        if (!meld) continue;
        v.table.push(clone(meld));
        player.cards -= meld.cards.length;
        if (event.seat === 0) for (const card of meld.cards) removeOne(v.hand, card);
      }
      break;
    case "rebuild":
      v.stock = event.stock;
      v.discard = v.discard.slice(-1);
      // Only the top card stays: the last discard of the seat before the one to draw (the turn shown).
      v.players.forEach((other) => { if (other !== playerBefore(v, v.turn)) other.discard_on_pile = false; });
      break;
    case "out":
      player.cards = 0;
      break;
    case "deal_end":
      // The deal's last table, as its sheet and the look at it show it: each seat's penalty
      // total with this deal's points (the seats showed the totals before them), nobody's turn.
      // And the step each seat climbs to: the seats said "step 1" over a deal the sheet had just
      // shown them climb (a play-test of the lesson, on See the table).
      for (const hand of event.hands || []) {
        const player = v.players[hand.seat];
        if (!player) continue;
        player.penalty = hand.penalty_total;
        if (hand.completed_total !== undefined) player.completed = hand.completed_total;
        if (hand.climbed) player.climbed_to = hand.step_after;
      }
      v.turn = null;
      break;
    default:
      break;
  }
  // Whose turn the table shows: the seat that played, and after a discard the next one (a
  // play-test tapped after Mira's discard and read "Mira is playing", her seat still lit).
  if ("seat" in event) v.turn = event.type === "discard" ? (event.seat + 1) % v.players.length : event.seat;
  // Another seat's play: the person's turn is over, and with it "laid down this turn" (the
  // contract panel said "discard to end your turn" all through the computers' turns).
  if (v.turn === null || ("seat" in event && event.seat !== 0)) v.laid_down_this_turn = false;
  return v;
}

/**
 * The table after `events[i]`, from `shown` before it: a new deal's table is worked back from
 * `final` (the deal it starts is the one the final view shows), any other play moves it forward.
 */
function tableAfter(shown, final, events, i) {
  return events[i].type === "deal_start" ? rewind(final, events.slice(i + 1)) : advance(shown, events[i]);
}

/**
 * The first deal's end among `events` and the table it left, as playEvents will show it when it
 * gets there (`previous`, `final`: as given to it), or null. Known before the animation starts,
 * so the page can keep the deal's sheet due before it opens (game.js accept): a reload while
 * the computer players' last turns were still being shown went on to the next deal, its sheet
 * never seen (an attack on the page).
 */
export function dealEnding(previous, final, events) {
  if (!events.some((event) => event.type === "deal_end")) return null; // most moves: no table worked out
  let shown = previous ? clone(previous) : rewind(final, events);
  for (let i = 0; i < events.length; i += 1) {
    shown = tableAfter(shown, final, events, i);
    if (events[i].type === "deal_end") return { event: events[i], table: shown };
  }
  return null;
}

/** One line of narration for an event. */
export function narrate(event, players) {
  // A language may word a joker's play on its own ("Bir joker attın."): event.discard_joker.
  const t = (key, params) => words(event.card === "JK" ? variant(key, "joker") : key, params);
  const you = event.seat === 0;
  const name = event.seat !== undefined ? players[event.seat]?.name : "";
  const card = event.card ? cardInText(event.card) : "";
  switch (event.type) {
    case "draw":
      if (event.source === "discard") return t(you ? "event.you_draw_discard" : "event.draw_discard", { name, card });
      return you && event.card ? t("event.you_draw_stock", { card }) : t("event.draw_stock", { name });
    case "discard": return t(you ? "event.you_discard" : "event.discard", { name, card });
    case "layoff": return t(you ? "event.you_layoff" : "event.layoff", { name, card });
    case "laydown": return t(you ? "event.you_laydown" : "event.laydown", { name });
    case "out": return t(you ? "event.you_out" : "event.out", { name });
    case "rebuild": return t("event.rebuild");
    case "deal_start": return t(event.dealer === 0 ? "event.you_deal_start" : "event.deal_start", { deal: event.deal, name: players[event.dealer]?.name, card: cardInText(event.upcard) });
    // Who ended it, said with the end: the status box keeps the last line only, and at a deal's
    // last table it read "Deal 1 is over." without the going out (a play-test of the lesson).
    case "deal_end":
      if (event.went_out === 0) return t("event.deal_end_you", { deal: event.deal });
      if (event.went_out === null || event.went_out === undefined) return t("event.deal_end_stock", { deal: event.deal });
      return t("event.deal_end_out", { deal: event.deal, name: players[event.went_out]?.name });
    case "game_end": return t("event.game_end");
    default: return "";
  }
}

/**
 * What the computer players did this round that changes the table, in one short line per player
 * ("Mira: took 10♥, laid down."), or "": a phone's status box keeps only the last play, and a
 * play-test saw "Jisoo discarded J♣" where Mira had taken its 10♥ and laid down. Draws from the
 * stock and discards are left out (the pile and the seat's chip show them).
 */
export function roundNote(events, players) {
  const acts = new Map();
  const add = (seat, text) => acts.set(seat, [...(acts.get(seat) || []), text]);
  for (const event of events) {
    if (event.seat === undefined || event.seat === null || event.seat === 0) continue;
    if (event.type === "draw" && event.source === "discard") add(event.seat, words("round.took", { card: shortCard(event.card) }));
    if (event.type === "laydown") add(event.seat, words("round.laid_down"));
    if (event.type === "layoff") add(event.seat, { layoff: event.card, meld: event.meld });
    if (event.type === "out") add(event.seat, words("round.went_out"));
  }
  return [...acts].map(([seat, list]) => words("round.player", { name: players[seat]?.name ?? "", acts: joinLayoffs(list).join(", ") })).join(" ");
}

/**
 * A player's lay-offs in a row onto one meld as one act: "laid off 7♣ and 8♣", not the verb for
 * every card. Onto another meld, another act: "laid off 7♦ and 7♠, laid off Joker" (one list read
 * as if the joker went on the sevens, a play-test). The cards are a list of the language
 * ("7♣ ve 8♣"): "laid off 6♠ Joker" read as one strange card (a play-test).
 */
function joinLayoffs(list) {
  const out = [];
  for (const item of list) {
    const last = out.at(-1);
    if (typeof item === "string") out.push(item);
    else if (last?.cards && last.meld === item.meld) last.cards.push(item.layoff);
    else out.push({ cards: [item.layoff], meld: item.meld });
  }
  const cardsOf = new Intl.ListFormat(language(), { type: "conjunction", style: "long" });
  return out.map((item) => (typeof item === "string" ? item : words("round.laid_off", { cards: cardsOf.format(item.cards.map(shortCard)) })));
}

function rectOf(element) {
  if (!element) return null;
  const r = element.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

/** Where an event's card comes from and goes to, as elements of the table. */
function endpoints(event) {
  // The person's drawn card lands on its own place in the hand (drawn there already, hidden).
  const arriving = event.seat === 0 && event.type === "draw" ? document.querySelector("#hand .card.arriving") : null;
  const seat = arriving || (event.seat === 0 ? document.getElementById("hand") : document.querySelector(`.seat[data-seat="${event.seat}"] .seat-hand`) || document.querySelector(`.seat[data-seat="${event.seat}"]`));
  const stock = document.getElementById("stock");
  const discard = document.getElementById("discard");
  switch (event.type) {
    case "draw": return [event.source === "discard" ? discard : stock, seat];
    case "discard": return [seat, discard];
    case "layoff": return [seat, document.querySelector(`[data-meld="${event.meld}"]`) || document.getElementById("melds")];
    case "laydown": return [seat, document.getElementById("melds")];
    default: return [null, null];
  }
}

/** A card flying across the table (Web Animations; skipped when motion is reduced, see prefs.js). */
async function fly(event, duration, measured = null) {
  // Not under an open sheet (the menu opens at once while the computer players' turns play on):
  // a card crossing the dimmed table read as flying over the menu (a play-test).
  if (!duration || reducedMotion() || document.querySelector("dialog[open]")) return;
  // Ends measured before the redraw (the last frame's layout, read for free) are used as they
  // are; else they are measured in the next frame, where the browser lays the redrawn table out
  // anyway: reading positions straight after the redraw would force a layout inside the task.
  if (!measured) await new Promise((resolve) => requestAnimationFrame(resolve));
  const [from, to] = measured || endpoints(event).map(rectOf);
  if (!from || !to || document.querySelector("dialog[open]")) return;
  const face = event.card && !(event.type === "draw" && event.seat !== 0 && event.source === "stock") ? event.card : null;
  const element = face ? cardElement(face) : cardBack();
  element.classList.add("flying");
  document.body.append(element);
  const w = 50;
  const h = w * 1.42;
  const at = (r) => `translate(${r.left + r.width / 2 - w / 2}px, ${r.top + r.height / 2 - h / 2}px)`;
  const landing = Math.min(1.6, Math.max(0.3, to.width / w)); // the size of what it lands on, roughly
  try {
    await element.animate([{ transform: `${at(from)} scale(0.9)`, opacity: 0.7 }, { transform: `${at(to)} scale(${landing.toFixed(2)})`, opacity: 1 }], {
      duration, easing: "cubic-bezier(.3,.7,.3,1)", fill: "forwards",
    }).finished;
  } finally {
    element.remove();
  }
}

/**
 * Play `events` from the table `previous` to the view `final`.
 * hooks.say(text, event) narrates a play; hooks.show(shownView, event) draws the table after it;
 * hooks.dealEnd(event, shownView) resolves when the person has read the deal summary;
 * hooks.skipping() says the person skipped ahead: the plays left go at Instant.
 */
export async function playEvents({ previous, final, events, speed, hooks }) {
  const chosen = SPEEDS[speed] || SPEEDS.normal;
  let shown = previous ? clone(previous) : rewind(final, events);
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i];
    const timing = hooks.skipping?.() ? SPEEDS.instant : chosen; // the person skipped ahead (game.js skipAhead)
    const next = tableAfter(shown, final, events, i);
    if (hooks.hurried?.()) { shown = next; continue; } // the person left this table: no narration, no sheet
    // The person's own plays go quickly; their draw flies into the hand even at Instant speed,
    // so the card they drew is seen arriving.
    const ownDraw = event.seat === 0 && event.type === "draw";
    const pace = event.seat === 0 && (timing.step || ownDraw) ? OWN_STEP : timing;
    // Each play is said (and heard) as its card lands, with the table that shows it: said as
    // the card set off, the words ran ahead of it by its whole flight (a play-test).
    const words = narrate(event, final.players);
    if (ownDraw && pace.fly && !reducedMotion()) {
      shown = next;
      hooks.show(shown, event);
      const card = document.querySelector("#hand .card.new:not(.arriving)");
      card?.classList.add("arriving");
      try { await fly(event, pace.fly); } finally { card?.classList.remove("arriving"); }
      hooks.say(words, event);
      if (timing.step) await sleep(Math.max(0, pace.step - pace.fly));
      continue;
    }
    if (pace.step && event.type !== "deal_end") {
      // A computer player's card flies between places the redraw does not move (the layout
      // shift budget is 0): measured before it, while the table's layout is still clean.
      const measured = pace.fly && !reducedMotion() ? endpoints(event).map(rectOf) : null;
      hooks.show({ ...shown, turn: "seat" in event ? event.seat : shown.turn }, event);
      await fly(event, pace.fly, measured && measured.every(Boolean) ? measured : null);
    }
    hooks.say(words, event);
    shown = next;
    hooks.show(shown, event);
    if (event.type === "deal_end") {
      await hooks.dealEnd(event, shown);
      continue;
    }
    if (pace.step) await sleep(Math.max(0, pace.step - pace.fly));
  }
}
