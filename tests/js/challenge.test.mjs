// The challenge link's payload (site/js/challenge.js) and the past Dailies' calendar
// (site/js/calendar.js) in Node: encode → decode round trips, every hand-edited field refused with
// its reason, and month grids in three locales. `npm run test:js`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { challengeLink, decodeChallenge, dealRows, encodeChallenge, linkedChallenge, MAX_PAYLOAD } from "../../site/js/challenge.js";
import { addMonths, firstDayOfWeek, isPastDaily, monthTitle, monthWeeks, pastDailies, weekdayNames } from "../../site/js/calendar.js";

const result = { completed: 3, penalty: 204, place: 2, climbed: [true, false, true, true, false, false, false, false, false, false] };
const base = { name: "Aylin", engine: "1.1.0", result };

/** Decode a payload, change its JSON with `edit`, encode it again as a hand-edited link would be. */
async function edited(payload, edit) {
  const bytes = Uint8Array.from(atob(payload.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((payload.length + 3) % 4)), (c) => c.charCodeAt(0));
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).text();
  const data = JSON.parse(text);
  edit(data);
  const out = await new Response(new Blob([JSON.stringify(data)]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer();
  return btoa(String.fromCharCode(...new Uint8Array(out))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

test("a short and a long challenge round-trip", async () => {
  const short = await decodeChallenge(await encodeChallenge(base));
  assert.deepEqual(short, { ok: true, challenge: { name: "Aylin", engine: "1.1.0", result, moves: null } });
  const moves = ["draw stock", "discard KS", "draw discard", "laydown 7H 7S 7C / 4D 5D JK 7D", "layoff JK 3 low"];
  const long = await decodeChallenge(await encodeChallenge({ ...base, name: "Ayşe Öz", moves }));
  assert.equal(long.ok, true);
  assert.deepEqual(long.challenge.moves, moves);
  assert.equal(long.challenge.name, "Ayşe Öz");
});

test("the link keeps the seed and difficulty as plain parameters", async () => {
  const link = await challengeLink("https://example.org/?seed=old#x", { seed: "abc 1", difficulty: "hard", ...base });
  const url = new URL(link);
  assert.equal(url.searchParams.get("seed"), "abc 1");
  assert.equal(url.searchParams.get("difficulty"), "hard");
  assert.equal(url.hash, "");
  assert.equal((await decodeChallenge(linkedChallenge(url.search))).ok, true);
});

test("garbage, truncation and floods are unreadable, not a crash", async () => {
  const good = await encodeChallenge(base);
  for (const payload of ["", "!!!", "abc", good.slice(0, good.length - 6), "A".repeat(MAX_PAYLOAD + 1), null, 42]) {
    const answer = await decodeChallenge(payload);
    assert.equal(answer.ok, false, String(payload).slice(0, 20));
    assert.equal(answer.reason, "unreadable");
  }
  // A tiny payload that inflates to megabytes.
  const bomb = await new Response(new Blob([new Uint8Array(5_000_000)]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer();
  const payload = btoa(String.fromCharCode(...new Uint8Array(bomb))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  assert.ok(payload.length < MAX_PAYLOAD);
  assert.equal((await decodeChallenge(payload)).reason, "unreadable");
});

test("every hand-edited field is refused with its reason", async () => {
  const good = await encodeChallenge({ ...base, moves: ["draw stock"] });
  const cases = [
    [(d) => { d.v = 2; }, "format"],
    [(d) => { d.e = "one"; }, "format"],
    [(d) => { d.n = ""; }, "name"],
    [(d) => { d.n = "Ad\u200bmin"; }, "name"],
    [(d) => { d.n = 7; }, "name"],
    [(d) => { d.c = 11; }, "result"],
    [(d) => { d.c = 2.5; }, "result"],
    [(d) => { d.c = 4; }, "result"],        // the row of deals says 3
    [(d) => { d.p = -1; }, "result"],
    [(d) => { d.r = 0; }, "result"],
    [(d) => { d.d = "1012"; }, "result"],
    [(d) => { d.d = "11111111111"; }, "result"],
    [(d) => { d.m = ["draw stock"]; }, "moves"],
    [(d) => { d.m = "draw stock\n\ndiscard KS"; }, "moves"],
    [(d) => { d.m = "draw stock\n<script>"; }, "moves"],
  ];
  for (const [edit, reason] of cases) {
    const answer = await decodeChallenge(await edited(good, edit));
    assert.equal(answer.ok, false, `${edit}`);
    assert.equal(answer.reason, reason, `${edit}: ${answer.detail}`);
    assert.ok(answer.detail.length > 10);
    if (reason === "result" || reason === "moves") assert.match(answer.why?.key ?? "", /^[a-z_]+$/, `${edit}: named for the page's words`);
  }
  const why = async (edit) => (await decodeChallenge(await edited(good, edit))).why;
  assert.deepEqual(await why((d) => { d.c = 11; }), { key: "contracts", params: {} });
  assert.deepEqual(await why((d) => { d.m = "draw stock\n<script>"; }), { key: "moves_notation", params: { n: 2 } });
});

test("the game's own name rule is the one applied", async () => {
  const payload = await encodeChallenge({ ...base, name: "Mira" });
  const answer = await decodeChallenge(payload, { checkName: (name) => (name === "Mira" ? "that is a computer player's name" : null) });
  assert.deepEqual([answer.ok, answer.reason, answer.detail], [false, "name", "that is a computer player's name"]);
});

test("by default a link's name meets the board's rule, but for a mix of scripts (links made before it)", async () => {
  const named = async (name) => decodeChallenge(await encodeChallenge({ ...base, name }));
  assert.deepEqual((await named("M\u0456ra")).why, { key: "name_reserved", params: { like: "Mira" } });
  assert.deepEqual((await named("Ad\u200Bmin")).why, { key: "name_other", params: {} });
  assert.equal((await named("Ad\u200Bmin")).reason, "name");
  const mixed = await named("Kaa\u043F");
  assert.equal(mixed.ok, true, mixed.detail);
  assert.equal(mixed.challenge.name, "Kaa\u043F");
});

test("deal rows line up two games of different lengths", () => {
  const rows = dealRows({ climbed: [true, false] }, { climbed: [true, true, false] });
  assert.deepEqual(rows, [
    { deal: 1, mine: true, theirs: true }, { deal: 2, mine: false, theirs: true }, { deal: 3, mine: null, theirs: false },
  ]);
});

test("past Dailies run from #1 to yesterday", () => {
  assert.deepEqual(pastDailies("2026-11-01"), []);
  assert.deepEqual(pastDailies("2026-11-04"), ["2026-11-01", "2026-11-02", "2026-11-03"]);
  assert.equal(pastDailies("2027-01-01").length, 61);
  assert.equal(isPastDaily("2026-11-30", "2026-12-01"), true);
  assert.equal(isPastDaily("2026-12-01", "2026-12-01"), false); // today's is not a past one
  assert.equal(isPastDaily("2026-10-31", "2026-12-01"), false); // before #1
  assert.equal(isPastDaily("2026-11-31", "2026-12-01"), false); // no such day
  assert.equal(isPastDaily("<b>", "2026-12-01"), false);
});

test("month grids start on the locale's first day of the week", () => {
  assert.equal(addMonths("2026-12", 1), "2027-01");
  assert.equal(addMonths("2027-01", -1), "2026-12");
  // November 2026 begins on a Sunday.
  const monday = monthWeeks("2026-11", 1);
  assert.deepEqual(monday[0], [null, null, null, null, null, null, "2026-11-01"]);
  assert.equal(monday.flat().filter(Boolean).length, 30);
  const sunday = monthWeeks("2026-11", 7);
  assert.deepEqual(sunday[0].slice(0, 2), ["2026-11-01", "2026-11-02"]);
  assert.ok(monday.every((week) => week.length === 7));
  assert.equal(firstDayOfWeek("en-US"), 7);
  assert.equal(firstDayOfWeek("tr"), 1);
  assert.equal(firstDayOfWeek("ko"), 7);
  assert.equal(monthTitle("en", "2026-11"), "November 2026");
  assert.equal(monthTitle("tr", "2026-11"), "Kasım 2026");
  assert.equal(monthTitle("ko", "2026-11"), "2026년 11월");
  assert.equal(weekdayNames("en", 1)[0].long, "Monday");
  assert.equal(weekdayNames("en", 7)[0].long, "Sunday");
});
