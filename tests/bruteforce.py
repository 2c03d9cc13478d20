"""An independent, slow contract finder: every subset of the hand, tested card by card.

It shares nothing with the engine's search but the meld rules themselves, which it
re-checks from scratch, so it can catch an arrangement the fast finder misses.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ladder_rummy.cards import Card
from ladder_rummy.contracts import CONTRACTS


def _is_group(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if not c.is_joker]
    return len(cards) >= 3 and len(naturals) >= 2 and len({c.rank for c in naturals}) == 1


def _is_run(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if not c.is_joker]
    if len(cards) < 4 or len(cards) > 13 or len(naturals) < 2 or len({c.suit for c in naturals}) != 1:
        return False
    for high_ace in (False, True):
        positions = sorted(14 if (c.rank == 1 and high_ace) else c.rank for c in naturals)
        if len(set(positions)) != len(positions):
            continue
        span = positions[-1] - positions[0] + 1
        if span <= len(cards) and len(cards) <= 13:
            # jokers fill the gaps and extend beyond either end, within positions 1..14
            lo_room = positions[0] - 1
            hi_room = 14 - positions[-1]
            extra = len(cards) - span
            if extra <= lo_room + hi_room and len(cards) <= 13:
                return True
    return False


def _subsets(indices: list[int]) -> set[int]:
    masks = set()
    for pick in range(1, 1 << len(indices)):
        masks.add(sum(1 << indices[j] for j in range(len(indices)) if pick >> j & 1))
    return masks


def _candidate_masks(hand: Sequence[Card]) -> set[int]:
    """Every subset whose natural cards share a rank or a suit: no other subset can be a meld."""
    jokers = [i for i, c in enumerate(hand) if c.is_joker]
    masks: set[int] = set()
    for key in ({c.rank for c in hand if not c.is_joker} | {c.suit for c in hand if not c.is_joker}):
        same = [i for i, c in enumerate(hand) if not c.is_joker and key in (c.rank, c.suit)]
        masks |= _subsets(same + jokers)
    return masks


def brute_force(hand: Sequence[Card], step: int, points: bool = False) -> tuple[int, ...] | None:
    """(fewest jokers, most cards) over all valid arrangements, or None when there is none;
    with ``points``, (fewest jokers, most cards, most penalty points laid down)."""
    n = len(hand)
    needs = CONTRACTS[step]
    valid: dict[tuple[str, int], list[int]] = {}
    for mask in _candidate_masks(hand):
        cards = [hand[i] for i in range(n) if mask >> i & 1]
        for kind, check in (("group", _is_group), ("run", _is_run)):
            if check(cards):
                valid.setdefault((kind, 0), []).append(mask)

    best: tuple[int, ...] | None = None

    @lru_cache(maxsize=None)
    def jokers_in(mask: int) -> int:
        return sum(1 for i in range(n) if mask >> i & 1 and hand[i].is_joker)

    @lru_cache(maxsize=None)
    def points_in(mask: int) -> int:
        return sum(hand[i].points for i in range(n) if mask >> i & 1)

    def search(i: int, used: int, jokers: int, size: int, laid: int) -> None:
        nonlocal best
        if i == len(needs):
            s = (jokers, -size, -laid) if points else (jokers, -size)
            if best is None or s < best:
                best = s
            return
        need = needs[i]
        for mask in valid.get((need.kind, 0), []):
            if mask & used or bin(mask).count("1") < need.size:
                continue
            search(i + 1, used | mask, jokers + jokers_in(mask), size + bin(mask).count("1"), laid + points_in(mask))

    search(0, 0, 0, 0, 0)
    if best is None:
        return None
    return (best[0], -best[1], -best[2]) if points else (best[0], -best[1])
