"""Challenge a friend (issue 16), the engine's part: a finished New Game's link data, the replay of
the challenger's own moves with the computer players of the engine version that played them, and
the refusals a hand-edited link meets (changed move, cut-off moves, unknown version, bad settings)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pytest

from ladder_rummy import __version__, adapter
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.challenge import challenge_of, compare_results, person_moves, replay_person_moves, verify_challenge
from ladder_rummy.errors import LadderRummyError, ReplayError
from ladder_rummy.match import Match, person_and_bots

SEED = "challenge-test-1"


@lru_cache(maxsize=None)
def finished(seed: str = SEED, difficulty: str = "easy", version: str = __version__) -> tuple[str, ...]:
    """A whole game's log: the person's seat played by the basic player, against `difficulty` of `version`."""
    match = Match(seed, [BasicBot()] + person_and_bots(difficulty, version)[1:])
    while not match.game.is_over:
        match.game.apply(match.bot_action())
    return tuple(str(action) for action in match.game.log)


def answer(text: str) -> dict[str, Any]:
    return json.loads(text)


def test_the_link_carries_the_result_and_the_persons_own_moves_only() -> None:
    log = list(finished())
    carried = challenge_of(SEED, log)
    moves = carried["moves"]
    assert 0 < len(moves) < len(log)
    assert moves == person_moves(SEED, log)
    result = carried["result"]
    assert result["finished"] is True and 1 <= result["place"] <= 4
    assert sum(result["climbed"]) == result["completed"]
    # Penalty points after each deal: growing to the total, one per deal as the climbs.
    assert len(result["penalties"]) == len(result["climbed"]) and result["penalties"][-1] == result["penalty"]
    assert result["penalties"] == sorted(result["penalties"])
    # The engine rebuilds the whole game, computer moves included, from the person's moves alone.
    replayed = verify_challenge(SEED, "easy", moves, __version__)
    assert replayed["log"] == log
    assert replayed["result"] == result


def test_adapter_round_trip_and_a_game_in_progress_is_refused() -> None:
    log = list(finished())
    save = {"format": 1, "engine": __version__, "mode": "new", "seed": SEED, "difficulty": "easy", "log": log}
    link = answer(adapter.challenge_link(json.dumps(save)))
    assert link["ok"], link
    back = answer(adapter.challenge(json.dumps({"seed": SEED, "difficulty": "easy", "engine": __version__, "moves": link["moves"]})))
    assert back["ok"] and back["result"] == link["result"] and back["log"] == log
    unfinished = answer(adapter.challenge_link(json.dumps({**save, "log": log[:40]})))
    assert unfinished == {"ok": False, "error": "only a finished game can be sent as a challenge"}
    daily = answer(adapter.challenge_link(json.dumps({**save, "mode": "daily", "date": "2026-11-29", "seed": "daily-2026-11-29"})))
    assert daily["ok"] is False


def test_a_changed_or_cut_log_is_refused_with_where() -> None:
    moves = challenge_of(SEED, list(finished()))["moves"]
    changed = list(moves)
    at = next(i for i, move in enumerate(changed) if move.startswith("discard "))
    changed[at] = "discard XX"
    with pytest.raises(ReplayError) as err:
        verify_challenge(SEED, "easy", changed)
    assert err.value.index == at
    with pytest.raises(ReplayError, match="does not finish"):
        verify_challenge(SEED, "easy", moves[:-5])
    with pytest.raises(ReplayError, match="already over"):
        verify_challenge(SEED, "easy", [*moves, "draw stock"])
    with pytest.raises(LadderRummyError, match="no game is that long"):
        replay_person_moves(SEED, "easy", ["draw stock"] * 5000)
    with pytest.raises(ReplayError):
        replay_person_moves(SEED, "easy", [42])  # type: ignore[list-item]


def test_the_version_that_played_it_replays_it_an_unknown_one_is_refused() -> None:
    old = list(finished(SEED, "normal", "1.0.0"))
    moves = person_moves(SEED, old)
    assert verify_challenge(SEED, "normal", moves, "1.0.0")["log"] == old
    with pytest.raises(LadderRummyError, match="played by engine '9.9.9'"):
        verify_challenge(SEED, "normal", moves, "9.9.9")
    for seed, difficulty in (("", "easy"), (SEED, "nightmare"), (None, "easy")):
        refused = answer(adapter.challenge(json.dumps({"seed": seed, "difficulty": difficulty, "engine": __version__, "moves": []})))
        assert refused["ok"] is False and refused["error"]


def test_a_friend_plays_against_the_challengers_engine_version() -> None:
    started = answer(adapter.new_game(json.dumps({"mode": "new", "difficulty": "normal", "seed": SEED, "engine": "1.0.0"})))
    assert started["ok"] and started["save"]["engine"] == "1.0.0"
    old = list(finished(SEED, "normal", "1.0.0"))
    assert started["save"]["log"] == old[: len(started["save"]["log"])]  # the same computer moves as the challenger met
    refused = answer(adapter.new_game(json.dumps({"mode": "new", "difficulty": "normal", "seed": SEED, "engine": "0.1.0"})))
    assert refused["ok"] is False and "0.1.0" in refused["error"]


def test_results_compare_by_the_games_ranking() -> None:
    assert compare_results({"completed": 7, "penalty": 204}, {"completed": 6, "penalty": 10}) == "won"
    assert compare_results({"completed": 7, "penalty": 204}, {"completed": 7, "penalty": 180}) == "lost"
    assert compare_results({"completed": 7, "penalty": 180}, {"completed": 7, "penalty": 180}) == "tied"
    assert answer(adapter.compare(json.dumps({"mine": {"completed": 1, "penalty": 5}, "theirs": {"completed": 2, "penalty": 0}}))) == {
        "ok": True, "outcome": "lost"}
