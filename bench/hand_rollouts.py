"""Would Normal judge a hand better by drawing its own cards forward? A diagnostic for issue 15.

    python bench/hand_rollouts.py --games 400 --seed h2 --variants normal,rollout --workers 2

Before laying down, Normal values each hand a discard could leave with a formula: the turns
its missing cards need, from the live copies of their outs, weighed against the turns the
deal has left (``StrongBot.turns_needed``, ``StrongBot.value``). Every search tried so far
in its place (``bench/search_headroom.py``) lost, because a few sampled worlds with rivals
in them are noise. This bench asks a narrower question with far more samples: is the
formula's *ranking* of the kept hands wrong?

Its ``rollout`` player is Normal, except that its close discards before laying down are
re-weighed. For each candidate hand, the same ``--sequences`` runs of stock cards are drawn
(without replacement, from the copies this seat cannot place, with its own generator, so
a decision is the same on every machine); in each run the hand alone draws, lays down as
soon as it can, and otherwise discards as Normal would (its value ranking, no rival). A run
that lays down after ``d`` draws counts with the chance that the deal is still going then,
the calibrated chance Normal gives a hand needing ``d / draw_rate`` turns. The hand's value
is the mean of that, less Normal's penalty term; what a discard hands the next player is
Normal's cost, unchanged. It never reads a hidden card: the runs come from the live counts
of its own view.

Every variant plays as entry 0 against three ``--against`` on the same seeds and is compared
game by game with the first (``bench/search_headroom.py``'s ``main`` does the tournament).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action, Discard  # noqa: E402
from ladder_rummy.bots import View, registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import Reading  # noqa: E402
from ladder_rummy.cards import Card  # noqa: E402
from ladder_rummy.bots.strong import _POINTS, _key, _without  # noqa: E402
from ladder_rummy.evaluate import INDEX, shape_of_key  # noqa: E402

import search_headroom  # noqa: E402


@dataclass(frozen=True)
class Rollouts:
    """How the ``rollout`` player re-weighs Normal's close discards before laying down."""

    sequences: int = 24
    """Runs of stock cards per decision, shared by every candidate (common random numbers)."""
    margin: float = 0.1
    """A discard is re-weighed when Normal ranks it within this many contracts of its best."""
    candidates: int = 4
    """At most this many of Normal's best discards are re-weighed."""
    horizon: float = 2.5
    """Draws are played up to this many times the turns Normal thinks the deal has left."""
    max_draws: int = 24
    draws: bool = False
    """Re-weigh close draws too: the stock card starts the runs now; taking the discard, then
    Normal's discard, starts them a turn later."""
    draw_margin: float = 0.1
    """A draw is re-weighed when Normal's two sides are within this many contracts."""


class RolloutNormal(NormalBot):
    """Normal whose close discards before laying down are valued by drawing the hand forward."""

    def __init__(self, rollouts: Rollouts, name: str) -> None:
        super().__init__(registry.NORMAL_1_1)
        self.rollouts = rollouts
        self.name = name
        self._rng: random.Random | None = None

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Normal's decision; the generator is kept for this decision's runs."""
        self._rng = rng
        try:
            return super().choose(view, legal, rng)
        finally:
            self._rng = None

    def worth_taking(self, r: Reading, top: Card) -> bool:
        """Normal's answer, unless its two sides are close: then the runs' values decide."""
        margin = self.take_margin(r, top)
        if not self.rollouts.draws or self._rng is None or abs(margin) > self.rollouts.draw_margin:
            return margin > 0
        hand = _key(r.hand)
        t = INDEX[top]
        more = tuple(sorted(hand + (t,)))
        left = self.turns_left(r)
        values = self.values_without(more, sorted(set(more) - {t}), r, left, tries=0)
        drop = max(values, key=lambda i: (values[i], _POINTS[i], -i))
        runs = self.sequences(r, self._rng)
        taken = self.run_value(_without(more, drop), r, left, runs, later=1) - self.settings.reveal
        return taken > self.run_value(hand, r, left, runs)

    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """Normal's ranking, its close candidates' hand values replaced by the runs' values."""
        ranks = self.discard_ranks(r, options)
        order = sorted(ranks, key=ranks.__getitem__, reverse=True)
        best = ranks[order[0]][0]
        close = [a for a in order[:self.rollouts.candidates] if best - ranks[a][0] <= self.rollouts.margin]
        if len(close) < 2 or self._rng is None:
            return order[0]
        values, costs = self.discard_parts(r, options)
        runs = self.sequences(r, self._rng)
        left = self.turns_left(r)
        hand = _key(r.hand)

        def rank(action: Discard) -> tuple[float, int, int]:
            i = INDEX[action.card]
            kept = _without(hand, i)
            return (self.run_value(kept, r, left, runs) - costs[i], action.card.points, -i)

        return max(close, key=rank)

    def sequences(self, r: Reading, rng: random.Random) -> list[list[int]]:
        """``sequences`` runs of stock cards, each a sample without replacement of the cards this
        seat cannot place, as long as the horizon needs."""
        pool = [i for i, n in enumerate(r.live) for _ in range(n)]
        draws = min(self.rollouts.max_draws, len(pool),
                    max(1, int(self.rollouts.horizon * self.turns_left(r) * self.settings.draw_rate)))
        return [rng.sample(pool, draws) for _ in range(self.rollouts.sequences)]

    def run_value(self, kept: tuple[int, ...], r: Reading, left: float, runs: list[list[int]],
                  later: int = 0) -> float:
        """The mean over the runs of the chance that the deal lasts until this hand lays down
        (its first draw ``later`` turns from now), less Normal's penalty term for its points."""
        total = 0.0
        for run in runs:
            total += self.one_run(kept, r, left, run, later)
        chance = total / len(runs)
        points = sum(_POINTS[i] for i in kept)
        return chance - self.settings.point_value * (1.0 - chance) * points

    def one_run(self, kept: tuple[int, ...], r: Reading, left: float, run: list[int], later: int = 0) -> float:
        """One run: draw, lay down when complete, else discard Normal's way; the deal's chance to last."""
        hand = kept
        for d, card in enumerate(run, start=1):
            hand = tuple(sorted(hand + (card,)))
            if shape_of_key(hand, r.step).missing == 0:
                return self.lasts(d / self.settings.draw_rate + later, left)
            values = self.values_without(hand, sorted(set(hand)), r, left, tries=0)
            drop = max(values, key=lambda i: (values[i], _POINTS[i], -i))
            hand = _without(hand, drop)
        return 0.0

    def lasts(self, turns: float, left: float) -> float:
        """The calibrated chance Normal gives a hand that needs ``turns`` with ``left`` to go."""
        s = self.settings
        a = (s.left_scale * left) ** s.sharpness
        return a / (a + turns ** s.sharpness)


VARIANTS = {
    "rollout": lambda: RolloutNormal(Rollouts(), "rollout"),
    "rollout_wide": lambda: RolloutNormal(Rollouts(margin=0.25, candidates=5), "rollout_wide"),
    "rollout_many": lambda: RolloutNormal(Rollouts(sequences=64), "rollout_many"),
    "rollout_draws": lambda: RolloutNormal(Rollouts(draws=True), "rollout_draws"),
}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of ``bench/search_headroom.py``, with this module's variants known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
