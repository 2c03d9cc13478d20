"""Contract progress: how far a hand is from its contract, and which cards would help.

Terminology (beyond the glossary of :mod:`.cards`, :mod:`.melds` and :mod:`.contracts`):

* **target** — where one meld of the contract is meant to go: a rank for a group,
  a window of consecutive positions in one suit for a run.
* **gap** — a card a target still lacks. A joker fills any gap except the two
  natural cards every meld needs.
* **missing** — the fewest cards that must still come to the hand before it can
  lay down the contract, over every choice of targets. A hand that can lay down
  now misses 0 (exactly when :func:`.contracts.find_contract` finds an arrangement).
* **out** — a card that would lower ``missing`` by one if it came to the hand.
* **live copy** — a copy of a card that may still come to this hand: not in it,
  not on the table, not in the discard pile, not known to be held by an opponent.

The search is exact. For a choice of targets the hand's natural cards go to the
runs first (a run needs particular cards, a group takes any suit), then to the
groups, two per group before any group gets a third; the cost of the choice is
``max(gaps - jokers, natural cards still needed)``. Every choice that could beat
the best one found is searched, so ``missing`` is the minimum and ``outs`` is the
union of the gaps of every best choice.

>>> from .cards import parse_cards
>>> p = progress(parse_cards("7H 7S 7C 9C 9D 2D 5S"), step=1)
>>> p.missing, [str(c) for c in sorted_cards(p.outs)]
(1, ['9C', '9D', '9H', '9S', 'JK'])
>>> p.describe()
'1 card missing: for the group of 9s, a 9 or a joker'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from operator import itemgetter
from typing import Any, Iterable, Mapping

from .cards import JOKER, SUITS, Card, rank_text, sort_key_suit
from .contracts import CONTRACTS, Requirement
from .melds import MIN_NATURALS, position_rank

# Cards as small integers inside the search: suit * 13 + rank - 1, and 52 for the joker.
JOKER_INDEX = 52
CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14)) + (JOKER,)
INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
COPIES: tuple[int, ...] = (2,) * 52 + (3,)
_RANK_CELLS: tuple[tuple[int, ...], ...] = ((),) + tuple(
    tuple(s * 13 + rank - 1 for s in range(4)) for rank in range(1, 14)
)
_ALL_NATURALS = tuple(range(52))


@dataclass(frozen=True, slots=True)
class _Window:
    """A run target: ``size`` positions of one suit from ``start`` (1 = low ace, 14 = high ace)."""

    suit: int
    start: int
    cells: tuple[int, ...]


def _windows(size: int) -> tuple[_Window, ...]:
    return tuple(
        _Window(s, start, tuple(s * 13 + position_rank(p) - 1 for p in range(start, start + size)))
        for s in range(4) for start in range(1, 15 - size + 1)
    )


_WINDOWS: dict[int, tuple[_Window, ...]] = {size: _windows(size) for size in range(4, 14)}


# ---------------------------------------------------------------------------- public values
@dataclass(frozen=True, slots=True)
class MeldProgress:
    """One requirement of the contract on the best targets: what the hand has and what it lacks.

    ``rank`` is the target of a group (``None``: any rank, the hand has nothing for it yet);
    ``suit`` and ``start`` are the target of a run (``None``: any window). ``cards`` are
    the hand's cards this meld would use (naturals, then jokers); ``missing`` is how many
    cards it still lacks; ``options`` are the cards any one of which fills one of its gaps.
    """

    requirement: Requirement
    rank: int | None
    suit: str | None
    start: int | None
    cards: tuple[Card, ...]
    missing: int
    options: tuple[Card, ...]
    end: int | None = None
    """The run's last position when it is not ``start + size - 1``: when several windows of
    the same cards are equally good, ``start``–``end`` are the positions they all share."""
    shared: tuple[Card, ...] = ()
    """With several windows, the hand's cards at the positions they all share, in run order: the
    page names a run by its one shared card ("the run with 4♣" for A♣ 4♣ 7♣: A–4 or 4–7), where
    the span of its cards (A♣–7♣) is longer than the run."""

    @property
    def high(self) -> int | None:
        """The run's last position (``None`` for a group or a run of any window)."""
        if self.start is None:
            return None
        return self.end if self.end is not None else self.start + self.requirement.size - 1

    def describe(self) -> str:
        """``"the group of 9s"``, ``"the run 4D–7D"``, ``"a group of 3"`` (any rank)."""
        req = self.requirement
        if req.kind == "group":
            return f"the group of {rank_text(self.rank)}s" if self.rank else f"a {req.describe()}"
        if self.suit is None or self.start is None:
            return f"a {req.describe()}"
        if self.end is not None:  # several windows: named by the cards they use, in run order, as the page does
            naturals = [c for c in self.cards if not c.is_joker]
            return f"the run {naturals[0]}–{naturals[-1]}"
        low = Card(position_rank(self.start), self.suit)
        high = Card(position_rank(self.high or self.start), self.suit)
        return f"the run {low}–{high}"

    def to_json(self) -> dict[str, Any]:
        """The meld's progress for the page, which words it in the person's language."""
        req = self.requirement
        low = high = None
        if req.kind == "run" and self.suit is not None and self.start is not None:
            low = str(Card(position_rank(self.start), self.suit))
            high = str(Card(position_rank(self.high or self.start), self.suit))
        return {
            "kind": req.kind, "size": req.size, "rank": rank_text(self.rank) if self.rank else None,
            "suit": self.suit, "low": low, "high": high, "have": [str(c) for c in self.cards],
            "missing": self.missing, "options": [str(c) for c in self.options], "shared": [str(c) for c in self.shared],
            "real": self.real_needed(),
        }

    def real_needed(self) -> int:
        """How many of the missing cards must be real (not jokers): a meld needs MIN_NATURALS real
        cards, so a group of one ace wants two more, one of them an ace. The page says so; a
        play-test read "2 more (ace or a joker)" as room for two jokers."""
        return max(0, MIN_NATURALS - sum(1 for c in self.cards if not c.is_joker))

    def describe_options(self) -> str:
        """``"a 9 or a joker"``, ``"8D or 3D"``: the cards that would help, in words."""
        words: list[str] = []
        if self.requirement.kind == "group" and self.rank:
            words.append(f"a {rank_text(self.rank)}")
        elif self.requirement.kind == "group":
            words.append("a pair of any rank")
        elif self.suit is None:
            words.append("cards of one suit in a row")
        else:
            words.extend(str(c) for c in self.options if not c.is_joker)
        if JOKER in self.options:
            words.append("a joker")
        return " or ".join(words)


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a hand is from the contract of ``step``.

    ``missing`` is exact (the fewest cards still to come); ``melds`` show one best choice
    of targets, in the contract's order; ``outs`` are every card that would lower
    ``missing`` by one, over all best choices.
    """

    step: int
    missing: int
    melds: tuple[MeldProgress, ...]
    outs: frozenset[Card]

    @property
    def complete(self) -> bool:
        """The hand can lay down the contract now."""
        return self.missing == 0

    def to_json(self) -> dict[str, Any]:
        """JSON for the contract panel: the English line and the parts to word it in any language."""
        return {
            "step": self.step, "missing": self.missing, "ready": self.complete, "text": self.describe(),
            "melds": [m.to_json() for m in self.melds], "outs": [str(c) for c in sorted_cards(self.outs)],
        }

    def without(self, card: Card) -> "Progress":
        """The same progress with ``card`` no longer among the cards that help (its options and
        outs). The person's contract panel drops the joker once none can come this deal."""
        melds = tuple(replace(m, options=tuple(c for c in m.options if c != card)) for m in self.melds)
        return replace(self, melds=melds, outs=self.outs - {card})

    def describe(self) -> str:
        """One line for the contract panel: what is still missing, meld by meld."""
        if self.missing == 0:
            return "ready to lay down"
        noun = "card" if self.missing == 1 else "cards"
        parts = [f"for {m.describe()}, {m.describe_options()}" for m in self.melds if m.missing]
        return f"{self.missing} {noun} missing: " + "; ".join(parts)


