// The leaderboard: verified Daily results in Netlify Blobs, one key per result.
//
//   POST /api/leaderboard   {date, name, playerId, log, engineVersion}
//       201 {created: true, entry}          a new verified result, stored
//       200 {created: false, entry}         the same log again: the stored entry
//       409 {error: "already_submitted"}    another log for this player and date
//       422 {error: "replay"|"invalid_log"|"engine_version", detail, index?}
//       400 / 413 / 429                     shape, size, rate
//   GET  ?date=YYYY-MM-DD[&playerId=UUID]   the day's top 100, and that player's rank and entry
//   GET  ?week=YYYY-Www[&playerId=UUID]     the ISO week: each player's Dailies summed
//   GET  ?date=…&playerId=…&log=1           one entry with its log (also &player=<public id>)
//
// Every error is JSON {error, detail}; the status says which kind. Nothing but
// harmless memoization is cached: verification by sha256(date, log) (the same
// pair replays to the same result) and board rows by key and etag (a stored
// entry is written once, with onlyIfNew, and never changed).

import { createHash } from "node:crypto";

export const MAX_BODY_BYTES = 64 * 1024;
export const TOP = 100;
export const NAME_MAX = 24; // user-perceived characters (grapheme clusters), after NFC and trimming
export const NAME_MAX_CODE_POINTS = 64; // so a "character" cannot carry a hundred combining marks
export const WINDOW_DAYS_BACK = 7; // a Daily may be submitted from 7 days ago ...
export const WINDOW_DAYS_AHEAD = 1; // ... to tomorrow (UTC), for clocks ahead and the offline queue
export const DEFAULT_LIMITS = Object.freeze({ perPlayer: 5, perAddress: 10, windowMs: 60_000 });
const MAX_LOG_ENTRIES = 20_000; // the engine's own bound; the body limit is tighter in practice
const MAX_ENTRY_CHARS = 200;
const MAX_VERSION_CHARS = 32;
const FETCH_PARALLEL = 16;
const PREFIX = "daily/";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAYER_HANDLE = /^[0-9a-f]{16}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;
// Control characters, line/paragraph separators, and the bidi embeddings,
// overrides and isolates that could make a name display as something else.
const FORBIDDEN_IN_NAME = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
// At least one letter, digit, punctuation mark or symbol (emoji are symbols):
// no name made only of invisible format characters.
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** An answer the handler turns into a JSON error response. */
export class HttpError extends Error {
  constructor(status, error, detail, { headers = {}, extra = {} } = {}) {
    super(detail);
    this.status = status;
    this.error = error;
    this.detail = detail;
    this.headers = headers;
    this.extra = extra;
  }
}

const invalid = (detail) => new HttpError(400, "invalid_request", detail);

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

/**
 * A player's name as stored: NFC, trimmed, 1–24 characters, no control or
 * bidi-override characters. Any script; markup is kept as the plain text it
 * is (the page renders names as text). Throws HttpError 400 otherwise.
 */
export function cleanName(raw) {
  if (typeof raw !== "string") throw invalid("name: must be a string");
  if (!raw.isWellFormed()) throw invalid("name: contains a broken character (a lone surrogate)");
  const name = raw.normalize("NFC").trim();
  if (!name) throw invalid("name: must not be empty (after trimming spaces)");
  if (FORBIDDEN_IN_NAME.test(name)) throw invalid("name: must not contain control characters or text-direction overrides");
  if (!VISIBLE.test(name)) throw invalid("name: must contain at least one visible character");
  let count = 0;
  for (const _ of graphemes.segment(name)) count += 1;
  if (count > NAME_MAX || [...name].length > NAME_MAX_CODE_POINTS) {
    throw invalid(`name: at most ${NAME_MAX} characters (this one has ${count})`);
  }
  return name;
}

/** Days since 1970-01-01 of a real YYYY-MM-DD date, or null. */
export function dayNumber(text) {
  const m = typeof text === "string" ? DATE.exec(text) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / 86_400_000;
}

