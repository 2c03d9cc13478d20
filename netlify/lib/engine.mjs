// The engine the leaderboard verifies games with: the ladder_rummy wheel in
// Pyodide under Node (tools/pyodide_node.mjs), one interpreter per process,
// so a warm function invocation reuses it.
//
//   const engine = await getEngine();
//   engine.version                     // "1.0.0": ladder_rummy.__version__
//   engine.replays                     // ["1.0.0"]: REPLAY_COMPATIBLE
//   engine.canReplay("1.0.0")          // true
//   engine.verify(date, log, "1.0.0")  // {ok: true, result, log} | {ok: false, code, error, index?}
//   engine.canonical(date, log)        // {ok: true, log} | {ok: false, error}: the rules' replay only
//
// `log` in an answer is the engine's canonical log: each entry as the game logged it
// (parse_action's canonical string, a lay-down made explicit), so two ways of writing one
// game are one log. verify() is synchronous Python: it blocks the event loop for the length of
// one replay (a few hundred ms for a whole game; bench/leaderboard.mjs).

import { performance } from "node:perf_hooks";
import { loadEngine } from "../../tools/pyodide_node.mjs";

let shared = null; // Promise<Engine>: one per process

// The endpoint's two calls. A verified log's canonical form is the replayed game's own log (the
// same replay); canonical() replays the rules alone (Game.replay), for a log already verified.
const GLUE = `
import json
from ladder_rummy.errors import LadderRummyError
from ladder_rummy.game import Game
from ladder_rummy.seeds import daily_seed
from ladder_rummy.verify import verify_daily_json

def _leaderboard_verify(request_json):
    return verify_daily_json(request_json, with_log=True)

def _leaderboard_canonical(request_json):
    request = json.loads(request_json)
    try:
        return json.dumps({"ok": True, "log": Game.replay(daily_seed(request["date"]), request["log"]).log})
    except (LadderRummyError, ValueError, TypeError) as err:
        return json.dumps({"ok": False, "error": str(err)})
`;

/**
 * The process's engine, loading it on first call. A failed load is forgotten,
 * so a later call retries rather than failing forever.
 * @param {{wheelPath?: string, stdlibPath?: string}} [options] passed to loadEngine on the first call
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
  // PyProxies of the functions, kept for the life of the process.
  pyodide.runPython(GLUE);
  const verifyJson = pyodide.globals.get("_leaderboard_verify");
  const canonicalJson = pyodide.globals.get("_leaderboard_canonical");
  const replays = Object.freeze([...info.replays]);
  return Object.freeze({
    version: info.version,
    replays,
    loadMs: performance.now() - started,
    canReplay: (version) => replays.includes(version),
    verify(date, log, engineVersion) {
      return JSON.parse(verifyJson(JSON.stringify({ date, log, engineVersion })));
    },
    canonical(date, log) {
      return JSON.parse(canonicalJson(JSON.stringify({ date, log })));
    },
    pyodide,
  });
}
