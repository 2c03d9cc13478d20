"""The adapter: JSON in, JSON out; bad input gets a clear error and changes nothing."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from ladder_rummy import __version__, adapter
from ladder_rummy.cards import JOKER, parse_cards
from ladder_rummy.seeds import daily_seed, today_utc


def call(fn: Any, *args: Any) -> dict[str, Any]:
    return json.loads(fn(*args))


def test_daily_is_the_same_for_everyone() -> None:
    a = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
    b = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
    assert a["ok"] and a["view"] == b["view"]
    assert a["save"]["seed"] == daily_seed("2026-11-29") and a["save"]["difficulty"] == "normal"
    assert a["view"]["turn"] == 0  # the computers have played up to the person's turn


def test_new_game_and_act_and_resume() -> None:
    start = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "easy", "seed": "adapter-1"}))
    assert start["save"]["mode"] == "new" and start["save"]["difficulty"] == "easy"
    moved = call(adapter.act, "draw stock")
    assert moved["ok"] and moved["view"]["phase"] == "play" and moved["save"]["log"][-1] == "draw stock"
    again = call(adapter.resume, json.dumps(moved["save"]))
    assert again["view"] == moved["view"]


def test_refused_action_changes_nothing() -> None:
    call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "adapter-2"}))
    before = call(adapter.current)
    for bad in ["discard KS", "fly away", "layoff 9X 1", ""]:
        answer = call(adapter.act, bad)
        assert not answer["ok"] and answer["error"]
    assert call(adapter.current) == before


def test_bad_arguments_and_saves_are_named() -> None:
    assert "mode" in call(adapter.new_game, json.dumps({"mode": "weekly"}))["error"]
    assert "difficulty" in call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "brutal"}))["error"]
    assert "date" in call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-13-45"}))["error"]
    assert "JSON" in call(adapter.resume, "{oops")["error"]
    assert "format" in call(adapter.resume, json.dumps({"format": 9}))["error"]
    foreign = {"format": 1, "mode": "daily", "date": "2026-11-29", "seed": "daily-2026-11-28", "log": []}
    assert "do not match" in call(adapter.resume, json.dumps(foreign))["error"]
    broken = {"format": 1, "mode": "new", "seed": "x", "difficulty": "normal", "log": ["draw stock", "draw stock"]}
    assert "log entry 1" in call(adapter.resume, json.dumps(broken))["error"]


def test_hints_and_progress_in_new_game_only() -> None:
    new = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "hint-1"}))
    assert new["view"]["hints"] is True
    progress = new["view"]["progress"]
    assert progress["missing"] >= 0 and progress["text"] and len(progress["melds"]) == 2
    suggestion = call(adapter.hint)
    assert suggestion["ok"] and suggestion["hint"] in new["view"]["legal"]
    assert call(adapter.current) == call(adapter.current)  # asking for a hint changes nothing
    daily = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
    assert daily["view"]["hints"] is False and daily["view"]["progress"] is None
    refused = call(adapter.hint)
    assert not refused["ok"] and "Daily" in refused["error"]


def test_a_deal_that_ends_in_the_computers_turns_says_what_the_person_lacked_then() -> None:
    """The view after such turns is the next deal's: ``ended_progress`` is the panel's line for the
    hand the person kept (the panel went blank through those turns, a play-test), and only then."""
    from ladder_rummy.evaluate import progress

    for n in range(30):
        answer = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "easy", "seed": f"ended-{n}"}))
        while not answer["view"]["game_over"]:
            assert answer["view"]["ended_progress"] is None or any(e["type"] == "deal_end" for e in answer["view"]["events"])
            end = next((e for e in answer["view"]["events"] if e["type"] == "deal_end"), None)
            mine = end and next(h for h in end["hands"] if h["seat"] == 0)
            if mine and not mine["laid_down"] and end["went_out"] not in (0, None):
                ended = answer["view"]["ended_progress"]
                assert ended["missing"] == progress(parse_cards(mine["cards"]), mine["step_before"]).missing
                assert ended["missing"] > 0 and answer["view"]["deal"] == end["deal"] + 1
                resumed = call(adapter.resume, json.dumps(answer["save"]))
                assert resumed["view"]["ended_progress"] is None  # a page reloaded since: not known, not guessed
                daily = call(adapter.new_game, json.dumps({"mode": "daily", "date": "2026-11-29"}))
                assert daily["view"]["ended_progress"] is None  # no line in a Daily
                return
            answer = call(adapter.act, call(adapter.hint)["hint"])
    raise AssertionError("no deal ended with the person not down")


def after_replacing(view: dict, top: dict) -> int:
    """The cards to go once ``top["card"]`` is taken and ``top["instead"]`` let go, worth more points."""
    from ladder_rummy.cards import Card
    from ladder_rummy.evaluate import progress

    hand = [Card.parse(card) for card in view["hand"]]
    instead, card = Card.parse(top["instead"]), Card.parse(top["card"])
    assert instead in hand and not instead.is_joker and instead.points > card.points
    hand.remove(instead)
    return progress([*hand, card], view["players"][0]["step"]).missing


def test_a_hinted_draw_says_what_the_top_discard_would_do() -> None:
    """The hint's ``top`` facts are what taking the card then does: the contract panel's count
    after it is taken is ``with``, and once down it can be laid off exactly when ``fits``."""
    seen: set[str] = set()
    for seed in ("hint-draw-1", "hint-draw-2", "hint-draw-3", "x6"):  # x6: two cards taken to stand in for one of more points
        call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": seed}))
        for _ in range(400):
            view = call(adapter.current)["view"]
            if view["game_over"] or view["turn"] != 0:
                break
            suggestion = call(adapter.hint)
            top = suggestion["top"]
            if not suggestion["hint"].startswith("draw"):
                assert top is None
            else:
                assert top["card"] == view["discard"][-1]
                down = view["players"][0]["laid_down"]
                if not down:
                    assert top["now"] == view["progress"]["missing"] and top["with"] <= top["now"]
            after = call(adapter.act, suggestion["hint"])
            assert after["ok"], after
            if suggestion["hint"] == "draw discard" and not down:
                assert after["view"]["progress"]["missing"] == top["with"]
                seen.add("closer" if top["with"] < top["now"] else "more" if top["more"] else "instead" if top["instead"] else "same")
                if top["instead"]:  # a held card worth more, which the taken card replaces no further from the contract
                    assert top["with"] == top["now"] and not top["more"]
                    assert after_replacing(view, top) <= top["now"]
            elif suggestion["hint"] == "draw discard":
                lay_offs = [move for move in after["view"]["legal"] if move.startswith(f"layoff {top['card']} ")]
                assert bool(lay_offs) == top["fits"]
                seen.add("fits")
            elif suggestion["hint"] == "draw stock":
                seen.add("stock down" if down else "stock")
                if not down and top["with"] < top["now"]:  # a closer card left: the page says so when it leaves fewer outs
                    assert not (top["fewer"] and top["more"]), top
                    seen.add("left closer, fewer outs" if top["fewer"] else "left closer")
    assert {"closer", "more", "instead", "stock", "stock down", "left closer, fewer outs"} <= seen, seen


def test_a_hinted_discard_says_why_a_card_worth_more_stays() -> None:
    """``kept`` names the card of most points the person could throw instead, with a fact that
    holds of it: the contract lacks more without it, more cards help with it, or (once down) it
    fits a meld or would after one card at a run's end, or a rival not yet down whose contract
    has a group took a card of its rank; never a joker, never a card worth less."""
    from ladder_rummy.contracts import CONTRACTS
    from ladder_rummy.evaluate import progress

    seen: set[str] = set()
    for n in range(6):
        answer = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "easy", "seed": f"kept-{n}"}))
        for _ in range(400):
            view = answer["view"]
            if view["game_over"]:
                break
            suggestion = call(adapter.hint)  # the person plays as the hints say
            kept = suggestion["kept"]
            if not suggestion["hint"].startswith("discard "):
                assert kept is None
            elif kept:
                thrown, card = parse_cards(suggestion["hint"].split()[1] + " " + kept["card"])
                assert card.points > thrown.points and not card.is_joker and f"discard {kept['card']}" in view["legal"]
                hand = parse_cards(" ".join(view["hand"]))
                step = view["players"][0]["step"]
                without = lambda c: progress([h for i, h in enumerate(hand) if i != hand.index(c)], step)
                if kept["why"] == "needed":
                    assert without(card).missing > without(thrown).missing
                elif kept["why"] == "outs":
                    assert without(card).missing == without(thrown).missing and len(without(thrown).outs) > len(without(card).outs)
                elif kept["why"] == "collects":
                    rival = view["players"][kept["seat"]]
                    assert kept["seat"] != 0 and not rival["laid_down"] and any(r.kind == "group" for r in CONTRACTS[rival["step"]])
                    assert card.rank in {c.rank for c in parse_cards(" ".join(rival["picked"]))}
                else:
                    assert view["players"][0]["laid_down"] and kept["why"] in ("fits", "near")
                seen.add(kept["why"])
            answer = call(adapter.act, suggestion["hint"])
    assert {"needed", "outs", "near", "collects"} <= seen, seen


def test_a_new_game_never_deals_a_dailys_seed() -> None:
    """Today's and tomorrow's Dailies cannot be rehearsed as New Games with hints on (a link
    ``?seed=daily-…``); a seed that only looks like one is a seed like any other."""
    for seed in (daily_seed("2026-12-04"), daily_seed("2026-12-05"), daily_seed("2020-01-01")):
        answer = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": seed})))
        assert not answer["ok"] and seed in answer["error"] and "Daily" in answer["error"], answer
        for moves in (["draw stock"], None):  # a long link and a short one
            challenge = json.loads(adapter.challenge(json.dumps({"seed": seed, "difficulty": "normal", "engine": __version__, "moves": moves})))
            assert not challenge["ok"] and challenge["code"] == "challenge_game" and "Daily" in challenge["error"], challenge
    for seed in ("Daily-2026-12-04", "daily-2026-13-01", "daily-fun"):
        assert json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": seed})))["ok"]


def test_a_save_that_plays_a_daily_it_may_not_is_refused() -> None:
    """A hand-edited save cannot resume tomorrow's Daily, nor deal a Daily as a New Game."""
    tomorrow = (today_utc() + timedelta(days=1)).isoformat()
    daily = {"format": 1, "mode": "daily", "date": tomorrow, "seed": daily_seed(tomorrow), "difficulty": "normal", "log": []}
    answer = json.loads(adapter.resume(json.dumps(daily)))
    assert not answer["ok"] and tomorrow in answer["error"] and "not begun" in answer["error"], answer
    today = today_utc().isoformat()
    new = {**daily, "mode": "new", "date": None, "seed": daily_seed(today)}
    answer = json.loads(adapter.resume(json.dumps(new)))
    assert not answer["ok"] and "a Daily's" in answer["error"], answer
    assert json.loads(adapter.resume(json.dumps({**daily, "date": today, "seed": daily_seed(today)})))["ok"]