def progress(hand: Iterable[Card], step: int) -> Progress:
    """Exact progress of ``hand`` towards the contract of ``step``.

    >>> from .cards import parse_cards
    >>> progress(parse_cards("4D 5D 7D 9S 9H JK"), 2).describe()
    '1 card missing: for the run 4D–7D, 6D or a joker'
    """
    counts = [0] * 53
    for card in hand:
        counts[INDEX[card]] += 1
    solver = _Solver(counts, CONTRACTS[step])
    solver.solve()
    outs = _union(choice.outs for choice in solver.choices())
    return Progress(step, solver.best, solver.describe_best(), frozenset(CARDS[i] for i in outs))


def missing_and_outs(hand: Iterable[Card], step: int) -> tuple[int, frozenset[int]]:
    """The fast path for the computer players: ``missing`` and the outs as card indices.

    Results are cached by hand (as a multiset) and step, so asking again is cheap.
    """
    found = shape_of_key(hand_key(hand), step)
    return found.missing, found.outs


def missing_and_outs_of_key(key: tuple[int, ...], step: int) -> tuple[int, frozenset[int]]:
    """:func:`missing_and_outs` for a hand already given as its :func:`hand_key`."""
    found = shape_of_key(key, step)
    return found.missing, found.outs


def hand_key(hand: Iterable[Card]) -> tuple[int, ...]:
    """A hand as a sorted tuple of card indices: equal for equal multisets."""
    return tuple(sorted(INDEX[c] for c in hand))


