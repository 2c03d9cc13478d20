"""The basic player: a sound, simple heuristic.

* take the discard only when it helps the contract (or, once down, can be laid off);
* lay down as soon as possible; lay off whatever fits;
* discard the least useful card, the highest first among equals; never a joker.

Like every computer player it takes the discard at most ``PICK_LIMIT`` times a
deal, so that bot-only deals always move the stock towards its end.
"""

from __future__ import annotations

import random

from ..actions import Action, Discard, Draw, LayDown, LayOff
from ..cards import Card, parse_cards
from ..contracts import find_contract
from ..melds import Meld
from . import View
from .reading import PICK_LIMIT


def usefulness(card: Card, hand: list[Card]) -> int:
    """How much a card works with the rest of the hand: same-rank partners and close same-suit cards."""
    if card.is_joker:
        return 100
    score = 0
    for other in hand:
        if other is card or other.is_joker:
            continue
        if other.rank == card.rank:
            score += 3
        elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
            score += 3 - abs(other.rank - card.rank)
    return score


def fits_table(card: Card, view: View) -> bool:
    """Whether the card could be laid off on some meld on the table."""
    return any(Meld.from_cards(parse_cards(m["cards"])).ends_accepting(card) for m in view["table"])


class BasicBot:
    """Greedy and honest; see the module docstring.

    ``slips`` (0 to 1) makes a careless player, the Easy difficulty: that share of its
    draws ignore a helpful discard, and that share of its discards throw a card at
    random (never a joker), both drawn from its own generator.
    """

    def __init__(self, slips: float = 0.0, name: str = "basic") -> None:
        self.slips = slips
        self.name = name

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """One decision for the phase the view shows."""
        slip = self.slips > 0 and rng.random() < self.slips
        if view["phase"] == "draw":
            return Draw("stock") if slip else self.draw(view, legal)
        for action in legal:
            if isinstance(action, LayDown):
                return action
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            return layoffs[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        naturals = [a for a in discards if not a.card.is_joker]
        if slip and naturals:
            return rng.choice(naturals)
        return self.discard(view, discards)

    def draw(self, view: View, legal: list[Action]) -> Action:
        """The discard when it helps, the stock otherwise."""
        me = view["players"][view["seat"]]
        if Draw("discard") not in legal or len(me.get("picked", ())) >= PICK_LIMIT:
            return Draw("stock")
        top = Card.parse(view["discard"][-1])
        hand = parse_cards(view["hand"])
        if me["laid_down"]:
            helps = fits_table(top, view)
        else:
            step = me["step"]
            helps = find_contract(hand + [top], step) is not None or (
                find_contract(hand, step) is None and usefulness(top, hand) >= 3
            )
        return Draw("discard") if helps or top.is_joker else Draw("stock")

    def discard(self, view: View, options: list[Discard]) -> Action:
        """The least useful card; among equals the one worth the most penalty points."""
        hand = parse_cards(view["hand"])
        return min(options, key=lambda a: (usefulness(a.card, hand), -a.card.points, str(a.card)))
