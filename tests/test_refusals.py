"""The engine's refusals carry a code and params, and the page has words for every one.

The engine's messages are English; the page words a refusal in the reader's language from its
code (site/i18n/*.json, ``refusal``). These tests hold the two together: every code the engine
can raise is raised here with exactly the params ``errors.REFUSALS`` lists (by a move refused
in a real position, or where it can only come from: the notation, a computer's turn), and every
language words every code with those params.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ladder_rummy import Game, LadderRummyError, adapter, parse_action
from ladder_rummy.errors import REFUSALS, InvariantError
from ladder_rummy.match import Match
from positions import arrange, fresh

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "tr", "ko")
SPARE_WORDS = {"no_cards", "list_join"}  # the page's own words for a card list

PLAIN = ["2C 3D 4H 5S 6C 7D 8H 9S 10C JD", "2D 3C 4S 5H 6D 7C 8S 9H 10D JC",
         "2H 3S 4C 5D 6H 8C 8D 9C 10H QS", "2S 3H 4D 5C 6S 10S JD QC KH AS"]


def drawn(game: Game, source: str = "stock") -> Game:
    game.apply(f"draw {source}")
    return game


def plain() -> Game:
    """Seat 0 to draw, nothing laid down: the queen of hearts on the discard pile."""
    return arrange(fresh(), PLAIN, discard="QH", stock_top="KD")


def at_step(step: int) -> Game:
    """``plain()`` with seat 0 on contract ``step``, a card drawn."""
    return drawn(arrange(fresh(), PLAIN, discard="QH", stock_top="KD", steps=[step, 1, 1, 1]))


def down(table: str) -> Game:
    """Seat 0 laid down, one meld on the table, a card drawn."""
    return drawn(arrange(fresh(), ["2C 8H 3H", *PLAIN[1:]], discard="QH", stock_top="KD",
                         laid_down=[0], table=[(0, table)]))


def finished() -> Game:
    game = arrange(fresh(), ["8D", "2D 3D", "4S 5H QS", "6D 7D JK"], discard="AD", stock_top="QD",
                   laid_down=[0, 3], steps=[9, 9, 9, 10], table=[(0, "QC QH QS")])
    for move in ("draw stock", "layoff QD 1", "discard 8D"):
        game.apply(move)
    return game


def laid_now() -> Game:
    game = drawn(arrange(fresh(), ["7H 7S 7C 9D 9D 9S JK 2C", *PLAIN[1:]], discard="QH", stock_top="KD",
                         table=[(1, "5H 5D 5S")]))
    game.apply("laydown 7H 7S 7C / 9D 9D 9S")
    return game


# code -> (the position, the action refused there, the params expected)
GAME_CASES: dict[str, tuple[Callable[[], Game], Any, dict[str, Any]]] = {
    "game_over": (finished, "draw stock", {}),
    "not_action": (lambda: drawn(plain()), object(), {}),
    "draw_first": (plain, "discard 2C", {}),
    "drawn_already": (lambda: drawn(plain()), "draw stock", {}),
    "discard_empty": (lambda: arrange(fresh(), PLAIN), "draw discard", {}),
    "only_copies": (lambda: arrange(fresh(), ["7H", "2D 3C", "4S 5H", "6D 7C"], discard="7H", laid_down=[0, 1, 2, 3],
                                    table=[(0, "7C 7D 7S"), (0, "9C 9D 9S")]), "draw discard", {"card": "7H"}),
    "laid_down_already": (lambda: down("5H 5D 5S"), "laydown", {}),
    "contract_not_made": (lambda: drawn(plain()), "laydown", {"step": 1}),
    "contract_is": (lambda: drawn(plain()), "laydown 2C 2D 2H", {"step": 1}),
    "not_held": (lambda: drawn(plain()), "discard AH", {"cards": "AH"}),
    # Held once, used three times: how many, not "you do not hold" a card the hand shows.
    "too_few": (lambda: drawn(plain()), "laydown 6C 6C 6C / 7D 7D 7D", {"card": "6C", "held": 1, "used": 3}),
    "only_taken": (lambda: drawn(arrange(fresh(), ["KH 9H", "2D 3C", "4S 5H", "6D 7C"], discard="KH", laid_down=[0],
                                         table=[(0, "9C 9D 9S"), (0, "KC KD KS")]), "discard"),
                   "layoff 9H 1", {"card": "KH"}),
    "lay_down_first": (lambda: drawn(plain()), "layoff 2C 1", {}),
    "laid_down_now": (laid_now, "layoff 5C 1", {}),
    "no_meld": (lambda: down("5H 5D 5S"), "layoff 2C 4", {"meld": 4}),
    "no_fit": (lambda: down("5H 5D 5S"), "layoff 2C 1", {"card": "2C", "meld": 1}),
    "group_ends": (lambda: down("8H 8D 8S"), "layoff 8H 1 low", {"meld": 1}),
    "no_fit_low": (lambda: down("4H 5H 6H 7H"), "layoff 8H 1 low", {"card": "8H", "meld": 1}),
    "no_fit_high": (lambda: down("4H 5H 6H 7H"), "layoff 3H 1 high", {"card": "3H", "meld": 1}),
    "discard_taken": (lambda: drawn(plain(), "discard"), "discard QH", {"card": "QH"}),
    # Contract 1 is two groups: every meld is read as a group.
    "meld_ranks": (lambda: drawn(plain()), "laydown 2C 3C 4C 5C / 6C 6D 6H", {"cards": "2C 3C 4C 5C"}),
    "meld_short_group": (lambda: drawn(plain()), "laydown 2C 2D / 6C 6D 6H", {"cards": "2C 2D", "size": 3}),
    "meld_naturals": (lambda: drawn(plain()), "laydown JK JK 2C / 6C 6D 6H", {"cards": "JK JK 2C"}),
    # Contract 2 is a group and a run: a meld is a group when its naturals share a rank, else a run.
    "meld_suits": (lambda: at_step(2), "laydown 2C 3D 4H 5S / 6C 6D 6H", {"cards": "2C 3D 4H 5S"}),
    "meld_order": (lambda: at_step(2), "laydown 2C 5C 4C 6C / 6C 6D 6H", {"cards": "2C 5C 4C 6C"}),
    # Cards in order that skip one: the card is named, not the order.
    "meld_gap": (lambda: at_step(2), "laydown 2C 4C 5C 6C / 6C 6D 6H", {"cards": "2C 4C 5C 6C", "missing": "3C"}),
    # The ace's rule is named only when an ace is in the run.
    "meld_order_ace": (lambda: at_step(2), "laydown AC 3C 2C 4C / 6C 6D 6H", {"cards": "AC 3C 2C 4C"}),
    "meld_neither": (lambda: at_step(2), "laydown 2C 3C 4D / 6C 6D 6H", {"cards": "2C 3C 4D", "size": 4}),
    # Contract 3 is two runs, contract 7 one run of seven: every meld is read as a run.
    "meld_short_run": (lambda: at_step(3), "laydown 2C 3C 4C / 6D 7D 8D 9D", {"cards": "2C 3C 4C", "size": 4}),
    "meld_run_long": (lambda: at_step(7), "laydown " + " ".join(["AC", *[f"{r}C" for r in range(2, 11)], "JC", "QC", "KC", "AC"]),
                      {"cards": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "size": 13}),
}


@pytest.mark.parametrize("code", sorted(GAME_CASES))
def test_a_refused_move_names_its_code_and_params_and_changes_nothing(code: str) -> None:
    setup, action, params = GAME_CASES[code]
    game = setup()

    def state() -> tuple[str, list[str], list[str], str]:
        views = json.dumps([game.view(seat) for seat in range(4)], sort_keys=True)
        return views, list(game.log), [str(card) for card in game.stock], str(game.taken)

    before = state()
    with pytest.raises(LadderRummyError) as info:
        game.apply(action)
    assert (info.value.code, info.value.params) == (code, params), str(info.value)
    assert state() == before


def test_the_codes_a_move_in_a_position_does_not_raise() -> None:
    """The notation's codes come from reading the text, before any position; a computer's turn
    is the match's refusal, not the game's; a link's game that cannot be started, the adapter's."""
    reached: dict[str, dict[str, Any]] = {}
    for text in ("laydown 2C 2D 2H / ", "  discard 7X "):
        with pytest.raises(LadderRummyError) as info:
            parse_action(text)
        reached[info.value.code] = info.value.params
    match = Match.against("refusals", "easy")
    match.game.current_seat = 1  # a computer's turn
    with pytest.raises(LadderRummyError) as info:
        match.play_person("draw stock")
    reached[info.value.code] = info.value.params
    # A game a link asks for that cannot be started: the adapter answers with the code.
    for args in ({"mode": "new", "difficulty": "insane"}, {"mode": "new", "seed": "daily-2026-12-04"},
                 {"mode": "new", "seed": "x" * 201}, {"mode": "new", "seed": "a\u202eb"}):
        answer = json.loads(adapter.new_game(json.dumps(args)))
        reached[answer["code"]] = answer["params"]
    # A saved game the page cannot continue: the page says why it set it aside.
    today = adapter.today_utc()
    tomorrow = (today + dt.timedelta(days=1)).isoformat()
    daily = {"format": 1, "mode": "daily", "date": today.isoformat(), "seed": adapter.daily_seed(today.isoformat()), "log": []}
    for save in ({**daily, "format": 2}, {**daily, "seed": None}, {**daily, "seed": "daily-2001-01-01"},
                 {**daily, "date": tomorrow, "seed": adapter.daily_seed(tomorrow)}, {**daily, "past": True}):
        answer = json.loads(adapter.resume(json.dumps(save)))
        assert answer["ok"] is False, save
        reached[answer["code"]] = answer["params"]
    # An Arrange slot's cards that make a run in no order (the slot puts tapped cards in order).
    adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": "refusals"}))
    adapter._match().game.players[0].step = 3  # two runs of 4
    slot = json.loads(adapter.check_slots(json.dumps({"slots": ["5C 4C 7C 6C 6C", ""]})))["slots"][0]
    reached[slot["code"]] = slot["params"]
    assert reached == {
        "slot_no_run": {"cards": "5C 4C 7C 6C 6C"},
        "meld_empty": {}, "not_your_turn": {},
        "notation": {"text": "discard 7X", "detail": "'discard 7X': '7X' at position 1 is not a card (expected e.g. 7H, 10S, QC, AD, JK)"},
        "no_difficulty": {"difficulty": "insane"}, "daily_seed": {"seed": "daily-2026-12-04"},
        "seed_length": {"size": 201}, "seed_hidden": {"char": "U+202E"},
        "save_format": {"format": "2"}, "save_fields": {}, "save_seed": {},
        "save_future": {"date": tomorrow}, "past_only_gone": {},
    }
    assert set(reached) | set(GAME_CASES) == set(REFUSALS), "every code is reached by a test"


def test_a_code_outside_the_registry_is_a_bug() -> None:
    with pytest.raises(InvariantError):
        LadderRummyError("no", "no_such_code")
    with pytest.raises(InvariantError):
        LadderRummyError("you do not hold 7H", "not_held", card="7H")  # the code's param is "cards"


def test_the_adapter_answers_a_refusal_with_its_code_and_params() -> None:
    view = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": "refusals"})))["view"]
    assert view["phase"] == "draw"  # the person's first turn
    missing = next(card for card in ("AH", "AD", "AC", "AS") if card not in view["hand"])
    answer = json.loads(adapter.act(f"layoff {missing} 1"))
    assert answer == {"ok": False, "code": "draw_first", "params": {},
                      "error": f"layoff {missing} 1: draw a card first (from the stock or the discard pile)"}
    hand = json.loads(adapter.act("draw stock"))["view"]["hand"]
    missing = next(card for card in ("AH", "AD", "AC", "AS") if card not in hand)
    answer = json.loads(adapter.act(f"discard {missing}"))
    assert (answer["code"], answer["params"]) == ("not_held", {"cards": missing}), answer
    answer = json.loads(adapter.act("fly away"))
    assert (answer["code"], answer["params"]["text"]) == ("notation", "fly away"), answer
    assert answer["params"]["detail"] == answer["error"] == "'fly away': unknown action 'fly' (expected draw, laydown, layoff or discard)"
    assert json.loads(adapter.hint())["ok"] is True  # the person's turn: a hint, not a refusal


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def refusal_words(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text("utf-8"))["refusal"]


def placeholders(code: str, lang: str) -> set[str]:
    """What a language's sentence for ``code`` fills in: its params, and the contract's words for
    a step. The notation's ``detail`` is English and quotes the text itself: English says the
    detail, the other languages quote the text."""
    params = set(REFUSALS[code]) | ({"contract"} if "step" in REFUSALS[code] else set())
    if "detail" in params:
        return {"detail"} if lang == "en" else params - {"detail"}
    return params


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_words_every_code_with_its_params(lang: str) -> None:
    words = refusal_words(lang)
    assert set(words) == set(REFUSALS) | SPARE_WORDS, lang
    english = refusal_words("en")
    for code in REFUSALS:
        assert set(PLACEHOLDER.findall(words[code])) == placeholders(code, lang), (lang, code, words[code])
        assert lang == "en" or words[code] != english[code], (lang, code, "not translated")