# One meld of a plan: (gaps, natural cards it still needs, the cards that fill a gap, is a group).
PlanMeld = tuple[int, int, tuple[int, ...], bool]
MAX_PLANS = 8


@dataclass(frozen=True, slots=True)
class Choice:
    """One best choice of targets, as the computer players weigh their discards."""

    used: frozenset[int]
    """The natural cards it uses every copy of: without one of them it no longer costs the same."""
    outs: frozenset[int]
    """The cards that would lower its cost by one."""
    plan: tuple[PlanMeld, ...]
    """Its melds that still have gaps, sorted."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A hand's progress in the form the computer players use, with card indices.

    ``plans`` are up to :data:`MAX_PLANS` of the best choices of targets (the first in
    sorted order, so the same best choices always give the same plans), each the melds
    that still have gaps: ``(gaps, natural cards needed, gap cards, is a group)``. The
    hand's ``jokers`` fill gaps beyond the natural cards a meld needs. ``choices`` are
    every best choice, for :meth:`without`.
    """

    missing: int
    outs: frozenset[int]
    plans: tuple[tuple[PlanMeld, ...], ...]
    jokers: int
    choices: tuple[Choice, ...] = ()
    derived: dict[int, "Shape | None"] = field(default_factory=dict, compare=False, repr=False)
    """:meth:`without`'s answers so far, by card: a shape is a value, so each is computed once
    (a cached shape is asked again at the draw, the discard and the next turns' decisions)."""

    @property
    def core(self) -> frozenset[int]:
        """Natural cards every best choice uses every copy of: the cards a discard rarely breaks up."""
        if not self.choices:
            return frozenset()
        return frozenset.intersection(*(choice.used for choice in self.choices))

    def without(self, card: int) -> "Shape | None":
        """The progress of the hand less one copy of the natural ``card``, without a new search,
        when some best choice does not need it (``None`` otherwise, and for a joker).

        The best choices that keep their cost without the card are still best, so
        ``missing`` stays, and ``outs`` and ``plans`` come from those choices. That is exact
        when every best choice spares the card; otherwise a choice might, rarely, keep its
        cost with other cards and be missed. The result has no ``choices`` of its own.
        """
        derived = self.derived
        if card in derived:
            return derived[card]
        found = derived[card] = self._without(card)
        return found

    def _without(self, card: int) -> "Shape | None":
        if card == JOKER_INDEX:
            return None
        kept = [choice for choice in self.choices if card not in choice.used]
        if not kept:
            return None
        if len(kept) == len(self.choices):
            return Shape(self.missing, self.outs, self.plans, self.jokers)
        return Shape(self.missing, _union(choice.outs for choice in kept), _plans(kept), self.jokers)


def _union(sets: Iterable[frozenset[int]]) -> frozenset[int]:
    out: set[int] = set()
    for one in sets:
        out |= one
    return frozenset(out)


def _plans(choices: Iterable[Choice]) -> tuple[tuple[PlanMeld, ...], ...]:
    """The first :data:`MAX_PLANS` distinct plans of ``choices``, in sorted order."""
    return tuple(sorted({choice.plan for choice in choices if choice.plan})[:MAX_PLANS])