/** YYYY-MM-DD of a day number. */
export function isoDate(day) {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The seven dates (Monday first) of an ISO week "YYYY-Www", or null if there is no such week. */
export function weekDates(text) {
  const m = typeof text === "string" ? WEEK.exec(text) : null;
  if (!m) return null;
  const [year, week] = [Number(m[1]), Number(m[2])];
  // Week 1 holds January 4th; its Monday starts the ISO year.
  const jan4 = Date.UTC(year, 0, 4) / 86_400_000;
  const weekday = (new Date(jan4 * 86_400_000).getUTCDay() + 6) % 7; // Monday 0
  const monday = jan4 - weekday + (week - 1) * 7;
  if (week < 1 || isoWeekOf(monday) !== text) return null; // e.g. W53 of a 52-week year
  return Array.from({ length: 7 }, (_, i) => isoDate(monday + i));
}

/** "YYYY-Www" of a day number. */
export function isoWeekOf(day) {
  const weekday = (new Date(day * 86_400_000).getUTCDay() + 6) % 7;
  const thursday = day - weekday + 3; // the ISO year is the year of the week's Thursday
  const year = new Date(thursday * 86_400_000).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1) / 86_400_000) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

function checkDate(text, today) {
  const day = dayNumber(text);
  if (day === null) throw invalid("date: must be a real date written YYYY-MM-DD");
  if (day < today - WINDOW_DAYS_BACK || day > today + WINDOW_DAYS_AHEAD) {
    throw invalid(`date: ${text} is outside the submission window, ${isoDate(today - WINDOW_DAYS_BACK)} to ${isoDate(today + WINDOW_DAYS_AHEAD)} (UTC)`);
  }
  return text;
}

function checkPlayerId(value, field = "playerId") {
  if (typeof value !== "string" || !UUID.test(value)) throw invalid(`${field}: must be a UUID`);
  return value.toLowerCase();
}

function checkLog(log) {
  if (!Array.isArray(log) || log.length === 0) throw invalid("log: must be a non-empty list of actions");
  if (log.length > MAX_LOG_ENTRIES) throw invalid(`log: at most ${MAX_LOG_ENTRIES} entries`);
  const bad = log.findIndex((entry) => typeof entry !== "string" || entry.length > MAX_ENTRY_CHARS);
  if (bad >= 0) throw invalid(`log: entry ${bad} must be an action string of at most ${MAX_ENTRY_CHARS} characters`);
  return log;
}

function checkVersion(value) {
  if (typeof value !== "string" || !value || value.length > MAX_VERSION_CHARS) {
    throw invalid(`engineVersion: must be a version string of at most ${MAX_VERSION_CHARS} characters`);
  }
  return value;
}

// ---------------------------------------------------------------------------
// Small helpers: hashing, memo, rate limit, body
// ---------------------------------------------------------------------------

export const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** The public id shown on boards; the player id itself is never published (it is the player's only credential). */
export const publicId = (playerId) => sha256(`ladder-rummy/player|${playerId}`).slice(0, 16);

const logHash = (log) => sha256(JSON.stringify(log));

/** A Map with a size bound that forgets the least recently used entry. */
export class LRU {
  constructor(max) {
    this.max = max;
    this.map = new Map();
  }

  get(key) {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key);
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key, value) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value);
    return value;
  }

  delete(key) {
    this.map.delete(key);
  }
}

/**
 * A sliding-window counter per key, in memory: each function instance counts
 * on its own, so across N warm instances the real limit is up to N times this.
 */
export class RateLimiter {
  constructor({ limit, windowMs, now }) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
    this.hits = new Map(); // key → timestamps (ms) of admitted requests, oldest first
  }

  /** Admit and count one request, or answer how many seconds until one is admitted. */
  take(key) {
    const now = this.now();
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { ok: false, retryAfter: Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return { ok: true };
  }

  prune(since) {
    for (const [key, times] of this.hits) {
      if (times[times.length - 1] <= since) this.hits.delete(key);
    }
  }
}

