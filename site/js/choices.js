/**
 * The person's choices of a game, made while the table is busy. A game chosen from the menu
 * while the computer players' turns play out waits for them (Game.hurryToIdle); a second choice
 * made within that wait is the one that stands, so two games never start one over the other.
 * Waiting is woken by the table going idle (`idle()`), not by polling the busy flag.
 */
export class Choices {
  constructor() {
    this.made = 0;     // tickets handed out; the latest is the choice that stands
    this.waiting = []; // resolvers of `until` calls, woken when the table goes idle
  }

  /** A ticket for a choice made now; any later ticket supersedes it. */
  take() {
    this.made += 1;
    return this.made;
  }

  /** Whether the choice holding `ticket` is still the latest one made. */
  stands(ticket) {
    return ticket === this.made;
  }

  /**
   * Resolve once `busy()` is false. Re-checked after each wake: a choice woken with another
   * may find the table busy again (that one started first) and waits on.
   */
  async until(busy) {
    while (busy()) await new Promise((resolve) => { this.waiting.push(resolve); });
  }

  /** The table went idle: wake every waiter (each re-checks `busy()` itself). */
  idle() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
