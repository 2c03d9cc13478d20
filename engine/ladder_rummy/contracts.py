"""The ladder of contracts and the contract finder.

Terminology:

* **ladder** — the ten contracts every player climbs at their own pace.
* **step** — where a player stands on the ladder (1–10); the contract of that step.
* **contract** — the melds to lay down: e.g. step 2 is one group of 3 and one run of 4
  ("of N" means at least N cards).
* **arrangement** — a tuple of melds, one per requirement, in the contract's order.

The finder is exact: it considers every run window of every suit and, for what is
left, every choice of ranks for the groups, so it never misses an arrangement. It
prefers the fewest jokers, then the most cards laid down.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Callable, Iterable, Sequence

from .cards import JOKER, SUITS, Card, format_cards
from .errors import InvalidMeldError
from .melds import MAX_RUN, MIN_NATURALS, Kind, Meld, position_rank, run_from_positions


@dataclass(frozen=True, slots=True)
class Requirement:
    """One meld of a contract: its kind and the least number of cards."""

    kind: Kind
    size: int

    def describe(self) -> str:
        """``"group of 3"`` — the words the rules use."""
        return f"{self.kind} of {self.size}"


def _req(text: str) -> tuple[Requirement, ...]:
    parts = [p.split() for p in text.split("+")]
    return tuple(Requirement(kind, int(size)) for kind, size in parts)  # type: ignore[arg-type]


CONTRACTS: dict[int, tuple[Requirement, ...]] = {
    1: _req("group 3 + group 3"),
    2: _req("group 3 + run 4"),
    3: _req("run 4 + run 4"),
    4: _req("group 3 + group 3 + group 3"),
    5: _req("group 4 + run 4"),
    6: _req("group 3 + group 3 + run 4"),
    7: _req("run 7"),
    8: _req("group 4 + group 4"),
    9: _req("run 4 + run 6"),
    10: _req("group 3 + run 7"),
}
TOP_STEP = 10

Arrangement = tuple[Meld, ...]
_SUIT_POSITIONS: dict[str, list[Card]] = {
    suit: [Card(position_rank(p), suit) for p in range(1, 15)] for suit in SUITS
}


def describe_contract(step: int) -> str:
    """``"one group of 3 + one run of 4"``-style words for a step."""
    return " + ".join(r.describe() for r in CONTRACTS[step])


def meld_for(cards: Sequence[Card], need: Requirement) -> Meld:
    """``cards`` as the meld ``need`` asks for (its kind, at least its size), or
    :class:`InvalidMeldError` saying why not.

    The Arrange panel marks each of its slots that holds its meld already; a lay-down as a whole
    is still judged by :func:`satisfies`, which takes the melds in any order.
    """
    meld = Meld.group(cards) if need.kind == "group" else Meld.run(cards)
    if len(meld.cards) < need.size:
        raise InvalidMeldError(f"{format_cards(cards)} is too short: the contract asks for a {need.kind} of {need.size}",
                               f"meld_short_{need.kind}", cards=format_cards(cards), size=need.size)
    return meld


def satisfies(melds: Sequence[Meld], step: int) -> bool:
    """Whether these melds are exactly the contract of ``step`` (kinds and least sizes)."""
    needs = CONTRACTS[step]
    for kind in ("group", "run"):
        have = sorted((len(m.cards) for m in melds if m.kind == kind), reverse=True)
        want = sorted((r.size for r in needs if r.kind == kind), reverse=True)
        if len(have) != len(want) or any(h < w for h, w in zip(have, want)):
            return False
    return True


Score = Callable[[Sequence[Meld]], tuple[int, ...]]


def score(melds: Sequence[Meld]) -> tuple[int, ...]:
    """Lower is better: fewest jokers first, then most cards."""
    return (sum(m.jokers for m in melds), -sum(len(m.cards) for m in melds))


def lightest(melds: Sequence[Meld]) -> tuple[int, ...]:
    """:func:`score`, then the most penalty points laid down (the fewest left in hand).

    The finder's own order breaks a tie of jokers and cards by the order it searches in, and
    computer players and every recorded game rely on that. A person's Lay down button asks
    for this one instead: between 10 10 10 / 6 6 JK and 10 10 10 / 2 2 JK it keeps the twos.
    """
    return (*score(melds), -sum(card.points for m in melds for card in m.cards))


def find_contract(
    hand: Iterable[Card],
    step: int,
    acceptable: Callable[[Counter[Card]], bool] | None = None,
    key: Score = score,
) -> Arrangement | None:
    """The best arrangement of ``hand`` that lays down the contract of ``step``, or ``None``.

    ``acceptable`` (optional) judges the cards that would be left in hand; the game
    uses it for the rule that a lay-down may not leave only copies of the taken card.
    ``key`` orders arrangements, lower first (:func:`score`, or :func:`lightest`).

    >>> from .cards import parse_cards
    >>> [str(m) for m in find_contract(parse_cards("7H 7S 7C 9D 9D JK 2C"), 1)]
    ['7H 7S 7C', '9D 9D JK']
    """
    counts = Counter(hand)
    best = _best(tuple(sorted(counts.elements(), key=hash)), step, key)  # a card's hash follows its order
    if best is None or acceptable is None or acceptable(_leftover(counts, best)):
        return best
    return _best_keeping_one(counts, step, acceptable, key)


@lru_cache(maxsize=8192)
def _best(hand: tuple[Card, ...], step: int, key: Score = score) -> Arrangement | None:
    """The search, remembered: bots and views ask about the same hands again and again."""
    return _Search(Counter(hand), CONTRACTS[step], key).best()


def _leftover(counts: Counter[Card], melds: Arrangement) -> Counter[Card]:
    left = counts.copy()
    for meld in melds:
        left.subtract(meld.cards)
    return +left


def _best_keeping_one(
    counts: Counter[Card], step: int, acceptable: Callable[[Counter[Card]], bool], key: Score = score
) -> Arrangement | None:
    """Every valid arrangement keeps some card in hand: try keeping each one in turn."""
    found: list[Arrangement] = []
    for kept in sorted(counts):
        rest = counts.copy()
        rest[kept] -= 1
        melds = _Search(+rest, CONTRACTS[step], key).best()
        if melds is not None and acceptable(_leftover(counts, melds)):
            found.append(melds)
    return min(found, key=key) if found else None


class _Search:
    """Branch over run windows, then solve the groups exactly on what is left."""

    def __init__(self, counts: Counter[Card], needs: Sequence[Requirement], key: Score = score) -> None:
        self.key = key
        self.jokers = counts[JOKER]
        self.naturals = Counter({c: n for c, n in counts.items() if not c.is_joker and n > 0})
        self.runs = [r for r in needs if r.kind == "run"]
        self.groups = [r for r in needs if r.kind == "group"]
        self.order = list(needs)
        self.best_score: tuple[int, ...] | None = None
        self.best_melds: Arrangement | None = None

    def best(self) -> Arrangement | None:
        """Run the search; the result lists melds in the contract's order."""
        if len(self.naturals) + self.jokers == 0:
            return None
        self._runs(0, [], self.naturals, self.jokers)
        return self.best_melds

    def _runs(self, i: int, chosen: list[Meld], left: Counter[Card], jokers: int) -> None:
        if i == len(self.runs):
            self._finish(chosen, left, jokers)
            return
        same_as_prev = i > 0 and self.runs[i] == self.runs[i - 1]
        windows = run_windows(left, self.runs[i].size, jokers, swaps=bool(self.groups))
        windows.sort(key=lambda m: m.jokers)  # cheap arrangements first, so pruning bites early
        for meld in windows:
            if same_as_prev and _run_key(meld) < _run_key(chosen[-1]):
                continue  # the same pair of runs in the other order: already searched
            if self._hopeless(chosen, meld):
                continue
            rest = left.copy()
            rest.subtract(c for c in meld.cards if not c.is_joker)
            self._runs(i + 1, chosen + [meld], +rest, jokers - meld.jokers)

    def _hopeless(self, chosen: list[Meld], meld: Meld) -> bool:
        """Prune: already more jokers than the best arrangement found."""
        if self.best_score is None:
            return False
        return sum(m.jokers for m in chosen) + meld.jokers > self.best_score[0]

    def _finish(self, runs: list[Meld], left: Counter[Card], jokers: int) -> None:
        groups = solve_groups(left, [r.size for r in self.groups], jokers, self._group_key(runs))
        if groups is None:
            return
        melds = self._in_contract_order(runs, groups)
        s = self.key(melds)
        if self.best_score is None or s < self.best_score:
            self.best_score, self.best_melds = s, melds

    def _group_key(self, runs: list[Meld]) -> Score:
        """The key groups are chosen by, beside ``runs``: the search's own, as its keys add up
        meld by meld (a key that asks what the whole arrangement leaves in hand needs the runs)."""
        return self.key

    def _in_contract_order(self, runs: list[Meld], groups: list[Meld]) -> Arrangement:
        run_iter, group_iter = iter(runs), iter(groups)
        return tuple(next(run_iter) if r.kind == "run" else next(group_iter) for r in self.order)


