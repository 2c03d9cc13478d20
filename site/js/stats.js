// stats.js — the person's record on this device: every finished game once, the Daily streak,
// the saves of recent games (to watch them again), and a small JSON file to carry it all over.
//
// The save is the source: a game is recorded when the page sees its final view, whether it just
// ended or ended before a reload. A game is known by its seed and log (`gameId`), so seeing the
// same finished save twice records it once. Nothing here scores a game: place, contracts and
// penalty come from the engine's standings, the ladder from `view.history`.

import { KEYS } from "./storage.js";

export const REPLAYS_KEPT = 20;   // finished games kept to watch again (a Daily's log is ~12 KB)
const REPLAYS_BUDGET = 1_000_000; // characters: far below the origin's quota, which the game's own save needs
export const FILE_FORMAT = 1;     // of the exported file; an import refuses any other
const DAY_MS = 86_400_000;

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const isDate = (value) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const count = (value, max) => Number.isInteger(value) && value >= 0 && value <= max;

/** A short stable hash of text (FNV-1a, 32 bits, hex). */
function fnv(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The identity of a game: its seed, how long its log is, and a hash of the log. */
export function gameId(save) {
  return `${save.seed}:${save.log.length}:${fnv(save.log.join("\n"))}`;
}

/**
 * Which deals the person climbed in: deal k climbed when the contracts completed by its end
 * reach the step it started on. `history` holds each seat's step at the start of every deal.
 * climbs([[1,1,1,1],[2,1,1,1],[2,2,1,1]], 2) → [true, false, true]
 */
export function climbs(history, completed, seat = 0) {
  return history.map((steps, k) => {
    const done = k + 1 < history.length ? history[k + 1][seat] - 1 : completed;
    return done >= steps[seat];
  });
}

/**
 * The record of a finished game from its final view and its save, or null if it is not over.
 * `past`: a Daily played after its day (archive.js): kept apart, never in the streak.
 */
export function gameRecord(view, save, now = new Date(), { past = false } = {}) {
  const mine = (view?.standings || []).find((s) => s.seat === 0);
  if (!view?.game_over || !mine || !save || !Array.isArray(save.log)) return null;
  const places = view.standings.map((s) => s.place);
  return {
    id: gameId(save),
    mode: save.mode === "daily" ? "daily" : "new",
    date: save.mode === "daily" ? save.date : null,
    difficulty: save.difficulty || "normal",
    finished: now.toISOString(),
    place: mine.place,
    shared: places.filter((p) => p === mine.place).length > 1,
    players: view.standings.length,
    completed: mine.completed,
    penalty: mine.penalty,
    climbs: climbs(view.history || [], mine.completed),
    ...(past && save.mode === "daily" ? { past: true } : {}),
  };
}

/** A record read from storage or a file, cleaned; null when it is not one. */
export function cleanRecord(raw) {
  if (!isObject(raw) || typeof raw.id !== "string" || !raw.id || raw.id.length > 200) return null;
  const mode = raw.mode === "daily" ? "daily" : raw.mode === "new" ? "new" : null;
  if (!mode || (mode === "daily" && !isDate(raw.date))) return null;
  if (!count(raw.place, 4) || raw.place < 1 || !count(raw.completed, 10) || !count(raw.penalty, 100_000)) return null;
  if (typeof raw.finished !== "string" || Number.isNaN(Date.parse(raw.finished))) return null;
  const climbed = Array.isArray(raw.climbs) ? raw.climbs.slice(0, 10).map(Boolean) : [];
  return {
    id: raw.id, mode, date: mode === "daily" ? raw.date : null,
    difficulty: ["easy", "normal", "hard"].includes(raw.difficulty) ? raw.difficulty : "normal",
    finished: new Date(Date.parse(raw.finished)).toISOString(),
    place: raw.place, shared: Boolean(raw.shared), players: count(raw.players, 4) ? raw.players : 4,
    completed: raw.completed, penalty: raw.penalty, climbs: climbed,
    ...(mode === "daily" && raw.past === true ? { past: true } : {}),
  };
}

// ---- UTC days and streaks ----

const dayNumber = (date) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * The Daily streak over finished Dailies' dates (UTC): the run of consecutive days ending today,
 * or yesterday while today's Daily is still to play, and the longest run ever.
 * streaks(["2026-11-27", "2026-11-28"], "2026-11-29") → {current: 2, longest: 2}
 */
export function streaks(dates, today) {
  const days = [...new Set(dates.filter(isDate).map(dayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  days.forEach((day, i) => {
    run = i > 0 && day === days[i - 1] + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  const have = new Set(days);
  let day = dayNumber(today);
  if (!have.has(day)) day -= 1; // today's Daily is still to come: yesterday keeps the streak alive
  let current = 0;
  while (have.has(day)) { current += 1; day -= 1; }
  return { current, longest };
}

/** Everything the statistics sheet shows, from the records (oldest first). */
export function summary(games, today) {
  const played = games.length;
  const won = games.filter((g) => g.place === 1).length;
  // The streak counts only Dailies played on their day; a past Daily (archive.js) is kept apart.
  const { current, longest } = streaks(games.filter((g) => g.mode === "daily" && !g.past).map((g) => g.date), today);
  return {
    played,
    won,
    winRate: played ? Math.round((100 * won) / played) : 0,
    current,
    longest,
    best: played ? Math.max(...games.map((g) => g.completed)) : 0,
    averagePenalty: played ? Math.round(games.reduce((sum, g) => sum + g.penalty, 0) / played) : 0,
    past: games.filter((g) => g.past).length,
  };
}

// ---- the store ----

/** The records, the kept saves, and the file that carries the records to another device. */
export class Stats {
  constructor(storage) {
    this.storage = storage;
  }

  /** Every finished game, oldest first (Dailies finished before statistics existed included). */
  games() {
    const saved = this.storage.read(KEYS.stats, null);
    const games = (isObject(saved) && Array.isArray(saved.games) ? saved.games : []).map(cleanRecord).filter(Boolean);
    return [...games, ...this.earlierDailies(games)].sort((a, b) => (a.finished < b.finished ? -1 : a.finished > b.finished ? 1 : 0));
  }

  /** Dailies kept by the first versions of the page (KEYS.daily) that no record covers. */
  earlierDailies(games) {
    const daily = this.storage.read(KEYS.daily, {});
    if (!isObject(daily)) return [];
    const covered = new Set(games.filter((g) => g.mode === "daily").map((g) => g.date));
    return Object.entries(daily)
      .filter(([date]) => isDate(date) && !covered.has(date))
      .map(([date, r]) => cleanRecord({ ...r, id: `daily-${date}:earlier`, mode: "daily", date, finished: `${date}T23:59:59.000Z` }))
      .filter(Boolean);
  }

  /** Record a finished game once. Returns the record, or null (not over, or already recorded). */
  record(view, save, { past = false } = {}) {
    const record = gameRecord(view, save, new Date(), { past });
    if (!record) return null;
    const games = this.games();
    if (games.some((g) => g.id === record.id)) return null;
    this.write([...games, record]);
    this.keep(record.id, save);
    return record;
  }

  write(games) {
    this.storage.write(KEYS.stats, { format: FILE_FORMAT, games });
  }

  summary(today) { return summary(this.games(), today); }

  /** The record of `date`'s Daily that counts: the first one finished on its day. */
  daily(date) {
    return this.games().find((g) => g.mode === "daily" && g.date === date && !g.past) || null;
  }

  /**
   * The first finished game of each Daily's date, played on its day or later (the calendar of
   * past Dailies shows it): date → record.
   */
  dailyResults() {
    const results = new Map();
    for (const game of this.games()) {
      if (game.mode !== "daily") continue;
      const known = results.get(game.date);
      if (!known || (known.past && !game.past)) results.set(game.date, game);
    }
    return results;
  }

  // ---- saves of recent games, to watch them again ----

  replays() {
    const kept = this.storage.read(KEYS.replays, []);
    return Array.isArray(kept) ? kept.filter((r) => isObject(r) && typeof r.id === "string" && isObject(r.save)) : [];
  }

  keep(id, save) {
    const kept = this.replays().filter((r) => r.id !== id);
    kept.push({ id, save });
    let list = kept.slice(-REPLAYS_KEPT);
    while (list.length > 1 && JSON.stringify(list).length > REPLAYS_BUDGET) list = list.slice(1);
    this.storage.write(KEYS.replays, list);
  }

  /** The kept save of the finished game of `seed` that ended after `moves` moves, or null. */
  keptSave(seed, moves) {
    return this.replays().map((kept) => kept?.save).find((save) => save?.seed === seed && save.log?.length === moves) || null;
  }

  replay(id) {
    return this.replays().find((r) => r.id === id)?.save || null;
  }

  // ---- the file ----

  /** The records as a JSON text for a file. */
  exportText(now = new Date()) {
    return JSON.stringify({ app: "ladder-rummy", kind: "statistics", format: FILE_FORMAT, exported: now.toISOString(), games: this.games() }, null, 1);
  }

  /**
   * Merge the records of an exported file: records already here are kept once.
   * Returns {added, total}, or {error: "json" | "format" | "empty"}.
   */
  importText(text) {
    let data;
    try { data = JSON.parse(text); } catch { return { error: "json" }; }
    if (!isObject(data) || data.app !== "ladder-rummy" || data.kind !== "statistics" || data.format !== FILE_FORMAT || !Array.isArray(data.games)) {
      return { error: "format" };
    }
    const incoming = data.games.map(cleanRecord).filter(Boolean);
    if (data.games.length && !incoming.length) return { error: "empty" };
    const games = this.games();
    const known = new Set(games.map((g) => g.id));
    const added = incoming.filter((g) => !known.has(g.id) && known.add(g.id));
    this.write([...games, ...added]);
    return { added: added.length, total: this.games().length };
  }
}
