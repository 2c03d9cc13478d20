// board.js — the leaderboard on the page: the board sheet (today / yesterday / this week), the
// name prompt, the name field in Settings, and the line saying where a Daily's submission stands.
// It draws what the server answered; names are always text (h() sets textContent, never HTML).

import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { utcToday } from "./state.js";
import { NAME_MAX, addDays, checkName, isoWeek } from "./leaderboard.js";
import { closeButton, open, sheet } from "./dialogs.js";
import { comparisonKeys } from "./names.js";

// ---- where a submission stands ----

/** The sentence for a status from Leaderboard.status(date), or "" when there is nothing to say. */
export function submissionText(status, date) {
  if (!status) return "";
  switch (status.state) {
    case "needs_name": return status.detail ? t("board.status.name_refused", { detail: refusalText(status) }) : t("board.status.needs_name");
    case "sending": return t("board.status.sending");
    case "queued":
      if (status.offline) return t("board.status.offline");
      return status.detail ? t("board.status.retrying", { detail: status.detail }) : t("board.status.sending");
    case "ranked": return t("board.status.ranked", { date });
    case "first": return t("board.status.first", { date });
    case "unranked": return t("board.status.unranked", { detail: status.detail || status.error || "" });
    default: return "";
  }
}

/**
 * A live line (role="status") for `date`'s submission, kept up to date while `dialog` is open
 * (or until `line.stop()`), with a "Choose a name" button while the Daily waits for one.
 */
export function submissionLine({ leaderboard, date, dialog, onName, hideRanked = false }) {
  const text = h("span", { role: "status" });
  const button = h("button", { type: "button", class: "action", text: t("board.choose_name"), onclick: () => onName(date) });
  const line = h("div", { class: "submission" }, text, button);
  const draw = () => {
    const status = leaderboard.status(date);
    const words = hideRanked && status?.state === "ranked" ? "" : submissionText(status, date);
    if (text.textContent !== words) text.textContent = words;
    line.hidden = !words;
    line.classList.toggle("warn", status?.state === "unranked" || status?.state === "first");
    button.hidden = status?.state !== "needs_name" || !onName;
  };
  draw();
  const unsubscribe = leaderboard.subscribe(draw);
  window.addEventListener("online", draw);
  window.addEventListener("offline", draw);
  line.stop = () => {
    unsubscribe();
    window.removeEventListener("online", draw);
    window.removeEventListener("offline", draw);
  };
  dialog.addEventListener("close", line.stop, { once: true });
  return line;
}

// ---- the name ----

// names.js's reasons, in the reader's words ("invisible", "broken" and "type" all mean characters
// the person cannot see or should not type).
const NAME_ERRORS = {
  empty: "name.empty", too_long: "name.too_long", invisible: "name.characters", broken: "name.characters",
  type: "name.empty", marks: "name.marks", no_letter: "name.no_letter", reserved: "name.reserved",
  scripts: "name.scripts", offensive: "name.offensive",
};

/**
 * Why the server refused a name, in the reader's words: the page runs the server's own rule
 * (names.js), so checking the refused name again gives the reason. A word the board does not
 * show is the server's judgement alone (its word list stays on the server): its reason says it.
 * The server's sentence is the fallback (a character the two sides' Unicode tables see differently).
 */
function refusalText({ detail, refused, reason }) {
  const checked = refused === undefined ? { name: "" } : checkName(refused);
  if (checked.error) return nameErrorText(checked);
  if (reason === "offensive") return nameErrorText({ error: reason });
  // The server's own sentence ("name: …"), said as a sentence of its own after the page's.
  const said = String(detail ?? "").replace(/^name:\s*/, "");
  return said && `${said.charAt(0).toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? "" : "."}`;
}

/** The reader's sentence for a refusal of names.js checkName(). */
export function nameErrorText(checked) {
  return t(NAME_ERRORS[checked.error] || "name.empty", { ...checked, max: NAME_MAX });
}

