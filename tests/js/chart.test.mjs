// The game-over chart (site/js/chart.js): where a seat's point sits against its step's line.

import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.document ??= { documentElement: {}, querySelectorAll: () => [], title: "" };
const { offsets } = await import("../../site/js/chart.js");

test("a seat alone on its step sits on the step's line; seats that arrive on one together are spread apart", () => {
  // A play-test read step 3 as 3.3: every line was moved off the grid, shared step or not.
  assert.deepEqual(offsets([[3, 5, 6, 8]]), [[0, 0, 0, 0]]);
  assert.deepEqual(offsets([[4, 4, 6, 4]]), [[-3.5, 0, 0, 3.5]]);
  assert.deepEqual(offsets([[2, 2, 2, 2]]), [[-5.25, -1.75, 1.75, 5.25]]);
  assert.deepEqual(offsets([[7, 7, 1, 9]])[0].slice(0, 2), [-1.75, 1.75]);
});

test("a seat that stays on its step keeps its offset: its line never moves unless it climbs", () => {
  // A play-test: Kaan's line fell between deals 7 and 8 when Jisoo climbed away from his step,
  // and the person's line dipped under step 1 at deal 2.
  const series = [[1, 1, 1, 1], [1, 2, 1, 2], [2, 2, 1, 3], [3, 3, 2, 3], [3, 4, 3, 3]];
  const rows = offsets(series);
  series.forEach((steps, deal) => {
    if (deal === 0) return;
    steps.forEach((step, seat) => {
      if (step === series[deal - 1][seat]) assert.equal(rows[deal][seat], rows[deal - 1][seat], `seat ${seat} at deal ${deal}`);
    });
  });
  // Seats on one step are never closer than a line's gap.
  series.forEach((steps, deal) => steps.forEach((step, a) => steps.forEach((other, b) => {
    if (a < b && step === other) assert.ok(Math.abs(rows[deal][a] - rows[deal][b]) >= 3.5, `seats ${a} and ${b} at deal ${deal}`);
  })));
  // A newcomer beside a seat that stayed takes the free place nearest the line.
  // Here seat 1 climbed to step 2 alone (on its line) and seat 2 joins it there.
  assert.deepEqual(offsets([[1, 1, 5, 9], [1, 2, 5, 9], [1, 2, 2, 9]])[2].slice(1, 3), [0, -3.5]);
});
