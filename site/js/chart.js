// chart.js — an SVG line chart of every player's ladder step across the deals (view.history).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const W = 480;
const H = 220;
const PAD = { left: 30, right: 16, top: 26, bottom: 44 };

const GAP = 3.5; // between two lines on one step: 2, under a line's width on a phone's two-thirds scale, hid one

/**
 * How far each seat's point is moved off its step's line at each deal (`series[deal][seat]`, the
 * seats' steps), so that equal ladders stay visible side by side, GAP apart, and only where seats
 * share a step: every line moved by up to a third of a step read as step 3.3 (a play-test).
 * A seat that stays on its step keeps the offset it had, so its line stays flat. Offsets spread
 * afresh at every deal drew moves that never happened: a line that dipped under step 1, another
 * that fell between two deals when the seat beside it climbed away (a play-test).
 */
export function offsets(series) {
  const rows = [];
  series.forEach((steps, deal) => {
    const row = steps.map(() => 0);
    for (const step of new Set(steps)) {
      const group = steps.flatMap((s, seat) => (s === step ? [seat] : []));
      const stayers = deal === 0 ? [] : group.filter((seat) => series[deal - 1][seat] === step);
      if (stayers.length === 0) { // all arrive together: centred on the line
        group.forEach((seat, i) => { row[seat] = (i - (group.length - 1) / 2) * GAP; });
        continue;
      }
      const taken = stayers.map((seat) => rows[deal - 1][seat]);
      stayers.forEach((seat, i) => { row[seat] = taken[i]; });
      for (const seat of group.filter((s) => !stayers.includes(s))) {
        row[seat] = nearestFree(taken);
        taken.push(row[seat]);
      }
    }
    rows.push(row);
  });
  return rows;
}

/** The offset nearest the line (in half gaps, above it first) at least GAP from every taken one. */
function nearestFree(taken) {
  for (let k = 0; ; k += 1) {
    for (const offset of k === 0 ? [0] : [-k * GAP / 2, k * GAP / 2]) {
      if (taken.every((other) => Math.abs(other - offset) >= GAP)) return offset;
    }
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