def run_windows(left: Counter[Card], size: int, jokers: int, swaps: bool = False) -> list[Meld]:
    """Every run of at least ``size`` cards the naturals in ``left`` and ``jokers`` can make.

    With ``swaps``, a joker may also stand in for a natural card that is in hand,
    freeing that card for a group of its rank (the only reason to do so).
    Windows are listed suit by suit with the higher start first, so that among
    equal choices a joker lands at the high end of a run.
    """
    rank_count = Counter(c.rank for c in left.elements())
    out: list[Meld] = []
    for suit in SUITS:
        present = [False] + [left[card] > 0 for card in _SUIT_POSITIONS[suit]]
        naturals_in_suit = sum(present[1:14])
        if naturals_in_suit < MIN_NATURALS or naturals_in_suit + jokers < size:
            continue
        prefix = [0]
        for here in present:
            prefix.append(prefix[-1] + here)
        for start in range(14, 0, -1):
            for length in range(size, min(MAX_RUN, 15 - start) + 1):
                naturals = prefix[start + length] - prefix[start]
                spare = jokers - (length - naturals)
                if spare < 0:
                    break  # longer windows only need more jokers
                if naturals < MIN_NATURALS:
                    continue
                window = present[start:start + length]
                out.append(run_from_positions(suit, start, window))
                if swaps and spare > 0:
                    out.extend(_swapped(suit, start, window, spare, rank_count))
    return out


