// The calendar of past Dailies (site/js/archive.js): what each day holds on this device and the
// locale its dates are written in. The sheet itself is drawn in the browser tests. `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dayStates, pastDaily } from "../../site/js/archive.js";
import { dateLocale, mediumDate, pastDailies } from "../../site/js/calendar.js";

test("each past Daily is finished, in progress (even if finished before) or open", () => {
  const dates = pastDailies("2026-11-05");
  assert.deepEqual(dates, ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"]);
  const records = { "2026-11-02": { place: 1 }, "2026-11-03": { place: 3 } };
  const states = dayStates(dates, { finished: (date) => records[date] || null, inProgress: ["2026-11-03", "2026-11-04", "2026-12-01"] });
  assert.deepEqual([...states.keys()], ["2026-11-02", "2026-11-03", "2026-11-04"]);
  assert.deepEqual(states.get("2026-11-02"), { state: "done", record: { place: 1 } });
  assert.equal(states.get("2026-11-03").state, "open");
  assert.equal(states.get("2026-11-04").record, null);
  assert.equal(states.has("2026-11-01"), false);
});

test("dates are written in the page's language, with the reader's region where it matches", () => {
  assert.equal(dateLocale("tr", ["en-US", "tr-TR"]), "tr-TR");
  assert.equal(dateLocale("ko", ["en-GB"]), "ko");
  assert.equal(dateLocale("en", ["en-GB", "en-US"]), "en-GB");
});

test("a Daily started after its day is a past Daily; today's and New Games are not", () => {
  assert.deepEqual(pastDaily({ mode: "daily", date: "2026-11-03" }, "2026-11-05"), { mode: "daily", date: "2026-11-03", past: true });
  assert.deepEqual(pastDaily({ mode: "daily", date: "2026-11-05" }, "2026-11-05"), { mode: "daily", date: "2026-11-05" });
  assert.deepEqual(pastDaily({ mode: "new", difficulty: "easy" }, "2026-11-05"), { mode: "new", difficulty: "easy" });
});

test("a date inside a sentence is written in the reader's language, not as 2026-12-03", () => {
  // A play-test read "2026-12-03 tarihli günlük oyun" under a calendar that said "3 Aralık 2026".
  assert.equal(mediumDate("en", "2026-12-03"), "Dec 3, 2026");
  assert.equal(mediumDate("tr", "2026-12-03"), "3 Ara 2026");
  assert.equal(mediumDate("ko", "2026-12-03"), "2026. 12. 3.");
  assert.equal(mediumDate("en", "2026-11-30"), "Nov 30, 2026", "the UTC day, whatever the machine's zone");
});
