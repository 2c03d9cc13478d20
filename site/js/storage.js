// storage.js — localStorage with an in-memory fallback when it throws
// (private windows, disabled storage, quota). Values are JSON.

const PREFIX = "ladder-rummy:";

function probe() {
  try {
    const key = `${PREFIX}probe`;
    window.localStorage.setItem(key, "1");
    window.localStorage.removeItem(key);
    return window.localStorage;
  } catch {
    return null;
  }
}

class MemoryStore {
  constructor() { this.map = new Map(); }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) { this.map.set(key, String(value)); }
  removeItem(key) { this.map.delete(key); }
}

/** A small JSON key-value store. `read` answers `fallback` for missing or unreadable data. */
export class Storage {
  constructor(backend = probe()) {
    this.backend = backend || new MemoryStore();
    this.persistent = Boolean(backend);
  }

  /** The raw text under `key`, or null. */
  raw(key) {
    try { return this.backend.getItem(PREFIX + key); } catch { return null; }
  }

  read(key, fallback = null) {
    const text = this.raw(key);
    if (text === null) return fallback;
    try { return JSON.parse(text); } catch { return fallback; }
  }

  write(key, value) {
    const text = JSON.stringify(value);
    try {
      this.backend.setItem(PREFIX + key, text);
    } catch {
      // Quota or a storage that went away: keep playing from memory.
      if (!(this.backend instanceof MemoryStore)) {
        this.backend = new MemoryStore();
        this.persistent = false;
      }
      this.backend.setItem(PREFIX + key, text);
    }
  }

  remove(key) {
    try { this.backend.removeItem(PREFIX + key); } catch { /* nothing to remove */ }
  }
}

// Keys used by the page (one place, so a reader sees what is kept).
export const KEYS = {
  save: "save",         // {save: Save, order: [card…]} — the game in progress
  aside: "save-aside",  // {raw, code, at} — the last save that could not be resumed, kept, not lost
  settings: "settings", // {speed, sort, suits, sound, motion, lang}
  daily: "daily",       // {"2026-11-29": {place, completed, penalty}} — finished Dailies
  player: "player",     // {id: UUID, name: "Ayşe" | null} — who this browser is on the leaderboard
  queue: "board-queue", // {"2026-11-29": {date, name, playerId, log, engineVersion, attempts, …}} — Dailies waiting to be sent
  sent: "board-sent",   // {"2026-11-29": {state: "ranked" | "first" | "unranked", detail?, at}} — what the leaderboard said
  stats: "stats",       // {format: 1, games: [record…]} — every finished game once (stats.js)
  replays: "replays",   // [{id, save}…] — the saves of the last 20 finished games, to watch again
  panels: "panels",     // {keyboard: true} — the table's keyboard panel left open (game.toggleKeyboard)
};
