// dialogs.js — the sheets: start screen, rules, settings, deal summary, game over,
// the joker's end, and notices. Each is built fresh in the current language when opened.

import { $, h } from "./dom.js";
import { cardElement, meldCardWord } from "./cards.js";
import { cardName, entry, listFor, t } from "./i18n.js";
import { dateLocale, mediumDate } from "./calendar.js";
import { SETTINGS } from "./state.js";
import { ladderChart } from "./chart.js";
import { countdown, dailyNumber } from "./share.js";
import { climbWords } from "./hints.js";
import { sheetClosed, sheetOpened } from "./back.js";

/**
 * The sheet `id`, made once and kept inside the app (where the sheets of index.html live), for
 * the sheets that only the modules loaded later (statistics, replays) need.
 */
export function sheetDialog(id, className = "sheet") {
  let dialog = $(id);
  if (!dialog) {
    dialog = h("dialog", { class: className, id });
    $("app").append(dialog);
  }
  return dialog;
}

/**
 * Fill the sheet `id`: a heading, a body that scrolls, a foot of buttons. It opens on its main
 * (primary) button when the body has nothing to focus or when `decide` (a sheet that asks what
 * next: Enter goes on); otherwise on the body, which scrolls with the arrow keys.
 */
export function sheet(id, title, body, foot = [], { decide = false } = {}) {
  const dialog = $(id);
  const titleId = `${id}-title`;
  dialog.setAttribute("aria-labelledby", titleId);
  // Plain divs: a <header> or <footer> here would be a second banner or contentinfo landmark.
  const content = h("div", { class: "sheet-body" }, body);
  const buttons = foot.filter(Boolean);
  const empty = !content.querySelector("button, a[href], input, select, textarea, [tabindex]");
  // A body with nothing to focus still scrolls by keyboard (a long deal summary on a phone).
  if (empty) content.tabIndex = 0;
  if (empty || decide) {
    const main = buttons.find((button) => button.classList?.contains("primary")) || buttons.at(-1);
    main?.setAttribute("autofocus", "");
  }
  dialog.replaceChildren(
    h("div", { class: "sheet-head" }, h("h2", { id: titleId, text: title })),
    content,
    foot.length ? h("div", { class: "sheet-foot" }, foot) : null,
  );
  return dialog;
}

/** A ✕ drawn with two strokes (the top bar's icons are strokes too), for "dismiss this card". */
function crossIcon() {
  const svg = h("svg:svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  svg.append(h("svg:path", { d: "M6 6l12 12M18 6 6 18" }));
  return svg;
}

/** Open a dialog and resolve with its returnValue when it closes. */
export function open(dialog) {
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => { sheetClosed(dialog); resolve(dialog.returnValue); }, { once: true });
    dialog.returnValue = "";
    if (!dialog.open) dialog.showModal();
    sheetOpened(dialog); // Back closes it (back.js)
  });
}

export function closeButton(dialog, value, text, primary = false) {
  return h("button", {
    type: "button",
    class: primary ? "action primary" : "action",
    text,
    onclick: () => dialog.close(value),
  });
}

/**
 * Resolves once no sheet is open (or `stop()` holds). A deal's sheet waits so (game.js dealSheet):
 * it opened over the menu a person had opened while the computer players played on, and over the
 * question the menu asked next. Looked at again a task after each close, so a sheet that closes
 * to open the next one (the menu, then its question) leaves no gap. The Plays sheet is not waited
 * for: the deal's sheet puts it away (putLogAway).
 */
