"""Replays: any game, move by move, forward and back, every hand face up; and the adapter's JSON doors."""

from __future__ import annotations

import json

import pytest

from ladder_rummy import adapter
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.match import Match, person_and_bots
from ladder_rummy.replay import CHECKPOINT, Replay
from ladder_rummy.seeds import daily_seed

DATE = "2026-11-29"


@pytest.fixture(scope="module")
def daily_log() -> list[str]:
    """A finished Daily, the person's seat played by the basic player."""
    match = Match(daily_seed(DATE), [BasicBot()] + person_and_bots("normal")[1:])
    match.advance()
    assert match.game.is_over
    return list(match.game.log)


def test_frames_go_forward_and_back_identically(daily_log: list[str]) -> None:
    replay = Replay(daily_seed(DATE), daily_log)
    assert replay.length == len(daily_log)
    later = replay.frame(CHECKPOINT + 5)
    assert replay.frame(3) == replay.frame(3)
    assert replay.frame(CHECKPOINT + 5) == later
    assert later["action"] == daily_log[CHECKPOINT + 4]
    assert replay.frame(0)["action"] is None and replay.frame(replay.length)["game_over"]


def test_frames_show_every_hand_and_total_107_cards(daily_log: list[str]) -> None:
    frame = Replay(daily_seed(DATE), daily_log).frame(40)
    cards = sum(len(p["hand"]) for p in frame["players"]) + len(frame["discard"]) + frame["stock"]
    cards += sum(len(m["cards"]) for m in frame["table"])
    assert cards == 107
    assert all(len(p["hand"]) == p["cards"] for p in frame["players"])


def test_views_of_players_never_show_other_hands(daily_log: list[str]) -> None:
    game = Replay(daily_seed(DATE), daily_log).game_at(40)
    for seat in range(4):
        assert all("hand" not in p for p in game.view(seat)["players"])


def test_adapter_watch_checks_the_computer_moves(daily_log: list[str]) -> None:
    save = {"mode": "daily", "date": DATE, "seed": daily_seed(DATE), "difficulty": "normal", "log": daily_log}
    answer = json.loads(adapter.watch(json.dumps(save)))
    assert answer["ok"] and answer["frame"]["total"] == len(daily_log)
    frame = json.loads(adapter.watch_frame(10))["frame"]
    assert frame["index"] == 10 and frame["action"] == daily_log[9]
    tampered = dict(save, log=[daily_log[0], "discard QS"] + daily_log[2:])
    bad = json.loads(adapter.watch(json.dumps(tampered)))
    assert not bad["ok"] and "log entry 1" in bad["error"]
    assert not json.loads(adapter.watch_frame(10 ** 6))["ok"]
    assert not json.loads(adapter.watch("not json"))["ok"]
