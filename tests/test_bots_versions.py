"""Games of an earlier engine version keep their computer players: saves resume, Dailies verify.

A change to a difficulty's decisions is a new engine version (the leaderboard re-checks
every computer move of a Daily). Every version in ``REPLAY_COMPATIBLE`` keeps its
difficulties, so a game in progress before an update resumes after it, a Daily finished
offline before it still verifies, and a replay of it can still be watched.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ladder_rummy import __version__, adapter
from ladder_rummy.bots import make_bot
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.bots.registry import (DIFFICULTIES, VERSIONS, daily_players, daily_players_of, daily_version,
                                       difficulty_name)
from ladder_rummy.errors import LadderRummyError, ReplayError
from ladder_rummy.game import Game
from ladder_rummy.match import Match, person_and_bots
from ladder_rummy.seeds import daily_seed
from ladder_rummy.verify import REPLAY_COMPATIBLE, can_replay, verify_daily, verify_daily_json

OLD = [version for version in VERSIONS if version != __version__]
DATE = "2026-12-03"
OLD_DATE = "2026-11-29"
"""A Daily of engine 1.0.0's computer players (``DAILY_PLAYERS_FROM``); ``DATE``'s are 1.1.0's."""


def date_of(version: str) -> str:
    """A date whose Daily engine ``version`` plays with that date's computer players."""
    return next(d for d in (DATE, OLD_DATE) if daily_players_of(d) == daily_players(version))


def finished_daily(version: str, date: str = DATE) -> list[str]:
    """A whole Daily as engine ``version`` played it: the basic player for the person."""
    match = Match(daily_seed(date), [BasicBot()] + person_and_bots("normal", version)[1:])
    match.advance()
    assert match.game.is_over
    return list(match.game.log)


def test_the_versions() -> None:
    assert REPLAY_COMPATIBLE == tuple(VERSIONS) and REPLAY_COMPATIBLE[-1] == __version__
    assert OLD, "an engine that changed its computer players keeps the earlier ones"
    for version in REPLAY_COMPATIBLE:
        assert can_replay(version)
        for difficulty in DIFFICULTIES:
            assert make_bot(difficulty_name(difficulty, version)).choose
    assert not can_replay("0.9.0")


def same_player(a: object, b: object) -> bool:
    """Two computer players of the same make and settings (their names aside)."""
    def make(bot: object) -> tuple[object, ...]:
        settings = getattr(bot, "settings", None)
        return (type(bot), replace(settings, name="") if settings is not None else None, getattr(bot, "feed_power", None))
    return make(a) == make(b)


NORMAL_CHANGED = [version for version in OLD if not same_player(make_bot(difficulty_name("normal", version)), make_bot("normal"))]
"""The earlier versions whose Normal is not this engine's (1.0.0's; 1.1.0's is 1.2.0's)."""


@pytest.mark.parametrize("version", OLD)
def test_a_daily_of_an_earlier_version_verifies_with_its_own_normal(version: str) -> None:
    date = date_of(version)
    log = finished_daily(version, date)
    result = verify_daily(date, log, version)
    assert result["played_by"] == version and result["engine"] == __version__
    if version in NORMAL_CHANGED:
        with pytest.raises(LadderRummyError, match="computer players of engine"):
            verify_daily(date, log)  # this version plays another date's players
        with pytest.raises(ReplayError, match="the computer player plays"):
            Match.replay(daily_seed(date), log, person_and_bots("normal"))  # today's Normal decides otherwise somewhere
    else:  # the same Normal: the Daily is the same game whichever version verifies it
        assert verify_daily(date, log)["completed"] == result["completed"]
    answer = json.loads(verify_daily_json(json.dumps({"date": date, "log": log, "engineVersion": version})))
    assert answer["ok"] and answer["result"]["completed"] == result["completed"]


def test_a_date_has_one_set_of_computer_players() -> None:
    """Everyone meets the same players on a date: a Daily played against another version's
    (here 1.0.0's on a date of 1.1.0's, and this version's on a date of 1.0.0's) is refused
    as an engine matter before any replay, so a submitter cannot pick the weakest."""
    for version in VERSIONS:  # each version's Daily players are the Normal it has
        assert same_player(make_bot(difficulty_name("normal", version)), make_bot(difficulty_name("normal", daily_players(version))))
    assert daily_players_of(OLD_DATE) == "1.0.0" and daily_players_of(DATE) == daily_players(__version__)
    assert daily_version(OLD_DATE) == "1.0.0" and daily_version(DATE) == __version__
    for date, version in ((DATE, "1.0.0"), (OLD_DATE, __version__)):
        answer = json.loads(verify_daily_json(json.dumps({"date": date, "log": ["draw stock"], "engineVersion": version})))
        assert answer["code"] == "engine" and f"Daily of {date}" in answer["error"] and version in answer["error"], answer
    # The page deals a Daily with its date's players, and names that version in the save.
    for date in (OLD_DATE, DATE):
        started = json.loads(adapter.new_game(json.dumps({"mode": "daily", "date": date})))
        assert started["ok"] and started["save"]["engine"] == daily_version(date)


