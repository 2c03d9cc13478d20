// sound.js — short, soft effects made on the spot with the Web Audio API (no audio files):
// a tick for a draw, a low tap for a discard, a rising pair for a lay-down, a little run of
// notes for going out. Off until the person turns it on in Settings.

// Each effect: notes as [frequency Hz, start s, length s, peak gain], on a sine or triangle wave.
const EFFECTS = {
  draw: { wave: "sine", notes: [[660, 0, 0.07, 0.05]] },
  discard: { wave: "triangle", notes: [[330, 0, 0.09, 0.06]] },
  layoff: { wave: "sine", notes: [[587, 0, 0.08, 0.05], [784, 0.05, 0.09, 0.04]] },
  laydown: { wave: "triangle", notes: [[440, 0, 0.12, 0.06], [554, 0.07, 0.12, 0.05], [659, 0.14, 0.16, 0.05]] },
  out: { wave: "sine", notes: [[523, 0, 0.12, 0.06], [659, 0.09, 0.12, 0.06], [784, 0.18, 0.12, 0.06], [1047, 0.27, 0.22, 0.05]] },
};
const EVENT_SOUNDS = { draw: "draw", discard: "discard", layoff: "layoff", laydown: "laydown", out: "out" };
const GAP_MS = 70; // at instant speed many events arrive at once: one sound, not a chord of them

export class Sound {
  constructor() {
    this.enabled = false;
    this.context = null;
    this.last = 0;
  }

  /** Turn sound on or off (from Settings). The audio context starts on the first sound. */
  setEnabled(on) {
    this.enabled = Boolean(on);
    if (!this.enabled && this.context) this.context.suspend().catch(() => {});
  }

  /** The effect for an engine event (view.events), if it has one. */
  event(event) {
    const name = EVENT_SOUNDS[event?.type];
    if (name) this.play(name);
  }

  play(name) {
    const effect = EFFECTS[name];
    if (!this.enabled || !effect) return;
    const now = performance.now();
    if (now - this.last < GAP_MS && name !== "out") return;
    this.last = now;
    const context = this.audio();
    if (!context) return;
    const start = context.currentTime + 0.01;
    for (const [frequency, at, length, peak] of effect.notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = effect.wave;
      oscillator.frequency.value = frequency;
      // A soft envelope: quick rise, exponential fall, no click at either end.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(peak, start + at + 0.012);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  }

  audio() {
    const AudioContext = window.AudioContext || window.webkitAudioContext;
    if (!AudioContext) return null;
    if (!this.context) this.context = new AudioContext();
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }
}
