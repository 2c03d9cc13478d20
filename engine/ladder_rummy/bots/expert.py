"""The expert player: a careful heuristic of its own, the yardstick the difficulties are measured by.

It shares with the strong player only what any good player would: the view's reading
(:mod:`.reading`) and the exact contract progress (:mod:`ladder_rummy.evaluate`). Its
model of the deal is its own, and it stays as it is, so a tournament against it
measures the difficulties against a fixed, sensible opponent:

* **Chance to lay down.** The cards still missing come stage by stage. A stage's
  chance per turn comes from the live copies of its outs among the cards this seat
  cannot place (``1 - (1 - outs/unknown) ** draws``). The first card may be any out;
  the later ones fill the gaps of the plan with the most outs, gap by gap (a group's
  outs lose a copy each time, a run's the share of the gap filled). The chance to
  finish every stage within the turns the deal has left is worked out turn by turn.
* **Turns left.** About 14 turns a deal for each player, less the turns already
  played; a rival who is down with ``c`` cards ends it in about ``1 + 1.5c`` turns.
* **Value of a hand**: that chance, less the penalty points it would be caught with
  otherwise (0.004 contracts a point).
* **Draw.** The top discard when the best hand it allows beats the expected hand after
  a stock draw (an out with the chance its live copies give), by more than what taking
  it tells the others; once down, when it can be laid off.
* **Discard.** The card whose loss leaves the best hand, less what it hands the next
  player: a joker always; a card that fits the table when they are down, the more the
  fewer cards they hold; otherwise what their picks say they collect.
* **Once down**: lay off everything (natural cards first), keep what may fit soon, shed
  points, and never hand the next player a card they can lay off if it can be helped.
"""

from __future__ import annotations

import random

from ..actions import Action, Discard, LayDown, LayOff
from ..cards import Card
from ..contracts import find_contract
from ..evaluate import INDEX, PlanMeld, Shape, shape_of_key
from . import View
from .reading import Reading, Rival, pick_draw

DEAL_TURNS = 14.0
"""Turns a deal lasts for one player when nobody goes out early."""
DRAWS = 1.3
"""Cards a player effectively looks at per turn: the stock card, and the discard it may take."""
POINT = 0.004
"""One penalty point, in contracts."""
REVEAL = 0.01
"""What taking the discard tells the others, in contracts."""
JOKER_FEED = 0.15
"""Handing the next player a joker, in contracts."""
_POINTS = tuple(c.points for c in INDEX)


