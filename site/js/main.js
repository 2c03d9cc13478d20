// main.js — wires the page together: storage, settings, language, renderer, input, leaderboard, game.

import { Storage, KEYS } from "./storage.js";
import { Store, cleanSettings, initialState } from "./state.js";
import { pickLanguage, setLanguage } from "./i18n.js";
import { Renderer } from "./render.js";
import { Game } from "./game.js";
import { bindInput } from "./input.js";
import { registerAfterBoot, takeWaitingUpdate } from "./offline.js";
import { Leaderboard } from "./leaderboard.js";
import { Sound } from "./sound.js";
import { applySettings, followDevice } from "./prefs.js";

const storage = new Storage();
const settings = cleanSettings(storage.read(KEYS.settings));
const renderer = new Renderer();
const sound = new Sound();
applySettings(settings, sound); // four-colour suits, motion and sound, before the first paint
const store = new Store(initialState(settings), (state) => {
  applySettings(state.settings);
  renderer.schedule(state);
});
followDevice(() => store.get().settings);
const leaderboard = new Leaderboard({ storage });
const game = new Game({ store, renderer, storage, leaderboard, sound });

bindInput(game);
leaderboard.start(); // a Daily queued while offline goes out now, and whenever the page is back online
window.addEventListener("resize", () => renderer.schedule(store.get()));
// A newer build waiting in the service worker takes over now, before anything starts (one reload).
if (!(await takeWaitingUpdate())) {
  game.boot(setLanguage(pickLanguage(settings.lang === "auto" ? null : settings.lang)));
  registerAfterBoot();
}
