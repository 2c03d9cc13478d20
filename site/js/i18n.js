// i18n.js — the words of the page in English, Turkish and Korean (site/i18n/*.json).
//
// t("seat.cards", {count: 7}) → "7 cards"; a key with "_one" is used when count is 1
// (only the current language's own: Turkish and Korean do not change the noun for one).
// Static text in index.html carries data-i18n (text) or data-i18n-aria (aria-label).

export const LANGUAGES = ["en", "tr", "ko"];

let messages = {};
let fallback = {};
let current = "en";

/** The first of the reader's languages we have, else English. */
export function pickLanguage(saved, preferred = navigator.languages || [navigator.language || "en"]) {
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function fetchMessages(lang) {
  const response = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n ${lang}: ${response.status}`);
  return response.json();
}

/** Load a language (English stays loaded as the fallback for any missing key). */
export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (!fallback.app) fallback = await fetchMessages("en");
  messages = lang === "en" ? fallback : await fetchMessages(lang);
  current = lang;
  document.documentElement.lang = lang;
  translateStatic(document);
  return lang;
}

export function language() { return current; }

function lookup(table, key) {
  let node = table;
  for (const part of key.split(".")) {
    if (node == null || typeof node !== "object") return undefined;
    node = node[part];
  }
  return node;
}

// ---- tap or click ----
//
// A text that tells the reader to tap has a "_mouse" twin that says click ("hint.play_mouse"; a
// rules list has "list_mouse", its changed items by index). The twin is used on a device whose
// only pointer is a mouse or touchpad; anything with a touch screen keeps the tap words. A
// language whose words fit both (Korean's lesson says "press") has no twin there.

let mouseQuery;

/**
 * True while the person plays with keys (input.js marks the page at a key press and unmarks it at
 * a pointer's): a text that tells the reader to tap or click has a "_keys" twin then, which names
 * the keys ("Enter lifts a card…"; a keyboard player was told to click, a play-test), no longer
 * than the words it stands for (test_layout measures them).
 */
export function byKeys() {
  return globalThis.document?.documentElement?.dataset?.input === "keys";
}

/** True on a device that points only with a mouse or touchpad (no touch screen at all). */
export function byMouse() {
  if (mouseQuery === undefined) {
    mouseQuery = typeof matchMedia === "function"
      ? { fine: matchMedia("(hover: hover) and (pointer: fine)"), touch: matchMedia("(any-pointer: coarse)") }
      : null;
  }
  return Boolean(mouseQuery && mouseQuery.fine.matches && !mouseQuery.touch.matches);
}

/** A rules section's list in the words of this device's pointer (see byMouse). */
export function listFor(section) {
  const twins = byMouse() ? section.list_mouse || {} : {};
  return (section.list || []).map((item, index) => twins[index] ?? item);
}

/** The raw entry for a key (a string, list or object), in the current language. */
export function entry(key) {
  const value = lookup(messages, key);
  return value === undefined ? lookup(fallback, key) : value;
}

/** A message with {placeholders} filled in. */
export function t(key, params = {}) {
  let text;
  if (params.count === 1) text = lookup(messages, `${key}_one`);
  if (text === undefined && byKeys()) text = lookup(messages, `${key}_keys`);
  if (text === undefined && byMouse()) text = lookup(messages, `${key}_mouse`);
  if (text === undefined) text = entry(key);
  if (typeof text !== "string") return key;
  const filled = text.replace(/\{(\w+)\}/g, (whole, name, at) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    if (PERSON.test(name)) return isolated(value);
    // A card's name that opens a later sentence of the text ("…biter. Sinek vale kartını…").
    return CARD.test(name) && AFTER_SENTENCE.test(text.slice(0, at)) ? capitalise(value) : value;
  });
  return CARD_FIRST.test(text) && SENTENCE_END.test(filled) ? capitalise(filled) : filled;
}

// A player's name written right to left (the leaderboard and a friend's challenge take Hebrew or
// Arabic names) turned the sentence around it: "Beat 7 :שרה contracts" (an attack on the page).
// Such a name is set apart from the sentence (first-strong isolate … pop directional isolate);
// a name without a right-to-left letter is left as it is.
const PERSON = /^names?$/;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/** `value` isolated from the text around it when it holds a right-to-left letter. */
function isolated(value) {
  return RIGHT_TO_LEFT.test(value) ? `\u2068${value}\u2069` : value;
}

// Suits are common nouns ("kupa 7" in Turkish, "7 of hearts"): a sentence that starts with a
// card's name capitalises it there, and nowhere else (a card's own label stays as it is).
const CARD = /^cards?$/;
const CARD_FIRST = /^\{cards?\}/;
const SENTENCE_END = /[.!?…]$/;
const AFTER_SENTENCE = /[.!?…]\s+$/;

function capitalise(text) {
  return text.charAt(0).toLocaleUpperCase(current || "en") + text.slice(1);
}

/** Fill the data-i18n / data-i18n-aria elements of the static page. */
export function translateStatic(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll("[data-i18n-aria]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nAria));
  }
  document.title = t("app.title");
}

// ---- cards and contracts in words ----

/** "7H" → {rank: "7", suit: "H"}; "JK" → {rank: "JK", suit: null}. */
export function splitCard(card) {
  if (card === "JK") return { rank: "JK", suit: null };
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** "7H" → "7 of hearts" (localized); "JK" → "Joker". */
export function cardName(card) {
  const { rank, suit } = splitCard(card);
  if (!suit) return t("card.joker");
  return t("card.name", { rank: entry(`card.ranks.${rank}`) ?? rank, suit: entry(`card.suits.${suit}`) ?? suit });
}

/**
 * What a joker on the table stands for, in words: a card ("6D" → "6 of diamonds"), or in a group
 * a rank ("K" → "king", "7" → "7"), as a screen reader reads the meld.
 */
export function standsName(stands) {
  return /^(10|[2-9AJQK])$/.test(stands) ? entry(`card.ranks.${stands}`) ?? stands : cardName(stands);
}

/** A card inside a sentence: "7 of hearts", but "a joker" (each language's own words). */
export function cardInText(card) {
  return card === "JK" ? t("card.a_joker") : cardName(card);
}

/** `key` + "_" + `suffix` where the current language words that case apart ("event.discard_joker"), else `key`. */
export function variant(key, suffix) {
  return typeof lookup(messages, `${key}_${suffix}`) === "string" ? `${key}_${suffix}` : key;
}

/**
 * An engine refusal ({error, code, params}) in the reader's language: the words of
 * `refusal.<code>` (English ones where this language lacks them) with the cards of its params
 * named and `{contract}` the words of `contract`, the contract the refusal is about. A code the
 * page has no words for (an older page, a newer engine) shows the engine's own English message.
 * `list` words a list of cards: by name, or as the Arrange panel shows its cards ("3♠ 6♠"),
 * where the names took four lines at 360 px and hid the slots (a play-test).
 */
export function refusalText({ error, code, params = {} }, contract = null, { list = cardList } = {}) {
  const key = `refusal.${code}`;
  if (!code || typeof entry(key) !== "string") return error;
  const words = { ...params };
  if (typeof params.card === "string") words.card = cardInText(params.card);
  if (typeof params.cards === "string") words.cards = list(params.cards);
  if (typeof params.missing === "string") words.missing = list(params.missing);
  if (contract) words.contract = contractWords(contract);
  const text = t(key, words);
  if (/\{\w+\}/.test(text)) return error; // a param it needs is missing: the engine's words, never "{cards}"
  // "a joker does not fit…" opens a sentence, capitalised as its own language does it.
  const locale = typeof lookup(messages, key) === "string" ? current : "en";
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "7H JK" → "7 of hearts, Joker": a list names each card as the hand does; one card reads as in a sentence. */
function cardList(cards) {
  const list = cards.split(" ").filter(Boolean);
  if (list.length < 2) return list.length ? cardInText(list[0]) : t("refusal.no_cards");
  return list.map(cardName).join(t("refusal.list_join"));
}

/**
 * [{kind: "group", size: 3}, {kind: "group", size: 3}] → "two groups of 3"; `short` → "2 groups
 * of 3", the form a phone's narrow seat fits in two lines in every language (the seat's name for
 * screen readers keeps the long one).
 */
export function contractWords(contract, { short = false } = {}) {
  const parts = [];
  for (const meld of contract) {
    const last = parts[parts.length - 1];
    if (last && last.kind === meld.kind && last.size === meld.size) last.count += 1;
    else parts.push({ ...meld, count: 1 });
  }
  return parts
    .map(({ kind, size, count }) => {
      const template = (short && entry(`contract.short.${kind}.${count}`)) || (entry(`contract.${kind}.${count}`) ?? `${count} × ${kind} ${size}`);
      const sizeWord = entry(`contract.size.${size}`) ?? String(size);
      const words = template.replace("{size}", sizeWord);
      // A seat's short line breaks between melds, never inside one ("run of" above a lone "4").
      return short ? words.replace(/ /g, "\u00a0") : words;
    })
    .join(t("contract.join"));
}