class ExpertBot:
    """See the module docstring. Stateless: ``choose`` reads the view and nothing else."""

    name = "expert"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """One decision for the phase the view shows."""
        r = Reading.of(view)
        if r.phase == "draw":
            return self.draw(r, legal)
        for action in legal:
            if isinstance(action, LayDown):
                return action
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            return min(layoffs, key=lambda a: (a.card.is_joker, a.meld, str(a.end)))
        discards = [a for a in legal if isinstance(a, Discard)]
        if r.laid_down:
            return self.discard_down(r, discards)
        return self.discard(r, discards)

    # ------------------------------------------------------------------ the model
    def turns_left(self, r: Reading) -> int:
        """Whole turns this seat can expect before somebody ends the deal."""
        left = max(2.0, DEAL_TURNS - r.turns)
        for rival in r.rivals:
            if rival.laid_down:
                left = min(left, 1.0 + 1.5 * rival.cards)
        return max(1, round(left))

    def chance(self, shape: Shape, r: Reading, turns: int) -> float:
        """The chance to collect every missing card within ``turns`` turns (see the module docstring)."""
        missing = shape.missing
        if missing == 0:
            return 1.0
        key = ("chance", missing, shape.outs, shape.plans, shape.jokers, turns)
        found = r.scratch.get(key)
        if found is None:
            found = r.scratch[key] = self._chance(shape, r, turns)
        return float(found)

    def _chance(self, shape: Shape, r: Reading, turns: int) -> float:
        missing = shape.missing
        live = r.live
        first = 0
        for i in shape.outs:
            first += live[i]
        if first == 0:
            return 0.0
        later = r.scratch.get(("expert", shape.plans, shape.jokers))
        if later is None:
            later = r.scratch[("expert", shape.plans, shape.jokers)] = max(
                (_stages(plan, shape.jokers, live) for plan in shape.plans[:3]), key=sum, default=[])
        hits = []
        for outs in [first] + later[:missing - 1]:
            share = min(1.0, outs / r.unknown)
            hits.append(1.0 - (1.0 - share) ** DRAWS)
        hits += [0.0] * (missing - len(hits))
        stage = [1.0] + [0.0] * missing  # stage[k]: the chance of having k of the cards
        for _ in range(turns):
            for k in range(missing - 1, -1, -1):
                moved = stage[k] * hits[k]
                stage[k] -= moved
                stage[k + 1] += moved
        return stage[missing]

    def value(self, shape: Shape, points: int, r: Reading, turns: int) -> float:
        """The chance to lay down, less the expected penalty, in contracts."""
        p = self.chance(shape, r, turns)
        return p - POINT * (1.0 - p) * points

    def values_without(self, key: tuple[int, ...], cards: list[int], r: Reading, turns: int) -> dict[int, float]:
        """The value of ``key`` less one of each of ``cards``.

        Derived from the hand's shape where some best plan spares the card; of the cards
        every plan needs (and jokers), only the two worth the most points are searched
        (breaking up every plan pays only to shed points), or all when nothing else is left.
        """
        shape = shape_of_key(key, r.step)
        points = sum(_POINTS[i] for i in key)
        out: dict[int, float] = {}
        core = []
        for card in cards:
            smaller = shape.without(card)
            if smaller is None:
                core.append(card)
            else:
                out[card] = self.value(smaller, points - _POINTS[card], r, turns)
        core.sort(key=lambda i: (_POINTS[i], i), reverse=True)
        for card in core if not out else core[:2]:
            at = key.index(card)
            out[card] = self.value(shape_of_key(key[:at] + key[at + 1:], r.step), points - _POINTS[card], r, turns)
        return out

    # ------------------------------------------------------------------ draw
    def draw(self, r: Reading, legal: list[Action]) -> Action:
        """The discard when it is worth more than a stock card; the stock otherwise."""
        return pick_draw(r, legal, self.worth_taking)

    def worth_taking(self, r: Reading, top: Card) -> bool:
        """Compare the best hand after taking ``top`` with the expected hand after a stock draw."""
        if not top.is_joker and not any(
                c.rank == top.rank or (c.suit == top.suit and abs(c.rank - top.rank) <= 3) for c in r.hand):
            return False
        hand = tuple(sorted(INDEX[c] for c in r.hand))
        t = INDEX[top]
        more = tuple(sorted(hand + (t,)))
        if shape_of_key(more, r.step).missing == 0 and _lays_down(r, top):
            return True
        turns = self.turns_left(r)
        taken = max(self.values_without(more, sorted(set(more) - {t}), r, turns - 1).values())
        shape = shape_of_key(hand, r.step)
        points = sum(_POINTS[i] for i in hand)
        stay = self.value(shape, points, r, turns - 1)
        live = sum(r.live[i] for i in shape.outs)
        hit = min(1.0, live / r.unknown)
        if shape.missing and hit:
            closer = Shape(shape.missing - 1, shape.outs, shape.plans, shape.jokers)
            stock = hit * self.value(closer, points, r, turns - 1) + (1.0 - hit) * stay
        else:
            stock = stay
        return taken - REVEAL > stock

    # ------------------------------------------------------------------ discard
    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """The card whose loss leaves the best hand, less what it hands the next player."""
        hand = tuple(sorted(INDEX[c] for c in r.hand))
        values = self.values_without(hand, [INDEX[a.card] for a in options], r, self.turns_left(r))
        stake = max(values.values()) + POINT * sum(_POINTS[i] for i in hand)
        weighed = [a for a in options if INDEX[a.card] in values]
        return max(weighed, key=lambda a: (values[INDEX[a.card]] - self.feeding(r, a.card, stake), a.card.points,
                                           -INDEX[a.card]))

    def feeding(self, r: Reading, card: Card, stake: float) -> float:
        """What handing ``card`` to the next player costs, in contracts.

        A down player lays it off at once: with one card left they go out with it, with
        two they are a card away, and so on, so the cost is ``stake`` (what this seat
        loses if the deal ends now) shared by the cards they hold.
        """
        rival = r.next_rival
        if card.is_joker:
            return JOKER_FEED
        if rival.laid_down:
            return 0.05 + stake / max(1, rival.cards) if r.fits_table(card) else 0.0
        return 0.05 * _need(card, rival)

    def discard_down(self, r: Reading, options: list[Discard]) -> Action:
        """Keep what fits or may fit soon, shed points, hand the next player nothing to lay off."""
        def cost(action: Discard) -> tuple[float, int]:
            card = action.card
            keep = 1.0 if r.fits_table(card) else _soon(r, card)
            return (keep - 0.02 * card.points + 4.0 * self.feeding(r, card, 0.3), -INDEX[card])

        return min(options, key=cost)


def _stages(plan: tuple[PlanMeld, ...], jokers: int, live: tuple[int, ...]) -> list[float]:
    """Live outs of each stage after the first, for one plan: jokers fill the gaps they may
    fill first, then the meld with the most outs gets the next card each time."""
    melds = []
    for gaps, needs, cells, group in plan:
        use = min(jokers, gaps - needs)
        jokers -= use
        melds.append([gaps - use, float(sum(live[c] for c in cells)), group])
    out: list[float] = []
    while True:
        open_ = [m for m in melds if m[0] > 0]
        if not open_:
            return out[1:]
        out.append(sum(m[1] for m in open_))
        m = max(open_, key=lambda m: m[1])
        m[1] = m[1] - 1.0 if m[2] else m[1] * (m[0] - 1) / m[0]
        m[0] -= 1


def _need(card: Card, rival: Rival) -> float:
    """How likely ``card`` helps a rival who is not down, from the cards they took and threw away."""
    chance = 0.1
    if rival.wants_groups and any(c.rank == card.rank for c in rival.held):
        chance += 0.6
        if any(c.rank == card.rank for c in rival.discarded):
            chance *= 0.3
    if rival.wants_runs and any(c.suit == card.suit and abs(c.rank - card.rank) <= 3 for c in rival.held):
        chance += 0.5
    return min(chance, 1.0)


def _soon(r: Reading, card: Card) -> float:
    """A rough chance that ``card`` can be laid off soon: a run of its suit one card away."""
    if card.is_joker:
        return 1.0
    for meld in r.table:
        if meld.kind != "run" or meld.suit != card.suit:
            continue
        rank = 14 if card.rank == 1 and meld.end >= 12 else card.rank
        if rank in (meld.start - 2, meld.end + 2):
            return 0.3
    return 0.0


def _lays_down(r: Reading, top: Card) -> bool:
    """After taking ``top``, the finder lays down without leaving only copies of it."""
    def playable(left: object) -> bool:
        rest = +left  # type: ignore[operator]
        return not rest or any(c != top for c in rest)

    return find_contract(list(r.hand) + [top], r.step, playable) is not None
