// stats-sheet.js — the Statistics sheet (numbers, Daily streak, a bar per game, recent games to
// watch again, export and import) and the block the game-over sheet adds after a game
// (share the Daily, the countdown to the next one, Statistics, Watch the replay).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { closeButton, open, sheet, sheetDialog } from "./dialogs.js";
import { countdown, dailyNumber, shareBlock } from "./share.js";

const CHART_GAMES = 30;
const RECENT_GAMES = 20;

/** "Daily #29 · 2026-11-29" or "New Game · Hard · 2026-11-29": a game in a few words. */
export function gameTitle(game) {
  if (game.mode === "daily") return t(game.past ? "stats.game_past" : "stats.game_daily", { number: dailyNumber(game.date), date: game.date });
  return t("stats.game_new", { difficulty: t(`difficulty.${game.difficulty}`), date: game.finished.slice(0, 10) });
}

/** A save's game in a few words (no finishing date): "Daily #29 · 2026-11-29", "New Game · Hard". */
export function saveTitle(save) {
  if (save.mode === "daily") return t("stats.game_daily", { number: dailyNumber(save.date), date: save.date });
  return t("stats.game_new_plain", { difficulty: t(`difficulty.${save.difficulty || "normal"}`) });
}

/**
 * The Statistics sheet. `onWatch(save, game)` opens a kept game in the replay viewer (on top of
 * this sheet). Resolves when it is closed.
 */
export function openStats({ stats, today, onWatch }) {
  const dialog = sheetDialog("stats-dialog");
  const body = h("div", { class: "stats-body" });
  const fileLine = h("p", { class: "small stats-file-result", "aria-live": "polite" });
  const draw = () => body.replaceChildren(...statsContent({ stats, today, onWatch }), fileSection(stats, fileLine, draw));
  draw();
  sheet("stats-dialog", t("stats.title"), body, [closeButton(dialog, "done", t("stats.close"), true)]);
  return open(dialog);
}

function statsContent({ stats, today, onWatch }) {
  const games = stats.games();
  const s = stats.summary(today);
  const tile = (key, value, label = t(`stats.${key}`)) => h("div", { class: "stat", dataset: { stat: key } },
    h("span", { class: "stat-value", text: String(value) }), h("span", { class: "stat-label", text: label }));
  // No game yet: no rate, average or best, not a perfect "0" penalty (a play-test).
  const ifPlayed = (value) => (s.played ? value() : "—");
  const tiles = h("div", { class: "stat-tiles" },
    tile("played", s.played),
    tile("won", s.won),
    tile("win_rate", ifPlayed(() => s.winRate)),
    tile("average", ifPlayed(() => s.averagePenalty)),
    tile("streak", s.current),
    tile("longest", s.longest),
    tile("best", ifPlayed(() => t("stats.best_value", { completed: s.best }))),
    s.past ? tile("past", s.past) : null);
  const todays = stats.daily(today);
  const daily = h("section", { class: "stats-daily", "aria-labelledby": "stats-daily-title" },
    h("h3", { id: "stats-daily-title", text: t("stats.today") }),
    todays ? h("p", { text: t("stats.today_done", todays) }) : h("p", { class: "small", text: t("stats.today_open") }),
    todays ? shareBlock(todays) : null,
    countdown());
  if (!games.length) return [tiles, daily, h("p", { class: "small stats-empty", text: t("stats.empty") })];
  return [
    tiles,
    daily,
    h("section", { class: "stats-chart", "aria-labelledby": "stats-chart-title" },
      h("h3", { id: "stats-chart-title", text: t("stats.chart") }),
      ladderBars(games.slice(-CHART_GAMES))),
    recentGames(games.slice(-RECENT_GAMES).reverse(), stats, onWatch),
  ];
}

