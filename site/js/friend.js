// friend.js — challenge a friend, the sheets: after a finished New Game, make a link (short: the
// result; long: the result and the person's own moves) and share it; on the friend's side, the
// challenge before the game ("Beat Aylin: 7 contracts, 204 points") and both results side by side,
// deal by deal, after it. The payload is challenge.js's; the numbers a long link shows are the
// engine's replay of its moves (game.js asks the engine), never the ones the link claims.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { closeButton, open, sheet, sheetDialog } from "./dialogs.js";
import { dealRows } from "./challenge.js";
import { CLIMBED, STAYED, shareOrCopy } from "./share.js";
import { nameBox } from "./board.js";

/** "7 contracts, 204 points": a result in a few words. */
export function resultWords(result) {
  return t("challenge.result", { completed: result.completed, penalty: result.penalty });
}

/** One mark per deal: 🟩 climbed, ⬜ stayed (the same marks as a shared Daily's text). */
export const dealMarks = (climbed) => climbed.map((up) => (up ? CLIMBED : STAYED)).join("");

/** A deal's mark on the page: a drawn square (filled: climbed), not an emoji a device may lack. */
const square = (up) => h("span", { class: `deal-square ${up ? "climbed" : "stayed"}`, "aria-hidden": "true" });

/**
 * Share `url` with `text`: the system's share sheet, else the clipboard. Resolves "shared" |
 * "copied" | "cancelled" | "failed" (the link is then shown in a box to copy by hand).
 */
export function shareLink(url, text) {
  return shareOrCopy({ title: t("challenge.share_title"), text, url }, url);
}

/** The game-over sheet's button for a finished New Game. */
export function challengeButton(onClick) {
  return h("button", { type: "button", class: "action challenge-button", text: t("challenge.button"), "aria-haspopup": "dialog", onclick: onClick });
}

/**
 * The sheet that makes and shares a challenge link. `name`: the name to start from (the
 * leaderboard's); `checkName(name)` → {name} | {error…} (names.js); `makeLink({name, long})`
 * resolves the link (or null when the engine cannot make one). Resolves when closed.
 */
export function openChallengeShare({ name = "", result, checkName, makeLink }) {
  const dialog = sheetDialog("challenge-share-dialog");
  const { field, input, fail } = nameBox("challenge-name", name, "challenge.name_help");
  const kinds = h("fieldset", { class: "setting challenge-kind" },
    h("legend", { text: t("challenge.kind") }),
    h("div", { class: "choices" }, ["short", "long"].map((kind) => h("label", {},
      h("input", { type: "radio", name: "challenge-kind", value: kind, checked: kind === "long" }),
      h("span", {}, h("strong", { text: t(`challenge.${kind}`) }), " ", h("span", { class: "small", text: t(`challenge.${kind}_help`) }))))));
  const line = h("p", { class: "small share-result", role: "status" });
  const box = h("textarea", { class: "share-text challenge-link", readonly: true, rows: "3", "aria-label": t("challenge.link_label"), hidden: true });
  const form = h("form", {
    class: "challenge-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const checked = checkName(input.value);
      if (checked.error) { fail(checked); return; }
      input.value = checked.name;
      const long = form.querySelector('input[name="challenge-kind"]:checked')?.value === "long";
      line.textContent = t("challenge.making");
      const url = await makeLink({ name: checked.name, long });
      if (!url) { line.textContent = t("challenge.make_failed"); return; }
      box.value = url;
      const text = `${t("challenge.share_text", { name: checked.name, result: resultWords(result) })}\n${dealMarks(result.climbed)}`;
      const outcome = await shareLink(url, text);
      line.textContent = outcome === "cancelled" ? "" : t(`challenge.${outcome}`);
      // Copied, the link is shown too: what went to the clipboard, seen, and there to copy
      // again (a play-test, on a browser without a share sheet, never saw the link it sent).
      box.hidden = outcome !== "failed" && outcome !== "copied";
      if (outcome === "failed") { box.focus(); box.select(); }
      // On a phone the line sits at the sheet's foot, half under its buttons: bring it into view
      // (the body to its end, where the foot's fade is gone).
      else if (line.textContent) {
        const body = line.closest(".sheet-body");
        body?.scrollTo({ top: body.scrollHeight });
      }
    },
  },
  h("p", { text: t("challenge.intro", { result: resultWords(result) }) }),
  field, kinds,
  h("div", { class: "row" }, h("button", { type: "submit", class: "action primary", text: t("challenge.share") })),
  line, box);
  sheet("challenge-share-dialog", t("challenge.share_heading"), form, [closeButton(dialog, "done", t("challenge.close"))]);
  // The sheet opens on its Share button when there is a name already, and always on a touch
  // screen: focused, the name box raised the phone's keyboard over the link's kinds and the
  // button (a play-test). A missing name is asked for when Share is tapped (fail focuses it).
  if (name || matchMedia("(pointer: coarse)").matches) form.querySelector('button[type="submit"]').autofocus = true;
  const closed = open(dialog);
  // Focused, the button scrolled the body past the intro and the name on a phone on its side (a
  // play-test found Name only by scrolling): the sheet reads from its top.
  dialog.querySelector(".sheet-body")?.scrollTo({ top: 0 });
  return closed;
}