@lru_cache(maxsize=512)
def shape_of_key(key: tuple[int, ...], step: int) -> Shape:
    """The :class:`Shape` of a hand given as its :func:`hand_key` (cached).

    The cache is a memo of a pure function, so it changes no answer: it only spares the
    computer players the searches they repeat within a turn (the hand with the top
    discard, searched for the draw, is the hand the discard then weighs). It stays
    small: a bigger one hardly hits more, and every shape it holds is a few dozen
    objects that each full garbage collection walks (4096 of them made 60 ms pauses).
    """
    counts = [0] * 53
    for i in key:
        counts[i] += 1
    solver = _Solver(counts, CONTRACTS[step])
    solver.solve()
    choices = solver.choices()
    outs = _union(choice.outs for choice in choices) if solver.best else frozenset()
    return Shape(solver.best, outs, _plans(choices), counts[JOKER_INDEX], choices)


def live_copies(card: Card, seen: Mapping[Card, int]) -> int:
    """Copies of ``card`` that may still turn up: two of each natural card, three jokers, less those seen.

    >>> from .cards import parse_cards
    >>> live_copies(Card.parse("9H"), Counter(parse_cards("9H 9S")))
    1
    """
    return max(0, COPIES[INDEX[card]] - seen.get(card, 0))


def seen_cards(view: Mapping[str, Any]) -> Counter[Card]:
    """Every card a seat's view shows out of reach: its hand, the table, the discard pile,
    and cards an opponent took from the discard pile and still holds.

    Laid-down and laid-off cards are on the table, so a picked card counts once only.
    """
    seen: Counter[Card] = Counter()
    for text in view["hand"]:
        seen[_parse(text)] += 1
    on_table: Counter[Card] = Counter()
    for meld in view["table"]:
        for text in meld["cards"]:
            on_table[_parse(text)] += 1
    seen.update(on_table)
    for text in view["discard"]:
        seen[_parse(text)] += 1
    for player in view["players"]:
        if player["seat"] == view["seat"]:
            continue
        held = Counter(_parse(t) for t in player.get("picked", ())) - Counter(
            _parse(t) for t in player.get("discarded", ())) - on_table
        for card, n in held.items():
            seen[card] += min(n, player["cards"])
    return seen


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in hand order (suit, then rank; jokers last)."""
    return sorted(cards, key=sort_key_suit)


_PARSED: dict[str, Card] = {str(c): c for c in CARDS}


def _parse(text: str) -> Card:
    card = _PARSED.get(text)
    return card if card is not None else Card.parse(text)


def parse_hand(texts: Iterable[str]) -> list[Card]:
    """Canonical card strings (as in a view) to cards, quickly."""
    return [_parse(t) for t in texts]


# ---------------------------------------------------------------------------- the search
_RANK_OF: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52))
_second = itemgetter(1)


def _window_masks(size: int, suit: int) -> tuple[tuple[_Window, int], ...]:
    """The run windows of ``size`` in ``suit``, lowest first, each with its ranks as a bit mask (bit ``rank - 1``)."""
    return tuple((w, sum(1 << (c - suit * 13) for c in set(w.cells))) for w in _WINDOWS[size] if w.suit == suit)


_WINDOW_MASKS: dict[int, tuple[tuple[tuple[_Window, int], ...], ...]] = {
    size: tuple(_window_masks(size, suit) for suit in range(4)) for size in range(4, 14)
}
"""Per run size, per suit: a fixed table (a cache filled by hands grew to 100,000 objects,
which every full garbage collection walks)."""

def _run_options(size: int, masks: list[int]) -> list[tuple[_Window, int]]:
    """Windows of ``size`` holding at least one of the ranks in ``masks`` (one per suit), with
    how many, most first (among equals, suit by suit, lowest first)."""
    out: list[tuple[_Window, int]] = []
    for mask, windows in zip(masks, _WINDOW_MASKS[size]):
        if mask:
            for window, cells in windows:
                if mask & cells:
                    out.append((window, bin(mask & cells).count("1")))
    out.sort(key=_second, reverse=True)  # stable: equals keep their order
    return out


# A chosen target during the search: (kind, size, key, used cells). ``key`` is a _Window
# or None (any window) for a run, a rank or 0 (any rank) for a group.
_Chosen = tuple[str, int, Any, tuple[int, ...]]


class _Solver:
    """Branch and bound over targets: runs window by window, then groups rank by rank."""

    def __init__(self, counts: list[int], needs: tuple[Requirement, ...]) -> None:
        self.counts = counts
        self.jokers = counts[JOKER_INDEX]
        self.needs = needs
        self.run_sizes = [r.size for r in needs if r.kind == "run"]
        self.group_sizes = [r.size for r in needs if r.kind == "group"]
        self.best = sum(r.size for r in needs) + 1
        self.found: list[tuple[list[_Chosen], list[int]]] = []
        left = [0] * 14
        masks = [0, 0, 0, 0]  # per suit, the ranks held (bit rank - 1)
        for c in [c for c in range(52) if counts[c]]:
            left[_RANK_OF[c]] += counts[c]
            masks[c // 13] |= 1 << (c % 13)
        self.left = left
        self.run_options = {size: _run_options(size, masks) for size in set(self.run_sizes)}
        top = max(self.left)
        group_floor = sum(size - min(size, top) for size in self.group_sizes)
        run_floor = [size - (self.run_options[size][0][1] if self.run_options[size] else 0)
                     for size in self.run_sizes]
        # least gaps the runs after run i (and all the groups) can leave
        self.floor_after = [sum(run_floor[i + 1:]) + group_floor for i in range(len(self.run_sizes))]
        self.group_floor = group_floor

    def solve(self) -> None:
        """Fill ``best`` (the fewest missing cards) and ``found`` (every best choice)."""
        if self.run_sizes:
            self._runs(0, 0, [], 0)
        else:
            self._groups([], 0)

    # -- runs ----------------------------------------------------------------
    def _runs(self, i: int, lowest: int, chosen: list[_Chosen], gaps: int) -> None:
        if i == len(self.run_sizes):
            self._groups(chosen, gaps)
            return
        size = self.run_sizes[i]
        options = self.run_options[size]
        first = lowest if i > 0 and size == self.run_sizes[i - 1] else 0
        floor = gaps + self.floor_after[i] - self.jokers
        counts = self.counts
        for k in range(first, len(options)):
            window, standalone = options[k]
            if floor + size - standalone > self.best:
                break
            used = tuple([c for c in window.cells if counts[c]])
            if not used:
                continue  # the same as "any window", searched below
            left = self.left
            for c in used:
                counts[c] -= 1
                left[c % 13 + 1] -= 1
            self._runs(i + 1, k, chosen + [("run", size, window, used)], gaps + size - len(used))
            for c in used:
                counts[c] += 1
                left[c % 13 + 1] += 1
        if floor + size <= self.best:
            self._runs(i + 1, len(options), chosen + [("run", size, None, ())], gaps + size)

    # -- groups --------------------------------------------------------------
    def _groups(self, runs: list[_Chosen], gaps: int) -> None:
        sizes = self.group_sizes
        if not sizes:
            self._leaf(runs, [])
            return
        left = self.left
        # most natural cards first, the lower rank first among equals (a stable sort)
        ranks = sorted([r for r in range(1, 14) if left[r]], key=left.__getitem__, reverse=True)
        ranks.append(0)
        run_naturals = [len(used) for _, _, _, used in runs]
        run_short = sum(max(0, MIN_NATURALS - n) for n in run_naturals)
        self._pick_ranks(runs, run_naturals, gaps, run_short, ranks, left, 0, [])

    def _pick_ranks(self, runs: list[_Chosen], run_naturals: list[int], gaps: int, short: int,
                    ranks: list[int], left: list[int], lowest: int, picked: list[int], floor: int = 0) -> None:
        """Choose a rank per group (ranks may repeat), most natural cards first, with a bound.

        ``floor`` is the gaps of the runs and of the groups picked so far, were no rank shared.
        """
        sizes = self.group_sizes
        size = sizes[0]  # every group of a contract has the same least size
        jokers = self.jokers
        if len(picked) == len(sizes):
            naturals = _split(picked, left, size)
            total_gaps = gaps
            total_short = short
            for n in naturals:
                total_gaps += size - n
                if n < MIN_NATURALS:
                    total_short += MIN_NATURALS - n
            if total_gaps - jokers > self.best:
                return
            cost = max(total_gaps - jokers, total_short)
            if cost <= self.best or (jokers and total_short):
                self._leaf(runs, self._deal_groups(picked, naturals), run_naturals + naturals, cost)
            return
        if not picked:
            floor = gaps
        still = len(sizes) - len(picked)
        for k in range(lowest, len(ranks)):
            lack = size - min(size, left[ranks[k]])
            if floor + still * lack - jokers > self.best:
                break
            self._pick_ranks(runs, run_naturals, gaps, short, ranks, left, k, picked + [ranks[k]], floor + lack)

    def _deal_groups(self, picked: list[int], naturals: list[int]) -> list[_Chosen]:
        """The chosen cards of each group: its rank's natural cards, as :func:`_split` shares them."""
        size = self.group_sizes[0]
        out: list[_Chosen] = []
        pools: dict[int, list[int]] = {}
        for rank, n in zip(picked, naturals):
            if rank not in pools:
                pools[rank] = [c for c in _RANK_CELLS[rank] for _ in range(self.counts[c])] if rank else []
            pool = pools[rank]
            out.append(("group", size, rank, tuple(pool[:n])))
            del pool[:n]
        return out

    # -- a complete choice of targets ------------------------------------------
    def _leaf(self, runs: list[_Chosen], groups: list[_Chosen], naturals: list[int] | None = None,
              cost: int = -1) -> None:
        """Record a complete choice of targets if it is as good as the best so far
        (``cost``, when given, is its cost before any lending)."""
        chosen = runs + groups
        if naturals is None:
            naturals = [len(used) for _, _, _, used in chosen]
        if cost < 0:
            cost = _cost(chosen, naturals, self.jokers)
        if self.jokers and cost > 0:
            cost, chosen, naturals = _lend(chosen, naturals, self.jokers)
        if cost > self.best:
            return
        if cost < self.best:
            self.best, self.found = cost, []
        if cost == self.best:
            self.found.append((chosen, naturals))

    # -- reading the result ------------------------------------------------------
    def choices(self) -> tuple[Choice, ...]:
        """Every best choice found, each once: the cards it needs, its outs and its plan."""
        counts = self.counts
        jokers = self.jokers
        complete = self.best == 0
        out: dict[Choice, None] = {}
        for chosen, naturals in self.found:
            used: dict[int, int] = {}
            plan = []
            gaps = short = 0
            for meld, n in zip(chosen, naturals):
                for c in meld[3]:
                    used[c] = used.get(c, 0) + 1
                size = meld[1]
                if n < size:
                    gaps += size - n
                    plan.append((size - n, MIN_NATURALS - n if n < MIN_NATURALS else 0, _gap_cards(meld),
                                 meld[0] == "group"))
                if n < MIN_NATURALS:
                    short += MIN_NATURALS - n
            plan.sort()
            whole = frozenset([c for c, n in used.items() if n >= counts[c]])
            if complete:
                outs: frozenset[int] = frozenset()
            elif gaps - jokers > short:
                # every gap counts: any card that fills one helps, and so does a joker
                outs = _gap_union(plan)
            else:
                outs = self._outs_of(chosen, naturals)
            out[Choice(whole, outs, tuple(plan))] = None
        return tuple(out)

    def _outs_of(self, chosen: list[_Chosen], naturals: list[int]) -> frozenset[int]:
        """Every card (as an index) that lowers the cost of this best choice by one."""
        if self.best == 0:
            return frozenset()
        out: set[int] = set()
        jokers = self.jokers
        gaps, short = _gaps_and_short(chosen, naturals)
        if gaps - jokers > short:
            # every gap counts: any card that fills one helps, and so does a joker
            out.add(JOKER_INDEX)
            for meld, n in zip(chosen, naturals):
                if n < meld[1]:
                    out.update(_gap_cards(meld))
            return frozenset(out)
        # jokers to spare: only natural cards for melds short of two naturals help directly
        for meld, n in zip(chosen, naturals):
            if n < MIN_NATURALS:
                out.update(_gap_cards(meld))
        # ... but a card may also let a meld lend one of its cards to a meld that is short
        if _lend(list(chosen), list(naturals), jokers + 1)[0] < self.best:
            out.add(JOKER_INDEX)
        for i, (meld, n) in enumerate(zip(chosen, naturals)):
            if MIN_NATURALS <= n < meld[1]:
                for card in _gap_cards(meld):
                    if card not in out and self._helps(chosen, naturals, i, card):
                        out.add(card)
        return frozenset(out)

    def _helps(self, chosen: list[_Chosen], naturals: list[int], i: int, card: int) -> bool:
        kind, size, key, used = chosen[i]
        more = list(chosen)
        more[i] = (kind, size, key, used + (card,))
        counts = list(naturals)
        counts[i] += 1
        return _lend(more, counts, self.jokers)[0] < self.best

    def describe_best(self) -> tuple[MeldProgress, ...]:
        """The first best choice, meld by meld in the contract's order, jokers placed."""
        if not self.found:
            return ()
        chosen, naturals = self.found[0]
        spare = self.jokers
        runs = iter(zip(chosen[:len(self.run_sizes)], naturals[:len(self.run_sizes)]))
        groups = iter(zip(chosen[len(self.run_sizes):], naturals[len(self.run_sizes):]))
        out = []
        for req in self.needs:
            (kind, size, key, used), n = next(runs) if req.kind == "run" else next(groups)
            room = size - max(n, MIN_NATURALS)
            jokers = min(spare, max(0, room))
            spare -= jokers
            meld = _meld_progress(req, key, used, n, jokers)
            if req.kind == "run" and key is not None and meld.missing:
                others = Counter(c for other in chosen for c in other[3]) - Counter(used)
                meld = self._every_window(meld, size, used, others)
            out.append(meld)
        return tuple(out)

    def _every_window(self, meld: MeldProgress, size: int, used: tuple[int, ...], others: Counter[int]) -> MeldProgress:
        """``meld`` (a run of the first best choice) with the gap cards of every window that
        another best choice fills as far, from cards it shares with this one: 8♥ 9♥ 10♥ wait for
        7♥ *or* J♥, and 4♠ 6♠ 7♠ 8♠ for 5♠ *or* 9♠ (6♠–9♠ uses the 8♠ where 4♠–7♠ uses the 4♠),
        not only the one end the first choice happened to aim at (two play-tests). The meld's
        cards are then every natural card those windows use, in run order, and the run is named
        by the positions all the windows share. A window sharing no card with this one at the
        same place in the suit is another run, not this one: A♥ 2♥ K♥ wait for 3♥ 4♥ (ace low)
        or J♥ Q♥ (ace high), two runs, not "the run A♥–K♥" (a play-test). So is one that takes a
        card another meld of this choice uses, with no copy to spare (it named one J♥ Q♥ in two
        runs of one suit)."""
        held = set(used)
        suit = SUITS.index(meld.suit) if meld.suit else -1
        spare = [have - others[c] for c, have in enumerate(self.counts)]
        runs = ((w, set(u)) for chosen, _ in self.found for kind, width, w, u in chosen[:len(self.run_sizes)]
                if kind == "run" and width == size and w is not None and w.suit == suit and len(u) == len(used))
        mine = _places(next(w for w in _WINDOWS[size] if w.suit == suit and w.start == meld.start), held)
        windows = [(w, cells) for w, cells in runs if mine & _places(w, held)
                   and all(c in held or spare[c] > 0 for c in cells)]
        starts = {w.start for w, _ in windows}
        if len(starts) < 2:
            return meld
        gaps: dict[int, int] = {}  # gap card -> its position in the run
        places: dict[int, int] = {}  # a natural card a window uses -> its position
        for w, cells in windows:
            for k, c in enumerate(w.cells):
                (places if c in cells else gaps).setdefault(c, w.start + k)
        options = tuple(CARDS[c] for c in sorted(gaps, key=gaps.__getitem__))
        naturals = tuple(CARDS[c] for c in sorted(places, key=places.__getitem__))
        start, end = max(starts), min(starts) + size - 1
        shared = tuple(CARDS[c] for c in sorted(places, key=places.__getitem__) if start <= places[c] <= end)
        return replace(meld, start=start, end=end, shared=shared,
                       cards=naturals + tuple(c for c in meld.cards if c.is_joker),
                       options=options + tuple(c for c in meld.options if c.is_joker))


