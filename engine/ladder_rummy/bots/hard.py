"""Hard: Normal's judgement, checked by playing out the worlds the hidden cards could make.

Perfect-information Monte Carlo (PIMC), at the end of a deal. Once somebody is down —
the deal may end within a few turns, and Normal's formulas for feeding, dumping points
and racing to go out are at their roughest — Normal's close calls may be searched
(which ones is the :class:`Search`'s, below):

* Hard deals the cards it cannot see into ``worlds`` *worlds* (:func:`.deal.sample`:
  other hands and stock consistent with its view and with what it saw picked up, drawn
  with its own generator; the true hidden cards are never read).
* In every world it plays each of Normal's best few moves, then plays the deal out to
  its end, every seat (itself included) with the quick policy of :class:`.deal.Deal`.
* A world scores what the deal gave this seat: a contract if it laid down, less its
  penalty points, less ``rivals`` × the contracts the others made (a third each: for
  first place a rival's contract is a loss too).
* Every move is played in the same worlds (common random numbers), so the comparison is
  fair. Normal's move stands unless another does better on average by ``confidence``
  standard errors of the world-by-world difference: the search corrects Normal where
  the worlds clearly disagree, and its noise never undoes Normal's order.

Which calls are searched is the :class:`Search`'s. Engine 1.1.0's Hard searched three
kinds (a discard within ``margin`` of Normal's best before laying down, one within
``down_margin`` once down, a draw whose two sides are within ``draw_margin``); paired
with Normal on the same deals, its draw search cost contracts and its search before
laying down fed a down rival (the quick play-out is weaker than Normal there), so it was
weaker than Normal. Engine 1.2.0's Hard searches only its discards once down (which card
to keep for laying off, which to shed), and weighs a world's penalty points three times
as much, since ties on contracts are decided by points.

Early in a deal (nobody down) Hard plays as Normal: the rest of the deal is long to
play out, and Normal's estimates of the chance to lay down are at their best there. So
1.2.0's Hard decides exactly as Normal until it has laid down itself.

A bare ``HardBot()`` has 1.1.0's :class:`Search`; the difficulties are made by
:mod:`.registry` (``HARD_1_1``, ``HARD_1_2``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..actions import Action, Discard, Draw, LayDown, LayOff
from ..evaluate import INDEX
from . import View
from .deal import POINTS, Deal, sample
from .normal import NormalBot
from .reading import PICK_LIMIT, Reading
from .strong import Settings


@dataclass(frozen=True, slots=True)
class Search:
    """How hard Hard looks."""

    worlds: int = 16
    """At most this many worlds are sampled per searched decision; every candidate is played in each."""
    turns: int = 1000
    """Quick turns a decision may play out: once the worlds so far have played this many, no
    more are sampled (at least ``min_worlds``). A count, not a clock, so that a decision is
    the same on any machine; it bounds the time of a decision whose deal has long to go."""
    min_worlds: int = 6
    candidates: int = 3
    """Normal's best moves compared."""
    margin: float = 0.15
    """Before laying down, a discard is searched when another is within this of Normal's best (in contracts)."""
    down_margin: float = 0.3
    """Once down, a discard is searched when another's cost is within this of the best."""
    draw_margin: float = 0.1
    """A draw is searched when taking the discard and drawing from the stock are within this."""
    rivals: float = 0.5
    """What the rivals' contracts cost this seat, in contracts (a third of it per rival)."""
    confidence: float = 1.0
    """Another move than Normal's is played only when it does better in the worlds by this
    many standard errors (of the difference, world by world)."""
    draws: bool = True
    """Whether draws are searched (engine 1.1.0's Hard: yes; paired with Normal it lost
    0.14 contracts a game by it, see docs/BOTS.md)."""
    before_down: bool = True
    """Whether discards are searched before this seat lays down (1.1.0: yes; it fed more by it)."""
    points: float = 1.0
    """The weight of a penalty point in a world's score, in units of ``Settings.point_value``:
    ties on contracts are decided by points, and Hard lost two of every three such ties."""


