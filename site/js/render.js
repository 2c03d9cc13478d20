// render.js — draws the table from the state. Batched: many `schedule` calls, one redraw per frame.
// It reads view.legal to light up what may be played; it never decides what is legal.

import { $, h, replaceIfChanged } from "./dom.js";
import { roundNote } from "./anim.js";
import { cardBack, cardElement, meldLabel, meldSlots, meldsText, shortCard } from "./cards.js";
import { cardName, contractWords, splitCard, t } from "./i18n.js";
import { arrangedSlots, canDiscard, layoffTargets, sortAfterPress } from "./state.js";
import { climbWords, contractHelp, hintButton, lookHelp } from "./hints.js";
import { dailyNumber } from "./share.js";

/**
 * How the table's melds fill their area, step by step, largest first, until every meld is in
 * view: [width factor of --meld-base, height ÷ width, share of each overlapped card that shows].
 * The first steps grow the cards (never past a hand card's width) while few melds are down, so
 * an early table uses its room; the last keep only each card's corner (rank and suit), which is
 * all that identifies it, and the last two show less of each overlapped card, then the cards a
 * little smaller: four players' two groups of four or five cards then share two rows of a 360-px
 * phone (a play-test's took three, scrolled, and the "more melds above" cue covered a row).
 */
const MELD_DENSITY = [
  [1.75, 1.42, 0.46], [1.5, 1.42, 0.46], [1.25, 1.42, 0.46],
  [1, 1.42, 0.46], [0.88, 1.36, 0.44], [0.76, 1.22, 0.46], [0.66, 1.08, 0.5], [0.58, 1, 0.56],
  [0.58, 1, 0.5], [0.54, 1, 0.52],
];
const FAN_MAX = 11;

/**
 * The owners whose melds begin a row of the table as it is laid out now (their group sits lower
 * than the one before it): the rows fitMelds keeps.
 */
function rowStarts(container) {
  const groups = [...container.querySelectorAll(".owner-group")];
  return new Set(groups.filter((group, i) => i > 0 && group.offsetTop > groups[i - 1].offsetTop + 1).map((group) => group.dataset.owner));
}

/**
 * Room for a lifted card in an overlapped hand. Raised over the others it shows whole, so the
 * card after it would hide beneath it (a play-test could not see the K♦ beside the A♦ it was
 * about to discard): that card moves aside by the lifted card's width while the others close up,
 * each keeping half its width where it had it (the middle a click aims at) and never less than
 * the fan's least strip. Where that leaves no room to show the next card's corner (eleven cards
 * on a 360-px phone), nothing moves and the lifted card stays under its neighbour (`under`),
 * raised and ringed: every card keeps its corner in view.
 * `after`: the index of the card moved aside, or -1.
 */
function liftedRoom(step, { width, cardWidth, count, lifted }) {
  const none = { after: -1, wide: step, rest: step, under: false };
  if (step >= cardWidth || lifted === null || lifted === undefined || lifted >= count - 1 || count < 3) return none;
  const least = Math.max(HAND_STRIP, step >= cardWidth / 2 + 1 ? cardWidth / 2 + 1 : 0);
  const wide = Math.min(cardWidth + 2, width - cardWidth - least * (count - 2));
  if (wide < cardWidth * 0.93) return { ...none, under: true }; // the corner starts 7% in (cards.css)
  return { after: lifted + 1, wide, rest: (width - cardWidth - wide) / (count - 2), under: false };
}

/** The least a card of the fanned hand shows, in px: its corner, rank and suit, and room to tap it. */
const HAND_STRIP = 27.5;

/**
 * The game's last table: the final deal's end (nobody's turn, the game over in the view it leads
 * to) or the finished game. There a seat says the contracts it completed, as the results count
 * them, not the step it would stand on.
 */
function lastTable(shown, state) {
  return Boolean((state.final || state.view)?.game_over) && (shown.turn === null || Boolean(shown.game_over));
}

export class Renderer {
  constructor() {
    this.pending = null;
    this.frame = 0;
    this.handCards = new Map(); // "7H#1" → its button, reused across redraws (keeps focus and listeners)
    this.density = 0;           // the melds' condensing step; only grows within a deal (no jumps back)
    this.rowStarts = new Set(); // owners whose melds began a row of the table as last fitted (fitMelds)
    this.densityDeal = null;    // the game and deal the density was found in
    this.screen = null;         // the window size the density was found for
    this.round = null;          // {source, lang, text}: the status box's round line, worded (roundLine)
    this.sizes = null;          // the hand's and the melds' boxes, read once per resize (see measure)
    this.last = null;           // the state last drawn, drawn again when those boxes change
    this.watch = null;
  }

  /**
   * The sizes the hand's fan and the melds' fit depend on, read before this redraw writes
   * anything (so reading them costs no layout), and again only when those boxes change size:
   * a redraw per animated event then makes one layout, in the frame, not one per read.
   */
  measure() {
    const hand = $("hand");
    const melds = $("melds");
    if (!this.watch && typeof ResizeObserver === "function") {
      // Another panel growing (or the window turning) changes these boxes: measure afresh.
      this.watch = new ResizeObserver(() => { this.sizes = null; if (this.last) this.schedule(this.last); });
      this.watch.observe(hand);
      this.watch.observe(melds);
      // A media query may resize the cards without resizing these boxes (a phone turned on its side).
      addEventListener("resize", () => { this.sizes = null; });
      // A crowded table scrolls; the cue below it says so until the last row is in view, the
      // cue above it until the first is.
      melds.addEventListener("scroll", () => this.markMore(melds), { passive: true });
      $("melds-more").addEventListener("click", () => melds.scrollBy({ top: melds.clientHeight * 0.8, behavior: "smooth" }));
      $("melds-above").addEventListener("click", () => melds.scrollBy({ top: -melds.clientHeight * 0.8, behavior: "smooth" }));
    }
    if (!this.sizes) {
      this.sizes = {
        hand: hand.clientWidth,
        handCard: parseFloat(getComputedStyle(hand).getPropertyValue("--hand-w")) || 56,
        melds: `${melds.clientWidth}x${melds.clientHeight}`,
      };
    }
    return this.sizes;
  }