/** A labelled name box with its help and error lines (the challenge sheet's too: friend.js). */
export function nameBox(id, value, help = "name.help") {
  const input = h("input", {
    type: "text", id, name: "name", value, autocomplete: "nickname", spellcheck: "false",
    enterkeyhint: "done", "aria-describedby": `${id}-help ${id}-error`,
  });
  const error = h("p", { id: `${id}-error`, class: "field-error", role: "alert" });
  const field = h("div", { class: "name-field" },
    h("label", { for: id, text: t("name.label") }),
    input,
    h("p", { id: `${id}-help`, class: "small", text: t(help) }),
    error);
  const fail = (checked) => {
    error.textContent = nameErrorText(checked);
    input.setAttribute("aria-invalid", "true");
    input.focus();
  };
  input.addEventListener("input", () => {
    error.textContent = "";
    input.removeAttribute("aria-invalid");
  });
  return { field, input, fail };
}

/**
 * Ask for the name shown on the leaderboard (the Daily of `date` just finished). Saving it
 * sends the waiting Daily. Resolves with the saved name, or "" for "Not now" (the Daily waits).
 * `result`: how the game just ended, said first (the sheet comes before the game-over sheet:
 * a play-test named itself before it knew its place).
 */
export function askName({ leaderboard, date, detail = "", result = "" }) {
  const { refused, reason } = leaderboard.status(date) ?? {};
  const dialog = $("name-dialog");
  const { field, input, fail } = nameBox("name-input", leaderboard.offeredName);
  input.autofocus = true;
  let saved = "";
  const form = h("form", {
    id: "name-form", class: "name-form", novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      const checked = leaderboard.setName(input.value);
      if (checked.error) { fail(checked); return; }
      saved = checked.name;
      dialog.close("saved");
    },
  },
  result ? h("p", { class: "headline", text: result }) : null,
  h("p", { text: t("name.text", { date }) }),
  detail ? h("p", { class: "notice", text: t("board.status.name_refused", { detail: refusalText({ detail, refused, reason }) }) }) : null,
  field);
  sheet("name-dialog", t("name.title"), form, [
    closeButton(dialog, "", t("name.skip")),
    h("button", { type: "submit", form: "name-form", class: "action primary", text: t("name.submit") }),
  ]);
  return open(dialog).then(() => saved);
}

/** The Settings part: change the name on the leaderboard (it shows from the next Daily sent). */
export function nameSettings({ leaderboard }) {
  const { field, input, fail } = nameBox("settings-name", leaderboard.name || "", "name.help_settings"); // not "change it later in Settings" in Settings
  const done = h("p", { class: "small", role: "status" });
  input.addEventListener("input", () => { done.textContent = ""; });
  return h("form", {
    class: "setting name-setting", novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      const checked = leaderboard.setName(input.value);
      if (checked.error) { fail(checked); return; }
      input.value = checked.name;
      done.textContent = t("name.saved");
    },
  },
  h("h3", { class: "legend", text: t("name.setting") }),
  field,
  h("div", { class: "row" }, h("button", { type: "submit", class: "action", text: t("name.save") })),
  done);
}

// ---- the board ----

/**
 * The leaderboard sheet, opened on `date`'s day (today's unless it is yesterday's).
 * `onName(date)` asks for a name when a Daily waits for one; `onWatch({date, player, name})`
 * opens a day board entry's game in the replay viewer. Resolves when closed.
 */
