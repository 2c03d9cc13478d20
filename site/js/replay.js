// replay.js — the replay viewer: any finished game move by move, forward and back, every hand
// face up. The engine rebuilds each frame (adapter.watch / watch_frame); this draws it and moves
// between frames: one move, one deal, start and end, a slider, and autoplay. Keyboard: ← →
// move, Page Up / Page Down deal, Home / End, Space play or pause.

import { h } from "./dom.js";
import { cardElement, meldLabel, meldSlots } from "./cards.js";
import { cardName, contractWords, t } from "./i18n.js";
import { closeButton, open, sheet, sheetDialog } from "./dialogs.js";

const AUTOPLAY_MS = { slow: 1400, normal: 800, fast: 350, instant: 150 };
const CACHE_SIZE = 400;

/**
 * Open the viewer on a game. `source` resolves to a Save-like {mode, date, seed, difficulty, log}
 * or to {error}; `title` heads the sheet; `names` replaces seat names ({0: "Ayşe"}), else seat 0
 * is the person ("You"). Resolves when the viewer is closed.
 */
export async function openReplay({ engine, source, title, names = {}, speed = "normal" }) {
  const dialog = sheetDialog("replay-dialog", "sheet replay-sheet");
  const body = h("div", { class: "replay-body" }, h("p", { class: "small", role: "status", text: t("replay.loading") }));
  sheet("replay-dialog", title, body, [closeButton(dialog, "done", t("replay.close"), true)]);
  const closed = open(dialog);
  // Closed (or opened on another game) meanwhile: this one must not open a replay in the engine.
  const current = () => dialog.open && body.isConnected;
  const save = await source;
  if (!current()) return closed;
  const opened = save && !save.error ? await engine.watch(save) : { ok: false, error: save?.error };
  if (!current()) return closed;
  if (!opened.ok) {
    const reason = opened.crash ? t("error.crash") : opened.error || "";
    body.replaceChildren(h("p", { class: "notice", role: "alert", text: t("replay.failed", { reason }) }));
    return closed;
  }
  const viewer = new Viewer({ engine, dialog, body, first: opened.frame, names, interval: AUTOPLAY_MS[speed] || AUTOPLAY_MS.normal });
  dialog.addEventListener("close", () => viewer.stop(), { once: true });
  // Play has the focus: Space (or Enter) starts the game at once. On "Go to the start", greyed at
  // move 0, Space pressed that button and nothing moved (a play-test read Play as broken).
  viewer.controls.play.focus();
  return closed;
}

class Viewer {
  constructor({ engine, dialog, body, first, names, interval }) {
    this.engine = engine;
    this.dialog = dialog;
    this.names = names;
    this.interval = interval;
    this.frames = new Map([[0, first]]);
    this.dealStarts = new Map([[1, 0]]);
    this.dealing = null; // the deal move under way (deal): the next waits for it
    this.moves = 0; // counts the person's other moves (go, Play, close): a deal jump queued before one is dropped
    this.frame = first;
    this.want = 0;
    this.loading = null;
    this.timer = 0;
    this.total = first.total;

    this.now = h("p", { class: "replay-now", role: "status", "aria-live": "polite" });
    this.summary = h("div", { class: "replay-summary" });
    this.seats = h("div", { class: "replay-seats" });
    this.table = h("div", { class: "replay-table" });
    this.controls = this.makeControls();
    // The buttons first: a move's line grows from one line to three (a deal's start, in Turkish),
    // and below it they moved 40–80 px under a finger tapping ⏩ again and again (a play-test).
    body.replaceChildren(h("div", { class: "replay-head" }, this.controls.bar, this.now), this.summary,
      h("div", { class: "replay-layout" }, this.seats, this.table));
    this.onKey = (event) => this.key(event);
    dialog.addEventListener("keydown", this.onKey);
    this.draw(first, null);
  }

  // ---- controls ----

