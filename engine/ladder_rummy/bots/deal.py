"""A deal in one possible world: what the Hard player searches over.

Hard cannot see the other hands or the stock. It *samples* them (:func:`sample`): every
card its view does not place — not in its hand, on the table, in the discard pile, nor
known to be held by a rival (taken from the discard pile and kept) — is shuffled with
Hard's own generator and dealt back, each rival's hand keeping its size and its known
cards, the rest making the stock. The world is consistent with everything the view
shows and with nothing else: the true hidden cards are never read.

A rival who is not down has been collecting: after ``t`` turns it kept the best ten
of the cards it saw. So its sampled hand is the best of ``t`` more cards than it holds
(up to :data:`DEVELOP`), judged by how they connect for its contract; the others go
back among the unknown cards. Uniform hands would be far from any contract, and the
search would never see a rival about to lay down.

In a world the rest of the deal can be played quickly (:class:`Deal`): cards are small
integers (:data:`ladder_rummy.evaluate.CARDS`), melds are what laying off needs (a rank,
or a suit and two ends), and every seat plays a quick policy close to the strong
player's (:meth:`Deal.play_turn`):

* not down: take the discard when it is an out (it lowers the cards still missing),
  lay down as soon as the contract is there; after drawing an out, discard the card
  whose loss keeps the most progress (fewest missing, most outs), the one worth the
  most points among equals, never one the next player could lay off when they are
  down; a drawn card that is no out goes straight back (the progress stays as it is);
* down: take the discard when it fits the table, lay off all that fits, discard the
  card worth the most points among those nobody could lay off.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..contracts import find_contract
from ..evaluate import CARDS, COPIES, INDEX, JOKER_INDEX, Shape, parse_hand, shape_of_key
from ..melds import MAX_RUN
from .reading import PICK_LIMIT, Reading

PLAYERS = 4
MAX_EXHAUSTIONS = 3
POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
_RANK = tuple(i % 13 + 1 for i in range(52)) + (0,)
_SUIT = tuple(i // 13 for i in range(52)) + (-1,)
_SUITS = "CDHS"


def _position_card(suit: int, position: int) -> int:
    """The card index at a run position (1 and 14 are both the ace)."""
    return suit * 13 + (0 if position == 14 else position - 1)


@dataclass(slots=True)
class TableMeld:
    """What laying off onto a meld needs: a group's rank, or a run's suit and ends (positions)."""

    group: bool
    rank: int = 0
    suit: int = 0
    start: int = 0
    end: int = 0

    def accepts(self, card: int) -> int:
        """Where ``card`` fits: 0 nowhere, 1 a group or a run's low end, 2 a run's high end."""
        if self.group:
            return 1 if card == JOKER_INDEX or _RANK[card] == self.rank else 0
        if self.end - self.start + 1 >= MAX_RUN:
            return 0
        if card == JOKER_INDEX:
            return 2 if self.end < 14 else 1
        if _SUIT[card] != self.suit:
            return 0
        if self.end < 14 and card == _position_card(self.suit, self.end + 1):
            return 2
        if self.start > 1 and card == _position_card(self.suit, self.start - 1):
            return 1
        return 0


def table_of(r: Reading) -> list[TableMeld]:
    """The view's melds in the world's form."""
    out = []
    for meld in r.table:
        if meld.kind == "group":
            out.append(TableMeld(True, rank=meld.rank))
        else:
            out.append(TableMeld(False, suit=_SUITS.index(meld.suit), start=meld.start, end=meld.end))
    return out


class Deal:
    """One world's deal from the moment of a decision to its end (see the module docstring)."""

    __slots__ = ("hands", "queues", "stock", "discard", "table", "on_table", "down", "steps", "picks", "turns",
                 "exhaustions", "seat", "taken", "out", "over", "rng", "shapes")

    def __init__(self, hands: list[list[int]], stock: list[int], discard: list[int], table: list[TableMeld],
                 on_table: list[int], down: list[bool], steps: list[int], picks: list[int], turns: list[int],
                 exhaustions: int, seat: int, rng: random.Random) -> None:
        self.hands = hands
        self.queues = _queues(stock, seat)
        self.stock = len(stock)
        """How many cards the stock holds."""
        self.discard = discard
        self.table = table
        self.on_table = on_table
        self.down = down
        self.steps = steps
        self.picks = picks
        self.turns = turns
        self.exhaustions = exhaustions
        self.seat = seat
        self.taken = -1
        self.out: int | None = None
        self.over = False
        self.rng = rng
        self.shapes: list[Shape | None] = [None] * PLAYERS
        """Per seat, the progress of its hand when it is known already (between turns, the
        hand left by its discard, derived from the searched hand it discarded from)."""

    def copy(self) -> "Deal":
        """An independent copy (the generator too), to try another move in the same world."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        deal = Deal([list(h) for h in self.hands], [], list(self.discard),
                    [TableMeld(m.group, m.rank, m.suit, m.start, m.end) for m in self.table],
                    list(self.on_table), list(self.down), list(self.steps), list(self.picks), list(self.turns),
                    self.exhaustions, self.seat, rng)
        deal.queues = [list(q) for q in self.queues]
        deal.stock = self.stock
        deal.taken = self.taken
        deal.shapes = list(self.shapes)
        return deal

    # ------------------------------------------------------------------ moves
    def fits(self, card: int) -> int:
        """The index of a meld ``card`` can be laid off on, or -1."""
        for k, meld in enumerate(self.table):
            if meld.accepts(card):
                return k
        return -1

    def draw(self, from_discard: bool) -> int:
        """The current seat draws; the card drawn."""
        hand = self.hands[self.seat]
        if from_discard:
            card = self.discard.pop()
            self.picks[self.seat] += 1
            self.taken = card
        else:
            card = self.next_stock_card(self.seat)
            self.queues[self.seat if self.queues[self.seat] else self._longest_queue()].pop()
            self.stock -= 1
            self.taken = -1
        hand.append(card)
        return card

    def next_stock_card(self, seat: int) -> int:
        """The card ``seat`` would draw from the stock now."""
        queue = self.queues[seat] or self.queues[self._longest_queue()]
        return queue[-1]

    def _longest_queue(self) -> int:
        return max(range(PLAYERS), key=lambda s: len(self.queues[s]))

    def lay_down(self) -> bool:
        """Lay down the finder's arrangement if the hand makes the contract; whether it did."""
        seat = self.seat
        hand = self.hands[seat]
        melds = find_contract([CARDS[i] for i in hand], self.steps[seat])
        if melds is None:
            return False
        for meld in melds:
            for card in meld.cards:
                i = INDEX[card]
                hand.remove(i)
                self.on_table[i] += 1
            if meld.kind == "group":
                self.table.append(TableMeld(True, rank=meld.rank))
            else:
                self.table.append(TableMeld(False, suit=_SUITS.index(meld.suit), start=meld.start, end=meld.end))
        self.down[seat] = True
        if not hand:
            self._end(seat)
        return True

    def lay_off_all(self) -> None:
        """Lay off every card that fits, natural cards first, until none does."""
        hand = self.hands[self.seat]
        again = True
        while again and hand and not self.over:
            again = False
            for card in sorted(hand, key=lambda c: c == JOKER_INDEX):
                k = self.fits(card)
                if k >= 0:
                    self._lay_off(card, k)
                    again = True
                    break

    def _lay_off(self, card: int, k: int) -> None:
        meld = self.table[k]
        where = meld.accepts(card)
        if not meld.group:
            if where == 2:
                meld.end += 1
            else:
                meld.start -= 1
        hand = self.hands[self.seat]
        hand.remove(card)
        self.on_table[card] += 1
        if not hand:
            self._end(self.seat)

    def throw(self, card: int) -> None:
        """The current seat discards ``card`` and the turn passes (or the deal ends)."""
        hand = self.hands[self.seat]
        hand.remove(card)
        self.discard.append(card)
        self.turns[self.seat] += 1
        if not hand:
            self._end(self.seat)
            return
        self.seat = (self.seat + 1) % PLAYERS
        self.taken = -1
        if not self.stock:
            self._stock_ran_out()

    def _stock_ran_out(self) -> None:
        self.exhaustions += 1
        if self.exhaustions >= MAX_EXHAUSTIONS or len(self.discard) <= 1:
            self._end(None)
            return
        cards = self.discard[:-1]
        del self.discard[:-1]
        self.rng.shuffle(cards)
        self.queues = _queues(cards, self.seat)
        self.stock = len(cards)

    def _end(self, seat: int | None) -> None:
        self.out = seat
        self.over = True

    # ------------------------------------------------------------------ the quick policy
    def play_turn(self) -> None:
        """The current seat plays a whole turn with the quick policy.

        Before laying down, a seat's progress is known between its turns (``shapes``), so a
        drawn card that is not an out changes nothing and goes straight back (unless the
        next player could lay it off): only an out makes a new search.
        """
        seat = self.seat
        if self.down[seat]:
            self.draw(self.fits_top())
            self.finish_when_down()
            return
        shape = self.shapes[seat] or shape_of_key(tuple(sorted(self.hands[seat])), self.steps[seat])
        hand = self.hands[seat]
        top = self.discard[-1] if self.discard else -1
        take = top in shape.outs and self.picks[seat] < PICK_LIMIT and any(c != top for c in hand)
        card = self.draw(take)
        if take or card in shape.outs or shape.missing == 0:
            self.finish_turn()
        elif self.down[(seat + 1) % PLAYERS] and self.fits(card) >= 0:
            self.finish_turn()
        else:
            self.shapes[seat] = shape
            self.throw(card)

    def finish_turn(self) -> None:
        """The rest of a turn after the draw: lay down, lay off, discard."""
        seat = self.seat
        self.shapes[seat] = None
        if self.down[seat]:
            self.finish_when_down()
            return
        shape = shape_of_key(tuple(sorted(self.hands[seat])), self.steps[seat])
        if shape.missing == 0 and self.lay_down():
            if not self.over:
                self.throw(self.discard_when_down())
            return
        card = self.discard_choice(shape)
        self.shapes[seat] = shape.without(card)
        self.throw(card)

    def finish_when_down(self) -> None:
        """Once down: lay off all that fits, then discard."""
        self.lay_off_all()
        if not self.over:
            self.throw(self.discard_when_down())

    def fits_top(self) -> bool:
        """Once down: take the top discard when it fits the table."""
        seat = self.seat
        if not self.discard or self.picks[seat] >= PICK_LIMIT:
            return False
        top = self.discard[-1]
        return self.fits(top) >= 0 and any(c != top for c in self.hands[seat])

    def discard_choice(self, shape: Shape) -> int:
        """Before laying down: keep the most progress; among equals throw the most points."""
        seat = self.seat
        hand = self.hands[seat]
        feeds = self.down[(seat + 1) % PLAYERS]
        best: tuple[int, int, int, int, int] | None = None
        choice = hand[0]
        for card in set(hand):
            if card == self.taken and len(set(hand)) > 1:
                continue
            smaller = shape.without(card)
            if smaller is None:
                continue  # a card every plan needs, or a joker
            rank = (int(feeds and self.fits(card) >= 0), -len(smaller.outs), -POINTS[card], card)
            if best is None or rank < best:
                best, choice = rank, card
        if best is None:  # every card is needed: shed the most points
            choice = max((c for c in hand if c != JOKER_INDEX and c != self.taken), key=POINTS.__getitem__,
                         default=choice)
        return choice

    def discard_when_down(self) -> int:
        """Once down: the most points among the cards the next player could not lay off."""
        seat = self.seat
        hand = self.hands[seat]
        feeds = self.down[(seat + 1) % PLAYERS]
        options = [c for c in hand if c != self.taken] or hand
        return max(options, key=lambda c: (not (feeds and self.fits(c) >= 0), c != JOKER_INDEX, POINTS[c], -c))

    def play_out(self, limit: int = 400) -> int:
        """Play quick turns to the end of the deal (at most ``limit`` of them); how many it played."""
        for played in range(limit):
            if self.over:
                return played
            self.play_turn()
        self._end(None)
        return limit


