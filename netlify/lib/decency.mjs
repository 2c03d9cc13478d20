// Names the public board does not show: a swear word or slur (English, Turkish or Korean)
// standing as a word of the name. An attack on the board put "Fuck You" and a leetspeak slur on it: the name rule
// (site/js/names.js) judges characters, not words.
//
// The words and their disguises (n1gg3r, f*ck, doubled letters) are obscenity's English dataset
// and transformers, a maintained library. A match counts only where it is a word of the name:
// at the name's ends, beside a space, digit or sign, or at a change of case inside one word
// ("FuckYou"). Inside a longer word it does not ("Cassandra", "Scunthorpe", the Turkish
// "cumhuriyet" or the given name "Analia", which the library alone refuses), so a few joined
// words pass ("shithead"): a filter misses some names whatever it does, and refusing a player's
// own name for the letters inside it would be worse; moderation.mjs replaces a name already shown.
// "Dick", a given name, is left out of the words.

import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from "obscenity";

const GIVEN_NAMES = new Set(["dick"]);

// The game speaks Turkish and Korean too; the library's words are English. The commonest swear
// words and insults of the two, each unmistakable as a word of a name (a Korean one inside a
// longer word, as "시발" in 시발점, "starting point", is not one: see `startsWord`).
// Written as the transformers leave them: the confusables step reads ç as c.
const TURKISH = ["siktir", "sikerim", "orospu", "amk", "yarrak", "pezevenk", "pic", "kahpe"];
const KOREAN = ["씨발", "시발", "개새끼", "병신", "좆", "지랄"];

const words = new DataSet()
  .addAll(englishDataset.removePhrasesIf((phrase) => GIVEN_NAMES.has(phrase.metadata?.originalWord)));
for (const word of [...TURKISH, ...KOREAN]) {
  words.addPhrase((phrase) => phrase.setMetadata({ originalWord: word }).addPattern(parseRawPattern(word)));
}

const matcher = new RegExpMatcher({ ...words.build(), ...englishRecommendedTransformers });

const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;

/** Whether a word may start at `chars[at]` (a letter before it is a lower-case one, then an upper-case letter). */
function startsWord(chars, at) {
  const before = chars[at - 1];
  return before === undefined || !LETTER.test(before) || (LOWER.test(before) && UPPER.test(chars[at]));
}

/** Whether a word may end at `chars[at]`. */
function endsWord(chars, at) {
  const after = chars[at + 1];
  return after === undefined || !LETTER.test(after) || (LOWER.test(chars[at]) && UPPER.test(after));
}

/**
 * The first word of `name` the board does not show, as written in the name, or null.
 * @param {string} name a name as names.js checkName() stores it
 * @returns {string | null}
 */
export function offensiveWord(name) {
  const units = [...name].flatMap((char) => [char, ...(char.length > 1 ? [""] : [])]); // by UTF-16 index
  for (const { startIndex, endIndex } of matcher.getAllMatches(name, true)) {
    if (startsWord(units, startIndex) && endsWord(units, endIndex)) return name.slice(startIndex, endIndex + 1);
  }
  return null;
}