def _places(window: _Window, cards: set[int]) -> set[int]:
    """The positions in the suit (1 = low ace … 14 = high ace) at which ``window`` uses ``cards``."""
    return {window.start + k for k, c in enumerate(window.cells) if c in cards}


def _split(picked: list[int], left: list[int], size: int) -> list[int]:
    """Natural cards per group when groups share a rank: two each first, then fill up to ``size``."""
    if len(picked) == 1 or len(set(picked)) == len(picked):
        return [min(size, left[r]) for r in picked]
    out = [0] * len(picked)
    for rank in set(picked):
        slots = [i for i, r in enumerate(picked) if r == rank]
        supply = left[rank] if rank else 0
        for i in slots:
            out[i] = min(MIN_NATURALS, supply)
            supply -= out[i]
        for i in slots:
            extra = min(size - out[i], supply)
            out[i] += extra
            supply -= extra
    return out


def _cost(chosen: list[_Chosen], naturals: list[int], jokers: int) -> int:
    """Gaps left after the jokers, but never fewer than the natural cards still needed."""
    gaps = 0
    short = 0
    for (_, size, _, _), n in zip(chosen, naturals):
        gaps += size - n
        if n < MIN_NATURALS:
            short += MIN_NATURALS - n
    return max(gaps - jokers, short)


