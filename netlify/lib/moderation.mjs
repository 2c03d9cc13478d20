// Moderating the board: a name already shown that should not be (a word the name rule missed,
// an impersonation) is replaced, wherever the player's results show it. The words filter
// (decency.mjs) refuses new names; this takes back ones already stored.
//
// A player is named by the public id the boards show (the `player` of a row, `#3f2a…` in a
// look-alike tag); the player id itself is never stored. Their name is replaced in every blob
// that holds it: each Daily entry (daily/<date>/<id>), each week blob (weeks/<week>/<id>), and
// the rows of the day and week board summaries (boards/day/<date>, boards/week/<week>). Each
// write is conditional (store.mjs update), so a submission landing meanwhile is not lost. The
// results, ranks and logs are not touched; the player's next Daily carries whatever name their
// page sends, which the name rule and the words filter judge as any other.

import { cleanName } from "./leaderboard.mjs";
import { KeyedLock, UNCHANGED, update } from "./store.mjs";

const PUBLIC_ID = /^[0-9a-f]{16}$/;

/** Every key under `prefix` (the store lists them in pages). */
async function keysUnder(store, prefix) {
  const { blobs } = await store.list({ prefix, consistency: "strong" });
  return blobs.map((blob) => blob.key);
}

/** The summaries' keys whose board may show the player: those of the dates and weeks they played. */
function boardKeys(entryKeys, weekKeys) {
  return [
    ...entryKeys.map((key) => `boards/day/${key.split("/")[1]}`),
    ...weekKeys.map((key) => `boards/week/${key.split("/")[1]}`),
  ];
}

/**
 * Replace the name of the player with public id `player` by `name` (checked as any name is).
 * Returns the keys written (none when the player has no result stored); `dryRun` writes nothing
 * and returns the keys that would change.
 * @param {import("@netlify/blobs").Store} store
 * @param {{player: string, name: string, dryRun?: boolean}} options
 */
export async function renamePlayer(store, { player, name, dryRun = false }) {
  if (!PUBLIC_ID.test(player)) throw new Error(`player: a public id is 16 hex digits (as a board row's "player"), not ${JSON.stringify(player)}`);
  const clean = cleanName(name);
  const entries = (await keysUnder(store, "daily/")).filter((key) => key.endsWith(`/${player}`));
  const weeks = (await keysUnder(store, "weeks/")).filter((key) => key.endsWith(`/${player}`));
  const changes = [
    ...entries.map((key) => [key, (entry) => (entry.name === clean ? UNCHANGED : { ...entry, name: clean })]),
    ...weeks.map((key) => [key, (week) => renameDays(week, clean)]),
    ...boardKeys(entries, weeks).map((key) => [key, (summary) => renameRows(summary, player, clean)]),
  ];
  const locks = new KeyedLock();
  const written = [];
  for (const [key, change] of changes) {
    const apply = (current) => (current === null ? UNCHANGED : change(current));
    if (dryRun) {
      const found = await store.get(key, { type: "json", consistency: "strong" });
      if (found !== null && apply(found) !== UNCHANGED) written.push(key);
      continue;
    }
    if ((await update(store, locks, key, apply)).written) written.push(key);
  }
  return written;
}

/** A week blob with every Daily's name replaced (the week row shows the latest one's). */
function renameDays(week, name) {
  const days = Object.entries(week.days ?? {});
  if (days.every(([, day]) => day.name === name)) return UNCHANGED;
  return { ...week, days: Object.fromEntries(days.map(([date, day]) => [date, { ...day, name }])) };
}

/** A board summary with the player's row renamed, or UNCHANGED if it shows no row of theirs under another name. */
function renameRows(summary, player, name) {
  if (!summary.top?.some((row) => row.player === player && row.name !== name)) return UNCHANGED;
  return { ...summary, top: summary.top.map((row) => (row.player === player ? { ...row, name } : row)) };
}
