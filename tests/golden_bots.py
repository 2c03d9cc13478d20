"""The golden record of the computer players: whole bot games from fixed seeds.

Run as a script it prints the record as JSON, so the very same code runs under CPython
(``tests/test_bots_golden.py`` compares it with ``tests/golden/bots.json``) and under
Pyodide in Node (``node tools/pyodide_node.mjs run tests/golden_bots.py``): both
interpreters must play every computer move identically, since the Daily's opponents
decide the same way for everyone and the leaderboard replays them.

The Daily's own lineup (three Normal players) is played with a scripted person, and
every difficulty plays a bot-only game. A change to a computer player changes this
record: regenerate it with ``python tests/golden_bots.py --write`` and say why.

Every earlier engine version keeps its own record (``tests/golden/bots-<version>.json``,
``--version <version>``): its difficulties must go on playing exactly as they did, or its
saves and Dailies would no longer replay. That record is never rewritten.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

if sys.platform != "emscripten":  # as a script in CPython; under Pyodide the wheel is installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from ladder_rummy import __version__, derive  # noqa: E402
from ladder_rummy.bots import make_bot  # noqa: E402
from ladder_rummy.bots.registry import difficulty_name  # noqa: E402
from ladder_rummy.match import Match  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden" / "bots.json"


def golden_file(version: str = __version__) -> Path:
    """The record of an engine version's computer players."""
    return GOLDEN if version == __version__ else GOLDEN.with_name(f"bots-{version}.json")


LINEUPS: dict[str, tuple[str, ...]] = {
    "golden-bots-1": ("normal", "normal", "normal", "normal"),
    "golden-bots-2": ("hard", "easy", "normal", "basic"),
}
DAILY = "daily-2026-11-29"


def bot_game(seed: str, seats: tuple[str, ...], version: str = __version__) -> Match:
    """A whole game of computer players (the difficulties as engine ``version`` had them)."""
    names = [difficulty_name(name, version) if name in ("easy", "normal", "hard") else name for name in seats]
    match = Match(seed, [make_bot(name) for name in names])
    match.advance()
    return match


def daily_with_a_person(seed: str = DAILY, version: str = __version__) -> Match:
    """The Daily's lineup: a person (seeded random, laying down when possible) and three Normal players."""
    match = Match.against(seed, "normal", version)
    person = derive(seed, "golden-person")
    match.advance()
    while not match.game.is_over:
        legal = match.game.legal_actions()
        lay = [a for a in legal if str(a) == "laydown"]
        match.play_person(lay[0] if lay else person.choice(legal))
    return match


def game_record(match: Match) -> dict[str, Any]:
    """Enough of a finished game to catch any different move."""
    game = match.game
    return {
        "log_sha256": hashlib.sha256("\n".join(game.log).encode()).hexdigest(),
        "log_length": len(game.log),
        "log_head": game.log[:30],
        "deals": [{"went_out": d["went_out"], "reason": d["reason"]} for d in game.deal_summaries],
        "standings": game.standings(),
    }


def record(version: str = __version__) -> dict[str, Any]:
    """The whole golden record of the computer players of engine ``version``."""
    out = {seed: game_record(bot_game(seed, seats, version)) for seed, seats in LINEUPS.items()}
    out[DAILY] = game_record(daily_with_a_person(version=version))
    return out


def records() -> dict[str, Any]:
    """The record of every engine version this engine replays, by version."""
    from ladder_rummy.verify import REPLAY_COMPATIBLE

    return {version: record(version) for version in REPLAY_COMPATIBLE}


if __name__ == "__main__":
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    else:
        print(json.dumps(records(), sort_keys=True))
