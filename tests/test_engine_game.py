"""The game: every rule of RULES.md as a small position and what the engine says about it."""

from __future__ import annotations

import copy
import json

import pytest

from ladder_rummy import (
    Card,
    Draw,
    Game,
    IllegalActionError,
    LayDown,
    ReplayError,
    parse_action,
    parse_cards,
)
from golden_games import random_game
from positions import arrange, fresh


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def refused(game: Game, action: str, reason: str) -> None:
    """The action is refused with a reason naming it, and nothing changes."""
    before = json.dumps([game.view(s) for s in range(4)], sort_keys=True), list(game.log), list(game.stock)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert reason in str(info.value), str(info.value)
    assert str(parse_action(action)) in str(info.value)
    assert info.value.code, "a refusal at the table carries a code the page words (errors.REFUSALS)"
    after = json.dumps([game.view(s) for s in range(4)], sort_keys=True), list(game.log), list(game.stock)
    assert before == after


# ---------------------------------------------------------------- dealing
def test_first_deal() -> None:
    game = Game.new("deal-test")
    assert [len(p.hand) for p in game.players] == [10, 10, 10, 10]
    assert len(game.discard) == 1 and len(game.stock) == 107 - 41
    assert game.current_seat == (game.dealer + 1) % 4
    assert game.phase == "draw" and game.deal == 1
    game.check_invariants()


def test_first_dealer_comes_from_the_seed_and_the_deal_rotates() -> None:
    dealers = {Game.new(f"seed-{i}").dealer for i in range(40)}
    assert dealers == {0, 1, 2, 3}
    game = Game.new("rotate")
    first = game.dealer
    game._end_deal(None)
    assert game.deal == 2 and game.dealer == (first + 1) % 4
    assert game.current_seat == (first + 2) % 4


def test_same_seed_same_deals() -> None:
    a, b = Game.new("same"), Game.new("same")
    assert [p.hand for p in a.players] == [p.hand for p in b.players] and a.stock == b.stock
    assert [p.hand for p in Game.new("other").players] != [p.hand for p in a.players]


def test_deals_do_not_depend_on_play() -> None:
    a, b = Game.new("indep"), Game.new("indep")
    a.apply("draw stock")
    a._end_deal(None)
    b._end_deal(None)
    assert [p.hand for p in a.players] == [p.hand for p in b.players]


# ---------------------------------------------------------------- drawing and the taken card
def test_draw_then_discard_passes_the_turn() -> None:
    game = arrange(fresh(), ["2C 3D 4H 5S 6C 7D 8H 9S 10C JD"] + ["2D 3C 4S 5H 6D 7C 8S 9H 10D JC", "2H 3S 4C 5D 6H 8C 8D 9C 10H QS", "2S 3H 4D 5C 6S 10S JD QC KH AS"],
                   discard="QH", stock_top="KD")
    assert legal(game) == ["draw stock", "draw discard"]
    refused(game, "discard 2C", "draw a card first")
    game.apply("draw stock")
    assert Card.parse("KD") in game.players[0].hand
    refused(game, "draw stock", "already drawn")
    game.apply("discard KD")
    assert game.current_seat == 1 and game.discard[-1] == Card.parse("KD")


def test_taken_card_and_its_twin_cannot_be_discarded() -> None:
    game = arrange(fresh(), ["7H 3D 4H 5S 6C 7D 8H 9S 10C JD"] + ["2D 3C 4S 5H 6D 7C 8S 9H 10D JC", "2H 3S 4C 5D 6H 8C 8D 9C 10H QS", "2S 3H 4D 5C 6S 10S JD QC KH AS"],
                   discard="7H")
    game.apply("draw discard")
    assert game.taken == Card.parse("7H")
    refused(game, "discard 7H", "you took 7H from the discard pile this turn")
    assert "discard 7H" not in legal(game)
    assert game.view(0)["taken"] == "7H"
    game.apply("discard 3D")
    assert game.taken is None