  makeControls() {
    const button = (name, action) => h("button", {
      type: "button", class: `replay-button ${name}`, "aria-label": t(`replay.${name}`), title: t(`replay.${name}`),
      onclick: action,
    }, glyph(name));
    const start = button("start", () => this.go(0));
    const prevDeal = button("prev_deal", () => this.deal(-1));
    const back = button("back", () => this.go(this.want - 1));
    const play = button("play", () => this.toggle());
    const forward = button("forward", () => this.go(this.want + 1));
    const nextDeal = button("next_deal", () => this.deal(1));
    const end = button("end", () => this.go(this.total));
    const slider = h("input", {
      type: "range", class: "replay-slider", min: "0", max: String(this.total), step: "1", value: "0",
      "aria-label": t("replay.slider"),
      oninput: () => this.go(Number(slider.value), { fromSlider: true }),
    });
    const bar = h("div", { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
      h("div", { class: "replay-buttons" }, start, prevDeal, back, play, forward, nextDeal, end), slider);
    return { bar, start, prevDeal, back, play, forward, nextDeal, end, slider };
  }

  key(event) {
    const target = event.target;
    if (target.matches?.("input, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = target.matches?.("button");
    const moves = {
      ArrowLeft: () => this.go(this.want - 1),
      ArrowRight: () => this.go(this.want + 1),
      Home: () => this.go(0),
      End: () => this.go(this.total),
      PageUp: () => this.deal(-1),
      PageDown: () => this.deal(1),
      " ": onButton ? null : () => this.toggle(),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (event.key !== " ") this.pause();
    move();
  }

  toggle() {
    this.moves += 1;
    if (this.timer) { this.pause(); return; }
    if (this.want >= this.total) this.go(0);
    this.timer = setInterval(() => {
      if (this.loading) return;
      if (this.want >= this.total) { this.pause(); return; }
      this.go(this.want + 1, { playing: true });
    }, this.interval);
    this.drawPlay();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = 0;
    this.drawPlay();
  }

  stop() {
    this.moves += 1; // closed: no queued deal jump asks the engine for frames any more
    this.pause();
    this.dialog.removeEventListener("keydown", this.onKey);
  }

  drawPlay() {
    const play = this.controls.play;
    const playing = Boolean(this.timer);
    play.setAttribute("aria-pressed", String(playing));
    this.now.setAttribute("aria-live", playing ? "off" : "polite"); // no running commentary while it plays
    play.setAttribute("aria-label", t(playing ? "replay.pause" : "replay.play"));
    play.title = play.getAttribute("aria-label");
    play.replaceChildren(glyph(playing ? "pause" : "play"));
  }

  // ---- moving between frames ----

  async frameAt(index) {
    if (this.frames.has(index)) return this.frames.get(index);
    const answer = await this.engine.watchFrame(index);
    if (!answer.ok) throw new Error(answer.error || "crash");
    if (this.frames.size >= CACHE_SIZE) this.frames.delete(this.frames.keys().next().value);
    this.frames.set(index, answer.frame);
    return answer.frame;
  }

  /** Show frame `index` (clamped); while one loads, the latest wish wins. */
  async go(index, { playing = false, fromSlider = false, fromDeal = false } = {}) {
    if (!fromDeal && !playing) this.moves += 1; // a move of the person's own: queued deal jumps give way
    if (!playing && !fromSlider) this.pause();
    this.want = Math.max(0, Math.min(this.total, index));
    if (!fromSlider) this.controls.slider.value = String(this.want);
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        while (this.frame.index !== this.want) {
          const target = this.want;
          const frame = await this.frameAt(target);
          const before = frame.action?.startsWith("draw stock") ? await this.frameAt(target - 1) : null;
          if (this.want === target) this.draw(frame, before);
        }
      } catch (error) {
        this.pause();
        this.now.textContent = t("replay.failed", { reason: error.message });
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** The first frame of deal `n` (binary search: deals only go up), or null if there is none. */
  async dealStart(n) {
    if (this.dealStarts.has(n)) return this.dealStarts.get(n);
    let lo = 0;
    let hi = this.total;
    if ((await this.frameAt(hi)).deal < n) return null;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await this.frameAt(mid)).deal >= n) hi = mid;
      else lo = mid + 1;
    }
    this.dealStarts.set(n, lo);
    return lo;
  }

  /**
   * One deal forward or back. Taps come faster than a deal's start is found (a search over frames
   * the engine replays), so each waits for the one before: two quick taps read the same move and
   * went one deal, not two.
   */
  deal(direction) {
    this.pause();
    const moves = this.moves; // a later move of another kind (Home, the slider, Play, Close) wins
    this.dealing = (this.dealing ?? Promise.resolve()).then(() => this.moveDeal(direction, moves)).catch((error) => {
      this.now.textContent = t("replay.failed", { reason: error.message });
    });
    return this.dealing;
  }

  async moveDeal(direction, moves) {
    if (moves !== this.moves) return undefined;
    const current = (await this.frameAt(this.want)).deal;
    let target;
    if (direction > 0) target = (await this.dealStart(current + 1)) ?? this.total;
    else {
      const start = await this.dealStart(current);
      target = start < this.want ? start : await this.dealStart(Math.max(1, current - 1));
    }
    return moves === this.moves ? this.go(target, { fromDeal: true }) : undefined;
  }

  // ---- drawing ----

  name(seat) {
    return this.names[seat] ?? (seat === 0 ? t("you") : this.frame.players[seat].name);
  }

  /** Seat 0 is the person watching their own game: "You discarded …" rather than a name. */
  isYou(seat) {
    return seat === 0 && this.names[0] === undefined;
  }

  draw(frame, before) {
    this.frame = frame;
    const c = this.controls;
    c.slider.value = String(frame.index);
    // aria-disabled, not disabled: a focused button that became disabled would drop the focus.
    for (const button of [c.start, c.back, c.prevDeal]) button.setAttribute("aria-disabled", String(frame.index === 0));
    for (const button of [c.end, c.forward, c.nextDeal]) button.setAttribute("aria-disabled", String(frame.index === this.total));
    const drawn = before ? drawnCard(before.players[frame.actor].hand, frame.players[frame.actor].hand) : null;
    this.now.replaceChildren(
      h("span", { class: "replay-count", text: t("replay.position", { index: frame.index, total: this.total, deal: frame.deal }) }),
      h("span", { class: "replay-action", text: this.narrate(frame, drawn) }));
    this.summary.replaceChildren(...this.summaryParts(frame));
    this.seats.replaceChildren(...frame.players.map((player) => this.seat(frame, player, drawn)));
    this.table.replaceChildren(...this.tableParts(frame));
  }

  narrate(frame, drawn) {
    if (frame.index === 0 || isDealStart(frame)) {
      const upcard = frame.discard[0];
      // A friend's game (seat 0 named): "Alex deals", not "you deal" (a play-test watching it).
      const key = this.isYou(frame.dealer) ? "event.you_deal_start" : "event.deal_start";
      const start = t(key, { deal: frame.deal, name: this.name(frame.dealer), card: upcard ? cardName(upcard) : "" });
      return frame.index === 0 ? start : `${t("event.deal_end", { deal: frame.deal - 1 })} ${start}`;
    }
    const [verb, played] = frame.action.split(" ");
    const you = this.isYou(frame.actor);
    const name = this.name(frame.actor);
    const say = (key, card) => t(you ? `event.you_${key}` : `event.${key}`, { name, card: card ? cardName(card) : "" });
    let text = frame.action;
    if (frame.action === "draw stock") text = you ? say("draw_stock", drawn) : t("replay.draw_stock", { name, card: drawn ? cardName(drawn) : "?" });
    else if (frame.action === "draw discard") text = say("draw_discard", frame.taken);
    else if (verb === "laydown") text = say("laydown");
    else if (verb === "layoff" || verb === "discard") text = say(verb, played);
    return frame.game_over ? `${text} ${t("event.game_end")}` : text;
  }

  summaryParts(frame) {
    if (frame.game_over) return [standingsTable(frame, (seat) => this.name(seat))];
    if (!isDealStart(frame) || !frame.last_deal) return [];
    const last = frame.last_deal;
    const climbed = last.hands.filter((hand) => hand.climbed).map((hand) => this.name(hand.seat));
    const who = last.went_out === null || last.went_out === undefined ? t("deal.stock") : t("deal.went_out", { name: this.name(last.went_out) });
    return [h("p", { class: "replay-deal-end" },
      h("strong", { text: t("event.deal_end", { deal: last.deal }) }), " ", who, " ",
      climbed.length ? t("replay.climbed", { names: climbed.join(", ") }) : t("replay.nobody_climbed"))];
  }

  seat(frame, player, drawn) {
    const seat = player.seat;
    const classes = ["replay-seat"];
    if (frame.turn === seat && !frame.game_over) classes.push("turn");
    if (frame.actor === seat && frame.index > 0) classes.push("actor");
    let marked = false;
    const cards = player.hand.map((card) => {
      const element = cardElement(card, { mini: true });
      if (!marked && seat === frame.actor && card === drawn) { element.classList.add("new"); marked = true; }
      return element;
    });
    const name = this.name(seat);
    if (!cards.length) cards.push(h("span", { class: "small", text: t("deal.none") }));
    return h("section", { class: classes.join(" "), dataset: { seat }, "aria-label": name },
      h("p", { class: "replay-who" },
        h("strong", { text: name }),
        h("span", { class: "seat-step", text: t("seat.step", { step: player.step }) }),
        h("span", { class: "small", text: t("seat.penalty", { points: player.penalty }) }),
        player.laid_down ? h("span", { class: "laid-badge", text: t("seat.laid") }) : null,
        frame.turn === seat && !frame.game_over ? h("span", { class: "small", text: t("replay.to_play") }) : null),
      h("p", { class: "small replay-contract", text: contractWords(player.contract) }),
      h("div", {
        class: "replay-hand", role: "img",
        "aria-label": t("replay.hand", { name, cards: player.hand.length ? player.hand.map(cardName).join(", ") : t("deal.none") }),
      }, cards));
  }

  tableParts(frame) {
    const top = frame.discard[frame.discard.length - 1];
    const piles = h("div", { class: "replay-piles" },
      h("span", { class: "small", text: t("pile.stock", { count: frame.stock }) }),
      h("span", { class: "replay-discard" },
        h("span", { class: "small", text: t("replay.discard") }),
        top ? cardElement(top, { mini: true }) : h("span", { class: "small", text: "—" })));
    const recent = recentMelds(frame.action);
    const owners = frame.players
      .map((player) => ({ player, melds: frame.table.filter((m) => m.owner === player.seat) }))
      .filter(({ melds }) => melds.length)
      .map(({ player, melds }) => h("section", { class: "owner-group" },
        h("h3", { class: "owner-name", text: this.isYou(player.seat) ? t("melds.yours") : t("melds.owner", { name: this.name(player.seat) }) }),
        h("div", { class: "owner-melds" }, melds.map((meld) => meldElement(meld, recent(meld, frame))))));
    return [piles, owners.length ? h("div", { class: "replay-melds" }, owners) : h("p", { class: "small", text: t("replay.no_melds") })];
  }
}

/**
 * The first frame of a deal (after the first): a player to draw and nobody has discarded yet in
 * this deal (each player's public record starts empty every deal; tests/test_extras_engine.py).
 */
function isDealStart(frame) {
  return frame.index > 0 && !frame.game_over && frame.phase === "draw" && frame.players.every((p) => p.discarded.length === 0);
}

/** The one card in `after` that is not in `before` (hands as card lists, duplicates counted). */
function drawnCard(before, after) {
  const left = [...before];
  for (const card of after) {
    const at = left.indexOf(card);
    if (at < 0) return card;
    left.splice(at, 1);
  }
  return null;
}

/**
 * Whether the action that led to this frame touched a meld: a lay-off names its meld; a lay-down
 * made all of its player's melds (one lay-down per deal, and the table clears between deals).
 */
function recentMelds(action) {
  const [verb, , meld] = (action || "").split(" ");
  return (m, frame) => (verb === "layoff" && Number(meld) === m.id) || (verb === "laydown" && m.owner === frame.actor);
}

const GLYPHS = {
  start: "M5 5h2.5v14H5zM19 5 9 12l10 7z",
  prev_deal: "M12 5 3 12l9 7zM21 5l-9 7 9 7z",
  back: "M16 6 8 12l8 6z",
  play: "M8 5v14l11-7z",
  pause: "M7 5h4v14H7zM13 5h4v14h-4z",
  forward: "M8 6l8 6-8 6z",
  next_deal: "M3 5l9 7-9 7zM12 5l9 7-9 7z",
  end: "M5 5l10 7-10 7zM16.5 5H19v14h-2.5z",
};

function glyph(name) {
  const svg = h("svg:svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  svg.append(h("svg:path", { d: GLYPHS[name] }));
  return svg;
}

function meldElement(meld, recent) {
  return h("div", { class: recent ? "meld recent" : "meld", role: "img", "aria-label": meldLabel(meld) }, meldSlots(meld));
}

function standingsTable(frame, name) {
  return h("table", { class: "results standings" },
    h("caption", { class: "small", text: t("game.title") }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", text: t("game.place") }),
      h("th", { scope: "col", text: t("game.player") }),
      h("th", { scope: "col", class: "num", text: t("game.completed") }),
      h("th", { scope: "col", class: "num", text: t("game.penalty") }))),
    h("tbody", {}, (frame.standings || []).map((s) => h("tr", {},
      h("td", { class: "place", text: String(s.place) }),
      h("th", { scope: "row", text: name(s.seat) }),
      h("td", { class: "num", text: String(s.completed) }),
      h("td", { class: "num", text: String(s.penalty) })))));
}
