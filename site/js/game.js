// game.js — the game flow: boot, start or resume, send intents to the engine, animate what
// came back, save, and open the dialogs. It asks the engine about everything rule-related.

import { startEngine } from "./bridge.js";
import { BootProgress } from "./progress.js";
import { narrate, playEvents } from "./anim.js";
import { handKeys } from "./render.js";
import { KEYS } from "./storage.js";
import { LANGUAGES, cardName, pickLanguage, setLanguage, t } from "./i18n.js";
import { canDiscard, layoffTargets, mergeOrder, moveCard, sortHand, utcToday } from "./state.js";
import * as dialogs from "./dialogs.js";
import * as board from "./board.js";
import { $, h } from "./dom.js";
import { Stats } from "./stats.js";
import { afterGame, gameTitle, openStats, saveTitle } from "./stats-sheet.js";
import { openReplay } from "./replay.js";
import { moveCard as hintedCard, moveWords, progressSentence } from "./hints.js";
import { dailyNumber } from "./share.js";

/** A game shared by link: "?seed=abc&difficulty=hard" starts New Game with that seed. */
function sharedGame() {
  const params = new URLSearchParams(location.search);
  const seed = params.get("seed");
  if (!seed) return null;
  const difficulty = ["easy", "normal", "hard"].includes(params.get("difficulty")) ? params.get("difficulty") : "normal";
  return { mode: "new", difficulty, seed };
}

const LOG_LENGTH = 60;
const THINKING_MS = 400; // an engine call longer than this shows "the computer players are thinking"

export class Game {
  constructor({ store, renderer, storage, leaderboard, stats = new Stats(storage), sound = null }) {
    this.store = store;
    this.renderer = renderer;
    this.storage = storage;
    this.leaderboard = leaderboard;
    this.stats = stats;   // every finished game once, and the saves to watch again
    this.sound = sound;   // sound.js, or null for silence
    this.engine = null;
    this.logId = 0;
    this.keyboardUsed = false; // the last input was a key (focus moved after a move then shows)
    const panels = storage.read(KEYS.panels, {});
    if (panels && panels.keyboard === true) this.set({ keyboardOpen: true });
  }

  get state() { return this.store.get(); }
  set(patch) { this.store.set(patch); }

  // ---- boot ----

  /** Start Python and the engine (while `words`, the language, loads), then resume or offer a game. */
  async boot(words = this.words) {
    this.words = words || Promise.resolve();
    $("boot-error").hidden = true;
    this.progress = new BootProgress(this.words);
    this.progress.stage("config");
    try {
      const engine = startEngine({ onStage: (stage) => this.progress.stage(stage) });
      engine.catch(() => {}); // handled below, once the words have loaded
      await this.words.catch(() => {});
      this.engine = await engine;
    } catch (error) {
      console.warn("The engine did not start:", error.stage, error.cause ?? error);
      this.progress.stop();
      $("boot-stage").textContent = "";
      // Lost the network before the game was stored for offline play: say so plainly.
      const key = error.stage === "network" || !navigator.onLine ? "boot.offline" : "boot.failed";
      if (t(key) !== key) { // else the words never loaded: the page's English stays
        $("boot-error-text").dataset.i18n = key;
        $("boot-error-text").textContent = t(key);
      }
      $("boot-error").hidden = false;
      $("retry-button").focus();
      return;
    }
    this.progress.stage("game");
    const shared = sharedGame();
    const resumed = await this.resumeSaved(shared);
    this.progress.stop();
    this.set({ screen: "table" });
    if (resumed) return;
    if (shared) await this.newGame(shared);
    else await this.showStart();
  }

  // ---- starting and resuming ----