export async function noneOpen(stop = () => false) {
  while (document.querySelector("dialog[open]:not(#log-dialog)") && !stop()) {
    await new Promise((resolve) => document.addEventListener("close", resolve, { capture: true, once: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export function closeAll() {
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
}


/**
 * The start screen. Resolves with {mode: "daily", date, steal?} | {mode: "new", difficulty} |
 * {resume: "new" | date, steal?} | "continue" | "challenge" | "rules" | "settings" | "leaderboard" |
 * "stats" | "archive" | "" (closed). `steal`: the game was said to be open in another tab, and
 * the tap continues it here.
 * `boardNote`: where today's Daily stands with the leaderboard, when there is something to say.
 * `dailySaved` / `newSaved`: today's Daily ({deal}) / a New Game ("Easy, deal 3") kept in progress, to
 * continue: a started Daily is only ever continued, never dealt again. `pastDailies`: dates of
 * earlier Dailies left in progress ({resume: date}). `elsewhere`: which of those kept games
 * another tab has open ("new", or a Daily's date): their words and buttons say so. `challenge`:
 * the words of a friend's challenge this page's link brought and the person put off ({title,
 * beat}): played from here ("challenge").
 * `watch(refill)`: calls `refill(words)` when what the sheet says may have changed (another tab
 * saved), and returns what stops it; the sheet is filled again only if the words differ.
 */
export function openStart({ back = null, watch = null, ...words }) {
  const dialog = $("start-dialog");
  let choice = null;
  const choose = (value) => () => { choice = value; dialog.close("choice"); };
  fillStart(dialog, words, choose);
  // Back from a sheet it opened (`back`: that choice): the focus returns to the button that
  // opened it, not to the sheet's first one (a keyboard play-test lost its place so).
  const opener = back && dialog.querySelector(`[data-choice="${back}"]`);
  if (opener) {
    for (const other of dialog.querySelectorAll("[autofocus]")) other.removeAttribute("autofocus");
    opener.setAttribute("autofocus", "");
  }
  let shown = JSON.stringify(words);
  const stop = watch?.((fresh) => {
    if (!dialog.open || JSON.stringify(fresh) === shown) return;
    shown = JSON.stringify(fresh);
    refill(dialog, () => fillStart(dialog, fresh, choose));
  });
  return open(dialog).then(() => { stop?.(); return choice ?? ""; });
}

/**
 * Fill an open sheet again with `fill()`, keeping where the person was: the body's scroll, and
 * the focus on the button of the same words (or the sheet's first one when it is gone).
 */
function refill(dialog, fill) {
  const focused = dialog.contains(document.activeElement) ? document.activeElement.textContent : null;
  const top = dialog.querySelector(".sheet-body")?.scrollTop ?? 0;
  fill();
  const body = dialog.querySelector(".sheet-body");
  if (body) body.scrollTop = top;
  if (focused === null) return;
  const same = [...dialog.querySelectorAll("button")].find((button) => button.textContent === focused);
  (same || dialog.querySelector("button"))?.focus();
}

/** The start screen's sheet, from its words (see openStart); `choose(value)` makes a button's handler. */
function fillStart(dialog, { date, dailyRecord, canContinue, current = "", boardNote = "", dailySaved = null, newSaved = null, pastDailies = [], offerLesson = false, challenge = null, elsewhere = [] }, choose) {
  const again = Boolean(dailyRecord && !dailySaved);
  // One gold button a screen, the way the sheet opens on (a play-test saw Continue and today's
  // Daily vie for the tap): a friend's challenge put off, else the lesson offered, else the game
  // on the table, else today's Daily not played yet.
  const main = challenge ? "challenge" : offerLesson ? "learn" : canContinue ? "continue" : again ? null : "daily";
  const big = (which) => (main === which ? "action big primary" : "action big");
  // A kept game another tab has open: "Continue … here" takes it over in one tap (the other tab
  // then says so), where the tap brought the notice that another tab has it, and its own button.
  // (Today's Daily's choice carries `steal` only then: a Daily not yet started is dealt from it.)
  const away = (game) => elsewhere.includes(game);
  const todayAway = Boolean(dailySaved) && away(date);
  const dailySavedText = todayAway ? t(dailySaved.deal ? "start.daily_elsewhere_deal" : "start.daily_elsewhere", dailySaved)
    : dailySaved?.deal ? t("start.daily_saved_deal", dailySaved) : t("start.daily_saved");
  // Today's Daily finished already: a game of it played again, or one left in progress, does not
  // count, and says so beside its button (a play-test read "it counts on the leaderboard" there).
  const described = [dailySaved ? "daily-saved" : null, dailyRecord ? "daily-note" : null].filter(Boolean).join(" ");
  const daily = h("section", { class: "mode daily-mode", "aria-labelledby": "daily-title" },
    // Its number too, as the calendar and the table's header name it (a play-test looked for #37 here).
    h("h3", { id: "daily-title", text: t("archive.badge_today", { number: dailyNumber(date) }) }),
    h("p", { class: "small", text: t("start.daily_text", { date }) }),
    dailyRecord ? h("p", { class: "daily-done", text: t("start.daily_done", dailyRecord) }) : null,
    boardNote ? h("p", { class: "small board-note", text: boardNote }) : null,
    dailySaved ? h("p", { id: "daily-saved", class: "small", text: dailySavedText }) : null,
    h("div", { class: "row" }, h("button", {
      type: "button", class: big("daily"),
      text: todayAway ? t("start.daily_continue_here") : dailySaved ? t("start.daily_continue") : again ? t("start.daily_again") : t("start.daily_play"),
      "aria-describedby": described || undefined,
      onclick: choose(todayAway ? { mode: "daily", date, steal: true } : { mode: "daily", date }),
    })),
    dailyRecord ? h("p", { id: "daily-note", class: "small", text: t("start.daily_again_note") }) : null,
    pastDailies.map((day) => h("button", {
      type: "button", class: "action resume", text: t(away(day) ? "start.daily_past_here" : "start.daily_past", { date: mediumDate(dateLocale(), day) }),
      onclick: choose({ resume: day, steal: away(day) }),
    })),
    // The two ways to look rather than play share a row, a label wrapping to two lines at most
    // (Turkish "Geçmiş günlük oyunların hepsi" ran to four in a tall oval, a play-test; it is
    // "Geçmiş Günlükler" now, the plural of the badge's "Geçmiş Günlük"): three stacked buttons
    // pushed New Game below a phone's fold.
    h("div", { class: "row looks" },
      h("button", { type: "button", class: "action", text: t("start.leaderboard"), dataset: { choice: "leaderboard" }, onclick: choose("leaderboard") }),
      h("button", { type: "button", class: "action archive-open", text: t("archive.open_button"), "aria-haspopup": "dialog", dataset: { choice: "archive" }, onclick: choose("archive") })),
    dailyRecord ? countdown() : null);
  const fresh = h("section", { class: "mode", "aria-labelledby": "new-title" },
    h("h3", { id: "new-title", text: t("start.new") }),
    newSaved ? h("p", { id: "new-saved", class: "small", text: t(away("new") ? "start.new_elsewhere" : "start.new_saved", { game: newSaved }) }) : null,
    newSaved ? h("button", {
      type: "button", class: "action big resume", text: t(away("new") ? "start.new_continue_here" : "start.new_continue"), "aria-describedby": "new-saved",
      onclick: choose({ resume: "new", steal: away("new") }),
    }) : null,
    h("p", { class: "small", text: t("start.new_text") }),
    h("div", { class: "row" }, ["easy", "normal", "hard"].map((difficulty) => h("button", {
      type: "button", class: "action big", text: t(`difficulty.${difficulty}`),
      onclick: choose({ mode: "new", difficulty }),
    }))),
    // The challenge is offered when a game ends (a play-test looked for it here, mid-game).
    h("p", { class: "small challenge-note", text: t("start.new_challenge") }));
  // A first visit: "Learn by playing" (tutorial.js), or not — asked once, then on the Rules page.
  // "No thanks" is the card's ✕ (a second full-width button pushed New Game's difficulty buttons
  // under the sheet's foot on a 390×844 phone in Turkish). It comes last, so the sheet opens on
  // "Learn by playing"; the CSS puts it by the title.
  const lesson = offerLesson ? h("section", { class: "learn-offer", "aria-labelledby": "learn-offer-title" },
    h("h3", { id: "learn-offer-title", text: t("learn.offer_title") }),
    h("p", { class: "small", text: t("learn.offer_text") }),
    h("div", { class: "row" },
      h("button", { type: "button", class: big("learn"), text: t("learn.start"), onclick: choose("learn") })),
    h("button", { type: "button", class: "icon-button offer-close", "aria-label": t("learn.no_thanks"), title: t("learn.no_thanks"), onclick: choose("learn-no") }, crossIcon())) : null;
  // A friend's challenge put off with "Not now" (a play-test did, to change the language first,
  // and found no way back to it but the link): it waits here while the page is open.
  const duel = challenge ? h("section", { class: "learn-offer challenge-offer", "aria-labelledby": "challenge-offer-title" },
    h("h3", { id: "challenge-offer-title", text: challenge.title }),
    h("p", { class: "small", text: challenge.beat }),
    h("div", { class: "row" },
      h("button", { type: "button", class: big("challenge"), text: t("challenge.play"), dataset: { choice: "challenge" }, onclick: choose("challenge") }))) : null;
  sheet("start-dialog", t("start.title"), [
    h("p", { text: t("start.tagline") }),
    duel,
    lesson,
    canContinue ? h("button", { type: "button", class: big("continue"), text: t("start.continue"), "aria-describedby": current ? "current-game" : undefined, onclick: choose("continue") }) : null,
    canContinue && current ? h("p", { id: "current-game", class: "small current-game", text: t("start.current", { game: current }) }) : null,
    daily,
    fresh,
  ], [
    h("button", { type: "button", class: "action", text: t("start.rules"), dataset: { choice: "rules" }, onclick: choose("rules") }),
    h("button", { type: "button", class: "action", text: t("stats.open"), dataset: { choice: "stats" }, onclick: choose("stats") }),
    h("button", { type: "button", class: "action", text: t("start.settings"), dataset: { choice: "settings" }, onclick: choose("settings") }),
  ]);
}

/** The rules and help page, with a language switch. `onLanguage(lang)` re-opens it translated. */
export function openRules({ onLanguage, languages, learn = false, kept = false }) {
  const dialog = $("rules-dialog");
  const sections = entry("rules.sections") || [];
  const body = [
    learn ? h("div", { class: "learn-link" },
      h("p", { class: "small", text: t("learn.rules_text") }),
      kept ? h("p", { class: "small learn-kept", text: t("learn.rules_kept") }) : null,
      h("button", { type: "button", class: "action primary", text: t("learn.start"), onclick: () => dialog.close("learn") })) : null,
    h("div", { class: "lang-switch", role: "group", "aria-label": t("settings.lang") },
      languages.map((lang) => h("button", {
        type: "button", lang, "aria-pressed": String(document.documentElement.lang === lang), text: t(`lang.${lang}`),
        onclick: () => onLanguage(lang),
      }))),
  ];
  for (const section of sections) {
    const parts = [h("h3", { text: section.h })];
    for (const paragraph of section.p || []) parts.push(h("p", { text: paragraph }));
    if (section.list) parts.push(h("ul", {}, listFor(section).map((item) => h("li", { text: item }))));
    if (section.table) {
      parts.push(h("table", {},
        h("thead", {}, h("tr", {}, (section.table_head || []).map((cell) => h("th", { scope: "col", text: cell })))),
        h("tbody", {}, section.table.map(([step, words]) => h("tr", {}, h("td", { text: step }), h("td", { text: words }))))));
    }
    body.push(h("section", { class: "rules-section" }, parts));
  }
  sheet("rules-dialog", t("rules.title"), h("div", { class: "rules-body" }, body), [closeButton(dialog, "done", t("settings.close"), true)]);
  return open(dialog);
}

/** Settings from the SETTINGS schema: one radio group per setting, then `extra` parts. `onChange(key, value)`. */
export function openSettings({ settings, onChange, extra = [] }) {
  const dialog = $("settings-dialog");
  const groups = SETTINGS.map((setting) => h("fieldset", { class: "setting" },
    h("legend", { text: t(setting.label) }),
    h("div", { class: "choices" }, setting.options.map((option) => h("label", {},
      h("input", {
        type: "radio", name: `setting-${setting.key}`, value: option,
        checked: settings[setting.key] === option,
        onchange: () => onChange(setting.key, option),
      }),
      h("span", { text: t(`${setting.labels}.${option}`), lang: setting.key === "lang" && option !== "auto" ? option : undefined }))))));
  sheet("settings-dialog", t("settings.title"), [...groups, ...extra], [closeButton(dialog, "done", t("settings.close"), true)]);
  return open(dialog);
}

/** End of a deal: who went out, each hand's penalty cards and points, who climbed. */
/** `note`: a line under the headline (a friend's challenge: how the challenger did, friend.js). */
/** `title`: the sheet's own title (the lesson's deal is not "Deal 1"). */
export function showDealEnd(summary, players, { next = "deal.next", note = null, title = null, last = false } = {}) {
  const dialog = $("deal-dialog");
  putLogAway();
  const nameOf = (seat) => (seat === 0 ? t("you") : players[seat].name);
  const headline = summary.went_out === null || summary.went_out === undefined
    ? t("deal.stock")
    : summary.went_out === 0 ? t("deal.you_out") : t("deal.went_out", { name: nameOf(summary.went_out) });
  // One body per player: a line of figures (name, points, total, ladder), then the cards left in
  // that hand across the whole width, so four columns of words fit a phone in every language.
  // A phone on its side has width to spare and no height: there the cards take a fifth column
  // of the line instead (CSS shows one place or the other), so all four players fit unscrolled.
  const bodies = summary.hands.map((hand) => {
    const name = nameOf(hand.seat);
    // An empty hand says "none", named "Cards left: none" only on its own row (the column of a
    // phone on its side has the words in its heading: "Cards left / Cards left: none").
    const cards = (headed = false) => (hand.cards.length
      ? h("span", { class: "penalty-cards", role: "img", "aria-label": `${name} · ${t("deal.cards")}: ${hand.cards.map(cardName).join(", ")}` },
        hand.cards.map((card) => cardElement(card, { mini: true })))
      : h("span", { class: "small no-cards", text: headed ? t("deal.none") : `${t("deal.cards")}: ${t("deal.none")}` }));
    return h("tbody", { class: hand.seat === 0 ? "you-row" : "" },
      h("tr", {},
        h("th", { scope: "row", text: name }),
        h("td", { class: "num", text: String(hand.points) }),
        h("td", { class: "num", text: String(hand.penalty_total) }),
        h("td", { class: "step" }, h("span", { class: hand.climbed ? "climbed" : "small", text: climbWords(hand.step_after, hand.completed_total, hand.climbed, last) })),
        h("td", { class: "cards-col" }, cards(true))),
      h("tr", { class: "left-cards" }, h("td", { colspan: "4" }, cards())));
  });
  sheet("deal-dialog", title || t("deal.title", { deal: summary.deal }), [
    h("p", { class: "headline", text: headline }),
    note,
    h("table", { class: "results" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("deal.player") }),
        h("th", { scope: "col", class: "num", text: t("deal.points") }),
        h("th", { scope: "col", class: "num", text: t("deal.total") }),
        h("th", { scope: "col", class: "step", text: t("deal.ladder") }),
        h("th", { scope: "col", class: "cards-col", text: t("deal.cards") }))),
      bodies),
  ], [closeButton(dialog, "look", t("deal.look")), closeButton(dialog, "next", t(next), true)]);
  // Put away by its "See the table" button (a phone has no Escape, an iPhone no Back), Escape or
  // Back (both "cancel" it, back.js), the sheet resolves "look": the person wants the table it
  // covers, not the next deal. Closed by the page (another tab took the
  // game), it resolves "" as before.
  let dismissed = false;
  const cancel = () => { dismissed = true; };
  dialog.addEventListener("cancel", cancel);
  return open(dialog).then((value) => {
    dialog.removeEventListener("cancel", cancel);
    return value === "" && dismissed ? "look" : value;
  });
}

/**
 * End of the game: standings (ties share a place), the ladder chart, and what next. For a Daily,
 * `submission` is the line about the leaderboard, and a Leaderboard button resolves "board".
 * `extra`: more to offer under the standings (share, statistics, replay).
 */
export function showGameEnd(view, { submission = null, extra = null, mode = "", againNote = "" } = {}) {
  const dialog = $("game-dialog");
  putLogAway();
  const standings = view.standings || [];
  const places = standings.map((s) => s.place);
  const shared = (place) => places.filter((p) => p === place).length > 1;
  const headline = placeHeadline(view);
  const rows = standings.map((s) => h("tr", { class: s.seat === 0 ? "you-row" : "" },
    h("td", { class: "place", text: shared(s.place) ? `${s.place}=` : String(s.place), "aria-label": shared(s.place) ? `${s.place} (${t("game.shared")})` : undefined }),
    h("th", { scope: "row", text: s.seat === 0 ? t("you") : s.name }),
    h("td", { class: "num", text: String(s.completed) }),
    h("td", { class: "num", text: String(s.penalty) })));
  sheet("game-dialog", t("game.title"), [
    h("p", { class: "headline", text: headline }),
    mode ? h("p", { class: "mode-line", text: mode }) : null,
    submission,
    h("table", { class: "results standings" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("game.place") }),
        h("th", { scope: "col", text: t("game.player") }),
        h("th", { scope: "col", class: "num", text: t("game.completed") }),
        h("th", { scope: "col", class: "num", text: t("game.penalty") }))),
      h("tbody", {}, rows)),
    extra,
    h("h3", { text: t("game.chart") }),
    ladderChart(view),
  ], [
    // Today's Daily played again does not count (a play-test read nothing of it before the
    // deal was dealt again): said over the buttons, always in view, and read with the button.
    againNote ? h("p", { class: "small again-note", id: "again-note", text: againNote }) : null,
    closeButton(dialog, "new", t("game.new")),
    againButton(dialog, !submission, againNote),
    submission ? closeButton(dialog, "board", t("game.board"), true) : null,
  ].filter(Boolean), { decide: true });
  return open(dialog);
}

