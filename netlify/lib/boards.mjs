// Board summaries: what a board GET reads, kept up to date by every accepted submission.
//
// One blob per date (boards/day/<date>) and per ISO week (boards/week/<week>):
//   {players, counts: {"<completed>:<penalty>": n}, top: [row, …], recent: [id, …]}
// counts is the histogram of every player's result, so any result's rank is known without
// reading the entries: 1 + the players with a strictly better result (equal results share a
// rank, as tied players share a place in a game). top holds the best rows in board order, a
// few more than are shown, so a week total that falls (a Daily with no contract) leaves spares.
// recent lists the last applied submissions, so one applied again (a retry after a failure
// between two writes) is not counted twice.
//
// A submission is a transition {id, from, to}: its player's result before (null: new on this
// board) and after. Transitions add and subtract in counts, so they may land in any order.

export const TOP = 100;
export const KEEP = 150; // rows a summary keeps
const RECENT = 256;

export const emptySummary = () => ({ players: 0, counts: {}, top: [], recent: [] });

const bucketOf = (row) => `${row.completed}:${row.penalty}`;

/** Board order: most contracts, fewest penalty points, earliest submission, then the public id. */
export function compareRows(a, b) {
  return b.completed - a.completed || a.penalty - b.penalty
    || (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : 0)
    || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0);
}

/** A strictly better result (the rank's measure: submission times do not split ties). */
const better = (a, b) => a.completed > b.completed || (a.completed === b.completed && a.penalty < b.penalty);

/** Whether `row` supersedes `old` for the same player (a week total with more Dailies in it). */
const supersedes = (row, old) => (row.games ?? 1) > (old.games ?? 1);

/** Put one player's current row into the summary's top rows (idempotent, order-independent). */
export function mergeRow(summary, row) {
  const i = summary.top.findIndex((r) => r.player === row.player);
  if (i >= 0) {
    if (!supersedes(row, summary.top[i])) return;
    summary.top.splice(i, 1);
  }
  summary.top.push(row);
  summary.top.sort(compareRows);
  if (summary.top.length > KEEP) summary.top.length = KEEP;
}

/** Apply a submission to a summary; false if it was applied already. */
export function applyTransition(summary, { id, from, to, row = to }) {
  if (summary.recent.includes(id)) return false;
  const counts = summary.counts;
  if (from) {
    const key = bucketOf(from);
    counts[key] = (counts[key] ?? 0) - 1;
    if (counts[key] === 0) delete counts[key];
  } else {
    summary.players += 1;
  }
  counts[bucketOf(to)] = (counts[bucketOf(to)] ?? 0) + 1;
  mergeRow(summary, row);
  summary.recent.push(id);
  if (summary.recent.length > RECENT) summary.recent.splice(0, summary.recent.length - RECENT);
  return true;
}

/** rank(result): 1 + how many players did strictly better, from the summary's counts. */
export function ranker(summary) {
  const buckets = Object.entries(summary.counts)
    .map(([key, n]) => { const [completed, penalty] = key.split(":").map(Number); return { completed, penalty, n }; })
    .filter((b) => b.n > 0);
  return (row) => 1 + buckets.reduce((sum, b) => sum + (better(b, row) ? b.n : 0), 0);
}

/**
 * Whether the top rows may miss someone: fewer rows than players (up to TOP), or more players
 * strictly better than the last shown row than there are such rows. Only a week total that
 * falls can cause it; the caller then rebuilds the top rows from the players' own blobs.
 */
export function incomplete(summary) {
  const shown = summary.top.slice(0, TOP);
  if (shown.length < Math.min(TOP, summary.players)) return true;
  if (!shown.length) return false;
  const last = shown.at(-1);
  const rank = ranker(summary);
  return rank(last) - 1 > shown.filter((r) => better(r, last)).length;
}

/** The board a GET answers: the shown rows with their ranks, and one player's own rank and row. */
export function boardAnswer(summary, ownRow) {
  const rank = ranker(summary);
  const entries = summary.top.slice(0, TOP).map((r) => ({ rank: rank(r), ...r }));
  const you = ownRow ? { rank: rank(ownRow), entry: { rank: rank(ownRow), ...ownRow } } : null;
  return { players: summary.players, entries, you };
}