/**
 * Before the friend's game: who challenges, with what (the replayed result for a long link, the
 * claimed one for a short link, said as such). Resolves "play" or "" (not now).
 */
export function openChallengeStart({ challenge, difficulty, verified }) {
  const dialog = sheetDialog("challenge-dialog");
  const { name, result } = challenge;
  sheet("challenge-dialog", t("challenge.from", { name }), [
    ...challengeTarget(challenge),
    h("p", { text: t("challenge.details", { name, difficulty: t(`difficulty.${difficulty}`), place: result.place, deals: result.climbed.length }) }),
    dealMarksLine(challenge),
    h("p", { class: "small", text: t(verified ? "challenge.verified" : "challenge.claimed", { name }) }),
  ], [
    closeButton(dialog, "", t("challenge.not_now")),
    closeButton(dialog, "play", t("challenge.play"), true),
  ], { decide: true });
  return open(dialog);
}

/**
 * The challenge again during the game (a tap on the top bar's "vs Deniz"): what to beat, how a
 * game is won, and where the two stand after the deals played (`done`; `mine`: the person's
 * {completed, penalty}, the engine's count). A play-test, once the game began, could not see
 * what it had to beat until a deal's end.
 */
export function openChallengeInfo({ challenge, done, mine }) {
  const dialog = sheetDialog("challenge-dialog");
  const { name, result } = challenge;
  sheet("challenge-dialog", t("challenge.from", { name }), [
    ...challengeTarget(challenge),
    done >= 1 && done <= result.climbed.length ? h("p", { class: "duel-line", text: duelScore(name, result, done, mine) }) : null,
    dealMarksLine(challenge),
  ], [closeButton(dialog, "", t("challenge.close"), true)], { decide: true });
  return open(dialog);
}

/** "Beat Deniz: 2 contracts, 578 penalty points", and how a game is won (a play-test asked). */
function challengeTarget({ name, result }) {
  return [
    h("p", { class: "headline challenge-headline", text: t("challenge.beat", { name, result: resultWords(result) }) }),
    h("p", { class: "small", text: t("challenge.how_to_win") }),
  ];
}

/** The challenger's climbed/stayed squares and, shown, what they say (a play-test read ten squares with no legend). */
function dealMarksLine({ name, result }) {
  return h("div", { class: "deal-marks-line" },
    h("p", { class: "deal-marks", "aria-hidden": "true" }, result.climbed.map(square)),
    h("p", { class: "small", text: t("challenge.marks_label", { name, climbed: result.completed, deals: result.climbed.length }) }));
}

