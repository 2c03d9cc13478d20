"""Reading a view: what a computer player knows, parsed once per decision.

Everything here comes from the seat's own view (the JSON the page gets): its
hand, the table, the discard pile, and each player's public record (how many
cards they hold, whether they laid down, the cards they took from the discard
pile and the cards they discarded this deal). Nothing else is reachable.

Terminology:

* **unknown cards** — cards this seat cannot place: the stock and the part of
  the other hands it has not seen. A stock draw is one of them.
* **live** — per card, the copies that may still come to this seat: not in its
  hand, on the table, in the discard pile, or known to be held by a rival (a card
  they took from the discard pile and have not discarded or melded since).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import Card
from ..contracts import CONTRACTS, Requirement
from ..evaluate import CARDS, COPIES, INDEX, parse_hand
from ..melds import Meld
from . import View

_TEXT_INDEX: dict[str, int] = {str(card): i for i, card in enumerate(CARDS)}

PICK_LIMIT = 12
"""A computer player takes the discard at most this many times a deal.

Taking the discard leaves the stock as it is; with a limit, every bot-only
deal reaches the end of its stock (or someone goes out), so every game ends.
"""


@dataclass(frozen=True, slots=True)
class Rival:
    """Another seat as this one sees it."""

    seat: int
    step: int
    needs: tuple[Requirement, ...]
    completed: int
    penalty: int
    cards: int
    laid_down: bool
    picked: tuple[Card, ...]
    discarded: tuple[Card, ...]
    held: Counter[Card]
    """Cards taken from the discard pile and, as far as one can tell, still in hand."""

    @property
    def wants_groups(self) -> bool:
        """The contract has a group."""
        return any(r.kind == "group" for r in self.needs)

    @property
    def wants_runs(self) -> bool:
        """The contract has a run."""
        return any(r.kind == "run" for r in self.needs)


@dataclass(frozen=True, slots=True)
class Reading:
    """One seat's knowledge at one decision."""

    seat: int
    phase: str
    step: int
    hand: tuple[Card, ...]
    laid_down: bool
    laid_down_now: bool
    taken: Card | None
    top: Card | None
    table: tuple[Meld, ...]
    rivals: tuple[Rival, ...]
    live: tuple[int, ...]
    unknown: int
    stock: int
    completed: int
    penalty: int
    picks: int
    turns: int
    scratch: dict[Any, Any]
    """Working memory for this one decision (it dies with the reading)."""

    @classmethod
    def of(cls, view: View) -> "Reading":
        """Parse a view (cheaply: table melds are rebuilt without re-validation)."""
        seat = view["seat"]
        players = view["players"]
        me = players[seat]
        table = tuple(table_meld(m) for m in view["table"])
        melded: Counter[Card] = Counter(c for m in table for c in m.cards)
        rivals = tuple(_rival(players[(seat + k) % len(players)], melded) for k in range(1, len(players)))
        seen = [0] * 53
        for text in view["hand"]:
            seen[_TEXT_INDEX[text]] += 1
        for text in view["discard"]:
            seen[_TEXT_INDEX[text]] += 1
        for card, n in melded.items():
            seen[INDEX[card]] += n
        known = 0
        for rival in rivals:
            for card, n in rival.held.items():
                n = min(n, rival.cards)
                seen[INDEX[card]] += n
                known += n
        live = tuple(max(0, copies - n) for copies, n in zip(COPIES, seen))
        unknown = max(1, view["stock"] + sum(r.cards for r in rivals) - known)
        discard = view["discard"]
        return cls(
            seat=seat, phase=view["phase"], step=me["step"], hand=tuple(parse_hand(view["hand"])),
            laid_down=me["laid_down"], laid_down_now=bool(view["laid_down_this_turn"]),
            taken=parse_hand([view["taken"]])[0] if view["taken"] else None,
            top=parse_hand([discard[-1]])[0] if discard else None,
            table=table, rivals=rivals, live=live,
            unknown=unknown, stock=view["stock"], completed=me["completed"], penalty=me["penalty"],
            picks=len(me.get("picked", ())), turns=len(me.get("discarded", ())), scratch={},
        )

    @property
    def needs(self) -> tuple[Requirement, ...]:
        """This seat's contract."""
        return CONTRACTS[self.step]

    @property
    def next_rival(self) -> Rival:
        """The seat after this one: the only player who can take this seat's discard.

        ``rivals`` are in turn order from this seat, so this is the first of them.
        """
        return self.rivals[0]

    def fits_table(self, card: Card) -> bool:
        """Whether ``card`` could be laid off on some meld on the table now."""
        return any(meld.ends_accepting(card) for meld in self.table)

    def live_count(self, card: Card) -> int:
        """Live copies of ``card``."""
        return self.live[INDEX[card]]


def table_meld(meld: dict[str, Any]) -> Meld:
    """A table meld from its JSON, trusting the engine that put it there."""
    cards = tuple(parse_hand(meld["cards"]))
    if meld["kind"] == "group":
        rank = next(c.rank for c in cards if not c.is_joker)
        return Meld("group", cards, rank=rank)
    i, first = next((i, c) for i, c in enumerate(cards) if not c.is_joker)
    position = 14 if first.rank == 1 and i > 0 else first.rank
    return Meld("run", cards, suit=first.suit, start=position - i)


def _rival(player: dict[str, Any], melded: Counter[Card]) -> Rival:
    step = player["step"]
    picked = tuple(parse_hand(player.get("picked", ())))
    discarded = tuple(parse_hand(player.get("discarded", ())))
    return Rival(
        seat=player["seat"], step=step, needs=CONTRACTS[step], completed=player["completed"],
        penalty=player["penalty"], cards=player["cards"], laid_down=player["laid_down"],
        picked=picked, discarded=discarded, held=Counter(picked) - Counter(discarded) - melded,
    )
