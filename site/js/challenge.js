// challenge.js — a finished New Game as a link a friend can open: the same seed and difficulty,
// and the challenger's name and result carried in the link itself (no server). The long link
// also carries the challenger's own moves, so the friend can watch the game — and so the engine
// can replay it: where moves are present the page shows the replayed result, never the claimed one.
//
// The link is ordinary: ?seed=…&difficulty=…&challenge=<payload>. The payload is compact JSON,
// deflated and base64url-encoded. Everything read back from it is checked field by field here;
// the moves themselves are checked by the engine (adapter.challenge), which knows the rules.

import { checkName } from "./names.js";

export const CHALLENGE_PARAM = "challenge";
export const CHALLENGE_FORMAT = 1;
export const MAX_PAYLOAD = 24_000;     // characters of the payload in the link (a long link is ~1–3 K)
const MAX_INFLATED = 200_000;          // bytes once inflated: a small payload may not unpack into a flood
const MAX_MOVES = 4_000;               // more than any real game (the engine caps it too)
const MAX_MOVE_LENGTH = 120;           // "laydown …" with a long arrangement is under 80
export const MAX_PENALTY = 20_000;     // far above any real total; a cap, not a rule
export const DIFFICULTIES = ["easy", "normal", "hard"];

const isInt = (value, min, max) => Number.isInteger(value) && value >= min && value <= max;

// ---- bytes ----

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("characters that do not belong in a challenge");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function deflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflate, refusing to produce more than `limit` bytes (a crafted payload cannot flood memory). */
async function inflate(bytes, limit = MAX_INFLATED) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new Error("it unpacks to far more than any game");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { out.set(chunk, at); at += chunk.length; }
  return out;
}

// ---- the payload ----

/**
 * The link's payload for a challenger's finished game.
 * challenge: {name, engine, result: {completed, penalty, place, climbed: [bool…]}, moves?: [str…]}
 */
export async function encodeChallenge({ name, engine, result, moves = null }) {
  const data = {
    v: CHALLENGE_FORMAT,
    n: name,
    e: engine,
    c: result.completed,
    p: result.penalty,
    r: result.place,
    d: result.climbed.map((climbed) => (climbed ? "1" : "0")).join(""),
  };
  if (moves) data.m = moves.join("\n");
  return toBase64Url(await deflate(new TextEncoder().encode(JSON.stringify(data))));
}

/** A whole challenge link for a game: its seed and difficulty, and the payload. */
export async function challengeLink(base, { seed, difficulty, ...challenge }) {
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  url.searchParams.set("seed", seed);
  url.searchParams.set("difficulty", difficulty);
  url.searchParams.set(CHALLENGE_PARAM, await encodeChallenge(challenge));
  return url.toString();
}

/**
 * Read a payload back. Resolves {ok: true, challenge} or {ok: false, reason} where `reason` is a
 * code for the message shown ("unreadable", "format", "name", "result", "moves"), `detail`
 * says in English what exactly was wrong (for the console and tests), and `why` ({key, params},
 * for a result, moves or name) names it for the page to word (challenge.why.*).
 * `checkName(name)` returns null for a good name, else a reason (a string, or {detail, why});
 * the game's rule, challengerName, unless a test gives another.
 */