def test_a_challenge_of_a_version_this_engine_does_not_know_is_said_apart() -> None:
    """A newer page may replay it: not "the link was changed" (code engine_version, as resume says)."""
    for moves in (["draw stock"], None):
        answer = json.loads(adapter.challenge(json.dumps({"seed": "s", "difficulty": "normal", "engine": "9.9.9", "moves": moves})))
        assert answer == {"ok": False, "code": "engine_version", "saved_by": "9.9.9",
                          "error": "this challenge was played by engine '9.9.9', which this engine cannot replay"}
    short = json.loads(adapter.challenge(json.dumps({"seed": "s", "difficulty": "normal", "engine": __version__, "moves": None})))
    assert short == {"ok": True, "result": None, "log": None}
    bad = json.loads(adapter.challenge(json.dumps({"seed": "s", "difficulty": "insane", "engine": __version__, "moves": None})))
    assert bad["code"] == "challenge_game" and "insane" in bad["error"]


def test_check_judges_an_action_without_playing_it() -> None:
    """``check`` answers as ``act`` would, and changes nothing: the Arrange panel asks it as its slots fill."""
    call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "adapter-check"}))
    before = call(adapter.current)
    assert call(adapter.check, "draw stock") == {"ok": True, "action": "draw stock"}
    early = call(adapter.check, "laydown 7H 7S 7C / 8H 8S 8C")
    assert early["code"] == "draw_first" and early == call(adapter.act, "laydown 7H 7S 7C / 8H 8S 8C")
    assert call(adapter.check, "fly away")["code"] == "notation"
    assert "text" in call(adapter.check, 5)["error"]
    assert call(adapter.current) == before
    hand = call(adapter.act, "draw stock")["view"]["hand"]
    drawn = call(adapter.current)
    wrong = f"laydown {' '.join(hand[:3])} / {' '.join(hand[3:6])}"
    refused = call(adapter.check, wrong)  # JC AD 2D is no group
    assert refused["code"] == "meld_ranks" and refused == call(adapter.act, wrong)  # word for word
    assert call(adapter.current) == drawn
    right = "laydown 3H 3H JK / KH KS JK"
    assert call(adapter.check, right) == {"ok": False, "error": call(adapter.act, right)["error"],
                                          "code": "too_few", "params": {"card": "JK", "held": 1, "used": 2}}
    call(adapter.resume, json.dumps(drawn["save"]))
    assert call(adapter.check, f"discard {hand[0]}") == {"ok": True, "action": f"discard {hand[0]}"}
    assert call(adapter.current) == drawn


