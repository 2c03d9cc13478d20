// The line above the status box after the computer players' round (site/js/anim.js roundNote):
// what they did to the table — a discard taken, a lay-down, lay-offs, going out — per player, in
// every language. A phone's status box keeps only the last play (a play-test missed a lay-down).
// `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

globalThis.window ??= { matchMedia: () => ({ matches: false, addEventListener() {}, addListener() {} }) };
globalThis.document ??= { documentElement: {}, querySelectorAll: () => [], title: "" };
globalThis.fetch = async (url) => {
  const text = await readFile(new URL(url));
  return { ok: true, status: 200, json: async () => JSON.parse(text) };
};
const { setLanguage, t } = await import("../../site/js/i18n.js");
const { roundNote } = await import("../../site/js/anim.js");

const players = [{ name: "You" }, { name: "Mira" }, { name: "Kaan" }, { name: "Jisoo" }];
const round = [
  { type: "discard", seat: 0, card: "10H" },
  { type: "draw", seat: 1, source: "discard", card: "10H" },
  { type: "laydown", seat: 1, melds: [1, 2], table: [] },
  { type: "discard", seat: 1, card: "JC" },
  { type: "draw", seat: 2, source: "stock" },
  { type: "discard", seat: 2, card: "3D" },
  { type: "draw", seat: 3, source: "stock" },
  { type: "layoff", seat: 3, card: "7C", meld: 1, end: null },
  { type: "layoff", seat: 3, card: "8C", meld: 1, end: "high" },
  { type: "layoff", seat: 3, card: "9D", meld: 2, end: null },
  { type: "discard", seat: 3, card: "2S" },
];

for (const lang of ["en", "tr", "ko"]) {
  test(`${lang}: a round's plays on the table, a line per player`, async () => {
    await setLanguage(lang);
    const mira = t("round.player", { name: "Mira", acts: [t("round.took", { card: "10♥" }), t("round.laid_down")].join(", ") });
    // Lay-offs onto one meld are one act; onto another meld, another (not one list of all).
    // The cards of one act are a list of the language ("6♠ Joker" read as one strange card).
    const both = { en: "7♣ and 8♣", tr: "7♣ ve 8♣", ko: "7♣ 및 8♣" }[lang];
    const jisoo = t("round.player", { name: "Jisoo", acts: [t("round.laid_off", { cards: both }), t("round.laid_off", { cards: "9♦" })].join(", ") });
    assert.equal(roundNote(round, players), `${mira} ${jisoo}`);
    for (const key of ["took", "laid_down", "laid_off", "went_out", "player"]) {
      assert.ok(!t(`round.${key}`, { card: "10♥", cards: "7♣", name: "Mira", acts: "x" }).includes("{"), key);
    }
  });
}

test("a round of stock draws and discards only says nothing; the person's plays are not in it", async () => {
  await setLanguage("en");
  assert.equal(roundNote(round.filter((event) => event.type === "discard" || event.source === "stock"), players), "");
  assert.equal(roundNote([{ type: "layoff", seat: 0, card: "7C", meld: 1 }, { type: "out", seat: 2 }], players), "Kaan: went out.");
});
