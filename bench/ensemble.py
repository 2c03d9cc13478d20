"""Normal and ``expert`` weighing together: issue 15.

    python bench/ensemble.py --games 400 --seed h2 --variants normal,ens_discard,ens_all --workers 2

Normal and ``expert`` are level (25.5 % and 25.2 % as one against three of the other over
2,000 games) in different ways: Normal climbs 0.1–0.15 contracts a game more, ``expert``
is caught with fewer points. Their models of a hand differ (Normal: the turns its missing
cards need against the turns left; ``expert``: the chance to finish every stage within the
turns left, turn by turn), and so do their charges for what a discard hands the next
player. Two level judges that err in different places can be better together than
either: this player weighs each decision before laying down by the mean of the two
models' figures, both in contracts, both from this seat's view only.

Variants (each Normal otherwise, as entry 0 against three ``--against``, compared game by
game with the first of ``--variants``; ``bench/search_headroom.py``'s ``main`` does the
tournament):

* ``ens_discard``: discards before laying down by ``w × Normal + (1 − w) × expert``
  (each: the value of the hand the discard leaves, less what it hands the next player),
  ``w = ½``;
* ``ens_all``: and the draw, by the mean of the two margins of the discard over a stock card;
* ``ens_discard_n``: the discard with ``w = ¾``.
"""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action, Discard  # noqa: E402
from ladder_rummy.bots import expert as expert_module  # noqa: E402
from ladder_rummy.bots import registry  # noqa: E402
from ladder_rummy.bots.expert import ExpertBot  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import Reading  # noqa: E402
from ladder_rummy.bots.strong import _POINTS, _key  # noqa: E402
from ladder_rummy.cards import Card  # noqa: E402
from ladder_rummy.evaluate import INDEX, Shape, shape_of_key  # noqa: E402

import search_headroom  # noqa: E402


class EnsembleNormal(NormalBot):
    """Normal whose decisions before laying down take ``expert``'s figures into account."""

    def __init__(self, name: str, weight: float = 0.5, draws: bool = False) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name))
        self.weight = weight
        self.ens_draws = draws
        self.expert = ExpertBot()

    # ------------------------------------------------------------------ discard before laying down
    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """The discard with the best mean of the two models' figures (Normal's when they share none)."""
        values, costs = self.discard_parts(r, options)
        hand = _key(r.hand)
        turns = self.expert.turns_left(r)
        e_values = self.expert.values_without(hand, [INDEX[a.card] for a in options], r, turns)
        stake = max(e_values.values()) + expert_module.POINT * sum(_POINTS[i] for i in hand)
        both = [a for a in options if INDEX[a.card] in values and INDEX[a.card] in e_values]
        if not both:
            return super().discard(r, options)
        w = self.weight

        def rank(action: Discard) -> tuple[float, int, int]:
            i = INDEX[action.card]
            normal = values[i] - costs[i]
            expert = e_values[i] - self.expert.feeding(r, action.card, stake)
            return (w * normal + (1.0 - w) * expert, action.card.points, -i)

        return max(both, key=rank)

    # ------------------------------------------------------------------ draw
    def take_margin(self, r: Reading, top: Card) -> float:
        """With ``draws``: the mean of Normal's and ``expert``'s margins of the discard over a stock card."""
        mine = super().take_margin(r, top)
        if not self.ens_draws or math.isinf(mine):
            return mine
        return self.weight * mine + (1.0 - self.weight) * self.expert_margin(r, top)

    def expert_margin(self, r: Reading, top: Card) -> float:
        """``ExpertBot.worth_taking`` as a margin, in contracts."""
        hand = tuple(sorted(INDEX[c] for c in r.hand))
        t = INDEX[top]
        more = tuple(sorted(hand + (t,)))
        turns = self.expert.turns_left(r)
        taken = max(self.expert.values_without(more, sorted(set(more) - {t}), r, turns - 1).values())
        shape = shape_of_key(hand, r.step)
        points = sum(_POINTS[i] for i in hand)
        stay = self.expert.value(shape, points, r, turns - 1)
        live = sum(r.live[i] for i in shape.outs)
        hit = min(1.0, live / r.unknown)
        if shape.missing and hit:
            closer = Shape(shape.missing - 1, shape.outs, shape.plans, shape.jokers)
            stock = hit * self.expert.value(closer, points, r, turns - 1) + (1.0 - hit) * stay
        else:
            stock = stay
        return taken - expert_module.REVEAL - stock


VARIANTS = {
    "ens_discard": lambda: EnsembleNormal("ens_discard"),
    "ens_all": lambda: EnsembleNormal("ens_all", draws=True),
    "ens_discard_n": lambda: EnsembleNormal("ens_discard_n", weight=0.75),
}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """``bench/search_headroom.py``'s command line, with these variants known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
