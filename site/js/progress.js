// progress.js — the boot progress bar: on a first visit, how much of the download has arrived; then
// the boot's stages (Python starting, the rules, the deal).
//
// A first visit over a phone's network is mostly waiting for bytes (bench/network.py: the wasm and
// the standard library are most of it), so the bar follows them: the bridge counts what arrives of
// each file it downloads (downloaded() in bridge.js), and the bar spans DOWNLOAD with it, the line
// under it saying how many megabytes of how many. Later visits load from the device, with no bytes
// to wait for: the bar goes by stages, creeping toward the next one so a slow phone still shows
// life, never past it.
//
// The bar moves at most once a second, with no CSS transition: each step is one frame. A smoother
// bar (a 200 ms tick, or a transition) keeps the page drawing frames through the whole boot, and on
// a two-core phone that competes with Python's worker starting up.

import { downloaded } from "./bridge.js";
import { $ } from "./dom.js";
import { language, t } from "./i18n.js";

// Where each stage puts the bar (percent), and the span the first visit's download fills.
const STAGES = { config: 2, pyscript: 4, python: 6, engine: 88, ready: 94, game: 97 };
const DOWNLOAD = { from: 6, to: 82 };
const TICK_MS = 1000;
const MB = 1_000_000;

export class BootProgress {
  /** @param {Promise<unknown>} words the page's language loading: the line shows once it is there */
  constructor(words = Promise.resolve()) {
    this.words = words;
    this.stageName = "config";
    this.value = 0;
    this.drawn = null;
    this.timer = null;
  }

  /** A boot stage began ("config", "pyscript", "python", "engine", "ready", "game"). */
  stage(name) {
    this.stageName = name;
    this.value = Math.max(this.value, STAGES[name] ?? 0);
    this.tick();
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
  }

  /** The boot is over (or failed): the bar stops where it is. */
  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  /** Follow the download while one runs, else creep toward the next stage; draw if it moved. */
  tick() {
    const { received, total } = downloaded();
    const next = Object.values(STAGES).find((value) => value > (STAGES[this.stageName] ?? 0)) ?? 100;
    const downloading = total > 0 && received < total;
    if (total > 0) this.value = Math.max(this.value, DOWNLOAD.from + (DOWNLOAD.to - DOWNLOAD.from) * (received / total));
    if (!downloading) this.value = Math.min(next - 1, this.value + Math.max(0.2, (next - 1 - this.value) * 0.15));
    this.value = Math.max(this.value, STAGES[this.stageName] ?? 0);
    this.draw(downloading ? { received, total } : null);
  }

  draw(download) {
    const value = Math.min(100, Math.round(this.value));
    const line = download ? this.megabytes(download) : `boot.${this.stageName === "ready" ? "game" : this.stageName}`;
    if (value === this.drawn?.value && line === this.drawn?.line) return;
    this.drawn = { value, line };
    $("boot-bar").style.transform = `scaleX(${value / 100})`;
    $("boot-progress").setAttribute("aria-valuenow", String(value));
    this.words.then(() => {
      if (this.drawn?.line !== line) return; // a later step has drawn since
      $("boot-stage").textContent = download ? this.downloadText(download) : t(line);
    }, () => {});
  }

  /** What identifies the download line (it changes with every tenth of a megabyte). */
  megabytes({ received, total }) {
    return `download:${Math.floor(received / (MB / 10))}/${total}`;
  }

  /** "Downloading the game: 1.2 of 4.5 MB", in the page's language. */
  downloadText({ received, total }) {
    const format = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return t("boot.download", { done: format.format(received / MB), total: format.format(total / MB) });
  }
}