def _gaps_and_short(chosen: list[_Chosen], naturals: list[int]) -> tuple[int, int]:
    gaps = short = 0
    for (_, size, _, _), n in zip(chosen, naturals):
        gaps += size - n
        if n < MIN_NATURALS:
            short += MIN_NATURALS - n
    return gaps, short


def _lend(chosen: list[_Chosen], naturals: list[int], jokers: int) -> tuple[int, list[_Chosen], list[int]]:
    """With jokers to spare, melds of three or more naturals lend cards to melds short of two.

    A lent card keeps the gaps as they are but lowers the naturals still needed, so the
    jokers can fill more. Every way of lending is tried (there are very few).
    """
    cost = _cost(chosen, naturals, jokers)
    gaps, short = _gaps_and_short(chosen, naturals)
    if short == 0 or gaps - jokers >= short:
        return cost, chosen, naturals
    best = (cost, chosen, naturals)
    for t, (t_kind, t_size, t_key, t_used) in enumerate(chosen):
        if naturals[t] >= MIN_NATURALS:
            continue
        for g, (g_kind, g_size, g_key, g_used) in enumerate(chosen):
            if g == t or naturals[g] <= MIN_NATURALS:
                continue
            for card in sorted(set(g_used)):
                if not _accepts(t_kind, t_key, t_used, card):
                    continue
                rest = list(g_used)
                rest.remove(card)
                key = CARDS[card].rank if t_kind == "group" and not t_key else t_key
                more = list(chosen)
                more[g] = (g_kind, g_size, g_key, tuple(rest))
                more[t] = (t_kind, t_size, key, t_used + (card,))
                counts = list(naturals)
                counts[g] -= 1
                counts[t] += 1
                found = _lend(more, counts, jokers)
                if found[0] < best[0]:
                    best = found
    return best