/** The client's address: the platform's, else the proxy headers Netlify sets. */
export function clientAddress(req, context) {
  if (context?.ip) return String(context.ip);
  const netlify = req.headers.get("x-nf-client-connection-ip");
  if (netlify) return netlify.trim();
  const forwarded = req.headers.get("x-forwarded-for");
  if (forwarded) return forwarded.split(",")[0].trim();
  return "unknown";
}

async function readBody(req, limit) {
  const tooLarge = () => new HttpError(413, "too_large", `the request body must be at most ${limit} bytes`);
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return "";
  const chunks = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, "invalid_json", "the request body is not UTF-8 text");
  }
}

async function mapLimit(items, parallel, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return out;
}

// ---------------------------------------------------------------------------
// Entries and boards
// ---------------------------------------------------------------------------

const entryKey = (date, playerId) => `${PREFIX}${date}/${playerId}`;

/** What a board shows of an entry: no player id, no log. */
function row(entry) {
  return {
    player: entry.player, name: entry.name, completed: entry.completed, penalty: entry.penalty,
    deals: entry.deals, place: entry.place, submittedAt: entry.submittedAt,
  };
}

/** What the submitting player gets back: the row plus the date, engine and per-deal detail. */
function ownEntry(entry) {
  return {
    date: entry.date, ...row(entry), climbed: entry.climbed, engineVersion: entry.engineVersion,
    verifiedBy: entry.verifiedBy,
  };
}

/** Contracts completed (most first), penalty (fewest first), submission (earliest first). */
export function compareEntries(a, b) {
  return b.completed - a.completed || a.penalty - b.penalty
    || (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : 0)
    || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0);
}

/** Rank 1..n in board order, the top n, and one player's own rank and row. */
function board(rows, ownPlayer) {
  rows.sort(compareEntries);
  const ranked = rows.map((r, i) => ({ rank: i + 1, ...r }));
  const mine = ownPlayer ? ranked.find((r) => r.player === ownPlayer) : undefined;
  return { players: ranked.length, entries: ranked.slice(0, TOP), you: mine ? { rank: mine.rank, entry: mine } : null };
}

// ---------------------------------------------------------------------------
// The handler
// ---------------------------------------------------------------------------

const JSON_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