/**
 * The deal sheet's line while a challenge is played: "Deniz climbed on this deal. Contracts after
 * deal 4: you 3, Deniz 4." (a play-test had only the top bar's "Rival: Deniz" to compare by until
 * the game's end). `result`: the challenger's, its climbed/stayed per deal as the link carried it;
 * `mine`: the person's {completed, penalty} after this deal (the engine's count). Null past their
 * last deal.
 */
export function duelLine(name, result, deal, mine) {
  const theirs = result.climbed[deal - 1];
  if (theirs === undefined) return null;
  return h("p", { class: "duel-line" }, square(theirs), " ",
    `${t(theirs ? "deal.duel_climbed" : "deal.duel_stayed", { name })} ${duelScore(name, result, deal, mine)}`);
}

/**
 * "Contracts after deal 4: you 3, Deniz 4.", the challenger's count from their climbed/stayed
 * row; and where the engine replayed their moves (a long link), "Penalty points: you 120, Deniz
 * 96.": a tie on contracts is decided by them, and the row of climbs alone cannot say who leads.
 */
function duelScore(name, result, deal, mine) {
  const contracts = t("deal.duel_score", { deal, mine: mine.completed, name, theirs: result.climbed.slice(0, deal).filter(Boolean).length });
  const points = penaltiesAfter(result, deal);
  return points === null ? contracts : `${contracts} ${t("deal.duel_points", { mine: mine.penalty, name, theirs: points })}`;
}

/** The challenger's penalty points after `deal`, where the result has them (a long link's replay), else null. */
function penaltiesAfter(result, deal) {
  const points = result.penalties;
  if (!Array.isArray(points) || points.length !== result.climbed.length) return null;
  const value = points[deal - 1];
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Both results side by side, deal by deal, for the game-over sheet: who did better (`outcome`,
 * the engine's ranking), the climbed/stayed row of every deal, contracts, penalty and place.
 * `onWatch`: opens the challenger's game (long links only).
 */
export function challengeResults({ name, mine, theirs, outcome, verified, onWatch = null }) {
  const mark = (climbed) => (climbed === null ? h("td", { class: "num", text: "—" })
    : h("td", { class: `num ${climbed ? "climbed" : "stayed"}` },
      square(climbed),
      h("span", { class: "visually-hidden", text: t(climbed ? "challenge.climbed" : "challenge.stayed") })));
  const rows = dealRows(mine, theirs).map((row) => h("tr", {},
    h("th", { scope: "row", text: t("challenge.deal", { deal: row.deal }) }), mark(row.mine), mark(row.theirs)));
  const total = (key, value) => h("tr", { class: "total" },
    h("th", { scope: "row", text: t(`challenge.${key}`) }),
    h("td", { class: "num", text: String(value(mine)) }), h("td", { class: "num", text: String(value(theirs)) }));
  return h("section", { class: "challenge-results", "aria-labelledby": "challenge-results-title" },
    h("h3", { id: "challenge-results-title", text: t("challenge.results_title", { name }) }),
    h("p", { class: `headline challenge-outcome ${outcome}`, text: t(`challenge.outcome_${outcome}`, { name }) }),
    h("table", { class: "results challenge-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("challenge.deal_col") }),
        h("th", { scope: "col", class: "num", text: t("you") }),
        h("th", { scope: "col", class: "num", text: name }))),
      h("tbody", {}, rows, total("completed", (r) => r.completed), total("penalty", (r) => r.penalty), total("place", (r) => r.place))),
    h("p", { class: "small", text: t(verified ? "challenge.verified_end" : "challenge.claimed_end", { name }) }),
    onWatch ? h("button", { type: "button", class: "action", text: t("challenge.watch", { name }), onclick: onWatch }) : null);
}

/** The message for a challenge link that cannot be used (challenge.js's reason, or the engine's). */
export function badChallengeText(reason, detail = "") {
  return t(`challenge.bad_${reason}`, { detail });
}


