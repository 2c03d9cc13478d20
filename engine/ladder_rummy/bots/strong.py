"""The strong player: exact contract progress, live outs, safe discards, a race to go out.

How it decides, from its own view only (and nothing remembered between calls):

* **Progress.** :mod:`ladder_rummy.evaluate` gives, for any hand, the fewest cards
  still missing and every card that would bring the contract one card closer (its
  outs). Counting the live copies of the outs against the cards this seat cannot
  place gives the chance that a draw helps, hence an estimate of the turns still
  needed to lay down.
* **Value of a hand.** The deal ends when somebody goes out: a rival who is down
  with few cards is close to it. The player weighs its own expected turns against
  the turns the deal has left (``P = left / (left + mine)``), and the penalty points
  it would be caught with otherwise — so when the end is near it dumps aces and
  jokers and other high cards rather than wait for a contract it will not make.
  Most discards are weighed without a new search (``Shape.without``): only the hands
  with the top discard, and the rare discard that breaks up every plan, are searched.
* **Draw.** Before laying down: the top discard when the best hand it allows (after
  the best discard) beats the expected hand after a stock draw, by more than what
  taking it reveals. Once down: the top discard when it can be laid off.
* **Lay down** at once, with the finder's arrangement (the fewest jokers, the most
  cards); **lay off** everything that fits, natural cards first, a joker where it
  blocks none of its own cards.
* **Discard.** The card whose loss costs the least, where handing the next player
  something useful is a cost: never a card that fits a table meld when that player
  is down, and not what they took from the discard pile or what their contract
  needs. Once down, it keeps what may still be laid off and races to go out.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from ..actions import Action, Discard, LayDown, LayOff
from ..cards import Card
from ..contracts import find_contract
from ..evaluate import CARDS, INDEX, JOKER_INDEX, PlanMeld, Shape, shape_of_key
from ..melds import MAX_RUN, Meld, position_rank
from . import View
from .reading import GROUP_STEPS, RUN_STEPS, Reading, Rival, pick_draw

# m * (1 + 1/2 + ... + 1/m): draws to find m cards when the outs thin out as they are found,
# in units of (unknown cards / live outs).
_SPREAD = (0.0, 1.0, 3.0, 5.5, 25 / 3, 137 / 12, 14.7, 363 / 20, 761 / 35, 7129 / 280, 7381 / 252,
           83711 / 2520, 86021 / 2310, 1145993 / 27720, 1171733 / 25740)
_HOPELESS = 60.0


@dataclass(frozen=True, slots=True)
class Settings:
    """The knobs of the strong player; each difficulty is one named set of them."""

    name: str = "strong"
    deal_turns: float = 14.0
    """Turns a deal lasts for one player when nobody is down yet (measured in bot games)."""
    draw_rate: float = 1.3
    """Cards a player effectively sees per turn (the stock card, and the discard it may take)."""
    point_value: float = 0.004
    """One penalty point, in contracts."""
    reveal: float = 0.01
    """What taking the discard tells the others, in contracts."""
    feed_down: float = 0.08
    """Handing a down player a card they can lay off, in contracts."""
    feed_need: float = 0.04
    """Handing a player a card their contract likely needs, in contracts (times the chance)."""
    joker_feed: float = 0.12
    """Handing the next player a joker, in contracts."""
    core_tries: int = 0
    """Discards weighed among the cards every best plan uses (and jokers): only the few
    worth the most points, since breaking up every plan pays only to shed points. Each
    costs a search of its own, where the other discards cost none (see ``values_without``).
    0 (Normal): none, unless there is nothing else; measured as strong as 1 over 400
    games against three basic players (94.5% and 95.3% wins), at a third fewer searches.
    One more when the deal is about to end (``end_near``)."""
    exact: bool = False
    """Search every hand a discard would leave, rather than derive most of them
    (``Shape.without``) and skip those that break up every plan: about ten searches a
    turn instead of one to three."""
    left_scale: float = 1.0
    """``k``: the chance to lay down with ``L`` turns left and ``N`` needed is
    ``(k L)^b / ((k L)^b + N^b)``; the strong player of 1.0.0 has ``k = b = 1``. Normal of
    1.1.0 has them from a fit of the chance's odds to what happened in 9,510 positions of
    its own games (``k = 1.5, b = 1.3``)."""
    sharpness: float = 1.0
    """``b`` above."""
    end_near: float = 5.0
    """Turns left (see ``turns_left``) at or below which the deal is about to end: a rival
    who is down holds two cards or fewer. Then the card worth the most points among those
    every plan needs (an ace, a joker) is weighed for a discard too: it is the moment to
    dump it rather than be caught with it."""


class StrongBot:
    """See the module docstring. Stateless: ``choose`` reads the view and nothing else."""

    def __init__(self, settings: Settings = Settings()) -> None:
        self.settings = settings
        self.name = settings.name

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
            return self.lay_off(r, layoffs)
        discards = [a for a in legal if isinstance(a, Discard)]
        if r.laid_down:
            return self.discard_when_down(r, discards)
        return self.discard(r, discards)

    # ------------------------------------------------------------------ estimates
    def turns_needed(self, shape: Shape, r: Reading) -> float:
        """Expected turns to collect the missing cards.

        The first card can be any out (every best plan counts); after it, the best plan's
        melds fill one by one, the likeliest first, each at the rate its live gap cards
        give, with live jokers helping while some meld has room for one. No live out at
        all: the contract cannot be made from what may come.
        """
        if shape.missing == 0:
            return 0.0
        memo = r.scratch
        live = r.live
        first = memo.get(("first", shape.outs))
        if first is None:
            first = 0
            for i in shape.outs:
                first += live[i]
            memo[("first", shape.outs)] = first
        if first == 0:
            return _HOPELESS + shape.missing
        best: tuple[float, ...] = ()
        best_total = -1.0
        jokers = shape.jokers
        for plan in shape.plans:
            key = (plan, jokers)
            found = memo.get(key)
            if found is None:
                later = _later_stages(plan, jokers, live)
                total = 0.0
                for outs in later:
                    total += 1.0 / outs if outs > 0 else _HOPELESS
                found = memo[key] = (later, total)
            if best_total < 0 or found[1] < best_total:
                best, best_total = found
        total = 1.0 / first
        for outs in best:
            total += 1.0 / outs if outs > 0 else _HOPELESS
        return r.unknown / self.settings.draw_rate * total

    def turns_left(self, r: Reading) -> float:
        """How many more turns this seat can expect before somebody ends the deal."""
        memo = r.scratch
        if "left" in memo:
            return float(memo["left"])
        left = max(3.0, self.settings.deal_turns - r.turns)
        for rival in r.rivals:
            if rival.laid_down:
                left = min(left, 1.0 + 2.0 * rival.cards)
        memo["left"] = left
        return left

    def value(self, needed: float, points: int, left: float) -> float:
        """Chance to lay down before the deal ends, less the expected penalty, in contracts."""
        s = self.settings
        if s.left_scale == 1.0 and s.sharpness == 1.0:
            chance = left / (left + needed)
        else:
            a = (s.left_scale * left) ** s.sharpness
            chance = a / (a + needed ** s.sharpness)
        return chance - s.point_value * (1.0 - chance) * points

    def hand_value(self, key: tuple[int, ...], r: Reading, left: float, shape: Shape | None = None) -> float:
        """The value of holding the hand ``key`` (card indices) with the contract still to lay down."""
        points = 0
        for i in key:
            points += _POINTS[i]
        if shape is None:
            shape = shape_of_key(key, r.step)
        return self.value(self.turns_needed(shape, r), points, left)

    def values_without(self, key: tuple[int, ...], cards: Iterable[int], r: Reading, left: float,
                       tries: int) -> dict[int, float]:
        """:meth:`hand_value` of ``key`` less one of each of ``cards``.

        A card that some best choice of melds can spare leaves a hand whose progress
        follows from ``key``'s own (:meth:`Shape.without`): no new search. Of the others
        (cards every best choice needs, and jokers) only the ``tries`` worth the most points
        are weighed, with a search each (at least one when there is nothing else).
        """
        shape = shape_of_key(key, r.step)
        out: dict[int, float] = {}
        core: list[int] = []
        points = 0
        for i in key:
            points += _POINTS[i]
        unchanged: float | None = None  # turns needed by the hands whose progress is key's own
        for card in cards:
            if self.settings.exact:
                out[card] = self.hand_value(_without(key, card), r, left)
                continue
            smaller = shape.without(card)
            if smaller is None:
                core.append(card)
                continue
            if smaller.outs is shape.outs and smaller.plans is shape.plans:
                if unchanged is None:
                    unchanged = self.turns_needed(smaller, r)
                needed = unchanged
            else:
                needed = self.turns_needed(smaller, r)
            out[card] = self.value(needed, points - _POINTS[card], left)
        core.sort(key=lambda i: (_POINTS[i], -i), reverse=True)
        for card in core[:max(tries, 0 if out else 1)]:
            out[card] = self.hand_value(_without(key, card), r, left)
        return out

    # ------------------------------------------------------------------ draw
    def draw(self, r: Reading, legal: list[Action]) -> Action:
        """The discard when it is worth more than a stock card; the stock otherwise."""
        return pick_draw(r, legal, self.worth_taking)

    def worth_taking(self, r: Reading, top: Card) -> bool:
        """Compare the best hand after taking ``top`` with the expected hand after a stock draw."""
        return self.take_margin(r, top) > 0

    def take_margin(self, r: Reading, top: Card) -> float:
        """How much better taking ``top`` is than a stock draw, in contracts (``inf``: it lays down).

        A card that shares no rank (for groups) and sits near no card of the hand (for
        runs) is not worth a look (``-inf``): the stock card is as likely to start something
        new. The hand with ``top`` is searched first, since the discard that follows needs
        it too; the hand without it then mostly follows from it (:meth:`Shape.without`).
        """
        if not _related(top, r.hand, r.step):
            return -math.inf
        hand = _key(r.hand)
        t = INDEX[top]
        more = tuple(sorted(hand + (t,)))
        shape_more = shape_of_key(more, r.step)
        shape = shape_more.without(t) or shape_of_key(hand, r.step)
        if shape_more.missing == 0 and shape.missing == 1 and _can_lay_down(r, top):
            return math.inf
        left = self.turns_left(r)
        taken = self.best_after(hand, t, r, left)
        return taken - self.settings.reveal - self.stock_value(hand, shape, r, left)

    def best_after(self, hand: tuple[int, ...], card: int, r: Reading, left: float) -> float:
        """The value of the best hand after ``card`` joins ``hand`` and one other card goes."""
        more = tuple(sorted(hand + (card,)))
        values = self.values_without(more, sorted(set(more) - {card}), r, left, tries=0)
        return max(values.values())

    def stock_value(self, hand: tuple[int, ...], shape: Shape, r: Reading, left: float) -> float:
        """Expected value after a stock draw: an out comes with the chance its live copies give."""
        points = sum(_POINTS[i] for i in hand)
        now = self.turns_needed(shape, r)
        stay = self.value(now, points, left)
        if shape.missing == 0:
            return stay
        live = sum(r.live[i] for i in shape.outs)
        hit = min(1.0, live / r.unknown)
        closer = max(0.0, now - r.unknown / (self.settings.draw_rate * live)) if live else now
        return hit * self.value(self.after_out(closer, shape), points, left) + (1.0 - hit) * stay

    def after_out(self, closer: float, shape: Shape) -> float:
        """What :meth:`value` reads of the hand one out nearer: Normal reads only the turns it
        needs; a variant reading more of the hand (``bench/learned_value.py``) overrides this."""
        return closer

    # ------------------------------------------------------------------ discard before laying down
    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """The discard that leaves the most valuable hand, counting what it hands the next player."""
        hand = _key(r.hand)
        left = self.turns_left(r)
        tries = self.settings.core_tries + (1 if left <= self.settings.end_near else 0)
        values = self.values_without(hand, [INDEX[a.card] for a in options], r, left, tries)
        best: tuple[float, int, int] | None = None
        choice = options[0]
        for action in options:
            i = INDEX[action.card]
            if i not in values:
                continue
            rank = (values[i] - self.feeding(r, action.card), action.card.points, -i)
            if best is None or rank > best:
                best, choice = rank, action
        return choice

    def feeding(self, r: Reading, card: Card) -> float:
        """What handing ``card`` to the next player costs, in contracts."""
        rival = r.next_rival
        s = self.settings
        if card.is_joker:
            return s.joker_feed
        if rival.laid_down:
            return s.feed_down if r.fits_table(card) else 0.0
        return s.feed_need * need_chance(card, rival, r)

    # ------------------------------------------------------------------ once down
    def lay_off(self, r: Reading, options: list[LayOff]) -> Action:
        """Natural cards first; a card where it lets another of ours follow; a joker where it blocks none."""
        hand = r.hand

        def order(action: LayOff) -> tuple[int, int, int, int]:
            meld = r.table[action.meld - 1]
            follows = 0
            if meld.kind == "run" and not action.card.is_joker:
                follows = sum(1 for c in hand if c.suit == meld.suit and abs(c.rank - action.card.rank) == 1)
            blocks = 0
            if action.card.is_joker and meld.kind == "run":
                spot = meld.start - 1 if action.end == "low" else meld.end + 1
                blocks = sum(1 for c in hand if not c.is_joker and _at(c, meld, spot))
            return (action.card.is_joker, -follows, blocks, action.meld)

        return min(options, key=order)

    def discard_when_down(self, r: Reading, options: list[Discard]) -> Action:
        """Keep what can be laid off (now or soon) and race to go out; shed points when nobody is racing."""
        costs = self.down_costs(r, options)
        return min(options, key=costs.__getitem__)

    def down_costs(self, r: Reading, options: list[Discard]) -> dict[Discard, tuple[float, int]]:
        """Each discard once down with its cost (lower is better): what keeping the card is
        worth, less the points it sheds, plus what it hands the next player; then the card."""
        racing = any(not rival.laid_down and rival.completed >= r.completed for rival in r.rivals)
        point_weight = self.down_point_weight(racing)

        def cost(action: Discard) -> tuple[float, int]:
            card = action.card
            keep = 1.0 if r.fits_table(card) else self.soon_fits(r, card)
            return (keep - point_weight * card.points + 5.0 * self.feeding(r, card), -INDEX[card])

        return {action: cost(action) for action in options}

    def down_point_weight(self, racing: bool) -> float:
        """A point shed once down, in contracts: less while a rival with as many contracts is not
        down yet (``racing``), since then going out first, not the points, decides the deal."""
        return 0.01 if racing else 0.03

    def soon_fits(self, r: Reading, card: Card) -> float:
        """A rough chance that ``card`` finds a meld to join: a run one card away, a group a rival collects."""
        chance = 0.0
        for meld in r.table:
            if meld.kind != "run" or card.suit != meld.suit:
                continue
            for gap, beyond in ((meld.start - 1, meld.start - 2), (meld.end + 1, meld.end + 2)):
                if 1 <= beyond <= 14 and _at(card, meld, beyond) and len(meld.cards) < MAX_RUN - 1:
                    chance += 0.08 * r.live_count(Card(position_rank(gap), card.suit))
        for rival in r.rivals:
            if not rival.laid_down and rival.wants_groups and any(
                    c.rank == card.rank for c in rival.held):
                chance += 0.15
        return min(chance, 0.6)


def _later_stages(plan: tuple[PlanMeld, ...], jokers: int, live: tuple[int, ...]) -> tuple[float, ...]:
    """Live outs at each stage after the first, for one plan (see ``turns_needed``).

    The hand's jokers first fill gaps (beyond the naturals a meld needs) of the melds with
    the fewest outs. Then, stage by stage, the meld with the most outs gets its card: a
    group loses one live copy, a run the share of its outs that the filled gap held.

    The stages depend on the live cards only through each meld's live gap cards and the
    live jokers, so they are computed from those counts (:func:`_stages`, remembered).
    """
    melds = []
    for gaps, needs, cells, group in plan:
        outs = 0
        for c in cells:
            outs += live[c]
        melds.append((gaps, needs, group, outs))
    return _stages(tuple(melds), jokers, live[JOKER_INDEX])


@lru_cache(maxsize=4096)
def _stages(melds: tuple[tuple[int, int, bool, int], ...], jokers: int, live_jokers: int) -> tuple[float, ...]:
    """:func:`_later_stages` from each meld's ``(gaps, natural cards needed, is a group, live
    gap cards)``, in the plan's order, the hand's jokers and the live jokers.

    A pure function of small integers, remembered: the same counts come back at most
    decisions of a deal (a seat's plans change slowly, and live cards only when one is seen),
    and the answer, a tuple, cannot be changed by a caller. Its entries hold no objects the
    garbage collector walks.
    """
    if len(melds) == 1:
        return _one_meld_stages(melds[0], jokers, live_jokers)
    gaps = [m[0] for m in melds]
    needs = [m[1] for m in melds]
    group = [m[2] for m in melds]
    rate = [float(m[3]) for m in melds]
    order = sorted(range(len(melds)), key=rate.__getitem__)
    spare = jokers
    for i in order:
        use = min(spare, gaps[i] - needs[i])
        if use > 0:
            gaps[i] -= use
            spare -= use
    stages: list[float] = []
    first = True
    indices = range(len(melds))
    while True:
        active = [i for i in indices if gaps[i] > 0]
        if not active:
            return tuple(stages)
        if not first:
            # floats added in a plain loop, never with sum(): from Python 3.12 sum() compensates
            # rounding, and CPython 3.11 and Pyodide's newer Python must decide alike
            now = 0.0
            room = False
            for i in active:
                now += rate[i]
                room = room or gaps[i] > needs[i]
            if room:
                now += live_jokers
            stages.append(max(0.0, now))
        first = False
        i = max(active, key=rate.__getitem__)
        rate[i] = rate[i] - 1.0 if group[i] else rate[i] * (gaps[i] - 1) / gaps[i]
        gaps[i] -= 1
        needs[i] = max(0, needs[i] - 1)


def _one_meld_stages(meld: tuple[int, int, bool, int], jokers: int, live_jokers: int) -> tuple[float, ...]:
    """:func:`_stages` of a plan of one meld (the common case), the same sums in the same order."""
    gaps, needs, group, outs = meld
    rate = float(outs)
    use = min(jokers, gaps - needs)
    if use > 0:
        gaps -= use
    stages: list[float] = []
    first = True
    while gaps > 0:
        if not first:
            now = 0.0 + rate
            if gaps > needs:
                now += live_jokers
            stages.append(max(0.0, now))
        first = False
        rate = rate - 1.0 if group else rate * (gaps - 1) / gaps
        gaps -= 1
        needs = max(0, needs - 1)
    return tuple(stages)


def need_chance(card: Card, rival: Rival, r: Reading) -> float:
    """How likely ``card`` helps a rival who is not down yet, from what they took and threw away."""
    held = rival.held
    chance = 0.1
    if rival.wants_groups:
        if any(c.rank == card.rank for c in held):
            chance += 0.6
        if any(c.rank == card.rank for c in rival.discarded):
            chance *= 0.3
    if rival.wants_runs and any(c.suit == card.suit and abs(c.rank - card.rank) <= 3 for c in held):
        chance += 0.5
    return min(chance, 1.0)


_POINTS = tuple(c.points for c in INDEX)


def _key(cards: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    return tuple(sorted(INDEX[c] for c in cards))


def _without(key: tuple[int, ...], i: int) -> tuple[int, ...]:
    at = key.index(i)
    return key[:at] + key[at + 1:]


def _related(card: Card, hand: tuple[Card, ...], step: int) -> bool:
    """A card shares a rank with the hand (for a contract with groups), or sits near one
    of its cards in a suit (for a contract with runs)."""
    if card.is_joker:
        return True
    groups = step in GROUP_STEPS
    runs = step in RUN_STEPS
    for c in hand:
        if groups and c.rank == card.rank:
            return True
        if runs and c.suit == card.suit and _apart(c.rank, card.rank) <= 3:
            return True
    return False


def _apart(a: int, b: int) -> int:
    """Distance of two ranks in a run, the ace counting low or high."""
    return min(abs(a - b), abs((14 if a == 1 else a) - (14 if b == 1 else b)))


def _can_lay_down(r: Reading, top: Card) -> bool:
    """After taking ``top``, the finder lays down without leaving only copies of it."""
    def leaves_playable(left: object) -> bool:
        rest = +left  # type: ignore[operator]
        return not rest or any(c != top for c in rest)

    return find_contract(list(r.hand) + [top], r.step, leaves_playable) is not None


def _at(card: Card, run: Meld, position: int) -> bool:
    """Whether a natural card is the card of ``position`` in a run's suit."""
    return card.suit == run.suit and card.rank == position_rank(position)
