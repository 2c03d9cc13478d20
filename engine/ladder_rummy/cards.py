"""Cards: values, parsing, printing, the 107-card deck and penalty points.

Terminology (the card table's words, used across the engine):

* **card** — a rank and a suit, or a joker. The two copies of a card are
  interchangeable for every rule, so a card is a value: ``Card.parse("7H")``
  equals the other 7H.
* **rank** — 1 (ace) to 13 (king); a joker has rank 0.
* **suit** — ``C D H S``; a joker has the empty suit.
* **deck** — two 52-card decks and three jokers: 107 physical cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections import abc
from typing import Iterable

from .errors import InvalidCardError

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_RANK = 0
MAX_CARD_TEXT = 16  # "joker" with room for spaces: anything longer is no card

_RANK_INPUT: dict[str, int] = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13,
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card as a value: ``Card(7, "H")`` is the seven of hearts.

    >>> Card.parse("10s")
    Card.parse('10S')
    >>> str(Card.parse("jk"))
    'JK'
    """

    rank: int
    suit: str
    _hash: int = field(init=False, repr=False, compare=False)
    """The hash, worked out once: cards are dictionary keys on every hot path."""

    def __post_init__(self) -> None:
        valid = (self.rank == JOKER_RANK and self.suit == "") or (
            1 <= self.rank <= 13 and self.suit in SUITS
        )
        if not valid:
            raise InvalidCardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        object.__setattr__(self, "_hash", self.rank * 5 + "CDHS".find(self.suit))

    @property
    def is_joker(self) -> bool:
        """Jokers are wild: they stand for any card inside a meld."""
        return self.rank == JOKER_RANK

    @property
    def points(self) -> int:
        """Penalty value when the card is left in hand at the end of a deal."""
        if self.is_joker or self.rank == 1:
            return 15
        return min(self.rank, 10)

    @classmethod
    def parse(cls, text: str, position: int | None = None) -> "Card":
        """Read ``7H``, ``10S``, ``TS``, ``qc``, ``JK`` (spaces around are ignored)."""
        where = f" at position {position}" if position is not None else ""
        if not isinstance(text, str):
            raise InvalidCardError(f"the card{where} must be text like 7H, not {type(text).__name__}")
        if len(text) > MAX_CARD_TEXT:
            raise InvalidCardError(f"{text[:MAX_CARD_TEXT]!r}...{where} is not a card (too long)")
        token = text.strip().upper()
        if token in ("JK", "JOKER", "*"):
            return cls(JOKER_RANK, "")
        rank = _RANK_INPUT.get(token[:-1])
        if len(token) < 2 or rank is None or token[-1] not in SUITS:
            raise InvalidCardError(f"{text.strip()!r}{where} is not a card (expected e.g. 7H, 10S, QC, AD, JK)")
        return cls(rank, token[-1])

    def __str__(self) -> str:
        return _TEXT[self.suit][self.rank]

    def __hash__(self) -> int:
        """``rank * 5 + suit``: distinct per card, and in the cards' order (rank, then suit), so
        ``sorted(cards, key=hash)`` sorts as ``sorted(cards)`` does, without comparing cards."""
        return self._hash

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def rank_text(rank: int) -> str:
    """Print a rank as on the card face: ``A 2 … 10 J Q K`` (14 is the high ace)."""
    if rank == 14:
        rank = 1
    return RANK_NAMES.get(rank, str(rank))


JOKER = Card(JOKER_RANK, "")
# Printed names, looked up by suit then rank: str() of a card is on every hot path.
_TEXT: dict[str, list[str]] = {"": ["JK"], **{s: [""] + [rank_text(r) + s for r in range(1, 14)] for s in SUITS}}


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas; an error names the bad one and its position.

    >>> [str(c) for c in parse_cards("7H 7s, JK")]
    ['7H', '7S', 'JK']
    """
    if isinstance(text, str):
        tokens: list[object] = text.replace(",", " ").split()
    elif isinstance(text, (bytes, bytearray)) or not isinstance(text, abc.Iterable):
        raise InvalidCardError(f"cards must be text or a list of card strings, not {type(text).__name__}")
    else:
        tokens = list(text)
    return [Card.parse(token, position=i + 1) for i, token in enumerate(tokens)]  # type: ignore[arg-type]


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`."""
    return " ".join(str(c) for c in cards)


JOKERS_IN_DECK = 3


def new_deck() -> list[Card]:
    """The 107 physical cards in a fixed order (the shuffle is applied to this order)."""
    naturals = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return naturals + naturals + [JOKER] * JOKERS_IN_DECK


_SUIT_ORDER: dict[str, int] = {**{suit: i for i, suit in enumerate(SUITS)}, "": len(SUITS)}


def sort_key_suit(card: Card) -> tuple[int, int]:
    """Hand order by suit, then rank; jokers last (a joker's suit is empty and its rank 0)."""
    return (_SUIT_ORDER[card.suit], card.rank)


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """A hand in the order a player would hold it: by suit then rank, jokers last."""
    return sorted(cards, key=sort_key_suit)


def hand_points(cards: Iterable[Card]) -> int:
    """The penalty a hand scores at the end of a deal."""
    return sum(c.points for c in cards)