  /** Resume the saved game, if any. Unreadable or foreign data: a notice and a fresh start. */
  async resumeSaved(shared = null) {
    const raw = this.storage.raw(KEYS.save);
    if (raw === null) return false;
    let saved = null;
    try { saved = JSON.parse(raw); } catch { saved = null; }
    if (shared && saved?.save?.seed !== shared.seed) return false; // a link to another game wins
    const answer = saved && typeof saved === "object" && saved.save && typeof saved.save === "object"
      ? await this.engine.resume(saved.save)
      : { ok: false };
    if (!answer.ok || !answer.view) {
      // Kept aside, never dropped: a save from an engine this one cannot replay may be read later.
      this.storage.write(KEYS.aside, { raw, code: answer.code || "unreadable", at: new Date().toISOString() });
      this.storage.remove(KEYS.save);
      this.set({ screen: "table" });
      const old = answer.code === "engine_version";
      await dialogs.showNotice(old ? t("notice.old_save", { version: answer.saved_by }) : t("notice.bad_save"));
      return false;
    }
    if (answer.view.game_over) {
      this.stats.record(answer.view, answer.save); // it ended just before the page closed: counted now, once
      this.storage.remove(KEYS.save);
      await this.finishDaily(answer.view, answer.save); // it ended just before the page closed
      return false;
    }
    const order = Array.isArray(saved.order) ? saved.order : [];
    this.set({ order, manual: Boolean(saved.manual), mode: saved.mode || null });
    this.show(answer, { previous: null, animate: false });
    this.say(t("event.your_turn"));
    this.markPlayable();
    return true;
  }

  async showStart() {
    const date = utcToday();
    const daily = this.storage.read(KEYS.daily, {});
    const record = daily && typeof daily === "object" ? daily[date] : null;
    const canContinue = Boolean(this.state.view && !this.state.view.game_over);
    const status = this.leaderboard.status(date);
    const boardNote = status?.state === "ranked" ? "" : board.submissionText(status, date);
    const choice = await dialogs.openStart({ date, dailyRecord: record || null, canContinue, boardNote });
    if (choice === "rules") { await this.openRules(); return this.showStart(); }
    if (choice === "leaderboard") { await this.openBoard(date); return this.showStart(); }
    if (choice === "settings") { await this.openSettings(); return this.showStart(); }
    if (choice === "stats") { await this.openStats(); return this.showStart(); }
    if (choice && typeof choice === "object") return this.newGame(choice);
    if (!this.state.view) return this.showStart(); // nothing to go back to
    return undefined;
  }

  async newGame(args) {
    if (this.state.busy) return;
    this.set({ busy: true, selected: null, arrange: null, manual: false, order: [], log: [], commandError: "", hint: null });
    const answer = await this.ask(this.engine.newGame(args));
    this.set({ busy: false, replies: this.state.replies + 1 });
    if (!answer.ok) { this.fail(answer); return; }
    this.set({ mode: args });
    await this.accept(answer, { previous: null });
  }

  // ---- playing ----

  /** Send one canonical action to the engine; show its refusal, or take the new view. */
  async play(command, { from = "table" } = {}) {
    if (this.state.busy || !this.engine) return false;
    const previous = this.state.view;
    this.set({ busy: true, commandError: "" });
    this.focusFrom = from;
    const answer = await this.ask(this.engine.act(command));
    this.set({ busy: false, replies: this.state.replies + 1 });
    if (!answer.ok) {
      this.fail(answer, from);
      return false;
    }
    this.set({ selected: null, arrange: null, hint: null });
    await this.accept(answer, { previous });
    return true;
  }

  fail(answer, from = "table") {
    const text = answer.crash ? t("error.crash") : t("error.refused", { reason: answer.error });
    if (from === "keyboard") this.set({ commandError: text });
    else if (from === "arrange" && this.state.arrange) this.set({ arrange: { ...this.state.arrange, error: text } });
    else this.set({ hint: { text, warn: true } });
    this.say(text, { log: false });
  }

  /** Save, then animate the events up to the new view. */
  async accept(answer, { previous }) {
    this.storage.write(KEYS.save, { save: answer.save, order: this.state.order, manual: this.state.manual, mode: this.state.mode });
    this.set({ save: answer.save, busy: true });
    await this.show(answer, { previous, animate: true });
    this.set({ busy: false });
    const view = answer.view;
    this.storage.write(KEYS.save, { save: answer.save, order: this.state.order, manual: this.state.manual, mode: this.state.mode });
    if (view.game_over) {
      this.stats.record(view, answer.save); // before the save goes, so a game is never missed
      this.storage.remove(KEYS.save);
      const daily = await this.finishDaily(view, answer.save);
      const extra = this.afterGame(answer.save);
      const choice = await dialogs.showGameEnd(view, { submission: daily && this.submissionLine(daily), extra });
      if (choice === "board") { await this.openBoard(daily.date); return this.showStart(); }
      if (choice === "again") return this.newGame(this.replayArgs());
      return this.showStart();
    }
    this.turnBack(view);
    this.markPlayable();
    return undefined;
  }