/** How the person finished a game that is over: "You win!", "You finished in place 3.", or "" (no standings). */
export function placeHeadline(view) {
  const standings = view.standings || [];
  const mine = standings.find((s) => s.seat === 0);
  if (!mine) return "";
  if (mine.place !== 1) return t("game.your_place", { place: mine.place });
  return standings.filter((s) => s.place === 1).length > 1 ? t("game.you_shared") : t("game.you_win");
}

/** How the person's game ended, in a line: "You finished in place 2. 5 contracts, 405 penalty points." */
export function resultLine(view) {
  const mine = (view.standings || []).find((s) => s.seat === 0);
  return mine ? `${placeHeadline(view)} ${t("game.score", { completed: mine.completed, penalty: mine.penalty })}` : "";
}

/** The game-over sheet's "Play again", described by the note that a replayed Daily does not count. */
function againButton(dialog, primary, note) {
  const button = closeButton(dialog, "again", t("game.again"), primary);
  if (note) button.setAttribute("aria-describedby", "again-note");
  return button;
}

/** A joker that fits both ends of a run: ask which. Resolves "low" | "high" | "". */
export function askEnd(meld) {
  const dialog = $("end-dialog");
  sheet("end-dialog", t("end.title"), [
    h("p", { text: t("end.text") }),
    h("div", { class: "end-choice" },
      h("button", { type: "button", class: "action big", text: t("end.low", { card: meldCardWord(meld, 0) }), onclick: () => dialog.close("low") }),
      h("button", { type: "button", class: "action big", text: t("end.high", { card: meldCardWord(meld, meld.cards.length - 1) }), onclick: () => dialog.close("high") })),
  ], [closeButton(dialog, "", t("end.cancel"))]);
  return open(dialog);
}

