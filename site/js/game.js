// game.js — the game flow: boot, start or resume, send intents to the engine, animate what
// came back, save, and open the dialogs. It asks the engine about everything rule-related.

import { startEngine } from "./bridge.js";
import { BootProgress } from "./progress.js";
import { dealEnding, narrate, playEvents } from "./anim.js";
import { arrangeJudged, handKeys, modeBadge, modeLine } from "./render.js";
import { KEYS } from "./storage.js";
import { NEW_SLOT, Saves, dailySlot, refusal, slotOf } from "./saves.js";
import { Tabs } from "./tabs.js";
import { Choices } from "./choices.js";
import { LANGUAGES, cardName, pickLanguage, refusalText, setLanguage, t } from "./i18n.js";
import { arrangedLaydown, arrangedSlots, canDiscard, emptyTable, layoffTargets, markedMelds, mergeOrder, moveCard, sortAfterPress, sortHand, utcToday } from "./state.js";
import * as dialogs from "./dialogs.js";
import * as board from "./board.js";
import { $, h, shownLabel } from "./dom.js";
import { shortCard } from "./cards.js";
import { Stats, gameId } from "./stats.js";
import { afterGame, gameTitle, openStats, saveTitle } from "./stats-sheet.js";
import { openReplay } from "./replay.js";
import { hintReason, moveCard as hintedCard, moveWords, progressSentence } from "./hints.js";
import { dailyNumber } from "./share.js";
import { openArchive, pastDaily } from "./archive.js";
import { dateLocale, mediumDate } from "./calendar.js";
import { challengeLink, decodeChallenge, forgetLinkedChallenge, linkedChallenge } from "./challenge.js";
import { badChallengeText, challengeButton, challengeResults, duelLine, openChallengeInfo, openChallengeShare, openChallengeStart, resultWords } from "./friend.js";
import { checkName } from "./names.js";
import { LESSON, LESSON_SEEN, Lesson } from "./tutorial.js";

const LESSON_SLOT = "learn"; // the lesson's own slot: saved with its step, never counted, forgotten once left (tutorial.js)
/** What a tab holds (tabs.js) while it shows a game's results (game.js `resultsOpen`). */
const RESULTS = "results";
/** What accept() resolves to when the person left its table for another game meanwhile. */
const LEFT = Symbol("left");
/** What newGame() and openSlot() resolve to when a later choice took their place (truthy: nothing more to do). */
const LATER = Symbol("later");

/** A kept game as the start menu names it ("new", or a Daily's date) → the slot it is saved in. */
function keptSlot(game) {
  return game === "new" ? NEW_SLOT : dailySlot(game);
}

/** The page's mode of a saved game: {mode: "daily", date} | {mode: "new", difficulty}. */
function modeOf(save) {
  return save.mode === "daily" ? { mode: "daily", date: save.date } : { mode: "new", difficulty: save.difficulty };
}

/**
 * The mode a record keeps beside its save (a challenge, a past Daily), if it is that save's: a
 * record edited to call a New Game a Daily showed "Daily" over a table with hints. Else the save's own.
 */
function recordMode(kept, save) {
  const fits = kept && typeof kept === "object" && kept.mode === save.mode
    && (save.mode === "daily" ? kept.date === save.date : kept.difficulty === save.difficulty);
  return fits ? kept : modeOf(save);
}

/**
 * A record's save, marked `past` (archive.js pastDaily: a Daily whose date is gone by) when the
 * record keeps a past Daily's mode: the engine gives a past Daily hints, and a past Daily saved
 * before it did (its save unmarked) gets them too. Else the save as kept.
 */
function pastSave(record) {
  return record.mode?.past === true ? pastDaily(record.save, utcToday()) : record.save;
}

/**
 * The deal's sheet a record kept open (game.js `dealSheet`) when the game was reloaded: the
 * deal_end event among the view's events (those since the person's last move), its index, the
 * deal's last table as the record kept it, and whether the person was looking at that table
 * (`look`: the sheet put away by "See the table"). Null when none was open, or when what the record
 * holds does not fit the view (another version's record, an edited one): the game is then shown
 * as it stands, as before.
 */
function sheetLeftOpen(record, view) {
  const sheet = record?.sheet;
  const events = view.events || [];
  const index = events.findIndex((event) => event.type === "deal_end" && event.deal === sheet?.deal);
  return index >= 0 && tableFits(sheet.table, view, events[index])
    ? { event: events[index], index, table: sheet.table, look: sheet.look === true } : null;
}

const isCards = (list) => Array.isArray(list) && list.every((card) => typeof card === "string");

/**
 * Whether a stored table can be drawn as the last table of the deal that `end` (its deal_end
 * event) closed: its seats, cards and melds as views hold them (a seat without its contract froze
 * the page, an attack found), and its deal, hands and cards left those of that deal (another
 * game's table was drawn under this one's sheet).
 */
function tableFits(table, view, end) {
  if (!table || typeof table !== "object" || table.deal !== end.deal || !Array.isArray(table.players)
    || table.players.length !== view.players.length) return false;
  const seats = table.players.every((player, seat) => player && typeof player === "object" && player.seat === seat
    && player.name === view.players[seat].name && Number.isInteger(player.step) && Number.isInteger(player.cards)
    && Array.isArray(player.contract) && player.contract.every((part) => typeof part?.kind === "string" && Number.isInteger(part.size))
    && isCards(player.discarded ?? []) && isCards(player.picked ?? []));
  const melds = Array.isArray(table.table) && table.table.every((meld) => meld && typeof meld === "object"
    && Number.isInteger(meld.id) && typeof meld.kind === "string" && isCards(meld.cards) && Array.isArray(meld.stands_for));
  const left = end.hands.every((hand) => table.players[hand.seat]?.cards === hand.cards.length)
    && isCards(table.hand) && [...table.hand].sort().join() === [...end.hands.find((hand) => hand.seat === 0).cards].sort().join();
  return seats && melds && left && isCards(table.discard) && Number.isInteger(table.stock);
}

/**
 * A game shared by link: "?seed=abc&difficulty=hard" starts New Game with that seed (Normal when
 * the link names no difficulty). The engine checks the seed and the difficulty, and a link it
 * refuses is said so (a misspelt difficulty used to start Normal without a word).
 */
function sharedGame() {
  const params = new URLSearchParams(location.search);
  const seed = params.get("seed");
  if (!seed) return null;
  return { mode: "new", difficulty: params.get("difficulty") || "normal", seed };
}

/**
 * Why the engine refused a link's game, as a sentence in the reader's language where the engine
 * gave a code (a Daily's seed, no such difficulty, a seed's length or characters), else its own.
 */