def _swapped(suit: str, start: int, window: list[bool], spare: int, rank_count: Counter[int]) -> Iterable[Meld]:
    """The same window with up to ``spare`` naturals of group-able ranks turned into jokers."""
    movable = [i for i, here in enumerate(window) if here and rank_count[position_rank(start + i)] >= MIN_NATURALS]
    for k in range(1, min(spare, len(movable)) + 1):
        for chosen in combinations(movable, k):
            changed = list(window)
            for i in chosen:
                changed[i] = False
            if sum(changed) >= MIN_NATURALS:
                yield run_from_positions(suit, start, changed)


def _run_key(meld: Meld) -> tuple[str, int, int]:
    """An order on runs, used to search each unordered pair of equal requirements once."""
    return (meld.suit, meld.start, len(meld.cards))


def solve_groups(left: Counter[Card], sizes: Sequence[int], jokers: int, key: Score = score) -> list[Meld] | None:
    """The best groups of the given least sizes from ``left`` and ``jokers``, in ``sizes`` order.

    Suits do not matter to a group, so only rank counts are searched. Every natural
    card of a chosen rank joins its group (most cards), and jokers fill only what
    is short (fewest jokers).
    """
    if not sizes:
        return []
    by_rank: dict[int, list[Card]] = {}
    for card, n in sorted(left.items()):
        by_rank.setdefault(card.rank, []).extend([card] * n)
    ranks = [r for r, cards in by_rank.items() if len(cards) >= MIN_NATURALS]
    best: tuple[tuple[int, ...], list[Meld]] | None = None
    for choice in _rank_choices(ranks, len(sizes)):
        melds = _build_groups(choice, sizes, by_rank, jokers)
        if melds is not None:
            s = key(melds)
            if best is None or s < best[0]:
                best = (s, melds)
    return None if best is None else best[1]


def _rank_choices(ranks: list[int], k: int) -> Iterable[tuple[int, ...]]:
    """Ranks for k groups, with repeats (two groups of one contract may share a rank)."""
    return combinations_with_replacement(ranks, k)


def _build_groups(
    choice: tuple[int, ...], sizes: Sequence[int], by_rank: dict[int, list[Card]], jokers: int
) -> list[Meld] | None:
    """Assign ranks to sizes (largest need to most naturals) and deal the naturals out."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])
    rank_for = dict(zip(order, sorted(choice, key=lambda r: -len(by_rank[r]))))
    result: list[Meld | None] = [None] * len(sizes)
    used_jokers = 0
    for rank in set(choice):
        slots = [i for i in range(len(sizes)) if rank_for[i] == rank]
        cards = by_rank[rank]
        if len(cards) < MIN_NATURALS * len(slots):
            return None
        dealt = _deal_naturals(cards, [sizes[i] for i in slots])
        for slot, naturals in zip(slots, dealt):
            short = max(0, sizes[slot] - len(naturals))
            used_jokers += short
            result[slot] = Meld("group", tuple(naturals) + (JOKER,) * short, rank=rank)
    if used_jokers > jokers:
        return None
    return [m for m in result if m is not None]


def _deal_naturals(cards: list[Card], sizes: list[int]) -> list[list[Card]]:
    """Split one rank's naturals among groups: each gets two, then fill needs, then extras go first."""
    hands: list[list[Card]] = [cards[2 * i:2 * i + 2] for i in range(len(sizes))]
    rest = cards[2 * len(sizes):]
    for i, size in enumerate(sizes):
        while rest and len(hands[i]) < size:
            hands[i].append(rest.pop(0))
    hands[0].extend(rest)
    return hands
