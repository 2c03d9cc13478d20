"""Normal (from engine 1.1.0): the strong player that stops feeding and plays the end of a deal.

The strong player of engine 1.0.0 (:mod:`.strong`) charged a flat 0.08 contracts for a
discard a down rival could lay off, whether that rival held one card or nine and
whatever its own chances: near the end of a deal, dumping a high card outweighed it,
and the rival went out with it. This player keeps everything else of it and weighs
that discard by what it really costs:

* **What is at stake.** If the deal ends now, this seat keeps its hand's points and
  loses its chance to lay down: ``stake = chance × (1 + point × points)`` (once down:
  the points it may still shed, ``0.1 + point × points``).
* **How much a card hands over.** A down rival who takes a card lays it off: holding
  one card, they go out with it at once, unless their own stock draw would have let
  them anyway (the share of unknown cards that fit the table); holding ``c`` cards,
  it brings them a card nearer, ``1 / c`` of the stake. On top, ``feed_down`` (0.08)
  for any card they can lay off.
* **The last safe card.** With a down rival next, a card that fits no meld is a safe
  discard. Throwing the last one now means that a drawn card that fits the table
  must go next turn (or a card the plans need): that is charged too.
* **When every weighed discard would feed**, the cards every plan needs are weighed
  as well: breaking up a meld is better than ending the deal for the rival.

Its chance to lay down is calibrated (``Settings.left_scale``, ``Settings.sharpness``):
the strong player's ``left / (left + needed)`` was too flat against what happened in
Normal's own games (a hand it gave 45% laid down 58% of the time, one it gave 75%, 90%).
"""

from __future__ import annotations

from ..actions import Action, Discard
from ..cards import Card
from ..evaluate import CARDS, INDEX, JOKER_INDEX
from .reading import Reading
from .strong import _POINTS, Settings, StrongBot, _key, need_chance


class NormalBot(StrongBot):
    """See the module docstring; the settings are the strong player's (``Settings``)."""

    def __init__(self, settings: Settings = Settings(name="normal"), feed_power: float = 1.0) -> None:
        super().__init__(settings)
        self.feed_power = feed_power
        """A down rival holding ``c > 1`` cards gets ``1 / c**feed_power`` of the stake from a card they can lay off."""

    # ------------------------------------------------------------------ discard before laying down
    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """The discard that leaves the most valuable hand, counting what it hands the next player."""
        ranks = self.discard_ranks(r, options)
        return max(ranks, key=ranks.__getitem__)

    def discard_ranks(self, r: Reading, options: list[Discard]) -> dict[Discard, tuple[float, int, int]]:
        """The discards weighed, each with its rank (higher is better): the value of the hand
        it leaves less what it hands the next player, then points, then the card."""
        values, costs = self.discard_parts(r, options)
        return {a: (values[i] - costs[i], a.card.points, -i)
                for a in options if (i := INDEX[a.card]) in values}

    def discard_parts(self, r: Reading, options: list[Discard]) -> tuple[dict[int, float], dict[int, float]]:
        """By card index, the value of the hand each weighed discard leaves, and what it hands
        the next player (see the module docstring)."""
        hand = _key(r.hand)
        left = self.turns_left(r)
        tries = self.settings.core_tries + (1 if left <= self.settings.end_near else 0)
        cards = [INDEX[a.card] for a in options]
        values = self.values_without(hand, cards, r, left, tries)
        points = sum(_POINTS[i] for i in hand)
        stake = self.stake(max(values.values()), points)
        if r.next_rival.laid_down:
            safe = [i for i in set(hand) if not self.unsafe(r, CARDS[i])]
            costs = {i: self.feed_cost(r, CARDS[i], stake, safe) for i in cards}
            if min(costs[i] for i in values) > self.settings.feed_down:
                values.update(self.values_without(hand, [i for i in cards if i not in values], r, left, len(cards)))
        else:
            costs = {i: self.feed_cost(r, CARDS[i], stake, []) for i in cards}
        return values, costs

    def stake(self, value: float, points: int) -> float:
        """What this seat loses if the deal ends now, given the value of its hand.

        ``value = chance - point × (1 - chance) × points``; ending now scores
        ``-point × points``, so the difference is ``chance × (1 + point × points)``.
        """
        p = self.settings.point_value
        chance = (value + p * points) / (1.0 + p * points)
        return max(0.0, chance) * (1.0 + p * points)

    def unsafe(self, r: Reading, card: Card) -> bool:
        """Whether the next player, who is down, could lay ``card`` off (a joker always)."""
        return card.is_joker or r.fits_table(card)

    def feed_cost(self, r: Reading, card: Card, stake: float, safe: list[int]) -> float:
        """What handing ``card`` to the next player costs, in contracts (see the module docstring)."""
        rival = r.next_rival
        s = self.settings
        if not rival.laid_down:
            return s.joker_feed if card.is_joker else s.feed_need * need_chance(card, rival, r)
        fit = self.fit_share(r)
        if self.unsafe(r, card):
            share = (1.0 - fit) if rival.cards <= 1 else rival.cards ** -self.feed_power
            return s.feed_down + stake * share + (s.joker_feed if card.is_joker else 0.0)
        if safe == [INDEX[card]]:
            # the last safe card: a drawn card that fits the table would have to go next turn
            return fit * stake * ((1.0 - fit) if rival.cards <= 1 else rival.cards ** -self.feed_power)
        return 0.0

    def fit_share(self, r: Reading) -> float:
        """The share of the cards this seat cannot place that fit a meld on the table."""
        memo = r.scratch
        if "fit" not in memo:
            live = r.live
            fitting = live[JOKER_INDEX]  # jokers fit anywhere
            for i in r.fitting:
                if i != JOKER_INDEX:
                    fitting += live[i]
            memo["fit"] = min(1.0, fitting / r.unknown)
        return float(memo["fit"])

    # ------------------------------------------------------------------ once down
    def feeding(self, r: Reading, card: Card) -> float:
        """Once down (see :meth:`StrongBot.discard_when_down`): what ``card`` hands the next player."""
        rival = r.next_rival
        if not rival.laid_down or not self.unsafe(r, card):
            return super().feeding(r, card)
        stake = 0.1 + self.settings.point_value * sum(c.points for c in r.hand)
        return self.feed_cost(r, card, stake, [])
