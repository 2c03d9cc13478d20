// leaderboard.js — the page's side of /api/leaderboard: who this browser is (a random player
// id and a display name), the queue of finished Dailies waiting to be sent, and board queries.
//
// The server replays every log and computes the result; nothing here scores a game. A finished
// Daily is queued in localStorage before anything is sent, and leaves the queue only when the
// server has given its final word on it, so it is never lost and never stored twice:
//
//   201, 200           on the board (200: that very log was already there — a resend)
//   409                another game of that date is on the board: the first one counts
//   409 duplicate_log  that very game is on the board under another player: refused for good
//   400, 413, 422      refused for good (bad request, too large, does not replay, engine version);
//                      a 400 about the name only waits for a better name
//   anything else      kept and retried: offline, network error, 429, 5xx, a missing endpoint

import { KEYS } from "./storage.js";

const ENDPOINT = "/api/leaderboard";
const FINAL = new Set([400, 409, 413, 422]);
const RETRY_FIRST_MS = 15_000;       // then doubling, with some jitter, ...
const RETRY_MAX_MS = 15 * 60_000;    // ... up to this
const REQUEST_TIMEOUT_MS = 30_000;   // a replay takes under a second; a hung line must not hold the queue
const KEEP_SENT_DAYS = 60;
const LOCK = "ladder-rummy:leaderboard";
const QUEUE_LOCK = "ladder-rummy:board-queue"; // every change of the queue, in any tab, one at a time

// The name rule is the server's own file (names.js): the endpoint imports it too.
export { NAME_MAX, checkName } from "./names.js";
import { checkName } from "./names.js";

// ---- UTC dates ----

const DAY_MS = 86_400_000;
const dayNumber = (date) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const isoDate = (day) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** addDays("2026-11-29", -1) → "2026-11-28". */
export function addDays(date, days) { return isoDate(dayNumber(date) + days); }