function json(status, payload, headers = {}) {
  return new Response(JSON.stringify(payload), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * The leaderboard as a Functions v2 handler, `(req, context) => Response`.
 * @param {object} options
 * @param {object | (() => object)} options.store a @netlify/blobs Store, or a function returning one per request
 * @param {object | (() => Promise<object>)} options.engine an engine (netlify/lib/engine.mjs), or a function returning a promise of one
 * @param {() => Date} [options.now] the clock (UTC dates, submission times, rate windows)
 * @param {{perPlayer?: number, perAddress?: number, windowMs?: number}} [options.limits] POSTs admitted per window
 * @param {number} [options.memoSize] verifications remembered by sha256(date, log)
 * @param {{error: Function}} [options.logger] where internal errors are reported
 */
export function createHandler({ store, engine, now = () => new Date(), limits = {}, memoSize = 512, logger = console } = {}) {
  const getStoreNow = typeof store === "function" ? store : () => store;
  const getEngineNow = typeof engine === "function" ? engine : async () => engine;
  const clockMs = () => now().getTime();
  const { perPlayer, perAddress, windowMs } = { ...DEFAULT_LIMITS, ...limits };
  const byPlayer = new RateLimiter({ limit: perPlayer, windowMs, now: clockMs });
  const byAddress = new RateLimiter({ limit: perAddress, windowMs, now: clockMs });
  const verified = new LRU(memoSize); // sha256([date, log]) → Promise of the engine's verdict
  const rows = new LRU(20_000); // key + etag → board row (entries never change once written)
  const stats = { verifications: 0, memoHits: 0 };

  async function engineReady() {
    try {
      return await getEngineNow();
    } catch (error) {
      logger.error("leaderboard: the engine failed to load", error);
      // A file left out of the deploy is named (it is the deploy's fault, and
      // nothing secret); any other failure is only logged.
      const why = error?.name === "EngineFilesMissing" ? ` (${error.message})` : "";
      throw new HttpError(503, "unavailable", `the game engine is not available right now${why}; try again later`,
        { headers: { "retry-after": "30" } });
    }
  }

  function verify(eng, date, log, engineVersion) {
    const key = sha256(JSON.stringify([date, log]));
    const known = verified.get(key);
    if (known) {
      stats.memoHits += 1;
      return known;
    }
    stats.verifications += 1;
    const verdict = (async () => eng.verify(date, log, engineVersion))();
    verdict.catch(() => verified.delete(key)); // an engine crash is not a verdict
    return verified.set(key, verdict);
  }

  const limited = (what, retryAfter) => new HttpError(429, "rate_limited",
    `too many submissions from this ${what}; try again in ${retryAfter} s`, { headers: { "retry-after": String(retryAfter) } });

  async function submit(req, context) {
    const address = byAddress.take(clientAddress(req, context));
    if (!address.ok) throw limited("address", address.retryAfter);

    const text = await readBody(req, MAX_BODY_BYTES);
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, "invalid_json", "the request body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw invalid("the request body must be a JSON object {date, name, playerId, log, engineVersion}");
    }
    const date = checkDate(body.date, Math.floor(clockMs() / 86_400_000));
    const playerId = checkPlayerId(body.playerId);
    const name = cleanName(body.name);
    const log = checkLog(body.log);
    const engineVersion = checkVersion(body.engineVersion);

    const player = byPlayer.take(playerId);
    if (!player.ok) throw limited("player", player.retryAfter);

    const eng = await engineReady();
    if (!eng.canReplay(engineVersion)) {
      throw new HttpError(422, "engine_version",
        `this leaderboard replays games of engine ${eng.replays.join(", ")}, not ${engineVersion}: `
        + "the result stays on this device and is not ranked", { extra: { replays: eng.replays } });
    }

    const st = getStoreNow();
    const key = entryKey(date, playerId);
    const hash = logHash(log);
    const answerExisting = (existing) => {
      if (existing.logHash === hash) return json(200, { created: false, entry: ownEntry(existing) });
      throw new HttpError(409, "already_submitted",
        `a different game is already on the ${date} board for this player: the first finished Daily counts`,
        { extra: { entry: ownEntry(existing) } });
    };
    // A resend (the offline queue, a retry) needs no replay.
    const before = await st.get(key, { type: "json", consistency: "strong" });
    if (before) return answerExisting(before);

    const verdict = await verify(eng, date, log, engineVersion);
    if (!verdict.ok) {
      const error = { engine: "engine_version", replay: "replay" }[verdict.code] ?? "invalid_log";
      const extra = Number.isInteger(verdict.index) ? { index: verdict.index } : {};
      throw new HttpError(422, error, verdict.error, { extra });
    }
    const result = verdict.result;
    const entry = {
      date, playerId, player: publicId(playerId), name,
      completed: result.completed, penalty: result.penalty, deals: result.deals, place: result.place,
      climbed: result.climbed, standings: result.standings,
      submittedAt: now().toISOString(), engineVersion, verifiedBy: result.engine,
      logHash: hash, log,
    };
    const written = await st.setJSON(key, entry, { onlyIfNew: true });
    if (!written.modified) {
      // Another request for the same player and date won the race.
      const winner = await st.get(key, { type: "json", consistency: "strong" });
      if (!winner) throw new Error(`onlyIfNew refused ${key}, but it cannot be read`);
      return answerExisting(winner);
    }
    return json(201, { created: true, entry: ownEntry(entry) });
  }

  /** Every row of one date's board (the key's etag names the version, so cached rows stay true). */
  async function dayRows(st, date) {
    const { blobs } = await st.list({ prefix: `${PREFIX}${date}/`, consistency: "strong" });
    const found = await mapLimit(blobs, FETCH_PARALLEL, async ({ key, etag }) => {
      const cacheKey = `${key}\n${etag}`;
      const cached = rows.get(cacheKey);
      if (cached) return cached;
      const entry = await st.get(key, { type: "json", consistency: "strong" });
      if (!entry) return null; // deleted since the listing
      return rows.set(cacheKey, row(entry));
    });
    return found.filter(Boolean);
  }

  async function query(url) {
    const params = url.searchParams;
    const date = params.get("date");
    const week = params.get("week");
    const logParam = params.get("log");
    if (logParam !== null && logParam !== "0" && logParam !== "1") throw invalid("log: 1 for the entry's log, else leave it out");
    const wantsLog = logParam === "1";
    if (params.has("playerId") && params.has("player")) throw invalid("give playerId or player, not both");
    const playerId = params.has("playerId") ? checkPlayerId(params.get("playerId")) : null;
    const handle = params.get("player");
    if (handle !== null && !PLAYER_HANDLE.test(handle)) throw invalid("player: must be a public player id (16 hex digits)");
    const own = playerId ? publicId(playerId) : handle;
    if ((date === null) === (week === null)) throw invalid("give ?date=YYYY-MM-DD or ?week=YYYY-Www");
    const st = getStoreNow();

    if (week !== null) {
      if (wantsLog) throw invalid("log=1 takes a date, not a week");
      const dates = weekDates(week);
      if (!dates) throw invalid("week: must be an ISO week written YYYY-Www, such as 2026-W48");
      const perDay = await Promise.all(dates.map((d) => dayRows(st, d)));
      const totals = new Map();
      perDay.forEach((dayList, i) => {
        for (const r of dayList) {
          const t = totals.get(r.player) ?? { player: r.player, name: r.name, games: 0, completed: 0, penalty: 0, dates: [], submittedAt: "" };
          t.games += 1;
          t.completed += r.completed;
          t.penalty += r.penalty;
          t.dates.push(dates[i]);
          if (r.submittedAt > t.submittedAt) {
            t.submittedAt = r.submittedAt; // the week's tie-break: who reached the total first
            t.name = r.name; // the name of the latest submission
          }
          totals.set(r.player, t);
        }
      });
      return json(200, { week, from: dates[0], to: dates[6], ...board([...totals.values()], own) });
    }

    if (dayNumber(date) === null) throw invalid("date: must be a real date written YYYY-MM-DD");
    if (wantsLog) {
      if (!own) throw invalid("log=1 needs playerId or player");
      let key = playerId ? entryKey(date, playerId) : null;
      if (!key) {
        const { blobs } = await st.list({ prefix: `${PREFIX}${date}/`, consistency: "strong" });
        key = blobs.map((b) => b.key).find((k) => publicId(k.slice(k.lastIndexOf("/") + 1)) === handle) ?? null;
      }
      const entry = key && await st.get(key, { type: "json", consistency: "strong" });
      if (!entry) throw new HttpError(404, "not_found", `no entry on the ${date} board for this player`);
      return json(200, {
        ...row(entry), date, seed: `daily-${date}`, climbed: entry.climbed, standings: entry.standings,
        engineVersion: entry.engineVersion, verifiedBy: entry.verifiedBy, log: entry.log,
      });
    }
    const day = board(await dayRows(st, date), own);
    return json(200, { date, ...day });
  }

  async function handler(req, context = {}) {
    try {
      if (req.method === "POST") return await submit(req, context);
      if (req.method === "GET" || req.method === "HEAD") {
        const response = await query(new URL(req.url));
        return req.method === "HEAD" ? new Response(null, { status: response.status, headers: response.headers }) : response;
      }
      throw new HttpError(405, "method_not_allowed", `${req.method} is not supported here: use GET or POST`,
        { headers: { allow: "GET, HEAD, POST" } });
    } catch (error) {
      if (error instanceof HttpError) {
        return json(error.status, { error: error.error, detail: error.detail, ...error.extra }, error.headers);
      }
      logger.error("leaderboard: internal error", error);
      return json(500, { error: "internal", detail: "the leaderboard failed on its side; try again later" });
    }
  }
  handler.stats = stats;
  return handler;
}