def test_discard_may_not_be_taken_into_a_hand_of_its_copies() -> None:
    game = arrange(fresh(), ["7H", "2D 3C", "4S 5H", "6D 7C"], discard="7H", laid_down=[0, 1, 2, 3],
                   table=[(0, "7C 7D 7S"), (0, "9C 9D 9S")])
    assert legal(game) == ["draw stock"]
    refused(game, "draw discard", "only copies of 7H")


def test_lay_off_that_leaves_only_the_taken_card_is_refused() -> None:
    game = arrange(fresh(), ["KH 9H", "2D 3C", "4S 5H", "6D 7C"], discard="KH", laid_down=[0],
                   table=[(0, "9C 9D 9S"), (0, "KC KD KS")])
    game.apply("draw discard")
    refused(game, "layoff 9H 1", "you would hold only KH")
    assert "layoff 9H 1" not in legal(game)
    game.apply("discard 9H")


def test_lay_off_of_every_card_is_going_out_even_with_the_taken_card() -> None:
    game = arrange(fresh(), ["9H", "2D 3C", "4S 5H", "6D 7C"], discard="KH", laid_down=[0],
                   table=[(0, "9C 9D 9S"), (0, "KC KD KS")])
    game.apply("draw discard")
    game.apply("layoff KH 2")
    game.apply("layoff 9H 1")
    assert game.deal_summaries[-1]["went_out"] == 0


def test_lay_down_that_leaves_only_the_taken_card_is_refused() -> None:
    game = arrange(fresh(), ["7H 7S 7C 9D 9D 9S JK JK KH", "2D 3C", "4S 5H", "6D 7D"], discard="KH")
    game.apply("draw discard")
    refused(game, "laydown 7H 7S 7C JK / 9D 9D 9S JK KH", "not a group: the cards are not all of one rank")
    refused(game, "laydown 7H 7S 7C JK / 9D 9D 9S JK", "you would hold only KH")
    # the finder's arrangement keeps a card other than KH
    assert "laydown" in legal(game)
    game.apply("laydown")
    assert any(c != Card.parse("KH") for c in game.players[0].hand)


# ---------------------------------------------------------------- laying down and off
def test_lay_down_with_the_finder_and_no_lay_off_that_turn() -> None:
    game = arrange(fresh(), ["7H 7S 7C 9D 9D JK 2C 5S 4H KD", "2D 3C 4S 5H 6D 7D 8S 9H 10D JC",
                             "2H 3S 4C 5D 6H 8C 8D 9C 10H QS", "2S 3H 4D 5C 6S 10S JD QC KH AS"],
                   discard="AD", stock_top="3D")
    game.apply("draw stock")
    assert "laydown" in legal(game)
    logged = game.apply("laydown")
    assert str(logged) == "laydown 7C 7H 7S / 9D 9D JK"  # the log keeps the explicit arrangement
    assert [str(m.meld) for m in game.table] == ["7C 7H 7S", "9D 9D JK"]
    assert game.view(0)["laid_down_this_turn"] is True
    assert not any(a.startswith("layoff") for a in legal(game))
    refused(game, "layoff 4H 1", "laid down this turn")
    refused(game, "laydown", "already laid down")
    game.apply("discard KD")


def test_own_arrangement_is_validated() -> None:
    game = arrange(fresh(), ["7H 7S 7C 9D 9D JK 2C 5S 8H KD", "2D 3C", "4S 5H", "6D 7D"], discard="AD",
                   stock_top="8S")
    game.apply("draw stock")
    refused(game, "laydown 7H 7S 7C", "contract 1 is a group of 3 + a group of 3")
    refused(game, "laydown 7H 7S 7C / 9D 9D 9S", "you do not hold 9S")
    refused(game, "laydown 7H 7S 8S / 9D 9D JK", "not all of one rank")
    refused(game, "laydown 7H 7S 7C / 9D 9D JK / 8H 8S JK", "contract 1")
    game.apply("laydown 7H 7S 7C / 9D JK 9D")
    assert [t.meld.stands_for() for t in game.table] == [[None, None, None], [None, "9", None]]


