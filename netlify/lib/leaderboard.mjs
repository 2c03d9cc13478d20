// The leaderboard: verified Daily results in Netlify Blobs.
//
//   POST /api/leaderboard   {date, name, playerId, log, engineVersion}
//       201 {created: true, entry}          a new verified result, stored and on the boards
//       200 {created: false, entry}         the same game again: the stored entry
//       409 {error: "already_submitted"}    another game for this player and date
//       409 {error: "duplicate_log"}        this very game is on the date's board under another player
//       422 {error: "replay"|"invalid_log"|"engine_version", detail, index?}
//       400 / 413 / 429 / 503               shape, size, rate, the engine
//       403 {error: "cross_site"}           a browser says another site sent it (Sec-Fetch-Site)
//       415 {error: "not_json"}             a body not declared application/json (so another
//                                           site's page cannot post without a CORS preflight)
//   GET  ?date=YYYY-MM-DD[&player=ID]   the day's top 100, and that player's rank and entry
//   GET  ?week=YYYY-Www[&player=ID]     the ISO week: each player's Dailies summed
//   GET  ?date=…&log=1, X-Player-Id: UUID   one's own entry with its log, always
//   GET  ?date=…&player=ID&log=1        anyone's, once the date can no longer be submitted
// The player id (the player's only credential) goes in the X-Player-Id header, never in a URL,
// which request logs keep; a `playerId` query parameter is still read, from pages cached
// before this rule.
//
// Keys of the store (values are JSON):
//   daily/<date>/<public id>      an entry: the verified result and the canonical log
//   owners/<date>/<log hash>      which player a canonical log belongs to on that date
//   weeks/<week>/<public id>      a player's Dailies of an ISO week (per date: result, and the
//                                 total before it, which is the week board's transition)
//   boards/day/<date>, boards/week/<week>   the summaries a GET reads (boards.mjs)
//   limits/<date>/<network hash>  the player ids with a stored result of that date from one network
//   config/address-key            the secret that makes those hashes (made on first use)
// A player id is the player's only credential and is never stored in a key or shown: keys
// and boards use the public id derived from it.
//
// Every error is JSON {error, detail}; the status says which kind.

import { createHash, createHmac, randomBytes } from "node:crypto";
import { checkName } from "../../site/js/names.js";
import { offensiveWord } from "./decency.mjs";
import { applyTransition, boardAnswer, emptySummary, incomplete, mergeRow } from "./boards.mjs";
import { dayNumber, DAY_MS, EARLY_MS, isClosed, isoDate, isoWeekOf, submissionWindow, weekDates } from "./dates.mjs";
import { addressNetwork, clientAddress, HttpError, invalid, json, readBody } from "./http.mjs";
import { createOnce, KeyedLock, readJSON, UNCHANGED, update } from "./store.mjs";

export { compareRows as compareEntries } from "./boards.mjs";
export { weekDates, isoWeekOf, dayNumber } from "./dates.mjs";
export { HttpError };

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * Per-instance request rates (a cheap first shield; the function's rateLimit holds across
 * instances). An address counts by its network (an IPv6 /64), as the store's player cap does:
 * one phone or household holds a whole /64.
 */
export const DEFAULT_LIMITS = Object.freeze({ perPlayer: 5, perAddress: 10, windowMs: 60_000, playersPerNetwork: 4 });
const MAX_LOG_ENTRIES = 20_000; // the engine's own bound; the body limit is tighter in practice
const MAX_ENTRY_CHARS = 200;
const MAX_VERSION_CHARS = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAYER_HANDLE = /^[0-9a-f]{16}$/;

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

/**
 * A player's name as stored (site/js/names.js: the page's rule too, then the board's words,
 * decency.mjs); throws HttpError 400 otherwise.
 */
export function cleanName(raw) {
  const checked = checkName(raw);
  if (checked.error) {
    const { name: _, detail, error, ...rest } = checked;
    throw invalid(detail, { reason: error, ...rest });
  }
  const word = offensiveWord(checked.name);
  if (word) throw invalid(`name: "${word}" is a word this board does not show; choose another name`, { reason: "offensive", word });
  return checked.name;
}

