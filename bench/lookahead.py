"""Normal with a one-draw look-ahead before laying down: issue 15.

    python bench/lookahead.py --games 400 --seed h2 --variants normal,look --workers 2

Normal weighs a discard before laying down by the value of the hand it leaves
(``StrongBot.value``: the chance to lay down from the turns its missing cards need, less
the points it would be caught with). The searches tried so far (sampled worlds played out,
the hand drawn forward alone) replaced that value and judged worse. This one keeps it and
looks one draw further, as an expectimax over this seat's own next stock card: for each of
Normal's close discards, every card that may come (weighed by its live copies, the seat's
own view only) is added to the hand it leaves, the best discard after it is taken, and the
values are averaged. A discard that keeps more ways to improve, or an exact out the
formula's count of outs misses, shows there; the rivals enter as in Normal (the turns
left, the feeding cost).

A card that shares no rank and sits near no card of the hand cannot change its progress:
drawing it is worth the hand as it is, or the hand with it in place of its highest spare
card when that sheds points. The look-ahead never reads a hidden card.

Variants: ``look`` (discards before laying down, Normal's best four within 0.15 contracts),
``look_draw`` (and the draw: the stock side valued by the same expectimax, not Normal's
approximation ``hit × value(closer)``), ``look_wide`` (best six within 0.3).
Every variant plays as entry 0 against three ``--against`` on the same seeds and is compared
game by game with the first (``bench/search_headroom.py``'s ``main`` does the tournament).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action, Discard  # noqa: E402
from ladder_rummy.bots import registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import Reading  # noqa: E402
from ladder_rummy.bots.strong import _POINTS, _key, _related, _without  # noqa: E402
from ladder_rummy.evaluate import CARDS, INDEX, Shape, shape_of_key  # noqa: E402

import search_headroom  # noqa: E402


class LookaheadNormal(NormalBot):
    """Normal whose close discards before laying down are weighed one stock draw ahead."""

    def __init__(self, name: str, candidates: int = 4, margin: float = 0.15, draws: bool = False) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name))
        self.candidates = candidates
        self.margin = margin
        self.look_draws = draws

    # ------------------------------------------------------------------ the expectimax
    def ahead(self, hand: tuple[int, ...], r: Reading, left: float) -> float:
        """The expected value of ``hand`` after one more stock draw and the best discard."""
        memo = r.scratch.setdefault("ahead", {})
        found = memo.get(hand)
        if found is not None:
            return float(found)
        shape = shape_of_key(hand, r.step)
        points = sum(_POINTS[i] for i in hand)
        stay = self.value(self.turns_needed(shape, r), points, left)
        cards = tuple(CARDS[i] for i in hand)
        spare = self.highest_spare(hand, shape)
        total = 0.0
        weight = 0
        live = r.live
        for c, copies in enumerate(live):
            if copies <= 0:
                continue
            card = CARDS[c]
            if _related(card, cards, r.step):
                more = tuple(sorted(hand + (c,)))
                values = self.values_without(more, sorted(set(more)), r, left, tries=0)
                got = max(max(values.values()), stay)
            elif spare is not None and _POINTS[spare] > _POINTS[c]:
                got = max(stay, self.value(self.turns_needed(shape, r), points - _POINTS[spare] + _POINTS[c], left))
            else:
                got = stay
            total += copies * got
            weight += copies
        result = total / weight if weight else stay
        memo[hand] = result
        return result

    @staticmethod
    def highest_spare(hand: tuple[int, ...], shape: Shape) -> int | None:
        """The card worth the most points that some best choice of melds can spare (or None)."""
        best: int | None = None
        for i in set(hand):
            if best is not None and _POINTS[i] <= _POINTS[best]:
                continue
            smaller = shape.without(i)
            if smaller is not None and smaller.missing == shape.missing:
                best = i
        return best

    # ------------------------------------------------------------------ decisions
    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """Normal's close discards, weighed one draw ahead (less what each hands the next player)."""
        values, costs = self.discard_parts(r, options)
        ranks = {a: (values[i] - costs[i], a.card.points, -i) for a in options if (i := INDEX[a.card]) in values}
        ordered = sorted(ranks, key=ranks.__getitem__, reverse=True)
        best = ranks[ordered[0]][0]
        close = [a for a in ordered[:self.candidates] if best - ranks[a][0] <= self.margin]
        if len(close) < 2:
            return ordered[0]
        hand = _key(r.hand)
        later = max(1.0, self.turns_left(r) - 1.0)

        def looked(action: Discard) -> tuple[float, int, int]:
            i = INDEX[action.card]
            return (self.ahead(_without(hand, i), r, later) - costs[i], action.card.points, -i)

        return max(close, key=looked)

    def stock_value(self, hand: tuple[int, ...], shape: Shape, r: Reading, left: float) -> float:
        """With ``draws``: the stock side of a draw as the expectimax, not Normal's approximation."""
        if not self.look_draws:
            return super().stock_value(hand, shape, r, left)
        return self.ahead(hand, r, left)


VARIANTS = {
    "look": lambda: LookaheadNormal("look"),
    "look_draw": lambda: LookaheadNormal("look_draw", draws=True),
    "look_wide": lambda: LookaheadNormal("look_wide", candidates=6, margin=0.3),
}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """``bench/search_headroom.py``'s command line, with these variants known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