def test_check_slots_judges_each_meld_of_the_contract_alone() -> None:
    """Each Arrange slot is judged as its meld of the contract (kind and least size); bad input is named."""
    call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "adapter-check"}))
    before = call(adapter.current)
    assert before["view"]["players"][0]["contract"] == [{"kind": "group", "size": 3}, {"kind": "group", "size": 3}]
    answer = call(adapter.check_slots, json.dumps({"slots": ["3H 3H JK", "KH KS"]}))
    assert answer["slots"][0] == {"ok": True, "cards": "3H 3H JK", "stands_for": [None, None, "3"]}
    assert answer["slots"][1]["code"] == "meld_short_group" and answer["slots"][1]["params"] == {"cards": "KH KS", "size": 3}
    assert call(adapter.check_slots, json.dumps({"slots": ["4D 5D 6D", ""]}))["slots"][0]["code"] == "meld_ranks"
    assert "not a card" in call(adapter.check_slots, json.dumps({"slots": ["3H 3X JK", ""]}))["slots"][0]["error"]
    for bad in [json.dumps({"slots": ["3H 3H JK"]}), json.dumps({"slots": [1, 2]}), json.dumps({}), "[1]", "{oops"]:
        assert not call(adapter.check_slots, bad)["ok"]
    assert call(adapter.current) == before


