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

from dataclasses import dataclass
from typing import Any, Callable

from ..actions import Action, Draw
from ..cards import SUITS, Card
from ..contracts import CONTRACTS, Requirement
from ..evaluate import CARDS, COPIES, INDEX, JOKER_INDEX, parse_hand
from ..melds import MAX_RUN, Meld, position_rank
from . import View

_TEXT_INDEX: dict[str, int] = {str(card): i for i, card in enumerate(CARDS)}

GROUP_STEPS: frozenset[int] = frozenset(step for step, needs in CONTRACTS.items() if any(r.kind == "group" for r in needs))
"""The steps whose contract has a group (asked at most decisions: looked up, not recounted)."""
RUN_STEPS: frozenset[int] = frozenset(step for step, needs in CONTRACTS.items() if any(r.kind == "run" for r in needs))
"""The steps whose contract has a run."""

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
    discarded: tuple[Card, ...]
    held: tuple[Card, ...]
    """Cards taken from the discard pile and, as far as one can tell, still in hand (by index)."""

    @property
    def wants_groups(self) -> bool:
        """The contract has a group."""
        return self.step in GROUP_STEPS

    @property
    def wants_runs(self) -> bool:
        """The contract has a run."""
        return self.step in RUN_STEPS


class Reading:
    """One seat's knowledge at one decision.

    Parsed from the view as it is needed: a decision once down never counts live
    cards, one before laying down rarely looks at the table's melds, and the view is
    read a few hundred times a game (and again when the leaderboard replays it).
    """

    __slots__ = ("view", "seat", "phase", "step", "hand", "laid_down", "laid_down_now", "taken", "top",
                 "stock", "completed", "penalty", "picks", "turns", "scratch",
                 "_melded", "_table", "_rivals", "_live", "_unknown", "_fitting")

    def __init__(self, view: View) -> None:
        seat = view["seat"]
        me = view["players"][seat]
        discard = view["discard"]
        self.view = view
        self.seat: int = seat
        self.phase: str = view["phase"]
        self.step: int = me["step"]
        self.hand: tuple[Card, ...] = tuple(parse_hand(view["hand"]))
        self.laid_down: bool = me["laid_down"]
        self.laid_down_now = bool(view["laid_down_this_turn"])
        self.taken: Card | None = parse_hand([view["taken"]])[0] if view["taken"] else None
        self.top: Card | None = parse_hand([discard[-1]])[0] if discard else None
        self.stock: int = view["stock"]
        self.completed: int = me["completed"]
        self.penalty: int = me["penalty"]
        self.picks = len(me.get("picked", ()))
        self.turns = len(me.get("discarded", ()))
        self.scratch: dict[Any, Any] = {}
        """Working memory for this one decision (it dies with the reading)."""
        self._melded: list[int] | None = None
        self._table: tuple[Meld, ...] | None = None
        self._rivals: tuple[Rival, ...] | None = None
        self._live: tuple[int, ...] | None = None
        self._unknown = 0
        self._fitting: frozenset[int] | None = None

    @classmethod
    def of(cls, view: View) -> "Reading":
        """The reading of a view."""
        return cls(view)

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table (rebuilt without re-validation: the engine put them there)."""
        if self._table is None:
            self._table = tuple(table_meld(m) for m in self.view["table"])
        return self._table

    @property
    def melded(self) -> list[int]:
        """Copies of each card (by index) on the table."""
        if self._melded is None:
            melded = [0] * 53
            for meld in self.view["table"]:
                for text in meld["cards"]:
                    melded[_TEXT_INDEX[text]] += 1
            self._melded = melded
        return self._melded

    @property
    def rivals(self) -> tuple[Rival, ...]:
        """The other seats in turn order from this one."""
        if self._rivals is None:
            players = self.view["players"]
            melded = self.melded
            self._rivals = tuple(_rival(players[(self.seat + k) % len(players)], melded)
                                 for k in range(1, len(players)))
        return self._rivals

    @property
    def live(self) -> tuple[int, ...]:
        """Per card (by index), the copies that may still come to this seat."""
        if self._live is None:
            self._count_live()
        assert self._live is not None
        return self._live

    @property
    def unknown(self) -> int:
        """How many cards this seat cannot place: the stock and the unseen part of the other hands."""
        if self._live is None:
            self._count_live()
        return self._unknown

    def _count_live(self) -> None:
        view = self.view
        seen = list(self.melded)
        for text in view["hand"]:
            seen[_TEXT_INDEX[text]] += 1
        for text in view["discard"]:
            seen[_TEXT_INDEX[text]] += 1
        known = 0
        cards = 0
        for rival in self.rivals:
            cards += rival.cards
            counts: dict[int, int] = {}
            for card in rival.held:
                i = INDEX[card]
                counts[i] = counts.get(i, 0) + 1
            for i, n in counts.items():
                n = min(n, rival.cards)
                seen[i] += n
                known += n
        self._live = tuple([max(0, copies - n) for copies, n in zip(COPIES, seen)])
        self._unknown = max(1, view["stock"] + cards - known)

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

    @property
    def fitting(self) -> frozenset[int]:
        """The cards (by index; the joker when some meld takes one) that could be laid off on
        the table now: a group's rank, the cards next to a run's ends.

        Worked out once per reading: a decision asks about many cards (each discard's feeding
        cost, the safe cards, the share of unknown cards that fit), and the table cannot change
        while the reading lives. The same answers as :meth:`.Meld.ends_accepting`.
        """
        if self._fitting is None:
            out: set[int] = set()
            for meld in self.table:
                if meld.kind == "group":
                    out.update(s * 13 + meld.rank - 1 for s in range(4))
                    out.add(JOKER_INDEX)
                elif len(meld.cards) < MAX_RUN:
                    suit = SUITS.index(meld.suit) * 13
                    if meld.start > 1:
                        out.update((suit + position_rank(meld.start - 1) - 1, JOKER_INDEX))
                    if meld.end < 14:
                        out.update((suit + position_rank(meld.end + 1) - 1, JOKER_INDEX))
            self._fitting = frozenset(out)
        return self._fitting

    def fits_table(self, card: Card) -> bool:
        """Whether ``card`` could be laid off on some meld on the table now."""
        return INDEX[card] in self.fitting

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


def _rival(player: dict[str, Any], melded: list[int]) -> Rival:
    """A rival's public record; what they took and still hold is what they picked up,
    less what they discarded, less what is on the table (card by card)."""
    step = player["step"]
    counts: dict[int, int] = {}
    for text in player.get("picked", ()):
        i = _TEXT_INDEX[text]
        counts[i] = counts.get(i, 0) + 1
    discarded = player.get("discarded", ())
    for text in discarded:
        i = _TEXT_INDEX[text]
        if i in counts:
            counts[i] -= 1
    held = tuple(CARDS[i] for i in sorted(counts) for _ in range(counts[i] - melded[i]))
    return Rival(
        seat=player["seat"], step=step, needs=CONTRACTS[step], completed=player["completed"],
        penalty=player["penalty"], cards=player["cards"], laid_down=player["laid_down"],
        discarded=tuple(parse_hand(discarded)), held=held,
    )


def pick_draw(r: Reading, legal: list[Action], worth_taking: Callable[[Reading, Card], bool]) -> Action:
    """The draw of a player who weighs the top discard with ``worth_taking``: the stock when the
    discard may not be taken (or :data:`PICK_LIMIT` is reached); once down, the discard only
    if it can be laid off; before, the discard when ``worth_taking`` says so."""
    top = r.top
    if Draw("discard") not in legal or top is None or r.picks >= PICK_LIMIT:
        return Draw("stock")
    if r.laid_down:
        return Draw("discard") if r.fits_table(top) else Draw("stock")
    return Draw("discard") if worth_taking(r, top) else Draw("stock")
