"""Which arrangement Normal lays down: the finder's, or the one that goes out sooner. A screen for issue 15.

    python bench/laydown_choice.py --games 1000 --seed h2 --variants normal,laydown_out,laydown_light --workers 2

Normal lays down the finder's arrangement (fewest jokers, then most cards; a tie broken by the
order the search meets them). Yet a deal is often decided after the lay-down: a player who is
down goes out by laying off what fits the table and discarding one card a turn, so the cards an
arrangement leaves in hand that fit no meld (its own new ones included) are the turns it still
needs to go out, while the rivals not yet down lose their contract when it does. ``laydown_out``
lays down, among the arrangements with the fewest jokers, the one that leaves the fewest such
cards, then the most cards laid, then the fewest points in hand; ``laydown_light`` is the
person's Lay down button (``contracts.lightest``: the finder's key, then the fewest points left).

The tournament and the paired figures are ``bench/search_headroom.py``'s (entry 0 against three
``--against``, seats rotating; the difference game by game, ± 1.96 standard errors).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action, LayDown  # noqa: E402
from ladder_rummy.bots import Bot, registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import Reading  # noqa: E402
from ladder_rummy.cards import Card  # noqa: E402
from ladder_rummy.contracts import CONTRACTS, Arrangement, _Search, lightest  # noqa: E402
from ladder_rummy.melds import Meld  # noqa: E402

import search_headroom  # noqa: E402

Key = Callable[[Sequence[Meld]], tuple[int, ...]]


class _WholeSearch(_Search):
    """The finder's search with a key that sees the whole arrangement, runs and groups together."""

    def _group_key(self, runs: list[Meld]) -> Key:
        """Groups judged with the runs beside them, in the contract's order."""
        return lambda groups: self.key(self._in_contract_order(runs, list(groups)))


def going_out_key(hand: Sequence[Card], table: Sequence[Meld]) -> Key:
    """Fewest jokers (the finder's pruning needs it first), then the fewest cards left that fit no
    meld, then the most cards laid, then the fewest points left in hand."""

    def key(melds: Sequence[Meld]) -> tuple[int, ...]:
        left = Counter(hand)
        for meld in melds:
            left.subtract(meld.cards)
        everywhere = [*table, *melds]
        stuck = sum(n for card, n in left.items() if n > 0 and not any(m.ends_accepting(card) for m in everywhere))
        points = sum(card.points * n for card, n in left.items() if n > 0)
        return (sum(m.jokers for m in melds), stuck, -sum(len(m.cards) for m in melds), points)

    return key


class LaydownBot(NormalBot):
    """Normal that lays down the arrangement its ``key`` prefers (when the taken-card rule allows it)."""

    def __init__(self, name: str, key: Callable[[Reading], Key]) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name))
        self.key_for = key

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """Normal's decision, with its own arrangement in place of the finder's."""
        action = super().choose(view, legal, rng)
        if not isinstance(action, LayDown):
            return action
        r = Reading.of(view)
        melds: Arrangement | None = _WholeSearch(Counter(r.hand), CONTRACTS[r.step], self.key_for(r)).best()
        if melds is None or not self.leaves_playable(r, melds):
            return action
        return LayDown(tuple(m.cards for m in melds))

    @staticmethod
    def leaves_playable(r: Reading, melds: Arrangement) -> bool:
        """The taken-card rule: no hand left holding only copies of the card just taken."""
        left = Counter(r.hand)
        for meld in melds:
            left.subtract(meld.cards)
        rest = [c for c, n in left.items() if n > 0]
        return r.taken is None or not rest or any(c != r.taken for c in rest)


VARIANTS: dict[str, Callable[[], Bot]] = {
    "laydown_out": lambda: LaydownBot("laydown_out", lambda r: going_out_key(r.hand, r.table)),
    "laydown_light": lambda: LaydownBot("laydown_light", lambda r: lightest),
}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of ``bench/search_headroom.py``, with this module's variants known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
