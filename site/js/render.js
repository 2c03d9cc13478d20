// render.js — draws the table from the state. Batched: many `schedule` calls, one redraw per frame.
// It reads view.legal to light up what may be played; it never decides what is legal.

import { $, h, replaceIfChanged } from "./dom.js";
import { cardBack, cardElement, shortCard } from "./cards.js";
import { cardName, contractWords, t } from "./i18n.js";
import { canDiscard, layoffTargets } from "./state.js";
import { contractHelp } from "./hints.js";

const WIDE = window.matchMedia("(min-width: 960px)");

export class Renderer {
  constructor() {
    this.pending = null;
    this.frame = 0;
    this.handCards = new Map(); // "7H#1" → its button, reused across redraws (keeps focus and listeners)
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
    const app = $("app");
    app.dataset.screen = state.screen;
    // For tests and styling: whether the person can act now, and on what.
    app.dataset.busy = String(state.busy);
    app.dataset.replies = String(state.replies);
    app.dataset.phase = state.view ? state.view.phase : "none";
    const view = state.shown;
    if (!view) return;
    this.drawTopbar(view);
    this.drawSeats(view);
    this.drawPiles(view, state);
    this.drawStatus(state);
    this.drawMelds(view, state);
    this.drawContract(view, state);
    this.drawActions(view, state);
    this.drawArrange(view, state);
    this.drawHand(view, state);
    this.drawHint(state);
    this.drawKeyboard(state);
    this.drawLog(state);
  }

  drawTopbar(view) {
    $("deal-counter").textContent = t("deal.counter", { deal: view.deal, max: view.deals_max });
  }

  drawSeats(view) {
    for (const player of view.players) {
      if (player.seat === 0) continue;
      const seat = document.querySelector(`.seat[data-seat="${player.seat}"]`);
      const active = view.turn === player.seat;
      const contract = contractWords(player.contract);
      const key = JSON.stringify([player, active, t("seat.step", { step: 0 })]);
      seat.classList.toggle("active", active);
      replaceIfChanged(seat, key, () => {
        seat.setAttribute("aria-label", t("seat.label", {
          name: player.name,
          cards: t("seat.cards", { count: player.cards }),
          step: player.step,
          contract,
          penalty: player.penalty,
          laid: (player.laid_down ? t("seat.laid_suffix") : "") + (active ? t("seat.playing") : ""),
        }));
        return [
          h("p", { class: "seat-name" },
            h("span", { class: "avatar", "aria-hidden": "true", text: player.name.slice(0, 1) }),
            h("span", { class: "seat-who", text: player.name }),
            h("span", { class: "seat-cards", title: t("seat.cards", { count: player.cards }) }, cardBack(), String(player.cards))),
          h("p", { class: "seat-line" },
            h("span", { class: "seat-step", text: t("seat.step", { step: player.step }) }),
            h("span", { text: t("seat.penalty", { points: player.penalty }) }),
            player.laid_down ? h("span", { class: "laid-badge", text: t("seat.laid") }) : null),
          h("p", { class: "seat-contract", text: contract }),
        ];
      });
    }
  }

  drawPiles(view, state) {
    const myTurn = !state.busy && view === state.view && view.turn === 0;
    const legal = myTurn ? view.legal : [];
    const stock = $("stock");
    const discard = $("discard");
    stock.disabled = !myTurn;
    discard.disabled = !myTurn || view.discard.length === 0;
    stock.classList.toggle("can-draw", legal.includes("draw stock"));
    discard.classList.toggle("can-draw", legal.includes("draw discard"));
    $("stock-count").textContent = String(view.stock);
    stock.setAttribute("aria-label", t("pile.stock", { count: view.stock }));
    const top = view.discard[view.discard.length - 1];
    discard.setAttribute("aria-label", top ? t("pile.discard", { card: cardName(top) }) : t("pile.discard_empty"));
    replaceIfChanged($("discard-top"), `${top}|${document.documentElement.lang}`, () => (top ? cardElement(top) : []));
  }

  drawStatus(state) {
    const status = $("status");
    if (status.textContent !== state.status) status.textContent = state.status;
  }

