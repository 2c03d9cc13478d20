"""How often does a player lay down step 1 on its first turn? A check of a play-test's feeling.

    python bench/first_turn.py --games 2000

A play-test found the computer players "too fast to beat": Jisoo laid down two groups of 3 on
her first turn in two of the deals it played. This plays the first round of deal 1 (each seat's
first turn, Normal in every seat: the same deal the person gets, the seed of a New Game) and
counts how often a seat lays down in it, and how often at least one of seats 1-3 does, as the
person in seat 0 would see it. The deal is
the seed's: whatever these rates are, they come from the cards, not from a player who peeks
(the re-deal fairness test in tests/test_bots.py holds Normal and Hard to their own view).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

import random  # noqa: E402

from ladder_rummy import new_deck  # noqa: E402
from ladder_rummy.bots import make_bot  # noqa: E402
from ladder_rummy.contracts import find_contract  # noqa: E402
from ladder_rummy.match import Match  # noqa: E402


def first_round(seed: str) -> list[bool]:
    """For each seat: whether it laid down on its first turn of deal 1 (Normal in every seat)."""
    match = Match(seed, [make_bot("normal") for _ in range(4)])
    game = match.game
    laid = [False] * 4
    played: set[int] = set()
    while len(played) < 4 and not game.deal_summaries:  # one round, or somebody went out in it
        seat = game.current_seat
        action = match.bot_action()
        game.apply(action)
        laid[seat] = laid[seat] or str(action).startswith("laydown")
        if game.current_seat != seat:  # the turn ended (a discard, or going out)
            played.add(seat)
    return laid


def random_elevens(count: int, seed: str) -> float:
    """The share of `count` random eleven-card hands of the deck that make step 1 (no choice of card)."""
    rng = random.Random(seed)
    deck = new_deck()
    return sum(find_contract(rng.sample(deck, 11), 1) is not None for _ in range(count)) / count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", default="first-turn")
    args = parser.parse_args(argv)
    rounds = [first_round(f"{args.seed}-{n}") for n in range(args.games)]
    each = sum(sum(r) for r in rounds) / (4 * len(rounds))
    rivals = sum(any(r[1:]) for r in rounds) / len(rounds)
    print(f"{len(rounds)} first rounds of deal 1 (Normal in every seat, seeds {args.seed}-N)")
    print(f"a seat lays down on its first turn: {each:.1%}")
    print(f"at least one of seats 1-3 (the person's three rivals) does: {rivals:.1%}")
    print(f"eleven random cards make step 1 (no discard pile to choose from): {random_elevens(20 * args.games, args.seed):.1%}")

if __name__ == "__main__":
    main()
