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

import random
from dataclasses import dataclass

from ..actions import Action, Discard, Draw, LayDown, LayOff
from ..cards import Card
from ..contracts import find_contract
from ..evaluate import INDEX, JOKER_INDEX, PlanMeld, Shape, shape_of_key
from ..melds import MAX_RUN, Meld, position_rank
from . import View
from .reading import PICK_LIMIT, Reading, Rival

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
        give, with live jokers helping while some meld has room for one.
        """
        if shape.missing == 0:
            return 0.0
        live = r.live
        first = 0
        for i in shape.outs:
            first += live[i]
        if first == 0:
            return _HOPELESS + shape.missing
        memo = r.scratch
        rest = _HOPELESS
        for plan in shape.plans:
            key = (plan, shape.jokers)
            stages = memo.get(key)
            if stages is None:
                stages = memo[key] = _later_stages(plan, shape.jokers, live)
            rest = min(rest, stages)
        return r.unknown / self.settings.draw_rate * (1.0 / first + rest)

    def turns_left(self, r: Reading) -> float:
        """How many more turns this seat can expect before somebody ends the deal."""
        left = max(3.0, self.settings.deal_turns - r.turns)
        for rival in r.rivals:
            if rival.laid_down:
                left = min(left, 1.0 + 2.0 * rival.cards)
        return left

    def value(self, needed: float, points: int, left: float) -> float:
        """Chance to lay down before the deal ends, less the expected penalty, in contracts."""
        chance = left / (left + needed)
        return chance - self.settings.point_value * (1.0 - chance) * points

    def hand_value(self, key: tuple[int, ...], r: Reading, left: float) -> float:
        """The value of holding the hand ``key`` (card indices) with the contract still to lay down."""
        points = sum(_POINTS[i] for i in key)
        return self.value(self.turns_needed(shape_of_key(key, r.step), r), points, left)

    # ------------------------------------------------------------------ draw
    def draw(self, r: Reading, legal: list[Action]) -> Action:
        """The discard when it is worth more than a stock card; the stock otherwise."""
        top = r.top
        if Draw("discard") not in legal or top is None or r.picks >= PICK_LIMIT:
            return Draw("stock")
        if r.laid_down:
            return Draw("discard") if r.fits_table(top) else Draw("stock")
        return Draw("discard") if self.worth_taking(r, top) else Draw("stock")

    def worth_taking(self, r: Reading, top: Card) -> bool:
        """Compare the best hand after taking ``top`` with the expected hand after a stock draw."""
        hand = _key(r.hand)
        shape = shape_of_key(hand, r.step)
        t = INDEX[top]
        if t not in shape.outs and not _related(top, r.hand):
            return False
        if shape.missing == 1 and t in shape.outs and _can_lay_down(r, top):
            return True
        left = self.turns_left(r)
        with_top = tuple(sorted(hand + (t,)))
        taken = max(self.hand_value(_without(with_top, i), r, left) for i in set(with_top) if i != t)
        return taken - self.settings.reveal > self.stock_value(hand, shape, r, left)

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
        return hit * self.value(closer, points, left) + (1.0 - hit) * stay

    # ------------------------------------------------------------------ discard before laying down
    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """The discard that leaves the most valuable hand, counting what it hands the next player."""
        hand = _key(r.hand)
        left = self.turns_left(r)
        best: tuple[float, int, int] | None = None
        choice = options[0]
        for action in options:
            i = INDEX[action.card]
            score = self.hand_value(_without(hand, i), r, left) - self.feeding(r, action.card)
            rank = (score, action.card.points, -i)
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
        racing = any(not rival.laid_down and rival.completed >= r.completed for rival in r.rivals)
        point_weight = 0.01 if racing else 0.03

        def cost(action: Discard) -> tuple[float, int]:
            card = action.card
            keep = 1.0 if r.fits_table(card) else self.soon_fits(r, card)
            return (keep - point_weight * card.points + 5.0 * self.feeding(r, card), -INDEX[card])

        return min(options, key=cost)

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


def _later_stages(plan: tuple[PlanMeld, ...], jokers: int, live: tuple[int, ...]) -> float:
    """Sum of 1 / (out rate) over the stages after the first, for one plan (see ``turns_needed``).

    The hand's jokers first fill gaps (beyond the naturals a meld needs) of the melds with
    the fewest outs. Then, stage by stage, the meld with the most outs gets its card: a
    group loses one live copy, a run the share of its outs that the filled gap held.
    """
    gaps = [m[0] for m in plan]
    needs = [m[1] for m in plan]
    group = [m[3] for m in plan]
    rate = []
    for m in plan:
        outs = 0
        for c in m[2]:
            outs += live[c]
        rate.append(float(outs))
    order = sorted(range(len(plan)), key=lambda i: rate[i])
    spare = jokers
    for i in order:
        use = min(spare, gaps[i] - needs[i])
        if use > 0:
            gaps[i] -= use
            spare -= use
    live_jokers = live[JOKER_INDEX]
    total, first = 0.0, True
    while True:
        active = [i for i in range(len(plan)) if gaps[i] > 0]
        if not active:
            return total
        if not first:
            now = sum(rate[i] for i in active)
            if any(gaps[i] > needs[i] for i in active):
                now += live_jokers
            if now <= 0:
                return total + _HOPELESS
            total += 1.0 / now
        first = False
        i = max(active, key=lambda k: rate[k])
        rate[i] = rate[i] - 1.0 if group[i] else rate[i] * (gaps[i] - 1) / gaps[i]
        gaps[i] -= 1
        needs[i] = max(0, needs[i] - 1)


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


def _related(card: Card, hand: tuple[Card, ...]) -> bool:
    """A card shares a rank with the hand, or sits near one of its cards in a suit."""
    if card.is_joker:
        return True
    return any(c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 3) for c in hand)


def _can_lay_down(r: Reading, top: Card) -> bool:
    """After taking ``top``, the finder lays down without leaving only copies of it."""
    def leaves_playable(left: object) -> bool:
        rest = +left  # type: ignore[operator]
        return not rest or any(c != top for c in rest)

    return find_contract(list(r.hand) + [top], r.step, leaves_playable) is not None


def _at(card: Card, run: Meld, position: int) -> bool:
    """Whether a natural card is the card of ``position`` in a run's suit."""
    return card.suit == run.suit and card.rank == position_rank(position)
