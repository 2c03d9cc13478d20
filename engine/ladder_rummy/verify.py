"""Verifying a finished Daily: replay its log with the very same engine.

The leaderboard never trusts a score sent by a client. It replays the log from the
date's Daily seed, checks every computer move against what the computer player
plays, requires a finished game, and computes the person's true result.

A Daily is replayed with the computer players of the engine version that played it:
every version this engine lists in :data:`REPLAY_COMPATIBLE` deals the same cards by
the same rules, and its difficulties are kept (:data:`.bots.registry.VERSIONS`), so a
game finished offline before an update still verifies after it.
"""

from __future__ import annotations

import json
from typing import Any

from . import __version__
from .bots.registry import DAILY_DIFFICULTY, VERSIONS, daily_players, daily_players_of
from .errors import EngineVersionError, LadderRummyError, ReplayError
from .match import PERSON, Match, person_and_bots
from .seeds import daily_seed, parse_date

REPLAY_COMPATIBLE: tuple[str, ...] = tuple(VERSIONS)
"""Engine versions whose games this engine replays identically (same deals and rules, and
the computer players each of them had), oldest first."""
MAX_LOG_ENTRIES = 20_000


def can_replay(version: str) -> bool:
    """Whether a log written by engine ``version`` replays identically here."""
    return version in REPLAY_COMPATIBLE


def other_players(date: str, version: str) -> str | None:
    """Why a Daily of ``date`` played by engine ``version`` does not count, or None.

    Everyone meets the same computer players on a date (``DAILY_PLAYERS_FROM``): a game
    played against another version's, older or newer, is not that date's Daily (else a
    submitter could pick the weakest players by naming their version).
    """
    day = parse_date(date).isoformat()
    players = daily_players_of(day)
    if daily_players(version) == players:
        return None
    return (f"the Daily of {day} is played against the computer players of engine {players};"
            f" engine {version} plays it against those of engine {daily_players(version)}")


def verify_daily(date: str, log: list[Any], version: str = __version__) -> dict[str, Any]:
    """The verified result of a finished Daily played by engine ``version``, or
    :class:`ReplayError` saying where it fails."""
    return _result(verified_match(date, log, version), date, version)


def verified_match(date: str, log: list[Any], version: str = __version__) -> Match:
    """The finished Daily rebuilt from ``log``, every computer move checked, or an error saying
    what is wrong. Its ``game.log`` is the log in canonical form (each entry as the game
    wrote it), which the leaderboard keys a game by: one replay gives both."""
    day = parse_date(date).isoformat()
    if not can_replay(version):
        raise EngineVersionError(f"engine version {version!r} cannot be replayed by engine {__version__}"
                                 f" (it replays {', '.join(REPLAY_COMPATIBLE)})")
    wrong = other_players(day, version)
    if wrong:
        raise EngineVersionError(wrong)
    if not isinstance(log, list) or not log:
        raise LadderRummyError("the log must be a non-empty list of actions")
    if len(log) > MAX_LOG_ENTRIES:
        raise LadderRummyError(f"the log has {len(log)} entries; no game is that long")
    match = Match.replay(daily_seed(day), log, person_and_bots(DAILY_DIFFICULTY, version))
    if not match.game.is_over:
        raise ReplayError(len(log), "(end of log)", "the game is not finished")
    return match


def _result(match: Match, date: str, version: str) -> dict[str, Any]:
    """The person's verified result in a finished Daily."""
    game = match.game
    me = next(s for s in game.standings() if s["seat"] == PERSON)
    return {
        "date": parse_date(date).isoformat(), "engine": __version__, "played_by": version,
        "completed": me["completed"], "penalty": me["penalty"],
        "place": me["place"], "deals": len(game.deal_summaries),
        "climbed": [bool(d["hands"][PERSON]["climbed"]) for d in game.deal_summaries],
        "standings": game.standings(),
    }


def verify_daily_json(request_json: str, with_log: bool = False) -> str:
    """JSON wrapper for the endpoint: ``{"date", "log", "engineVersion"}`` → ``{"ok", "result"|"error"}``;
    ``with_log`` adds the canonical log (``"log"``) to a verified answer, from the same replay."""
    try:
        request = json.loads(request_json)
        version = str(request.get("engineVersion", ""))
        match = verified_match(request["date"], request["log"], version)
        answer: dict[str, Any] = {"ok": True, "result": _result(match, request["date"], version)}
        if with_log:
            answer["log"] = match.game.log
        return json.dumps(answer)
    except EngineVersionError as err:
        return json.dumps({"ok": False, "code": "engine", "error": str(err)})
    except ReplayError as err:
        return json.dumps({"ok": False, "code": "replay", "error": str(err), "index": err.index})
    except (LadderRummyError, ValueError, KeyError, TypeError, AttributeError) as err:
        return json.dumps({"ok": False, "code": "invalid", "error": str(err)})
