// names.js — the one rule for a name on the leaderboard. The page checks a name with it before
// keeping or sending it (leaderboard.js, board.js), and the endpoint checks every submission with
// this same file (netlify/lib/leaderboard.mjs imports it; Netlify's bundler follows the import).
//
//   checkName("  Ayşe  Kaya ") → {name: "Ayşe Kaya"}
//   checkName("Ad\u200bmin")   → {error: "invisible", char: "U+200B", position: 3, detail: "name: …"}
//   checkName("Мira")          → {error: "reserved", like: "Mira", detail: "name: …"}
//   checkName("Kaaп")          → {error: "scripts", char: "U+043F", letter: "п", position: 4, detail: "name: …"}
//
// A name is kept as typed, in NFC, trimmed, with each run of spaces made one space. Refused:
//   type / broken   not text; a lone surrogate (no character at all)
//   empty           nothing left after trimming
//   invisible       a control, format, bidi, tag, private-use, unassigned or default-ignorable
//                   character (zero-width spaces, joiners, direction marks, variation selectors,
//                   Hangul fillers), or a blank that draws nothing (U+2800)
//   marks           more than MAX_MARKS combining marks in a row (no script needs more)
//   no_letter       no letter or digit at all (only symbols, emoji or punctuation)
//   too_long        over NAME_MAX characters (grapheme clusters) or NAME_MAX_CODE_POINTS code points
//   reserved        looks like a computer player's name or a reserved word (UTS #39 skeletons)
//   scripts         letters of scripts that may not mix (UTS #39's moderately restrictive level):
//                   "Kaaп" is Latin with a Cyrillic п, which no look-alike table lists
// Each refusal has `detail`, an English sentence starting "name: " (what the endpoint answers),
// and the parts the page puts into its own words (char, position, count, like).
//
// Character classes come from the JavaScript engine's Unicode tables (V8's, in Chromium and in
// Node): a character newer than one side's tables is "unassigned" there and refused, so the
// endpoint has the last word. The lookalike table is site/js/name-prototypes.js.

import { PROTOTYPES } from "./name-prototypes.js";

export const NAME_MAX = 24;              // user-perceived characters, after trimming
export const NAME_MAX_CODE_POINTS = 64;  // so one "character" cannot carry a hundred marks
export const MAX_MARKS = 4;              // combining marks in a row (Vietnamese uses 2, Tibetan stacks 3)

/**
 * Names a person may not take, because the board would show them as someone else: the computer
 * players (the engine's DEFAULT_NAMES), "you" in the page's languages, and the site's own voice.
 * Compared by skeleton, so "Мira" (Cyrillic М), "MIRA", "M i r a" and "Kaаn" all count.
 */
export const RESERVED = Object.freeze([
  "Mira", "Kaan", "Jisoo", "You", "Sen", "나",
  "admin", "administrator", "moderator", "system", "official", "staff", "support",
  "Ladder Rummy", "computer", "bot", "anonymous", "null", "undefined", "Netlify",
]);

// Control, format, surrogate, private use, unassigned, line/paragraph separators, and every
// default-ignorable code point; plus the Braille blank, which is a symbol that draws nothing.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const SPACES = /\p{Zs}+/gu;
const LETTER = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;
const NOT_NAME_TEXT = /[^\p{L}\p{N}\p{M}]/gu; // ignored when names are compared: spaces, punctuation, symbols

const LOOKALIKE = new Map();
for (const [prototype, chars] of Object.entries(PROTOTYPES)) {
  for (const char of chars) LOOKALIKE.set(char, prototype);
}

/** UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text) {
  let out = "";
  for (const char of text.normalize("NFD")) out += LOOKALIKE.get(char) ?? char;
  return out.normalize("NFD");
}

/**
 * The forms under which two names count as the same: compatibility-folded, with spaces,
 * punctuation and symbols dropped, as skeletons, before and after lower-casing (lower-casing
 * first turns "I" into "i", skeleton-first turns a Cyrillic "М" into "M").
 */
export function comparisonKeys(name) {
  const bare = name.normalize("NFKC").replace(NOT_NAME_TEXT, "");
  const fold = (text) => {
    let previous;
    let current = text;
    do {
      previous = current;
      current = skeleton(current.toLowerCase());
    } while (current !== previous);
    return current;
  };
  return new Set([fold(bare), fold(skeleton(bare))]);
}

const RESERVED_KEYS = new Map();
for (const word of RESERVED) {
  // Capitals have lookalikes of their own ("I" and "l"): every casing of the word counts.
  for (const form of [word, word.toUpperCase(), word.toLowerCase()]) {
    for (const key of comparisonKeys(form)) RESERVED_KEYS.set(key, word);
  }
}