  /** The first moment the person can play (bench/page.py reads this mark). */
  markPlayable() {
    if (this.playable) return;
    this.playable = true;
    requestAnimationFrame(() => performance.mark("ladder-rummy:playable"));
  }

  replayArgs() {
    const mode = this.state.mode;
    if (mode?.mode === "daily") return { mode: "daily", date: mode.date };
    return { mode: "new", difficulty: mode?.difficulty || "normal" };
  }

  /**
   * A Daily just finished (the save's mode says so): keep its result here and, if it is the
   * first of its date, queue it for the leaderboard (asking for a name the first time).
   * Returns {date, first} (first: this game is the one that counts), or null for a New Game.
   */
  async finishDaily(view, save) {
    if (save?.mode !== "daily" || !save.date) return null;
    const first = this.recordDaily(view, save.date)
      && this.leaderboard.enqueue({ date: save.date, log: save.log, engineVersion: save.engine });
    if (first && !this.leaderboard.name) await this.askName(save.date);
    return { date: save.date, first };
  }

  /** Keep the result of the first finished Daily of `date`; true if this was that first one. */
  recordDaily(view, date) {
    const daily = this.storage.read(KEYS.daily, {});
    const records = daily && typeof daily === "object" ? daily : {};
    if (records[date]) return false; // only the first finished Daily of a date counts
    const mine = (view.standings || []).find((s) => s.seat === 0);
    if (!mine) return false;
    records[date] = { place: mine.place, completed: mine.completed, penalty: mine.penalty };
    this.storage.write(KEYS.daily, records);
    return true;
  }

  // ---- the leaderboard ----

  /** Ask for the name shown on the board; a Daily waiting for one is sent once it is given. */
  askName(date) {
    const status = this.leaderboard.status(date);
    return board.askName({ leaderboard: this.leaderboard, date, detail: status?.state === "needs_name" ? status.detail : "" });
  }

  /** The game-over sheet's line about the leaderboard: live for the first Daily of a date. */
  submissionLine({ date, first }) {
    if (!first) return h("p", { class: "submission", text: t("board.status.replay", { date }) });
    return board.submissionLine({ leaderboard: this.leaderboard, date, dialog: $("game-dialog"), onName: (d) => this.askName(d) });
  }

  openBoard(date) {
    return board.openBoard({ leaderboard: this.leaderboard, date, onName: (d) => this.askName(d), onWatch: (entry) => this.watchEntry(entry) });
  }

  // ---- statistics and replays ----

  openStats() {
    return openStats({ stats: this.stats, today: utcToday(), onWatch: (save, game) => this.watchSave(save, gameTitle(game)) });
  }

  /** The game-over sheet's part: share the Daily (the first of its date), statistics, the replay. */
  afterGame(save) {
    const record = save.mode === "daily" ? this.stats.daily(save.date) : null;
    return afterGame({ record, onStats: () => this.openStats(), onWatch: () => this.watchSave(save, saveTitle(save)) });
  }

  /** Watch one of the person's own games, every hand face up. */
  watchSave(save, title) {
    return openReplay({ engine: this.engine, source: Promise.resolve(save), title: t("replay.title", { game: title }), speed: this.state.settings.speed });
  }

  /** Watch a leaderboard entry's Daily: its log comes from the board, its seat 0 is that player. */
  watchEntry({ date, player, name }) {
    const source = this.leaderboard.entryGame({ date, player }).then((answer) => (answer.ok
      ? { mode: "daily", date, seed: answer.data.seed, difficulty: "normal", log: answer.data.log }
      : { error: answer.offline ? t("board.offline") : answer.detail }));
    const title = t("replay.title_entry", { name, number: dailyNumber(date), date });
    return openReplay({ engine: this.engine, source, title, names: { 0: name }, speed: this.state.settings.speed });
  }

  // ---- hints (New Game only: the engine refuses them in the Daily) ----

