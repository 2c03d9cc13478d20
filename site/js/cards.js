// cards.js — one card as a DOM element: CSS paper, an SVG suit, a localized name.

import { h, icon } from "./dom.js";
import { cardName, splitCard, standsName, t } from "./i18n.js";

/**
 * cardElement("7H") → <span class="card"> with rank and suit;
 * {button: true} makes it a <button> named like "7 of hearts"; {mini: true} a small card;
 * {stands: "6D"} (a joker on the table) shows the card the joker stands for, marked with a star.
 */
export function cardElement(card, { button = false, mini = false, label, stands = null } = {}) {
  const { rank, suit } = splitCard(card);
  const classes = ["card"];
  if (mini) classes.push("mini");
  if (!suit) classes.push("joker");
  if (!suit && stands) classes.push("stands");
  const element = h(button ? "button" : "span", {
    class: classes.join(" "),
    type: button ? "button" : undefined,
    "aria-label": button ? (label ?? cardName(card)) : undefined,
    "aria-hidden": button ? undefined : "true",
    dataset: { card, suit: suit ?? "JK" },
  });
  if (!suit && stands) fillStands(element, stands);
  else fillCard(element, rank, suit);
  return element;
}

/** A joker's corner showing what it stands for: "6D" → 6 and ♦ (in purple, with a ★); "7" → 7 ★. */
function fillStands(element, stands) {
  const rank = /^(10|[2-9AJQK])$/.test(stands) ? stands : splitCard(stands).rank;
  const suit = rank === stands ? null : splitCard(stands).suit;
  const corner = h("span", { class: "corner", "aria-hidden": "true" },
    h("span", { class: rank === "10" ? "rank ten" : "rank", text: rank }),
    suit ? icon(`suit-${suit}`, "pip") : null);
  element.append(corner);
}

function fillCard(element, rank, suit) {
  const corner = h("span", { class: "corner", "aria-hidden": "true" });
  if (!suit) {
    corner.append(h("span", { class: "rank", text: "JOKER" }));
    element.append(corner, icon("joker-star", "face"));
    return;
  }
  corner.append(h("span", { class: rank === "10" ? "rank ten" : "rank", text: rank }), icon(`suit-${suit}`, "pip"));
  element.append(corner, icon(`suit-${suit}`, "face"));
}

/** A face-down card. */
export function cardBack() {
  return h("span", { class: "card back", "aria-hidden": "true" });
}

const SUIT_SIGNS = { H: "♥", D: "♦", C: "♣", S: "♠" };

/** "6D" → "6♦" (short text for a joker's stands-for label). */
export function shortCard(card) {
  if (!card) return "";
  if (/^(10|[2-9AJQK])$/.test(card)) return card; // a group's joker stands for a rank
  const { rank, suit } = splitCard(card);
  return suit ? `${rank}${SUIT_SIGNS[suit]}` : cardName(card); // "Joker", never the notation's "JK"
}

/**
 * Melds as a line of text, each a list of card codes: "5♥ 5♠ Joker · 8♦ 8♥ 8♣". A meld's cards are
 * joined by no-break spaces, so a narrow column never splits one meld over two lines.
 */
export function meldsText(melds) {
  return melds.map((cards) => cards.map(shortCard).join("\u00a0")).join(" · ");
}

/** A meld's card at `index` as one reads it on the table: a joker by what it stands for ("8♦", "7"). */
export function meldCardWord(meld, index) {
  const card = meld.cards[index];
  return shortCard(card === "JK" && meld.stands_for?.[index] ? meld.stands_for[index] : card);
}

/**
 * A meld's name for a screen reader, each joker with what it stands for: "meld 3, group: 7♥, 7♠,
 * Joker (seven of clubs)". The table and the replay say a meld alike.
 */
export function meldLabel(meld) {
  const names = meld.cards.map((card, i) => {
    const stands = meld.stands_for[i];
    return stands ? `${cardName(card)} (${t("melds.stands", { card: standsName(stands) })})` : cardName(card);
  });
  return t("melds.label", { id: meld.id, kind: t(`melds.${meld.kind}`), cards: names.join(", ") });
}

/**
 * A meld's cards as the table draws them: overlapping mini cards, a joker showing what it stands
 * for. Sized by the container's --meld-w, --meld-r and --meld-x (table.css).
 */
export function meldSlots(meld) {
  return meld.cards.map((card, i) => h("span", { class: "slot" }, cardElement(card, { mini: true, stands: meld.stands_for[i] })));
}
