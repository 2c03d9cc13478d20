// The game-over chart (site/js/chart.js): where a seat's point sits against its step's line.

import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.document ??= { documentElement: {}, querySelectorAll: () => [], title: "" };
const { doneSeries, offsets } = await import("../../site/js/chart.js");

test("a seat alone on its step sits on the step's line; seats that share one are spread apart", () => {
  // A play-test read step 3 as 3.3: every line was moved off the grid, shared step or not.
  assert.deepEqual(offsets([[3, 5, 6, 8]]), [[0, 0, 0, 0]]);
  assert.deepEqual(offsets([[4, 4, 6, 4]]), [[-3.5, 0, 0, 3.5]]);
  assert.deepEqual(offsets([[2, 2, 2, 2]]), [[-5.25, -1.75, 1.75, 5.25]]);
  assert.deepEqual(offsets([[7, 7, 1, 9]])[0].slice(0, 2), [-1.75, 1.75]);
  // Seat 1 leaves seat 0 on step 1 and climbs to step 2, where seat 2 joins it: each step's
  // stretches that meet share its places, and keep them while they stay.
  assert.deepEqual(offsets([[1, 1, 5, 9], [1, 2, 5, 9], [1, 2, 2, 9]]), [[-1.75, 1.75, 0, 0], [-1.75, -1.75, 0, 0], [-1.75, -1.75, 1.75, 0]]);
});

/** A seeded generator (mulberry32): the same series every run. */
function generator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

test("a line moves only where its seat climbs, seats on one step stay apart, and none is moved far", () => {
  // A play-test: Kaan's line fell between deals 7 and 8 when Jisoo climbed away from his step,
  // and the person's line dipped under step 1 at deal 2. A review found offsets of 2 GAP (0.42 of
  // a step) once places were kept deal by deal.
  const random = generator(15);
  for (let n = 0; n < 20000; n += 1) {
    let steps = [0, 1, 2, 3].map(() => 1 + Math.floor(random() * 3));
    const series = [steps];
    for (let deal = 1, deals = 1 + Math.floor(random() * 10); deal < deals; deal += 1) {
      steps = steps.map((step) => step + (random() < 0.55 ? 0 : 1));
      series.push(steps);
    }
    const rows = offsets(series);
    series.forEach((row, deal) => row.forEach((step, seat) => {
      const where = `${JSON.stringify(series)}, seat ${seat}, deal ${deal}`;
      assert.ok(Math.abs(rows[deal][seat]) <= 5.25, where);
      if (deal > 0 && series[deal - 1][seat] === step) assert.equal(rows[deal][seat], rows[deal - 1][seat], where);
      row.forEach((other, b) => { if (b > seat && other === step) assert.ok(Math.abs(rows[deal][seat] - rows[deal][b]) >= 3.5, where); });
      // A stretch that shares its step with nobody, ever, is on the line.
      const mine = series.map((r) => r[seat]);
      const alone = series.every((r, d) => r[seat] !== step || r.every((s, o) => o === seat || s !== step));
      if (alone && mine.includes(step)) assert.equal(rows[deal][seat], 0, where);
    }));
  }
  // The review's cases: a seat left alone after the others climbed, and one joining three.
  assert.deepEqual(offsets([[2, 2, 1, 2], [2, 2, 2, 2], [3, 3, 2, 3]])[1], [-5.25, -1.75, 5.25, 1.75]);
});

test("the chart counts contracts done, as the results table does, not steps", () => {
  // A play-test: the chart ended at step 3 over a results table of 2 contracts.
  // The view's step stops at 10, so a player with all ten done is read from `completed`.
  const players = [[3, 2], [1, 0], [2, 1], [10, 10]].map(([step, completed]) => ({ step, completed }));
  assert.deepEqual(doneSeries({ history: [[1, 1, 1, 1], [2, 1, 1, 10]], players }), [[0, 0, 0, 0], [1, 0, 0, 9], [2, 0, 1, 10]]);
  assert.deepEqual(doneSeries({ players: [{ step: 4, completed: 3 }] }), [[3]]);
});