export function openBoard({ leaderboard, date = utcToday(), onName, onWatch }) {
  const dialog = $("board-dialog");
  const today = utcToday();
  const tabs = [
    { key: "today", query: { date: today } },
    { key: "yesterday", query: { date: addDays(today, -1) } },
    { key: "week", query: { week: isoWeek(today) } },
  ];
  let current = date === tabs[1].query.date ? 1 : 0;
  let token = 0;
  let lastAnswer = null;

  const panel = h("div", { id: "board-panel", class: "board-panel", role: "tabpanel", tabindex: "0" });
  const status = h("div", { class: "board-status" });
  const buttons = tabs.map((tab, i) => h("button", {
    type: "button", role: "tab", id: `board-tab-${tab.key}`, "aria-controls": "board-panel",
    text: t(`board.${tab.key}`),
    onclick: () => select(i),
  }));
  const tablist = h("div", { class: "tabs", role: "tablist", "aria-label": t("board.tabs") }, buttons);
  tablist.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const jump = { Home: 0, End: tabs.length - 1 }[event.key];
    if (step === undefined && jump === undefined) return;
    event.preventDefault();
    select(jump ?? (current + step + tabs.length) % tabs.length);
    buttons[current].focus();
  });

  function select(index) {
    current = index;
    buttons.forEach((button, i) => {
      button.setAttribute("aria-selected", String(i === index));
      button.tabIndex = i === index ? 0 : -1;
    });
    panel.setAttribute("aria-labelledby", buttons[index].id);
    const day = tabs[index].query.date;
    status.firstChild?.stop?.();
    status.replaceChildren(...(day ? [submissionLine({ leaderboard, date: day, dialog, onName, hideRanked: true })] : []));
    load();
  }

  async function load() {
    const mine = ++token;
    panel.setAttribute("aria-busy", "true");
    panel.replaceChildren(h("p", { class: "small", text: t("board.loading") }));
    const answer = await leaderboard.board(tabs[current].query);
    if (mine !== token) return; // another tab was chosen meanwhile
    lastAnswer = answer;
    panel.removeAttribute("aria-busy");
    panel.replaceChildren(...boardContent(answer, tabs[current], load, onWatch));
  }

  // Back online, or the shown day's Daily just reached the board: fetch again.
  const states = new Map();
  const onChange = () => {
    const day = tabs[current].query.date ?? today;
    const state = leaderboard.status(day)?.state;
    if (states.has(day) && states.get(day) !== state && (state === "ranked" || state === "first")) load();
    states.set(day, state);
  };
  const online = () => { if (lastAnswer && !lastAnswer.ok) load(); };
  const unsubscribe = leaderboard.subscribe(onChange);
  window.addEventListener("online", online);
  dialog.addEventListener("close", () => {
    token += 1;
    unsubscribe();
    window.removeEventListener("online", online);
  }, { once: true });

  sheet("board-dialog", t("board.title"), [tablist, status, panel], [closeButton(dialog, "done", t("board.close"), true)]);
  select(current);
  onChange();
  const opened = open(dialog);
  buttons[current].focus();
  return opened;
}

/** What the panel shows for an answer of Leaderboard.board(). */
function boardContent(answer, tab, retry, onWatch) {
  if (!answer.ok) {
    if (answer.offline) return [h("p", { class: "board-message", text: t("board.offline") })];
    return [
      h("p", { class: "board-message", text: t("board.error", { detail: answer.detail }) }),
      h("div", { class: "row" }, h("button", { type: "button", class: "action", text: t("board.retry"), onclick: retry })),
    ];
  }
  const data = answer.data;
  const week = tab.key === "week";
  const caption = week
    ? t("board.caption_week", { week: Number(String(data.week).slice(-2)), from: data.from, to: data.to })
    : t("board.caption_day", { date: data.date });
  if (!data.players) {
    return [h("p", { class: "board-caption", text: caption }), h("p", { class: "board-message", text: t(week ? "board.empty_week" : "board.empty") })];
  }
  const summary = data.you
    ? t("board.your_rank", { rank: data.you.rank, players: data.players })
    : t("board.players", { count: data.players });
  const later = !week && data.watchable === false && data.watchFrom
    ? h("p", { class: "small board-note", text: t("board.watch_later", { date: String(data.watchFrom).slice(0, 10) }) })
    : null;
  // Only what there is: replaceChildren would print a missing note as the text "null".
  return [
    h("p", { class: "board-summary", text: summary }),
    boardTable(data, { week, caption, onWatch: week ? null : onWatch }),
    later,
  ].filter(Boolean);
}