  /** Ask the engine for the strong player's move here; say it, and lift the card it plays. */
  async askHint() {
    const view = this.state.view;
    if (!this.myTurn() || !view.hints || this.hinting) return;
    this.hinting = true;
    this.set({ hint: { text: t("suggest.thinking") } });
    const answer = await this.ask(this.engine.hint());
    this.hinting = false;
    if (this.state.view !== view) return; // the game moved on meanwhile
    if (!answer.ok) { this.fail(answer); return; }
    const card = hintedCard(answer.hint);
    const index = card ? this.state.order.indexOf(card) : -1;
    this.set({
      selected: index >= 0 ? index : null,
      hint: { text: t("suggest.text", { move: moveWords(answer.hint, view) }), move: answer.hint },
    });
  }

  /**
   * Draw a new view: animate its events (narrating each, at every speed), mark the card the
   * person drew, and — on a resumed game (no animation) — rebuild the Plays log from the engine.
   */
  async show(answer, { previous, animate }) {
    const view = answer.view;
    const events = animate ? view.events || [] : [];
    const speed = this.state.settings.speed;
    const drawn = [];    // cards the person drew in these events (marked "new" in the hand)
    const round = [];    // every line of these events: an instant round is announced whole
    // The drawn card stays marked through the turn, until the person discards (or the deal ends).
    const discarded = events.some((event) => event.seat === 0 && event.type === "discard");
    const kept = animate && !discarded ? this.state.newCards.map((key) => key.split("#")[0]) : [];
    if (events.some((event) => event.seat !== undefined && event.seat !== 0)) this.set({ hint: { text: t("hint.wait") } });
    if (events.length) {
      const hooks = {
        say: (text, event) => {
          round.push(text);
          this.say(text, { kind: event.type === "deal_start" || event.type === "deal_end" ? "deal" : "" });
          if (speed === "instant") this.set({ statusEarlier: round.slice(0, -1).join(" ") });
          this.sound?.event(event);
        },
        show: (shown, event) => {
          const recent = event.type === "laydown" ? event.melds : event.type === "layoff" ? [event.meld] : this.state.recentMelds;
          const { order, added } = this.arrangeHand(shown.hand);
          if (event.type === "draw" && event.seat === 0 && event.card && added.length) drawn.push(...added);
          if (event.type === "deal_start") { drawn.length = 0; kept.length = 0; }
          if (event.type === "discard" && event.seat === 0) kept.length = 0;
          this.set({ shown, order, recentMelds: recent, newCards: newKeys(order, drawn.length ? drawn : kept) });
          if (speed !== "instant" || event.seat === 0) this.renderer.flush();
        },
        dealEnd: async (event, shown) => {
          this.set({ shown, statusEarlier: "" });
          this.renderer.flush();
          const last = view.game_over && !view.events.slice(view.events.indexOf(event) + 1).some((e) => e.type === "deal_end");
          await dialogs.showDealEnd(event, shown.players, { last });
        },
      };
      await playEvents({ previous: previous || this.state.shown, final: view, events, speed, hooks });
    }
    const { order } = this.arrangeHand(view.hand);
    if (!animate && view.turn === 0 && view.phase === "play") {
      // Resumed after the person drew: their draw is among the view's events (since their last action).
      for (const event of view.events || []) if (event.seat === 0 && event.type === "draw" && event.card) drawn.push(event.card);
    }
    const newCards = newKeys(order, drawn.length ? drawn : kept);
    this.set({ view, shown: view, save: answer.save, order, newCards, selected: null });
    if (view.game_over) this.set({ hint: { text: t("hint.over") } }); // not "the computer players are playing…"
    if (speed !== "instant" || round.length < 2) this.set({ statusEarlier: "" });
    if (view.turn === 0 && !view.game_over && !this.state.status) this.say(t("event.your_turn"), { log: false });
    if (!animate && !previous) {
      if (!view.game_over) this.set({ hint: view.turn === 0 ? { text: phaseHint(view) } : null });
      await this.rebuildLog(view);
    }
  }

  /** After a reload: the Plays log as it was, narrated again from the game's last events. */
  async rebuildLog(view) {
    const answer = await this.engine.recentEvents(LOG_LENGTH);
    if (!answer.ok || this.state.view !== view) return;
    const log = answer.events.map((event) => {
      this.logId += 1;
      const kind = event.type === "deal_start" || event.type === "deal_end" ? "deal" : "";
      return { id: this.logId, text: narrate(event, view.players), kind };
    }).filter((entry) => entry.text);
    this.set({ log });
  }