/**
 * A deal's or the game's end closes the Plays sheet: left open under the deal's sheet, it still
 * covered the table once the next deal began (a play-test). The side panel's log stays.
 */
function putLogAway() {
  const log = $("log-dialog");
  if (log?.open) log.close("");
}

/** The Plays log as a sheet (phones, tablets); `draw()` fills it and render.js keeps it current. */
export function openLog(draw) {
  const dialog = $("log-dialog");
  sheet("log-dialog", t("log.title"), h("ol", { class: "play-log", "aria-label": t("log.title"), tabindex: "0" }),
    [closeButton(dialog, "done", t("log.close"), true)]);
  const closed = open(dialog);
  draw(); // once open: render.js draws only a list that is shown
  return closed;
}

/** A notice with one OK button. `title` defaults to "A fresh start" (a save that could not be resumed). */
export function showNotice(text, { title = t("notice.title"), id = "notice-dialog" } = {}) {
  const dialog = id === "notice-dialog" ? $(id) : sheetDialog(id, "sheet small-sheet");
  sheet(id, title, h("p", { text }), [closeButton(dialog, "ok", t("notice.ok"), true)]);
  return open(dialog);
}

/**
 * A question before something that cannot be undone, or that leaves the game on the table.
 * Resolves "yes" or "" (the safe answer: the other button, Escape).
 */
export function confirm({ title, text, yes, no }) {
  const dialog = $("confirm-dialog");
  sheet("confirm-dialog", title, (Array.isArray(text) ? text : [text]).map((line) => h("p", { text: line })), [
    closeButton(dialog, "", no),
    closeButton(dialog, "yes", yes, true),
  ]);
  return open(dialog);
}

/**
 * The game is held by another tab: continue it here (the other tab then shows this notice), or
 * go to the menu. Resolves "here" or "menu" (Escape too: the stale table is never left open).
 */
export function showAway({ title, text }) {
  const dialog = $("away-dialog");
  sheet("away-dialog", title, h("p", { text }), [
    closeButton(dialog, "menu", t("away.menu")),
    closeButton(dialog, "here", t("away.here"), true),
  ]);
  return open(dialog).then((value) => (value === "here" ? "here" : "menu"));
}
