"""Melds: groups and runs, their validity, jokers and lay-offs.

Terminology:

* **group** — three or more cards of one rank, any suits (7H 7H 7C is a group).
* **run** — four or more cards of one suit in consecutive order. Positions run
  from 1 (the low ace) to 14 (the high ace); a run never holds both aces, so it
  spans at most 13 positions and never wraps.
* **joker** — wild: it stands for the card of the position it fills. Every meld
  needs at least two natural cards. Once on the table a joker never moves.
* **lay off** — add one card to a meld on the table: a group takes its rank or
  a joker; a run takes the next card, or a joker, at either end.

A :class:`Meld` is an immutable value; laying off returns a new meld.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal, Sequence

from .cards import JOKER, Card, format_cards, parse_cards, rank_text
from .errors import InvalidMeldError

Kind = Literal["group", "run"]
End = Literal["low", "high"]
MIN_SIZE: dict[str, int] = {"group": 3, "run": 4}
MIN_NATURALS = 2
MAX_RUN = 13


def position_rank(position: int) -> int:
    """The card rank at a run position: 1..13 are A..K, 14 is the ace again."""
    return 1 if position == 14 else position


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid group or run. For a run, ``start`` is the position of its first card.

    >>> Meld.parse("4D 5D JK 7D").stands_for()
    [None, None, '6D', None]
    """

    kind: Kind
    cards: tuple[Card, ...]
    suit: str = ""
    start: int = 0
    rank: int = 0

    # -- construction ---------------------------------------------------
    @classmethod
    def group(cls, cards: Iterable[Card]) -> "Meld":
        """A group of the given cards, or :class:`InvalidMeldError` saying why not."""
        cards = tuple(cards)
        naturals = [c for c in cards if not c.is_joker]
        _check_size_and_naturals("group", cards, naturals)
        ranks = {c.rank for c in naturals}
        if len(ranks) != 1:
            raise InvalidMeldError(f"{format_cards(cards)} is not a group: the cards are not all of one rank",
                                  "meld_ranks", cards=format_cards(cards))
        return cls("group", cards, rank=ranks.pop())

    @classmethod
    def run(cls, cards: Iterable[Card]) -> "Meld":
        """A run of the given cards in order, low to high, jokers in place."""
        cards = tuple(cards)
        naturals = [c for c in cards if not c.is_joker]
        _check_size_and_naturals("run", cards, naturals)
        suits = {c.suit for c in naturals}
        if len(suits) != 1:
            raise InvalidMeldError(f"{format_cards(cards)} is not a run: the cards are not all of one suit",
                                  "meld_suits", cards=format_cards(cards))
        if len(cards) > MAX_RUN:
            raise InvalidMeldError(f"{format_cards(cards)} is not a run: a run has at most {MAX_RUN} cards",
                                  "meld_run_long", cards=format_cards(cards), size=MAX_RUN)
        start = _run_start(cards)
        if start is None:
            raise _out_of_order(cards, naturals)
        return cls("run", cards, suit=suits.pop(), start=start)

    @classmethod
    def from_cards(cls, cards: Sequence[Card]) -> "Meld":
        """A group if the naturals share a rank, else a run; the error explains either way."""
        naturals = [c for c in cards if not c.is_joker]
        if len(naturals) < MIN_NATURALS:
            raise InvalidMeldError(f"{format_cards(cards) or 'no cards'}: a meld needs at least two natural (non-joker) cards",
                                  "meld_naturals", cards=format_cards(cards))
        if len({c.rank for c in naturals}) == 1:
            return cls.group(cards)
        if len(cards) < MIN_SIZE["run"]:
            raise InvalidMeldError(
                f"{format_cards(cards)} is neither a group (the cards are not all of one rank) "
                f"nor a run (too short: at least {MIN_SIZE['run']} cards)",
                "meld_neither", cards=format_cards(cards), size=MIN_SIZE["run"],
            )
        return cls.run(cards)

    @classmethod
    def parse(cls, text: str) -> "Meld":
        """Read a meld written as cards: ``"7H 7S 7C"`` or ``"4D 5D JK 7D"``."""
        return cls.from_cards(parse_cards(text))

    # -- reading --------------------------------------------------------
    @property
    def end(self) -> int:
        """Position of a run's last card."""
        return self.start + len(self.cards) - 1

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return sum(1 for c in self.cards if c.is_joker)

    def stands_for(self) -> list[str | None]:
        """Per card, what a joker stands for (``"6D"`` in a run, ``"7"`` in a group of 7s)."""
        out: list[str | None] = []
        for i, card in enumerate(self.cards):
            if not card.is_joker:
                out.append(None)
            elif self.kind == "group":
                out.append(rank_text(self.rank))
            else:
                out.append(str(Card(position_rank(self.start + i), self.suit)))
        return out

    def __str__(self) -> str:
        return format_cards(self.cards)

    # -- laying off -----------------------------------------------------
    def ends_accepting(self, card: Card) -> list[End | None]:
        """Where ``card`` could be laid off: ``[None]`` for a group, the fitting run ends, or ``[]``."""
        if self.kind == "group":
            return [None] if card.is_joker or card.rank == self.rank else []
        if len(self.cards) >= MAX_RUN:
            return []
        ends: list[End | None] = []
        if self.start > 1 and self._fits(card, self.start - 1):
            ends.append("low")
        if self.end < 14 and self._fits(card, self.end + 1):
            ends.append("high")
        return ends

    def _fits(self, card: Card, position: int) -> bool:
        return card.is_joker or (card.suit == self.suit and card.rank == position_rank(position))

    def lay_off(self, card: Card, end: End | None = None) -> "Meld":
        """The meld with ``card`` added (at ``end`` for a run); raises if it does not fit there."""
        ends = self.ends_accepting(card)
        if not ends:
            raise InvalidMeldError(f"{card} does not fit {self.kind} {self}")
        if self.kind == "group":
            return Meld("group", self.cards + (card,), rank=self.rank)
        if end is None:
            end = default_end(ends)
        if end not in ends:
            raise InvalidMeldError(f"{card} does not fit the {end} end of run {self}")
        if end == "low":
            return Meld("run", (card,) + self.cards, suit=self.suit, start=self.start - 1)
        return Meld("run", self.cards + (card,), suit=self.suit, start=self.start)