def _queues(stock: list[int], seat: int) -> list[list[int]]:
    """The stock dealt out as each seat would draw it if every draw were from the stock, the
    next card to ``seat`` (each queue's next card is its last).

    Every seat then draws its own cards whatever the others do: when a move makes the next
    player take the discard instead, the later stock draws stay the same, and two moves
    tried in one world differ only by what the moves themselves change.
    """
    queues: list[list[int]] = [[] for _ in range(PLAYERS)]
    for k, card in enumerate(reversed(stock)):
        queues[(seat + k) % PLAYERS].append(card)
    for queue in queues:
        queue.reverse()
    return queues


# ---------------------------------------------------------------------------- sampling a world
def sample(r: Reading, rng: random.Random) -> Deal:
    """A world consistent with the reading: every card it cannot place dealt at random (see the module docstring)."""
    seat = r.seat
    view = r.view
    seen = list(r.melded)
    hand = [INDEX[c] for c in r.hand]
    discard = [INDEX[c] for c in parse_hand(view["discard"])]
    for i in hand:
        seen[i] += 1
    for i in discard:
        seen[i] += 1
    known: list[list[int]] = []
    for rival in r.rivals:
        held = [INDEX[c] for c in rival.held][:rival.cards]
        kept = []
        for i in held:
            if seen[i] < COPIES[i]:
                seen[i] += 1
                kept.append(i)
        known.append(kept)
    pool = [i for i in range(53) for _ in range(COPIES[i] - seen[i])]
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    hands[seat] = hand
    for k, rival in enumerate(r.rivals):
        need = max(0, rival.cards - len(known[k]))
        extra = 0 if rival.laid_down else min(SEEN_PER_TURN * len(rival.discarded), DEVELOP, len(pool) - need)
        free = pool[:need + extra]
        del pool[:need + extra]
        if extra:
            free = _develop(free, known[k], extra, rival.wants_groups, rival.wants_runs)
            for card in free[need:]:  # the cards it would have let go lie anywhere in the stock
                pool.insert(rng.randrange(len(pool) + 1), card)
            free = free[:need]
        hands[rival.seat] = known[k] + free
    players = view["players"]
    down = [bool(p["laid_down"]) for p in players]
    steps = [int(p["step"]) for p in players]
    picks = [len(p.get("picked", ())) for p in players]
    turns = [len(p.get("discarded", ())) for p in players]
    world = random.Random(rng.getrandbits(64))
    deal = Deal(hands, pool, discard, table_of(r), seen_table(r), down, steps, picks, turns,
                int(view.get("rebuilds", 0)), seat, world)
    if view["taken"]:
        deal.taken = INDEX[r.taken] if r.taken is not None else -1
    for rival in r.rivals:
        if not rival.laid_down:
            deal.shapes[rival.seat] = shape_of_key(tuple(sorted(hands[rival.seat])), rival.step)
    return deal


