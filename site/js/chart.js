// chart.js — an SVG line chart of every player's ladder step across the deals (view.history).

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

/** view.history (step of each seat at the start of each deal) plus the final steps. */
export function ladderChart(view) {
  const history = view.history || [];
  const final = view.players.map((p) => p.step);
  const series = [...history, final];
  const maxStep = Math.max(10, ...series.flat());
  const x = (i) => PAD.left + (series.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (series.length - 1));
  const y = (step) => H - PAD.bottom - ((step - 1) * (H - PAD.top - PAD.bottom)) / (maxStep - 1);

  const svg = h("svg:svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("game.chart_label") });
  const grid = h("svg:g", { class: "grid" });
  const axis = h("svg:g", { class: "axis" });
  for (let step = 1; step <= maxStep; step += 1) {
    grid.append(h("svg:line", { x1: PAD.left, x2: W - PAD.right, y1: y(step), y2: y(step) }));
    if ((step - 1) % 3 === 0 || step === maxStep) { // 1, 4, 7, 10: evenly spaced, never crowded
      axis.append(h("svg:text", { x: PAD.left - 8, y: y(step) + 4, "text-anchor": "end" }, String(step)));
    }
  }
  series.forEach((_, i) => {
    const label = i === series.length - 1 ? t("game.final") : String(i + 1);
    axis.append(h("svg:text", { x: x(i), y: H - 22, "text-anchor": "middle" }, label));
  });
  // The deals' title under their numbers, centred on the plot: the numbers alone did not say
  // what they count (a play-test).
  axis.append(h("svg:text", { x: (PAD.left + W - PAD.right) / 2, y: H - 4, "text-anchor": "middle" }, t("game.axis_deal")));
  // The axis title sits above the top line, starting at the left edge: a longer word ("Basamak") is never cut.
  axis.append(h("svg:text", { x: 2, y: 11, "text-anchor": "start" }, t("game.axis_step")));
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
  // A step is the contract a player is on, one more than the contracts done: the chart ended at 8
  // over a table of 7 contracts, and a play-test could not tell which the game is won on.
  const note = h("figcaption", { class: "small chart-note", text: t("game.chart_note") });
  return h("figure", { class: "chart-figure" }, svg, legend, note);
}