/**
 * Tags for the players whose names look alike on one board (a comparison key of names.js in
 * common: "Ayşe" and "AYŞE", or two people who both took "Ayşe"), from their public ids, as
 * short as keeps them apart (4 hex digits or more). Names are not owned, so the board tells
 * their players apart rather than let one pass for another. Map of player id → "#3f2a".
 */
export function lookalikeTags(entries) {
  const byKey = new Map();
  for (const entry of entries) {
    for (const key of comparisonKeys(String(entry.name))) {
      if (!byKey.has(key)) byKey.set(key, new Set());
      byKey.get(key).add(String(entry.player));
    }
  }
  const tags = new Map();
  for (const players of byKey.values()) {
    if (players.size < 2) continue;
    const ids = [...players];
    let length = 4;
    while (length < 16 && new Set(ids.map((id) => id.slice(0, length))).size < ids.length) length += 1;
    for (const id of ids) tags.set(id, `#${id.slice(0, length)}`);
  }
  return tags;
}

/** The name on a board row, its tag where another name there looks alike, and "you" on the person's own. */
function whoParts(entry, you, tag) {
  return [
    h("bdi", { class: "board-name", text: String(entry.name) }),
    tag ? [" ", h("span", { class: "name-tag", title: t("board.tag"), text: tag })] : null,
    you ? [" ", h("span", { class: "you-badge", text: t("board.you") })] : null,
  ];
}

/** A day board row's ▶: watch that player's Daily in the replay viewer (the name with its tag, if any). */
function watchButton(entry, date, onWatch, tag) {
  const name = tag ? `${entry.name} ${tag}` : String(entry.name);
  return h("button", {
    type: "button", class: "watch-entry", "aria-label": t("replay.watch_entry", { name }), title: t("replay.watch"),
    onclick: () => onWatch({ date, player: entry.player, name }),
  }); // the ▶ is drawn by CSS: a row holds no markup but the name's text
}

/**
 * The board as a table: rank, name, (Dailies played,) contracts, penalty; the person's row marked.
 * On a day's board each name has a Watch button beside it.
 */
function boardTable(data, { week, caption, onWatch }) {
  const mine = data.you?.entry?.player ?? null;
  const shown = mine && !data.entries.some((entry) => entry.player === mine) ? [...data.entries, data.you.entry] : data.entries;
  const tags = lookalikeTags(shown);
  const row = (entry) => {
    const you = entry.player === mine;
    const tag = tags.get(String(entry.player));
    // Others' games are served once the date's Daily has closed; one's own at any time.
    const watch = onWatch && (data.watchable !== false || you) ? onWatch : null;
    return h("tr", { class: you ? "you-row" : undefined, "aria-current": you ? "true" : undefined },
      h("td", { class: "num rank", text: String(entry.rank) }),
      h("th", { scope: "row", class: "who" }, onWatch ? h("div", { class: "who-line" }, ...whoParts(entry, you, tag), watch ? watchButton(entry, data.date, watch, tag) : null) : whoParts(entry, you, tag)),
      week ? h("td", { class: "num", text: String(entry.games) }) : null,
      h("td", { class: "num", text: String(entry.completed) }),
      h("td", { class: "num", text: String(entry.penalty) }));
  };
  const rows = data.entries.map(row);
  if (shown !== data.entries) {
    // Beyond the top 100: a gap, then the person's own row.
    rows.push(h("tr", { class: "gap", "aria-hidden": "true" }, h("td", { colspan: week ? 5 : 4, text: "…" })));
    rows.push(row(data.you.entry));
  }
  return h("table", { class: "results board" },
    h("caption", { text: caption }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num", text: t("board.rank") }),
      h("th", { scope: "col", text: t("board.player") }),
      week ? h("th", { scope: "col", class: "num", text: t("board.games") }) : null,
      h("th", { scope: "col", class: "num", text: t("board.completed") }),
      h("th", { scope: "col", class: "num", text: t("board.penalty") }))),
    h("tbody", {}, rows));
}