def default_end(ends: Sequence[End | None]) -> End | None:
    """When a card fits both ends of a run, it goes high unless told otherwise."""
    return "high" if "high" in ends else ends[0]


def _check_size_and_naturals(kind: Kind, cards: Sequence[Card], naturals: Sequence[Card]) -> None:
    if len(cards) < MIN_SIZE[kind]:
        raise InvalidMeldError(f"{format_cards(cards) or 'no cards'} is too short for a {kind} (at least {MIN_SIZE[kind]} cards)",
                              f"meld_short_{kind}", cards=format_cards(cards), size=MIN_SIZE[kind])
    if len(naturals) < MIN_NATURALS:
        raise InvalidMeldError(f"{format_cards(cards)} needs at least two natural (non-joker) cards",
                              "meld_naturals", cards=format_cards(cards))


def _out_of_order(cards: Sequence[Card], naturals: Sequence[Card]) -> InvalidMeldError:
    """Why cards of one suit make no run: the cards a run in order skips (:func:`_gaps`),
    else that they are out of order. The ace's rule is named only when an ace is there, since a
    player who put no ace down would read it as a hint about a card they do not hold."""
    gap = _gaps(cards)
    if gap:
        return InvalidMeldError(f"{format_cards(cards)} is not a run: it skips {format_cards(gap)}",
                                "meld_gap", cards=format_cards(cards), missing=format_cards(gap))
    text = f"{format_cards(cards)} is not a run: the cards are not in consecutive order (write runs low to high, jokers in place"
    if any(card.rank == 1 for card in naturals):  # rank 1 is the ace (cards.RANK_NAMES)
        return InvalidMeldError(f"{text}; the ace is low or high, never both)", "meld_order_ace", cards=format_cards(cards))
    return InvalidMeldError(f"{text})", "meld_order", cards=format_cards(cards))


def _gaps(cards: Sequence[Card]) -> list[Card]:
    """The cards missing between written neighbours of a run in order, low to high, or [].

    "4S 6S 7S 8S" is in order and lacks 5S: saying "put the cards in order" sent a player to
    re-sort cards that were sorted (a play-test). Every gap is named: "2H 4H 6H 8H" named only
    3H, which read as if one joker would mend it (a play-test). Only gaps with no joker in them
    are named, as which card a joker among several gaps stands for is not for the engine to
    guess."""
    places = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    for ace in (1, 14):
        positions = [ace if c.rank == 1 else c.rank for _, c in places]
        if any(b <= a for a, b in zip(positions, positions[1:])):
            continue
        suit = places[0][1].suit if places else ""
        return [_CARDS[position_rank(p), suit]
                for (i, _), (j, _), low, high in zip(places, places[1:], positions, positions[1:])
                if j == i + 1 for p in range(low + 1, high)]
    return []


def _run_start(cards: Sequence[Card]) -> int | None:
    """The start position that puts every natural card where it belongs, if any."""
    length = len(cards)
    for start in range(1, 15 - length + 1):
        if all(c.is_joker or c.rank == position_rank(start + i) for i, c in enumerate(cards)):
            return start
    return None


_CARDS: dict[tuple[int, str], Card] = {(r, s): Card(r, s) for r in range(1, 14) for s in "CDHS"}


def run_from_positions(suit: str, start: int, present: Sequence[bool]) -> Meld:
    """Build a run from a window of positions: natural cards where present, jokers elsewhere."""
    cards = tuple(
        _CARDS[position_rank(start + i), suit] if here else JOKER for i, here in enumerate(present)
    )
    return Meld("run", cards, suit=suit, start=start)


def run_in_order(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``cards`` put in a run's order, or None when no run of them exists.

    The Arrange panel's slots are tapped, not written: a player may tap 5♣ 4♣ 7♣ 6♣ into a run's
    slot. The natural cards go where their ranks put them (the ace low, else high), the jokers
    fill the gaps between them, and a joker left over lengthens the run at its low end if it was
    tapped before every natural card (a play-test tapped the joker first and found it at the
    high end), else at its high end as a lay-off's default end does (at the low end once the
    high end is the ace).
    """
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    first_natural = next(i for i, c in enumerate(cards) if not c.is_joker) if naturals else 0
    if len(naturals) < MIN_NATURALS or len({c.suit for c in naturals}) != 1:
        return None
    for ace in (1, 14):
        positions = sorted(ace if c.rank == 1 else c.rank for c in naturals)
        if len(set(positions)) != len(positions):
            continue
        first, last = positions[0], positions[-1]
        spare = jokers - (last - first + 1 - len(positions))
        if spare < 0:
            continue
        low = min(spare, first_natural, first - 1)  # the jokers tapped first, while the low end has room
        high = min(spare - low, 14 - last)
        low = spare - high
        if first - low < 1:
            continue
        return run_from_positions(naturals[0].suit, first - low,
                                  [p in positions for p in range(first - low, last + high + 1)]).cards
    return None
