// input.js — turns taps, drags and keys into intents on the game. It knows no rules.

import { $ } from "./dom.js";

const DRAG_START_PX = 8;
const DROP_MARGIN_PX = 24; // a drag let go this far above or below the hand still moves the card in it

/** Wire the table's controls to `game`. Returns a function that removes every listener. */
export function bindInput(game) {
  const off = [];
  const on = (target, type, handler, options) => {
    target.addEventListener(type, handler, options);
    off.push(() => target.removeEventListener(type, handler, options));
  };

  on($("stock"), "click", () => game.tapPile("stock"));
  on($("discard"), "click", () => game.tapPile("discard"));
  on($("laydown-button"), "click", () => game.layDown());
  on($("arrange-button"), "click", () => game.openArrange());
  on($("discard-button"), "click", () => game.discardSelected());
  on($("next-deal-button"), "click", () => game.endLook("next"));
  on($("scores-button"), "click", () => game.endLook("scores"));
  on($("sort-button"), "click", () => game.toggleSort());
  on($("menu-button"), "click", () => game.openMenu());
  on($("rules-button"), "click", () => game.openRules());
  on($("settings-button"), "click", () => game.openSettings());
  on($("retry-button"), "click", () => game.boot());
  on($("keyboard-button"), "click", () => game.toggleKeyboard());
  on($("log-button"), "click", () => game.openLog());
  on($("deal-counter"), "click", (event) => {
    if (event.target.closest("#challenge-badge")) game.showChallenge();
  });

  on($("opponents"), "click", (event) => {
    const seat = event.target.closest(".seat");
    if (seat) game.describeSeat(seat.getAttribute("aria-label"));
  });

  on($("hint"), "click", (event) => {
    if (event.target.closest("#skip-button")) game.skipAhead();
  });

  on($("actions-end"), "click", (event) => {
    if (event.target.closest("#hint-button")) game.askHint();
  });

  // Any meld answers a tap: a lit one takes the lifted card, the others say why they do not.
  // A tap on the bare table between melds puts a lifted card back.
  on($("melds"), "click", (event) => {
    const meld = event.target.closest(".meld");
    if (meld) game.layoffTo(Number(meld.dataset.meld));
    else game.deselect();
  });

  on($("arrange"), "click", (event) => {
    const slot = event.target.closest("[data-slot]");
    if (slot) { game.arrangeAction("slot", Number(slot.dataset.slot)); return; }
    const button = event.target.closest("[data-arrange]");
    if (button) game.arrangeAction(button.dataset.arrange);
  });

  on($("legal-moves"), "click", (event) => {
    const button = event.target.closest("button[data-move]");
    if (button && !game.warnFirst(button.dataset.move, button.dataset.move)) game.play(button.dataset.move, { from: "keyboard" });
  });
  // One tab stop for the Legal moves list, as for the hand: the arrows (and Home, End) move
  // along it, so Tab goes on to the Command box instead of through a dozen moves.
  on($("legal-moves"), "keydown", (event) => {
    const buttons = [...$("legal-moves").querySelectorAll("button[data-move]")];
    const index = buttons.indexOf(event.target);
    const moves = { ArrowUp: index - 1, ArrowLeft: index - 1, ArrowDown: index + 1, ArrowRight: index + 1, Home: 0, End: buttons.length - 1 };
    if (index < 0 || !(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    rove(buttons, moves[event.key]);
  });

  on($("command-form"), "submit", (event) => {
    event.preventDefault();
    game.command($("command-input").value);
  });

  bindHand(game, on);

  on(document, "keydown", (event) => {
    game.keyboardUsed = true;
    document.documentElement.dataset.input = "keys"; // dialogs.css: a sheet's scrolling body shows its focus then
    if (document.querySelector("dialog[open]")) return;
    if (event.key === "Escape") game.escape();
    // K opens or closes the keyboard panel, from anywhere but a text box (documented in the Rules).
    const typing = event.target.closest?.("input, textarea, select, [contenteditable]");
    if (!typing && !event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "k" || event.key === "K")) {
      event.preventDefault();
      game.toggleKeyboard();
    }
  });
  on(document, "pointerdown", () => { game.keyboardUsed = false; delete document.documentElement.dataset.input; });

  return () => off.splice(0).forEach((remove) => remove());
}

/** Hand cards: tap to select; drag (pointer events) or Alt+←/→ to reorder, or drag onto a meld
 * to lay off and onto the discard pile to discard. */
function bindHand(game, on) {
  const hand = $("hand");
  let drag = null;
  let suppressClick = false;

  /** The hand card nearest to (x, y) other than `moving`, and whether (x, y) is left of its middle. */
  const cardAt = (x, y, moving) => {
    const cards = [...hand.querySelectorAll("button.card")].filter((card) => card !== moving);
    let best = null;
    for (const card of cards) {
      const r = card.getBoundingClientRect();
      const distance = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (!best || distance < best.distance) best = { card, distance, before: x < r.left + r.width / 2 };
    }
    return best;
  };

  on(hand, "pointerdown", (event) => {
    const element = event.target.closest("button.card");
    if (!element || event.button !== 0) return;
    drag = { element, index: Number(element.dataset.index), x: event.clientX, y: event.clientY, moving: false, pointer: event.pointerId };
  });

  // Followed on the whole page, not the hand: a quick drag's first move can already be off the
  // hand, before the card has captured the pointer (a fast flick to the discard pile did nothing).
  on(document, "pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      drag.moving = true;
      drag.element.setPointerCapture(event.pointerId);
      drag.element.classList.add("dragging");
    }
    drag.element.style.transform = `translate(${dx}px, ${dy}px)`;
    const spot = dropTarget(event.clientX, event.clientY, drag.element);
    light(spot?.element || null, spot ? game.dropFits(drag.index, spot.target) : false);
  });

  // The meld or pile under a dragged card is ringed, in the accent when the card would be played
  // there (a play-test's card covered the meld it was over, and nothing said where it would land).
  let lit = null;
  const light = (element, fits) => {
    if (lit && lit !== element) lit.classList.remove("drop-ok", "drop-no");
    lit = element;
    if (element) { element.classList.toggle("drop-ok", fits); element.classList.toggle("drop-no", !fits); }
  };

  const finish = (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { element, index, moving } = drag;
    drag = null;
    light(null, false);
    if (!moving) return;
    element.classList.remove("dragging");
    element.style.transform = "";
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    if (event.type === "pointercancel") return;
    const drop = dropTarget(event.clientX, event.clientY, element);
    if (drop && game.dropCard(index, drop.target)) return;
    // Let go away from the hand (over the stock, the status line): the card goes back where it
    // was, not to the nearest place in the hand (a play-test's card moved to the front so).
    const box = hand.getBoundingClientRect();
    if (event.clientY < box.top - DROP_MARGIN_PX || event.clientY > box.bottom + DROP_MARGIN_PX) return;
    const target = cardAt(event.clientX, event.clientY, element);
    if (!target) return;
    const targetIndex = Number(target.card.dataset.index);
    let to = target.before ? targetIndex : targetIndex + 1;
    if (index < to) to -= 1;
    game.moveHandCard(index, to);
  };
  on(document, "pointerup", finish);
  on(document, "pointercancel", finish);

  on(hand, "click", (event) => {
    const element = event.target.closest("button.card");
    if (!element) return;
    if (suppressClick) { event.preventDefault(); return; }
    game.tapCard(Number(beneathLifted(element, event)?.dataset.index ?? element.dataset.index));
  });

  /**
   * A lifted card rises over its neighbours, so the whole of it shows, and may cover an edge of
   * the fan they show (render.js liftedRoom moves the next card aside as far as the fan allows,
   * or leaves the lifted card under it). A tap there is meant for the card seen there a moment before, not for a
   * second tap on the lifted one (a play-test discarded the 2♦ so, reaching for the 8♦ beside
   * it): the card of the fan's own order on top at that point (later cards lie over earlier
   * ones). A key's click (no point) is the focused card's.
   */
  const beneathLifted = (element, event) => {
    if (!element.classList.contains("lifted") || event.detail === 0) return null;
    const under = document.elementsFromPoint(event.clientX, event.clientY)
      .filter((e) => e.matches?.("#hand button.card"));
    const top = under.reduce((a, b) => (Number(b.dataset.index) > Number(a.dataset.index) ? b : a), element);
    return top === element ? null : top;
  };

  // One tab stop for the hand: ← → (and Home, End) move along it; Alt+← → move the card itself.
  on(hand, "keydown", (event) => {
    const element = event.target.closest("button.card");
    if (!element) return;
    const cards = [...hand.querySelectorAll("button.card")];
    const index = cards.indexOf(element);
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: cards.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    if (event.altKey) {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") game.moveHandCard(index, moves[event.key]);
      return;
    }
    rove(cards, moves[event.key]);
  });
}

/** The meld or discard pile under a dragged hand card, under `moving` itself: {element, target},
 * the target a meld's id or "discard"; or null (the hand or anywhere else). */
function dropTarget(x, y, moving) {
  for (const element of document.elementsFromPoint(x, y)) {
    if (moving.contains(element)) continue;
    const meld = element.closest("#melds .meld");
    if (meld) return { element: meld, target: Number(meld.dataset.meld) };
    const pile = element.closest("#discard");
    if (pile) return { element: pile, target: "discard" };
  }
  return null;
}

/** One tab stop over `items` (the hand, the Legal moves list): the one at `index`, kept within the
 * list, takes it and the focus. */
function rove(items, index) {
  const next = items[Math.max(0, Math.min(items.length - 1, index))];
  for (const item of items) item.tabIndex = item === next ? 0 : -1;
  next.focus();
}
