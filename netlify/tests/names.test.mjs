// site/js/names.js: the one name rule of the page and the endpoint.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { checkName, MAX_MARKS, NAME_MAX, RESERVED, skeleton } from "../../site/js/names.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

test("names in any script are kept as typed: NFC, trimmed, one space between words", () => {
  const kept = [
    ["Çağrı Işıkoğlu", "Çağrı Işıkoğlu"], ["김민준", "김민준"], ["\u1100\u1161\u11A8", "\uAC01"],
    ["<b>x</b>", "<b>x</b>"], ["  Ayşe \u00A0", "Ayşe"], ["Ayşe\u3000\u3000Kaya", "Ayşe Kaya"],
    ["x".repeat(NAME_MAX), "x".repeat(NAME_MAX)], ["ناصر", "ناصر"], ["Nguyễn", "Nguyễn"], ["😀 Ayşe", "😀 Ayşe"],
    ["42", "42"], ["Mirabel", "Mirabel"], ["Kaan2", "Kaan2"], ["Mïra", "Mïra"], ["བསྒྲུབས", "བསྒྲུབས"],
  ];
  for (const [raw, name] of kept) assert.deepEqual(checkName(raw), { name }, JSON.stringify(raw));
});

test("invisible, format, control, bidi, tag and blank characters are refused, naming the character", () => {
  const cases = {
    "Ad\u200Bmin": "U+200B", "Ad\u2060x": "U+2060", "a\uFEFFb": "U+FEFF", "x\u200Fy": "U+200F", "x\u061Cy": "U+061C",
    "x\u{E0041}y": "U+E0041", "\u3164\u3164": "U+3164", "\uFFA0a": "U+FFA0", "\u2800\u2800": "U+2800", "a\u0007b": "U+0007",
    "a\nb": "U+000A", "\u202Eevil": "U+202E", "a\u2028b": "U+2028", "a\u{F0000}": "U+F0000", "a\uFE0F": "U+FE0F",
    "👨\u200D👩": "U+200D", "a\u034Fb": "U+034F", "a\u{1D173}": "U+1D173",
  };
  for (const [raw, char] of Object.entries(cases)) {
    const checked = checkName(raw);
    assert.equal(checked.error, "invisible", JSON.stringify(raw));
    assert.equal(checked.char, char);
    assert.match(checked.detail, new RegExp(`^name: character \\d+ \\(${char.replace("+", "\\+")}\\)`));
  }
});

test("no letter, too many marks, too long, not text", () => {
  assert.equal(checkName("🙂🙂").error, "no_letter");
  assert.equal(checkName("!!!").error, "no_letter");
  assert.ok(checkName(`x${"\u0308".repeat(MAX_MARKS)}`).name, "as many marks as MAX_MARKS");
  assert.equal(checkName(`x${"\u0301".repeat(MAX_MARKS + 1)}`).error, "marks");
  assert.equal(checkName(`a${"\u0301".repeat(63)}`).error, "marks");
  assert.deepEqual(checkName("x".repeat(25)).count, 25);
  assert.equal(checkName("x".repeat(25)).error, "too_long");
  assert.equal(checkName("가".repeat(25)).error, "too_long");
  assert.equal(checkName("").error, "empty");
  assert.equal(checkName("\u3000").error, "empty");
  assert.equal(checkName("\uD800x").error, "broken");
  for (const raw of [42, null, undefined, ["x"], {}]) assert.equal(checkName(raw).error, "type");
});

test("names that look like the computer players' or reserved words are refused (UTS #39 skeletons)", () => {
  const lookalikes = {
    Mira: "Mira", "\u041Cira": "Mira", MIRA: "Mira", mira: "Mira", "M i r a": "Mira", "Ｍｉｒａ": "Mira", "ℳira": "Mira",
    rnira: "Mira", "Mira!": "Mira", "Ka\u0430n": "Kaan", KAAN: "Kaan", jis00: "Jisoo", "J1soo": "Jisoo", You: "You",
    "Y\u03BFu": "You", Sen: "Sen", "나": "나", Admin: "admin", ADMlN: "admin", "ѕуѕtеm": "system", "Ladder-Rummy": "Ladder Rummy",
  };
  for (const [raw, like] of Object.entries(lookalikes)) {
    const checked = checkName(raw);
    assert.equal(checked.error, "reserved", JSON.stringify(raw));
    assert.equal(checked.like, like, JSON.stringify(raw));
    assert.match(checked.detail, /^name: looks like "/);
  }
  for (const word of RESERVED) assert.equal(checkName(word).error, "reserved", word);
  assert.equal(skeleton("\u0430"), "a", "Cyrillic a");
  assert.equal(skeleton("m"), "rn", "m looks like r n: both map alike");
});

test("a name keeps to one script, or a mix UTS #39's moderately restrictive level allows", () => {
  const kept = ["Ayşe Kaya", "Мира", "Александр", "Ελένη", "山田太郎", "やまだタロウ", "ラーメン", "Yamada 太郎", "김민지 Kim",
    "Jisoo 지수 金", "محمد Ali", "Ali ناصر 7", "Nguyễn 2", "😀 Ayşe", "Mira-Kaya", "ΑΒΓ 123"];
  for (const raw of kept) assert.deepEqual(checkName(raw), { name: raw }, raw);
  // Latin with Cyrillic or Greek, whose letters pass for Latin ones; two scripts besides Latin.
  const refused = { "Kaa\u043F": [4, "\u043F"], "Ελένη Smith": [7, "S"], "Алекс Ελένη": [7, "\u0395"],
    "Ali \u05D0 \u0645": [7, "\u0645"], "\u0441at": [2, "a"], "Kim 김 やま": [7, "や"] };
  for (const [raw, [position, letter]] of Object.entries(refused)) {
    const checked = checkName(raw);
    assert.equal(checked.error, "scripts", raw);
    assert.deepEqual([checked.position, checked.letter], [position, letter], raw);
    assert.equal(checked.char, `U+${letter.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
    assert.match(checked.detail, new RegExp(`^name: character ${position} \\(U\\+[0-9A-F]{4}\\) is of another alphabet`));
  }
  // A look-alike of a reserved name is said so first: it names what the name passes for.
  assert.equal(checkName("Ka\u0430n").error, "reserved");
});

test("site/js/name-prototypes.js is what the pinned unhomoglyph data gives", () => {
  const run = spawnSync(process.execPath, ["netlify/make-name-prototypes.mjs", "--check"], { cwd: ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});
