// The page's words (site/i18n/*.json through site/js/i18n.js) in Node: every text that tells the
// reader to tap has a twin that says click for a mouse-only device, with the same placeholders,
// and a sentence that starts with a card's name starts with a capital. `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

globalThis.document = { documentElement: {}, querySelectorAll: () => [], title: "" };
globalThis.fetch = async (url) => {
  const text = await readFile(new URL(url));
  return { ok: true, status: 200, json: async () => JSON.parse(text) };
};
const { cardName, listFor, setLanguage, standsName, t } = await import("../../site/js/i18n.js");

const TAP = { en: /\b[Tt]aps?\b/, tr: /\b[Dd]okun/, ko: /탭(?=[하해한 )])/ };
const CLICK = { en: /\b[Cc]lick/, tr: /tıkla/, ko: /클릭/ };

/** [path, text] of every string in a words file, lists by index. */
function* strings(node, path = []) {
  if (typeof node === "string") yield [path.join("."), node];
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) yield* strings(value, [...path, key]);
  }
}

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

for (const lang of Object.keys(TAP)) {
  test(`${lang}: every text that says tap has a mouse twin that says click, with the same placeholders`, async () => {
    const words = JSON.parse(await readFile(new URL(`../../site/i18n/${lang}.json`, import.meta.url)));
    const all = new Map(strings(words));
    let twins = 0;
    for (const [path, text] of all) {
      if (/_mouse(\.|$)/.test(path)) {
        const plain = path.replace(/_mouse(\.|$)/, "$1");
        assert.ok(all.has(plain), `${lang}: ${path} twins nothing`);
        assert.ok(!TAP[lang].test(text) && CLICK[lang].test(text), `${lang}: ${path}: ${text}`);
        assert.deepEqual(placeholders(text), placeholders(all.get(plain)), `${lang}: ${path}`);
        twins += 1;
        continue;
      }
      if (!TAP[lang].test(text)) continue;
      const list = path.match(/^(.*)\.list\.(\d+)$/);
      const twin = list ? `${list[1]}.list_mouse.${list[2]}` : `${path}_mouse`;
      assert.ok(all.has(twin), `${lang}: ${path} says tap and has no ${twin}: ${text}`);
    }
    assert.ok(twins >= 10, `${lang}: ${twins} twins`);
  });
}

for (const lang of Object.keys(TAP)) {
  test(`${lang}: a keys twin names Enter, not a tap or a click, with its plain text's placeholders`, async () => {
    const words = JSON.parse(await readFile(new URL(`../../site/i18n/${lang}.json`, import.meta.url)));
    const all = new Map(strings(words));
    const twins = [...all].filter(([path]) => path.endsWith("_keys"));
    assert.ok(twins.length >= 8, `${lang}: ${twins.length} keys twins`);
    for (const [path, text] of twins) {
      const plain = path.slice(0, -"_keys".length);
      assert.ok(all.has(plain), `${lang}: ${path} twins nothing`);
      assert.ok(/Enter/.test(text) && !TAP[lang].test(text) && !CLICK[lang].test(text), `${lang}: ${path}: ${text}`);
      assert.deepEqual(placeholders(text), placeholders(all.get(plain)), `${lang}: ${path}`);
    }
  });
}

test("the keys twin is said while the last input was a key, the tap words once a pointer is used", async () => {
  await setLanguage("en");
  assert.match(t("hint.play"), /^Tap a card/);
  document.documentElement.dataset = { input: "keys" };
  try {
    assert.match(t("hint.play"), /^Enter lifts a card/);
    assert.match(t("hint.selected", { card: "7 of hearts" }), /^7 of hearts: Enter again discards it/);
    assert.equal(t("hint.draw"), "Your turn: draw from the stock or the discard pile."); // no twin: the plain words
  } finally {
    delete document.documentElement.dataset;
  }
  assert.match(t("hint.play"), /^Tap a card/);
});

test("a rules list takes its mouse twins by index only on a mouse-only device (none in Node)", () => {
  const section = { list: ["Tap a", "b"], list_mouse: { 0: "Click a" } };
  assert.deepEqual(listFor(section), ["Tap a", "b"]);
});