function checkDate(text, nowMs) {
  const day = dayNumber(text);
  if (day === null) throw invalid("date: must be a real date written YYYY-MM-DD");
  const { opens, closes } = submissionWindow(text);
  if (nowMs < opens) throw invalid(`date: the Daily of ${text} has not started yet (it starts at ${text} 00:00 UTC)`);
  if (nowMs >= closes) {
    throw invalid(`date: the Daily of ${text} can no longer be submitted (submissions closed at ${isoDate(closes / DAY_MS)} 00:00 UTC)`);
  }
  return text;
}

function checkPlayerId(value, field = "playerId") {
  if (typeof value !== "string" || !UUID.test(value)) throw invalid(`${field}: must be a UUID`);
  return value.toLowerCase();
}

/**
 * The asking player's own id, or null: from the X-Player-Id header, or from a `playerId` query
 * parameter (pages cached before the header), never both. Read in one place, so every check of
 * "who asks" sees the same answer.
 */
function askingPlayerId(req, params) {
  const header = req.headers.get("x-player-id");
  if (header !== null && params.has("playerId")) throw invalid("give the player id once: in X-Player-Id");
  if (header !== null) return checkPlayerId(header, "X-Player-Id");
  return params.has("playerId") ? checkPlayerId(params.get("playerId")) : null;
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

/**
 * Refuse a POST that another site's page could have made. A page may post `text/plain` to any
 * site without asking it first, so a POST must declare JSON: from another origin that needs a
 * CORS preflight, which this endpoint never grants. And a browser that says the request came
 * from another site (Sec-Fetch-Site, which a page cannot set) is refused outright. Without this,
 * any web page its visitors opened could submit games from their addresses and fill their
 * network's places on a date's board (an attack found it).
 */
export function checkSender(req) {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw new HttpError(403, "cross_site", `submissions come from the game's own pages, not from another site (Sec-Fetch-Site: ${site})`);
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw new HttpError(415, "not_json", `the request body must be JSON sent as content-type: application/json, not ${JSON.stringify(type || "none")}`);
  }
}

/**
 * A result's place among equal results: when it was sent, by the server's clock. A Daily sent
 * in the hour before its midnight (a device clock that runs early) counts as sent an hour
 * later, as if its player had started at midnight: it neither beats everyone sent after
 * midnight (the earliest time, which an early game would otherwise always get) nor is shut out.
 */
export function rankedAt(date, nowMs) {
  const start = dayNumber(date) * DAY_MS;
  return new Date(nowMs < start ? nowMs + EARLY_MS : nowMs).toISOString();
}

// ---------------------------------------------------------------------------
// Small helpers: hashing, memo, per-instance rate limit
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
 * A sliding-window counter per key, in memory: each function instance counts on its own, so
 * it is only a first shield against one client hammering one instance. The limits that hold
 * across instances are netlify.toml's rateLimit and the per-network counters in the store.
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

// ---------------------------------------------------------------------------
// Entries and rows
// ---------------------------------------------------------------------------

const entryKey = (date, player) => `daily/${date}/${player}`;
const weekKey = (week, player) => `weeks/${week}/${player}`;
const dayBoardKey = (date) => `boards/day/${date}`;
const weekBoardKey = (week) => `boards/week/${week}`;

/** What a day board shows of an entry: no player id, no log. */
function row(entry) {
  return {
    player: entry.player, name: entry.name, completed: entry.completed, penalty: entry.penalty,
    deals: entry.deals, place: entry.place, submittedAt: entry.rankedAt ?? entry.submittedAt,
  };
}

/** What the submitting player gets back: the row plus the date, engine and per-deal detail. */
function ownEntry(entry) {
  return {
    date: entry.date, ...row(entry), submittedAt: entry.submittedAt, climbed: entry.climbed,
    engineVersion: entry.engineVersion, verifiedBy: entry.verifiedBy,
  };
}

/** A player's week row from their weeks/<week>/<id> blob: every Daily of the week summed. */
function weekRow(week) {
  const dates = Object.keys(week.days).sort();
  const days = dates.map((d) => week.days[d]);
  const latest = days.reduce((a, b) => (b.submittedAt > a.submittedAt ? b : a));
  return {
    player: week.player, name: latest.name, games: dates.length, dates,
    completed: days.reduce((s, d) => s + d.completed, 0), penalty: days.reduce((s, d) => s + d.penalty, 0),
    submittedAt: latest.submittedAt, // the week's tie-break: who reached the total first
  };
}

