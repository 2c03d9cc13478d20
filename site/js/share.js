// share.js — a finished Daily as a spoiler-free text (its number and date, contracts, place,
// one symbol per deal), shared through the Web Share API or copied to the clipboard, and the
// countdown to the next Daily (UTC midnight).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Daily #1 is this UTC date; every Daily's number counts the days from it. */
export const FIRST_DAILY = "2026-11-01";
const DAY_MS = 86_400_000;
export const CLIMBED = "🟩";
export const STAYED = "⬜";

/** dailyNumber("2026-11-01") → 1, dailyNumber("2026-11-29") → 29. */
export function dailyNumber(date) {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${FIRST_DAILY}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The text to share for a Daily's record (stats.js): no card, no move, nothing that spoils it.
 *   Ladder Rummy #29 · 2026-11-29
 *   4/10 contracts · place 2/4
 *   🟩🟩⬜⬜🟩⬜⬜⬜⬜🟩
 */
export function shareText(record) {
  const place = record.shared ? t("share.place_shared", { place: record.place, players: record.players }) : t("share.place", { place: record.place, players: record.players });
  return [
    t("share.title", { number: dailyNumber(record.date), date: record.date }),
    `${t("share.contracts", { completed: record.completed })} · ${place}`,
    record.climbs.map((climbed) => (climbed ? CLIMBED : STAYED)).join(""),
  ].join("\n");
}

/**
 * Share `data` ({text, url?, title?}): the system's share sheet, else `copy` (the text, or the
 * link) to the clipboard. Resolves "shared" | "copied" | "cancelled" | "failed".
 */
export async function shareOrCopy(data, copy = data.text) {
  if (typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if (error?.name === "AbortError") return "cancelled";
      // No share target (or not allowed here): fall through to the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(copy);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * A Share button with its result line; when neither sharing nor copying works, the text appears
 * selected in a box to copy by hand.
 */
export function shareBlock(record) {
  const text = shareText(record);
  // The game's address goes with it, so whoever reads the result can tap through and play the
  // same Daily (a play-test's shared text had no way to the game).
  const url = `${location.origin}${location.pathname}`;
  const line = h("p", { class: "small share-result", role: "status" });
  const box = h("textarea", { class: "share-text", readonly: true, rows: "4", "aria-label": t("share.text_label"), hidden: true });
  box.value = `${text}\n${url}`;
  const button = h("button", {
    type: "button", class: "action primary share-button", text: t("share.button"),
    onclick: async () => {
      const outcome = await shareOrCopy({ text, url }, box.value);
      line.textContent = outcome === "cancelled" ? "" : t(`share.${outcome}`);
      box.hidden = outcome !== "failed";
      if (!box.hidden) { box.focus(); box.select(); }
    },
  });
  return h("div", { class: "share" }, button, line, box);
}

// ---- the next Daily ----

/** Milliseconds from `now` to the next UTC midnight. */
export function untilNextDaily(now = Date.now()) {
  return DAY_MS - (now % DAY_MS);
}

/** 5h 3m 9s → "05:03:09". */
export function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const parts = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return parts.map((n) => String(n).padStart(2, "0")).join(":");
}

/** "Next Daily in 05:03:09", ticking every second while it is on the page. */
export function countdown() {
  const time = h("time", { class: "countdown-time" });
  const element = h("p", { class: "countdown", role: "timer", "aria-live": "off" }, t("share.next"), " ", time);
  const tick = () => {
    const left = untilNextDaily();
    time.textContent = clock(left);
    time.setAttribute("datetime", `PT${Math.ceil(left / 1000)}S`);
  };
  tick();
  const timer = setInterval(() => {
    if (!element.isConnected && element.dataset.shown) { clearInterval(timer); return; }
    if (element.isConnected) element.dataset.shown = "1";
    tick();
  }, 1000);
  return element;
}
