"""Verifying a finished Daily: replay its log with the very same engine.

The leaderboard never trusts a score sent by a client. It replays the log from the
date's Daily seed, checks every computer move against what the computer player
plays, requires a finished game, and computes the person's true result.
"""

from __future__ import annotations

import json
from typing import Any

from . import __version__
from .bots.registry import DAILY_DIFFICULTY
from .errors import LadderRummyError, ReplayError
from .match import PERSON, Match, person_and_bots
from .seeds import daily_seed, parse_date

# Engine versions whose logs this engine replays identically (same deals, rules and bots).
REPLAY_COMPATIBLE: tuple[str, ...] = ("1.0.0",)
MAX_LOG_ENTRIES = 20_000


def can_replay(version: str) -> bool:
    """Whether a log written by engine ``version`` replays identically here."""
    return version in REPLAY_COMPATIBLE


def verify_daily(date: str, log: list[Any]) -> dict[str, Any]:
    """The verified result of a finished Daily, or :class:`ReplayError` saying where it fails."""
    day = parse_date(date).isoformat()
    if not isinstance(log, list) or not log:
        raise LadderRummyError("the log must be a non-empty list of actions")
    if len(log) > MAX_LOG_ENTRIES:
        raise LadderRummyError(f"the log has {len(log)} entries; no game is that long")
    match = Match.replay(daily_seed(day), log, person_and_bots(DAILY_DIFFICULTY))
    game = match.game
    if not game.is_over:
        raise ReplayError(len(log), "(end of log)", "the game is not finished")
    me = next(s for s in game.standings() if s["seat"] == PERSON)
    return {
        "date": day, "engine": __version__, "completed": me["completed"], "penalty": me["penalty"],
        "place": me["place"], "deals": len(game.deal_summaries),
        "climbed": [bool(d["hands"][PERSON]["climbed"]) for d in game.deal_summaries],
        "standings": game.standings(),
    }


def verify_daily_json(request_json: str) -> str:
    """JSON wrapper for the endpoint: ``{"date", "log", "engineVersion"}`` → ``{"ok", "result"|"error"}``."""
    try:
        request = json.loads(request_json)
        version = str(request.get("engineVersion", ""))
        if not can_replay(version):
            return json.dumps({"ok": False, "code": "engine", "error":
                               f"engine version {version!r} cannot be replayed by engine {__version__}"})
        return json.dumps({"ok": True, "result": verify_daily(request["date"], request["log"])})
    except ReplayError as err:
        return json.dumps({"ok": False, "code": "replay", "error": str(err), "index": err.index})
    except (LadderRummyError, ValueError, KeyError, TypeError, AttributeError) as err:
        return json.dumps({"ok": False, "code": "invalid", "error": str(err)})