def _gap_cards(meld: _Chosen) -> tuple[int, ...]:
    """The natural cards that would fill a gap of a chosen target (every card for "any")."""
    kind, _, key, used = meld
    if kind == "group":
        return _RANK_CELLS[key] if key else _ALL_NATURALS
    if key is None:
        return _ALL_NATURALS
    return tuple([c for c in key.cells if c not in used])  # a window holds each card once


def _gap_union(plan: list[PlanMeld]) -> frozenset[int]:
    """A joker and every gap card of a plan's melds."""
    if len(plan) == 1:
        return frozenset(plan[0][2] + (JOKER_INDEX,))
    out = {JOKER_INDEX}
    for meld in plan:
        out.update(meld[2])
    return frozenset(out)


def _accepts(kind: str, key: Any, used: tuple[int, ...], card: int) -> bool:
    """Whether a target can take ``card`` (an "any window" run takes a first card only)."""
    if kind == "group":
        return not key or CARDS[card].rank == key
    if key is None:
        return not used
    return card in key.cells and used.count(card) < key.cells.count(card)


def _meld_progress(req: Requirement, key: Any, used: tuple[int, ...], n: int, jokers: int) -> MeldProgress:
    size = req.size
    missing = size - n - jokers
    room_for_joker = size - max(n, MIN_NATURALS) - jokers > 0
    cards = tuple(CARDS[c] for c in used) + (JOKER,) * jokers
    options: list[Card] = []
    if missing:
        if req.kind == "group" and key:
            options = [CARDS[c] for c in _RANK_CELLS[key]]
        elif req.kind == "run" and key is not None:
            taken = Counter(used)
            for c in key.cells:
                if taken[c]:
                    taken[c] -= 1
                else:
                    options.append(CARDS[c])
        if room_for_joker:
            options.append(JOKER)
    if req.kind == "group":
        return MeldProgress(req, key or None, None, None, cards, missing, tuple(options))
    suit = SUITS[key.suit] if key is not None else None
    start = key.start if key is not None else None
    return MeldProgress(req, None, suit, start, cards, missing, tuple(options))