def test_the_verified_answer_carries_the_canonical_log_of_the_same_replay() -> None:
    """The endpoint keys a game by its canonical log; verify_daily_json gives it from the one
    replay it makes, the same as replaying the rules alone would."""
    log = finished_daily(__version__)
    written = [f"  {entry.upper()} " for entry in log]  # another way of writing the same game
    answer = json.loads(verify_daily_json(json.dumps({"date": DATE, "log": written, "engineVersion": __version__}), with_log=True))
    assert answer["ok"] and answer["log"] == log == Game.replay(daily_seed(DATE), written).log
    plain = json.loads(verify_daily_json(json.dumps({"date": DATE, "log": written, "engineVersion": __version__})))
    assert "log" not in plain and plain["result"] == answer["result"]


def test_a_version_this_engine_never_had_is_refused_clearly() -> None:
    answer = json.loads(verify_daily_json(json.dumps({"date": DATE, "log": ["draw stock"], "engineVersion": "0.9.0"})))
    assert answer == {"ok": False, "code": "engine", "error": f"engine version '0.9.0' cannot be replayed by engine "
                      f"{__version__} (it replays {', '.join(REPLAY_COMPATIBLE)})"}
    with pytest.raises(LadderRummyError, match="0.9.0"):
        verify_daily(DATE, ["draw stock"], "0.9.0")


def old_save(version: str, difficulty: str, moves: int) -> dict[str, object]:
    """A New Game save as engine ``version`` wrote it, ``moves`` moves of the person in."""
    match = Match.against(f"old-{version}-{difficulty}", difficulty, version)
    person = BasicBot()
    match.advance()
    for _ in range(moves):
        game = match.game
        match.play_person(person.choose(game.view(0), game.legal_actions(), match.rngs[0]))
    return {"format": 1, "engine": version, "mode": "new", "date": None, "seed": match.game.seed,
            "difficulty": difficulty, "log": list(match.game.log)}


@pytest.mark.parametrize("version", OLD)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_save_of_an_earlier_version_resumes_and_plays_on_as_it_did(version: str, difficulty: str) -> None:
    save = old_save(version, difficulty, 12)
    answer = json.loads(adapter.resume(json.dumps(save)))
    assert answer["ok"], answer
    assert answer["save"]["engine"] == version and answer["save"]["log"] == save["log"]
    view = answer["view"]
    for _ in range(6):  # the person plays on; the computers answer as that version's players
        if view["game_over"]:
            break
        answer = json.loads(adapter.act(view["legal"][0]))
        assert answer["ok"], answer
        view = answer["view"]
    again = Match.replay(save["seed"], answer["save"]["log"], person_and_bots(difficulty, version))
    assert again.game.log == answer["save"]["log"]
    assert answer["save"]["engine"] == version


@pytest.mark.parametrize("version", OLD)
def test_a_watched_game_without_a_version_is_replayed_by_the_version_that_played_it(version: str) -> None:
    save = old_save(version, "normal", 20)
    del save["engine"]  # a leaderboard entry's game names no version
    answer = json.loads(adapter.watch(json.dumps(save)))
    assert answer["ok"], answer
    assert answer["frame"]["total"] == len(save["log"])


def test_a_save_of_an_unknown_version_is_refused_and_named() -> None:
    save = old_save(__version__, "easy", 2)
    save["engine"] = "0.1.0"
    answer = json.loads(adapter.resume(json.dumps(save)))
    assert not answer["ok"] and "0.1.0" in answer["error"]


def test_a_new_game_is_saved_with_this_version() -> None:
    answer = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "hard", "seed": "v-now"})))
    assert answer["ok"] and answer["save"]["engine"] == __version__
    resumed = json.loads(adapter.resume(json.dumps(answer["save"])))
    assert resumed["ok"] and resumed["save"]["engine"] == __version__