SEEN_PER_TURN = 3
DEVELOP = 14
"""A rival who is not down has kept the best of the cards it saw: its sampled hand is the
best of ``SEEN_PER_TURN`` more cards per turn it played (at most ``DEVELOP``), by
:func:`_develop`. Measured on Normal's games, the sampled hands then miss 1.8 cards on
average, as the true ones do (uniform hands miss 3.3)."""


def _develop(free: list[int], known: list[int], extra: int, groups: bool, runs: bool) -> list[int]:
    """``free`` reordered so that its first ``len(free) - extra`` cards are the ones a player
    collecting its contract would keep (with ``known``): the least connected go last, one by one."""
    cards = known + free
    n = len(cards)
    table = _LINKS[groups, runs]
    links = [[table[x][y] for y in cards] for x in cards]
    score = [sum(row) - row[a] for a, row in enumerate(links)]
    alive = list(range(len(known), n))
    dropped: list[int] = []
    for _ in range(extra):
        worst = min(alive, key=lambda a: (score[a], -POINTS[cards[a]], a))
        alive.remove(worst)
        dropped.append(cards[worst])
        row = links[worst]
        for a in range(n):
            score[a] -= row[a]
    return [cards[a] for a in alive] + dropped


def _link(a: int, b: int, groups: bool, runs: bool) -> int:
    """How much two cards work together for a contract of groups and/or runs (a joker with anything)."""
    if a == JOKER_INDEX or b == JOKER_INDEX:
        return 30
    if groups and _RANK[a] == _RANK[b]:
        return 3
    if runs and _SUIT[a] == _SUIT[b]:
        gap = abs(_RANK[a] - _RANK[b])
        if gap <= 2:
            return 3 - gap
    return 0


_LINKS: dict[tuple[bool, bool], tuple[tuple[int, ...], ...]] = {
    (groups, runs): tuple(tuple(_link(a, b, groups, runs) for b in range(53)) for a in range(53))
    for groups in (False, True) for runs in (False, True)
}


def seen_table(r: Reading) -> list[int]:
    """Copies of each card on the table."""
    return list(r.melded)