export async function decodeChallenge(payload, { checkName: nameRule = challengerName } = {}) {
  if (typeof payload !== "string" || !payload) return refuse("unreadable", "the link has no challenge");
  if (payload.length > MAX_PAYLOAD) return refuse("unreadable", `the challenge is ${payload.length} characters long`);
  let data;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await inflate(fromBase64Url(payload)));
    data = JSON.parse(text);
  } catch (error) {
    return refuse("unreadable", `the challenge cannot be read: ${error.message}`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return refuse("unreadable", "the challenge is not an object");
  if (data.v !== CHALLENGE_FORMAT) return refuse("format", `the challenge has format ${JSON.stringify(data.v)}`);
  const nameProblem = typeof data.n === "string" ? nameRule(data.n) : fault("name_other", "the name is not text");
  if (nameProblem) return typeof nameProblem === "string" ? refuse("name", nameProblem) : refuse("name", nameProblem.detail, nameProblem.why);
  if (typeof data.e !== "string" || !/^\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(data.e)) return refuse("format", "the engine version is not a version");
  const result = readResult(data);
  if (result.why) return refuse("result", result.detail, result.why);
  let moves = null;
  if ("m" in data) {
    moves = readMoves(data.m);
    if (moves.why) return refuse("moves", moves.detail, moves.why);
  }
  return { ok: true, challenge: { name: data.n.trim(), engine: data.e, result, moves } };
}

function refuse(reason, detail, why = null) {
  return { ok: false, reason, detail, why };
}

/** What is wrong with a field: in English (`detail`) and as the key of the page's words (`why`). */
function fault(key, detail, params = {}) {
  return { detail, why: { key, params } };
}

/** The claimed result, or the fault of the field that is wrong. */
function readResult(data) {
  if (!isInt(data.c, 0, 10)) return fault("contracts", "the contracts completed are not 0 to 10");
  if (!isInt(data.p, 0, MAX_PENALTY)) return fault("penalty", "the penalty points are not a whole number in range");
  if (!isInt(data.r, 1, 4)) return fault("place", "the place is not 1 to 4");
  if (typeof data.d !== "string" || !/^[01]{1,10}$/.test(data.d)) return fault("deals", "the row of deals is not 1 to 10 climbed/stayed marks");
  const climbed = [...data.d].map((mark) => mark === "1");
  if (climbed.filter(Boolean).length !== data.c) return fault("deals", "the row of deals does not add up to the contracts completed");
  return { completed: data.c, penalty: data.p, place: data.r, climbed };
}

/** The moves, or the fault found in them (the engine checks their legality). */
function readMoves(text) {
  if (typeof text !== "string") return fault("moves_text", "the moves are not text");
  const moves = text.split("\n");
  if (moves.length > MAX_MOVES) return fault("moves_many", `the challenge carries ${moves.length} moves`, { count: moves.length });
  const bad = moves.findIndex((move) => !move || move.length > MAX_MOVE_LENGTH || !/^[a-z0-9A-Z /]+$/.test(move));
  if (bad >= 0) return fault("moves_notation", `move ${bad + 1} is not written in the game's notation`, { n: bad + 1 });
  return moves;
}

/** A minimal name rule for when the game's own is not given (tests): 1–24 visible characters. */
/**
 * The game's name rule (names.js) for a challenger's name, with the key of the page's words for a
 * refusal. A name that mixes scripts is let through: that rule guards the public board, a link
 * goes from a person to a friend, and links made before the rule named their senders so.
 */
export function challengerName(name) {
  const checked = checkName(name);
  if (!checked.error || checked.error === "scripts") return null;
  const why = checked.error === "reserved" ? { key: "name_reserved", params: { like: checked.like } } : { key: "name_other", params: {} };
  return { detail: checked.detail, why };
}

/** The challenge of the page's own address, if it has one: the raw payload, or null. */
export function linkedChallenge(search = location.search) {
  return new URLSearchParams(search).get(CHALLENGE_PARAM);
}

/**
 * Take a refused challenge off the page's address once it has been said: the address bar kept
 * the damaged link under the game it started (a play-test), and a reload said it all again. The
 * link's game (its seed and difficulty) stays.
 */
export function forgetLinkedChallenge() {
  const url = new URL(location.href);
  if (!url.searchParams.has(CHALLENGE_PARAM)) return;
  url.searchParams.delete(CHALLENGE_PARAM);
  history.replaceState(history.state, "", url);
}

/**
 * Two results deal by deal, for the side-by-side sheet: [{deal, mine, theirs}] where mine/theirs
 * are true (climbed), false (stayed) or null (that game had no such deal). Who did better is the
 * engine's to say (adapter.compare_results): ranking is a rule.
 */
export function dealRows(mine, theirs) {
  const deals = Math.max(mine.climbed.length, theirs.climbed.length);
  return Array.from({ length: deals }, (_, k) => ({
    deal: k + 1,
    mine: k < mine.climbed.length ? mine.climbed[k] : null,
    theirs: k < theirs.climbed.length ? theirs.climbed[k] : null,
  }));
}
