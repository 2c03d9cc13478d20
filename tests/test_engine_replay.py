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


def test_a_logged_action_reads_back_as_itself(daily_log: list[str]) -> None:
    """Every entry a game logs is a fixed point of parse_action: Match.replay accepts a computer's
    entry equal to what it plays without parsing it, which is the same check only because of this.
    An entry written another way is still parsed and compared, and a different move refused."""
    from ladder_rummy.actions import parse_action
    from ladder_rummy.errors import ReplayError

    assert all(str(parse_action(entry)) == entry for entry in daily_log)
    probe = Match(daily_seed(DATE), person_and_bots("normal"))
    for bot, entry in enumerate(daily_log):
        if probe.bot_to_move() is not None and entry.startswith("draw "):
            break
        probe.game.apply(entry)
    respelled = daily_log[:bot] + ["  " + daily_log[bot].upper() + " "] + daily_log[bot + 1:]
    assert Match.replay(daily_seed(DATE), respelled, person_and_bots("normal")).game.log == daily_log
    flipped = "draw discard" if daily_log[bot] == "draw stock" else "draw stock"
    with pytest.raises(ReplayError) as info:
        Match.replay(daily_seed(DATE), daily_log[:bot] + [flipped] + daily_log[bot + 1:], person_and_bots("normal"))
    assert info.value.index == bot
