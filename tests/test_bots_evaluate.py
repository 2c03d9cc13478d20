"""The contract progress evaluator: exact ``missing``, exact outs, and words for the page.

Exactness is checked against the engine's own finder, which shares no code with the
evaluator: a hand misses 0 cards exactly when the finder lays it down; a hand that
misses 1 card has exactly the outs the finder completes with; and adding any card
lowers ``missing`` by at most one, by exactly one for the outs. Together these pin
``missing`` down along every chain of cards that reaches a finished contract.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ladder_rummy.cards import JOKER, Card, new_deck, parse_cards
from ladder_rummy.contracts import CONTRACTS, find_contract
from ladder_rummy.evaluate import (
    CARDS,
    hand_key,
    live_copies,
    missing_and_outs,
    progress,
    seen_cards,
    shape_of_key,
)
from ladder_rummy.game import Game
from ladder_rummy.melds import position_rank


def near_hand(rng: random.Random, step: int) -> list[Card]:
    """A hand built around the contract: its melds, a few cards removed, some added, jokers sometimes."""
    hand: list[Card] = []
    for req in CONTRACTS[step]:
        size = req.size + (rng.random() < 0.2)
        if req.kind == "group":
            rank = rng.randint(1, 13)
            hand += [Card(rank, rng.choice("CDHS")) for _ in range(size)]
        else:
            suit, start = rng.choice("CDHS"), rng.randint(1, 15 - size)
            hand += [Card(position_rank(p), suit) for p in range(start, start + size)]
    for _ in range(rng.randint(0, 3)):
        hand.pop(rng.randrange(len(hand)))
    deck = new_deck()
    hand += [rng.choice(deck) for _ in range(rng.randint(0, 4))]
    hand += [JOKER] * (rng.random() < 0.3) + [JOKER] * (rng.random() < 0.15)
    return hand


def hands(seed: int, count: int) -> list[tuple[list[Card], int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        step = rng.randint(1, 10)
        if rng.random() < 0.7:
            out.append((near_hand(rng, step), step))
        else:
            out.append((rng.sample(new_deck(), rng.randint(6, 12)), step))
    return out


def check_hand(hand: list[Card], step: int) -> None:
    p = progress(hand, step)
    assert (p.missing == 0) == (find_contract(hand, step) is not None), (hand, step)
    if p.missing == 1:
        completing = {c for c in CARDS if find_contract(hand + [c], step) is not None}
        assert set(p.outs) == completing, (hand, step)
    if 1 <= p.missing <= 3:
        for card in CARDS:
            after = progress(hand + [card], step).missing
            assert p.missing - 1 <= after <= p.missing, (hand, step, card)
            assert (after == p.missing - 1) == (card in p.outs), (hand, step, card)
    if p.missing:
        assert p.outs, "a hand that is not complete always has some card that helps"


@pytest.mark.parametrize("seed", range(4))
def test_missing_and_outs_agree_with_the_finder(seed: int) -> None:
    for hand, step in hands(seed, 60):
        check_hand(hand, step)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 120))
def test_missing_and_outs_agree_with_the_finder_many(seed: int) -> None:
    for hand, step in hands(seed, 200):
        check_hand(hand, step)


@pytest.mark.slow
def test_two_missing_cards_are_two_cards_from_done() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 12:
        step = rng.randint(1, 10)
        hand = near_hand(rng, step)
        if progress(hand, step).missing != 2:
            continue
        checked += 1
        assert any(find_contract(hand + [a, b], step) for i, a in enumerate(CARDS) for b in CARDS[i:])


def test_the_best_targets_fill_to_a_contract() -> None:
    """Filling every gap of the reported melds with one of its options makes a hand that lays down."""
    for hand, step in hands(11, 80):
        p = progress(hand, step)
        extra = []
        for meld in p.melds:
            naturals = [c for c in meld.options if not c.is_joker]
            for k in range(meld.missing):
                extra.append(naturals[k % len(naturals)] if naturals else JOKER)
        if all(Counter(hand + extra)[c] <= (3 if c.is_joker else 2) for c in set(extra)):
            assert find_contract(hand + extra, step) is not None, (hand, step, extra)


def test_words_for_the_contract_panel() -> None:
    p = progress(parse_cards("7H 7S 7C 9C 9D 2D 5S"), 1)
    assert p.missing == 1
    assert p.describe() == "1 card missing: for the group of 9s, a 9 or a joker"
    assert [str(c) for c in p.melds[0].cards] == ["7C", "7H", "7S"]
    assert progress(parse_cards("4D 5D 7D 9S 9H JK"), 2).describe() == (
        "1 card missing: for the run 4D–7D, 6D or a joker")
    done = progress(parse_cards("7H 7S 7C 9C 9D 9S"), 1)
    assert done.complete and done.describe() == "ready to lay down" and not done.outs


def test_a_run_open_at_both_ends_names_both() -> None:
    """8H 9H 10H wait for 7H or JH: the panel names every card that completes the run, and
    the run by the cards both windows share (a phone play-test saw only "7H" offered)."""
    p = progress(parse_cards("8H 9H 10H 5C 5D 5S 2C KD"), 2)
    assert p.describe() == "1 card missing: for the run 8H–10H, 7H or JH or a joker"
    run = p.melds[1].to_json()
    assert (run["low"], run["high"], run["options"]) == ("8H", "10H", ["7H", "JH", "JK"])
    high = progress(parse_cards("JC QC KC 5C 5D 5S 2C 3D"), 2).melds[1].to_json()
    assert (high["low"], high["high"], high["options"]) == ("JC", "KC", ["10C", "AC", "JK"])
    one_end = progress(parse_cards("4D 5D 7D 9S 9H JK"), 2).melds[1]
    assert one_end.high == 7 and one_end.end is None  # one window only: named by it, as before


def test_a_run_whose_windows_use_different_cards_offers_every_gap() -> None:
    """4S 6S 7S 8S: 4S–7S waits for 5S and 6S–9S for 9S; the panel offered only the 5S of the
    first window (a play-test passed up a 9S). The run holds all four cards; the diamonds' run,
    whose windows share none of them, is its own."""
    p = progress(parse_cards("8C 6D 9D 2H 4H 8H 4S 6S 7S 8S"), 3)
    spades, diamonds = (m.to_json() for m in p.melds)
    assert (spades["have"], spades["options"], spades["missing"]) == (["4S", "6S", "7S", "8S"], ["5S", "9S", "JK"], 1)
    assert (diamonds["have"], diamonds["options"]) == (["6D", "9D"], ["7D", "8D", "JK"])
    assert p.describe().startswith("3 cards missing: for the run 4S–8S, 5S or 9S or a joker;")
    # Windows 6H–9H, 7H–10H and 9H–QH share only the 9H: named by the cards they use, not "9H–9H".
    assert progress(parse_cards("AH 7H 9H JH JH QH KH 6S JS QS JK"), 3).describe() == (
        "1 card missing: for the run 7H–JH, 6H or 8H or 10H or QH or a joker")
    # Two runs of one suit: the second's windows never take in the first run's cards.
    second = progress(parse_cards("6D 6D 9D 10D 3S 4S 5S 6S 7S 8S"), 3).melds[1].to_json()
    assert (second["have"], second["options"]) == (["7S", "8S"], ["5S", "6S", "9S", "10S", "JK"])



def test_windows_that_share_an_ace_from_either_end_are_two_runs() -> None:
    """A♥ 2♥ K♥: A–4 (ace low) waits for 3♥ 4♥, J–A (ace high) for J♥ Q♥. Runs do not wrap, so
    the panel named "the run A♥–K♥" and offered all four for it (a play-test); it names the
    first choice's run by its own window, which holds the ace at the same place."""
    p = progress(parse_cards("AH 2H KH 5C 9D 3S 8S 7C 10C 4D"), 3)
    hearts = p.melds[1].to_json()
    assert (hearts["have"], hearts["low"], hearts["high"], hearts["options"]) == (["AH", "2H"], "AH", "4H", ["3H", "4H", "JK"])
    apart = progress(parse_cards("AC 4C 7C 5H 9D 3S 8S 2H KD 10H"), 3).melds[0].to_json()
    assert (apart["have"], apart["shared"]) == (["AC", "4C", "7C"], ["4C"])  # A–4 or 4–7: the page says "the run with 4♣"
    assert p.describe().endswith("for the run AH–4H, 3H or 4H or a joker")
    assert {"JH", "QH"} <= {str(c) for c in p.outs}  # still cards that bring the hand closer


