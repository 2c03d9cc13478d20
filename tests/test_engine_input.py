"""Bad input anywhere in the engine: its own ValueError subclasses, naming the input.

Cards, actions, logs, seeds and dates are what the page, a saved game, a link and the
leaderboard endpoint hand the engine; each refusal is a :class:`LadderRummyError` (a
``ValueError``) that says what was wrong, never an ``AttributeError`` or a bare ``ValueError``.
"""

from __future__ import annotations

import random

import pytest

from ladder_rummy import Game, LayDown, parse_action, parse_cards
from ladder_rummy.errors import (
    InvalidActionError,
    InvalidCardError,
    InvalidLogError,
    InvalidSeedError,
    LadderRummyError,
    ReplayError,
)
from ladder_rummy.seeds import parse_date
from positions import arrange, fresh


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("layoff 7H \u00b2", "U+00B2"),  # a superscript two is a digit to str.isdigit, not to int
        ("layoff 7H \u0661", "U+0661"),  # an Arabic-Indic one: once taken as meld 1
        ("layoff 7H " + "9" * 5000, "at most 200 characters"),
        ("layoff 7H 1000", "'1000' is not a meld number"),
        ("layoff 7H 0", "'0' is not a meld number"),
        ("layoff 7H -1", "'-1' is not a meld number"),
        ("DRAW\x1cStock", "U+001C"),  # Python splits on it; the engine no longer does
        ("draw\tstock", "U+0009"),
        ("discard 7H\u200b", "U+200B"),
        ("discard \uff17H", "U+FF17"),  # a full-width 7
    ],
)
def test_bad_action_text_is_refused_naming_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert named in str(info.value)
    assert isinstance(info.value, LadderRummyError) and isinstance(info.value, ValueError)


def test_meld_numbers_are_ascii_digits_up_to_three() -> None:
    assert str(parse_action("layoff 7H 12")) == "layoff 7H 12"
    assert str(parse_action("  LAYOFF  jk  3  Low ")) == "layoff JK 3 low"
    assert parse_action("layoff 7H 007").meld == 7  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("cards", "named"),
    [
        ([None], "position 1 must be text like 7H, not NoneType"),
        (["7H", 7], "position 2 must be text like 7H, not int"),
        (b"7H", "not bytes"),
        (7, "not int"),
        (["7H" * 20], "too long"),
    ],
)
def test_bad_card_lists_are_refused(cards: object, named: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(cards)  # type: ignore[arg-type]
    assert named in str(info.value)


@pytest.mark.parametrize(
    ("log", "error", "named"),
    [
        (None, InvalidLogError, "not NoneType"),
        ("draw stock", InvalidLogError, "not str"),
        (b"draw stock", InvalidLogError, "not bytes"),
        ({"draw stock": 1}, InvalidLogError, "not dict"),
        (42, InvalidLogError, "not int"),
        (["draw stock", None], ReplayError, "log entry 1 ('None'): a log entry must be text"),
        (["draw stock", "layoff 7H \u00b2"], ReplayError, "log entry 1 "),
        (["draw stock", "discard " + "x" * 300], ReplayError, "log entry 1 "),
    ],
)
def test_bad_logs_are_refused_with_the_index_of_the_bad_entry(log: object, error: type, named: str) -> None:
    with pytest.raises(error) as info:
        Game.replay("input-test", log)  # type: ignore[arg-type]
    assert named in str(info.value)
    if error is ReplayError:
        assert info.value.index == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("seed", "named"),
    [
        ("\ud800", "U+D800"),
        ("x" * 201, "1 to 200 characters"),
        ("", "1 to 200 characters"),
        (None, "not NoneType"),
        (1.5, "not float"),
        (True, "not bool"),
        ("a\u202eb", "U+202E"),  # a right-to-left override would show a link's seed as other text
        ("x\x00", "U+0000"),
        ("zero\u200bwidth", "U+200B"),
    ],
)
def test_bad_seeds_are_refused(seed: object, named: str) -> None:
    with pytest.raises(InvalidSeedError) as info:
        Game.new(seed)  # type: ignore[arg-type]
    assert named in str(info.value)


def test_integer_seeds_are_their_text() -> None:
    assert Game.new(42).seed == "42"
    assert Game.new(42).view(0)["hand"] == Game.new("42").view(0)["hand"]


@pytest.mark.parametrize("text", [None, 20261125, "2026-02-30", "x" * 1000, "\ud800"])
def test_bad_dates_are_refused(text: object) -> None:
    with pytest.raises(LadderRummyError, match="is not a date"):
        parse_date(text)  # type: ignore[arg-type]


def test_contract_ready_agrees_with_the_taken_card_rule() -> None:
    """The issue's position: step 4, the hand makes three groups, but taking 9H leaves only 9H 9H."""
    game = arrange(fresh(), ["7H 7S 7C 8D 8C 8H 10S 10D 10C 9H", "2D 3C", "4S 5H", "6D 7D"], discard="9H", steps=[4, 1, 1, 1])
    assert game.view(0)["contract_ready"] is True  # before drawing: a stock draw keeps it layable
    game.apply("draw discard")
    assert LayDown(None) not in game.legal_actions()
    assert game.view(0)["contract_ready"] is False


def test_contract_ready_is_laydown_in_legal_actions_throughout_random_games() -> None:
    rng = random.Random(12)
    checked = 0
    for g in range(6):
        game = Game.new(f"ready-{g}")
        while not game.is_over:
            legal = game.legal_actions()
            seat = game.current_seat
            if game.phase == "play":
                assert game.view(seat)["contract_ready"] == (LayDown(None) in legal), (game.seed, len(game.log))
                checked += 1
            lay = [a for a in legal if isinstance(a, LayDown)]
            game.apply(lay[0] if lay and rng.random() < 0.8 else rng.choice(legal))
    assert checked > 500


def test_meld_order_finder_follows_the_contract_own_arrangement_as_written() -> None:
    """docs/RULINGS.md: the finder lays step 10's group before its run; a player's own
    arrangement keeps the order it was written in (its meld numbers are in the log)."""
    hands = ["3S 4S 5S 6S 7S 8S 9S QC QD QH 2H", "2D 3C", "4S 5H", "6D 7D"]
    game = arrange(fresh(), hands, steps=[10, 1, 1, 1])
    game.apply("draw stock")
    assert str(game.apply("laydown")) == "laydown QC QD QH / 3S 4S 5S 6S 7S 8S 9S"
    assert [tm.meld.kind for tm in game.table] == ["group", "run"]
    own = arrange(fresh(), hands, steps=[10, 1, 1, 1])
    own.apply("draw stock")
    assert str(own.apply("laydown 3S 4S 5S 6S 7S 8S 9S / QC QD QH")) == "laydown 3S 4S 5S 6S 7S 8S 9S / QC QD QH"
    assert [tm.meld.kind for tm in own.table] == ["run", "group"]