def test_a_run_slot_filled_in_any_order_holds_its_run_written_low_to_high() -> None:
    """A play-test tapped K♦ Q♦ J♦ 10♦ into a run's slot and was told they were out of order,
    another 5♣ 4♣ 7♣ 6♣: a slot reads a run in any order and answers the meld as the notation
    writes it, which stays low to high (a lay-down written high to low is still refused)."""
    from ladder_rummy.errors import InvalidMeldError
    from ladder_rummy.melds import Meld

    call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "adapter-check"}))
    adapter._match().game.players[0].step = 3  # two runs of 4
    before = call(adapter.current)
    answer = call(adapter.check_slots, json.dumps({"slots": ["KD QD JD 10D", "8H JK 6H 5H"]}))
    assert answer["slots"] == [{"ok": True, "cards": "10D JD QD KD", "stands_for": [None] * 4},
                               {"ok": True, "cards": "5H 6H JK 8H", "stands_for": [None, None, "7H", None]}]
    assert call(adapter.check_slots, json.dumps({"slots": ["AD KD QD JD", "10D JD QD KD"]}))["slots"][0]["cards"] == "JD QD KD AD"
    # Tapped in no order: put in order, the jokers in the gaps, then at the high end.
    jumbled = call(adapter.check_slots, json.dumps({"slots": ["5C 4C 7C 6C", "QD AD JK JK"]}))["slots"]
    assert [slot["cards"] for slot in jumbled] == ["4C 5C 6C 7C", "JK QD JK AD"]
    assert jumbled[1]["stands_for"] == ["JD", None, "KD", None]
    # A joker tapped before the natural cards goes low, one tapped among or after them high.
    assert call(adapter.check_slots, json.dumps({"slots": ["JK 5C 7C 6C", ""]}))["slots"][0]["cards"] == "JK 5C 6C 7C"
    assert call(adapter.check_slots, json.dumps({"slots": ["5C JK 7C 6C", ""]}))["slots"][0]["cards"] == "5C 6C 7C JK"
    gap = call(adapter.check_slots, json.dumps({"slots": ["8H 7H 6H 4H", "2D AD KD QD"]}))["slots"]
    assert gap[0]["code"] == "meld_gap" and gap[0]["params"]["missing"] == "5H"  # the card missing, not the order
    assert gap[1]["code"] == "slot_no_run"  # no run in any order (the ace is low or high, never both)
    with pytest.raises(InvalidMeldError):
        Meld.parse("KD QD JD 10D")
    assert call(adapter.current) == before