  /** Ask for a redraw with this state; several calls in one frame draw once. */
  schedule(state) {
    this.pending = state;
    if (!this.frame) this.frame = requestAnimationFrame(() => this.flush());
  }

  /** Draw now (used before measuring positions for an animation). */
  flush() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.pending) this.draw(this.pending);
  }

  draw(state) {
    this.last = state;
    const sizes = this.measure();
    const app = $("app");
    app.dataset.screen = state.screen;
    // For tests and styling: whether the person can act now, and on what.
    app.dataset.busy = String(state.busy);
    app.dataset.replies = String(state.replies);
    app.dataset.phase = state.view ? state.view.phase : "none";
    app.dataset.game = state.shown ? "on" : "none"; // no game on the table: the felt stays bare
    app.dataset.others = String(Boolean(state.othersPlaying)); // the lesson's mark waits meanwhile
    app.dataset.look = String(Boolean(state.look)); // a deal's last table looked at: the lesson's mark is done
    this.drawPanels(state);
    $("thinking").hidden = !state.thinking;
    const view = state.shown;
    if (!view) return;
    this.drawTopbar(view, state);
    this.drawSeats(view, lastTable(view, state));
    this.drawPiles(view, state);
    this.drawStatus(state);
    this.drawMelds(view, state, sizes);
    this.drawContract(view, state);
    this.drawActions(view, state);
    this.drawArrange(view, state);
    this.drawHand(view, state, sizes);
    this.drawHint(state);
    this.drawKeyboard(state);
    this.drawLog(state);
  }

  /**
   * The deal counter ("Deal 4/10"), after the mode's badge if any; in the game's last deal (the
   * engine's final_deal: deal 10, or contract 10 laid down this deal) it says so ("· last deal"),
   * also to someone who has not laid down. The dot is not read out.
   */
  drawTopbar(view, state) {
    // The lesson is one guided deal: its badge alone, not "Deal 1/10" of a game it never plays on (a play-test).
    const counter = state.mode?.learn ? "" : t("deal.counter", { deal: view.deal, max: view.deals_max });
    const last = view.final_deal ? t("deal.last") : "";
    const badge = modeBadge(state.mode);
    const brief = modeBadge(state.mode, { short: true });
    const difficulty = state.mode?.mode === "new" && !state.mode.learn && !state.mode.challenge?.name;
    // A friend's challenge: the mark opens it again (what to beat, where the two stand), named by
    // the form it shows (a button's name must hold its visible words: axe).
    const rival = Boolean(state.mode?.challenge?.name);
    replaceIfChanged($("deal-counter"), `${badge}|${brief}|${counter}|${last}|${rival}`, () => [
      badge ? h(rival ? "button" : "span", rival ? { type: "button", id: "challenge-badge", class: "mode-badge", "aria-haspopup": "dialog" } : { class: "mode-badge" },
        difficulty ? h("span", { class: "visually-hidden", text: `${t("start.new")}: ` }) : null,
        // A phone's bar has room for the short form ("vs Ayşe", "Past #31"): read, the long one.
        brief !== badge ? [h("span", { class: "long", text: badge }), h("span", { class: "short", "aria-hidden": rival ? null : "true", text: brief })] : badge) : null,
      // Read as "New Game: Easy, Deal 3/10", not "Easy Deal 3/10" (a play-test's screen reader).
      badge ? h("span", { class: "visually-hidden", text: ", " }) : null,
      counter ? h("span", { class: "deal-now" }, counter, last ? h("span", { class: "deal-last" },
        h("span", { class: "deal-dot", "aria-hidden": "true", text: " · " }), last) : null) : null,
    ]);
  }

  /** The keyboard panel behind its toggle (remembered by game.js). */
  drawPanels(state) {
    const open = Boolean(state.keyboardOpen);
    $("keyboard-panel").hidden = !open;
    $("keyboard-button").setAttribute("aria-expanded", String(open));
    // With the panel open each meld shows its number, the one a typed "layoff 9D 3" names.
    $("app").classList.toggle("keys-open", open);
  }

  drawSeats(view, last) {
    for (const player of view.players) {
      if (player.seat === 0) continue;
      const seat = document.querySelector(`.seat[data-seat="${player.seat}"]`);
      const active = view.turn === player.seat;
      // The key holds what the seat is drawn from (the contract as the engine gives it, the
      // language): its words are only worked out when the seat is drawn anew.
      // The card this player discarded last in this deal: on a table one sees every throw, and
      // the status line shows only the latest play (a play-test learnt from the Plays log alone
      // that a rival had thrown the card it needed).
      const threw = player.discarded?.at(-1) ?? null;
      // Taken by the next player since (or shuffled into a rebuilt stock): the chip stays, as a
      // record of the throw, but faded and said so (a play-test read Q♦ on Jisoo's seat over an
      // empty pile, the card in their own hand). The engine says it: a twin left in the pile
      // would make the pile alone say "still there".
      const gone = Boolean(threw) && player.discard_on_pile === false;
      const key = JSON.stringify([player.name, player.cards, player.step, player.climbed_to, player.completed, last, player.penalty, player.laid_down, player.contract, active, threw, gone, document.documentElement.lang]);
      seat.classList.toggle("active", active);
      replaceIfChanged(seat, key, () => {
        const contract = contractWords(player.contract);
        const short = contractWords(player.contract, { short: true });
        seat.setAttribute("aria-label", t("seat.label", {
          name: player.name,
          cards: t("seat.cards", { count: player.cards }),
          step: player.step,
          contract,
          penalty: player.penalty,
          laid: (player.laid_down ? t("seat.laid_suffix") : "") + (active ? t("seat.playing") : "")
            + (threw ? t(gone ? "seat.threw_gone_suffix" : "seat.threw_suffix", { card: cardName(threw) }) : ""),
        }));
        const out = player.cards === 0;
        const laid = () => (out ? badge("out-badge", "✓", t("seat.out")) : player.laid_down ? badge("", "✓", t("seat.laid")) : null);
        // The card thrown last: at the end of the row of card backs, or on a narrow seat (where
        // the ✓ takes that row's end) at the name row's end: one place or the other (table.css).
        const thrown = () => (threw ? h("span", {
          class: gone ? "seat-threw gone" : "seat-threw", "aria-hidden": "true", title: t(gone ? "seat.threw_gone" : "seat.threw", { card: shortCard(threw) }),
          dataset: { suit: splitCard(threw).suit ?? "JK" }, text: threw === "JK" ? "★" : shortCard(threw),
        }) : null);
        return [
          h("p", { class: "seat-name" },
            h("span", { class: "avatar", "aria-hidden": "true", text: player.name.slice(0, 1) }),
            h("span", { class: "seat-who", text: player.name }),
            h("span", { class: "turn-dot", "aria-hidden": "true" }),
            thrown(),
            laid()),
          // A seat too narrow for the name and the badge side by side shows the ✓ at the end of
          // this row instead (table.css): one place or the other, never both.
          h("div", { class: "seat-hand", "aria-hidden": "true" },
            h("span", { class: "fan" }, Array.from({ length: Math.min(player.cards, FAN_MAX) }, () => cardBack())),
            h("span", { class: "seat-count", text: String(player.cards) }),
            thrown(),
            laid()),
          h("p", { class: "seat-line" },
            player.climbed_to
              ? h("span", { class: "seat-step climbed", text: climbWords(player.climbed_to, player.completed, true, last) })
              : h("span", { class: "seat-step", text: last ? climbWords(player.step, player.completed, false, true) : t("seat.step", { step: player.step }) }),
            h("span", { text: t("seat.penalty", { points: player.penalty }) })),
          // At a deal's last table a seat that climbs has done this contract: "▲ to step 2" above
          // a bare "2 groups of 3" read as step 2's contract (a play-test).
          h("p", { class: "seat-contract", text: player.climbed_to ? `${short}\u00a0✓` : short }),
        ];
      });
    }
  }

  drawPiles(view, state) {
    const myTurn = !state.busy && view === state.view && view.turn === 0;
    const legal = myTurn ? view.legal : [];
    const stock = $("stock");
    const discard = $("discard");
    const canStock = legal.includes("draw stock");
    const canDiscard = legal.includes("draw discard");
    // aria-disabled, not disabled: a tap that cannot draw still gets its reason (game.tapPile).
    stock.setAttribute("aria-disabled", String(!canStock));
    discard.setAttribute("aria-disabled", String(!canDiscard));
    // Ringed as a pile to draw from: a legal draw, and in the lesson the one its step asks for (a
    // play-test tapped the ringed stock at step 1 and was refused); the other still answers a tap.
    const only = state.lessonPile;
    stock.classList.toggle("can-draw", canStock && (!only || only === "stock"));
    discard.classList.toggle("can-draw", canDiscard && (!only || only === "discard"));
    // The pile a hint suggests drawing from is marked; the line under the hand says the same.
    const suggested = myTurn ? state.hint?.move : "";
    stock.classList.toggle("suggested", suggested === "draw stock");
    discard.classList.toggle("suggested", suggested === "draw discard");
    // The stock's name is its content ("Stock, " + the count you see + " cards"), so what a
    // screen reader says and what the eye reads agree.
    const [before, after] = t("pile.stock", { count: "\u0000" }).split("\u0000");
    if ($("stock-before").textContent !== before) $("stock-before").textContent = before;
    if ($("stock-after").textContent !== (after ?? "")) $("stock-after").textContent = after ?? "";
    $("stock-count").textContent = String(view.stock);
    const top = view.discard[view.discard.length - 1];
    discard.setAttribute("aria-label", top ? t("pile.discard", { card: cardName(top) }) : t("pile.discard_empty"));
    replaceIfChanged($("discard-top"), `${top}|${document.documentElement.lang}`, () => (top ? cardElement(top) : []));
  }

  /** The round's line (anim.js roundNote), worded once per round and language, not on every draw. */
  roundLine(round) {
    const lang = document.documentElement.lang;
    if (this.round?.source !== round || this.round.lang !== lang) {
      this.round = { source: round, lang, text: round ? roundNote(round.events, round.players) : "" };
    }
    return this.round.text;
  }

  /** The latest play, shown; the plays just before it (an instant round) kept for screen readers. */
  drawStatus(state) {
    const status = $("status");
    // What the computer players did to the table last round, below the line: shown, not read
    // again (each play was said as it happened), and not part of the status line.
    const note = $("status-note");
    const said = this.roundLine(state.statusNote);
    const noted = note.textContent !== said;
    note.textContent = said;
    note.hidden = !said;
    const key = JSON.stringify([state.statusEarlier || "", state.status]);
    const changed = replaceIfChanged(status, key, () => [
      state.statusEarlier ? h("span", { class: "earlier", text: `${state.statusEarlier} ` }) : null,
      h("span", { class: "latest", text: state.status }),
    ]);
    // The box is a pile's height: a long line (a refusal naming four cards, in Turkish) is set
    // smaller rather than scroll inside it. Read only when the text changed.
    if (changed || noted) {
      const box = $("status-box");
      box.classList.remove("dense");
      if (box.scrollHeight > box.clientHeight + 1) box.classList.add("dense");
    }
  }

  drawMelds(view, state, sizes) {
    const container = $("melds");
    const card = state.selected !== null && !state.busy && state.view ? state.order[state.selected] : null;
    const targets = card ? layoffTargets(state.view.legal, card) : [];
    const accepting = new Set(targets.map((target) => target.meld));
    const key = JSON.stringify([view.table, [...accepting], state.recentMelds, view.players.map((p) => p.name), document.documentElement.lang]);
    const changed = replaceIfChanged(container, key, () => {
      if (view.table.length === 0) return h("p", { class: "melds-empty", text: t("melds.empty") });
      return ownersInOrder(view).flatMap((player) => {
        const melds = view.table.filter((meld) => meld.owner === player.seat);
        const title = player.seat === 0 ? t("melds.yours") : t("melds.owner", { name: player.name });
        const name = player.seat === 0 ? t("you") : player.name;
        // Where the last fitting began a row, a break keeps it there while it still fits (fitMelds).
        const start = this.rowStarts.has(String(player.seat)) ? h("span", { class: "row-break", "aria-hidden": "true" }) : null;
        return [start, h("section", { class: "owner-group", "aria-label": title, dataset: { owner: player.seat } },
          h("span", { class: "owner-tag", "aria-hidden": "true" },
            avatar(player.seat, name),
            h("span", { class: "owner-name", text: name })),
          h("div", { class: "owner-melds" }, melds.map((meld) => this.meldElement(meld, accepting.has(meld.id), state))))];
      });
    });
    // A new deal (or game) starts from the largest cards again, even when the first table drawn
    // in it already holds melds (at Instant speed the empty one is never shown).
    const deal = `${view.seed}|${view.deal}`;
    if (deal !== this.densityDeal) { this.density = 0; this.rowStarts = new Set(); }
    this.densityDeal = deal;
    // A turned or resized screen: fit afresh (the cards may grow back); within one screen size
    // the cards only ever condense, so the table never jumps back and forth during a deal. The
    // Arrange panel, open or closed, counts as another screen: on a tall phone it shares the
    // melds' room while open, and the cards grow back once it closes.
    const screen = `${innerWidth}x${innerHeight}${state.arrange ? "|arrange" : ""}`;
    if (this.screen && screen !== this.screen) { this.density = 0; this.rowStarts = new Set(); }
    this.screen = screen;
    // Fitting reads the new layout: only when the melds or their box changed.
    if (changed || sizes.melds !== this.meldSize) {
      this.fitMelds(container, sizes.handCard);
      this.markMore(container);
    }
    this.meldSize = sizes.melds;
    if (changed && accepting.size) {
      // The melds that take the lifted card are always in view (a crowded table may still scroll).
      container.querySelector(".meld.accepts")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    } else if (changed && state.recentMelds !== this.recent && state.recentMelds.length) {
      // So are the ones just laid down or laid off on: on a crowded phone table the person's own
      // melds, laid last, went in below the edge, and the lay-down looked lost (a play-test).
      const recent = [...container.querySelectorAll(".meld.recent")];
      recent[0]?.scrollIntoView({ block: "nearest", inline: "nearest" });
      recent.at(-1)?.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    this.recent = state.recentMelds;
  }

  /**
   * Condense the meld cards, one step at a time from the current one, until every meld fits. At
   * each step the rows as last fitted are tried first (their breaks on: each player's melds stay
   * in the row they were in), then the rows the browser packs: a meld that grew, or cards that
   * condensed, re-packed the table and moved the meld a play-test was about to tap. So the rows
   * change only when keeping them would need smaller cards than packing them afresh.
   */
  fitMelds(container, handCard) {
    // Hidden (the Arrange panel has the melds' room on a phone): nothing to fit, and a box of
    // no height would condense the cards for the rest of the deal. Fitted again once shown.
    if (!container.clientHeight) return;
    const base = parseFloat(getComputedStyle(container).getPropertyValue("--meld-base")) || 34;
    const fits = () => container.scrollHeight <= container.clientHeight + 1 && container.scrollWidth <= container.clientWidth + 1;
    const apply = (step) => {
      const [k, ratio, shown] = MELD_DENSITY[step];
      container.style.setProperty("--meld-w", `${Math.round(Math.min(base * k, handCard || Infinity))}px`);
      container.style.setProperty("--meld-r", String(ratio));
      container.style.setProperty("--meld-x", String(shown));
      container.dataset.density = String(step);
    };
    const kept = Boolean(container.querySelector(".row-break"));
    const rows = (on) => container.classList.toggle("kept-rows", on);
    const fitsAt = (step) => {
      apply(step);
      if (kept && (rows(true), fits())) return true;
      rows(false);
      return fits();
    };
    let step = this.density;
    while (!fitsAt(step) && step < MELD_DENSITY.length - 1) step += 1;
    this.density = step;
    this.rowStarts = rowStarts(container);
  }

  /**
   * Show the "more melds below" cue while melds lie below the box's bottom edge, and "more melds
   * above" while they lie above its top: at the densest step a phone's table of four players'
   * melds may still not fit, and a row cut off at an edge does not say that it scrolls. (A
   * play-test's table scrolled to the person's new melds, and Mira's went above with no sign.)
   */
  markMore(container) {
    const shown = container.clientHeight > 0;
    const below = container.scrollHeight - container.clientHeight - container.scrollTop;
    // A meld box is 44 px for the finger and its densest cards 18-20 px, centred: the 12 px at its
    // edge hide no card (a play-test saw "More melds below" for a row's foot and margin alone).
    const hidden = 12;
    for (const [id, more] of [["melds-more", shown && below > hidden], ["melds-above", shown && container.scrollTop > hidden]]) {
      const cue = $(id);
      if (cue.hidden === more) cue.hidden = !more;
    }
  }

  meldElement(meld, accepts, state) {
    const label = meldLabel(meld) + (accepts ? t("melds.accepts") : "");
    const classes = ["meld", meld.kind];
    if (accepts) classes.push("accepts");
    if (state.recentMelds.includes(meld.id)) classes.push("recent");
    const slots = meldSlots(meld);
    // Its number, shown while the keyboard panel is open (table.css); the name already says it.
    slots.push(h("span", { class: "meld-number", "aria-hidden": "true", text: String(meld.id) }));
    const props = { class: classes.join(" "), dataset: { meld: meld.id }, "aria-label": label };
    if (accepts) return h("button", { ...props, type: "button" }, slots);
    return h("div", { ...props, role: "group" }, slots);
  }

  drawContract(shown, state) {
    const view = progressView(shown, state.final || state.view);
    const me = view.players[0];
    const panel = $("contract-panel");
    panel.classList.toggle("active", view.turn === 0 && !state.busy);
    const ready = view.contract_ready && !me.laid_down;
    const looked = state.look?.summary ?? null;
    const key = JSON.stringify([me, ready, view.progress, view.hints, view.game_over, view.final_deal, view.laid_down_this_turn, view.turn === 0 && view.phase, view.discard?.at(-1), view.turn === null, Boolean(looked), document.documentElement.lang]);
    replaceIfChanged(panel, key, () => [
      h("span", { class: "contract-label", text: t("contract.label") }),
      h("span", { class: "contract-words", text: contractWords(me.contract) }),
      h("span", {
        class: ready ? "contract-progress ready" : "contract-progress",
        text: me.laid_down ? t("contract.done") : ready ? t("contract.ready") : t("contract.step", { step: me.step }),
      }),
      h("span", { class: "ladder", "aria-label": t("contract.step", { step: me.step }), role: "img" },
        Array.from({ length: 10 }, (_, i) => h("span", { class: i + 1 < me.step ? "done" : i + 1 === me.step ? "now" : "" }))),
      // The person's own penalty total, as each rival's seat shows theirs (a play-test found
      // it only on the deal's sheet).
      h("span", { class: "my-penalty", text: t("seat.penalty", { points: me.penalty }) }),
      ...(looked ? lookHelp(looked, lastTable(shown, state)) : contractHelp(view)),
    ]);
  }

  drawActions(view, state) {
    const myTurn = !state.busy && view === state.view && view.turn === 0;
    const me = view.players[0];
    const legal = myTurn ? view.legal : [];
    const lang = document.documentElement.lang;
    const selectedCard = state.selected !== null ? state.order[state.selected] : null;
    const enable = (id, on) => $(id).setAttribute("aria-disabled", String(!on));
    // aria-disabled keeps a tap on them answering (game.js says why nothing happens).
    enable("laydown-button", legal.includes("laydown"));
    enable("arrange-button", myTurn && view.phase === "play" && !me.laid_down && !state.arrange);
    // Greyed for a lifted card that may not be discarded (the one taken from the pile this turn).
    enable("discard-button", myTurn && view.phase === "play" && selectedCard !== null && canDiscard(legal, selectedCard));
    // Once the contract is down these two have nothing left to do this deal.
    // While the Arrange panel is open its own "Lay these down" is the lay-down: one button, not two.
    $("laydown-button").hidden = me.laid_down || Boolean(state.arrange) || Boolean(state.look);
    // Open, the panel is the Arrange: a greyed Arrange button above it read as dead (a play-test).
    $("arrange-button").hidden = me.laid_down || Boolean(state.arrange) || Boolean(state.look);
    $("discard-button").hidden = Boolean(state.look);
    // A deal's sheet put away by Escape or Back: its last table stays, with the way on (game.js lookAtDeal).
    $("next-deal-button").hidden = !state.look;
    $("scores-button").hidden = !state.look;
    if (state.look) $("next-deal-button").textContent = t(state.look.next);
    for (const [id, word] of [["laydown-button", "laydown"], ["arrange-button", "arrange"], ["discard-button", "discard"]]) {
      const button = $(id);
      replaceIfChanged(button, lang, () => [
        h("span", { class: "long", text: t(`action.${word}`) }),
        h("span", { class: "short", "aria-hidden": "true", text: t(`action.${word}_short`) }),
      ]);
      button.setAttribute("aria-label", t(`action.${word}`));
    }
    const end = $("actions-end");
    replaceIfChanged(end, `${view.hints}|${lang}`, () => (view.hints ? hintButton() : []));
    const hint = $("hint-button");
    if (hint) hint.setAttribute("aria-disabled", String(!(myTurn && !view.game_over)));
    const sort = $("sort-button");
    // The button says what a press does, with its verb: a hand in the person's own order is
    // sorted as the setting says, a sorted one switches to the other order. It named the order
    // that stood ("⇅ Suit"), which a play-test read as the action; then the order a press gives
    // ("⇅ By rank"), which the next read as the order that stood.
    const by = sortAfterPress(state.settings.sort, state.manual);
    const word = t(`sort.do_${by}`);
    replaceIfChanged(sort, `${by}|${lang}`, () => [
      h("span", { class: "sort-icon", "aria-hidden": "true", text: "⇅" }),
      h("span", { class: "sort-word", text: word }),
    ]);
    // A plain button, not a toggle. The name holds the word the button shows (axe:
    // label-content-name-mismatch), and says when the person's own order stands.
    sort.setAttribute("aria-label", `${word}${state.manual ? ` (${t("sort.manual")})` : ""}`);
    // ... and shows it: a dot on the button while the hand is in the person's own order (a
    // play-test could not tell whether a press would sort the hand or switch the order).
    sort.classList.toggle("manual", Boolean(state.manual));
  }

  drawArrange(view, state) {
    const panel = $("arrange");
    panel.hidden = !state.arrange;
    if (!state.arrange) { delete panel.dataset.key; delete panel.dataset.judged; panel.classList.remove("tight"); return; }
    const contract = view.players[0].contract;
    const slotWords = (meld) => t("arrange.slot", { kind: t(`melds.${meld.kind}`), size: meld.size });
    // The engine's verdicts only mark the slots and grey or light the button (below): the panel
    // is not rebuilt for them, so a focused slot keeps its focus.
    const key = JSON.stringify([{ ...state.arrange, judged: null }, state.order, document.documentElement.lang]);
    // The help and the slots scroll, should they outgrow the panel's room; the error and the
    // buttons below them stay in view (a play-test: they were cut off at 360×640 in Turkish).
    // A rebuild (a slot picked, Clear, another language) keeps the focus on the same control:
    // Enter on a slot dropped it to the page, and the next Tab began again (a play-test).
    const had = panel.contains(document.activeElement) ? document.activeElement.dataset : null;
    const same = had && (had.slot !== undefined ? `[data-slot="${had.slot}"]` : had.arrange ? `[data-arrange="${had.arrange}"]` : null);
    const rebuilt = replaceIfChanged(panel, key, () => [
      h("div", { class: "arrange-scroll" },
      // How a run's cards and jokers go, only for a contract with a run: at step 1 it was two
      // lines of the phone's room for nothing, and the help gave way to the slots (a play-test).
      h("p", { class: "small", text: [t("arrange.help"), contract.some((meld) => meld.kind === "run") ? t("arrange.help_run") : ""].filter(Boolean).join(" ") }),
      // A slot shows its words and its cards, and its button lies over the whole of it, named
      // with both (below). The button holds no text of its own: the cards' corners inside it were
      // text its name did not hold (axe: label-content-name-mismatch).
      h("div", { class: "arrange-slots" }, contract.map((meld, n) => h("div", { class: n === state.arrange.active ? "arrange-slot active" : "arrange-slot" },
        h("span", { class: "slot-words", "aria-hidden": "true" }, slotWords(meld), h("span", { class: "fits-mark" })),
        h("span", { class: "cards" }, state.arrange.slots[n].map((index) => cardElement(state.order[index], { mini: true }))),
        h("button", { type: "button", class: "slot-button", dataset: { slot: n }, "aria-pressed": String(n === state.arrange.active) }))))),
      h("p", { class: "arrange-error", role: "alert", text: state.arrange.error || "" }),
      h("div", { class: "arrange-buttons" },
        h("button", { type: "button", class: "action primary", dataset: { arrange: "submit" }, text: t("arrange.submit") }),
        h("button", { type: "button", class: "action", dataset: { arrange: "clear" }, text: t("arrange.clear") }),
        h("button", { type: "button", class: "action", dataset: { arrange: "cancel" }, text: t("arrange.cancel") })),
    ]);
    if (rebuilt && same) panel.querySelector(same)?.focus({ preventScroll: true });
    // A slot that holds its meld already is marked ✓ (and says so), so a wrong one stands out
    // before the tap (a play-test: the refusal named only the first of two wrong melds).
    const judged = arrangeJudged(state);
    panel.querySelectorAll("[data-slot]").forEach((button, n) => {
      const cards = state.arrange.slots[n].map((index) => state.order[index]);
      const fits = Boolean(judged?.answers[n]?.ok);
      // A slot the engine refused is marked once it is as long as its meld (a play-test put
      // A♣ A♥ J♠ in a group's slot and saw nothing but a missing ✓), or after a refusal, whose
      // words name the cards: the slot meant is found at a glance.
      const full = cards.length >= contract[n].size;
      const wrong = Boolean(cards.length && judged?.answers[n] && !fits && (state.arrange.error || full));
      // A slot that holds its meld shows it as it will go down: a run in order, each joker as
      // the card it stands for (a play-test saw only a star, and a run tapped in no order).
      const answer = fits ? judged.answers[n] : null;
      const shown = answer?.cards ? answer.cards.split(" ") : cards;
      const stands = answer?.stands_for || [];
      replaceIfChanged(button.parentElement.querySelector(".cards"), JSON.stringify([shown, stands]),
        () => shown.map((card, i) => cardElement(card, { mini: true, stands: stands[i] })));
      button.parentElement.classList.toggle("fits", fits);
      button.parentElement.classList.toggle("wrong", wrong);
      button.parentElement.querySelector(".fits-mark").textContent = fits ? " ✓" : wrong ? " ✗" : "";
      // Each slot by its number (two alike read the same otherwise), and "empty" for no cards.
      const label = t("arrange.slot_label", {
        n: n + 1, count: contract.length, slot: slotWords(contract[n]),
        cards: cards.length ? cards.map(cardName).join(", ") : t("arrange.slot_empty"),
      });
      button.setAttribute("aria-label", fits ? `${label}, ${t("arrange.slot_fits")}` : wrong ? `${label}, ${t("arrange.slot_wrong")}` : label);
    });
    // Greyed (still tappable: it says why) until the engine has accepted the slots as they
    // stand; lit while a slot was empty or wrong, it promised melds the engine then refused.
    const verdict = judged ? (judged.ok ? "ok" : "refused") : "";
    panel.dataset.judged = verdict;
    panel.querySelector("[data-arrange=submit]").setAttribute("aria-disabled", String(verdict !== "ok"));
    // The help gives its room to the slots only once they need it (a small screen, a long
    // contract filling up): hidden at the first card placed, it left a blank strip and dropped
    // the buttons above the panel (a play-test). Hidden, it stays hidden until the panel
    // closes, so the panel never flickers between the two.
    const scroll = panel.querySelector(".arrange-scroll");
    if (!panel.classList.contains("tight") && scroll.scrollHeight > scroll.clientHeight + 1) panel.classList.add("tight");
  }

  drawHand(view, state, sizes) {
    const hand = $("hand");
    const focused = document.activeElement;
    const keys = handKeys(state.order);
    const used = new Set();
    const inArrange = new Set(state.arrange ? state.arrange.slots.flat() : []);
    const takenAt = takenIndex(view, state, keys);
    const buttons = keys.map((key, index) => {
      const card = state.order[index];
      let button = this.handCards.get(key);
      if (!button || button.dataset.lang !== document.documentElement.lang) {
        button = cardElement(card, { button: true });
        button.dataset.key = key;
        button.dataset.lang = document.documentElement.lang;
        this.handCards.set(key, button);
      }
      used.add(key);
      button.dataset.index = String(index);
      const taken = index === takenAt;
      const fresh = state.newCards.includes(key);
      button.classList.toggle("lifted", state.selected === index);
      button.setAttribute("aria-pressed", String(state.selected === index));
      button.classList.toggle("taken", taken);
      button.classList.toggle("new", fresh);
      button.classList.toggle("in-arrange", inArrange.has(index));
      // The name says what the eye sees: "7 of hearts, new", "7 of hearts, taken this turn".
      const marks = [fresh && !taken ? t("card.new") : "", taken ? t("card.taken_label") : ""].filter(Boolean);
      button.setAttribute("aria-label", [cardName(card), ...marks].join(", "));
      let badge = button.querySelector(".badge");
      if (taken && !badge) button.append(h("span", { class: "badge", "aria-hidden": "true", text: t("card.taken") }));
      if (!taken && badge) badge.remove();
      return button;
    });
    for (const key of [...this.handCards.keys()]) if (!used.has(key)) this.handCards.delete(key);

    // One row: cards overlap just enough to fit, never less than the corner that names them.
    const width = sizes.hand || 340;
    const cardWidth = sizes.handCard;
    const gap = 6;
    const count = buttons.length;
    const natural = count * cardWidth + (count - 1) * gap;
    const step = natural <= width ? cardWidth + gap : (width - cardWidth) / Math.max(1, count - 1);
    const beside = liftedRoom(step, { width, cardWidth, count, lifted: state.selected });
    buttons.forEach((button, i) => {
      const here = i === 0 ? cardWidth : i === beside.after ? beside.wide : beside.rest;
      button.style.marginLeft = `${(here - cardWidth).toFixed(1)}px`;
      button.classList.toggle("under", beside.under && i === state.selected);
    });
    // One tab stop for the whole hand (arrow keys move along it, input.js): the lifted card, the
    // one focused last, or the first.
    const current = buttons.find((b) => b === focused) || buttons[state.selected ?? -1] || buttons.find((b) => b.classList.contains("new")) || buttons[0];
    for (const button of buttons) button.tabIndex = button === current ? 0 : -1;
    const same = hand.children.length === buttons.length && buttons.every((b, i) => hand.children[i] === b);
    if (!same) hand.replaceChildren(...buttons);
    if (focused && focused.isConnected === false && focused.dataset?.key && this.handCards.get(focused.dataset.key) === focused) {
      focused.focus({ preventScroll: true });
    } else if (focused && hand.contains(focused) && document.activeElement !== focused) {
      focused.focus({ preventScroll: true });
    }
  }

  drawHint(state) {
    const hint = $("hint");
    const text = state.hint?.text ?? "";
    const follow = state.hint?.follow ?? "";
    // What the next tap does follows in a part of its own: a phone hides it after a reason, which
    // would make the line three (Turkish four) and lift the buttons and the hand under the finger.
    // While the computer players play at a speed that takes time, "Skip ahead" (game.js skipAhead).
    const skip = state.skippable && !state.skipping && state.settings.speed !== "instant" ? t("hint.skip") : "";
    // Redrawn only when its words change (a redrawn button loses a click or the focus): the parts
    // joined by single spaces, so the line's own text is exactly those words.
    const words = [text, follow, skip].filter(Boolean).join(" ");
    if (hint.textContent !== words) {
      const parts = [text, follow && h("span", { class: "hint-follow", text: follow }),
        skip && h("button", { type: "button", class: "skip-button", id: "skip-button", text: skip })].filter(Boolean);
      hint.replaceChildren(...parts.flatMap((part, i) => (i ? [" ", part] : [part])));
    }
    hint.classList.toggle("reasoned", Boolean(state.hint?.reasoned));
    hint.classList.toggle("warn", Boolean(state.hint?.warn));
    hint.dataset.move = state.hint?.move ?? ""; // a suggested move, in the game's notation
  }

  drawKeyboard(state) {
    const list = $("legal-moves");
    const view = state.view;
    const legal = !state.busy && view && view.turn === 0 && !view.game_over ? view.legal : [];
    const hadFocus = list.contains(document.activeElement);
    // "No moves now" is words: said again in another language (the moves are notation).
    const changed = replaceIfChanged(list, JSON.stringify([legal, legal.length ? "" : document.documentElement.lang]), () => (legal.length
      ? legal.map((move, i) => h("li", {}, h("button", { type: "button", tabindex: i === 0 ? "0" : "-1", dataset: { move }, text: move })))
      : [h("li", { class: "small", text: t("keyboard.none") })]));
    if (changed && hadFocus) list.querySelector("button")?.focus({ preventScroll: true });
    // The box's example is a move legal now: "draw stock" stayed there after the draw (a play-test).
    const example = legal[0] ?? "";
    if ($("command-input").placeholder !== example) $("command-input").placeholder = example; // written only when it changes, like the list
    const error = $("command-error");
    if (error.textContent !== state.commandError) {
      error.textContent = state.commandError;
      // Under the box, below an 11-move list on a phone: brought on screen, not left under the fold.
      if (state.commandError) error.scrollIntoView({ block: "nearest" });
    }
  }

  /**
   * The Plays log, newest first: in the side panel, and in its sheet while that is open. A list
   * that is not shown (the side panel on a phone) is not redrawn: its up to 400 lines were
   * rebuilt at every play the computer players made. It is drawn when it shows (a resize
   * renders again; its key is then out of date).
   */
  drawLog(state) {
    const last = state.log.length ? state.log[state.log.length - 1].id : "none";
    const key = `${last}|${state.log.length}|${document.documentElement.lang}`; // said again in another language
    for (const list of document.querySelectorAll(".play-log")) {
      // The key first: checkVisibility() reads style, which the frame's writes have made dirty.
      if (list.dataset.key === key || list.checkVisibility?.() === false) continue;
      replaceIfChanged(list, key, () => [...[...state.log].reverse().map(logItem), ...(logIsWhole(state.log) ? [] : [olderPlays()])]);
    }
  }
}

