"""Melds: groups, runs, jokers, aces and lay-offs, exactly as RULES.md says."""

from __future__ import annotations

import pytest

from ladder_rummy import Card, InvalidMeldError, Meld, parse_cards


def meld(text: str) -> Meld:
    return Meld.parse(text)


@pytest.mark.parametrize("text", [
    "7H 7S 7C", "7H 7H 7C", "7H 7S JK", "7H JK 7D JK", "KS KH KD KC KS",
])
def test_valid_groups(text: str) -> None:
    assert meld(text).kind == "group"


@pytest.mark.parametrize("text", [
    "AH 2H 3H 4H", "JH QH KH AH", "4D 5D JK 7D", "JK 5D 6D JK", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "JK JK 3C 4C", "9C JK JK QC",
])
def test_valid_runs(text: str) -> None:
    assert meld(text).kind == "run"


@pytest.mark.parametrize("text,why", [
    ("7H 7S", "too short"),
    ("7H JK JK", "two natural"),
    ("7H JK JK JK", "two natural"),
    ("4H 5H 6H", "too short"),
    ("KH AH 2H 3H", "consecutive"),                     # no wrap
    ("QH KH AH 2H", "consecutive"),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "at most 13"),  # both aces
    ("4H 5H 6S 7H", "one suit"),
    ("4H 6H 7H 8H", "skips 5H"),                        # in order, one card missing: named
    ("2H 4H 6H 8H", "skips 3H 5H 7H"),                  # every gap named, not the first alone
    ("4H JK 7H 8H", "consecutive"),                     # a joker in the gap: which card it stands for is not guessed
    ("7H 7S 8C", "one rank"),
    ("5H 4H 3H 2H", "consecutive"),                     # runs are written low to high
])
def test_invalid_melds_say_why(text: str, why: str) -> None:
    with pytest.raises(InvalidMeldError) as info:
        meld(text)
    assert why in str(info.value)


def test_ace_is_low_or_high() -> None:
    assert meld("AH 2H 3H 4H").start == 1
    assert meld("JH QH KH AH").start == 11
    assert meld("JH QH KH AH").end == 14


def test_joker_stands_for_its_position_and_rank() -> None:
    assert meld("4D 5D JK 7D").stands_for() == [None, None, "6D", None]
    assert meld("JK QC KC AC").stands_for() == ["JC", None, None, None]
    assert meld("9S 9H JK").stands_for() == [None, None, "9"]


def test_lay_off_on_groups() -> None:
    group = meld("9S 9H 9D")
    assert group.ends_accepting(Card.parse("9S")) == [None]
    assert group.ends_accepting(Card.parse("JK")) == [None]
    assert group.ends_accepting(Card.parse("8S")) == []
    assert str(group.lay_off(Card.parse("JK"))) == "9S 9H 9D JK"


def test_lay_off_on_run_ends() -> None:
    run = meld("5D 6D 7D 8D")
    assert run.ends_accepting(Card.parse("4D")) == ["low"]
    assert run.ends_accepting(Card.parse("9D")) == ["high"]
    assert run.ends_accepting(Card.parse("9H")) == []
    assert run.ends_accepting(Card.parse("6D")) == []
    assert run.ends_accepting(Card.parse("JK")) == ["low", "high"]
    assert str(run.lay_off(Card.parse("JK"), "low")) == "JK 5D 6D 7D 8D"
    assert run.lay_off(Card.parse("JK"), "low").stands_for()[0] == "4D"


def test_never_past_the_ace() -> None:
    low = meld("AH 2H 3H 4H")
    assert low.ends_accepting(Card.parse("JK")) == ["high"]
    assert low.ends_accepting(Card.parse("KH")) == []
    high = meld("JH QH KH AH")
    assert high.ends_accepting(Card.parse("JK")) == ["low"]
    assert high.ends_accepting(Card.parse("2H")) == []


def test_ace_may_fit_both_ends_of_two_to_king() -> None:
    run = meld("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    assert run.ends_accepting(Card.parse("AC")) == ["low", "high"]
    full = run.lay_off(Card.parse("AC"), "low")
    assert len(full.cards) == 13 and full.ends_accepting(Card.parse("AC")) == []
    assert full.ends_accepting(Card.parse("JK")) == []


def test_joker_keeps_its_place_after_lay_offs() -> None:
    run = meld("4D 5D JK 7D").lay_off(Card.parse("8D")).lay_off(Card.parse("3D"), "low")
    assert run.stands_for() == [None, None, None, "6D", None, None]


def test_lay_off_that_does_not_fit_is_refused() -> None:
    with pytest.raises(InvalidMeldError):
        meld("5D 6D 7D 8D").lay_off(Card.parse("4D"), "high")
    with pytest.raises(InvalidMeldError):
        meld("9S 9H 9D").lay_off(Card.parse("10S"))


def test_cards_parse_helper() -> None:
    assert [str(c) for c in parse_cards("jk 7h")] == ["JK", "7H"]


@pytest.mark.parametrize("tapped,run", [
    ("5C 4C 7C 6C", "4C 5C 6C 7C"),
    ("KD AD QD JD", "JD QD KD AD"),                     # the ace high where low makes no run
    ("3H AH 2H 4H", "AH 2H 3H 4H"),
    ("JK 5C 7C 8C", "5C JK 7C 8C"),                     # a joker fills the gap first
    ("9S JK 8S 10S", "8S 9S 10S JK"),                   # then lengthens the high end
    ("QD AD JK JK", "JK QD JK AD"),                     # at the low end once the high end is the ace
    ("JK 5C 4C 7C 6C", "JK 4C 5C 6C 7C"),               # a joker tapped first goes low
    ("JK JK 6D 5D 4D", "JK JK 4D 5D 6D"),
    ("JK 6D 4D 5D JK", "JK 4D 5D 6D JK"),               # one tapped first, one last
    ("JK AS 3S 2S", "AS 2S 3S JK"),                     # no room below the ace: high
    ("JK 4H 6H 5H", "JK 4H 5H 6H"),
    ("JK 4H 6H 7H", "4H JK 6H 7H"),                     # a gap takes it first
])
def test_a_slots_tapped_cards_put_in_run_order(tapped: str, run: str) -> None:
    from ladder_rummy.cards import format_cards, parse_cards
    from ladder_rummy.melds import run_in_order

    ordered = run_in_order(parse_cards(tapped))
    assert ordered is not None and format_cards(ordered) == run
    assert Meld.run(ordered).kind == "run"


@pytest.mark.parametrize("tapped", ["5C 4C 7C 6C 6C", "4H 7H 6H 9H", "2D AD KD QD", "5C 6D 7C 8C", "JK JK 5C"])
def test_cards_that_make_no_run_in_any_order(tapped: str) -> None:
    from ladder_rummy.cards import parse_cards
    from ladder_rummy.melds import run_in_order

    assert run_in_order(parse_cards(tapped)) is None
