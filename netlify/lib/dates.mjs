// UTC dates, ISO weeks and the Daily's submission window.
//
// A Daily of date D can be submitted from D's UTC midnight, less an hour for clocks that run
// fast, to the end of the seventh day after D (UTC): a finished game waiting in an offline
// queue still counts for a week. Once that window has closed, nobody can submit D any more, so
// D's games are public: anyone may download and watch any entry's log.

export const DAY_MS = 86_400_000;
export const EARLY_MS = 60 * 60 * 1000; // clock-skew grace before a Daily's midnight
export const DAYS_AFTER = 7; // submissions accepted through the 7th day after the Daily's

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;

/** Days since 1970-01-01 of a real YYYY-MM-DD date, or null. */
export function dayNumber(text) {
  const m = typeof text === "string" ? DATE.exec(text) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

/** YYYY-MM-DD of a day number. */
export function isoDate(day) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** "YYYY-Www" of a day number. */
export function isoWeekOf(day) {
  const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
  const thursday = day - weekday + 3; // the ISO year is the year of the week's Thursday
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The seven dates (Monday first) of an ISO week "YYYY-Www", or null if there is no such week. */
export function weekDates(text) {
  const m = typeof text === "string" ? WEEK.exec(text) : null;
  if (!m) return null;
  const [year, week] = [Number(m[1]), Number(m[2])];
  // Week 1 holds January 4th; its Monday starts the ISO year.
  const jan4 = Date.UTC(year, 0, 4) / DAY_MS;
  const weekday = (new Date(jan4 * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
  const monday = jan4 - weekday + (week - 1) * 7;
  if (week < 1 || isoWeekOf(monday) !== text) return null; // e.g. W53 of a 52-week year
  return Array.from({ length: 7 }, (_, i) => isoDate(monday + i));
}

/**
 * When date's Daily may be submitted: {opens, closes} in ms since the epoch, closes exclusive.
 * @param {string} date a real YYYY-MM-DD date
 */
export function submissionWindow(date) {
  const start = dayNumber(date) * DAY_MS;
  return { opens: start - EARLY_MS, closes: start + (DAYS_AFTER + 1) * DAY_MS };
}

/** Whether date's Daily can no longer be submitted at `nowMs` (so its logs may be published). */
export const isClosed = (date, nowMs) => nowMs >= submissionWindow(date).closes;