/** Whether the log starts at the game's first deal (it keeps the last LOG_LENGTH plays). */
function logIsWhole(log) {
  const first = log[0]?.event;
  return !first || (first.type === "deal_start" && first.deal === 1);
}

/** The log's last line when older plays were let go: where to see them (a play-test saw lines vanish and no word why). */
function olderPlays() {
  return h("li", { class: "log-older", text: t("log.older") });
}

/**
 * One line of the Plays log. A turn's first play, its draw, closes the turn's lines (the log is
 * newest first) with a firmer rule; a lay-down names its melds, a lay-off the meld it grew. A play-test read the log as one
 * long list with no turns in it, and "Kaan laid down" without the cards.
 */
function logItem(entry) {
  const event = entry.event;
  const kind = [entry.kind, event?.type === "draw" ? "turn-start" : ""].filter(Boolean).join(" ");
  // The melds laid, as laid; a lay-off's meld as it stands after the card (a play-test could not
  // tell which of nine melds "Jisoo laid off 6♠" had grown).
  const melds = event?.type === "laydown" || event?.type === "layoff" ? (event.table || []).map((meld) => meld.cards) : [];
  return h("li", { class: kind }, entry.text, melds.length ? h("span", { class: "log-melds", text: meldsText(melds) }) : null);
}

