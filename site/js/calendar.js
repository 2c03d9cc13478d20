// calendar.js — the month view of past Dailies: which UTC dates had a Daily (from #1 to
// yesterday), laid out in weeks in the reader's locale (its month names, weekday names and first
// day of the week, all from Intl). Pure functions of dates and a locale; drawing is archive.js's.

import { FIRST_DAILY } from "./share.js";
import { language } from "./i18n.js";

const DAY_MS = 86_400_000;

/** "2026-11-29" → the UTC midnight of that day, in milliseconds. */
export const dayMs = (date) => Date.parse(`${date}T00:00:00Z`);

/** Milliseconds → "2026-11-29" (UTC). */
export const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Whether `date` is a real "YYYY-MM-DD" day. */
export function isDate(date) {
  return typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) && isoDate(dayMs(date) || NaN) === date;
}

/** The day before `date`. */
export const dayBefore = (date) => isoDate(dayMs(date) - DAY_MS);

/** Every past Daily: from #1 to the day before `today`, oldest first. */
export function pastDailies(today) {
  const dates = [];
  for (let ms = dayMs(FIRST_DAILY); ms < dayMs(today); ms += DAY_MS) dates.push(isoDate(ms));
  return dates;
}

/** Whether `date` is a past Daily as of `today` (a Daily that exists and is no longer today's). */
export function isPastDaily(date, today) {
  return isDate(date) && dayMs(date) >= dayMs(FIRST_DAILY) && dayMs(date) < dayMs(today);
}

/** The month ("2026-11") of a date. */
export const monthOf = (date) => date.slice(0, 7);

/** The month `delta` months after `month` ("2026-11", 1 → "2026-12"). */
export function addMonths(month, delta) {
  const [year, m] = month.split("-").map(Number);
  const total = year * 12 + (m - 1) + delta;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

/**
 * The locale's first day of the week, 1 (Monday) … 7 (Sunday), from Intl.Locale's week info where
 * the browser has it; else Monday, except where Sunday is usual.
 */
export function firstDayOfWeek(locale) {
  try {
    const info = new Intl.Locale(locale);
    const week = typeof info.getWeekInfo === "function" ? info.getWeekInfo() : info.weekInfo;
    if (week && Number.isInteger(week.firstDay)) return week.firstDay;
  } catch { /* an unknown locale: fall back below */ }
  const region = (() => { try { return new Intl.Locale(locale).maximize().region; } catch { return ""; } })();
  return ["US", "CA", "JP", "KR", "BR", "MX", "IL", "PH", "TW", "HK", "IN", "ZA", "AU"].includes(region) ? 7 : 1;
}

/**
 * The weeks of `month` ("2026-11") as rows of seven cells, each a date or null (a day of the
 * neighbouring month), starting on the locale's first day of the week.
 */
export function monthWeeks(month, firstDay = 1) {
  const start = dayMs(`${month}-01`);
  const next = dayMs(`${addMonths(month, 1)}-01`);
  const weekday = ((new Date(start).getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
  const lead = (weekday - firstDay + 7) % 7;
  const cells = Array(lead).fill(null);
  for (let ms = start; ms < next; ms += DAY_MS) cells.push(isoDate(ms));
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The seven weekday names (short and long) in the locale, from `firstDay`. */
export function weekdayNames(locale, firstDay = 1) {
  const short = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const ms = dayMs("2024-01-01") + (((firstDay - 1 + i) % 7) * DAY_MS);
    return { short: short.format(ms), long: long.format(ms) };
  });
}

/** "November 2026" / "Kasım 2026" / "2026년 11월". */
export function monthTitle(locale, month) {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(dayMs(`${month}-01`));
}

/** "Sunday, November 29, 2026" in the locale: the accessible name of a day. */
export function longDate(locale, date) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(dayMs(date));
}

/** The locale for dates: the page's language with the reader's region where it matches ("tr-TR"). */
export function dateLocale(lang = language(), preferred = globalThis.navigator?.languages || []) {
  const match = preferred.find((tag) => String(tag).toLowerCase().split("-")[0] === lang);
  return match || lang;
}

/**
 * "Dec 3, 2026", "3 Ara 2026", "2026. 12. 3." in the locale: a date inside a sentence or a title
 * (a play-test read "2026-12-03 tarihli günlük oyun" under a calendar that said "3 Aralık 2026").
 */
export function mediumDate(locale, date) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(dayMs(date));
}

/** The day of the month, in the locale's digits. */
export function dayNumber(locale, date) {
  // The day part alone: Korean writes "29일" for the day, but a calendar's cell is just "29".
  const parts = new Intl.DateTimeFormat(locale, { day: "numeric", timeZone: "UTC" }).formatToParts(dayMs(date));
  return parts.find((part) => part.type === "day")?.value ?? String(Number(date.slice(8)));
}