  /**
   * The person's turn came back (or went on): the line under the hand says what to do now,
   * and the keyboard focus lands on the next thing to use.
   */
  turnBack(view) {
    if (view.turn === 0 && !view.game_over) this.set({ hint: { text: phaseHint(view) } });
    this.placeFocus(view);
  }

  /**
   * Focus after a move: never left on the page. A move made from the keyboard panel keeps the
   * focus there; otherwise the draw phase focuses the stock (or the discard pile), the play
   * phase the card just drawn (or the hand). A focused dialog or text box is left alone.
   */
  placeFocus(view) {
    const active = document.activeElement;
    const from = this.focusFrom;
    this.focusFrom = null;
    if (document.querySelector("dialog[open]")) return;
    // Lost: on the page, on a card that was played, in a sheet that just closed.
    const lost = !active || active === document.body || !active.isConnected || active.closest("dialog:not([open])") || !active.getClientRects().length;
    const inPanel = !lost && $("keyboard-panel").contains(active);
    if (!lost && (active.matches("input, textarea") || (!inPanel && !$("table").contains(active)))) return;
    this.renderer.flush();
    const options = { preventScroll: true, focusVisible: this.keyboardUsed };
    if ((from === "keyboard" || inPanel) && !$("keyboard-panel").hidden) {
      ($("legal-moves").querySelector("button") || $("command-input")).focus(options);
      return;
    }
    if (view.turn !== 0 || view.game_over) { $("hand").focus(options); return; }
    const target = view.phase === "draw"
      ? (view.legal.includes("draw stock") ? $("stock") : $("discard"))
      : ($("hand").querySelector("button.card.new") || $("hand").querySelector('button.card[tabindex="0"]') || $("hand"));
    target.focus(options);
  }

  /** An engine call; past a moment the table shows that the computer players are thinking. */
  async ask(call) {
    const timer = setTimeout(() => this.set({ thinking: true }), THINKING_MS);
    try {
      return await call;
    } finally {
      clearTimeout(timer);
      if (this.state.thinking) this.set({ thinking: false });
    }
  }

  /** The displayed order for a hand: the person's own order kept, else sorted. */
  arrangeHand(hand) {
    const merged = mergeOrder(this.state.order, hand);
    if (this.state.manual) return merged;
    return { order: sortHand(hand, this.state.settings.sort), added: merged.added };
  }

  say(text, { log = true, kind = "" } = {}) {
    if (!text) return;
    const patch = { status: text };
    if (!log) patch.statusEarlier = "";
    if (log) {
      this.logId += 1;
      patch.log = [...this.state.log, { id: this.logId, text, kind }].slice(-LOG_LENGTH);
    }
    this.set(patch);
  }

  // ---- intents from input.js ----

  myTurn() {
    const { view, busy } = this.state;
    return Boolean(view && !busy && view.turn === 0 && !view.game_over);
  }

  /**
   * Whose turn the table shows, in words, when a tap comes while the person cannot play:
   * "Not your turn: Kaan is playing." (the computer players' moves are still being shown).
   */
  waitReason() {
    const { view, shown } = this.state;
    if (!view || view.game_over) return t("hint.over");
    const seat = shown?.turn ?? view.turn;
    const name = seat !== null && seat !== undefined && seat !== 0 ? view.players[seat]?.name : null;
    return name ? t("hint.not_your_turn", { name }) : t("hint.wait");
  }

  /** Explain, in the line under the hand (and the live region), why a tap did nothing. */
  explain(text) {
    this.set({ hint: { text, warn: true } });
    this.say(text, { log: false });
  }

  tapPile(pile) {
    if (!this.myTurn()) { this.explain(this.waitReason()); return; }
    this.play(`draw ${pile}`); // not in view.legal? the engine says why, in words
  }

  tapCard(index) {
    const state = this.state;
    if (!this.myTurn()) { this.explain(this.waitReason()); return; }
    const card = state.order[index];
    if (state.arrange) { this.arrangeCard(index); return; }
    if (state.view.phase === "draw") {
      this.explain(t("hint.draw_first"));
      return;
    }
    if (state.selected === index) { this.discardSelected(); return; }
    this.set({ selected: index, hint: this.cardHint(card) });
  }

