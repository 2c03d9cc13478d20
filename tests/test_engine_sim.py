"""Seeded random-play games, checking the game's invariants after every single action.

After each action: all 107 cards are accounted for (hands + table + discard pile +
stock), every table meld is valid, turns pass in order, every offered action
round-trips through its string, and every game ends. The default run plays a few
games; ``pytest -m slow`` plays 48 (on every core; ``--sim-games N`` for more).
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from ladder_rummy import Discard, Game, LayDown, derive, parse_action
from ladder_rummy.game import MAX_DEALS

MAX_ACTIONS = 60_000  # far above any real game: a game that does not end is a bug
_round_tripped: set[str] = set()  # action strings already checked in this process


def play_checked(seed: str) -> dict[str, int]:
    """Play one random game, checking every invariant after every action; return a few counts."""
    game = Game.new(seed)
    rng = derive(seed, "sim-policy")
    actions = 0
    while not game.is_over:
        assert actions < MAX_ACTIONS, f"{seed}: the game does not end"
        seat, deal, legal = game.current_seat, game.deal, game.legal_actions()
        assert legal, f"{seed}: seat {seat} has no legal action"
        for action in legal:
            text = str(action)
            if text not in _round_tripped:
                assert parse_action(text) == action, text
                _round_tripped.add(text)
        lay = [a for a in legal if isinstance(a, LayDown)]
        action = lay[0] if lay else rng.choice(legal)
        game.apply(action)
        actions += 1
        game.check_invariants()
        _check_turn_order(game, seat, deal, action)
    assert game.deal <= MAX_DEALS and len(game.standings()) == 4
    return {"actions": actions, "stock_ends": sum(d["reason"] == "stock" for d in game.deal_summaries),
            "deals": len(game.deal_summaries)}


def _check_turn_order(game: Game, seat: int, deal: int, action: object) -> None:
    if game.is_over or game.deal != deal:
        return
    if isinstance(action, Discard):
        assert game.current_seat == (seat + 1) % 4 and game.phase == "draw"
    else:
        assert game.current_seat == seat and game.phase == "play"


def test_random_games_keep_every_invariant() -> None:
    for i in range(4):
        play_checked(f"sim-{i}")


@pytest.mark.slow
def test_many_random_games_keep_every_invariant(pytestconfig: pytest.Config) -> None:
    """``--sim-games`` games (24 by default: a random game is ~6,000 actions, a second of CPU
    each; ``--sim-games 1000`` gives the README's figure)."""
    games = pytestconfig.getoption("sim_games")
    seeds = [f"sim-{i}" for i in range(games)]
    # Small chunks share the games evenly between the processes (five chunks of 25 left one
    # process three of them, the other two: a third longer than it needs in the suite).
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(play_checked, seeds, chunksize=5))
    assert len(results) == games


def test_replay_of_random_games_is_exact() -> None:
    rng = random.Random(5)
    game = Game.new("sim-replay")
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = Game.replay("sim-replay", game.log)
    assert again.log == game.log and again.standings() == game.standings()