// ---------------------------------------------------------------------------
// The handler
// ---------------------------------------------------------------------------

/**
 * The leaderboard as a Functions v2 handler, `(req, context) => Response`.
 * @param {object} options
 * @param {object | (() => object)} options.store a @netlify/blobs Store, or a function returning one per request
 * @param {object | (() => Promise<object>)} options.engine an engine (netlify/lib/engine.mjs), or a function returning a promise of one
 * @param {() => Date} [options.now] the clock (UTC dates, submission times, windows)
 * @param {{perPlayer?: number, perAddress?: number, windowMs?: number, playersPerNetwork?: number}} [options.limits]
 * @param {number} [options.memoSize] verifications remembered by sha256(date, log)
 * @param {{error: Function}} [options.logger] where internal errors are reported
 */
export function createHandler({ store, engine, now = () => new Date(), limits = {}, memoSize = 512, logger = console } = {}) {
  const getStoreNow = typeof store === "function" ? store : () => store;
  const getEngineNow = typeof engine === "function" ? engine : async () => engine;
  const clockMs = () => now().getTime();
  const { perPlayer, perAddress, windowMs, playersPerNetwork } = { ...DEFAULT_LIMITS, ...limits };
  const byPlayer = new RateLimiter({ limit: perPlayer, windowMs, now: clockMs });
  const byAddress = new RateLimiter({ limit: perAddress, windowMs, now: clockMs });
  const verified = new LRU(memoSize); // sha256([date, log]) → Promise of the engine's verdict
  const locks = new KeyedLock(); // one writer per key in this instance
  let addressKey = null; // Promise of the store's secret for hashing networks
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
    // The version is part of the verdict: a log refused under one claimed version may be
    // accepted under another (an attack found it blocking a genuine game by sending it once
    // with the wrong version first).
    const key = sha256(JSON.stringify([date, log, engineVersion]));
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

  const limited = (what, retryAfter, error = "rate_limited") => new HttpError(429, error,
    `too many submissions from this ${what}; try again in ${retryAfter} s`, { headers: { "retry-after": String(retryAfter) } });

  /** The store's secret for network hashes (so the store never holds an address). */
  function networkSecret(st) {
    addressKey ??= createOnce(st, locks, "config/address-key", { key: randomBytes(32).toString("hex") })
      .then((v) => v.key)
      .catch((error) => { addressKey = null; throw error; });
    return addressKey;
  }

  /** The store key that counts one network's players of one date (IPv4 address, IPv6 /64), by a keyed hash. */
  async function networkKey(st, date, address) {
    const network = createHmac("sha256", await networkSecret(st)).update(addressNetwork(address)).digest("hex").slice(0, 32);
    return `limits/${date}/${network}`;
  }

  const networkFull = (date) => new HttpError(429, "network_limit",
    `${playersPerNetwork} players have already sent the Daily of ${date} from this network`,
    { headers: { "retry-after": "3600" } });

  /**
   * At most playersPerNetwork player ids have a result on one date's board from one network.
   * Only a result that is stored counts: a refused request (a log that does not replay, a copy,
   * an old engine) takes no place, or four cheap requests would shut a school's or a carrier's
   * network out of a date (an attack found by a review). `check` refuses early, before the
   * replay, when the network is full; `admit` takes the place, under the key's lock, just before
   * the entry is written.
   */
  const noRoomFor = (players, player) => !players.includes(player) && players.length >= playersPerNetwork;

  async function checkNetwork(st, key, date, player) {
    const found = await readJSON(st, key);
    if (noRoomFor(found?.value?.players ?? [], player)) throw networkFull(date);
  }

  async function admitPlayer(st, key, date, player) {
    await update(st, locks, key, (current) => {
      const seen = current ?? { players: [] };
      if (seen.players.includes(player)) return UNCHANGED;
      if (noRoomFor(seen.players, player)) throw networkFull(date);
      seen.players.push(player);
      return seen;
    });
  }

  /** Put a stored entry on the day board and the week board (each step idempotent), then mark it boarded. */
  async function putOnBoards(st, key, entry) {
    await update(st, locks, dayBoardKey(entry.date), (summary) => {
      const next = summary ?? { ...emptySummary(), date: entry.date };
      return applyTransition(next, { id: entry.player, from: null, to: row(entry) }) ? next : UNCHANGED;
    });

    const week = isoWeekOf(dayNumber(entry.date));
    const { value: mine } = await update(st, locks, weekKey(week, entry.player), (current) => {
      const next = current ?? { week, player: entry.player, days: {} };
      if (next.days[entry.date]) return UNCHANGED;
      const before = Object.keys(next.days).length ? weekRow(next) : null;
      next.days[entry.date] = {
        completed: entry.completed, penalty: entry.penalty, name: entry.name, submittedAt: row(entry).submittedAt,
        before: before && { completed: before.completed, penalty: before.penalty },
      };
      return next;
    });
    const day = mine.days[entry.date];
    const to = { completed: (day.before?.completed ?? 0) + day.completed, penalty: (day.before?.penalty ?? 0) + day.penalty };
    const { value: summary } = await update(st, locks, weekBoardKey(week), (current) => {
      const next = current ?? { ...emptySummary(), week };
      return applyTransition(next, { id: `${entry.player}:${entry.date}`, from: day.before, to, row: weekRow(mine) }) ? next : UNCHANGED;
    });
    if (summary && incomplete(summary)) await rebuildWeekTop(st, week);

    await update(st, locks, key, (current) => (current && !current.boarded ? { ...current, boarded: true } : UNCHANGED));
  }

  /** Rare: a week total fell out of the kept rows; recompute them from every player's week blob. */
  async function rebuildWeekTop(st, week) {
    const { blobs } = await st.list({ prefix: `weeks/${week}/`, consistency: "strong" });
    const rows = [];
    for (const { key } of blobs) {
      const found = await readJSON(st, key);
      if (found && Object.keys(found.value.days).length) rows.push(weekRow(found.value));
    }
    await update(st, locks, weekBoardKey(week), (current) => {
      const next = current ?? { ...emptySummary(), week };
      for (const r of rows) mergeRow(next, r); // each player's latest total, in board order
      return next;
    });
  }

  async function submit(req, context) {
    // Another site's post is refused before it is counted: counted, it would use up the
    // network's per-instance allowance and lock the game's own page out (a review found it).
    checkSender(req);
    const address = clientAddress(req, context);
    const fromAddress = byAddress.take(addressNetwork(address));
    if (!fromAddress.ok) throw limited("address", fromAddress.retryAfter);

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
    const date = checkDate(body.date, clockMs());
    const playerId = checkPlayerId(body.playerId);
    const name = cleanName(body.name);
    const log = checkLog(body.log);
    const engineVersion = checkVersion(body.engineVersion);

    const fromPlayer = byPlayer.take(playerId);
    if (!fromPlayer.ok) throw limited("player", fromPlayer.retryAfter);

    const st = getStoreNow();
    const player = publicId(playerId);
    const key = entryKey(date, player);
    // One submission per player and date at a time: a second one waits, then finds the first.
    return locks.run(`submit ${key}`, async () => {
      const before = await readJSON(st, key);
      if (before) return answerExisting(st, key, before.value, log);

      const network = await networkKey(st, date, address);
      await checkNetwork(st, network, date, player);
      const eng = await engineReady();
      if (!eng.canReplay(engineVersion)) {
        throw new HttpError(422, "engine_version",
          `this leaderboard replays games of engine ${eng.replays.join(", ")}, not ${engineVersion}: `
          + "the result stays on this device and is not ranked", { extra: { replays: eng.replays } });
      }
      const verdict = await verify(eng, date, log, engineVersion);
      if (!verdict.ok) {
        const error = { engine: "engine_version", replay: "replay" }[verdict.code] ?? "invalid_log";
        const extra = Number.isInteger(verdict.index) ? { index: verdict.index } : {};
        throw new HttpError(422, error, verdict.error, { extra });
      }
      const canonical = verdict.log; // the engine's own strings: re-cased or re-spaced copies are the same log
      const hash = logHash(canonical);
      const owner = await createOnce(st, locks, `owners/${date}/${hash}`, { player });
      if (owner.player !== player) {
        throw new HttpError(409, "duplicate_log",
          `this very game is already on the ${date} board under another player: a game counts once`);
      }

      await admitPlayer(st, network, date, player);
      const result = verdict.result;
      const submittedAt = now().toISOString();
      const entry = {
        date, player, name,
        completed: result.completed, penalty: result.penalty, deals: result.deals, place: result.place,
        climbed: result.climbed, standings: result.standings,
        submittedAt, rankedAt: rankedAt(date, clockMs()),
        engineVersion, verifiedBy: result.engine, logHash: hash, log: canonical, boarded: false,
      };
      const written = await update(st, locks, key, (current) => (current === null ? entry : UNCHANGED));
      if (!written.written) return answerExisting(st, key, written.value, log);
      await putOnBoards(st, key, entry);
      return json(201, { created: true, entry: ownEntry(entry) });
    });
  }

  /** A second submission for a stored entry: the same game is 200 (and finishes its boarding), another 409. */
  async function answerExisting(st, key, existing, log) {
    let same = logHash(log) === existing.logHash;
    if (!same) {
      // Perhaps the same game written differently: compare the engine's canonical strings.
      const eng = await engineReady();
      const canonical = eng.canonical(existing.date, log);
      same = canonical.ok && logHash(canonical.log) === existing.logHash;
    }
    if (!same) {
      throw new HttpError(409, "already_submitted",
        `a different game is already on the ${existing.date} board for this player: the first finished Daily counts`,
        { extra: { entry: ownEntry(existing) } });
    }
    if (!existing.boarded) await putOnBoards(st, key, existing);
    return json(200, { created: false, entry: ownEntry(existing) });
  }

  async function query(req) {
    const params = new URL(req.url).searchParams;
    const date = params.get("date");
    const week = params.get("week");
    const logParam = params.get("log");
    if (logParam !== null && logParam !== "0" && logParam !== "1") throw invalid("log: 1 for the entry's log, else leave it out");
    const wantsLog = logParam === "1";
    const playerId = askingPlayerId(req, params);
    if (playerId !== null && params.has("player")) throw invalid("give playerId or player, not both");
    const handle = params.get("player");
    if (handle !== null && !PLAYER_HANDLE.test(handle)) throw invalid("player: must be a public player id (16 hex digits)");
    const own = playerId ? publicId(playerId) : handle;
    if ((date === null) === (week === null)) throw invalid("give ?date=YYYY-MM-DD or ?week=YYYY-Www");
    const st = getStoreNow();

    if (week !== null) {
      if (wantsLog) throw invalid("log=1 takes a date, not a week");
      const dates = weekDates(week);
      if (!dates) throw invalid("week: must be an ISO week written YYYY-Www, such as 2026-W48");
      const [summary, mine] = await Promise.all([
        readJSON(st, weekBoardKey(week)),
        own ? readJSON(st, weekKey(week, own)) : null,
      ]);
      const ownRow = mine && Object.keys(mine.value.days).length ? weekRow(mine.value) : null;
      return json(200, { week, from: dates[0], to: dates[6], ...boardAnswer(summary?.value ?? emptySummary(), ownRow) });
    }

    if (dayNumber(date) === null) throw invalid("date: must be a real date written YYYY-MM-DD");
    const closed = isClosed(date, clockMs());
    const watchFrom = new Date(submissionWindow(date).closes).toISOString();
    if (wantsLog) {
      if (!own) throw invalid("log=1 needs playerId or player");
      if (!playerId && !closed) {
        throw new HttpError(403, "not_public",
          `games of ${date} can be watched once that Daily closes, at ${watchFrom} (until then a copy could be submitted)`,
          { extra: { watchFrom } });
      }
      const found = await readJSON(st, entryKey(date, own));
      if (!found) throw new HttpError(404, "not_found", `no entry on the ${date} board for this player`);
      const entry = found.value;
      return json(200, {
        ...row(entry), date, seed: `daily-${date}`, climbed: entry.climbed, standings: entry.standings,
        engineVersion: entry.engineVersion, verifiedBy: entry.verifiedBy, log: entry.log,
      });
    }
    const [summary, mine] = await Promise.all([
      readJSON(st, dayBoardKey(date)),
      own ? readJSON(st, entryKey(date, own)) : null,
    ]);
    return json(200, { date, ...boardAnswer(summary?.value ?? emptySummary(), mine ? row(mine.value) : null), watchable: closed, watchFrom });
  }

  async function handler(req, context = {}) {
    try {
      if (req.method === "POST") return await submit(req, context);
      if (req.method === "GET" || req.method === "HEAD") {
        const response = await query(req);
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
  handler.locks = locks;
  return handler;
}