  cardHint(card) {
    const view = this.state.view;
    const name = cardName(card);
    if (view.taken && card === view.taken) return { text: t("hint.taken", { card: name }), warn: true };
    if (!view.players[0].laid_down) return { text: t("hint.selected", { card: name }) };
    if (view.laid_down_this_turn) return { text: t("hint.laid_this_turn") };
    if (layoffTargets(view.legal, card).length) return { text: t("hint.selected_laid", { card: name }) };
    return { text: t("hint.no_fit", { card: name }) };
  }

  deselect() {
    if (this.state.selected !== null) this.set({ selected: null, hint: this.myTurn() ? { text: phaseHint(this.state.view) } : null });
  }

  discardSelected() {
    const { selected, order, view } = this.state;
    if (!this.myTurn()) { this.explain(this.waitReason()); return; }
    if (view.phase === "draw") { this.explain(t("hint.draw_first")); return; }
    if (selected === null) { this.explain(t("hint.pick_discard")); return; }
    const card = order[selected];
    if (view.taken && card === view.taken && !canDiscard(view.legal, card)) {
      this.explain(t("hint.taken", { card: cardName(card) }));
      return;
    }
    this.play(`discard ${card}`);
  }

  /**
   * "Lay down contract" tapped: the engine lays it down. Greyed (not in view.legal) before the
   * contract is ready: say so in the person's language, with what is still missing.
   */
  layDown() {
    const view = this.state.view;
    if (!this.myTurn()) { this.explain(this.waitReason()); return; }
    if (view.phase === "draw") { this.explain(t("hint.draw_first")); return; }
    if (!view.legal.includes("laydown") && !view.players[0].laid_down && !view.contract_ready) {
      this.explain([t("hint.not_ready"), progressSentence(view.progress)].filter(Boolean).join(" "));
      return;
    }
    this.play("laydown"); // anything else the engine refuses comes back with its reason
  }

  /**
   * A meld tapped. With a card lifted that it takes (view.legal): lay it off. Otherwise say why
   * not, in words chosen from the view: not laid down yet, laid down this turn, or the card
   * does not fit here (view.legal has no such lay-off).
   */
  async layoffTo(meldId) {
    const { selected, order, view } = this.state;
    if (!this.myTurn()) { this.explain(this.waitReason()); return; }
    if (view.phase === "draw") { this.explain(t("hint.draw_first")); return; }
    if (selected === null) {
      this.explain(t(view.players[0].laid_down ? "hint.pick_layoff" : "hint.meld_not_laid"));
      return;
    }
    const card = order[selected];
    const targets = layoffTargets(view.legal, card).filter((target) => target.meld === meldId);
    if (!targets.length) {
      const me = view.players[0];
      const name = cardName(card);
      if (!me.laid_down) this.explain(t("hint.meld_not_laid"));
      else if (view.laid_down_this_turn) this.explain(t("hint.laid_this_turn"));
      else this.explain(t(layoffTargets(view.legal, card).length ? "hint.no_fit_meld" : "hint.no_fit", { card: name }));
      return;
    }
    let action = targets[0].action;
    if (targets.length > 1) {
      const meld = view.table.find((m) => m.id === meldId);
      const end = await dialogs.askEnd(meld);
      const chosen = targets.find((target) => target.end === end);
      if (!chosen) return;
      action = chosen.action;
    }
    this.play(action);
  }

  // ---- the keyboard panel and the Plays sheet ----

  /** Open or close the keyboard panel (remembered); opening it puts the focus in it. */
  toggleKeyboard(open = !this.state.keyboardOpen) {
    this.set({ keyboardOpen: open });
    this.storage.write(KEYS.panels, { keyboard: open });
    this.renderer.flush();
    if (open) {
      const panel = $("keyboard-panel");
      panel.scrollIntoView({ block: "nearest" });
      ($("legal-moves").querySelector("button") || $("command-input")).focus({ preventScroll: true });
    } else if ($("keyboard-panel").contains(document.activeElement) || document.activeElement === document.body) {
      $("keyboard-button").focus({ preventScroll: true });
    }
  }

  /** The Plays log as a sheet (phones and tablets, where the side panel does not fit). */
  openLog() {
    return dialogs.openLog(() => this.renderer.drawLog(this.state));
  }

