// storage.js — localStorage as a small JSON store that keeps working when writes fail.
//
// A write that the browser refuses (quota full, storage disabled or throwing, as in some private
// modes) leaves what is stored untouched: the new value is kept in memory instead, read back
// before the stored one, and the page is told once (`onFail`) so it can say so plainly. Reads
// still reach everything stored before, so settings, statistics and saves stay visible.

const PREFIX = "ladder-rummy:";

/** localStorage if it can be read at all (a full quota still reads), else null. */
function openBackend() {
  try {
    const backend = window.localStorage;
    backend.getItem(`${PREFIX}probe`);
    return backend;
  } catch {
    return null;
  }
}

/** A small JSON key-value store. `read` answers `fallback` for missing or unreadable data. */
export class Storage {
  /**
   * @param {Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem"> | null} [backend]
   *   localStorage (the default), or null for memory only
   */
  constructor(backend = openBackend()) {
    this.backend = backend;
    this.memory = new Map();   // key → text, for writes the backend refused (null: removed)
    this.failure = null;       // the first refusal: {key, error}
    this.listeners = new Set();
  }

  /** True while every write so far reached the device's storage. */
  get persistent() { return Boolean(this.backend) && !this.failure; }

  /** Call `listener({key, error})` once, on the first write that could not be stored. */
  onFail(listener) {
    this.listeners.add(listener);
    if (this.failure) listener(this.failure);
  }

  /** The raw text under `key`, or null. */
  raw(key) {
    if (this.memory.has(key)) return this.memory.get(key);
    try { return this.backend ? this.backend.getItem(PREFIX + key) : null; } catch { return null; }
  }

  read(key, fallback = null) {
    const text = this.raw(key);
    if (text === null) return fallback;
    try { return JSON.parse(text); } catch { return fallback; }
  }

  /** Store `value` as JSON. Returns true if it reached the device, false if it is kept in memory only. */
  write(key, value) {
    return this.writeRaw(key, JSON.stringify(value));
  }

  /** Store `text` as it is (see `write`). */
  writeRaw(key, text) {
    try {
      if (!this.backend) throw new Error("localStorage is not available");
      this.backend.setItem(PREFIX + key, text);
      this.memory.delete(key); // stored after all (space was freed): the device has it again
      return true;
    } catch (error) {
      this.memory.set(key, text);
      this.failed(key, error);
      return false;
    }
  }

  remove(key) {
    try {
      this.backend?.removeItem(PREFIX + key);
      this.memory.delete(key);
    } catch {
      this.memory.set(key, null); // read as missing here; the stored copy stays as it was
    }
  }

  /** The keys under the page's prefix (stored and in memory), without the prefix. */
  keys() {
    const keys = new Set();
    try {
      for (let i = 0; i < (this.backend?.length ?? 0); i += 1) {
        const key = this.backend.key(i);
        if (key?.startsWith(PREFIX)) keys.add(key.slice(PREFIX.length));
      }
    } catch { /* storage that cannot be listed: what memory holds */ }
    for (const [key, text] of this.memory) { if (text === null) keys.delete(key); else keys.add(key); }
    return [...keys];
  }

  /** Call `listener(key)` when another tab changes one of the page's keys (the `storage` event). */
  watch(listener) {
    const handler = (event) => {
      if (event.key === null) listener(null); // cleared
      else if (event.key.startsWith(PREFIX)) listener(event.key.slice(PREFIX.length));
    };
    window.addEventListener("storage", handler);
    return () => window.removeEventListener("storage", handler);
  }

  failed(key, error) {
    if (this.failure) return;
    this.failure = { key, error };
    console.warn(`ladder-rummy: "${key}" could not be stored; the page goes on from memory`, error);
    for (const listener of this.listeners) listener(this.failure);
  }
}

// Keys used by the page (one place, so a reader sees what is kept).
export const KEYS = {
  game: (slot) => `game:${slot}`, // one per game (saves.js): "game:new", "game:daily:2026-11-29"
  current: "game-current", // {slot: "daily:2026-11-29"} — the game last played here, resumed on load
  save: "save",         // {save: Save, order: [card…]} — the one save of earlier versions, migrated by saves.js
  aside: "save-aside",  // {raw, code, slot?, at} — a save that could not be resumed, kept, not lost; more: "save-aside:2", …
  settings: "settings", // {speed, sort, suits, sound, motion, lang}
  daily: "daily",       // {"2026-11-29": {place, completed, penalty}} — finished Dailies
  player: "player",     // {id: UUID, name: "Ayşe" | null} — who this browser is on the leaderboard
  queue: "board-queue", // {"2026-11-29": {date, name, playerId, log, engineVersion, attempts, …}} — Dailies waiting to be sent
  sent: "board-sent",   // {"2026-11-29": {state: "ranked" | "first" | "unranked", detail?, at}} — what the leaderboard said
  stats: "stats",       // {format: 1, games: [record…]} — every finished game once (stats.js)
  replays: "replays",   // [{id, save}…] — the saves of the last 20 finished games, to watch again
  panels: "panels",     // {keyboard: true} — the table's keyboard panel left open (game.toggleKeyboard)
  results: "results",   // {seed, moves, mode, daily} — a game-over sheet not yet left: shown again on the next load
};