def test_two_runs_of_one_suit_never_name_the_same_cards() -> None:
    """6♥ 7♥ 9♥ J♥ Q♥ for two runs of 4: a window of the first run that takes the J♥ and Q♥ the
    second uses (there is one of each) is not the first run's (a play-test read "the run 6♥–Q♥"
    and "the run J♥–Q♥" side by side)."""
    first, second = (m.to_json() for m in progress(parse_cards("6H 7H 9H JH QH 3C 4C 9S 2D KD"), 3).melds)
    assert (first["have"], first["low"], first["high"]) == (["6H", "7H", "9H"], "6H", "9H")
    assert second["have"] == ["JH", "QH"] and not set(first["have"]) & set(second["have"])


def test_every_natural_option_is_an_out() -> None:
    """What the panel offers for a meld is never a card that would not help."""
    for hand, step in hands(13, 80):
        p = progress(hand, step)
        for meld in p.melds:
            if meld.missing and meld.requirement.kind == "run" and meld.suit:
                assert set(meld.options) <= p.outs, (hand, step, meld)


def test_an_empty_meld_makes_every_card_an_out() -> None:
    p = progress(parse_cards("7H 7S 7C"), 1)
    assert p.missing == 3
    assert len(p.outs) == 53


def test_fast_path_matches_progress() -> None:
    for hand, step in hands(5, 40):
        p = progress(hand, step)
        missing, outs = missing_and_outs(hand, step)
        assert (missing, {CARDS[i] for i in outs}) == (p.missing, set(p.outs))
        assert shape_of_key(hand_key(hand), step).missing == p.missing


