"""The contract finder: exact, fewest jokers, then most cards — checked against a brute force."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bruteforce import brute_force
from ladder_rummy import CONTRACTS, JOKER, Card, find_contract, parse_cards
from ladder_rummy.contracts import lightest, satisfies, score


def found(hand: str, step: int) -> list[str] | None:
    melds = find_contract(parse_cards(hand), step)
    return None if melds is None else [str(m) for m in melds]


def test_contracts_are_the_ladder_of_the_rules() -> None:
    words = {s: " + ".join(f"{r.kind} {r.size}" for r in reqs) for s, reqs in CONTRACTS.items()}
    assert words == {
        1: "group 3 + group 3", 2: "group 3 + run 4", 3: "run 4 + run 4", 4: "group 3 + group 3 + group 3",
        5: "group 4 + run 4", 6: "group 3 + group 3 + run 4", 7: "run 7", 8: "group 4 + group 4",
        9: "run 4 + run 6", 10: "group 3 + run 7",
    }


def test_design_example() -> None:
    assert found("7H 7S 7C 9D 9D JK 2C", 1) == ["7C 7H 7S", "9D 9D JK"]


def test_none_when_impossible() -> None:
    assert found("7H 7S 9D 9C 2C 5D KH", 1) is None
    assert found("2H 3H 4H 6S 7S 8S 9C", 3) is None


def test_fewest_jokers_first() -> None:
    # 7s can be made without a joker; the joker stays in hand
    assert found("7H 7S 7C 9D 9D 9S JK", 1) == ["7C 7H 7S", "9D 9D 9S"]


def test_then_most_cards() -> None:
    assert found("4H 5H 6H 7H 8H 9H 2C 2D 2S 2H", 2) == ["2C 2D 2H 2S", "4H 5H 6H 7H 8H 9H"]


def test_two_groups_may_share_a_rank_and_two_runs_a_suit() -> None:
    assert found("7H 7S 7C 7D 7H 7S", 1) is not None
    assert found("2C 3C 4C 5C 7C 8C 9C 10C", 3) == ["2C 3C 4C 5C", "7C 8C 9C 10C"]


def test_joker_frees_a_natural_for_a_group() -> None:
    # the run needs JC as a joker so that both JCs can make the group
    melds = find_contract(parse_cards("8S JK 10S QS JS JK 6S JK 8S 9S JS"), 10)
    assert melds is not None and satisfies(melds, 10)
    assert score(melds) == (3, -10)


def test_aces_at_both_ends() -> None:
    assert found("AH 2H 3H JK QS KS AS 5D", 3) is None  # one joker cannot serve two runs
    melds = find_contract(parse_cards("AH 2H 3H JK QS KS AS JK"), 3)
    assert melds is not None and sorted(str(m) for m in melds) == ["AH 2H 3H JK", "JK QS KS AS"]


def test_acceptable_leftover_is_respected() -> None:
    hand = parse_cards("7H 7S 7C 7D 9D 9D 9S KH")
    taken = Card.parse("KH")

    def not_only_taken(left: Counter[Card]) -> bool:
        return not left or any(c != taken for c in left)

    melds = find_contract(hand, 1, not_only_taken)
    assert melds is not None
    left = Counter(hand)
    for m in melds:
        left.subtract(m.cards)
    assert any(c != taken for c in (+left).elements())
    # without the rule the finder would lay down every card but KH
    assert sum(len(m.cards) for m in find_contract(hand, 1)) == 7
    # and when no arrangement keeps another card, there is none to offer
    assert find_contract(parse_cards("7H 7S 7C 9D 9D 9S KH"), 1, not_only_taken) is None


def _biased_hand(rng: random.Random) -> list[Card]:
    """Hands dense in near cards, with 0-3 jokers and aces at both ends, so contracts are often possible."""
    suits = rng.sample("CDHS", rng.randint(1, 3))
    low = rng.randint(1, 10)
    ranks = list(range(low, min(13, low + rng.randint(3, 8)) + 1)) + ([1] if rng.random() < 0.4 else [])
    pool = [Card(r, s) for r in ranks for s in suits] * 2 + [JOKER] * 3
    return rng.sample(pool, min(11, len(pool)))


def _check_against_brute_force(seed: int, hands: int) -> None:
    rng = random.Random(seed)
    made = 0
    for _ in range(hands):
        hand = _biased_hand(rng)
        step = rng.randint(1, 10)
        melds = find_contract(hand, step)
        expected = brute_force(hand, step)
        got = None if melds is None else (score(melds)[0], -score(melds)[1])
        assert got == expected, f"step {step}, hand {' '.join(map(str, hand))}: finder {got}, brute force {expected}"
        if melds is not None:
            made += 1
            assert satisfies(melds, step)
            assert not Counter(c for m in melds for c in m.cards) - Counter(hand)
    assert made > hands // 5  # the sample really exercises arrangements, not only "impossible"


def test_lightest_breaks_a_tie_by_the_points_left() -> None:
    """The play-test's hand: the finder's order lays the twos with the joker; the Lay down
    button's order (``lightest``) lays the sixes and keeps the twos, 8 points fewer in hand."""
    hand = parse_cards("10C 10D 10S 6D 6S 2C 2H JK")
    assert [str(m) for m in find_contract(hand, 1)] == ["10C 10D 10S", "2C 2H JK"]
    assert [str(m) for m in find_contract(hand, 1, key=lightest)] == ["10C 10D 10S", "6D 6S JK"]


def test_lightest_matches_brute_force() -> None:
    """Fewest jokers, then most cards, then most points laid down: exact, against brute force."""
    rng = random.Random(23)
    made = 0
    for _ in range(500):
        hand = _biased_hand(rng)
        step = rng.randint(1, 10)
        melds = find_contract(hand, step, key=lightest)
        expected = brute_force(hand, step, points=True)
        got = None if melds is None else (lightest(melds)[0], -lightest(melds)[1], -lightest(melds)[2])
        assert got == expected, f"step {step}, hand {' '.join(map(str, hand))}: finder {got}, brute force {expected}"
        if melds is not None:
            made += 1
            assert satisfies(melds, step)
            assert score(melds) == score(find_contract(hand, step))  # only ties are broken differently
    assert made > 100


def test_finder_matches_brute_force() -> None:
    _check_against_brute_force(seed=7, hands=800)


@pytest.mark.slow
def test_finder_matches_brute_force_thousands() -> None:
    _check_against_brute_force(seed=11, hands=1500)
