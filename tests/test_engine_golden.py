"""Golden games: dealing and play from fixed seeds must never change silently.

If a rule or the dealing changes on purpose, regenerate the record with
``python -c "import sys,json; sys.path[:0]=['engine','tests']; import golden_games;
json.dump(golden_games.record(), open('tests/golden/games.json','w'), indent=1, sort_keys=True)"``
and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import golden_games
from ladder_rummy import Game

GOLDEN = Path(__file__).parent / "golden" / "games.json"


def test_cpython_matches_the_golden_record() -> None:
    assert golden_games.record() == json.loads(GOLDEN.read_text())


def test_golden_game_replays_from_its_log() -> None:
    game = golden_games.random_game("golden-1")
    again = Game.replay("golden-1", game.log)
    assert again.standings() == game.standings() and again.view(0) == game.view(0)