// Scripts, for names that mix them. The names are the Unicode Script values; a name the JavaScript
// engine does not know (an older engine, a newer script) is left out, and its letters then count
// as a script of their own. Common and Inherited (digits, punctuation, spaces, marks) go with any.
const SCRIPT_NAMES = `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali
  Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee
  Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan
  Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi
  Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inscriptional_Pahlavi
  Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki
  Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic
  Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao
  Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong
  Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian
  Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician
  Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng
  Soyombo Sundanese Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut
  Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Toto Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi
  Yi Zanabazar_Square`.split(/\s+/);
const SCRIPTS = SCRIPT_NAMES.flatMap((script) => {
  try {
    return [[script, new RegExp(`\\p{Script_Extensions=${script}}`, "u")]];
  } catch {
    return [];
  }
});
const COMMON = /^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u;
const OTHER = "(other)"; // a letter of a script the engine's tables do not name
// UAX #31's recommended scripts: the one that may join Latin in a name, but for Cyrillic and
// Greek, whose letters pass for Latin ones. With Han, Japanese and Chinese kana, and Hangul.
const WITH_LATIN = new Set(["Arabic", "Armenian", "Bengali", "Bopomofo", "Devanagari", "Ethiopic", "Georgian",
  "Gujarati", "Gurmukhi", "Han", "Hangul", "Hebrew", "Hiragana", "Kannada", "Katakana", "Khmer", "Lao", "Malayalam",
  "Myanmar", "Oriya", "Sinhala", "Tamil", "Telugu", "Thaana", "Thai", "Tibetan"]);
const TOGETHER = [["Latin", "Han", "Hiragana", "Katakana"], ["Latin", "Han", "Bopomofo"], ["Latin", "Han", "Hangul"]];

/** The scripts a character is written in (several for "ー", kana of both kinds); none for a digit or a space. */
function scriptsOf(char) {
  if (COMMON.test(char)) return [];
  const scripts = SCRIPTS.filter(([, pattern]) => pattern.test(char)).map(([script]) => script);
  return scripts.length ? scripts : [OTHER];
}

/** Whether characters of these scripts may make one name: one script, or a mix UTS #39 allows. */
function scriptsMix(sets) {
  const used = sets.filter((set) => set.length);
  const within = (group) => used.every((set) => set.some((script) => group.includes(script)));
  const all = new Set(used.flat());
  if (used.length === 0 || [...all].some((script) => within([script]))) return true;
  return TOGETHER.some(within) || [...all].some((script) => WITH_LATIN.has(script) && within(["Latin", script]));
}

/** The first character (1-based) that makes a name mix scripts that may not go together, or 0. */
function mixedAt(chars) {
  const sets = chars.map(scriptsOf);
  if (scriptsMix(sets)) return 0; // the usual name: one pass, no search for the first culprit
  return sets.findIndex((_, index) => !scriptsMix(sets.slice(0, index + 1))) + 1;
}

const hex = (char) => `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
const refuse = (error, detail, extra = {}) => ({ error, detail: `name: ${detail}`, ...extra });

/**
 * A display name as it will be stored, or why it cannot be one (see the top of this file).
 * @param {unknown} raw
 * @returns {{name: string} | {error: string, detail: string, char?: string, position?: number, count?: number, like?: string}}
 */
export function checkName(raw) {
  if (typeof raw !== "string") return refuse("type", "must be a string");
  if (!raw.isWellFormed()) return refuse("broken", "contains a broken character (a lone surrogate)");
  const name = raw.normalize("NFC").replace(SPACES, " ").trim();
  if (!name) return refuse("empty", "must not be empty (after trimming spaces)");
  const chars = [...name];
  const bad = chars.findIndex((char) => INVISIBLE.test(char));
  if (bad >= 0) {
    const char = hex(chars[bad]);
    return refuse("invisible", `character ${bad + 1} (${char}) is invisible or controls the text; type only visible characters`, { char, position: bad + 1 });
  }
  let run = 0;
  for (const char of chars) {
    run = MARK.test(char) ? run + 1 : 0;
    if (run > MAX_MARKS) return refuse("marks", `more than ${MAX_MARKS} accents or marks on one character`, { count: MAX_MARKS });
  }
  if (!LETTER.test(name)) return refuse("no_letter", "must contain at least one letter or digit");
  const count = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(name)].length;
  if (count > NAME_MAX || chars.length > NAME_MAX_CODE_POINTS) {
    return refuse("too_long", `at most ${NAME_MAX} characters (this one has ${count})`, { count });
  }
  for (const key of comparisonKeys(name)) {
    const like = RESERVED_KEYS.get(key);
    if (like) return refuse("reserved", `looks like "${like}", which is reserved; choose another name`, { like });
  }
  const mixed = mixedAt(chars);
  if (mixed) {
    const char = chars[mixed - 1];
    return refuse("scripts", `character ${mixed} (${hex(char)}) is of another alphabet than the letters before it, which could pass for them; write the name in one alphabet`,
      { char: hex(char), letter: char, position: mixed });
  }
  return { name };
}