function reasonSentence(answer) {
  const text = answer.crash ? t("error.crash") : refusalText(answer);
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Whether the keyboard focus is lost: on the page, on a card that was played, in a sheet that
 * just closed, or hidden. (checkVisibility needs the style only; getClientRects forced a layout
 * of the redrawn table.)
 */
function focusLost(active = document.activeElement) {
  const shown = (e) => (typeof e.checkVisibility === "function" ? e.checkVisibility() : e.getClientRects().length > 0);
  return !active || active === document.body || !active.isConnected || Boolean(active.closest("dialog:not([open])")) || !shown(active);
}

/**
 * Where a challenge's moves stop replaying, in the reader's language: the move the game does not
 * allow, or that they stop before the game's end (the engine's own words stay in the console).
 */
function replayDetail(answer, moves) {
  if (!Number.isInteger(answer.index) || !Array.isArray(moves)) return answer.error;
  return answer.index >= moves.length ? t("challenge.replay_short") : t("challenge.replay_at", { n: answer.index + 1 });
}

/** Whether the page's link carries a challenge but no game for it (no seed): it is said so. */
function challengeWithoutGame() {
  return !new URLSearchParams(location.search).get("seed") && linkedChallenge() !== null;
}

// The Plays log keeps this many lines: a deal is some 100–150 plays, so a whole deal and most of
// the one before. It was 60, and a play-test lost the start of the deal it was playing.
const LOG_LENGTH = 400;
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
    this.startRefusal = null; // why the engine refused the last game asked for (a link's game: said on a notice)
    this.linkRefused = false; // the page's link names a game that cannot be played (said once, not started)
    this.putOff = null; // the page's challenge, put off with "Not now": {shared, offer}, offered on the start screen
    this.logId = 0;
    this.recentSeat = null; // the seat whose plays in a row outlined the melds marked just played on (state.js markedMelds)
    this.waitLine = null; // the wait last explained (explainWait): it follows the turns shown, then goes
    this.focusTable = false; // a game just started: its first table drawn takes the focus (focusNewTable)
    this.hurrying = 0; // menu choices waiting for the computer players' turns to be hurried through (hurryToIdle)
    this.choices = new Choices(); // the latest of those choices is the one that starts
    this.keyboardUsed = false; // the last input was a key (focus moved after a move then shows)
    this.keyboardFrom = null; // what had the focus before the keyboard panel opened (it gets it back on closing)
    this.tappedMeanwhile = null; // a hand card tapped during the person's own move (liftTapped)
    const panels = storage.read(KEYS.panels, {});
    if (panels && panels.keyboard === true) this.set({ keyboardOpen: true });
    this.saves = new Saves(storage);  // one save per game, compare-and-set
    this.slot = null;                 // the slot of the game on this table (saves.js), held by this tab
    this.away = null;                 // the slot another tab holds while this one says so
    this.tabs = new Tabs({ onLost: (slot) => this.lost(slot) });
    this.tellStorageFailed = () => dialogs.showNotice(t("notice.storage"), { title: t("notice.storage_title"), id: "storage-dialog" });
    storage.watch?.((key) => this.storageChanged(key));
  }

  get state() { return this.store.get(); }
  /**
   * Merge a patch into the state (drawn at the next frame). A change of `busy` is drawn at once:
   * whether the person may act and the table they act on change together, never a frame apart
   * (a busy engine call that answered within one frame left the table marked idle meanwhile, and
   * a test waiting for an idle table read the previous game's deal counter).
   */
  set(patch) {
    const turned = "busy" in patch && patch.busy !== this.state.busy;
    this.store.set(patch);
    if (turned) this.renderer.flush();
    if (turned && !patch.busy) this.choices.idle();
  }

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
    const payload = shared ? linkedChallenge() : null;
    const resumed = await this.resumeSaved(shared);
    const challenge = payload ? await this.readChallenge(payload, shared) : null; // a bad link is said so, even then
    if (payload && !challenge) forgetLinkedChallenge();
    this.progress.stop();
    this.set({ screen: "table" });
    if (!shared && challengeWithoutGame()) { // said so even over the game resumed here
      await dialogs.showNotice(badChallengeText("no_seed"), { title: t("challenge.bad_title") });
      forgetLinkedChallenge();
    }
    if (resumed) { if (challenge) this.adoptChallenge(shared, challenge); return; }
    if (challenge && (await this.offerChallenge(shared, challenge))) return;
    if (shared && !challenge && !this.linkRefused) {
      this.startRefusal = null;
      if (await this.newGame(shared)) return;
      // The engine refused the link's game (a Daily's seed, a seed too long, no such difficulty): say why.
      if (this.startRefusal) await dialogs.showNotice(t("link.bad", { detail: this.startRefusal }), { title: t("link.bad_title") });
    }
    if (shared && (await this.resumeSaved())) return; // a shared game not taken: what was here
    if (!shared && (await this.reopenResults())) return; // a game's results not yet left
    await this.showStart();
  }

  // ---- starting and resuming: one save per game (saves.js), one tab per game (tabs.js) ----

  /** Whether this tab plays `slot` (by default the game on its table) and holds it. */
  holding(slot = this.slot) {
    return Boolean(slot) && slot === this.slot && this.tabs.holds(slot);
  }

  /**
   * Resume the game played here last; for a link, the New Game kept here if it is that game.
   * Resolves true when a game is on the table (or the notice that another tab holds it).
   */
  async resumeSaved(shared = null) {
    this.storage.onFail(this.tellStorageFailed); // now that the words are in (told once)
    if (this.saves.migrate()) {
      this.set({ screen: "table" });
      await dialogs.showNotice(t("notice.bad_save"));
    }
    if (shared) {
      if (this.saves.inProgress(NEW_SLOT)?.save.seed !== shared.seed) return false; // newGame asks before replacing one
      return this.openSlot(NEW_SLOT);
    }
    const slot = this.saves.current();
    return slot ? this.openSlot(slot) : false;
  }

  /**
   * Show the game kept in `slot` at its latest saved move, holding it for this tab (`steal`: take
   * it from the tab that holds it). Resolves true if it is on the table or another tab holds it
   * (the notice says so), LATER if a later choice takes its place, false if there is nothing to
   * continue there.
   */
  async openSlot(slot, { steal = false } = {}) {
    if (this.saves.raw(slot) === null) return false;
    const ticket = await this.hurryToIdle();
    if (!ticket) return LATER; // a later choice takes its place
    const held = await this.tabs.hold(slot, { steal });
    if (!this.choices.stands(ticket)) { // chosen while this tab asked for the slot
      if (held && slot !== this.slot) this.tabs.release(slot);
      return LATER;
    }
    if (!held) {
      this.set({ screen: "table" });
      this.showAway(slot);
      return true;
    }
    const shown = await this.showStored(slot);
    if (!shown && slot !== this.slot) this.tabs.release(slot);
    return shown;
  }

  /** Replay the record stored in `slot` (held by this tab) and put it on the table. */
  async showStored(slot) {
    const raw = this.saves.raw(slot);
    const record = this.saves.read(slot);
    if (raw === null || record?.over) return false;
    this.set({ busy: true }); // no move from this table until the stored game is drawn
    let answer = record ? await this.engine.resume(pastSave(record)) : { ok: false };
    const cutAt = answer.ok ? null : answer.index;
    if (Number.isInteger(cutAt) && cutAt > 0 && answer.code !== "engine_version") {
      // A damaged save with a move that does not replay: the moves before it are the person's
      // game, so it goes on from there; the whole save is set aside first, never lost.
      const shorter = await this.engine.resume({ ...pastSave(record), log: record.save.log.slice(0, cutAt) });
      if (shorter.ok && shorter.view && !shorter.view.game_over && this.saves.keepAside({ raw, code: "cut", slot })
        && this.saves.put(slot, { ...record, save: shorter.save })) answer = { ...shorter, cut: cutAt };
    }
    if (!answer.ok || !answer.view || answer.view.game_over) this.set({ busy: false, replies: this.state.replies + 1 });
    if (!answer.ok || !answer.view) {
      // Kept aside, never dropped: a save from an engine this one cannot replay may be read later.
      this.saves.setAside(slot, raw, answer.code || "unreadable");
      this.set({ screen: "table" });
      const old = answer.code === "engine_version";
      // Why, when the engine says (a Daily of a day not begun, a seed not its date's, a format
      // this page does not read): every refusal was "could not be read" (an attack on the page).
      const why = answer.code ? t("notice.bad_save_why", { reason: refusalText(answer) }) : t("notice.bad_save");
      await dialogs.showNotice(old ? t("notice.old_save", { version: answer.saved_by }) : why);
      return false;
    }
    if (answer.view.game_over) {
      // It ended just before the page closed: counted now, once, and its results are due, once
      // too (a lesson's never: it is forgotten).
      const due = slot !== LESSON_SLOT && !this.stats.keptSave(answer.save.seed, answer.save.log.length);
      await this.finish(slot, answer.view, answer.save, { results: due ? recordMode(record.mode, answer.save) : null });
      await this.restoreEngine();
      return false;
    }
    const previous = this.slot;
    if (slot !== LESSON_SLOT) this.dropLesson();
    this.slot = slot;
    if (previous && previous !== slot) this.tabs.release(previous);
    this.saves.setCurrent(slot);
    const order = Array.isArray(record.order) ? record.order : [];
    this.set({ order, manual: Boolean(record.manual), mode: this.playedAgain(recordMode(record.mode, answer.save)), log: [], selected: null, arrange: null, hint: null, commandError: "" });
    const sheet = slot === LESSON_SLOT ? null : sheetLeftOpen(record, answer.view);
    if (sheet) await this.reopenSheet(answer, sheet);
    else await this.show(answer, { previous: null, animate: false });
    this.set({ busy: false, replies: this.state.replies + 1 });
    // The status line only (the Plays log is the game's own, rebuilt by show()); a reopened sheet
    // played the next deal's first turns after it, whose last line stands, as after Next deal.
    if (!sheet) this.say(turnLine(answer.view), { log: false });
    this.markPlayable();
    if (slot === LESSON_SLOT) this.resumeLesson(record, answer);
    if (answer.cut) {
      this.set({ screen: "table" }); // the boot screen goes first: the game is on the table
      await dialogs.showNotice(t("notice.cut_save", { move: answer.cut + 1 }), { title: t("notice.cut_title") });
    }
    return true;
  }

  /**
   * A game reloaded while a deal's sheet was open (`sheet`, see sheetLeftOpen): its last table
   * and the sheet again, then the next deal's first turns played out as they would have been.
   */
  async reopenSheet(answer, { event, index, table, look }) {
    // The hand in the order the record kept, without what the deal's last moves played: that order
    // is from before the person's last move, and put a discarded card back under the sheet (a play-test).
    const { order } = this.arrangeHand(table.hand);
    this.set({ screen: "table", view: answer.view, save: answer.save, final: answer.view, shown: table, order });
    // The plays up to the deal's end, and its last line: a look at the deal's table after a
    // reload had neither (an attack on the page); the next deal's come as they are played.
    await this.rebuildLog(answer.view, event.seq);
    this.say(narrate(event, answer.view.players), { log: false });
    await this.dealSheet(event, table, answer.view, answer.save, { look });
    await this.show(answer, { previous: table, animate: true, from: index + 1 });
    await this.rebuildLog(answer.view); // the plays before the sheet too, as after any reload
    this.turnBack(answer.view);
  }

  /** The engine holds one game: after replaying another one that had ended, put back the one on the table. */
  async restoreEngine() {
    if (this.slot && this.state.save) await this.engine.resume(this.state.save);
  }

  /**
   * Another tab holds `slot`: say so (`taken`: it took the game from this tab, which played it:
   * said so, not as if this tab had only just opened it); continue it here (taking it over) or
   * go to the menu.
   */
  async showAway(slot, { taken = false } = {}) {
    if (this.away === slot) return; // the notice is up already
    this.away = slot;
    this.set({ selected: null, arrange: null });
    const mine = this.state.save?.seed; // the game this table showed, if any
    const choice = await dialogs.showAway({ title: t(taken ? "away.taken_title" : "away.title"), text: t(taken ? "away.taken" : "away.text") });
    if (this.away !== slot) return;
    this.away = null;
    const opened = choice === "here" && (await this.openSlot(slot, { steal: true }));
    if (opened === LATER) return;
    if (opened) {
      // The other tab started a new game in this one's place: say so, not only show another deal.
      const now = this.state.save?.seed;
      if (mine && now && now !== mine) await dialogs.showNotice(t("refused.replaced"), { title: t("refused.title") });
      return;
    }
    if (choice === "here" && this.saves.read(slot)?.over) await dialogs.showNotice(t("refused.finished"), { title: t("refused.title") });
    await this.showStart();
  }

  /** Another tab took over the game on this table: nothing more is saved from here; say so. */
  lost(slot) {
    if (slot !== this.slot) return;
    this.slot = null;
    if (slot === LESSON_SLOT) { this.lesson?.stop(); this.lesson = null; } // the other tab has the lesson now
    dialogs.closeAll();
    this.endLook("next");
    this.showAway(slot, { taken: true });
  }

  /** Another tab wrote the game this tab holds (no Web Locks there, or an older version): reload it. */
  storageChanged(key) {
    if (!this.holding() || this.state.busy || key !== KEYS.game(this.slot)) return;
    const reason = refusal(this.saves.read(this.slot), { save: this.state.save });
    if (reason) this.refused(this.slot, reason);
  }

  /**
   * Save the game on this table (its latest answer, the hand's order). Refused when the stored
   * game has moved on (another tab): that game is shown instead, and the person told why.
   * `fresh`: a game just started here, which replaces whatever the slot held.
   */
  persist({ save, view } = this.state, { fresh = false } = {}) {
    const slot = this.slot;
    if (!this.holding(slot)) return false;
    const { order, manual, mode } = this.state;
    // The deal the person is at: one whose sheet is due or open is that one, not the next (the
    // menu said "deal 3" over its look, the question it asked "deal 4": a play-test).
    const record = { save, order, manual, mode, deal: this.openSheet?.deal ?? view?.deal ?? null };
    if (slot === LESSON_SLOT) record.lesson = this.lessonAt || { step: 0, moves: save.log.length }; // the step it is at
    if (this.openSheet) record.sheet = this.openSheet; // a deal's sheet not yet closed (dealSheet)
    if (fresh) { this.saves.start(slot, record); return true; }
    const result = this.saves.commit(slot, record);
    if (!result.ok) this.refused(slot, result.reason);
    return result.ok;
  }

  /** A save was refused (`reason`, see saves.js `refusal`): show the stored game, and why. */
  async refused(slot, reason) {
    dialogs.closeAll();
    this.endLook("next");
    this.set({ busy: false, selected: null, arrange: null });
    const shown = await this.showStored(slot);
    if (!shown && slot === this.slot) {
      this.slot = null;
      this.tabs.release(slot);
    }
    await dialogs.showNotice(t(`refused.${reason}`), { title: t("refused.title") });
    if (!shown) await this.showStart();
  }

  /**
   * Before starting `args`: ask if it ends the New Game kept in progress, or leaves the game on
   * this table (which stays saved, and says where to find it). Resolves true to go ahead.
   */
  async confirmStart(args) {
    const view = this.state.view;
    const onTable = this.holding() && view && !view.game_over;
    // The lesson on the table is not kept: leaving it needs no word (tutorial.js).
    const leaving = onTable && this.slot !== slotOf(args) && this.slot !== LESSON_SLOT ? this.slot : null;
    const ended = args.mode === "new" && !args.learn ? this.saves.inProgress(NEW_SLOT) : null;
    if (!leaving && !ended) return true;
    const text = [];
    if (ended) text.push(t("confirm.lost", { game: this.newGameWords(ended) }));
    if (leaving === NEW_SLOT && !ended) text.push(t("confirm.kept_new", { game: this.newGameWords(this.saves.inProgress(NEW_SLOT)) }));
    if (leaving && leaving !== NEW_SLOT) {
      const date = leaving.slice("daily:".length);
      text.push(date === utcToday() ? t("confirm.kept_daily") : t("confirm.kept_past", { date: mediumDate(dateLocale(), date) }));
    }
    const kind = args.learn ? "learn" : args.seed ? "shared" : args.past ? "past" : args.mode === "daily" ? "daily" : "new";
    const answer = await dialogs.confirm({
      title: t(`confirm.${kind}_title`, { date: args.date && mediumDate(dateLocale(), args.date) }),
      text,
      yes: t(`confirm.${kind}_yes`),
      no: t(onTable ? "confirm.keep" : "confirm.cancel"),
    });
    return answer === "yes";
  }

  /** "Easy, deal 3": which New Game a record keeps. */
  newGameWords(record) {
    const difficulty = t(`difficulty.${record?.save?.difficulty || "normal"}`);
    return record?.deal ? t("games.game_deal", { game: difficulty, deal: record.deal }) : t("games.new", { difficulty });
  }

  /**
   * "New Game (Hard), deal 3", "Past Daily #33, deal 2": the game on this table, named under the
   * start screen's "Continue the current game" (a play-test could not tell it was the past Daily).
   */
  tableWords() {
    const mode = this.state.mode;
    const badge = modeBadge(mode);
    const game = mode?.mode === "new" && !mode.learn && !mode.challenge?.name ? t("start.new_of", { difficulty: badge }) : badge;
    const deal = this.shownDeal();
    return mode?.learn || !deal ? game : t("games.game_deal", { game, deal });
  }

  /**
   * The deal on the table, as the top bar says it. While a new deal's first turns play, or while
   * a finished deal's table stays after its sheet was closed, the game (and its save) is already
   * on the next deal: the menu said "deal 4" under "Deal 3/10" (play-tests).
   */
  shownDeal() {
    return (this.state.shown ?? this.state.view)?.deal;
  }

  /** What the start screen says of `date`'s Daily and of the games kept on this device, now. */
  startWords(date) {
    const daily = this.storage.read(KEYS.daily, {});
    const record = daily && typeof daily === "object" ? daily[date] : null;
    // Today's Daily on the table: its own "Continue today's Daily" says it; one button, not two.
    const canContinue = Boolean(this.holding() && this.state.view && !this.state.view.game_over && this.slot !== dailySlot(date));
    const status = this.leaderboard.status(date);
    const today = this.saves.inProgress(dailySlot(date));
    const kept = this.slot === NEW_SLOT ? null : this.saves.inProgress(NEW_SLOT);
    return {
      date, dailyRecord: record || null, canContinue, current: canContinue ? this.tableWords() : "",
      boardNote: status?.state === "ranked" ? "" : board.submissionText(status, date),
      dailySaved: today && { deal: this.slot === dailySlot(date) ? this.shownDeal() ?? today.deal : today.deal },
      newSaved: kept && this.newGameWords(kept),
      pastDailies: this.saves.dailiesInProgress().filter((day) => day < date && dailySlot(day) !== this.slot),
      offerLesson: this.firstVisit(),
      elsewhere: [], // which kept games another tab has open: startWordsWithTabs asks
      challenge: this.putOff && {
        title: t("challenge.from", { name: this.putOff.offer.challenge.name }),
        beat: t("challenge.beat", { name: this.putOff.offer.challenge.name, result: resultWords(this.putOff.offer.challenge.result) }),
      },
    };
  }

  /** startWords (`words`, if just read), with the kept games another tab has open ("new", or a Daily's date). */
  async startWordsWithTabs(date, words = this.startWords(date)) {
    const kept = [words.newSaved && "new", words.dailySaved && date, ...words.pastDailies].filter(Boolean);
    const held = new Set(await this.tabs.heldElsewhere(kept.map(keptSlot)));
    return { ...words, elsewhere: kept.filter((game) => held.has(keptSlot(game))) };
  }

  /** The start screen; `back`: the choice whose sheet just closed (its button gets the focus again). */
  async showStart(back = null) {
    const date = utcToday();
    // Another tab may play on while the menu is open here: what it keeps in progress is read
    // again when it saves, so the menu never offers "Hard, deal 1" of a game on deal 2. Which
    // kept game another tab has open is asked of the tabs (a moment: filled in once known).
    let asked = 0;
    const first = this.startWords(date);
    const watch = (refill) => {
      const again = async (words) => {
        const n = ++asked;
        const fresh = await this.startWordsWithTabs(date, words);
        if (n === asked) refill(fresh);
      };
      again(first); // the words the sheet opens with, read once: only the tabs are asked
      // A tab that closed lets go of its game without a save: asked again when this tab is looked at.
      const seen = () => { if (document.visibilityState === "visible") again(); };
      document.addEventListener("visibilitychange", seen);
      const stop = this.storage.watch((key) => {
        if (key === null || key.startsWith("game") || key === KEYS.daily || key === KEYS.sent) again();
      });
      return () => { stop(); document.removeEventListener("visibilitychange", seen); };
    };
    const choice = await dialogs.openStart({ ...first, back, watch });
    const today = this.saves.inProgress(dailySlot(date));
    if (choice === "challenge") { if (await this.playChallenge(this.putOff.shared, this.putOff.offer)) return undefined; return this.showStart(); }
    if (choice === "continue") this.choices.take(); // back to this game: a game chosen before and still waiting does not start
    if (choice === "learn") { if (await this.startLesson()) return undefined; return this.showStart(); }
    if (choice === "learn-no") { this.storage.write(LESSON_SEEN, { seen: true }); return this.showStart(); }
    if (choice === "rules") { if (await this.openRules()) return undefined; return this.showStart(choice); }
    if (choice === "leaderboard") { await this.openBoard(date); return this.showStart(choice); }
    if (choice === "settings") { await this.openSettings(); return this.showStart(choice); }
    if (choice === "stats") { await this.openStats(); return this.showStart(choice); }
    if (choice === "archive") {
      const day = await this.openArchive();
      if (!day) return this.showStart(choice);
      const opened = day.action === "continue" ? await this.continueKept(dailySlot(day.date)) : await this.newGame({ mode: "daily", date: day.date });
      if (!opened && !this.holding()) return this.showStart();
      return undefined;
    }
    // A choice a later one took the place of (LATER) leaves the menu to that one: none reopened
    // over the game it starts, even when the table it left is empty meanwhile.
    let opened = null;
    let started = false; // a new game that did not start leaves the one on the table, if any
    if (choice?.resume) opened = await this.continueKept(keptSlot(choice.resume), { steal: choice.steal });
    else if (choice?.mode === "daily" && today) opened = await this.continueKept(dailySlot(date), { steal: choice.steal }); // offered as "Continue today's Daily"
    else if (choice?.mode) { opened = await this.newGame(choice); started = true; }
    if (opened === LATER) return undefined;
    if (opened === false && (!started || !this.holding())) return this.showStart();
    if (!this.holding() && !this.away) return this.showStart(); // nothing to go back to
    return undefined;
  }

  /**
   * Continue a game the start screen offered as kept in progress. Resolves whether it is on the
   * table (or the notice that another tab holds it). One that another tab finished meanwhile is
   * said so, never dealt again in its place.
   */
  async continueKept(slot, { steal = false } = {}) {
    if (slot === this.slot) {
      this.choices.take(); // a choice too: a game chosen before it and still waiting does not start
      return true;
    }
    if (this.saves.read(slot)?.over) {
      await dialogs.showNotice(t("refused.finished"), { title: t("refused.title") });
      return false;
    }
    return this.openSlot(slot, { steal });
  }

  /**
   * Start a game ({mode: "daily", date} | {mode: "new", difficulty, seed?}). A Daily already
   * started is continued instead, never dealt again; a start that would end or leave a game in
   * progress asks first. Resolves true if a game started or continued, LATER if a game chosen
   * after it takes its place.
   */
  async newGame(args) {
    args = pastDaily(args, utcToday());
    const slot = args.learn ? LESSON_SLOT : slotOf(args);
    if (args.mode === "daily" && this.saves.inProgress(slot)) return this.continueKept(slot);
    if (!(await this.confirmStart(args))) return false;
    const ticket = await this.hurryToIdle();
    if (!ticket) return LATER; // a later choice takes its place
    await this.tabs.hold(slot, { steal: true });
    if (!this.choices.stands(ticket)) { // chosen while this tab asked for the slot
      if (slot !== this.slot) this.tabs.release(slot);
      return LATER;
    }
    if (!args.learn) this.dropLesson(); // another game replaces the lesson
    this.set({ busy: true, selected: null, arrange: null, manual: false, order: [], log: [], commandError: "", hint: null, skippable: false, skipping: false });
    const answer = await this.ask(this.engine.newGame(args));
    this.set({ busy: false, replies: this.state.replies + 1 });
    if (!answer.ok) {
      if (slot !== this.slot) this.tabs.release(slot);
      this.startRefusal = reasonSentence(answer);
      this.fail(answer);
      return false;
    }
    const previous = this.slot;
    this.slot = slot;
    if (previous && previous !== slot) this.tabs.release(previous);
    this.saves.setCurrent(slot); // the lesson too: a reload mid-lesson comes back to it
    this.set({ mode: this.playedAgain(args) });
    await this.accept(answer, { previous: null, fresh: true });
    return true;
  }

  // ---- playing ----

  /** Send one canonical action to the engine; show its refusal, or take the new view. */
  async play(command, { from = "table", typed = false } = {}) {
    if (this.state.busy || !this.engine || !this.holding()) return false;
    if (this.lesson && !this.lesson.allows(command)) return false; // the coach mark says what to do instead
    const previous = this.state.view;
    this.tappedMeanwhile = null; // one move at a time: a tap kept and not lifted ends here
    this.set({ busy: true, commandError: "" });
    this.focusFrom = from;
    const answer = await this.ask(this.engine.act(command));
    this.set({ busy: false, replies: this.state.replies + 1 });
    if (!answer.ok) {
      this.fail(answer, from);
      return false;
    }
    this.set({ selected: null, arrange: null, hint: null });
    if (typed) $("command-input").value = ""; // played: the box is free at once, not after the deal's sheet
    // A card the move itself played is not lifted in its twin's place (two decks: "7C" twice).
    if (command.split(/[\s/]+/).includes(this.tappedMeanwhile)) this.tappedMeanwhile = null;
    const left = await this.accept(answer, { previous });
    if (left !== LEFT) this.lesson?.update(this.state.view, command); // a lesson left for another game ends there
    // Only on the table this move left: not in a game continued from the menu after the end, nor
    // behind the notice of another tab that took the game meanwhile.
    if (left !== LEFT && this.state.view === answer.view && this.holding()) this.liftTapped();
    return true;
  }

  /** An engine's refusal (or crash) as the table says it, in the current language. */
  refusalLine(answer) {
    if (answer.crash) return t("error.crash");
    return t("error.refused", { reason: refusalText(answer, this.state.view?.players[0].contract) });
  }

  /**
   * The same, as the Arrange panel shows it under its slots: the cards as the slots show them,
   * and the reason alone (the panel's red line is its verdict on the slots; "Not allowed: Not a
   * run (…)" read as two refusals, a play-test).
   */
  arrangeLine(answer) {
    if (answer.crash) return t("error.crash");
    const list = (cards) => cards.split(" ").filter(Boolean).map(shortCard).join(" ");
    return refusalText(answer, this.state.view?.players[0].contract, { list });
  }

  fail(answer, from = "table") {
    const text = this.refusalLine(answer);
    this.lastError = text;
    if (from === "keyboard") {
      this.commandRefusal = answer; // its line is said again after a language change
      this.set({ commandError: text });
      this.say(text, { log: false });
    } else if (from === "arrange" && this.state.arrange) {
      // Said in the panel only (its line is an alert): the status box beside the piles said it
      // again, every card spelt out, filling the box (a play-test).
      this.set({ arrange: { ...this.state.arrange, error: this.arrangeLine(answer), refusal: answer } });
    } else {
      // Said under the hand only, whose line is live too: the status box beside the piles said the
      // same words a second time (a play-test), and a screen reader heard them twice.
      this.set({ hint: { text, warn: true } });
    }
  }

  /**
   * Let the table finish what it is doing before another game takes its place. The person chose
   * that game from the menu while the computer players' turns were still playing out (the menu
   * opens over them): those turns are hurried through, unnarrated and without a deal's sheet, as
   * the person has left this table; they are saved already. Before this, the choice was dropped.
   * Resolves this choice's ticket while it still stands, else 0: of two made within one hurry,
   * only the later starts (both used to, one over the other). The caller checks the ticket again
   * after its own waits (holding the slot), where a later choice can still come.
   */
  async hurryToIdle() {
    const ticket = this.choices.take();
    if (this.state.busy) {
      this.hurrying += 1; // a count: a second choice made meanwhile keeps the first one's hurry
      try {
        this.endLook("next"); // a deal's table looked at (its sheet put away over the menu): go on
        await this.choices.until(() => this.state.busy);
      } finally {
        this.hurrying -= 1;
      }
    }
    return this.choices.stands(ticket) ? ticket : 0;
  }

  /**
   * A game just started from a sheet: the focus, left on the page when the sheet closed, goes to
   * the hand once the new table is drawn (a hidden table takes no focus), so a keyboard or screen
   * reader user is on the table while the computer players' first turns play out.
   */
  focusNewTable() {
    this.focusTable = false;
    if (document.querySelector("dialog[open]") || !focusLost()) return;
    this.renderer.flush();
    $("hand").focus({ preventScroll: true, focusVisible: this.keyboardUsed });
  }

  /** Save, then animate the events up to the new view; at the end of the game, count it and say how it went. */
  async accept(answer, { previous, fresh = false }) {
    const slot = this.slot;
    // A deal that ends in these events has its sheet kept due from now, not only once the
    // animation reaches it: a reload during the computer players' last turns went on to the next
    // deal, the sheet never seen (an attack). A hurried table (another game chosen meanwhile)
    // skips the sheet; it stays kept, and opens when this game is next continued.
    const ending = dealEnding(previous || this.state.shown, answer.view, answer.view.events || []);
    this.openSheet = ending ? this.keptSheet(ending.event, ending.table, answer.view) : null;
    if (!this.persist(answer, { fresh })) { this.openSheet = null; return undefined; }
    this.set({ save: answer.save, busy: true });
    this.focusTable = fresh; // the first table drawn takes the focus (show's hooks)
    try {
      await this.show(answer, { previous, animate: true });
    } catch (error) {
      // Never a table (or a menu's hurryToIdle) waiting for ever, nor a panel reading the view
      // of an animation that did not finish.
      this.set({ busy: false, final: null, othersPlaying: false, skippable: false, skipping: false });
      throw error;
    } finally {
      this.openSheet = null; // closed (dealSheet) or hurried past: another game's record never carries it
    }
    const view = answer.view;
    if (this.hurrying > 0) {
      // The person chose another game meanwhile (hurryToIdle): this one, saved already, is
      // counted if it ended (before the next game takes the slot), with no sheet over the next.
      if (view.game_over && this.holding(slot)) await this.finish(slot, view, answer.save);
      this.set({ busy: false });
      return LEFT;
    }
    this.set({ busy: false });
    if (!this.holding(slot)) return undefined; // another tab took the game over meanwhile
    if (view.game_over) {
      const daily = await this.finish(slot, view, answer.save, { results: this.state.mode });
      return this.gameOver(view, answer.save, daily);
    }
    this.persist(answer); // with the hand's order as the animation left it
    this.turnBack(view);
    this.markPlayable();
    return undefined;
  }

  /** The game-over sheet, until the person moves on (the leaderboard opened from it comes back to it). */
  async gameOver(view, save, daily) {
    const duel = await this.challengeOutcome(save);
    for (;;) {
      const extra = this.afterGame(save, duel);
      const mode = this.state.mode;
      const againNote = mode?.mode === "daily" && mode.date === utcToday() ? t("start.daily_again_note") : "";
      const choice = await dialogs.showGameEnd(view, { submission: daily && this.submissionLine(daily), extra, mode: modeLine(mode), againNote });
      if (choice === "board") { await this.openBoard(daily.date); continue; }
      this.resultsLeft(save.seed, save.log.length);
      if (choice === "again") return this.newGame(this.replayArgs());
      return this.showStart();
    }
  }

  /**
   * A game's results are to be read (`save`, the finished game; `mode`, its page mode; `daily`,
   * see finish): kept until the person leaves the game-over sheet, so a reload shows the sheet
   * again (reopenResults) instead of the menu, its Challenge a friend and replay with it. The
   * tab that shows them holds them, so another tab loaded meanwhile shows the menu, not a copy.
   */
  async resultsOpen(save, mode, daily) {
    this.storage.write(KEYS.results, { seed: save.seed, moves: save.log.length, mode, daily });
    await this.tabs.hold(RESULTS);
  }

  /**
   * The results of the game of `seed` that ended after `moves` moves were left: forgotten, unless
   * another tab's game ended since and they are its own (one tab's Main menu forgot the other's).
   */
  resultsLeft(seed, moves) {
    const open = this.storage.read(KEYS.results, null);
    if (open?.seed === seed && open.moves === moves) this.storage.remove(KEYS.results);
    this.tabs.release(RESULTS);
  }

  /**
   * The game-over sheet that was open, or due, when the page was last closed (KEYS.results),
   * over the game's last table: its game is replayed from the save statistics kept of it. False
   * when there is none, when another tab shows them, or when its game is no longer kept (then
   * it is forgotten).
   */
  async reopenResults() {
    const open = this.storage.read(KEYS.results, null);
    if (!open || !(await this.tabs.hold(RESULTS))) return false;
    const save = this.stats.keptSave(open.seed, open.moves);
    const answer = save ? await this.engine.resume(save) : null;
    if (!answer?.ok || !answer.view?.game_over) {
      this.resultsLeft(open.seed, open.moves);
      return false;
    }
    // The Daily's line only for a Daily of that date, and "first" only if this game is the one
    // its date counts: a Daily's results reloaded read "practice" (an attack on the page).
    const first = save.mode === "daily" && this.stats.daily(save.date)?.id === gameId(save);
    const daily = save.mode === "daily" && !save.past && open.daily?.date === save.date ? { date: save.date, first } : null;
    const { view } = answer;
    this.set({ screen: "table", mode: this.playedAgain(recordMode(open.mode, save), save), view, shown: view, save: answer.save,
      order: this.arrangeHand(view.hand).order, log: [], selected: null, arrange: null, hint: { text: t("hint.over") } });
    await this.rebuildLog(view);
    await this.gameOver(view, answer.save, daily);
    return true;
  }

  /** The first moment the person can play (bench/page.py reads this mark). */
  markPlayable() {
    if (this.playable) return;
    this.playable = true;
    requestAnimationFrame(() => performance.mark("ladder-rummy:playable"));
  }

  /**
   * `mode` marked `again` when it is today's Daily whose first game has been counted already: its
   * badge says so ("Daily #35 · practice"), as nothing else on the table did (a play-test). A past
   * Daily has its own badge; the first game keeps the plain one after it ends, and again when its
   * results are shown after a reload (`save`: that game).
   */
  playedAgain(mode, save = null) {
    if (!mode || typeof mode !== "object") return mode;
    const { again: _stored, ...plain } = mode; // a stored mark is worked out again, never trusted
    // Counted already by another game than `save` (the finished game whose results are shown again is the one counted).
    const counted = plain.mode === "daily" && !plain.past && plain.date ? this.stats.daily(plain.date) : null;
    const again = Boolean(counted) && !(save && counted.id === gameId(save));
    return again ? { ...plain, again: true } : plain;
  }

  replayArgs() {
    const mode = this.state.mode;
    if (mode?.mode === "daily") return pastDaily({ mode: "daily", date: mode.date }, utcToday());
    return { mode: "new", difficulty: mode?.difficulty || "normal" };
  }

  /**
   * A game ended: count it once — statistics, the first result of a Daily, the leaderboard queue —
   * and mark its slot finished, with no other tab doing the same at the same time; then let the
   * slot go. Returns {date, first} for a Daily (first: this game is the one that counts), else null.
   */
  async finish(slot, view, save, { results = null } = {}) {
    if (slot === LESSON_SLOT) { this.saves.forget(slot); this.tabs.release(slot); if (this.slot === slot) this.slot = null; return null; } // never counted
    // A past Daily: kept apart, never submitted; nor is a game whose save says so (it had hints),
    // whatever the record beside it says.
    const past = this.saves.read(slot)?.mode?.past === true || save?.past === true;
    const daily = await this.tabs.exclusive("records", async () => {
      this.stats.record(view, save, { past }); // before the save goes, so a game is never missed
      const result = past ? null : await this.finishDaily(view, save);
      this.saves.finish(slot, save);
      return result;
    });
    if (slot === this.slot) this.slot = null;
    this.tabs.release(slot);
    // `results`: the page mode of a game whose results sheet comes next, kept due before the
    // name is asked for (a reload on that question lost the results of a first Daily).
    if (results) await this.resultsOpen(save, results, daily);
    if (daily?.first && !this.leaderboard.name) await this.askName(daily.date, dialogs.resultLine(view));
    return daily;
  }

  /**
   * A Daily just finished (the save's mode says so): keep its result here and, if it is the
   * first of its date, queue it for the leaderboard. Returns {date, first}, or null for a New Game.
   */
  async finishDaily(view, save) {
    if (save?.mode !== "daily" || !save.date) return null;
    const first = this.recordDaily(view, save.date)
      && (await this.leaderboard.enqueue({ date: save.date, log: save.log, engineVersion: save.engine }));
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
  askName(date, result = "") {
    const status = this.leaderboard.status(date);
    return board.askName({ leaderboard: this.leaderboard, date, result, detail: status?.state === "needs_name" ? status.detail : "" });
  }

  /** The game-over sheet's line about the leaderboard: live for the first Daily of a date. */
  submissionLine({ date, first }) {
    if (!first) return h("p", { class: "submission", text: t("board.status.replay", { date }) });
    return board.submissionLine({ leaderboard: this.leaderboard, date, dialog: $("game-dialog"), onName: (d) => this.askName(d) });
  }

  openBoard(date) {
    return board.openBoard({ leaderboard: this.leaderboard, date, onName: (d) => this.askName(d), onWatch: (entry) => this.watchEntry(entry) });
  }

  // ---- challenge a friend (challenge.js: the link; friend.js: the sheets) ----

  /**
   * Read the challenge of the page's link. A long link's moves are replayed by the engine, and its
   * result is the replayed one. Resolves {challenge, verified}, or null after saying why the link
   * cannot be used (the shared game is then offered as a plain one).
   */
  async readChallenge(payload, shared) {
    const decoded = await decodeChallenge(payload);
    if (!decoded.ok) {
      console.info("ladder-rummy: challenge link refused:", decoded.detail);
      const why = decoded.why && t(`challenge.why.${decoded.why.key}`, decoded.why.params);
      await dialogs.showNotice(badChallengeText(decoded.reason, why || decoded.detail), { title: t("challenge.bad_title") });
      return null;
    }
    const challenge = decoded.challenge;
    // The engine checks every link's game (its seed, difficulty and version), and replays a long
    // link's moves; a short link has only its result to show.
    const answer = await this.ask(this.engine.challenge({ seed: shared.seed, difficulty: shared.difficulty, engine: challenge.engine, moves: challenge.moves }));
    if (!answer.ok) {
      console.info("ladder-rummy: challenge refused:", answer.error);
      const [reason, detail] = answer.code === "engine_version" ? ["version", answer.saved_by]
        : answer.code === "challenge_game" ? ["game", reasonSentence(answer.reason || answer)]
          : ["replay", answer.crash ? t("error.crash") : replayDetail(answer, challenge.moves)];
      this.linkRefused = reason === "game"; // its game cannot be started either: said once
      await dialogs.showNotice(badChallengeText(reason, detail), { title: t("challenge.bad_title") });
      return null;
    }
    if (!challenge.moves) return { challenge, verified: false };
    const { finished, ...result } = answer.result;
    return { challenge: { ...challenge, result }, verified: true };
  }

  /**
   * The link's game was already in progress here (the same seed, difficulty and engine): it
   * becomes the challenge, unless it is one already.
   */
  adoptChallenge(shared, { challenge, verified }) {
    const { mode, save } = this.state;
    if (!this.holding() || mode?.challenge || save?.mode !== "new" || save.seed !== shared.seed
      || save.difficulty !== shared.difficulty || save.engine !== challenge.engine) return;
    const { name, engine, result, moves } = challenge;
    this.set({ mode: { ...mode, challenge: { name, engine, result, verified, moves } } });
    this.persist();
  }

  /**
   * "Beat Aylin": play the challenge (the challenger's seed, difficulty and engine) or not now.
   * Not now keeps it on the start screen while the page is open (`putOff`).
   */
  async offerChallenge(shared, offer) {
    const choice = await openChallengeStart({ challenge: offer.challenge, difficulty: shared.difficulty, verified: offer.verified });
    if (choice !== "play") { this.putOff = { shared, offer }; return false; }
    return this.playChallenge(shared, offer);
  }

  /** Start the challenge's game; once it is on the table the start screen no longer offers it. */
  async playChallenge(shared, { challenge, verified }) {
    const { name, engine, result, moves } = challenge;
    const args = { ...shared, engine, challenge: { name, engine, result, verified, moves } };
    this.lastError = null;
    if (await this.newGame(args)) { this.putOff = null; return true; }
    // The engine refused it (an engine version it does not know): say so, not only under the hand.
    if (this.lastError) await dialogs.showNotice(this.lastError, { title: t("challenge.bad_title") });
    return this.holding();
  }

  /**
   * At the end of a challenge: both results side by side (mine from the engine, the challenger's
   * as read), who did better by the engine's ranking, and Watch for a long link. Null otherwise.
   */
  async challengeOutcome(save) {
    const duel = this.state.mode?.challenge;
    if (!duel || save.mode !== "new") return null;
    const mine = await this.engine.challengeLink(save);
    if (!mine.ok) return null;
    const compared = await this.engine.compare({ mine: mine.result, theirs: duel.result });
    if (!compared.ok) return null;
    const onWatch = duel.moves ? () => this.watchChallenger(save, duel) : null;
    return challengeResults({ name: duel.name, mine: mine.result, theirs: duel.result, outcome: compared.outcome, verified: duel.verified, onWatch });
  }

  /** The challenger's game in the replay viewer: rebuilt by the engine from their moves. */
  watchChallenger(save, duel) {
    const source = this.engine.challenge({ seed: save.seed, difficulty: save.difficulty, engine: duel.engine, moves: duel.moves })
      .then((answer) => (answer.ok
        ? { mode: "new", seed: save.seed, difficulty: save.difficulty, engine: duel.engine, log: answer.log }
        : { error: answer.error }));
    return openReplay({ engine: this.engine, source, title: t("challenge.watch_title", { name: duel.name }), names: { 0: duel.name }, speed: this.state.settings.speed });
  }

  /** After a finished New Game: the sheet that makes its challenge link and shares it. */
  async shareChallenge(save) {
    const carried = await this.engine.challengeLink(save);
    if (!carried.ok) { await dialogs.showNotice(carried.error || t("error.crash"), { title: t("challenge.bad_title") }); return; }
    const { finished, ...result } = carried.result;
    const base = `${location.origin}${location.pathname}`;
    await openChallengeShare({
      name: this.leaderboard.offeredName,
      result,
      checkName,
      makeLink: ({ name, long }) => {
        this.leaderboard.offerName(name); // offered again when the leaderboard asks for a name
        return challengeLink(base, {
          seed: save.seed, difficulty: save.difficulty, name, engine: save.engine, result, moves: long ? carried.moves : null,
        }).catch(() => null);
      },
    });
  }

  // ---- every past Daily (archive.js) ----

  /** The calendar of past Dailies; resolves {date, action} for the day chosen, or null. */
  openArchive() {
    const results = this.stats.dailyResults();
    return openArchive({
      today: utcToday(),
      finished: (date) => results.get(date) || null,
      inProgress: this.saves.dailiesInProgress(),
    });
  }

  // ---- statistics and replays ----

  openStats() {
    return openStats({ stats: this.stats, today: utcToday(), onWatch: (save, game) => this.watchSave(save, gameTitle(game)) });
  }

  /** The challenge being played, again (the top bar's mark): what to beat and where the two stand. */
  showChallenge() {
    const challenge = this.state.mode?.challenge;
    // The game as the engine has it: while the computer players' turns are shown, the view of
    // the last move is a deal behind (a play-test, early in deal 3, read "after deal 1").
    const view = this.state.final || this.state.view;
    if (!challenge?.result?.climbed || !view) return;
    // Deals finished: the one in play is not (the game over: every deal is).
    const done = view.game_over ? view.deal : view.deal - 1;
    const { completed, penalty } = view.players[0];
    return openChallengeInfo({ challenge, done, mine: { completed, penalty } });
  }

  /** The game-over sheet's part: share the Daily (the first of its date), statistics, the replay. */
  afterGame(save, duel = null) {
    const past = save.mode === "daily" && this.state.mode?.past === true;
    const record = save.mode === "daily" && !past ? this.stats.daily(save.date) : null;
    const block = afterGame({ record, onStats: () => this.openStats(), onWatch: () => this.watchSave(save, saveTitle(save)) });
    if (past) block.prepend(h("p", { class: "small past-note", text: t("archive.not_submitted") }));
    if (duel) block.prepend(duel);
    if (save.mode === "new") block.querySelector(".row")?.prepend(challengeButton(() => this.shareChallenge(save)));
    return block;
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

  // ---- hints (a New Game and a past Daily: the engine refuses them in a Daily that counts) ----

  /** Ask the engine for Normal's move here; say it, and lift the card it plays. */
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
    // The lifted card is the first of the two taps; saying so keeps the next tap from
    // surprising a player who tapped it only to look (a play-test discarded that way).
    const follow = index < 0 ? "" : t(answer.hint.startsWith("layoff ") ? "suggest.follow_layoff" : "suggest.follow_discard");
    const reason = hintReason(answer, card, view);
    const text = [t("suggest.text", { move: moveWords(answer.hint, view) }), reason].filter(Boolean).join(" ");
    this.set({ selected: index >= 0 ? index : null, hint: { text, follow, reasoned: Boolean(reason), move: answer.hint } });
  }

  /**
   * Draw a new view: animate its events (narrating each, at every speed), mark the card the
   * person drew, and — on a resumed game (no animation) — rebuild the Plays log from the engine.
   * `from`: the first of the view's events to play (those before it were seen already).
   */
  async show(answer, { previous, animate, from = 0 }) {
    const view = answer.view;
    const events = animate ? (view.events || []).slice(from) : [];
    const speed = this.state.settings.speed;
    const drawn = [];    // cards the person drew in these events (marked "new" in the hand)
    const round = [];    // every line of these events: an instant round is announced whole
    // The drawn card stays marked through the turn, until the person discards (or the deal ends).
    const discarded = events.some((event) => event.seat === 0 && event.type === "discard");
    const kept = animate && !discarded ? this.state.newCards.map((key) => key.split("#")[0]) : [];
    const others = events.some(byRival);
    if (others) this.set({ hint: { text: t("hint.wait") }, othersPlaying: true, skippable: true, skipping: false, statusNote: null });
    const instantNow = () => speed === "instant" || this.state.skipping; // the chosen speed, or Skip ahead
    if (events.length) {
      this.set({ final: view }); // the contract panel reads the hand after the person's play from it
      const hooks = {
        say: (text, event) => {
          round.push(text);
          this.say(text, { kind: event.type === "deal_start" || event.type === "deal_end" ? "deal" : "", event });
          if (instantNow()) this.set({ statusEarlier: round.slice(0, -1).join(" ") });
          this.sound?.event(event);
        },
        show: (shown, event) => {
          const { recent, seat } = markedMelds(this.state.recentMelds, this.recentSeat, event);
          this.recentSeat = seat;
          // A new deal's hand comes sorted: an order of the person's own was for the last hand (a
          // play-test's next hands came in deal order, each drawn card put at the end).
          if (event.type === "deal_start" && this.state.manual) this.set({ manual: false });
          const { order, added } = this.arrangeHand(shown.hand);
          if (event.type === "draw" && event.seat === 0 && event.card && added.length) drawn.push(...added);
          if (event.type === "deal_start") { drawn.length = 0; kept.length = 0; }
          if (event.type === "discard" && event.seat === 0) kept.length = 0;
          this.set({ shown, order, recentMelds: recent, newCards: newKeys(order, drawn.length ? drawn : kept) });
          this.set(this.waitFollows());
          if (!instantNow() || event.seat === 0) this.renderer.flush();
          if (event.seat === 0) this.keepFocus(); // the card played had the focus
          if (this.focusTable) this.focusNewTable();
        },
        hurried: () => this.hurrying > 0,
        skipping: () => this.state.skipping,
        dealEnd: (event, shown) => this.dealSheet(event, shown, view, answer.save),
      };
      await playEvents({ previous: previous || this.state.shown, final: view, events, speed, hooks });
    }
    const { order } = this.arrangeHand(view.hand);
    if (!animate && view.turn === 0 && view.phase === "play") {
      // Resumed after the person drew: their draw is among the view's events (since their last action).
      for (const event of view.events || []) if (event.seat === 0 && event.type === "draw" && event.card) drawn.push(event.card);
    }
    const newCards = newKeys(order, drawn.length ? drawn : kept);
    const whole = instantNow(); // a round played at Instant is said whole (statusEarlier)
    this.set({ view, shown: view, final: null, save: answer.save, order, newCards, selected: null, othersPlaying: false, skippable: false, skipping: false });
    if (view.game_over) this.set({ hint: { text: t("hint.over") } }); // not "the computer players are playing…"
    if (!whole || round.length < 2) this.set({ statusEarlier: "" });
    // What the computer players did to the table this round stays below the status line through
    // the person's turn (this deal's plays only: a deal that ended has its sheet). Kept as events,
    // so it is worded in the language of the moment. A round that ended with no computer turn
    // after it (the person went out, the next deal is theirs to open) ends the note too: the last
    // deal's lay-offs stood over the new deal's empty table (a play-test).
    const since = roundSince(events);
    if (others || since.length < events.length) this.set({ statusNote: since.length ? { events: since, players: view.players } : null });
    this.waitLine = null;
    if (view.turn === 0 && !view.game_over && !this.state.status) this.say(turnLine(view), { log: false });
    if (!animate && !previous) {
      if (!view.game_over) this.set({ hint: view.turn === 0 ? { text: this.phaseLine(view) } : null });
      await this.rebuildLog(view);
    }
  }

  /**
   * The sheet of a deal that just ended (`event`; `shown`, the table at its end; `view` and
   * `save`, where these events lead), until the person moves on. While it is open the record
   * keeps it (`sheet`: the deal and its last table), so a reload opens it again (showStored)
   * instead of going on to the next deal's table unread (a play-test reloaded on the sheet and
   * found the next deal already played up to its turn). Not the lesson's: its sheet ends it.
   * `look`: reopened on the look at the deal's table, where the person was when the page went.
   */
  async dealSheet(event, shown, view, save, { look = false } = {}) {
    // No Skip ahead beside the deal's sheet; the next deal's turns start at the chosen speed.
    this.set({ skippable: false, skipping: false });
    const after = view.events.slice(view.events.indexOf(event) + 1);
    const last = view.game_over && !after.some((e) => e.type === "deal_end");
    // The line under the hand says what the sheet asks for, not "the computer players are playing…".
    // The lesson is one deal: its sheet ends the lesson, not "Next deal".
    const lesson = Boolean(this.lesson);
    const line = lesson ? "hint.deal_over_lesson" : last ? "hint.deal_over_last" : "hint.deal_over";
    this.set({ shown, statusEarlier: "", hint: { text: t(line, { deal: event.deal }) } });
    this.renderer.flush();
    // Not over a sheet the person opened meanwhile (the menu, its question): after it. Another
    // game chosen there skips it; accept() keeps it due, for when this game is continued.
    await dialogs.noneOpen(() => this.hurrying > 0);
    if (this.hurrying > 0) return;
    const next = lesson ? "deal.lesson_end" : last ? "deal.results" : "deal.next";
    // A challenge: how the challenger did on this deal. The person's contracts and points
    // after it are the final view's (these events hold one deal's end: the person plays in
    // every deal, and points change only at a deal's end).
    const rival = this.state.mode?.challenge;
    const { completed, penalty } = view.players[0];
    const note = () => (rival?.result?.climbed ? duelLine(rival.name, rival.result, event.deal, { completed, penalty }) : null);
    const sheetWords = () => ({ next, note: note(), title: lesson ? t("deal.lesson_title") : null, last: last && !lesson });
    // The record holds it already (accept() kept it due, or it was reopened from the record):
    // later saves while it is open (the hand's order) keep it too.
    const kept = this.keptSheet(event, shown, view);
    if (kept) this.openSheet = kept;
    // The record says which of the two the person is at, the sheet or the look at the table it
    // covers: a reload on the look brought the sheet back, to be put away again (a play-test).
    const keep = (looking) => {
      if (!kept || this.hurrying || Boolean(this.openSheet?.look) === looking) return;
      this.openSheet = looking ? { ...kept, look: true } : kept;
      this.persist({ save, view });
    };
    let choice = look ? "look" : await dialogs.showDealEnd(event, shown.players, sheetWords());
    while (choice === "look" && !this.hurrying) {
      keep(true);
      choice = await this.lookAtDeal({ deal: event.deal, next, summary: event });
      if (choice !== "scores") break;
      keep(false);
      this.set({ hint: { text: t(line, { deal: event.deal }) } });
      choice = await dialogs.showDealEnd(event, shown.players, sheetWords());
    }
    // Closed by the person, it is no longer kept; put away for another game (hurried: from the
    // look at its table, the menu open over it), it stays, to open when this game is continued
    // (a play-test came back to the next deal, its first turns played, the look lost).
    if (kept) { this.openSheet = null; if (!this.hurrying) this.persist({ save, view }); }
    // The sheet closed: the next deal's computer turns (if any come first) play on.
    const others = after.some(byRival);
    this.set({ hint: others ? { text: t("hint.wait") } : null, skippable: others });
  }

  /**
   * What the record keeps of a deal's sheet while it is due or open (`sheet`: the deal and its
   * last table), or null: the lesson's sheet ends the lesson, and a game that ended is counted,
   * not resumed.
   */
  keptSheet(event, shown, view) {
    return this.lesson || view.game_over ? null : { deal: event.deal, table: { ...shown, events: [] } };
  }

  /**
   * After a reload: the Plays log as it was, narrated again from the game's last events (those
   * up to the event numbered `through`, when given).
   */
  async rebuildLog(view, through = Infinity) {
    const answer = await this.engine.recentEvents(LOG_LENGTH);
    if (!answer.ok || this.state.view !== view) return;
    const log = answer.events.filter((event) => !(event.seq > through)).map((event) => {
      this.logId += 1;
      const kind = event.type === "deal_start" || event.type === "deal_end" ? "deal" : "";
      return { id: this.logId, text: narrate(event, view.players), kind, event };
    }).filter((entry) => entry.text);
    // The line below the status line, as it stood before the reload: what the computer players did
    // to the table since the person's last turn (a play-test reloaded mid-turn and lost it).
    const note = view.turn === 0 && !view.game_over && through === Infinity ? roundSince(answer.events) : [];
    this.set({ log, statusNote: note.length ? { events: note, players: view.players } : null });
  }

  /**
   * The person's turn came back (or went on): the line under the hand says what to do now,
   * and the keyboard focus lands on the next thing to use.
   */
  turnBack(view) {
    if (view.turn === 0 && !view.game_over) this.set({ hint: { text: this.phaseLine(view) } });
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
    const lost = focusLost(active);
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

  say(text, { log = true, kind = "", event = null } = {}) {
    if (!text) return;
    const patch = { status: text };
    if (!log) patch.statusEarlier = "";
    if (log) {
      this.logId += 1;
      // The event it narrates is kept with it, to be said again in another language (retranslate).
      patch.log = [...this.state.log, { id: this.logId, text, kind, event }].slice(-LOG_LENGTH);
    }
    this.set(patch);
  }

  // ---- intents from input.js ----

  /**
   * "Skip ahead": the computer players' turns still to come before the person's (or the deal's
   * end) play at Instant, each still said and logged. A play-test waited 5-7 s a round at the
   * Normal speed, some 90 s a deal, with no way to hurry a round it did not need to watch.
   */
  skipAhead() {
    if (this.state.skippable && !this.state.skipping) this.set({ skipping: true });
  }

  myTurn() {
    const { view, busy } = this.state;
    return Boolean(view && !busy && view.turn === 0 && !view.game_over);
  }

  /** Busy with the person's own move (its engine call or its animation), not the computers'. */
  ownMoveInFlight() {
    const { view, busy, othersPlaying, arrange, look } = this.state;
    return Boolean(busy && view && view.turn === 0 && !view.game_over && !othersPlaying && !arrange && !look);
  }

  /** Lift the card tapped while the person's own move was on its way, if the turn is still theirs. */
  liftTapped() {
    const card = this.tappedMeanwhile;
    this.tappedMeanwhile = null;
    if (!card || !this.myTurn() || this.state.view.phase !== "play" || this.state.selected !== null || this.state.arrange) return;
    const index = this.state.order.indexOf(card);
    if (index >= 0) this.set({ selected: index, hint: this.cardHint(card) });
  }

  /**
   * Whose turn the table shows, in words, when a tap comes while the person cannot play:
   * "Not your turn: Kaan is playing." (the computer players' moves are still being shown);
   * null when there is nothing to say.
   */
  waitReason() {
    const { view, shown } = this.state;
    if (!view || view.game_over) return t("hint.over");
    // The person's own move is on its way (a pile tapped twice, a card played): nothing to
    // explain, and not "the computer players are playing…", which stayed up through their turn.
    if (this.ownMoveInFlight()) return null;
    const seat = shown?.turn ?? view.turn;
    const name = seat !== null && seat !== undefined && seat !== 0 ? view.players[seat]?.name : null;
    return name ? t("hint.not_your_turn", { name }) : t("hint.wait");
  }

  /** Explain why a tap while the person cannot play did nothing (if there is anything to say). */
  explainWait() {
    if (this.state.look) { this.explain(this.lookLine(this.state.look)); return; } // the way on, not "playing…"
    const why = this.waitReason();
    if (why) this.explain(why);
    this.waitLine = why;
  }

  /**
   * A wait explained ("Not your turn yet: Mira is playing.") follows the turns shown: it names
   * the next seat as that one plays, and goes from the status line when the person's turn comes
   * (a play-test read it beside the ringed piles, as if the tap had been refused). Returns the
   * patch for the line under the hand.
   */
  waitFollows() {
    const line = this.waitLine;
    if (!line) return {};
    const why = this.waitReason();
    if (this.state.hint?.text !== line || !why || why === line) return {};
    this.waitLine = why;
    return { hint: { text: why, warn: true } };
  }

  /**
   * Explain, in the line under the hand, why a tap did nothing. That line is a live region of its
   * own; the status box beside the piles keeps its line (it said the same words a second time, a
   * play-test, and a screen reader heard them twice).
   */
  explain(text) {
    this.set({ hint: { text, warn: true } });
  }

  /**
   * A rival's seat tapped: the line under the hand reads it out as its name says it (`label`,
   * render.js drawSeats), the card beside the name included: its meaning was only in a tooltip,
   * which a touch screen never shows (a play-test).
   */
  describeSeat(label) {
    if (label) this.set({ hint: { text: label } });
  }

  tapPile(pile) {
    if (!this.myTurn()) { this.explainWait(); return; }
    const view = this.state.view;
    // The two refusals a tap on a pile meets most, said at once without asking the engine.
    if (view.phase !== "draw") { this.explain(t("hint.drawn_already")); return; }
    if (pile === "discard" && !view.discard.length) { this.explain(t("hint.discard_empty")); return; }
    this.play(`draw ${pile}`); // not in view.legal otherwise? the engine says why, in words
  }

  tapCard(index) {
    const state = this.state;
    if (!this.myTurn()) {
      // The person's own move is on its way (the drawn card still flying in): the card tapped is
      // lifted once it has landed (liftTapped), not dropped (a play-test tapped two or three times).
      if (this.ownMoveInFlight()) { this.tappedMeanwhile = state.order[index] ?? null; return; }
      this.explainWait();
      return;
    }
    const card = state.order[index];
    if (state.arrange) { this.arrangeCard(index); return; }
    if (state.view.phase === "draw") {
      this.explain(this.drawFirst());
      return;
    }
    if (state.selected === index) {
      // A card the hint lifted for a lay-off: tapping it again plays the lay-off it was lifted
      // for; discarding it instead would end the turn on the opposite of the advice.
      const advice = state.hint?.move;
      if (advice?.startsWith("layoff ") && advice.split(" ")[1] === card) { this.play(advice); return; }
      if (advice === `discard ${card}`) { this.discardSelected(); return; }
      // A card that fits a meld is laid off by the second tap when it fits one meld only, and put
      // back when it fits several (or is a joker): never discarded, which would hand it to the
      // next player (the line under the hand says which; Discard still discards it).
      const { melds, onto } = this.secondTap(card);
      if (onto) { this.layoffTo(onto); return; }
      if (melds.length) { this.deselect(); return; }
      this.discardSelected();
      return;
    }
    this.set({ selected: index, hint: this.cardHint(card) });
    this.lesson?.lifted(card, this.secondTap(card).melds.length > 0);
  }

  cardHint(card) {
    const view = this.state.view;
    const name = cardName(card);
    const down = view.players[0].laid_down && !view.laid_down_this_turn;
    const { melds, onto } = down ? this.secondTap(card) : { melds: [], onto: null };
    if (view.taken && card === view.taken) {
      // It cannot be thrown back, but a card that fits the table can still be laid off: say that
      // way, not only the warning (a play-test read the warning and thought it stuck).
      if (melds.length) return { text: t(onto ? "hint.taken_layoff_one" : "hint.taken_layoff", { card: name }) };
      return { text: t("hint.taken", { card: name }), warn: true };
    }
    if (!view.players[0].laid_down) return { text: t("hint.selected", { card: name }) };
    if (view.laid_down_this_turn) return { text: t("hint.laid_this_turn") };
    if (melds.length) return { text: t(onto ? "hint.selected_laid_one" : "hint.selected_laid", { card: name }) };
    return { text: t("hint.no_fit", { card: name }) };
  }

  /**
   * What a second tap on a lifted `card` does once down: `melds`, those it can be laid off on as
   * the engine lists them (a joker at either end of one run counts once), and `onto`, the one it
   * is laid off on — the only meld it fits, never for a joker (laid off only on purpose). The tap
   * and the line under the hand both read this, so they cannot disagree.
   */
  secondTap(card) {
    const melds = [...new Set(layoffTargets(this.state.view.legal, card).map((target) => target.meld))];
    return { melds, onto: melds.length === 1 && card !== "JK" ? melds[0] : null };
  }

  /**
   * A hand card dragged onto a meld (its id) or onto the discard pile ("discard"): as lifting it
   * and tapping there, with the same words when the engine's moves have no such play (a
   * play-test dragged cards there and saw only the hand reordered). False while the Arrange
   * panel is open: there a drag only reorders the hand.
   */
  dropCard(index, target) {
    if (this.state.arrange) return false;
    if (!this.myTurn()) { this.explainWait(); return true; }
    if (this.state.view.phase === "draw") { this.explain(this.drawFirst()); return true; }
    const fits = this.dropFits(index, target);
    this.set({ selected: index, hint: this.cardHint(this.state.order[index]) });
    if (target === "discard") this.discardSelected();
    else this.layoffTo(target, { dropped: true });
    // Refused: the words stay, the card goes back to the hand (left lifted, a tap to take it up
    // again would have discarded it; a play-test).
    if (!fits) this.set({ selected: null });
    return true;
  }

  /** Whether hand card `index` let go on `target` would be played: the drag lights the spot so. */
  dropFits(index, target) {
    const { view, order, arrange } = this.state;
    if (arrange || !view || !this.myTurn() || view.phase !== "play") return false;
    const card = order[index];
    return target === "discard" ? canDiscard(view.legal, card) : layoffTargets(view.legal, card).some((one) => one.meld === target);
  }

  deselect() {
    if (this.state.selected !== null) this.set({ selected: null, hint: this.myTurn() ? { text: this.phaseLine() } : null });
  }

  /** Escape backs out of what is open: the Arrange panel, a lifted card, the keyboard panel (when in it). */
  escape() {
    if (this.state.arrange) { this.arrangeAction("cancel"); return; }
    if (this.state.selected !== null) { this.deselect(); return; }
    if (this.state.keyboardOpen && $("keyboard-panel").contains(document.activeElement)) this.toggleKeyboard(false);
  }

  /**
   * The focused element went (a card played, a panel closed): put the focus on the hand, never on
   * the page, while the computer players' turns play out (a play-test's Tab started over from the top).
   */
  keepFocus(on = $("hand")) {
    if (document.querySelector("dialog[open]") || !focusLost()) return;
    on.focus({ preventScroll: true, focusVisible: this.keyboardUsed });
  }

  discardSelected() {
    const { selected, order, view } = this.state;
    if (!this.myTurn()) { this.explainWait(); return; }
    if (view.phase === "draw") { this.explain(this.drawFirst()); return; }
    if (selected === null) { this.explain(t("hint.pick_discard")); return; }
    const card = order[selected];
    if (view.taken && card === view.taken && !canDiscard(view.legal, card)) {
      this.explain(t("hint.taken", { card: cardName(card) }));
      return;
    }
    if (this.warnFirst(`discard ${card}`, `discard ${card}@${selected}`, { joker: true })) return;
    this.play(`discard ${card}`);
  }

  /**
   * A discard that is likely a slip only warns, on the line under the hand, and the same attempt
   * again (`key`: the lifted card's place in the hand, a move of the Legal moves list) plays it:
   * - a joker, lifted in the hand (`joker`): it fits any meld, and the next player can take it. A
   *   double tap throws a card, so it names who plays next. Not when the engine allows no other
   *   discard (every other card is barred, or the joker is the last card: going out);
   * - any card while the contract could go down: the turn would end without it (a keyboard
   *   play-tester's stray Enter in the Legal moves list threw a card of a ready contract).
   * Both at once say the joker's warning, the rarer and costlier slip (the lit Lay down says the rest).
   */
  warnFirst(move, key, { joker = false } = {}) {
    const view = this.state.view;
    const card = move.split(" ")[1];
    if (!move.startsWith("discard ") || this.state.hint?.confirm === key) return false;
    const wild = joker && card === "JK" && view.legal.some((other) => other.startsWith("discard ") && other !== "discard JK");
    const ready = view.legal.includes("laydown");
    if (!wild && !ready) return false;
    const text = wild ? t("hint.joker_discard", { name: view.players[1].name }) : t("hint.ready_discard", { card: cardName(card) });
    this.set({ hint: { text, warn: true, confirm: key } }); // the line under the hand, live: said once
    return true;
  }

  /**
   * "Lay down contract" tapped: the engine lays it down. Greyed (not in view.legal) before the
   * contract is ready: say so in the person's language, with what is still missing.
   */
  layDown() {
    const view = this.state.view;
    if (!this.myTurn()) { this.explainWait(); return; }
    if (view.phase === "draw") { this.explain(this.drawFirst()); return; }
    if (!view.legal.includes("laydown") && !view.players[0].laid_down && !view.contract_ready) {
      this.explain([t("hint.not_ready"), progressSentence(view.progress, view.hand)].filter(Boolean).join(" "));
      return;
    }
    // The engine's lay-down that leaves the fewest points in hand, written out (view.laydown_move);
    // anything else the engine refuses comes back with its reason.
    this.play(view.laydown_move || "laydown");
  }

  /**
   * A meld tapped. With a card lifted that it takes (view.legal): lay it off. Otherwise say why
   * not, in words chosen from the view: not laid down yet, laid down this turn, or the card
   * does not fit here (view.legal has no such lay-off). `dropped`: the card was dragged there.
   */
  async layoffTo(meldId, { dropped = false } = {}) {
    const { selected, order, view } = this.state;
    if (!this.myTurn()) { this.explainWait(); return; }
    if (view.phase === "draw") { this.explain(this.drawFirst()); return; }
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
      // A dragged card goes back to the hand unlifted (dropCard), so its words do not send the
      // person to Discard, greyed with nothing lifted (a play-test), or to melds not lit.
      else this.explain(t(`${layoffTargets(view.legal, card).length ? "hint.no_fit_meld" : "hint.no_fit"}${dropped ? "_drop" : ""}`, { card: name }));
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

  /**
   * Open or close the keyboard panel (remembered); opening it puts the focus in it, and closing
   * it puts the focus back where it was before: a player who pressed K on a card and K again was
   * left on the top bar's button, nine Tabs from the hand (a play-test).
   */
  toggleKeyboard(open = !this.state.keyboardOpen) {
    const panel = $("keyboard-panel");
    const from = document.activeElement;
    this.set({ keyboardOpen: open });
    this.storage.write(KEYS.panels, { keyboard: open });
    this.renderer.flush();
    if (open) {
      this.keyboardFrom = from && from !== document.body && !panel.contains(from) ? { element: from, card: from.dataset?.card } : null;
      panel.scrollIntoView({ block: "nearest" });
      // With no move listed (the computer players' turns), the Command box only for a keyboard: a
      // tap that put the focus there raised a tablet's on-screen keyboard over the hand, and it
      // stayed into the person's turn (a play-test at 1024×768). The list waits with it instead.
      const first = $("legal-moves").querySelector("button");
      (first || (this.keyboardUsed ? $("command-input") : $("legal-moves"))).focus({ preventScroll: true });
    } else if (panel.contains(from) || from === document.body || from === null) {
      this.focusBefore(this.keyboardFrom);
    }
  }

  /** Focus what had it before the keyboard panel opened, or the same card if the hand was drawn again; else the panel's button. */
  focusBefore(before) {
    this.keyboardFrom = null;
    const card = before?.card && $("hand").querySelector(`button.card[data-card="${CSS.escape(before.card)}"]`);
    const target = [before?.element, card].find((one) => one?.isConnected && !one.closest("[hidden]")) ?? $("keyboard-button");
    target.focus({ preventScroll: true });
  }

  /** The Plays log as a sheet (phones and tablets, where the side panel does not fit). */
  openLog() {
    return dialogs.openLog(() => this.renderer.drawLog(this.state));
  }

  command(text) {
    const command = text.trim().replace(/\s+/g, " ");
    if (!command) return;
    if (!this.engine || this.state.busy) return;
    this.play(command, { from: "keyboard", typed: true }); // a refused command stays in the box, its reason under it
  }

  toggleSort() {
    this.changeSetting("sort", sortAfterPress(this.state.settings.sort, this.state.manual));
  }

  moveHandCard(from, to) {
    const { order, selected } = this.state;
    if (from === to || from < 0 || from >= order.length) return;
    const next = moveCard(order, from, to);
    const place = Math.max(0, Math.min(to, order.length - 1));
    this.set({ order: next, manual: true, selected: selected === from ? place : null, hint: { text: t("hint.moved", { card: cardName(order[from]), place: place + 1 }) } });
    this.persist();
  }

  // ---- arranging a lay-down of one's own ----

  openArrange() {
    const view = this.state.view;
    if (!this.myTurn() || view.phase !== "play") return;
    this.set({ arrange: { slots: view.players[0].contract.map(() => []), active: 0, error: "" }, selected: null, hint: null });
    // The focus goes into the panel, on its first slot (it stayed on Arrange, the slots three
    // Tabs away behind Discard, Hint and Sort).
    this.renderer.flush();
    $("arrange").querySelector("[data-slot]")?.focus({ preventScroll: true, focusVisible: this.keyboardUsed });
  }

  /**
   * A card tapped while the panel is open: taken back if it is in a slot, else put in the lit
   * slot, or in the next one (see `slotFor`). Taps are handled one after another, as each may
   * wait on the engine.
   */
  arrangeCard(index) {
    this.arranging = (this.arranging ?? Promise.resolve()).then(() => this.placeInArrange(index))
      .catch((error) => console.error("ladder-rummy: arranging a card:", error));
    return this.arranging;
  }

  async placeInArrange(index) {
    const arrange = this.state.arrange;
    if (!arrange) return;
    const slots = arrange.slots.map((slot) => slot.filter((i) => i !== index));
    const removed = slots.flat().length < arrange.slots.flat().length;
    const chosen = removed || arrange.picked ? arrange.active : await this.slotFor(arrange, index);
    const now = this.state.arrange;
    if (!now || now.slots !== arrange.slots) return; // closed or cleared meanwhile
    const active = now.active === arrange.active ? chosen : now.active; // a slot tapped meanwhile wins
    if (!removed) slots[active].push(index);
    this.set({ arrange: { ...now, slots, active, picked: removed && now.picked, error: "" } });
    this.judgeArrange();
  }

  /**
   * The slot a card goes to: the lit one, unless that one holds its meld at the contract's size
   * already and the engine says the card would not lengthen it; then the next slot still short
   * of its size, which lights up. A person fills the slots in order without tapping each one (a
   * play-test expected the next slot to take its cards), and a fourth card of a group, or the
   * next card of a run, still joins its meld. Whether a card fits is the engine's call. A slot
   * the person has just tapped takes the next card whatever it holds (`picked`).
   */
  async slotFor(arrange, index) {
    const contract = this.state.view?.players[0].contract ?? [];
    const { active, slots } = arrange;
    if (slots[active].length < (contract[active]?.size ?? Infinity)) return active;
    const next = [...slots.keys()].map((step) => (active + 1 + step) % slots.length)
      .find((n) => n !== active && slots[n].length < contract[n].size);
    if (next === undefined || !this.engine) return active;
    // The slots as they stand were judged after the last card (judgeArrange): asked again only
    // if that answer has not come back yet.
    const judged = arrangeJudged(this.state);
    const ask = (each) => this.engine.checkSlots(arrangedSlots({ slots: each }, this.state.order));
    const holds = (answer) => Boolean(answer?.ok && answer.slots[active]?.ok);
    const longer = slots.map((slot, n) => (n === active ? [...slot, index] : slot));
    const [now, then] = await Promise.all([judged ? { ok: true, slots: judged.answers } : ask(slots), ask(longer)]);
    return holds(now) && !holds(then) ? next : active;
  }

  /**
   * Asks the engine which slots hold their meld already (each is marked ✓) and, once all are
   * filled, whether it would accept the lay-down, so "Lay these down" lights only then (a
   * play-test: it was lit for melds the engine then refused, and only the first wrong meld was
   * named). The answer is kept with the slots it judged; render.js trusts it only while the
   * slots still hold those cards. Nothing is played: the greyed button stays tappable and says why.
   */
  async judgeArrange() {
    const arrange = this.state.arrange;
    if (!arrange || !this.engine) return;
    const slots = arrangedSlots(arrange, this.state.order);
    const key = JSON.stringify(slots);
    const fits = await this.engine.checkSlots(slots);
    // The whole lay-down is asked after the slots: a run tapped high to low goes down as the
    // engine reads its slot (low to high).
    const command = arrangedLaydown(arrange, this.state.order, fits.ok ? fits.slots : []);
    const whole = command ? await this.engine.check(command) : null;
    const now = this.state.arrange;
    if (!now || JSON.stringify(arrangedSlots(now, this.state.order)) !== key) return; // the slots changed meanwhile
    // Every slot as long as its meld must be: the person thinks it done, so a refusal is said at
    // once, not only on a tap of the greyed button (a play-test met silence there). Said while
    // slots still fill, it would scold every card; but a slot as long as its meld that makes none
    // is marked ✗ (render.js), and says why at once (a play-test saw the ✗ and no reason).
    // A slot's own reason comes first: judged as the lay-down, a wrong group in contract 2
    // read "neither a group nor a run" in the slot named "group" (a play-test).
    const size = (n) => this.state.view?.players[0].contract[n]?.size ?? Infinity;
    const full = now.slots.every((slot, n) => slot.length >= size(n));
    const reason = whole && !whole.ok && !whole.crash ? (fits.ok && fits.slots.find((slot) => !slot.ok)) || whole : null;
    const marked = fits.ok ? fits.slots.find((slot, n) => !slot.ok && now.slots[n].length >= size(n)) : null;
    const said = full ? reason : marked;
    const why = said && !now.error ? { error: this.arrangeLine(said), refusal: said } : {};
    this.set({ arrange: { ...now, ...why, judged: { key, reason, answers: fits.ok ? fits.slots : [], ok: Boolean(whole?.ok) } } });
  }

  arrangeAction(what, slot) {
    const arrange = this.state.arrange;
    if (!arrange) return;
    if (what === "slot") this.set({ arrange: { ...arrange, active: slot, picked: true } });
    if (what === "clear") this.set({ arrange: { ...arrange, slots: arrange.slots.map(() => []), active: 0, picked: false, error: "" } });
    // Closed unplayed: the line under the hand (empty while the panel's own help showed) says the phase again.
    if (what === "cancel") {
      this.set({ arrange: null, hint: { text: this.phaseLine() } });
      this.renderer.flush();
      this.keepFocus($("arrange-button").getClientRects().length ? $("arrange-button") : $("hand"));
    }
    if (what === "submit") {
      // An empty slot is refused here: "laydown " with nothing after it would be the plain
      // "laydown", the engine's own arrangement of cards the person did not choose.
      // A slot with cards that make no meld is named first: "fill every slot" alone sent a
      // play-test to fill the empty one and meet a second refusal for the first.
      // Judged already (judgeArrange): the same reason the panel shows, a slot's own first; the
      // lay-down goes as the engine read the slots.
      const judged = arrangeJudged(this.state);
      const command = arrangedLaydown(arrange, this.state.order, judged?.answers);
      if (!command) {
        const wrong = judged?.answers.find((answer, n) => !answer.ok && arrange.slots[n].length);
        this.fail(wrong ?? { ok: false, code: "meld_empty", params: {} }, "arrange");
        return;
      }
      if (judged?.reason) { this.fail(judged.reason, "arrange"); return; }
      this.play(command, { from: "arrange" });
    }
  }

  // ---- menus ----

  /**
   * The deal's sheet was put away by Escape or Back: its last table stays to be looked at (the
   * melds as they ended, which the sheet covers), and the actions row offers the scores again
   * and the way on. Resolves "next" or "scores".
   */
  lookAtDeal({ deal, next, summary }) {
    this.endLook("next"); // never two
    return new Promise((resolve) => {
      this.looking = resolve;
      this.set({ look: { next, deal, summary }, hint: { text: this.lookLine({ next, deal }) } });
      this.renderer.flush();
      $("next-deal-button").focus({ focusVisible: this.keyboardUsed });
    });
  }

  /** The line under the hand while a deal's last table is looked at. */
  lookLine({ next, deal }) {
    return t(this.lesson ? "hint.deal_look_lesson" : "hint.deal_look", { deal, next: t(next) });
  }

  /** Leave the look at a deal's last table: on to `choice` ("next" or "scores"). */
  endLook(choice) {
    const resolve = this.looking;
    if (!resolve) return;
    this.looking = null;
    // The focus leaves the look's buttons before they hide (a sheet closing gives it back there).
    if ($("actions").contains(document.activeElement)) $("hand").focus({ preventScroll: true });
    this.set({ look: null, hint: null });
    resolve(choice);
  }

  async openMenu() {
    if (this.state.screen !== "table") return;
    // At once, even over a deal's last table being looked at: closed, the menu leaves that look
    // as it was; a game chosen from it hurries the deal's end through (hurryToIdle). It used to
    // wait for the next deal's computer turns, and opened late under keys meant for the table.
    await this.showStart();
  }

  /** The Rules page; its "Learn by playing" starts the lesson. Resolves whether the lesson started. */
  async openRules() {
    const view = this.state.view;
    const value = await dialogs.openRules({
      languages: LANGUAGES,
      learn: true,
      // A game on the table stays in its slot while the lesson plays: say so where it is offered.
      kept: Boolean(this.holding() && view && !view.game_over && !this.lesson),
      onLanguage: async (lang) => {
        await this.changeSetting("lang", lang);
        // Closed while the table was being said again in the new language (a quick Escape):
        // it stays closed, not opened again over whatever the person went to next.
        if ($("rules-dialog").open) this.openRules();
      },
    });
    return value === "learn" && this.startLesson();
  }

  // ---- learn by playing (tutorial.js) ----

  /** A first visit: nothing played or kept here, and the lesson neither taken nor declined. */
  firstVisit() {
    return !this.storage.read(LESSON_SEEN, null) && !this.stats.games().length && !this.saves.current() && !this.holding();
  }

  /** Start the guided deal on the real table. Resolves whether it started. */
  async startLesson() {
    if (this.lesson || this.startingLesson) return false;
    this.startingLesson = true;
    try {
      this.storage.write(LESSON_SEEN, { seen: true });
      this.lessonAt = null;
      const started = await this.newGame({ ...LESSON });
      if (!started) return false;
      if (started === LATER) return true; // another game chosen meanwhile starts instead
      this.lesson = this.coach(0);
      this.lesson.draw();
      return true;
    } finally {
      this.startingLesson = false;
    }
  }

  /**
   * "Draw a card first", said to a tap made before the draw: in the lesson, its one pile ("the
   * stock or the discard pile" under a coach that allowed the stock alone, a play-test).
   */
  drawFirst() {
    const { lessonPile, view } = this.state;
    return lessonPile && view ? phaseHint(view, lessonPile) : t("hint.draw_first");
  }

  /** The line under the hand for the phase the person is in (the lesson's draw step names its pile). */
  phaseLine(view = this.state.view) {
    return phaseHint(view, this.state.lessonPile);
  }

  /**
   * The lesson's step names its one pile to draw from (or none): render.js rings only that pile,
   * and the line under the hand, if it still says the phase, names it too.
   */
  lessonPileIs(pile) {
    const { lessonPile, hint, view } = this.state;
    if (pile === lessonPile) return;
    const phaseLine = view && hint?.text === phaseHint(view, lessonPile);
    this.set({ lessonPile: pile, ...(phaseLine ? { hint: { ...hint, text: phaseHint(view, pile) } } : {}) });
  }

  /** The coach of a lesson at step `step`; each step it moves on to is saved with the lesson's table. */
  coach(step) {
    return new Lesson({
      step,
      onSkip: () => this.endLesson(false),
      onDone: () => this.endLesson(true),
      onStep: (index) => {
        this.lessonAt = { step: index, moves: this.state.save?.log.length ?? 0 };
        if (this.slot === LESSON_SLOT) this.persist();
      },
      onPile: (pile) => this.lessonPileIs(pile),
    });
  }

  /**
   * The lesson's table came back from its slot (a reload, or a tab closed mid-lesson): the coach
   * comes back at the step it was saved at. A step saved before the table's last moves had seen
   * its own move played (tutorial.js `resume`).
   */
  resumeLesson(record, answer) {
    if (this.lesson) return;
    const saved = record.lesson && typeof record.lesson === "object" ? record.lesson : {};
    const moves = Number.isInteger(saved.moves) ? saved.moves : answer.save.log.length;
    this.lessonAt = { step: Number.isInteger(saved.step) ? saved.step : 0, moves };
    this.lesson = this.coach(this.lessonAt.step);
    this.lesson.resume(answer.view, answer.save.log.length > moves);
  }

  /** Another game takes the table: the lesson (on the table or only kept) is over and forgotten. */
  dropLesson() {
    this.lesson?.stop();
    this.lesson = null;
    this.lessonAt = null;
    this.saves.forget(LESSON_SLOT);
  }

  /** The lesson ended (`done`: its deal is over) or was skipped: let its table go; what next. */
  async endLesson(done) {
    this.lesson = null;
    this.lessonAt = null;
    this.saves.forget(LESSON_SLOT);
    if (this.slot === LESSON_SLOT) { this.tabs.release(LESSON_SLOT); this.slot = null; }
    // Its table goes too: the view is the next deal's already, a game nobody plays (a play-test
    // saw deal 2 dealt behind "lesson done" and the start sheet).
    this.set(emptyTable());
    if (done) {
      const choice = await dialogs.confirm({ title: t("learn.done_title"), text: [t("learn.done_text"), t("learn.done_next")], yes: t("learn.done_play"), no: t("learn.done_menu") });
      if (choice === "yes" && (await this.newGame({ mode: "new", difficulty: "easy" }))) return;
    }
    await this.showStart();
  }

  async openSettings() {
    await dialogs.openSettings({
      settings: this.state.settings,
      extra: [board.nameSettings({ leaderboard: this.leaderboard })],
      onChange: async (key, value) => {
        await this.changeSetting(key, value);
        // Redraw the sheet in the new language, if it is still open: a person who closed it while
        // the new language loaded does not want it back. The focus stays on the language chosen
        // (arrow keys on the choices dropped it to the page, a keyboard play-test).
        const sheet = $("settings-dialog");
        if (key !== "lang" || !sheet.open) return;
        const focused = sheet.contains(document.activeElement) ? document.activeElement.name : null;
        this.openSettings();
        if (focused) sheet.querySelector(`input[name="${focused}"]:checked`)?.focus({ focusVisible: this.keyboardUsed });
      },
    });
  }

  async changeSetting(key, value) {
    const settings = { ...this.state.settings, [key]: value };
    this.storage.write(KEYS.settings, settings);
    const patch = { settings };
    if (key === "sort") {
      patch.manual = false;
      patch.order = sortHand(this.state.shown?.hand || [], value);
      // A lifted card stays lifted in its new place (twins are the same card): the hint's card
      // dropped at a sort while the line still said "it is lifted" (a play-test).
      const { selected, order } = this.state;
      const lifted = selected === null || selected === undefined ? -1 : patch.order.indexOf(order[selected]);
      patch.selected = lifted >= 0 ? lifted : null;
    }
    this.set(patch);
    if (key === "lang") {
      await setLanguage(pickLanguage(value === "auto" ? null : value));
      await this.retranslate();
    }
  }

  /**
   * After a language change, every line the table keeps as text (the line under the hand, the
   * latest play, the Plays log) said again in the new language, as if it had been said in it.
   */
  async retranslate() {
    this.renderer.handCards.clear();
    const view = this.state.view;
    if (!view) { this.set({ hint: null }); return; }
    const { selected, order } = this.state;
    let hint = null;
    if (view.game_over) hint = { text: t("hint.over") };
    else if (view.turn === 0) hint = selected !== null && order[selected] ? this.cardHint(order[selected]) : { text: this.phaseLine(view) };
    else if (this.state.hint) hint = { text: t("hint.wait") };
    // A deal's last table looked at: its line, and the plays as they stood, each said again from
    // its event (the engine's are the next deal's; a play-test read them in the old language).
    if (this.state.look) {
      const log = this.state.log.map((entry) => (entry.event ? { ...entry, text: narrate(entry.event, view.players) || entry.text } : entry));
      const last = log[log.length - 1];
      this.set({ hint: { text: this.lookLine(this.state.look) }, log, statusEarlier: "", ...(last ? { status: last.text } : {}) });
      return;
    }
    this.set({ hint, statusEarlier: "" });
    if (this.state.commandError && this.commandRefusal) this.set({ commandError: this.refusalLine(this.commandRefusal) });
    const arrange = this.state.arrange;
    if (arrange?.error && arrange.refusal) this.set({ arrange: { ...arrange, error: this.arrangeLine(arrange.refusal) } }); // the panel's refusal, in the new language
    await this.rebuildLog(view);
    if (this.state.view !== view) return;
    const last = this.state.log[this.state.log.length - 1];
    this.set({ status: last ? last.text : view.turn === 0 && !view.game_over ? t("event.your_turn") : "" });
  }
}

/** What to do now, for the line under the hand: it always matches the phase of the turn. */
function phaseHint(view, pile = null) {
  const me = view.players[0];
  // The lesson's draw step names its one pile (a play-test read "the stock or the discard pile"
  // under a table that rang only the discard pile).
  if (view.phase === "draw") return t(pile ? `hint.draw_${pile}` : "hint.draw");
  if (view.laid_down_this_turn) return t("hint.play_just_laid");
  if (me.laid_down) return t(view.legal.some((move) => move.startsWith("layoff ")) ? "hint.play_laid" : "hint.play_laid_none");
  if (view.contract_ready) return t("hint.play_ready", { button: shownLabel("laydown-button") }); // as it reads now
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

/**
 * The events since the person's last turn ended (their discard, or a deal's start or end): the
 * computer players' round that the status box's note words (anim.js roundNote).
 */
function roundSince(events) {
  const ended = events.findLastIndex((event) => event.type === "deal_start" || event.type === "deal_end"
    || (event.seat === 0 && (event.type === "discard" || event.type === "out")));
  return events.slice(ended + 1);
}

/** Whether `event` is a computer player's play (a deal's start and end are nobody's). */
function byRival(event) {
  return event.seat !== undefined && event.seat !== null && event.seat !== 0;
}

/**
 * The status line of the person's turn on a resumed table: the draw made this turn ("You drew
 * 7♣.": a play-test reloaded after drawing and read "Your turn." as if the draw were to come),
 * else the last play of the computer players' round, as the line stood when the round was shown
 * (a reload during their turns left "Your turn.", the round's last discard unsaid: a play-test),
 * else "Your turn.". The view's events are those since the person's last action.
 */
function turnLine(view) {
  const events = view.events || [];
  const drew = view.phase === "play" ? events.findLast((event) => event.seat === 0 && event.type === "draw") : null;
  const theirs = drew ? null : events.findLast(byRival);
  const line = drew || theirs ? narrate(drew || theirs, view.players) : "";
  return line || t("event.your_turn");
}
