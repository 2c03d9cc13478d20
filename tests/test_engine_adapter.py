"""The adapter: JSON in, JSON out; bad input gets a clear error and changes nothing."""

from __future__ import annotations

import json
from typing import Any

from ladder_rummy import adapter
from ladder_rummy.seeds import daily_seed


def call(fn: Any, *args: Any) -> dict[str, Any]:
    return json.loads(fn(*args))


def test_daily_is_the_same_for_everyone() -> None:
    a = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
    b = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
    assert a["ok"] and a["view"] == b["view"]
    assert a["save"]["seed"] == daily_seed("2026-11-29") and a["save"]["difficulty"] == "normal"
    assert a["view"]["turn"] == 0  # the computers have played up to the person's turn


def test_new_game_and_act_and_resume() -> None:
    start = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "easy", "seed": "adapter-1"}))
    assert start["save"]["mode"] == "new" and start["save"]["difficulty"] == "easy"
    moved = call(adapter.act, "draw stock")
    assert moved["ok"] and moved["view"]["phase"] == "play" and moved["save"]["log"][-1] == "draw stock"
    again = call(adapter.resume, json.dumps(moved["save"]))
    assert again["view"] == moved["view"]


def test_refused_action_changes_nothing() -> None:
    call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "adapter-2"}))
    before = call(adapter.current)
    for bad in ["discard KS", "fly away", "layoff 9X 1", ""]:
        answer = call(adapter.act, bad)
        assert not answer["ok"] and answer["error"]
    assert call(adapter.current) == before


def test_bad_arguments_and_saves_are_named() -> None:
    assert "mode" in call(adapter.new_game, json.dumps({"mode": "weekly"}))["error"]
    assert "difficulty" in call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "brutal"}))["error"]
    assert "date" in call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-13-45"}))["error"]
    assert "JSON" in call(adapter.resume, "{oops")["error"]
    assert "format" in call(adapter.resume, json.dumps({"format": 9}))["error"]
    foreign = {"format": 1, "mode": "daily", "date": "2026-11-29", "seed": "daily-2026-11-28", "log": []}
    assert "do not match" in call(adapter.resume, json.dumps(foreign))["error"]
    broken = {"format": 1, "mode": "new", "seed": "x", "difficulty": "normal", "log": ["draw stock", "draw stock"]}
    assert "log entry 1" in call(adapter.resume, json.dumps(broken))["error"]


def test_hints_and_progress_in_new_game_only() -> None:
    new = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "hint-1"}))
    assert new["view"]["hints"] is True
    progress = new["view"]["progress"]
    assert progress["missing"] >= 0 and progress["text"] and len(progress["melds"]) == 2
    suggestion = call(adapter.hint)
    assert suggestion["ok"] and suggestion["hint"] in new["view"]["legal"]
    assert call(adapter.current) == call(adapter.current)  # asking for a hint changes nothing
    daily = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
    assert daily["view"]["hints"] is False and daily["view"]["progress"] is None
    refused = call(adapter.hint)
    assert not refused["ok"] and "Daily" in refused["error"]