  drawMelds(view, state) {
    const container = $("melds");
    const card = state.selected !== null && !state.busy ? state.order[state.selected] : null;
    const targets = card ? layoffTargets(state.view.legal, card) : [];
    const accepting = new Set(targets.map((target) => target.meld));
    const key = JSON.stringify([view.table, [...accepting], state.recentMelds, document.documentElement.lang]);
    replaceIfChanged(container, key, () => {
      if (view.table.length === 0) return h("p", { class: "melds-empty", text: t("melds.empty") });
      const groups = [];
      for (const player of view.players) {
        const melds = view.table.filter((meld) => meld.owner === player.seat);
        if (!melds.length) continue;
        const title = player.seat === 0 ? t("melds.yours") : t("melds.owner", { name: player.name });
        groups.push(h("section", { class: "owner-group", "aria-label": title },
          h("h3", { class: "owner-name", text: title }),
          h("div", { class: "owner-melds" }, melds.map((meld) => this.meldElement(meld, accepting.has(meld.id), state)))));
      }
      return groups;
    });
  }

  meldElement(meld, accepts, state) {
    const names = meld.cards.map((card, i) => {
      const stands = meld.stands_for[i];
      return stands ? `${cardName(card)} (${t("melds.stands", { card: standsName(stands) })})` : cardName(card);
    });
    const label = t("melds.label", { id: meld.id, kind: t(`melds.${meld.kind}`), cards: names.join(", ") }) + (accepts ? t("melds.accepts") : "");
    const classes = ["meld", meld.kind];
    if (accepts) classes.push("accepts");
    if (state.recentMelds.includes(meld.id)) classes.push("recent");
    const slots = meld.cards.map((card, i) => h("span", { class: "slot" },
      cardElement(card, { mini: true }),
      meld.stands_for[i] ? h("span", { class: "stands", text: `=${shortCard(meld.stands_for[i])}` }) : null));
    const props = { class: classes.join(" "), dataset: { meld: meld.id }, "aria-label": label };
    if (accepts) return h("button", { ...props, type: "button" }, slots);
    return h("div", { ...props, role: "group" }, slots);
  }

  drawContract(view, state) {
    const me = view.players[0];
    const panel = $("contract-panel");
    panel.classList.toggle("active", view.turn === 0 && !state.busy);
    const ready = view.contract_ready && !me.laid_down;
    const key = JSON.stringify([me, ready, view.progress, view.hints, document.documentElement.lang]);
    replaceIfChanged(panel, key, () => [
      h("span", { class: "small", text: t("contract.label") }),
      h("span", { class: "contract-words", text: contractWords(me.contract) }),
      h("span", { class: "contract-progress", text: me.laid_down ? t("contract.done") : ready ? t("contract.ready") : t("contract.step", { step: me.step }) }),
      h("span", { class: "ladder", "aria-label": t("contract.step", { step: me.step }), role: "img" },
        Array.from({ length: 10 }, (_, i) => h("span", { class: i + 1 < me.step ? "done" : i + 1 === me.step ? "now" : "" }))),
      ...contractHelp(view),
    ]);
    const hint = $("hint-button");
    if (hint) hint.disabled = !(view === state.view && view.turn === 0 && !view.game_over);
  }

  drawActions(view, state) {
    const myTurn = !state.busy && view === state.view && view.turn === 0;
    const me = view.players[0];
    const legal = myTurn ? view.legal : [];
    $("actions").hidden = false;
    $("laydown-button").disabled = !legal.includes("laydown");
    $("arrange-button").disabled = !(myTurn && view.phase === "play" && !me.laid_down && !state.arrange);
    // Once the contract is down these two have nothing left to do this deal.
    $("laydown-button").hidden = me.laid_down;
    $("arrange-button").hidden = me.laid_down;
    const selectedCard = state.selected !== null ? state.order[state.selected] : null;
    $("discard-button").disabled = !(myTurn && view.phase === "play" && selectedCard);
    const sort = $("sort-button");
    const by = state.settings.sort;
    replaceIfChanged(sort, `${by}|${document.documentElement.lang}`, () => [
      h("span", { class: "sort-icon", "aria-hidden": "true", text: "⇅" }),
      h("span", { class: "sort-word", text: t(by === "rank" ? "sort.button_rank" : "sort.button_suit") }),
    ]);
    sort.setAttribute("aria-pressed", String(!state.manual));
    sort.setAttribute("aria-label", `${t("sort.aria")}: ${t(by === "rank" ? "sort.rank" : "sort.suit")}`);
  }

