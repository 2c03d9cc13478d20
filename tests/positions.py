"""Set up exact positions in a real Game for rule tests, keeping all 107 cards accounted for."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ladder_rummy import Game, Meld, new_deck, parse_cards
from ladder_rummy.game import TableMeld


def arrange(
    game: Game,
    hands: Sequence[str],
    discard: str = "",
    stock_top: str = "",
    table: Sequence[tuple[int, str]] = (),
    turn: int = 0,
    laid_down: Sequence[int] = (),
    steps: Sequence[int] | None = None,
    stock_size: int | None = None,
) -> Game:
    """Rearrange the current deal: the given hands, discard pile (bottom→top), table melds and
    stock top cards (first = top); every other card goes to the stock (or out of the way into
    the discard pile's bottom when ``stock_size`` limits the stock)."""
    pool = Counter(new_deck())
    for p, text in zip(game.players, hands):
        p.hand = parse_cards(text)
        pool.subtract(p.hand)
    pile = parse_cards(discard)
    pool.subtract(pile)
    game.table = []
    for owner, text in table:
        meld = Meld.parse(text)
        pool.subtract(meld.cards)
        game.table.append(TableMeld(len(game.table) + 1, owner, meld))
    top = parse_cards(stock_top)
    pool.subtract(top)
    if any(n < 0 for n in pool.values()):
        raise ValueError(f"position uses cards that do not exist: {-pool}")
    rest = sorted(pool.elements())
    if stock_size is not None:
        keep = stock_size - len(top)
        pile = rest[keep:] + pile
        rest = rest[:keep]
    game.stock = rest + list(reversed(top))
    game.discard = pile
    game.current_seat, game.phase, game.taken, game.laid_down_now = turn, "draw", None, False
    for p in game.players:
        p.laid_down = p.seat in laid_down
        if steps is not None:
            p.step = steps[p.seat]
    game._version += 1
    game.check_invariants()
    return game


def fresh(seed: str = "rules") -> Game:
    """A new game to arrange."""
    return Game.new(seed)
