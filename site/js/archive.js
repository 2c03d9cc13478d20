// archive.js — every past Daily: a month calendar (the reader's locale, from Intl) of the Dailies
// from #1 to yesterday, each day marked finished on this device (with its result), in progress,
// or still open; choosing a day says what it holds and offers to play it. Playing is game.js's:
// a past Daily is dealt from its date alone (offline too), marked on the table, never submitted.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { closeButton, open, sheet, sheetDialog } from "./dialogs.js";
import { addMonths, dateLocale, dayNumber, firstDayOfWeek, isPastDaily, longDate, monthOf, monthTitle, monthWeeks, pastDailies, weekdayNames } from "./calendar.js";
import { FIRST_DAILY, dailyNumber } from "./share.js";

/**
 * A Daily started after its day (`today`, UTC) is a past Daily: played from its date alone,
 * marked on the table, kept apart in the statistics and never submitted (game.js keeps `past`
 * in the game's slot record, so a reload or another tab knows it too).
 */
export function pastDaily(args, today) {
  if (args?.mode !== "daily" || !args.date || args.date >= today) return args;
  return { ...args, past: true };
}

/**
 * What each past Daily holds on this device: "done" (with its record), "open" (kept in progress)
 * or absent. `finished(date)` is the counting record of a date (stats.js), `inProgress` the dates
 * kept in progress (saves.js).
 */
export function dayStates(dates, { finished, inProgress }) {
  const going = new Set(inProgress);
  const states = new Map();
  for (const date of dates) {
    if (going.has(date)) states.set(date, { state: "open", record: finished(date) });
    else if (finished(date)) states.set(date, { state: "done", record: finished(date) });
  }
  return states;
}

/**
 * The calendar sheet. Resolves {date, action: "play" | "continue"} or null (closed).
 * `today`: the UTC date; `finished(date)`: the record of a finished Daily or null;
 * `inProgress`: dates of Dailies kept in progress here.
 */
