// saves.js — one save per game, and saves that cannot go backwards.
//
// Each game has a slot: "new" for the New Game in progress, "daily:2026-11-29" for each date's
// Daily (so a Daily started, left for a New Game and picked up again comes back at its last move,
// and a later "every past Daily" can keep one save per date). A slot holds a record:
//
//   {format: 1, save: Save, order: [card…], manual, mode, deal, at}   a game in progress
//   {format: 1, over: true, seed, moves, at}                          a game that finished here
//
// A save replaces the stored record only if the stored log is a prefix of the new one (the same
// game, as far or further on): a tab that fell behind, or one that played a position the
// stored game has already left, is refused and told why (`refusal`). Starting a game afresh in a
// slot (`start`) is the one way to replace a game, and the page asks the person first.

import { KEYS } from "./storage.js";

export const RECORD_FORMAT = 1;
export const NEW_SLOT = "new";
const FINISHED_KEPT_DAYS = 8; // a finished game's marker outlives any tab still showing it
const DAY_MS = 86_400_000;

/** The slot of the Daily of `date`: dailySlot("2026-11-29") → "daily:2026-11-29". */
export const dailySlot = (date) => `daily:${date}`;

/** The slot of a game: a Save, or the arguments that start one ({mode, date?}). */
export function slotOf(game) {
  return game?.mode === "daily" ? dailySlot(game.date) : NEW_SLOT;
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** Whether `record` is a slot record this version can use (a game in progress or a finished marker). */
export function isRecord(record) {
  if (!isObject(record)) return false;
  if (record.over === true) return typeof record.seed === "string";
  const save = record.save;
  return isObject(save) && typeof save.seed === "string" && Array.isArray(save.log) && save.log.every((a) => typeof a === "string");
}

/** Whether the list `head` starts the list `log`: isPrefix(["a"], ["a", "b"]) → true. */
export function isPrefix(head, log) {
  return head.length <= log.length && head.every((action, i) => action === log[i]);
}

/**
 * Why `next` (a record in progress) may not replace `stored`, or null when it may:
 *   "finished"  the stored game has finished (in another tab)
 *   "replaced"  another game was started in this slot (in another tab)
 *   "behind"    the stored game has moved on past this one
 *   "forked"    the stored game went another way from a position this one shares
 * refusal({save: {seed: "s", log: ["a"]}}, {save: {seed: "s", log: ["a", "b"]}}) → null
 */
export function refusal(stored, next) {
  if (!isRecord(stored)) return null;
  if (stored.over) return "finished";
  if (stored.save.seed !== next.save.seed || stored.save.mode !== next.save.mode) return "replaced";
  if (isPrefix(stored.save.log, next.save.log)) return null;
  return isPrefix(next.save.log, stored.save.log) ? "behind" : "forked";
}

/** The games kept on this device, one per slot, over a Storage (storage.js). */
export class Saves {
  constructor(storage, now = () => Date.now()) {
    this.storage = storage;
    this.now = now;
  }

  /** The stored text of a slot, or null. */
  raw(slot) { return this.storage.raw(KEYS.game(slot)); }

  /** The record of a slot, or null if there is none or it cannot be read (see `raw`). */
  read(slot) {
    const record = this.storage.read(KEYS.game(slot), null);
    return isRecord(record) ? record : null;
  }

  /** The record of a game in progress in `slot`, or null. */
  inProgress(slot) {
    const record = this.read(slot);
    return record && !record.over ? record : null;
  }

  /**
   * Save `record` over the stored game if it continues it (see `refusal`).
   * Returns {ok: true, stored} (stored: false when it could be kept in memory only) or
   * {ok: false, reason, stored: the record kept, unchanged}.
   */
  commit(slot, record) {
    const stored = this.read(slot);
    const reason = refusal(stored, record);
    if (reason) return { ok: false, reason, stored };
    return { ok: true, stored: this.put(slot, record) };
  }

  /** A game started afresh in `slot`: it replaces whatever the slot held (the person agreed). */
  start(slot, record) {
    return this.put(slot, record);
  }

  /** The game of `slot` finished: keep a small marker, so no tab can save over it any more. */
  finish(slot, save) {
    this.storage.write(KEYS.game(slot), { format: RECORD_FORMAT, over: true, seed: save.seed, moves: save.log.length, at: this.stamp() });
    if (this.current() === slot) this.storage.remove(KEYS.current);
  }

  /** Forget a slot's game altogether (the lesson's, which is never kept once it is over or left). */
  forget(slot) {
    this.storage.remove(KEYS.game(slot));
    if (this.current() === slot) this.storage.remove(KEYS.current);
  }

  /**
   * Set aside a slot's text that could not be resumed (never dropped), and empty the slot; it
   * stays in the slot when there is no room to set it aside.
   */
  setAside(slot, raw, code) {
    if (!this.keepAside({ raw, code, slot })) return;
    this.storage.remove(KEYS.game(slot));
    if (this.current() === slot) this.storage.remove(KEYS.current);
  }

  /**
   * Keep `entry` ({raw, code, slot?}) with the saves set aside: under KEYS.aside, or the first
   * free `save-aside:<n>` after it, never over an earlier one (a review saw a second unreadable
   * save replace the first) and never twice. False when storage refuses it.
   */
  keepAside(entry) {
    const taken = [KEYS.aside, ...this.storage.keys().filter((key) => key.startsWith(`${KEYS.aside}:`))];
    if (taken.some((key) => this.storage.read(key, null)?.raw === entry.raw)) return true;
    let key = KEYS.aside;
    for (let n = 2; this.storage.raw(key) !== null; n += 1) key = `${KEYS.aside}:${n}`;
    return this.storage.write(key, { ...entry, at: this.stamp() });
  }

  /** The slot of the game played here last (resumed when the page loads), or null. */
  current() {
    const current = this.storage.read(KEYS.current, null);
    return isObject(current) && typeof current.slot === "string" ? current.slot : null;
  }

  /** The dates of the Dailies kept in progress here, newest first. */
  dailiesInProgress() {
    return this.storage.keys()
      .map((key) => /^game:daily:(\d{4}-\d{2}-\d{2})$/.exec(key)?.[1])
      .filter((date) => date && this.inProgress(dailySlot(date)))
      .sort()
      .reverse();
  }

  setCurrent(slot) {
    if (this.current() !== slot) this.storage.write(KEYS.current, { slot });
  }

  put(slot, record) {
    return this.storage.write(KEYS.game(slot), { format: RECORD_FORMAT, ...record, at: this.stamp() });
  }

  stamp() { return new Date(this.now()).toISOString(); }

  // ---- on load: the save of earlier versions, and old markers ----

  /**
   * Move the one save of earlier versions (KEYS.save) into its game's slot, and forget finished
   * markers older than a week. Returns null, or {code, raw} when that save could not be read
   * (it is set aside: the page says so).
   *
   * The old save goes into its slot if that slot is empty, finished, or an earlier point of the
   * same game; it is dropped only when the slot already holds it or more (it is then a copy), and
   * set aside when the slot holds another game's moves (two tabs of an older version forked it).
   */
  migrate() {
    this.prune();
    const raw = this.storage.raw(KEYS.save);
    if (raw === null) return null;
    let old = null;
    try { old = JSON.parse(raw); } catch { old = null; }
    if (!isObject(old) || !isRecord({ save: old.save })) {
      if (this.keepAside({ raw, code: "unreadable" })) this.storage.remove(KEYS.save);
      return { code: "unreadable", raw };
    }
    const slot = slotOf(old.save);
    const record = { save: old.save, order: Array.isArray(old.order) ? old.order : [], manual: Boolean(old.manual), mode: isObject(old.mode) ? old.mode : null };
    const stored = this.read(slot);
    const reason = stored?.over ? null : refusal(stored, record);
    let kept = true;
    if (!reason) kept = this.put(slot, record);
    else if (reason !== "behind") kept = this.keepAside({ raw, code: "fork", slot });
    if (kept) this.storage.remove(KEYS.save); // else it stays, the one copy on the device, until there is room
    if (reason !== "behind" || !this.current()) this.setCurrent(slot);
    return null;
  }

  /** Forget finished markers of Dailies more than FINISHED_KEPT_DAYS old (games in progress stay). */
  prune() {
    const oldest = this.now() - FINISHED_KEPT_DAYS * DAY_MS;
    for (const key of this.storage.keys()) {
      const date = /^game:daily:(\d{4}-\d{2}-\d{2})$/.exec(key)?.[1];
      if (date && Date.parse(`${date}T00:00:00Z`) < oldest && this.storage.read(key)?.over) this.storage.remove(key);
    }
  }
}