def test_a_slot_is_judged_against_its_own_size() -> None:
    """A group of 3 is a meld, but not the contract's group of 4: the slot says so by the size it asks for."""
    from ladder_rummy.cards import parse_cards
    from ladder_rummy.contracts import Requirement, meld_for
    from ladder_rummy.errors import InvalidMeldError

    assert meld_for(parse_cards("7H 7S 7C 7D"), Requirement("group", 4)).kind == "group"
    with pytest.raises(InvalidMeldError) as refused:
        meld_for(parse_cards("7H 7S 7C"), Requirement("group", 4))
    assert refused.value.code == "meld_short_group" and refused.value.params == {"cards": "7H 7S 7C", "size": 4}
    assert meld_for(parse_cards("4D 5D JK 7D"), Requirement("run", 4)).kind == "run"


def test_the_contract_panel_stops_offering_a_joker_once_none_can_come() -> None:
    """A joker on the table stays there all deal: with every joker there (or in the person's
    hand) the panel's progress no longer offers one (a play-test read "one more 2 or a joker")."""
    from ladder_rummy.game import TableMeld
    from ladder_rummy.melds import Meld

    call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "adapter-check"}))
    shown = call(adapter.current)["view"]["progress"]
    assert any("JK" in meld["options"] for meld in shown["melds"]) and "JK" in shown["outs"]
    game = adapter._match().game
    held = game.players[0].hand.count(JOKER)
    melds = [Meld.from_cards(parse_cards(text)) for text in ("5C 5D JK", "6C 6D JK", "7C 7D JK")[held:]]
    game.table = [TableMeld(n + 1, 1, meld) for n, meld in enumerate(melds)]
    game._version += 1  # the view is cached by version
    shown = call(adapter.current)["view"]["progress"]
    assert all("JK" not in meld["options"] for meld in shown["melds"]) and "JK" not in shown["outs"], shown
    game.table = game.table[1:] if melds else game.table
    game._version += 1
    if melds:  # one joker still to come: offered again
        assert "JK" in call(adapter.current)["view"]["progress"]["outs"]


def test_a_past_daily_has_hints_and_today_s_never() -> None:
    """A Daily started after its day (``past``) is never sent to the leaderboard: it has a New
    Game's hints and contract panel, and says so in its save, which resumes with them. ``past``
    is refused for today's Daily (the one that counts), for a New Game, and when not a bool."""
    gone = (today_utc() - timedelta(days=3)).isoformat()
    past = call(adapter.new_game, json.dumps({"mode": "daily", "date": gone, "past": True}))
    assert past["view"]["hints"] is True and past["view"]["progress"] is not None
    assert past["save"]["past"] is True and call(adapter.hint)["ok"]
    played = call(adapter.act, past["view"]["legal"][0])
    resumed = call(adapter.resume, json.dumps(played["save"]))
    assert resumed["view"]["hints"] is True and resumed["save"] == played["save"]
    same_day = call(adapter.new_game, json.dumps({"mode": "daily", "date": gone}))
    assert same_day["view"]["hints"] is False and "past" not in same_day["save"]
    assert not call(adapter.hint)["ok"]
    today = today_utc().isoformat()
    for args in ({"mode": "daily", "date": today, "past": True}, {"mode": "new", "difficulty": "easy", "past": True},
                 {"mode": "daily", "date": gone, "past": "yes"}):
        refused = call(adapter.new_game, json.dumps(args))
        assert not refused["ok"] and "past" in refused["error"], refused
    assert call(adapter.current)["save"] == same_day["save"]  # a refused start changes nothing
    counted = call(adapter.new_game, json.dumps({"mode": "daily", "date": today}))["save"]
    refused = call(adapter.resume, json.dumps({**counted, "past": True}))
    assert not refused["ok"] and "not before today" in refused["error"]
