"""Cards: parsing, printing, the deck, penalty points."""

from __future__ import annotations

from collections import Counter

import pytest

from ladder_rummy import Card, InvalidCardError, format_cards, new_deck, parse_cards
from ladder_rummy.cards import hand_points


def test_deck_has_107_cards_two_of_each_natural_and_three_jokers() -> None:
    deck = new_deck()
    assert len(deck) == 107
    counts = Counter(deck)
    assert counts[Card.parse("JK")] == 3
    assert all(n == 2 for card, n in counts.items() if not card.is_joker)
    assert len(counts) == 53


@pytest.mark.parametrize("text,expected", [
    ("7H", "7H"), ("10S", "10S"), ("TS", "10S"), ("qc", "QC"), ("  ad ", "AD"), ("jk", "JK"), ("Kd", "KD"),
])
def test_parse_and_print(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_every_card_round_trips() -> None:
    for card in set(new_deck()):
        assert Card.parse(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card


def test_parse_cards_accepts_spaces_and_commas() -> None:
    assert format_cards(parse_cards(" 7h,  10s  JK ")) == "7H 10S JK"


@pytest.mark.parametrize("text,bad,position", [
    ("7H 1H", "1H", 2), ("7X", "7X", 1), ("7H QC 11D", "11D", 3), ("J", "J", 1), ("AH ZZ", "ZZ", 2),
])
def test_bad_card_names_the_string_and_its_position(text: str, bad: str, position: int) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(text)
    assert repr(bad) in str(info.value) and f"position {position}" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_penalty_points() -> None:
    assert [c.points for c in parse_cards("2C 9D 10H JS QC KD AH JK")] == [2, 9, 10, 10, 10, 10, 15, 15]
    assert hand_points(parse_cards("AH JK 5C")) == 35


def test_two_copies_are_equal_values() -> None:
    assert Card.parse("7H") == Card.parse("7h") and hash(Card.parse("7H")) == hash(Card(7, "H"))