export function openArchive({ today, finished, inProgress, month = null }) {
  const dialog = sheetDialog("archive-dialog", "sheet archive-sheet");
  const dates = pastDailies(today);
  const locale = dateLocale();
  const firstDay = firstDayOfWeek(locale);
  const states = dayStates(dates, { finished, inProgress });
  // Today's Daily is the start screen's, but the calendar still shows what it holds here (a
  // play-test saw today's ring and not that its Daily was in progress).
  const todayEntry = dayStates([today], { finished, inProgress }).get(today);
  const last = dates.at(-1);
  let shown = month || (last ? monthOf(last) : monthOf(FIRST_DAILY));
  let selected = null;
  let choice = null;
  const grid = h("div", { class: "archive-month" });
  const detail = h("div", { class: "archive-detail", "aria-live": "polite" });

  const choose = (date, action) => () => { choice = { date, action }; dialog.close("choice"); };

  const describe = (date) => {
    const entry = date === today ? todayEntry : states.get(date);
    if (entry?.state === "open") return t("archive.open");
    if (entry?.state === "done") return t("archive.done", entry.record);
    return t("archive.unplayed");
  };

  const drawDetail = () => {
    if (!selected) {
      detail.replaceChildren(h("p", { class: "small", text: dates.length ? t("archive.pick") : t("archive.none") }));
      return;
    }
    if (selected === today) { drawToday(); return; }
    const entry = states.get(selected);
    const action = entry?.state === "open" ? "continue" : "play";
    const label = entry?.state === "open" ? "archive.continue" : entry?.state === "done" ? "archive.again" : "archive.play";
    detail.replaceChildren(
      h("h3", { text: t("archive.day_title", { number: dailyNumber(selected), date: longDate(locale, selected) }) }),
      h("p", { class: `archive-state ${entry?.state || "unplayed"}`, text: describe(selected) }),
      h("button", { type: "button", class: "action big primary", id: "archive-play", text: t(label), onclick: choose(selected, action) }),
      h("p", { class: "small", text: t("archive.never_submitted") }));
  };

  // Today's own details: what its Daily holds here and the start screen's way into it (a
  // play-test tapped today's cell, marked like a Daily in progress, and nothing happened).
  const drawToday = () => {
    const state = todayEntry?.state;
    detail.replaceChildren(
      h("h3", { text: t("archive.day_title", { number: dailyNumber(today), date: longDate(locale, today) }) }),
      h("p", { class: `archive-state ${state || "unplayed"}`, text: describe(today) }),
      state === "done" ? null : h("button", {
        type: "button", class: "action big primary", id: "archive-play",
        text: t(state === "open" ? "start.daily_continue" : "start.daily_play"), onclick: choose(today, state === "open" ? "continue" : "play"),
      }),
      h("p", { class: "small", text: t(state === "done" ? "archive.today_done" : "archive.today_counts") }));
  };

  const select = (date) => { selected = date; drawMonth(date); drawDetail(); detail.scrollIntoView({ block: "nearest" }); };

  const drawMonth = (focusDate = null) => {
    const first = monthOf(FIRST_DAILY);
    const latest = last ? monthOf(last) : first;
    const names = weekdayNames(locale, firstDay);
    const titleId = "archive-month-title";
    const rows = monthWeeks(shown, firstDay).map((week) => h("tr", {}, week.map((date) => {
      if (!date) return h("td", { class: "empty" });
      const number = dayNumber(locale, date);
      // Today is marked (its Daily counts, unlike these), read out as such, and opens its own
      // details with the start screen's way into it.
      if (date === today) {
        const said = t("archive.today_cell", { date: longDate(locale, date) });
        return h("td", { class: `none today ${todayEntry?.state || ""}`.trim() }, h("button", {
          type: "button", class: "day", dataset: { date }, "aria-current": "date", "aria-pressed": String(date === selected),
          onclick: () => select(date),
        }, h("span", { "aria-hidden": "true", text: number }),
        h("span", { class: "visually-hidden", text: ` ${todayEntry ? `${said}: ${describe(date)}` : said}` })));
      }
      if (!isPastDaily(date, today)) return h("td", { class: "none" }, h("span", { class: "day", "aria-hidden": "true", text: number }));
      const entry = states.get(date);
      const state = entry?.state || "unplayed";
      return h("td", { class: state },
        // Named by its visible number first, then the whole date and what it holds (label in name).
        h("button", {
          type: "button", class: `day ${state}`, dataset: { date },
          "aria-pressed": String(date === selected),
          // On a phone the day's details are below the month: bring them into view.
          onclick: () => select(date),
        }, h("span", { class: "day-number", text: number }),
        // No dot under the number: the frame (filled, dashed) says it, as the legend and today's
        // ring do; a play-test asked what the dot under a day in progress meant, and why today had none.
        h("span", { class: "visually-hidden", text: ` ${longDate(locale, date)}: ${describe(date)}` })));
    })));
    // Every month six weeks high: a month of four or five moved the ‹ › buttons ~70 px under the
    // finger paging through them (the sheet is centred; a play-test).
    while (rows.length < 6) rows.push(h("tr", { class: "pad", "aria-hidden": "true" }, Array.from({ length: 7 }, () => h("td", { class: "empty" }))));
    grid.replaceChildren(
      h("div", { class: "archive-nav" },
        h("button", {
          type: "button", class: "action small-action", text: "‹", "aria-label": t("archive.previous"),
          disabled: shown <= first, onclick: () => page(-1),
        }),
        h("h3", { id: titleId, "aria-live": "polite", text: monthTitle(locale, shown) }),
        h("button", {
          type: "button", class: "action small-action", text: "›", "aria-label": t("archive.next"),
          disabled: shown >= latest, onclick: () => page(1),
        })),
      h("table", { class: "archive-grid", "aria-labelledby": titleId },
        h("thead", {}, h("tr", {}, names.map((name) => h("th", { scope: "col", abbr: name.long, text: name.short })))),
        h("tbody", {}, rows)),
      h("p", { class: "legend archive-legend" },
        h("span", { class: "done", text: t("archive.legend_done") }),
        h("span", { class: "open", text: t("archive.legend_open") }),
        h("span", { class: "unplayed", text: t("archive.legend_unplayed") }),
        h("span", { class: "today", text: t("archive.legend_today") })));
    if (focusDate) grid.querySelector(`button[data-date="${focusDate}"]`)?.focus();
  };

  // Another month: a day chosen in the one left is no longer on screen, so its details go too
  // (a play-test paged to November and still read "1 December" below it).
  const page = (step) => {
    shown = addMonths(shown, step);
    if (selected && monthOf(selected) !== shown) { selected = null; drawDetail(); }
    drawMonth();
  };

  drawMonth();
  drawDetail();
  const finishedCount = [...states.values()].filter((entry) => entry.state === "done").length;
  sheet("archive-dialog", t("archive.title"), [
    h("p", { class: "small", text: t("archive.intro", { count: dates.length, finished: finishedCount }) }),
    grid,
    detail,
  ], [closeButton(dialog, "", t("archive.close"))]);
  return open(dialog).then(() => choice);
}