/** The ISO week of a UTC date: isoWeek("2026-11-29") → "2026-W48"; isoWeek("2021-01-03") → "2020-W53". */
export function isoWeek(date) {
  const day = dayNumber(date);
  const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
  const thursday = day - weekday + 3; // a week belongs to the year of its Thursday
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** A random UUID (crypto.randomUUID needs a secure context; this works on plain http too). */
function newPlayerId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An abort signal for one request (none where the browser has no AbortSignal.timeout). */
const timeout = () => AbortSignal.timeout?.(REQUEST_TIMEOUT_MS);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * The leaderboard client. `status(date)` says where a Daily's submission stands:
 *   {state: "needs_name"}                         queued, waiting for a name
 *   {state: "queued", detail?} / {state: "sending"}  on its way
 *   {state: "ranked", entry}                      on the board
 *   {state: "first", detail}                      409: an earlier game of that date is on the board
 *   {state: "unranked", error, detail}            refused (422 engine_version, replay, …): kept here only
 */
export class Leaderboard {
  /**
   * @param {object} options
   * @param {import("./storage.js").Storage} options.storage
   * @param {typeof fetch} [options.fetch]
   * @param {() => number} [options.now] milliseconds, for backoff
   * @param {() => boolean} [options.online] whether the browser believes it is online
   */
  constructor({ storage, fetch = (...args) => window.fetch(...args), now = () => Date.now(), online = () => navigator.onLine }) {
    this.storage = storage;
    this.fetch = fetch;
    this.now = now;
    this.online = online;
    this.listeners = new Set();
    this.sending = null; // the date being sent now
    this.flushing = null; // the running flush, if any
    this.timer = 0;
  }

  // ---- who this browser is ----

  /** {id, name}: the id is made once and kept; the name is null until the person picks one. */
  get player() {
    const saved = this.storage.read(KEYS.player);
    if (isObject(saved) && typeof saved.id === "string" && UUID.test(saved.id)) {
      return { id: saved.id, name: typeof saved.name === "string" && saved.name ? saved.name : null };
    }
    const player = { id: newPlayerId(), name: null };
    this.storage.write(KEYS.player, player);
    return player;
  }

  get name() { return this.player.name; }

  /**
   * A name the person gave elsewhere (for a challenge link), offered in the box when the
   * leaderboard first asks for one (a play-test typed it twice). Never sent by itself: a name
   * goes on the leaderboard only once saved there (setName).
   */
  get offeredName() {
    const saved = this.storage.read(KEYS.player);
    return this.name || (isObject(saved) && typeof saved.offered === "string" ? saved.offered : "");
  }

  /** Keep `name` (already checked) to offer later, while the leaderboard has none. */
  offerName(name) {
    if (!this.name && name) this.storage.write(KEYS.player, { ...this.player, offered: name });
  }

  /** Keep a new name (checked as the server would) and give it to Dailies waiting for one. */
  setName(raw) {
    const checked = checkName(raw);
    if (checked.error) return checked;
    this.storage.write(KEYS.player, { ...this.player, name: checked.name });
    this.changeQueue((queue) => {
      const waiting = Object.values(queue).filter((entry) => !entry.name);
      for (const entry of waiting) { entry.name = checked.name; delete entry.nameError; delete entry.refusedName; delete entry.nameReason; }
      return waiting.length > 0;
    }).then(() => {
      this.notify();
      this.flush();
    });
    return checked;
  }

  // ---- the queue ----

  queue() {
    const queue = this.storage.read(KEYS.queue, {});
    return isObject(queue) ? queue : {};
  }

  sent() {
    const sent = this.storage.read(KEYS.sent, {});
    return isObject(sent) ? sent : {};
  }

  /**
   * Change the queue in one step no other tab's change interleaves with (a Web Lock: two tabs
   * reading and writing the queue at once could each drop what the other added). `change(queue)`
   * edits it in place and returns whether it changed anything. Resolves what it returned.
   */
  changeQueue(change) {
    const run = () => {
      const queue = this.queue();
      const changed = change(queue);
      if (changed) this.storage.write(KEYS.queue, queue);
      return changed;
    };
    return navigator.locks ? navigator.locks.request(QUEUE_LOCK, run) : Promise.resolve().then(run);
  }

  /**
   * Queue a finished Daily, unless one of that date was queued or sent already (only the
   * first finished Daily of a date counts, whichever tab finishes it). Resolves whether it was queued.
   * @param {{date: string, log: string[], engineVersion: string}} game from the engine's Save
   */
  async enqueue({ date, log, engineVersion }) {
    const queued = await this.changeQueue((queue) => {
      if (queue[date] || this.sent()[date]) return false;
      const { id, name } = this.player;
      queue[date] = { date, name, playerId: id, log, engineVersion, queuedAt: new Date(this.now()).toISOString(), attempts: 0 };
      return true;
    });
    if (queued) {
      this.notify();
      this.flush();
    }
    return queued;
  }

  /** Where the submission of `date`'s Daily stands, or null if there is none. */
  status(date) {
    const entry = this.queue()[date];
    if (entry) {
      if (!entry.name) return { state: "needs_name", detail: entry.nameError, refused: entry.refusedName, reason: entry.nameReason };
      if (this.sending === date) return { state: "sending" };
      return { state: "queued", detail: entry.lastError, offline: !this.online() };
    }
    const sent = this.sent()[date];
    return isObject(sent) ? sent : null;
  }

  /** Call `listener()` whenever a status may have changed. Returns the unsubscribe function. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify() {
    for (const listener of this.listeners) listener();
  }

  /** Send when the page loads, when it comes back online, and on a gentle backoff. Returns stop(). */
  start() {
    const online = () => this.flush();
    window.addEventListener("online", online);
    this.flush();
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(this.timer);
    };
  }

  /** Send every queued Daily that has a name, one at a time. Resolves when this round is done. */
  flush() {
    if (!this.flushing) {
      this.flushing = this.withLock(() => this.sendAll())
        .catch((error) => console.warn("leaderboard: the queue could not be sent", error))
        .finally(() => {
          this.flushing = null;
          this.schedule();
        });
    }
    return this.flushing;
  }

  /** One tab sends at a time (a second tab skips its round; the server would answer 200 anyway). */
  async withLock(run) {
    if (!navigator.locks) return run();
    return navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? run() : undefined));
  }

  async sendAll() {
    const tried = new Set();
    for (;;) {
      if (!this.online()) return; // no request that can only fail; the `online` event resumes
      const now = this.now();
      const entry = Object.values(this.queue())
        .filter((e) => e.name && !tried.has(e.date) && !(e.notBefore > now))
        .sort((a, b) => (a.date < b.date ? -1 : 1))[0];
      if (!entry) return;
      tried.add(entry.date);
      this.sending = entry.date;
      this.notify();
      const outcome = await this.send(entry);
      this.sending = null;
      await this.settle(entry.date, outcome);
    }
  }

  /** POST one entry; classify the answer as {final}, {rename} or {keep}. */
  async send(entry) {
    const { date, name, playerId, log, engineVersion } = entry;
    let response;
    let answer = {};
    try {
      response = await this.fetch(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ date, name, playerId, log, engineVersion }),
        cache: "no-store",
        signal: timeout(),
      });
      answer = await response.json().catch(() => ({}));
    } catch (error) {
      return { keep: true, detail: String(error?.message || error) };
    }
    const status = response.status;
    if (status === 200 || status === 201) return { final: { state: "ranked", entry: answer.entry } };
    if (status === 409 && answer.error === "duplicate_log") {
      return { final: { state: "unranked", error: answer.error, detail: answer.detail } };
    }
    if (status === 409) return { final: { state: "first", detail: answer.detail, entry: answer.entry } };
    if (status === 400 && typeof answer.detail === "string" && answer.detail.startsWith("name:")) {
      return { rename: answer.detail, refused: name, reason: answer.reason };
    }
    if (FINAL.has(status)) {
      return { final: { state: "unranked", error: answer.error || String(status), detail: answer.detail || `HTTP ${status}` } };
    }
    const retryAfter = Number(response.headers.get("retry-after"));
    return { keep: true, detail: answer.detail || `HTTP ${status}`, retryAfter: retryAfter > 0 ? retryAfter : 0 };
  }

  /** Record what the server said about `date`'s Daily. */
  async settle(date, outcome) {
    await this.changeQueue((queue) => {
      const entry = queue[date];
      if (!entry) return false;
      if (outcome.final) {
        delete queue[date];
        const sent = this.sent();
        sent[date] = { ...outcome.final, at: new Date(this.now()).toISOString() };
        this.storage.write(KEYS.sent, prune(sent, date));
      } else if (outcome.rename) {
        entry.name = null;
        entry.nameError = outcome.rename;
        entry.refusedName = outcome.refused; // so the page can say why in the reader's words
        entry.nameReason = typeof outcome.reason === "string" ? outcome.reason : undefined; // a reason of the server's alone ("offensive")
      } else {
        entry.attempts = (entry.attempts || 0) + 1;
        entry.lastError = outcome.detail;
        if (outcome.retryAfter) entry.notBefore = this.now() + outcome.retryAfter * 1000;
        else delete entry.notBefore;
      }
      return true;
    });
    this.notify();
  }

  /** Try again later: soon for a fresh entry, then backing off; the server's Retry-After wins. */
  schedule() {
    clearTimeout(this.timer);
    const waiting = Object.values(this.queue()).filter((e) => e.name);
    if (!waiting.length || !this.online()) return; // offline: the `online` event calls flush()
    const now = this.now();
    const due = Math.min(...waiting.map((e) => {
      const backoff = e.attempts ? Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (e.attempts - 1)) * (1 + Math.random() / 5) : 0;
      return Math.max(e.notBefore || 0, now + backoff);
    }));
    this.timer = setTimeout(() => this.flush(), Math.max(1000, due - now));
  }

  /**
   * The player id as a request header: it is this browser's only credential, and a URL (with its
   * query) ends up in request logs, where anyone who read it could submit in its name.
   */
  credential() {
    return { "x-player-id": this.player.id };
  }

  /**
   * The public id the boards show for this browser (the server derives it the same way), or
   * null where the page has no SubtleCrypto (an insecure context).
   */
  async publicId() {
    const id = this.player.id;
    if (this.ownPublic?.id !== id) {
      const subtle = globalThis.crypto?.subtle;
      const bytes = new TextEncoder().encode(`ladder-rummy/player|${id}`);
      const digest = subtle ? await subtle.digest("SHA-256", bytes).catch(() => null) : null;
      const hex = digest ? [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16) : null;
      this.ownPublic = { id, hex };
    }
    return this.ownPublic.hex;
  }

  // ---- boards ----

  /**
   * One board: {date: "2026-11-29"} or {week: "2026-W48"}, with this player's own rank.
   * Resolves {ok: true, data} (the endpoint's answer) or {ok: false, offline?, detail}.
   */
  async board(query) {
    if (!this.online()) return { ok: false, offline: true };
    const params = new URLSearchParams(query);
    try {
      const response = await this.fetch(`${ENDPOINT}?${params}`, { headers: this.credential(), cache: "no-store", signal: timeout() });
      const data = await response.json().catch(() => null);
      if (!response.ok || !isObject(data)) return { ok: false, detail: data?.detail || `HTTP ${response.status}` };
      return { ok: true, data };
    } catch (error) {
      return { ok: false, detail: String(error?.message || error) };
    }
  }

  /**
   * One board entry's game, to watch it: {date, player} (the public id a board row shows).
   * Resolves {ok: true, data: {seed, log, name, engineVersion, …}} or {ok: false, offline?, detail}.
   */
  async entryGame({ date, player }) {
    if (!this.online()) return { ok: false, offline: true };
    // One's own game is asked for by player id: the server shows anyone else's only once the
    // date's Daily has closed (until then a copy could be submitted).
    const own = player === await this.publicId();
    const params = new URLSearchParams(own ? { date, log: "1" } : { date, player, log: "1" });
    try {
      const response = await this.fetch(`${ENDPOINT}?${params}`, { headers: own ? this.credential() : {}, cache: "no-store", signal: timeout() });
      const data = await response.json().catch(() => null);
      if (!response.ok || !isObject(data) || !Array.isArray(data.log)) return { ok: false, detail: data?.detail || `HTTP ${response.status}` };
      return { ok: true, data };
    } catch (error) {
      return { ok: false, detail: String(error?.message || error) };
    }
  }
}

/** Forget outcomes older than KEEP_SENT_DAYS before `today`. */
function prune(sent, today) {
  const oldest = addDays(today, -KEEP_SENT_DAYS);
  return Object.fromEntries(Object.entries(sent).filter(([date]) => date >= oldest));
}
