// The game-over chart (site/js/chart.js): where a seat's point sits against its step's line.

import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.document ??= { documentElement: {}, querySelectorAll: () => [], title: "" };
const { spread } = await import("../../site/js/chart.js");

test("a seat alone on its step sits on the step's line; seats that share one are spread apart", () => {
  // A play-test read step 3 as 3.3: every line was moved off the grid, shared step or not.
  assert.deepEqual([0, 1, 2, 3].map((seat) => spread([3, 5, 6, 8], seat)), [0, 0, 0, 0]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => spread([4, 4, 6, 4], seat)), [-3.5, 0, 0, 3.5]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => spread([2, 2, 2, 2], seat)), [-5.25, -1.75, 1.75, 5.25]);
  assert.deepEqual([0, 1].map((seat) => spread([7, 7, 1, 9], seat)), [-1.75, 1.75]);
});