def test_lay_off_on_any_meld_from_the_next_turn() -> None:
    game = arrange(fresh(), ["8D 2C 3C", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="KC",
                   laid_down=[0, 2], table=[(2, "4D 5D 6D 7D"), (0, "QS QH QC")])
    game.apply("draw stock")
    assert "layoff 8D 1" in legal(game) and "layoff KC 1" not in legal(game)
    game.apply("layoff 8D 1")
    assert str(game.table[0].meld) == "4D 5D 6D 7D 8D"
    refused(game, "layoff 2C 2", "does not fit meld 2")
    refused(game, "layoff 2C 9", "no meld 9")


def test_joker_on_a_run_needs_an_end_and_keeps_it() -> None:
    game = arrange(fresh(), ["JK 2C 3C", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="KC",
                   laid_down=[0], table=[(1, "4D 5D 6D 7D"), (1, "QS QH QC")])
    game.apply("draw stock")
    assert {"layoff JK 1 low", "layoff JK 1 high", "layoff JK 2"} <= set(legal(game))
    refused(game, "layoff JK 2 low", "a group: it has no ends")
    game.apply("layoff JK 1 low")
    assert game.table[0].meld.stands_for()[0] == "3D"
    assert game.log[-1] == "layoff JK 1 low"


def test_joker_without_an_end_takes_the_default_and_logs_it() -> None:
    game = arrange(fresh(), ["JK 2C 3C", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="KC",
                   laid_down=[0], table=[(1, "4D 5D 6D 7D")])
    game.apply("draw stock")
    game.apply("layoff JK 1")
    assert game.log[-1] == "layoff JK 1 high"


def test_a_lay_off_event_names_the_side_the_card_went_to_and_what_a_joker_stands_for() -> None:
    """The page draws a lay-off from its event: "layoff 3D 1" leaves the side implicit (the 3
    fits the low end only), and the event still says low; a joker's event says what it stands for."""
    game = arrange(fresh(), ["3D JK 9C 2C", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="KC",
                   laid_down=[0], table=[(1, "4D 5D 6D 7D"), (1, "KS KH KD")])
    game.apply("draw stock")
    game.apply("layoff 3D 1")
    assert game.log[-1] == "layoff 3D 1"
    assert game.events[-1] == {**game.events[-1], "type": "layoff", "card": "3D", "meld": 1, "end": "low"}
    assert "stands_for" not in game.events[-1]
    game.apply("layoff JK 1 high")
    assert game.events[-1] == {**game.events[-1], "card": "JK", "end": "high", "stands_for": "8D"}
    game.apply("layoff KC 2")
    assert game.events[-1] == {**game.events[-1], "card": "KC", "meld": 2, "end": None}


def test_no_lay_off_before_laying_down() -> None:
    game = arrange(fresh(), ["8D 2C 3C", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="KC",
                   laid_down=[2], table=[(2, "4D 5D 6D 7D")])
    game.apply("draw stock")
    refused(game, "layoff 8D 1", "lay down your contract before laying off")


# ---------------------------------------------------------------- going out
def test_going_out_by_discarding_the_last_card() -> None:
    game = arrange(fresh(), ["8D", "2D 3D", "4S 5H QS", "6D 7D JK"], discard="AD", stock_top="QD",
                   laid_down=[0], table=[(0, "QC QH QS")])
    game.apply("draw stock")
    refused(game, "discard QH", "you do not hold QH")
    game.apply("layoff QD 1")
    assert game.current_seat == 0 and game.deal == 1
    game.apply("discard 8D")
    summary = game.deal_summaries[-1]
    assert summary["went_out"] == 0 and summary["reason"] == "out"
    points = {h["seat"]: h["points"] for h in summary["hands"]}
    assert points == {0: 0, 1: 5, 2: 19, 3: 28}
    assert game.deal == 2 and [e["type"] for e in game.events[-4:]] == ["discard", "out", "deal_end", "deal_start"]


def test_going_out_on_the_lay_down_turn() -> None:
    game = arrange(fresh(), ["7H 7S 7C 9D 9D 9S KD", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="9C")
    game.apply("draw stock")
    game.apply("laydown 7H 7S 7C / 9D 9D 9S 9C")
    game.apply("discard KD")
    assert game.deal_summaries[-1]["went_out"] == 0


def test_going_out_by_laying_down_every_card() -> None:
    game = arrange(fresh(), ["7H 7S 7C 9D 9D 9S", "2D 3D", "4S 5H", "6D 7D"], discard="AD", stock_top="9C")
    game.apply("draw stock")
    game.apply("laydown")
    summary = game.deal_summaries[-1]
    assert summary["went_out"] == 0 and summary["hands"][0]["points"] == 0


# ---------------------------------------------------------------- the stock
def test_rebuild_uses_all_but_the_top_discard_and_the_deal_ends_at_the_third_exhaustion() -> None:
    game = arrange(fresh(), ["2C 3C 4C", "2D 3D 4D", "2S 3S 4S", "2H 3H 4H"], stock_size=1)
    seat = game.current_seat
    for exhaustion in (1, 2):
        game.apply("draw stock")
        card = game.players[seat].hand[0]
        top_before = card
        game.apply(f"discard {card}")
        assert game.exhaustions == exhaustion and game.discard == [top_before]
        game.check_invariants()
        # empty the stock into the discard pile's bottom so the next draw exhausts it again
        game.discard = game.stock[:-1] + game.discard
        game.stock = game.stock[-1:]
        seat = game.current_seat
    game.apply("draw stock")
    game.apply(f"discard {game.players[seat].hand[0]}")
    summary = game.deal_summaries[-1]
    assert summary["reason"] == "stock" and summary["went_out"] is None and game.deal == 2


def test_deal_ends_when_the_stock_cannot_be_rebuilt() -> None:
    game = arrange(fresh(), ["2C 3C 4C", "2D 3D 4D", "2S 3S 4S", "2H 3H 4H"], stock_size=1)
    game.discard, game.stock = [], game.discard + game.stock
    extra = game.stock[:-1]
    game.stock = game.stock[-1:]
    game.players[3].hand += extra  # keep all 107 cards somewhere
    game.check_invariants()
    game.apply("draw stock")
    game.apply("discard 2C")
    assert game.deal_summaries[-1]["reason"] == "stock"


# ---------------------------------------------------------------- scoring and the end
def test_everyone_who_laid_down_climbs() -> None:
    game = arrange(fresh(), ["8D", "2D 3D", "4S 5H QS", "6D 7D JK"], discard="AD", stock_top="QD",
                   laid_down=[0, 2], table=[(0, "QC QH QS")])
    game.apply("draw stock")
    game.apply("layoff QD 1")
    game.apply("discard 8D")
    assert [p.step for p in game.players] == [2, 1, 2, 1]
    assert [p.penalty for p in game.players] == [0, 5, 19, 28]
    assert game.history[-1] == [2, 1, 2, 1]


def test_game_ends_after_the_deal_in_which_contract_10_is_laid_down() -> None:
    game = arrange(fresh(), ["8D", "2D 3D", "4S 5H QS", "6D 7D JK"], discard="AD", stock_top="QD",
                   laid_down=[0, 3], steps=[9, 9, 9, 10], table=[(0, "QC QH QS")])
    game.apply("draw stock")
    game.apply("layoff QD 1")
    game.apply("discard 8D")
    assert game.is_over and game.phase == "over" and game.legal_actions() == []
    assert game.standings()[0]["seat"] == 3 and game.standings()[0]["completed"] == 10
    assert [p.step for p in game.players] == [10, 9, 9, 11]
    # Every seat now stands on the step it climbed to: none has laid that one down (the last
    # deal's lay-downs are in its summary), in a seat's view, a computer's and a replay's.
    for view in (game.view(0), game.bot_view(3), game.spectator_view()):
        assert [p["laid_down"] for p in view["players"]] == [False] * 4
    assert [h["laid_down"] for h in game.view(0)["last_deal"]["hands"]] == [True, False, False, True]
    refused(game, "draw stock", "the game is over")
    assert game.events[-1]["type"] == "game_end"


def test_game_ends_after_ten_deals() -> None:
    game = Game.new("ten")
    for _ in range(9):
        game._end_deal(None)
    assert game.deal == 10 and not game.is_over
    game._end_deal(None)
    assert game.is_over and len(game.deal_summaries) == 10


def test_view_says_the_step_each_player_climbs_to() -> None:
    """next_step: the step a completed contract leads to, none past the ladder's top (contract 10
    ends the game); a page-only word, not in a computer's view. An ordinary deal: not the last."""
    game = arrange(fresh(), ["8D", "2D 3D", "4S 5H QS", "6D 7D JK"], discard="AD", stock_top="QD",
                   laid_down=[0], steps=[9, 1, 5, 10], table=[(0, "QC QH QS")])
    for seat in range(4):
        view = game.view(seat)
        assert view["deal"] == 1 and view["final_deal"] is False
        assert [p["next_step"] for p in view["players"]] == [10, 2, 6, None]
        assert all("next_step" not in p for p in game.bot_view(seat)["players"])
        assert "final_deal" not in game.bot_view(seat)


def contract_10_down(seed: str = "rules") -> Game:
    """Seat 3, on step 10, to draw with contract 10 in hand (3 + 7 cards and two more)."""
    return arrange(fresh(seed), ["8D 9C", "2D 3D", "4S 5H QS", "5C 5D 5H 2S 3S 4S 5S 6S 7S 8S KD QH"],
                   discard="AD", stock_top="KC", turn=3, steps=[9, 1, 5, 10])


def test_a_deal_is_the_last_once_anyone_lays_down_contract_10() -> None:
    """RULES: the game ends after the deal in which someone lays down contract 10. From that
    lay-down on every seat's view says it is the last deal, and nobody has a next step; the
    computers' views are unchanged by it."""
    game = contract_10_down()
    assert [game.view(s)["final_deal"] for s in range(4)] == [False] * 4
    assert [p["next_step"] for p in game.view(0)["players"]] == [10, 2, 6, None]
    game.apply("draw stock")
    bot_views = [json.dumps(game.bot_view(s), sort_keys=True) for s in range(4)]
    game.apply("laydown")
    assert game.players[3].laid_down and game.players[3].step == 10 and not game.is_over
    for seat in range(4):
        view = game.view(seat)
        assert view["final_deal"] is True, seat
        assert [p["next_step"] for p in view["players"]] == [None] * 4, seat
        assert "final_deal" not in game.bot_view(seat)
    game.apply("discard KD")
    assert game.current_seat == 0 and game.view(0)["final_deal"] is True
    # The lay-down changed what the computers see only as any lay-down does (table, hand, flag).
    assert [json.dumps(game.bot_view(s), sort_keys=True) for s in range(4)] != bot_views


def test_deal_10_is_the_last_from_its_first_move() -> None:
    """A whole game replayed from its log: deal 9 is an ordinary deal, deal 10 (MAX_DEALS) the
    last from its first move, for every seat, also after a lay-down; once the game is over no
    deal is in play."""
    whole = random_game("golden-1")
    game = Game.new("golden-1")
    seen = {"ordinary": 0, "last": 0, "last, laid down": 0}
    for index, entry in enumerate(whole.log):
        view = game.view(game.current_seat)
        if game.deal < 10:
            assert view["final_deal"] is False
            assert [p["next_step"] for p in view["players"]] == [p.step + 1 for p in game.players]
            seen["ordinary"] += game.deal == 9
        else:
            assert view["deals_max"] == 10 and view["final_deal"] is True
            assert [p["next_step"] for p in view["players"]] == [None] * 4
            assert "final_deal" not in game.bot_view(game.current_seat)
            seen["last, laid down" if any(p.laid_down for p in game.players) else "last"] += 1
        game.apply_logged(index, entry)
    assert all(seen.values()), seen
    assert game.is_over and game.deal == 10
    for seat in range(4):
        view = game.view(seat)
        assert view["game_over"] is True and view["final_deal"] is False
        assert [p["next_step"] for p in view["players"]] == [None] * 4


def test_game_over_after_contract_10_has_no_last_deal_and_no_next_step() -> None:
    game = arrange(fresh(), ["8D", "2D 3D", "4S 5H QS", "6D 7D JK"], discard="AD", stock_top="QD",
                   laid_down=[0, 3], steps=[9, 1, 5, 10], table=[(0, "QC QH QS")])
    assert game.view(0)["final_deal"] is True
    game.apply("draw stock")
    game.apply("layoff QD 1")
    game.apply("discard 8D")  # seat 0 goes out: the deal in which contract 10 was laid down ends
    assert game.is_over
    for seat in range(4):
        view = game.view(seat)
        assert view["final_deal"] is False
        assert [p["next_step"] for p in view["players"]] == [None] * 4


def test_standings_share_tied_places() -> None:
    game = Game.new("ties")
    for p, (step, pen) in zip(game.players, [(3, 40), (3, 40), (4, 90), (1, 0)]):
        p.step, p.penalty = step, pen
    places = {s["seat"]: s["place"] for s in game.standings()}
    assert places == {2: 1, 0: 2, 1: 2, 3: 4}


# ---------------------------------------------------------------- views
def test_view_shows_only_what_the_seat_may_know() -> None:
    game = Game.new("secret")
    seat = game.current_seat
    game.apply("draw stock")
    drawn = str(game.players[seat].hand[-1])
    for viewer in range(4):
        view = game.view(viewer)
        text = json.dumps(view)
        assert view["hand"] == sorted(view["hand"], key=lambda c: view["hand"].index(c))
        assert len(view["hand"]) == len(game.players[viewer].hand)
        assert "stock_cards" not in text and isinstance(view["stock"], int)
        draws = [e for e in view["events"] if e["type"] == "draw"]
        if viewer == seat:
            assert draws[-1]["card"] == drawn
            assert view["legal"]
        else:
            assert all("card" not in e for e in draws if e["source"] == "stock")
            assert view["legal"] == []
        assert set(view) >= {"players", "table", "discard", "turn", "phase", "deal", "events", "last_deal"}


def test_view_is_json_and_lists_canonical_legal_actions() -> None:
    game = Game.new("json")
    view = game.view(game.current_seat)
    assert json.loads(json.dumps(view)) == view
    assert view["legal"] == [str(a) for a in game.legal_actions()]
    for p in view["players"]:
        assert set(p) >= {"seat", "name", "step", "contract", "cards", "laid_down", "penalty"}


def test_the_lay_down_button_leaves_the_fewest_points_and_plain_laydown_is_unchanged() -> None:
    """``laydown_move`` (the page's Lay down button) breaks the finder's tie of jokers and cards
    by the points left in hand; plain ``laydown`` keeps the finder's order, which computer
    players and their recomputed replays rely on. Both are logged written out."""
    others = ["2D 3C 4S 5H 6C 7C 8S 9H 10H JC", "2H 3S 4C 5D 6H 8C 8D 9C 10H QS", "2S 3H 4D 5C 6S 10S JD QC KH AS"]
    position = dict(hands=["10C 10D 10S 6D 6S 2C 2H JK 9H"] + others, discard="QH", stock_top="4C")
    game = arrange(fresh(), **position)  # type: ignore[arg-type]
    assert game.view(0)["laydown_move"] is None  # not before the draw
    game.apply("draw stock")
    view = game.view(0)
    assert view["laydown_move"] == "laydown 10C 10D 10S / 6D 6S JK"
    assert "laydown" in view["legal"] and game.view(1)["laydown_move"] is None
    game.apply(view["laydown_move"])
    assert game.log[-1] == "laydown 10C 10D 10S / 6D 6S JK"
    assert sorted(map(str, game.players[0].hand)) == ["2C", "2H", "4C", "9H"]
    assert game.view(0)["laydown_move"] is None  # laid down
    plain = arrange(fresh(), **position)  # type: ignore[arg-type]
    plain.apply("draw stock")
    plain.apply("laydown")
    assert plain.log[-1] == "laydown 10C 10D 10S / 2C 2H JK"


def test_events_since_the_seat_last_acted() -> None:
    game = Game.new("events")
    first = game.current_seat
    game.apply("draw stock")
    card = game.players[first].hand[0]
    game.apply(f"discard {card}")
    types = [e["type"] for e in game.view(first)["events"]]
    assert types == ["discard"]
    other = (first + 1) % 4
    assert [e["type"] for e in game.view(other)["events"]] == ["deal_start", "draw", "discard"]


# ---------------------------------------------------------------- log and replay
def test_replay_rebuilds_the_game() -> None:
    game = Game.new("replay")
    for _ in range(30):
        action = game.legal_actions()[-1]
        game.apply(action)
    again = Game.replay("replay", game.log)
    assert again.log == game.log and again.view(0) == game.view(0)


def test_bad_log_names_the_first_bad_entry_and_its_index() -> None:
    game = Game.new("badlog")
    game.apply("draw stock")
    log = list(game.log) + ["discard ZZ"]
    with pytest.raises(ReplayError) as info:
        Game.replay("badlog", log)
    assert info.value.index == 1 and "'discard ZZ'" in str(info.value)
    with pytest.raises(ReplayError) as info:
        Game.replay("badlog", ["draw stock", "draw stock"])
    assert info.value.index == 1 and "already drawn" in str(info.value)
    with pytest.raises(ReplayError) as info:
        Game.replay("badlog", ["draw stock", 7])  # type: ignore[list-item]
    assert info.value.index == 1


def test_refused_action_leaves_the_game_unchanged_deep() -> None:
    game = Game.new("unchanged")
    snapshot = copy.deepcopy(game.__dict__)
    with pytest.raises(IllegalActionError):
        game.apply("discard JK")
    assert game.__dict__.keys() == snapshot.keys()
    assert game.log == snapshot["log"] and game.stock == snapshot["stock"]


def test_legal_actions_round_trip_through_their_strings() -> None:
    game = Game.new("roundtrip")
    assert all(parse_action(str(a)) == a for a in game.legal_actions())
    assert Draw("stock") in game.legal_actions() and LayDown(None) not in game.legal_actions()
    assert parse_cards("JK")[0].is_joker


def test_each_seat_says_whether_its_last_discard_is_still_in_the_pile() -> None:
    """`discard_on_pile`: true from a seat's discard until the next seat takes that card or a
    rebuild shuffles it into the stock (the page fades the seat's chip by it; a twin left in the
    pile makes the pile alone unable to say). Random games, so takes and rebuilds both happen."""
    import random

    seen = {"taken": 0, "rebuilt": 0, "twin": 0}
    for n in range(6):
        rng = random.Random(n)
        game = Game.new(f"on-pile-{n}")
        while not game.is_over and game.deal == 1:
            seat, deal, events = game.current_seat, game.deal, len(game.events)
            previous = (seat - 1) % 4
            before = game.view(0)["players"]
            action = rng.choice(game.legal_actions())
            game.apply(action)
            if game.deal != deal:
                break
            players = game.view(0)["players"]
            for p in players:  # never claimed for a card that is not there
                assert not p["discard_on_pile"] or p["discarded"][-1] in [str(c) for c in game.discard]
            if isinstance(action, Draw) and action.source == "discard" and before[previous]["discarded"]:
                assert players[previous]["discard_on_pile"] is False
                seen["taken"] += 1
                seen["twin"] += players[previous]["discarded"][-1] in [str(c) for c in game.discard]
            elif str(action).startswith("discard"):
                assert players[seat]["discard_on_pile"] is True
            if any(e["type"] == "rebuild" for e in game.events[events:]):
                top_owner = seat  # the seat that just discarded the card left on the pile
                assert [p["seat"] for p in players if p["discard_on_pile"]] in ([], [top_owner])
                seen["rebuilt"] += 1
    assert seen["taken"] and seen["rebuilt"], seen