  drawArrange(view, state) {
    const panel = $("arrange");
    panel.hidden = !state.arrange;
    if (!state.arrange) { delete panel.dataset.key; return; }
    const contract = view.players[0].contract;
    const key = JSON.stringify([state.arrange, state.order, document.documentElement.lang]);
    replaceIfChanged(panel, key, () => [
      h("p", { class: "small", text: t("arrange.help") }),
      h("div", { class: "arrange-slots" }, contract.map((meld, n) => {
        const cards = state.arrange.slots[n].map((index) => state.order[index]);
        return h("button", {
          type: "button",
          class: n === state.arrange.active ? "arrange-slot active" : "arrange-slot",
          dataset: { slot: n },
          "aria-pressed": String(n === state.arrange.active),
          "aria-label": `${t("arrange.slot", { kind: t(`melds.${meld.kind}`), size: meld.size })}: ${cards.map(cardName).join(", ")}`,
        },
        h("span", { class: "label", text: t("arrange.slot", { kind: t(`melds.${meld.kind}`), size: meld.size }) }),
        h("span", { class: "cards" }, cards.map((card) => cardElement(card, { mini: true }))));
      })),
      h("p", { class: "arrange-error", role: "alert", text: state.arrange.error || "" }),
      h("div", { class: "arrange-buttons" },
        h("button", { type: "button", class: "action primary", dataset: { arrange: "submit" }, text: t("arrange.submit") }),
        h("button", { type: "button", class: "action", dataset: { arrange: "clear" }, text: t("arrange.clear") }),
        h("button", { type: "button", class: "action", dataset: { arrange: "cancel" }, text: t("arrange.cancel") })),
    ]);
  }

  drawHand(view, state) {
    const hand = $("hand");
    const focused = document.activeElement;
    const keys = handKeys(state.order);
    const used = new Set();
    const inArrange = new Set(state.arrange ? state.arrange.slots.flat() : []);
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
      const taken = state.view === view && view.taken === card && view.turn === 0;
      button.classList.toggle("lifted", state.selected === index);
      button.setAttribute("aria-pressed", String(state.selected === index));
      button.classList.toggle("taken", taken);
      button.classList.toggle("new", state.newCards.includes(key));
      button.classList.toggle("in-arrange", inArrange.has(index));
      let badge = button.querySelector(".badge");
      if (taken && !badge) button.append(h("span", { class: "badge", "aria-hidden": "true", text: t("card.taken") }));
      if (!taken && badge) badge.remove();
      return button;
    });
    for (const key of [...this.handCards.keys()]) if (!used.has(key)) this.handCards.delete(key);

    const width = hand.clientWidth || 340;
    const cardWidth = WIDE.matches ? 70 : 56;
    const rows = width < 600 && buttons.length > 6 ? [buttons.slice(0, Math.ceil(buttons.length / 2)), buttons.slice(Math.ceil(buttons.length / 2))] : [buttons];
    const rowElements = rows.map((row) => {
      const gap = 6;
      const natural = row.length * cardWidth + (row.length - 1) * gap;
      const step = natural <= width ? cardWidth + gap : (width - cardWidth) / Math.max(1, row.length - 1);
      row.forEach((button, i) => { button.style.marginLeft = i === 0 ? "0px" : `${(step - cardWidth).toFixed(1)}px`; });
      return h("div", { class: "hand-row" }, row);
    });
    hand.replaceChildren(...rowElements);
    if (focused && focused.isConnected === false && focused.dataset?.key && this.handCards.get(focused.dataset.key) === focused) {
      focused.focus({ preventScroll: true });
    } else if (focused && hand.contains(focused)) {
      focused.focus({ preventScroll: true });
    }
  }

  drawHint(state) {
    const hint = $("hint");
    const text = state.hint?.text ?? "";
    if (hint.textContent !== text) hint.textContent = text;
    hint.classList.toggle("warn", Boolean(state.hint?.warn));
    hint.dataset.move = state.hint?.move ?? ""; // a suggested move, in the game's notation
  }

  drawKeyboard(state) {
    const list = $("legal-moves");
    const view = state.view;
    const legal = !state.busy && view && view.turn === 0 && !view.game_over ? view.legal : [];
    const hadFocus = list.contains(document.activeElement);
    const changed = replaceIfChanged(list, JSON.stringify(legal), () => (legal.length
      ? legal.map((move) => h("li", {}, h("button", { type: "button", dataset: { move }, text: move })))
      : [h("li", { class: "small", text: t("keyboard.none") })]));
    if (changed && hadFocus) list.querySelector("button")?.focus({ preventScroll: true });
    const error = $("command-error");
    if (error.textContent !== state.commandError) error.textContent = state.commandError;
  }

  drawLog(state) {
    const log = $("play-log");
    const last = state.log.length ? state.log[state.log.length - 1].id : "none";
    // Newest first, so the latest play is where the eye is.
    replaceIfChanged(log, String(last), () => [...state.log].reverse().map((entry) => h("li", { text: entry.text })));
  }
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

function standsName(stands) {
  return /^(10|[2-9AJQK])$/.test(stands) ? stands : cardName(stands);
}

export { canDiscard };
