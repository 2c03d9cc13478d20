"""The golden record: what fixed seeds deal and how a whole seeded game plays out.

Run as a script it prints the record as JSON, so the very same code can run under
CPython (pytest compares it with ``tests/golden/games.json``) and under Pyodide in
Node (``node tools/pyodide_node.mjs run tests/golden_games.py``), proving both
interpreters deal and play identical games. Only the engine and the standard
library are used, so Pyodide needs nothing but the engine wheel.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ladder_rummy import Game, LayDown, derive
from ladder_rummy.game import PLAYERS

SEEDS = ("golden-1", "golden-2", "daily-2026-11-29")


def first_deal(seed: str) -> dict[str, Any]:
    """Dealer, the four hands and the upcard of the first deal."""
    game = Game.new(seed)
    return {
        "dealer": game.dealer,
        "hands": [" ".join(str(c) for c in p.hand) for p in game.players],
        "upcard": str(game.discard[-1]),
        "stock_top": str(game.stock[-1]),
    }


def random_game(seed: str) -> Game:
    """A whole game with a seeded random policy that always lays down when it can."""
    game = Game.new(seed)
    rng = derive(seed, "golden-policy")
    while not game.is_over:
        legal = game.legal_actions()
        lay = [a for a in legal if isinstance(a, LayDown)]
        game.apply(lay[0] if lay else rng.choice(legal))
    return game


def game_record(game: Game) -> dict[str, Any]:
    """Enough of a finished game to catch any change: log digest, length, deals, standings."""
    return {
        "log_sha256": hashlib.sha256("\n".join(game.log).encode()).hexdigest(),
        "log_length": len(game.log),
        "log_head": game.log[:40],
        "deals": [{"went_out": d["went_out"], "reason": d["reason"]} for d in game.deal_summaries],
        "standings": game.standings(),
    }


def record() -> dict[str, Any]:
    """The whole golden record."""
    out: dict[str, Any] = {"first_deals": {s: first_deal(s) for s in SEEDS}, "games": {}}
    for seed in SEEDS[:2]:
        out["games"][seed] = game_record(random_game(seed))
    out["players"] = PLAYERS
    return out


if __name__ == "__main__":
    print(json.dumps(record(), sort_keys=True))
