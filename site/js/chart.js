// chart.js — an SVG line chart of every player's contracts done across the deals (view.history).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const W = 480;
const H = 220;
const PAD = { left: 30, right: 16, top: 26, bottom: 44 };

const GAP = 3.5; // between two lines on one step: 2, under a line's width on a phone's two-thirds scale, hid one

/**
 * How far each seat's point is moved off its step's line at each deal (`series[deal][seat]`, the
 * seats' steps), so that equal ladders stay visible side by side. Each flat stretch of a line (a
 * seat staying on one step) keeps one offset: offsets worked out afresh at every deal drew moves
 * that never happened, a line that dipped under step 1, another that fell between two deals when
 * the seat beside it climbed away (a play-test). Stretches on one step that overlap in time, and
 * those linked to them through others, share the places GAP apart, centred on the line; a stretch
 * that shares its step with nobody stays on the line. So no line is moved by more than 1.5 GAP,
 * a third of a step, and a lone stretch not at all: every line moved off the grid read as step
 * 3.3 (a play-test).
 */
export function offsets(series) {
  const rows = series.map((steps) => steps.map(() => 0));
  const all = stretches(series);
  for (const step of new Set(all.map((stretch) => stretch.step))) {
    let cluster = [];
    let reach = -1;
    for (const stretch of all.filter((one) => one.step === step)) { // in order of their first deal
      if (stretch.start > reach) { spreadOut(cluster, rows); cluster = []; }
      cluster.push(stretch);
      reach = Math.max(reach, stretch.end);
    }
    spreadOut(cluster, rows);
  }
  return rows;
}

/** Each seat's flat stretches, {seat, step, start, end} (deals), in order of their first deal. */
function stretches(series) {
  const all = [];
  const current = new Map();
  series.forEach((steps, deal) => steps.forEach((step, seat) => {
    const last = current.get(seat);
    if (last?.step === step) { last.end = deal; return; }
    const stretch = { seat, step, start: deal, end: deal };
    all.push(stretch);
    current.set(seat, stretch);
  }));
  return all;
}

/**
 * Places for a cluster of stretches on one step: each takes the lowest place no stretch it meets
 * in time holds (at most four, one a seat), and the places are centred on the line.
 */
function spreadOut(cluster, rows) {
  const meet = (a, b) => a.start <= b.end && b.start <= a.end;
  const places = new Map();
  for (const stretch of cluster) {
    let place = 0;
    while (cluster.some((other) => places.get(other) === place && meet(other, stretch))) place += 1;
    places.set(stretch, place);
  }
  const count = Math.max(0, ...places.values()) + 1;
  for (const [stretch, place] of places) {
    for (let deal = stretch.start; deal <= stretch.end; deal += 1) rows[deal][stretch.seat] = (place - (count - 1) / 2) * GAP;
  }
}

/**
 * Each seat's contracts done at the start of every deal (view.history holds the steps, one more
 * than the contracts done) and at the end. The chart counts contracts, as the results table beside
 * it does: a chart of steps ended at 3 over a table's 2 contracts, and a play-test asked which of
 * the two the game is won on.
 */
export function doneSeries(view) {
  const before = (view.history || []).map((row) => row.map((step) => step - 1));
  // The end from `completed`: the view's `step` stops at 10, where a player with ten done stands.
  return [...before, view.players.map((p) => p.completed)];
}

/** The chart of doneSeries, a line a seat, with the deals along the bottom. */
export function ladderChart(view) {
  const series = doneSeries(view);
  const top = Math.max(10, ...series.flat());
  const x = (i) => PAD.left + (series.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (series.length - 1));
  const y = (done) => H - PAD.bottom - (done * (H - PAD.top - PAD.bottom)) / top;

  const svg = h("svg:svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("game.chart_label") });
  const grid = h("svg:g", { class: "grid" });
  const axis = h("svg:g", { class: "axis" });
  for (let done = 0; done <= top; done += 1) {
    grid.append(h("svg:line", { x1: PAD.left, x2: W - PAD.right, y1: y(done), y2: y(done) }));
    if (done % 2 === 0) { // 0, 2, …, 10: evenly spaced, never crowded
      axis.append(h("svg:text", { x: PAD.left - 8, y: y(done) + 4, "text-anchor": "end" }, String(done)));
    }
  }
  series.forEach((_, i) => {
    const label = i === series.length - 1 ? t("game.final") : String(i + 1);
    axis.append(h("svg:text", { x: x(i), y: H - 22, "text-anchor": "middle" }, label));
  });
  // The deals' title under their numbers, centred on the plot: the numbers alone did not say
  // what they count (a play-test).
  axis.append(h("svg:text", { x: (PAD.left + W - PAD.right) / 2, y: H - 4, "text-anchor": "middle" }, t("game.axis_deal")));
  // The axis title sits above the top line, starting at the left edge: a longer word
  // ("Kontratlar") is never cut. It is the results table's own column header.
  axis.append(h("svg:text", { x: 2, y: 11, "text-anchor": "start" }, t("game.completed")));
  svg.append(grid, axis);

  const off = offsets(series);
  view.players.forEach((player, seat) => {
    const points = series.map((steps, i) => `${x(i).toFixed(1)},${(y(steps[seat]) + off[i][seat]).toFixed(1)}`);
    const name = seat === 0 ? t("you") : player.name;
    const line = h("svg:polyline", { class: `line s${seat}`, points: points.join(" ") });
    line.append(h("svg:title", {}, name));
    svg.append(line);
    series.forEach((steps, i) => svg.append(h("svg:circle", { class: `dot s${seat}`, cx: x(i), cy: y(steps[seat]) + off[i][seat], r: 3.5 })));
  });
  const legend = h("p", { class: "legend" }, view.players.map((player, seat) => h("span", { class: `s${seat}`, text: seat === 0 ? t("you") : player.name })));
  const note = h("figcaption", { class: "small chart-note", text: t("game.chart_note") });
  return h("figure", { class: "chart-figure" }, svg, legend, note);
}
