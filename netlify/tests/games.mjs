// Finished Daily games for the endpoint's tests and benchmark, played at test
// time by the engine wheel itself (never a committed log: the computer players
// are still being tuned, and a stored log would go stale).
//
// CPython imports the wheel straight from dist/engine/ladder_rummy.whl (a pure
// wheel is a zip Python can import from), so the games come from the same code
// the endpoint runs in Pyodide, and each test's expected result is computed by
// the game itself (Game.standings), not by the verify function under test.
//
//   const games = await makeGames([{date: "2026-11-25"}, {date: "2026-11-25", mix: 3}]);
//   games[0].log, games[0].expected  // {completed, penalty, place, deals, standings}
//   games[0].engineVersion           // the engine version that played it (the date's computer players)
//   games[0].tampered                // {card: {log, index}, bot: {log, index}}

import { spawn } from "node:child_process";
import { findWheel } from "../../tools/pyodide_node.mjs";

const SCRIPT = String.raw`
import json, random, sys
sys.path.insert(0, sys.argv[1])
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.bots.registry import daily_version
from ladder_rummy.bots.random_bot import RandomBot
from ladder_rummy.cards import new_deck
from ladder_rummy.game import Game
from ladder_rummy.match import PERSON, Match, person_and_bots
from ladder_rummy.seeds import daily_seed

class Mixed:
    """The person's seat: the basic player, with a random legal move now and then."""
    name = "mixed"
    def __init__(self, p):
        self.basic, self.random, self.p = BasicBot(), RandomBot(), p
    def choose(self, view, legal, rng):
        bot = self.random if rng.random() < self.p else self.basic
        return bot.choose(view, legal, rng)

def play(spec):
    date, mix = spec["date"], spec.get("mix", 0)
    person = Mixed(0.15) if mix else BasicBot()
    version = daily_version(date)  # the date's computer players, as the page deals them
    match = Match(daily_seed(date), [person] + person_and_bots("normal", version)[1:])
    if mix:
        match.rngs[PERSON] = random.Random(mix)
    match.advance()
    game = match.game
    assert game.is_over
    log = list(game.log)
    me = next(s for s in game.standings() if s["seat"] == PERSON)
    out = {"date": date, "mix": mix, "log": log, "engineVersion": version, "expected": {
        "completed": me["completed"], "penalty": me["penalty"], "place": me["place"],
        "deals": len(game.deal_summaries),
        "climbed": [bool(d["hands"][PERSON]["climbed"]) for d in game.deal_summaries],
        "standings": game.standings()}}
    if spec.get("tamper"):
        out["tampered"] = tamper(date, log)
    return out

def tamper(date, log):
    """The first discard of the person changed to a card not in hand; the first computer draw flipped."""
    cards = sorted({str(c) for c in new_deck()})
    replay = Game.new(daily_seed(date))
    card = bot = None
    for index, entry in enumerate(log):
        seat = replay.current_seat
        if card is None and seat == PERSON and entry.startswith("discard "):
            hand = set(replay.view(PERSON)["hand"])
            other = next(c for c in cards if c not in hand)
            card = {"index": index, "log": log[:index] + ["discard " + other] + log[index + 1:]}
        if bot is None and seat != PERSON and entry.startswith("draw "):
            flipped = "draw discard" if entry == "draw stock" else "draw stock"
            bot = {"index": index, "log": log[:index] + [flipped] + log[index + 1:]}
        replay.apply_logged(index, entry)
    return {"card": card, "bot": bot}

print(json.dumps([play(spec) for spec in json.load(sys.stdin)]))
`;

/**
 * Play finished Dailies: each spec {date, mix?, tamper?}; mix 0 (or none) is the
 * basic player in the person's seat, any other number a distinct, mostly-basic game.
 * @returns {Promise<Array<{date, mix, log, expected, tampered?}>>}
 */
export function makeGames(specs, { python = process.env.PYTHON || "python3", wheel = findWheel() } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ["-c", SCRIPT, wheel], { stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`${python} could not play the games (exit ${code}):\n${Buffer.concat(err)}`));
        return;
      }
      resolve(JSON.parse(Buffer.concat(out).toString("utf8")));
    });
    child.stdin.end(JSON.stringify(specs));
  });
}