/** One bar per game (oldest left): how many contracts it completed, 0 to 10. */
export function ladderBars(games) {
  const W = 360;
  const H = 130;
  const PAD = { left: 22, right: 4, top: 16, bottom: 6 };
  const slot = (W - PAD.left - PAD.right) / Math.max(games.length, 10);
  const y = (value) => H - PAD.bottom - (value * (H - PAD.top - PAD.bottom)) / 10;
  const values = games.map((g) => g.completed).join(", ");
  const svg = h("svg:svg", { class: "ladder-bars", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("stats.chart_label", { count: games.length, values }) });
  for (const step of [0, 5, 10]) {
    svg.append(h("svg:line", { class: "grid", x1: PAD.left, x2: W - PAD.right, y1: y(step), y2: y(step) }));
    svg.append(h("svg:text", { class: "axis", x: PAD.left - 6, y: y(step) + 4, "text-anchor": "end" }, String(step)));
  }
  games.forEach((game, i) => {
    const x = PAD.left + i * slot + slot * 0.15;
    const width = slot * 0.7;
    const top = y(Math.max(game.completed, 0.15)); // a sliver for a game with no contract
    const bar = h("svg:rect", {
      class: `bar ${game.mode}${game.past ? " past" : ""}${game.place === 1 ? " won" : ""}`, x: x.toFixed(1), y: top.toFixed(1),
      width: width.toFixed(1), height: (y(0) - top).toFixed(1), rx: 2,
    });
    bar.append(h("svg:title", {}, t("stats.chart_bar", { what: gameTitle(game), completed: game.completed, place: game.place })));
    svg.append(bar);
    if (slot >= 14) svg.append(h("svg:text", { class: "bar-value", x: (x + width / 2).toFixed(1), y: (top - 3).toFixed(1), "text-anchor": "middle" }, String(game.completed)));
  });
  const legend = h("p", { class: "legend stats-legend" },
    h("span", { class: "daily", text: t("stats.legend_daily") }),
    h("span", { class: "new", text: t("stats.legend_new") }),
    games.some((g) => g.past) ? h("span", { class: "past", text: t("stats.legend_past") }) : null,
    games.some((g) => g.place === 1) ? h("span", { class: "won", text: t("stats.legend_won") }) : null);
  return h("figure", { class: "chart-figure" }, svg, legend);
}

function recentGames(games, stats, onWatch) {
  const kept = new Set(stats.replays().map((r) => r.id));
  const rows = games.map((game) => {
    const title = gameTitle(game);
    const watch = kept.has(game.id) && onWatch
      ? h("button", {
        type: "button", class: "action small-action", text: t("stats.watch"), "aria-label": t("stats.watch_label", { game: title }),
        onclick: () => onWatch(stats.replay(game.id), game),
      })
      : null;
    return h("li", { class: game.place === 1 ? "recent-game won" : "recent-game" },
      // The date's hyphens are non-breaking: a narrow phone broke "2026-12-/03" over two lines.
      h("span", { class: "recent-title", text: title.replace(/(\d{4})-(\d{2})-(\d{2})/g, "$1\u2011$2\u2011$3") }),
      h("span", { class: "small", text: t("stats.result", { place: game.shared ? `${game.place}=` : game.place, completed: game.completed, penalty: game.penalty }) }),
      watch);
  });
  return h("section", { class: "stats-recent", "aria-labelledby": "stats-recent-title" },
    h("h3", { id: "stats-recent-title", text: t("stats.recent") }),
    h("ul", { class: "recent-games" }, rows));
}

function fileSection(stats, line, redraw) {
  const picker = h("input", { type: "file", accept: ".json,application/json", class: "visually-hidden", tabindex: "-1", "aria-hidden": "true" });
  picker.addEventListener("change", async () => {
    const file = picker.files?.[0];
    if (!file) return;
    const result = stats.importText(await file.text());
    picker.value = "";
    const text = result.error ? t(`stats.import_${result.error}`) : t("stats.imported", { count: result.added, total: result.total });
    redraw();
    line.textContent = text;
  });
  const exportFile = () => {
    const name = `ladder-rummy-statistics-${new Date().toISOString().slice(0, 10)}.json`;
    const url = URL.createObjectURL(new Blob([stats.exportText()], { type: "application/json" }));
    const link = h("a", { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    line.textContent = t("stats.exported", { file: name });
  };
  return h("section", { class: "stats-file", "aria-labelledby": "stats-file-title" },
    h("h3", { id: "stats-file-title", text: t("stats.file") }),
    h("p", { class: "small", text: t("stats.file_help") }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "action", text: t("stats.export"), onclick: exportFile }),
      h("button", { type: "button", class: "action", text: t("stats.import"), onclick: () => picker.click() }),
      picker),
    line);
}

/**
 * What the game-over sheet adds: for a Daily, Share and the countdown to the next one; for any
 * game, Statistics and Watch the replay (each opens on top of the game-over sheet).
 */
export function afterGame({ record, onStats, onWatch }) {
  return h("section", { class: "after-game" },
    record?.mode === "daily" ? shareBlock(record) : null,
    record?.mode === "daily" ? countdown() : null,
    h("div", { class: "row" },
      h("button", { type: "button", class: "action", text: t("stats.open"), onclick: onStats }),
      onWatch ? h("button", { type: "button", class: "action", text: t("stats.watch_replay"), onclick: onWatch }) : null));
}