  command(text) {
    const command = text.trim().replace(/\s+/g, " ");
    if (!command) return;
    if (!this.engine || this.state.busy) return;
    this.play(command, { from: "keyboard" }).then((ok) => { if (ok) $("command-input").value = ""; });
  }

  toggleSort() {
    const sort = this.state.manual ? this.state.settings.sort : this.state.settings.sort === "suit" ? "rank" : "suit";
    this.changeSetting("sort", sort);
  }

  moveHandCard(from, to) {
    const { order, selected } = this.state;
    if (from === to || from < 0 || from >= order.length) return;
    const next = moveCard(order, from, to);
    const place = Math.max(0, Math.min(to, order.length - 1));
    this.set({ order: next, manual: true, selected: selected === from ? place : null, hint: { text: t("hint.moved", { card: cardName(order[from]), place: place + 1 }) } });
    this.storage.write(KEYS.save, { save: this.state.save, order: next, manual: true, mode: this.state.mode });
  }

  // ---- arranging a lay-down of one's own ----

  openArrange() {
    const view = this.state.view;
    if (!this.myTurn() || view.phase !== "play") return;
    this.set({ arrange: { slots: view.players[0].contract.map(() => []), active: 0, error: "" }, selected: null, hint: null });
  }

  arrangeCard(index) {
    const arrange = this.state.arrange;
    const slots = arrange.slots.map((slot) => slot.filter((i) => i !== index));
    const removed = slots.flat().length < arrange.slots.flat().length;
    if (!removed) slots[arrange.active].push(index);
    this.set({ arrange: { ...arrange, slots, error: "" } });
  }

  arrangeAction(what, slot) {
    const arrange = this.state.arrange;
    if (!arrange) return;
    if (what === "slot") this.set({ arrange: { ...arrange, active: slot } });
    if (what === "clear") this.set({ arrange: { ...arrange, slots: arrange.slots.map(() => []), error: "" } });
    if (what === "cancel") this.set({ arrange: null });
    if (what === "submit") {
      const melds = arrange.slots.map((slot) => slot.map((i) => this.state.order[i]).join(" "));
      this.play(`laydown ${melds.join(" / ")}`, { from: "arrange" });
    }
  }

  // ---- menus ----

  async openMenu() {
    if (this.state.screen !== "table") return;
    await this.showStart();
  }

  async openRules() {
    await dialogs.openRules({
      languages: LANGUAGES,
      onLanguage: async (lang) => {
        await this.changeSetting("lang", lang);
        this.openRules();
      },
    });
  }

  async openSettings() {
    await dialogs.openSettings({
      settings: this.state.settings,
      extra: [board.nameSettings({ leaderboard: this.leaderboard })],
      onChange: async (key, value) => {
        await this.changeSetting(key, value);
        if (key === "lang") this.openSettings(); // redraw the open sheet in the new language
      },
    });
  }

  async changeSetting(key, value) {
    const settings = { ...this.state.settings, [key]: value };
    this.storage.write(KEYS.settings, settings);
    const patch = { settings };
    if (key === "sort") {
      patch.manual = false;
      patch.selected = null;
      patch.order = sortHand(this.state.shown?.hand || [], value);
    }
    this.set(patch);
    if (key === "lang") {
      await setLanguage(pickLanguage(value === "auto" ? null : value));
      this.renderer.handCards.clear();
      this.set({ hint: this.state.hint ? null : this.state.hint });
    }
  }
}

/** What to do now, for the line under the hand: it always matches the phase of the turn. */
export function phaseHint(view) {
  const me = view.players[0];
  if (view.phase === "draw") return t("hint.draw");
  if (view.laid_down_this_turn) return t("hint.play_just_laid");
  if (me.laid_down) return t("hint.play_laid");
  if (view.contract_ready) return t("hint.play_ready");
  return t("hint.play");
}

/** The hand keys ("7H#1") of `cards` in `order`, the last copy of each first (new cards go right). */
function newKeys(order, cards) {
  const keys = handKeys(order);
  const marked = [];
  for (const card of cards) {
    const key = [...keys].reverse().find((k) => k.startsWith(`${card}#`) && !marked.includes(k));
    if (key) marked.push(key);
  }
  return marked;
}