def test_live_copies_and_seen_cards() -> None:
    assert live_copies(Card.parse("9H"), Counter(parse_cards("9H 9S"))) == 1
    assert live_copies(JOKER, Counter()) == 3
    game = Game.new("evaluate-seen")
    view = game.view(game.current_seat)
    seen = seen_cards(view)
    assert sum(seen.values()) == len(view["hand"]) + len(view["discard"])


def test_shape_without_a_card_matches_the_search() -> None:
    """``Shape.without`` spares the computer players a search per discard: without a card every
    best choice spares, the progress is exactly the searched one; without a card only some
    spare, ``missing`` is exact and the outs are some of the true ones."""
    exact = spared = 0
    for hand, step in hands(21, 120):
        key = hand_key(hand)
        shape = shape_of_key(key, step)
        for card in sorted(set(key)):
            smaller = shape.without(card)
            if smaller is None:
                assert card == 52 or all(card in choice.used for choice in shape.choices)
                continue
            at = key.index(card)
            searched = shape_of_key(key[:at] + key[at + 1:], step)
            assert smaller.missing == searched.missing, (hand, step, card)
            assert smaller.outs <= searched.outs, (hand, step, card)
            if not any(card in choice.used for choice in shape.choices):
                assert (smaller.outs, smaller.plans) == (searched.outs, searched.plans), (hand, step, card)
                exact += 1
            else:
                spared += 1
    assert exact > 100 and spared > 100


def test_a_meld_says_how_many_of_its_missing_cards_must_be_real() -> None:
    """A meld needs two real cards: a group of one ace wants two more, one of them an ace (the
    page says "at least one not a joker"; a play-test read "ace or a joker" as room for two jokers)."""
    one_ace = progress(parse_cards("AS 7C 7D 2H 4D 9S 10C JH QD KS"), 1)
    aces, sevens = sorted((m.to_json() for m in one_ace.melds), key=lambda m: m["rank"] != "A")
    assert (aces["rank"], aces["have"], aces["missing"], aces["real"]) == ("A", ["AS"], 2, 1)
    assert "JK" in aces["options"]
    assert (sevens["have"], sevens["real"]) == (["7C", "7D"], 0)
    with_joker = progress(parse_cards("KC JK 3D 3S 5H 8D 9S 10C 2H 6D"), 1).to_json()["melds"]
    assert [m["real"] for m in with_joker] == [0, 1]  # 3D 3S JK: two real; 2H alone wants one more
    runs = progress(parse_cards("9S 3H KC 3S KS QD 3H 8D 4C 3C"), 3).to_json()["melds"]
    assert [(m["have"], m["real"]) for m in runs if m["kind"] == "run"] == [(["3C", "4C"], 0), (["KC"], 1)], runs
    lone = progress(parse_cards("KC 2D 5H 8S JH 6C 9D"), 3).to_json()["melds"]
    assert all(m["real"] == max(0, 2 - len([c for c in m["have"] if c != "JK"])) for m in lone) and any(m["real"] == 1 for m in lone), lone