class HardBot(NormalBot):
    """See the module docstring."""

    def __init__(self, settings: Settings = Settings(name="hard"), search: Search = Search()) -> None:
        super().__init__(settings)
        self.search = search

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """One decision for the phase the view shows; Normal's close calls are searched at the end of a deal."""
        r = Reading.of(view)
        searching = self.searching(r)
        if r.phase == "draw":
            normal = self.draw(r, legal)
            return self.searched_draw(r, legal, normal, rng) if searching and self.search.draws else normal
        for action in legal:
            if isinstance(action, LayDown):
                return action
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            return self.lay_off(r, layoffs)
        discards = [a for a in legal if isinstance(a, Discard)]
        if r.laid_down:
            costs = self.down_costs(r, discards)
            ordered = sorted(costs, key=costs.__getitem__)
            best = costs[ordered[0]][0]
            close = [a for a in ordered[:self.search.candidates] if costs[a][0] - best <= self.search.down_margin]
        else:
            ranks = self.discard_ranks(r, discards)
            ordered = sorted(ranks, key=ranks.__getitem__, reverse=True)
            if not self.search.before_down:
                return ordered[0]
            best = ranks[ordered[0]][0]
            close = [a for a in ordered[:self.search.candidates] if best - ranks[a][0] <= self.search.margin]
        return self.best_of(r, close, rng) if searching else close[0]

    def searching(self, r: Reading) -> bool:
        """Whether close calls are searched now: at the end of a deal, once somebody is down."""
        return r.laid_down or any(rival.laid_down for rival in r.rivals)

    def searched_draw(self, r: Reading, legal: list[Action], normal: Action, rng: random.Random) -> Action:
        """Normal's draw, unless taking the discard and the stock are close and the worlds disagree."""
        if Draw("discard") not in legal or r.top is None or r.picks >= PICK_LIMIT:
            return normal
        if r.laid_down:
            return normal  # once down, a card that can be laid off is always worth taking
        margin = self.take_margin(r, r.top)
        if abs(margin) > self.search.draw_margin:
            return normal
        other = Draw("stock") if normal == Draw("discard") else Draw("discard")
        return self.best_of(r, [normal, other], rng)

    # ------------------------------------------------------------------ the search
    def best_of(self, r: Reading, candidates: Sequence[Action], rng: random.Random) -> Action:
        """Normal's move (the first candidate), or another that clearly does better in the worlds."""
        if len(candidates) == 1:
            return candidates[0]
        search = self.search
        scores: list[list[float]] = []
        played = 0
        while len(scores) < search.worlds and (played < search.turns or len(scores) < search.min_worlds):
            world = self.world(r, rng)
            row = []
            for action in candidates:
                value, turns = self.outcome(world.copy(), action)
                row.append(value)
                played += turns
            scores.append(row)
        n = len(scores)
        totals = [sum(row[k] for row in scores) for k in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        if best == 0:
            return candidates[0]
        diffs = [row[best] - row[0] for row in scores]
        mean = sum(diffs) / n
        spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean * n ** 0.5 <= search.confidence * spread:
            return candidates[0]
        return candidates[best]

    def world(self, r: Reading, rng: random.Random) -> Deal:
        """One world to play the candidates in, dealt from the view alone (:func:`.deal.sample`).

        A method so that a diagnostic can put the true hidden cards there instead
        (``bench/search_headroom.py``); a player never does.
        """
        return sample(r, rng)

    def outcome(self, world: Deal, action: Action) -> tuple[float, int]:
        """Play ``action`` in ``world``, then the deal to its end: what it gave this seat, and
        the quick turns that took."""
        me = world.seat
        if isinstance(action, Draw):
            world.draw(action.source == "discard")
            world.finish_turn()
        else:
            assert isinstance(action, Discard)
            world.throw(INDEX[action.card])
        turns = world.play_out()
        return self.deal_value(world, me), turns

    def deal_value(self, world: Deal, me: int) -> float:
        """What a deal played to its end scored for this seat: a contract if it laid down, less
        its penalty points (``points`` × Normal's value of a point), less ``rivals`` for the
        contracts the others made (a third each)."""
        points = 0
        for i in world.hands[me]:
            points += POINTS[i]
        rivals = sum(1 for s in range(len(world.hands)) if s != me and world.down[s])
        return self.score(world.down[me], points, rivals)

    def score(self, down: bool, points: int, rivals_down: int) -> float:
        """The value of a deal's end for this seat, from whether it laid down, the penalty points
        it was left holding and how many rivals laid down (one formula for every play-out)."""
        return ((1.0 if down else 0.0) - self.search.points * self.settings.point_value * points
                - self.search.rivals * rivals_down / 3.0)
