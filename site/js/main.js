// main.js — wires the page together: storage, settings, language, renderer, input, game.

import { Storage, KEYS } from "./storage.js";
import { Store, cleanSettings, initialState } from "./state.js";
import { pickLanguage, setLanguage } from "./i18n.js";
import { Renderer } from "./render.js";
import { Game } from "./game.js";
import { bindInput } from "./input.js";

const storage = new Storage();
const settings = cleanSettings(storage.read(KEYS.settings));
const renderer = new Renderer();
const store = new Store(initialState(settings), (state) => renderer.schedule(state));
const game = new Game({ store, renderer, storage });

bindInput(game);
window.addEventListener("resize", () => renderer.schedule(store.get()));
game.boot(setLanguage(pickLanguage(settings.lang === "auto" ? null : settings.lang)));