/** The engine's verdicts (Game.judgeArrange) on the Arrange panel's slots as they stand now, or null (not asked yet). */
export function arrangeJudged(state) {
  const judged = state.arrange.judged;
  return judged && judged.key === JSON.stringify(arrangedSlots(state.arrange, state.order)) ? judged : null;
}

/**
 * A player's round badge: a computer player's initial; for the person a figure, the same in
 * every language (an initial of "You" / "나" would only repeat the name beside it).
 */
function avatar(seat, name) {
  if (seat !== 0) return h("span", { class: "avatar", dataset: { seat }, text: name.slice(0, 1) });
  const svg = h("svg:svg", { viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" });
  svg.append(h("svg:circle", { cx: "10", cy: "7", r: "3.6" }), h("svg:path", { d: "M3.4 17.5c.6-3.6 3.3-5.6 6.6-5.6s6 2 6.6 5.6z" }));
  return h("span", { class: "avatar you", dataset: { seat } }, svg);
}

/** "Laid down" on a seat: a ✓ on a phone, the word beside it where there is room. */
function badge(kind, mark, word) {
  return h("span", { class: `laid-badge ${kind}`.trim(), title: word },
    h("span", { class: "laid-mark", "aria-hidden": "true", text: mark }), h("span", { class: "laid-word", text: word }));
}

/**
 * The table shown, with what the contract panel says is missing taken from the hand as it is
 * after the person's own play. While the computer players' turns play out (`shown` is a step of
 * the animation, `final` the engine's view at its end: the state's `final`, set for the
 * animation; the state's `view` is still the one before the move until it ends) the person's hand no longer changes, so
 * the final view's progress is the one: the step's own was the hand before the discard (a
 * play-test read "one more 3♠ for the run 2♠–5♠" after throwing the 5♠). Once the deal ended in
 * those turns the final view is the next deal's: the line is then the hand the person kept at
 * that deal's end (the engine's `ended_progress`; the panel was blank through those turns).
 */
export function progressView(shown, final) {
  if (!final || final === shown) return shown;
  const same = final.seed === shown.seed && final.deal === shown.deal;
  return { ...shown, progress: same ? final.progress : final.ended_progress ?? null, contract_ready: same ? final.contract_ready : false };
}

/** The players with melds down, in the order they first laid down (a newcomer never moves the others). */
function ownersInOrder(view) {
  const first = new Map();
  for (const meld of view.table) if (!first.has(meld.owner)) first.set(meld.owner, meld.id);
  return view.players.filter((p) => first.has(p.seat)).sort((a, b) => first.get(a.seat) - first.get(b.seat));
}

/** "7H", "7H" → "7H#0", "7H#1": a stable key per physical copy in the displayed order. */
export function handKeys(order) {
  const seen = new Map();
  return order.map((card) => {
    const n = seen.get(card) ?? 0;
    seen.set(card, n + 1);
    return `${card}#${n}`;
  });
}

/**
 * Which card of the hand is the one taken from the discard pile this turn (-1: none). With
 * its twin in the hand too, only one copy is marked: the one that came in with the draw.
 */
function takenIndex(view, state, keys) {
  if (state.view !== view || view.turn !== 0 || !view.taken) return -1;
  const copies = state.order.flatMap((card, index) => (card === view.taken ? [index] : []));
  return copies.find((index) => state.newCards.includes(keys[index])) ?? copies[copies.length - 1] ?? -1;
}

export { canDiscard };

/**
 * The table's mark for the game being played: today's Daily or a past one (by number), a lesson,
 * a challenge, or a New Game's difficulty ("Hard"), which nothing else on the table shows once
 * the game has begun.
 */
export function modeBadge(mode, { short = false } = {}) {
  if (mode?.learn) return t("learn.badge");
  if (mode?.challenge?.name) return t(short ? "challenge.badge_short" : "challenge.badge", { name: mode.challenge.name });
  if (mode?.mode === "daily" && mode.date) {
    const key = mode.past ? (short ? "archive.badge_short" : "archive.badge")
      : mode.again ? (short ? "archive.badge_again_short" : "archive.badge_again") : "archive.badge_today";
    return t(key, { number: dailyNumber(mode.date) });
  }
  if (mode?.mode === "new" && DIFFICULTIES.includes(mode.difficulty)) return t(`difficulty.${mode.difficulty}`);
  return "";
}

/**
 * A New Game's line for the results: "New Game against Hard computer players", or a friend's
 * challenge ("Deniz's challenge: …"; it read "New Game" under a header naming the challenger, a
 * play-test); "" otherwise.
 */
export function modeLine(mode) {
  if (mode?.mode !== "new" || mode.learn || !DIFFICULTIES.includes(mode.difficulty)) return "";
  const difficulty = t(`difficulty.${mode.difficulty}`);
  if (mode.challenge?.name) return t("game.mode_challenge", { name: mode.challenge.name, difficulty });
  return t("game.mode_new", { difficulty });
}

const DIFFICULTIES = ["easy", "normal", "hard"];
