// tabs.js — one tab holds a game. The tab that plays a game holds a Web Lock named after its
// slot (saves.js) for as long as it shows it; another tab that opens the same game finds the lock
// taken and says "This game is open in another tab", with a button that takes the lock over
// (`steal`): the first tab's hold breaks and it shows the same notice. A tab that closes, crashes
// or navigates away lets go of its locks by itself.
//
// Browsers without Web Locks do the same over a BroadcastChannel: a tab asks who holds a game and
// claims it; the holder answers, and lets go when another tab claims it. Without either, every
// tab may hold every game, and compare-and-set saves (saves.js) still keep a game from forking.

const PREFIX = "ladder-rummy:game:";
const ASK_MS = 300; // how long a tab waits for a holder to answer on the channel

export class Tabs {
  /**
   * @param {object} [options]
   * @param {(slot: string) => void} [options.onLost] another tab took `slot` over
   * @param {LockManager | null} [options.locks]
   * @param {BroadcastChannel | null} [options.channel]
   * @param {number} [options.askMs] how long to wait for a holder's answer (tests on a loaded
   *   machine wait longer, as a late answer would read as "nobody holds it")
   */
  constructor({ onLost = () => {}, locks = navigator.locks ?? null, channel = openChannel(), askMs = ASK_MS } = {}) {
    this.onLost = onLost;
    this.askMs = askMs;
    this.locks = locks;
    this.channel = channel;
    this.held = new Map(); // slot → function that lets go of it
    this.claims = new Map(); // slot → this tab's claim of it on the channel (without Web Locks)
    this.id = Math.random().toString(36).slice(2);
    if (!this.locks && this.channel) this.channel.addEventListener("message", (event) => this.heard(event.data));
  }

  holds(slot) { return Boolean(slot) && this.held.has(slot); }

  /**
   * Hold `slot` for this tab. Resolves true once held, false if another tab holds it (unless
   * `steal`: then it is taken from that tab, which is told).
   */
  async hold(slot, { steal = false } = {}) {
    if (this.held.has(slot)) return true;
    if (this.locks) return this.lock(slot, steal);
    if (!this.channel) { this.held.set(slot, () => {}); return true; }
    if (!steal && await this.someoneHolds(slot)) return false;
    const claim = { type: "claim", slot, tab: this.id, at: Date.now(), steal };
    this.claims.set(slot, claim);
    this.channel.postMessage(claim);
    this.held.set(slot, () => {});
    return true;
  }

  /**
   * Which of `slots` another tab holds now, so a menu can say so before the tap (a play-test's
   * second tab offered "Continue your New Game", and the tap brought the notice that another
   * tab holds it). Web Locks list every tab's locks; over the channel each slot is asked about.
   */
  async heldElsewhere(slots) {
    const others = slots.filter((slot) => slot && !this.held.has(slot));
    if (this.locks) {
      const { held = [] } = await this.locks.query().catch(() => ({})); // none known: the menu's words as they were
      const names = new Set(held.map((lock) => lock.name));
      return others.filter((slot) => names.has(PREFIX + slot));
    }
    if (!this.channel) return [];
    const asked = await Promise.all(others.map((slot) => this.someoneHolds(slot)));
    return others.filter((_, i) => asked[i]);
  }

  /** Let go of `slot` (nothing happens if this tab does not hold it). */
  release(slot) {
    const letGo = this.held.get(slot);
    this.held.delete(slot);
    this.claims.delete(slot);
    letGo?.();
  }

  /**
   * Run `work` while no other tab runs work under the same `name` (read-modify-write of shared
   * records: statistics, the Daily's results, the leaderboard queue). Resolves what it returns.
   */
  exclusive(name, work) {
    if (!this.locks) return Promise.resolve().then(work);
    return this.locks.request(`ladder-rummy:${name}`, () => work());
  }

  lock(slot, steal) {
    return new Promise((resolve) => {
      let letGo;
      const holding = new Promise((done) => { letGo = done; });
      let granted = false;
      this.locks.request(PREFIX + slot, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        granted = true;
        this.held.set(slot, letGo);
        resolve(true);
        return holding;
      }).catch((error) => {
        if (!granted) { resolve(false); return; }
        // Stolen: another tab pressed "Continue here".
        if (this.held.get(slot) === letGo) {
          this.held.delete(slot);
          this.onLost(slot);
        } else if (error?.name !== "AbortError") {
          console.warn("ladder-rummy: a game's lock broke", error);
        }
      });
    });
  }

  // ---- without Web Locks: ask and claim over the channel ----

  someoneHolds(slot) {
    return new Promise((resolve) => {
      const answer = (event) => {
        if (event.data?.type === "held" && event.data.slot === slot) finish(true);
      };
      const finish = (held) => {
        clearTimeout(timer);
        this.channel.removeEventListener("message", answer);
        resolve(held);
      };
      const timer = setTimeout(() => finish(false), this.askMs);
      this.channel.addEventListener("message", answer);
      this.channel.postMessage({ type: "who", slot, tab: this.id });
    });
  }

  heard(message) {
    if (!message || !this.held.has(message.slot) || message.tab === this.id) return;
    if (message.type === "who") this.channel.postMessage({ type: "held", slot: message.slot, tab: this.id });
    if (message.type === "claim" && wins(message, this.claims.get(message.slot))) {
      this.held.delete(message.slot);
      this.claims.delete(message.slot);
      this.onLost(message.slot);
    }
  }
}

/**
 * Whether claim `a` wins over this tab's claim `b`: a take-over ("Continue here") wins over a tab
 * that just opened the game, then the later claim wins; two tabs that claimed in the same
 * millisecond agree on one by their ids.
 */
function wins(a, b) {
  if (!b) return true;
  if (Boolean(a.steal) !== Boolean(b.steal)) return Boolean(a.steal);
  return a.at !== b.at ? a.at > b.at : a.tab > b.tab;
}

function openChannel() {
  try { return typeof BroadcastChannel === "function" ? new BroadcastChannel("ladder-rummy:tabs") : null; } catch { return null; }
}
