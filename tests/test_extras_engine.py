"""What the page's statistics, hints and replay viewer take from the engine (issue 7).

The page words the contract panel's "still missing" line from ``view.progress``, suggests the
Normal's move through ``adapter.hint``, tells which deals the person climbed from
``view.history``, and finds where each deal starts in a replay without asking for every frame.
Each of those readings is pinned here against the engine's own answers.
"""

from __future__ import annotations

import json
import random

import pytest

from ladder_rummy import adapter
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.cards import JOKER, new_deck, parse_cards
from ladder_rummy.contracts import CONTRACTS, find_contract
from ladder_rummy.evaluate import progress
from ladder_rummy.game import Game
from ladder_rummy.match import Match, person_and_bots
from ladder_rummy.seeds import daily_seed

GAMES = [("daily", daily_seed("2026-11-29"), "normal"), ("new", "extras-1", "easy")]


@pytest.fixture(scope="module")
def finished() -> list[Game]:
    """Whole games, the person's seat played by the basic player, the others as the mode seats them."""
    games = []
    for _, seed, difficulty in GAMES:
        match = Match(seed, [BasicBot()] + person_and_bots(difficulty)[1:])
        match.advance()
        assert match.game.is_over
        games.append(match.game)
    return games


def page_climbs(history: list[list[int]], completed: int, seat: int) -> list[bool]:
    """site/js/stats.js `climbs`: deal k climbed when its end's contracts reach its starting step."""
    return [
        (history[k + 1][seat] - 1 if k + 1 < len(history) else completed) >= steps[seat]
        for k, steps in enumerate(history)
    ]


def test_climbs_read_from_the_ladder_history_match_the_deal_summaries(finished: list[Game]) -> None:
    """The share text's one symbol per deal: the page's reading of view.history is the engine's truth."""
    for game in finished:
        view = game.view(0)
        for seat, player in enumerate(view["players"]):
            truth = [next(h for h in s["hands"] if h["seat"] == seat)["climbed"] for s in game.deal_summaries]
            assert page_climbs(view["history"], player["completed"], seat) == truth, (game.seed, seat)


def is_deal_start(frame: dict, index: int) -> bool:
    """site/js/replay.js `isDealStart`: someone to draw, and nobody has discarded in this deal yet."""
    return index > 0 and not frame["game_over"] and frame["phase"] == "draw" and all(not p["discarded"] for p in frame["players"])


def test_replay_frames_deals_only_go_up_and_each_starts_where_nobody_has_discarded(finished: list[Game]) -> None:
    """The viewer's deal jumps (a binary search on frame.deal) and its deal summaries rely on both."""
    for game in finished:
        replayed = Game.new(game.seed)
        previous = replayed.spectator_view()
        for index, entry in enumerate(game.log, start=1):
            replayed.apply_logged(index - 1, entry)
            frame = replayed.spectator_view()
            assert frame["deal"] >= previous["deal"]
            assert is_deal_start(frame, index) == (frame["deal"] != previous["deal"]), (game.seed, index)
            previous = frame
        assert previous["game_over"]


def test_progress_gives_every_part_the_page_words(finished: list[Game]) -> None:
    """Random hands on every step: what a meld lacks, and which cards would help, are all there."""
    rng = random.Random(7)
    deck = list(new_deck())
    for trial in range(300):
        step = trial % 10 + 1
        hand = rng.sample(deck, rng.choice([10, 11]))
        answer = progress(hand, step).to_json()
        assert answer["ready"] == (answer["missing"] == 0) == (find_contract(hand, step) is not None)
        assert [(m["kind"], m["size"]) for m in answer["melds"]] == [(r.kind, r.size) for r in CONTRACTS[step]]
        for meld in answer["melds"]:
            if not meld["missing"]:
                continue
            assert meld["options"], (hand, step, meld)
            naturals = [c for c in meld["options"] if c != str(JOKER)]
            if meld["kind"] == "group" and meld["rank"]:
                assert all(c[:-1] == meld["rank"] for c in naturals)
            if meld["kind"] == "run" and meld["suit"]:
                assert meld["low"] and meld["high"] and all(c[-1] == meld["suit"] for c in naturals)


def call(function, *args) -> dict:
    return json.loads(function(*args))


def test_following_every_hint_plays_a_game_the_engine_accepts() -> None:
    """The hint button's move is always one the engine takes, from the first turn to the end."""
    answer = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "easy", "seed": "extras-hints"}))
    moves = 0
    while not answer["view"]["game_over"]:
        view = answer["view"]
        assert view["hints"] is True and (view["progress"] is None) == view["players"][0]["laid_down"]
        suggestion = call(adapter.hint)
        assert suggestion["ok"], suggestion
        answer = call(adapter.act, suggestion["hint"])
        assert answer["ok"], (suggestion, answer)
        moves += 1
    assert moves > 20
    assert not call(adapter.hint)["ok"]  # the game is over: nothing to suggest


def test_the_hint_is_this_engines_normal_not_the_strong_player_of_1_0_0() -> None:
    """The hint button asks Normal, which weighs what a discard hands a down rival; engine
    1.0.0's strong player (which fed such rivals 0.36 times a game) answered before. Following
    the hints through a game, each is Normal's move from the person's seat, and some differ from
    what the strong player would have said."""
    from ladder_rummy.bots import make_bot
    from ladder_rummy.seeds import derive

    answer = call(adapter.new_game, json.dumps({"mode": "new", "difficulty": "normal", "seed": "hint-normal"}))
    differ = 0
    while not answer["view"]["game_over"]:
        game = adapter._match().game
        view, legal, rng = game.bot_view(0), game.legal_actions(), lambda: derive(game.seed, "hint", len(game.log))
        answer_hint = call(adapter.hint)
        suggestion = answer_hint["hint"]
        assert suggestion == str(make_bot("normal").choose(view, legal, rng()))
        # a discard before the person is down carries the cards to go with the card and without it
        me = game.players[0]
        if suggestion.startswith("discard ") and not me.laid_down:
            left = list(me.hand)
            left.remove(parse_cards(suggestion.split()[1])[0])
            assert answer_hint["missing"] == {"now": answer["view"]["progress"]["missing"], "after": progress(left, me.step).missing}
        else:
            assert answer_hint["missing"] is None
        differ += suggestion != str(make_bot("strong").choose(view, legal, rng()))
        answer = call(adapter.act, suggestion)
        assert answer["ok"], (suggestion, answer)
    assert differ > 0