test("a sentence that starts with a card's name starts with a capital; the card's own label does not", async () => {
  await setLanguage("tr");
  assert.equal(cardName("7H"), "kupa 7"); // a suit is a common noun in Turkish
  assert.equal(t("hint.no_fit", { card: cardName("7H") }).slice(0, 7), "Kupa 7 ");
  assert.equal(t("event.discard", { name: "Kaan", card: cardName("AD") }), "Kaan karo as kartını attı.");
  assert.equal(t("melds.stands", { card: cardName("7H") }), "kupa 7 yerine"); // a label, not a sentence
  // …and one that opens a later sentence of the text (the lesson: "…biter. sinek vale…" was read).
  assert.match(t("learn.discard_text", { card: cardName("JC") }), /biter\. Sinek vale kartını/);
  assert.match(t("learn.layoff_text", { card: cardName("7C") }), /işleyebilirsin\. Sinek 7 kartını/);
  await setLanguage("en");
  assert.equal(t("hint.no_fit", { card: cardName("7H") }).slice(0, 12), "7 of hearts ");
});

test("a joker in a group stands for a rank said in words, not its letter", async () => {
  await setLanguage("tr");
  assert.equal(t("melds.stands", { card: standsName("K") }), "papaz yerine");
  assert.equal(standsName("6D"), "karo 6");
  await setLanguage("en");
  assert.deepEqual(["K", "10", "QS"].map(standsName), ["king", "10", "queen of spades"]);
});

test("a seat's short contract breaks between its melds, never inside one (a lone 4 under 'run of')", async () => {
  const { contractWords } = await import("../../site/js/i18n.js");
  const step2 = [{ kind: "group", size: 3 }, { kind: "run", size: 4 }];
  for (const lang of ["en", "tr", "ko"]) {
    await setLanguage(lang);
    const join = t("contract.join");
    const short = contractWords(step2, { short: true });
    const melds = short.split(join);
    assert.equal(melds.length, 2, `${lang}: ${short}`);
    for (const meld of melds) assert.ok(!/ /.test(meld), `${lang}: a breakable space inside "${meld}"`);
    assert.ok(contractWords(step2).includes(" "), `${lang}: the long form is left to wrap as words do`);
  }
});

test("every way a name is refused has its own sentence in each language, every placeholder filled", async () => {
  const { nameErrorText } = await import("../../site/js/board.js");
  const { checkName } = await import("../../site/js/names.js");
  const refused = ["", "Ad\u200Bmin", "!!!", `x${"\u0301".repeat(5)}`, "x".repeat(25), "M\u0456ra", "Kaa\u043F"];
  for (const lang of ["en", "tr", "ko"]) {
    await setLanguage(lang);
    const texts = refused.map((raw) => nameErrorText(checkName(raw)));
    assert.equal(new Set(texts).size, texts.length, `${lang}: two refusals read alike: ${texts.join(" | ")}`);
    for (const text of texts) assert.ok(!/[{}]/.test(text) && !text.startsWith("name."), `${lang}: ${text}`);
    assert.ok(texts.at(-1).includes("\u043F"), `${lang}: the mixed-in letter is named: ${texts.at(-1)}`);
  }
  await setLanguage("en");
});

test("names that look alike on a board get tags from their players' ids, as short as keeps them apart", async () => {
  const { lookalikeTags } = await import("../../site/js/board.js");
  const entry = (name, player) => ({ name, player });
  const tags = lookalikeTags([entry("Ayşe", "3f2a000000000001"), entry("AYŞE", "77aa000000000002"), entry("Kaan2", "1111000000000003"),
    entry("Ay-şe", "3f2b000000000004"), entry("Jo", "aaaa000000000005"), entry("J0", "aaaa100000000006")]);
  assert.deepEqual(Object.fromEntries(tags), {
    "3f2a000000000001": "#3f2a", "77aa000000000002": "#77aa", "3f2b000000000004": "#3f2b",
    "aaaa000000000005": "#aaaa0", "aaaa100000000006": "#aaaa1",
  });
  assert.equal(lookalikeTags([entry("Ayşe", "3f2a000000000001"), entry("Ayşe Kaya", "77aa000000000002")]).size, 0);
});

test("a name written right to left is isolated from the sentence around it; others are left as they are", async () => {
  // An attack: a friend's challenge from "שרה" read "Beat 7 :שרה contracts, 204 penalty points".
  await setLanguage("en");
  const beat = t("challenge.beat", { name: "שרה", result: "7 contracts" });
  assert.ok(beat.includes("\u2068שרה\u2069"), beat);
  assert.ok(t("challenge.from", { name: "سارة" }).includes("\u2068سارة\u2069"));
  assert.equal(t("challenge.from", { name: "Ayşe" }), t("challenge.from", { name: "Ayşe" }).replace(/[\u2068\u2069]/g, ""));
  assert.ok(!t("challenge.from", { name: "지수" }).includes("\u2068"));
});
