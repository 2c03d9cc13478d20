// The engine the leaderboard verifies games with: the ladder_rummy wheel in
// Pyodide under Node (tools/pyodide_node.mjs), one interpreter per process,
// so a warm function invocation reuses it.
//
//   const engine = await getEngine();
//   engine.version                     // "1.0.0": ladder_rummy.__version__
//   engine.replays                     // ["1.0.0"]: REPLAY_COMPATIBLE
//   engine.canReplay("1.0.0")          // true
//   engine.verify(date, log, "1.0.0")  // {ok: true, result} | {ok: false, code, error, index?}
//
// verify() is synchronous Python: it blocks the event loop for the length of
// one replay (a few hundred ms for a whole game; bench/leaderboard.mjs).

import { performance } from "node:perf_hooks";
import { loadEngine } from "../../tools/pyodide_node.mjs";

let shared = null; // Promise<Engine>: one per process

/**
 * The process's engine, loading it on first call. A failed load is forgotten,
 * so a later call retries rather than failing forever.
 * @param {{wheelPath?: string}} [options] passed to loadEngine on the first call
 */
export function getEngine(options = {}) {
  if (!shared) {
    shared = createEngine(options);
    shared.catch(() => { shared = null; });
  }
  return shared;
}

async function createEngine(options) {
  const started = performance.now();
  const pyodide = await loadEngine(options);
  const info = JSON.parse(pyodide.runPython(`
import json, ladder_rummy
from ladder_rummy.verify import REPLAY_COMPATIBLE
json.dumps({"version": ladder_rummy.__version__, "replays": list(REPLAY_COMPATIBLE)})
`));
  // A PyProxy of the function, kept for the life of the process.
  const verifyJson = pyodide.runPython("from ladder_rummy.verify import verify_daily_json\nverify_daily_json");
  const replays = Object.freeze([...info.replays]);
  return Object.freeze({
    version: info.version,
    replays,
    loadMs: performance.now() - started,
    canReplay: (version) => replays.includes(version),
    verify(date, log, engineVersion) {
      return JSON.parse(verifyJson(JSON.stringify({ date, log, engineVersion })));
    },
    pyodide,
  });
}
