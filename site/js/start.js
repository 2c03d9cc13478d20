// start.js — starts Python as early as the page can.
//
// index.html loads this module with `async`: it and its two imports are small, so it runs while
// main.js's larger module graph is still loading, and the PyWorker's boot (seconds) starts that
// much sooner. game.js's own startEngine() call then takes over this start. Nothing starts when a
// newer build is about to take over (the page reloads instead).

import { startEngine } from "./bridge.js";
import { takeWaitingUpdate } from "./offline.js";

if (!(await takeWaitingUpdate())) startEngine({ early: true });
