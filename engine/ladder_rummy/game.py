"""The game: deals, turns, legality, scoring and views.

Terminology:

* **stock** — the face-down pile players draw from; its top is the end of the list.
* **discard pile** — face-up cards; its top is the end of the list.
* **deal** — ten cards to each player; a game has at most ten deals.
* **lay down** — put your contract on the table (once per deal).
* **go out** — be left with no cards; the deal ends at once.
* **taken card** — the card taken from the discard pile this turn: it (or its twin)
  may not be discarded this turn, and no move may leave only copies of it in hand.

A :class:`Game` is a state machine over actions: ``legal_actions()`` lists what the
current seat may do, ``apply()`` validates and plays one action, and the log of
canonical action strings replays the game exactly from its seed.
"""

from __future__ import annotations

from collections import Counter, abc
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from . import __version__
from .actions import Action, Discard, Draw, LayDown, LayOff, parse_action
from .cards import Card, format_cards, hand_points, new_deck, sorted_hand
from .contracts import CONTRACTS, TOP_STEP, find_contract, lightest, satisfies
from .evaluate import hand_key, shape_of_key
from .errors import IllegalActionError, InvalidLogError, InvalidMeldError, InvariantError, LadderRummyError, ReplayError
from .melds import Meld, default_end
from .seeds import check_seed, derive

PLAYERS = 4
HAND_SIZE = 10
MAX_DEALS = 10
MAX_EXHAUSTIONS = 3
DEFAULT_NAMES: tuple[str, ...] = ("You", "Mira", "Kaan", "Jisoo")

Event = dict[str, Any]


@dataclass
class TableMeld:
    """A meld on the table: its number (from 1, in the order melds reached the table) and owner."""

    id: int
    owner: int
    meld: Meld

    def to_json(self) -> dict[str, Any]:
        """The meld as the page draws it."""
        return {
            "id": self.id,
            "owner": self.owner,
            "kind": self.meld.kind,
            "cards": [str(c) for c in self.meld.cards],
            "stands_for": self.meld.stands_for(),
        }


@dataclass
class Player:
    """One seat: its ladder step, penalty total and this deal's hand and public record."""

    seat: int
    name: str
    step: int = 1
    penalty: int = 0
    hand: list[Card] = field(default_factory=list)
    laid_down: bool = False
    picked: list[str] = field(default_factory=list)  # public record, kept as text for cheap views
    discarded: list[str] = field(default_factory=list)
    # Whether the last card of ``discarded`` is still in the discard pile: not taken by the next
    # player, nor shuffled into a rebuilt stock. The page fades a seat's last-discard chip by it;
    # with two packs a twin in the pile makes the pile alone unable to say.
    discard_on_pile: bool = False

    @property
    def completed(self) -> int:
        """Contracts completed so far: the step below the one the player stands on."""
        return self.step - 1


class Game:
    """One game of Ladder Rummy, deterministic from its seed and its actions."""

    def __init__(self, seed: str, names: Sequence[str] = DEFAULT_NAMES) -> None:
        if len(names) != PLAYERS:
            raise ValueError(f"a game has {PLAYERS} players, got {len(names)} names")
        self.seed = check_seed(seed)
        self.players = [Player(i, name) for i, name in enumerate(names)]
        self.log: list[str] = []
        self.events: list[Event] = []
        self.history: list[list[int]] = []
        self.deal_summaries: list[dict[str, Any]] = []
        self.deal = 0
        self.dealer = derive(self.seed, "first-dealer").randrange(PLAYERS)
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.table: list[TableMeld] = []
        self.current_seat = 0
        self.phase = "draw"
        self.taken: Card | None = None
        self.laid_down_now = False
        self.exhaustions = 0
        self.is_over = False
        self._last_acted = [0] * PLAYERS
        self._version = 0
        self._cache: dict[tuple[int, str], Any] = {}
        self._start_deal()

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, seed: str | int, names: Sequence[str] = DEFAULT_NAMES) -> "Game":
        """A new game; the first deal is dealt and the first player is to draw."""
        return cls(check_seed(seed), names)

    @classmethod
    def replay(cls, seed: str | int, log: Iterable[str], names: Sequence[str] = DEFAULT_NAMES) -> "Game":
        """Rebuild a game from its seed and log; a bad entry raises :class:`ReplayError`,
        a log that is no list of entries :class:`InvalidLogError`."""
        if isinstance(log, (str, bytes, bytearray, dict)) or not isinstance(log, abc.Iterable):
            raise InvalidLogError(f"a log must be a list of action strings, not {type(log).__name__}")
        game = cls.new(seed, names)
        for index, entry in enumerate(log):
            game.apply_logged(index, entry)
        return game

    def apply_logged(self, index: int, entry: object) -> None:
        """Apply one log entry, turning any refusal into a :class:`ReplayError` naming it."""
        if not isinstance(entry, str):
            raise ReplayError(index, repr(entry), "a log entry must be text")
        try:
            self.apply(parse_action(entry))
        except LadderRummyError as err:
            raise ReplayError(index, entry, str(err)) from None

    # ------------------------------------------------------------------ deals
    def _start_deal(self) -> None:
        """Shuffle with this deal's generator, deal ten each from the dealer's left, turn the upcard."""
        self.deal += 1
        if self.deal > 1:
            self.dealer = (self.dealer + 1) % PLAYERS
        deck = new_deck()
        derive(self.seed, "deal", self.deal).shuffle(deck)
        for p in self.players:
            p.hand, p.laid_down, p.picked, p.discarded, p.discard_on_pile = [], False, [], [], False
        for i in range(HAND_SIZE * PLAYERS):
            self.players[(self.dealer + 1 + i) % PLAYERS].hand.append(deck.pop())
        self.discard = [deck.pop()]
        self.stock = deck
        self.table = []
        self.exhaustions = 0
        self.history.append([p.step for p in self.players])
        self._emit({"type": "deal_start", "deal": self.deal, "dealer": self.dealer, "upcard": str(self.discard[-1])})
        self._start_turn((self.dealer + 1) % PLAYERS)

    def _start_turn(self, seat: int) -> None:
        """Hand the turn to ``seat``; rebuild the stock first if it is empty."""
        self.current_seat, self.phase = seat, "draw"
        self.taken, self.laid_down_now = None, False
        if not self.stock:
            self._stock_ran_out()

    def _stock_ran_out(self) -> None:
        """A third exhaustion, or a discard pile of one card, ends the deal; else reshuffle."""
        self.exhaustions += 1
        if self.exhaustions >= MAX_EXHAUSTIONS or len(self.discard) <= 1:
            self._end_deal(None)
            return
        cards, self.discard = self.discard[:-1], self.discard[-1:]
        # Only the top card stays: the last discard of the seat before the one about to draw.
        for q in self.players:
            if q.seat != (self.current_seat - 1) % PLAYERS:
                q.discard_on_pile = False
        derive(self.seed, "deal", self.deal, "rebuild", self.exhaustions).shuffle(cards)
        self.stock = cards
        self._emit({"type": "rebuild", "count": self.exhaustions, "stock": len(cards)})

    def _end_deal(self, went_out: int | None) -> None:
        """Score hands, climb whoever laid down, then deal again or end the game."""
        hands = []
        for p in self.players:
            points = hand_points(p.hand)
            before = p.step
            p.penalty += points
            if p.laid_down:
                p.step += 1
            hands.append({
                "seat": p.seat, "cards": [str(c) for c in sorted_hand(p.hand)], "points": points,
                "laid_down": p.laid_down, "climbed": p.laid_down, "step_before": before,
                "step_after": p.step, "penalty_total": p.penalty, "completed_total": p.completed,
            })
        summary = {"deal": self.deal, "went_out": went_out, "reason": "out" if went_out is not None else "stock", "hands": hands}
        self.deal_summaries.append(summary)
        self._emit({"type": "deal_end", **summary})
        topped = any(h["laid_down"] and h["step_before"] == TOP_STEP for h in hands)
        if topped or self.deal >= MAX_DEALS:
            self._end_game()
        else:
            self._start_deal()

    def _end_game(self) -> None:
        self.is_over, self.phase = True, "over"
        self.taken = None
        self._emit({"type": "game_end", "standings": self.standings()})

    # ------------------------------------------------------------------ reading
    @property
    def hand(self) -> list[Card]:
        """The current seat's hand."""
        return self.players[self.current_seat].hand

    def standings(self) -> list[dict[str, Any]]:
        """Most contracts completed first, then fewest penalty points; equal players share a place."""
        key = {p.seat: ranking_key(p.completed, p.penalty) for p in self.players}
        order = sorted(self.players, key=lambda p: (key[p.seat], p.seat))
        return [
            {"seat": p.seat, "name": p.name, "place": 1 + sum(1 for q in self.players if key[q.seat] < key[p.seat]),
             "completed": p.completed, "penalty": p.penalty, "step": p.step}
            for p in order
        ]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat (one ``laydown`` stands for every arrangement)."""
        return list(self._cached("legal", self._compute_legal))

    def _compute_legal(self) -> list[Action]:
        if self.is_over:
            return []
        if self.phase == "draw":
            return [Draw("stock")] + ([Draw("discard")] if self._may_take_discard() else [])
        p = self.players[self.current_seat]
        out: list[Action] = []
        if not p.laid_down and self._finder_arrangement() is not None:
            out.append(LayDown(None))
        if p.laid_down and not self.laid_down_now:
            out.extend(self._legal_layoffs(p.hand))
        out.extend(Discard(c) for c in sorted_hand(set(p.hand)) if c != self.taken)
        return out

    def _legal_layoffs(self, hand: list[Card]) -> list[Action]:
        out: list[Action] = []
        for card in sorted_hand(set(hand)):
            if self.taken is not None and not self._leaves_playable(Counter(hand) - Counter([card])):
                continue  # (with no card taken this turn, every lay-off leaves a playable hand)
            for tm in self.table:
                ends = tm.meld.ends_accepting(card)
                if tm.meld.kind == "group" or (len(ends) == 1 and not card.is_joker):
                    out.extend(LayOff(card, tm.id) for _ in ends[:1])
                else:
                    out.extend(LayOff(card, tm.id, end) for end in ends)
        return out

    def _may_take_discard(self) -> bool:
        """The top discard may be taken only if the player then holds some other card."""
        return bool(self.discard) and any(c != self.discard[-1] for c in self.hand)

    def _leaves_playable(self, left: Counter[Card]) -> bool:
        """After a lay-down or lay-off: no cards (going out) or some card besides the taken one."""
        left = +left
        return not left or any(c != self.taken for c in left)

    def _finder_arrangement(self) -> tuple[Meld, ...] | None:
        """The finder's arrangement for the current seat, obeying the taken-card rule."""
        p = self.players[self.current_seat]
        # With no card taken this turn the taken-card rule accepts every arrangement: no check.
        rule = self._leaves_playable if self.taken is not None else None
        return self._cached("finder", lambda: self._find(p.hand, p.step, rule))

    @staticmethod
    def _find(hand: list[Card], step: int, rule: Any) -> tuple[Meld, ...] | None:
        """The finder, run only on a hand that can make the contract at all.

        Most hands most of the time cannot. The progress search answers that exactly
        (``missing == 0`` exactly when the finder finds an arrangement, a tested property),
        and a computer player has just asked it about this very hand, so its answer is
        remembered: the finder's own search runs about once a deal instead of every turn.
        """
        if shape_of_key(hand_key(hand), step).missing:
            return None
        return find_contract(hand, step, rule)

    def _cached(self, name: str, compute: Any) -> Any:
        key = (self._version, name)
        if key not in self._cache:
            self._cache = {k: v for k, v in self._cache.items() if k[0] == self._version}
            self._cache[key] = compute()
        return self._cache[key]

    # ------------------------------------------------------------------ playing
    def apply(self, action: Action | str) -> Action:
        """Validate and play one action of the current seat; returns the action as logged.

        A refused action raises :class:`IllegalActionError` with the reason and changes nothing.
        """
        if isinstance(action, str):
            action = parse_action(action)
        resolved = self._resolve(action)
        seat, first_event = self.current_seat, len(self.events)
        self._play(resolved)
        self.log.append(str(resolved))
        self._last_acted[seat] = first_event
        self._version += 1
        return resolved

    def check(self, action: Action | str) -> Action:
        """Validate an action of the current seat without playing it; returns it as it would be logged.

        The page's Arrange panel asks before the person submits, so its button lights only for
        an arrangement the rules accept (the page judges no meld itself). Refuses exactly as
        :meth:`apply` would, and changes nothing either way.
        """
        if isinstance(action, str):
            action = parse_action(action)
        return self._resolve(action)

    def _refuse(self, action: Action, reason: str, code: str, **params: str | int) -> IllegalActionError:
        """The refusal of ``action``: its English reason, and the code and params the page words."""
        return IllegalActionError(f"{action}: {reason}", code, **params)

    def _resolve(self, action: Action) -> Action:
        """Check an action against the rules and make it explicit (the arrangement, the end)."""
        if self.is_over:
            raise self._refuse(action, "the game is over", "game_over")
        if isinstance(action, Draw):
            return self._check_draw(action)
        if self.phase != "play":
            raise self._refuse(action, "draw a card first (from the stock or the discard pile)", "draw_first")
        if isinstance(action, LayDown):
            return self._check_laydown(action)
        if isinstance(action, LayOff):
            return self._check_layoff(action)
        if isinstance(action, Discard):
            return self._check_discard(action)
        raise self._refuse(action, "not an action", "not_action")

    def _check_draw(self, action: Draw) -> Action:
        if self.phase != "draw":
            raise self._refuse(action, "you have already drawn this turn", "drawn_already")
        if action.source == "discard" and not self._may_take_discard():
            if not self.discard:
                raise self._refuse(action, "the discard pile is empty", "discard_empty")
            top = self.discard[-1]
            raise self._refuse(action, f"you would hold only copies of {top}, which you could not discard",
                               "only_copies", card=str(top))
        return action

    def _check_laydown(self, action: LayDown) -> Action:
        p = self.players[self.current_seat]
        if p.laid_down:
            raise self._refuse(action, "you have already laid down your contract this deal", "laid_down_already")
        if action.melds is None:
            melds = self._finder_arrangement()
            if melds is None:
                raise self._refuse(action, f"your hand does not make contract {p.step} ({_contract_words(p.step)})",
                                   "contract_not_made", step=p.step)
        else:
            melds = self._own_arrangement(action, p)
        return LayDown(tuple(m.cards for m in melds))

    def _own_arrangement(self, action: LayDown, p: Player) -> tuple[Meld, ...]:
        assert action.melds is not None
        # A contract of one kind reads every meld as that kind, so a wrong meld is refused for
        # what it lacks as one ("not all of one rank" for a group), not as the other kind.
        kinds = {r.kind for r in CONTRACTS[p.step]}
        build = Meld.group if kinds == {"group"} else Meld.run if kinds == {"run"} else Meld.from_cards
        try:
            melds = tuple(build(cards) for cards in action.melds)
        except InvalidMeldError as err:
            raise self._refuse(action, str(err), err.code, **err.params) from None
        if not satisfies(melds, p.step):
            raise self._refuse(action, f"contract {p.step} is {_contract_words(p.step)}", "contract_is", step=p.step)
        need = Counter(c for m in melds for c in m.cards)
        held = Counter(p.hand)
        missing = need - held
        absent = [c for c in missing.elements() if not held[c]]
        if absent:
            cards = format_cards(sorted_hand(absent))
            raise self._refuse(action, f"you do not hold {cards}", "not_held", cards=cards)
        if missing:
            # Held, but fewer times than the melds use it: "you do not hold 7H" would contradict
            # the hand on screen, so say how many.
            card = sorted_hand(missing)[0]
            raise self._refuse(action, f"these melds use {need[card]} x {card}; you hold {held[card]}", "too_few",
                               card=str(card), held=held[card], used=need[card])
        if not self._leaves_playable(Counter(p.hand) - need):
            raise self._refuse(action, f"you would hold only {self.taken}, which you took from the discard pile this turn",
                               "only_taken", card=str(self.taken))
        return melds

    def _check_layoff(self, action: LayOff) -> Action:
        p = self.players[self.current_seat]
        if not p.laid_down:
            raise self._refuse(action, "lay down your contract before laying off", "lay_down_first")
        if self.laid_down_now:
            raise self._refuse(action, "you laid down this turn; lay off from your next turn", "laid_down_now")
        if action.card not in p.hand:
            raise self._refuse(action, f"you do not hold {action.card}", "not_held", cards=str(action.card))
        if not 1 <= action.meld <= len(self.table):
            raise self._refuse(action, f"there is no meld {action.meld} on the table", "no_meld", meld=action.meld)
        meld = self.table[action.meld - 1].meld
        ends = meld.ends_accepting(action.card)
        if not ends:
            raise self._refuse(action, f"{action.card} does not fit meld {action.meld} ({meld})", "no_fit",
                               card=str(action.card), meld=action.meld)
        end = action.end
        if meld.kind == "group":
            if end is not None:
                raise self._refuse(action, f"meld {action.meld} is a group: it has no ends", "group_ends", meld=action.meld)
        elif end is None:
            end = default_end(ends)
        elif end not in ends:
            raise self._refuse(action, f"{action.card} does not fit the {end} end of meld {action.meld} ({meld})",
                               f"no_fit_{end}", card=str(action.card), meld=action.meld)
        if not self._leaves_playable(Counter(p.hand) - Counter([action.card])):
            raise self._refuse(action, f"you would hold only {self.taken}, which you took from the discard pile this turn",
                               "only_taken", card=str(self.taken))
        keep_end = end if (action.card.is_joker and meld.kind == "run") or len(ends) > 1 else None
        return LayOff(action.card, action.meld, keep_end)

    def _check_discard(self, action: Discard) -> Action:
        p = self.players[self.current_seat]
        if action.card not in p.hand:
            raise self._refuse(action, f"you do not hold {action.card}", "not_held", cards=str(action.card))
        if action.card == self.taken:
            raise self._refuse(action, f"you took {self.taken} from the discard pile this turn", "discard_taken",
                               card=str(self.taken))
        return action

    # The checked action is played below; nothing here may refuse.
    def _play(self, action: Action) -> None:
        p = self.players[self.current_seat]
        if isinstance(action, Draw):
            self._play_draw(p, action)
        elif isinstance(action, LayDown):
            self._play_laydown(p, action)
        elif isinstance(action, LayOff):
            self._play_layoff(p, action)
        elif isinstance(action, Discard):
            self._play_discard(p, action)

    def _play_draw(self, p: Player, action: Draw) -> None:
        if action.source == "stock":
            card = self.stock.pop()
        else:
            card = self.discard.pop()
            self.taken = card
            p.picked.append(str(card))
            # The top of the pile is the previous seat's last discard (at a deal's start, the
            # upcard: nobody's, and that seat has discarded nothing this deal).
            previous = self.players[(p.seat - 1) % PLAYERS]
            if previous.discarded and previous.discarded[-1] == str(card):
                previous.discard_on_pile = False
        p.hand.append(card)
        self.phase = "play"
        self._emit({"type": "draw", "seat": p.seat, "source": action.source, "card": str(card)})

    def _play_laydown(self, p: Player, action: LayDown) -> None:
        assert action.melds is not None
        laid = []
        for cards in action.melds:
            _remove(p.hand, cards)
            tm = TableMeld(len(self.table) + 1, p.seat, Meld.from_cards(cards))
            self.table.append(tm)
            laid.append(tm)
        p.laid_down, self.laid_down_now = True, True
        # The melds as laid, not only their ids: when the deal ends in the same round, the view
        # the page receives is the next deal's, whose table no longer holds them.
        self._emit({"type": "laydown", "seat": p.seat, "melds": [tm.id for tm in laid], "table": [tm.to_json() for tm in laid]})
        self._maybe_out(p)

    def _play_layoff(self, p: Player, action: LayOff) -> None:
        _remove(p.hand, [action.card])
        tm = self.table[action.meld - 1]
        before = tm.meld
        tm.meld = tm.meld.lay_off(action.card, action.end)
        # The side the card went to, also where the action left it implicit (a card that fits one
        # end only: "layoff 3D 2" on 4D 5D 6D goes low), and what a joker stands for there: the
        # page draws the lay-off from the event, as the view may already be the next deal's.
        side = None if tm.meld.kind == "group" else "low" if tm.meld.start < before.start else "high"
        # The meld as it stands after the card (`table`, as a lay-down's): the Plays log says which
        # meld grew, and the view may already be the next deal's.
        event: Event = {"type": "layoff", "seat": p.seat, "card": str(action.card), "meld": action.meld, "end": side,
                        "table": [tm.to_json()]}
        if action.card.is_joker:
            event["stands_for"] = tm.meld.stands_for()[0 if side == "low" else -1]
        self._emit(event)
        self._maybe_out(p)

    def _play_discard(self, p: Player, action: Discard) -> None:
        _remove(p.hand, [action.card])
        self.discard.append(action.card)
        p.discarded.append(str(action.card))
        p.discard_on_pile = True
        self._emit({"type": "discard", "seat": p.seat, "card": str(action.card)})
        if not self._maybe_out(p):
            self._start_turn((p.seat + 1) % PLAYERS)

    def _maybe_out(self, p: Player) -> bool:
        if p.hand:
            return False
        self._emit({"type": "out", "seat": p.seat})
        self._end_deal(p.seat)
        return True

    def _emit(self, event: Event) -> None:
        self.events.append({"seq": len(self.events), **event})

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, JSON-ready; never another hand or the stock order."""
        return self._table_view(seat, playing=True)

    def _table_view(self, seat: int, playing: bool) -> dict[str, Any]:
        """:meth:`view`; without ``playing`` (a spectator's), no legal moves and no lay-down to
        offer are worked out, which a replay's every frame would otherwise pay for and discard."""
        view = self.bot_view(seat)
        mine = playing and view["turn"] == seat
        final = self._final_deal()
        view.update({
            "players": [self._player_json(p, final) for p in self.players],
            "table": [tm.to_json() for tm in self.table],
            "legal": [str(a) for a in self.legal_actions()] if mine else [],
            "contract_ready": self._contract_ready(seat),
            "laydown_move": self._lightest_laydown() if mine and not self.is_over else None,
            "events": [self._event_for(e, seat) for e in self.events[self._last_acted[seat]:]],
            "last_deal": self.deal_summaries[-1] if self.deal_summaries else None,
            "history": [list(h) for h in self.history],
            "final_deal": final,
            "steps_max": TOP_STEP,
            "game_over": self.is_over,
            "standings": self.standings() if self.is_over else None,
        })
        return view

    def bot_view(self, seat: int) -> dict[str, Any]:
        """What a computer player in ``seat`` decides from: :meth:`view` less what only the page
        draws (the legal moves as text, the event list, the history, the last deal's summary,
        whether this deal is the game's last, the players' names, contract words and next steps,
        what a table meld's jokers stand for).

        A part of the seat's own view (every value in it is in the view at the same place), so
        it holds nothing the person's page does not; it exists because a computer player reads
        it at every decision, and a replay on the leaderboard recomputes every one of them:
        building the page's extras was a fifth of a whole Daily's verification.
        """
        if not 0 <= seat < PLAYERS:
            raise ValueError(f"there is no seat {seat} (seats are 0 to 3)")
        me = self.players[seat]
        mine = seat == self.current_seat and not self.is_over
        return {
            "engine": __version__, "seed": self.seed, "seat": seat,
            "deal": self.deal, "deals_max": MAX_DEALS, "dealer": self.dealer,
            "turn": None if self.is_over else self.current_seat, "phase": self.phase,
            "hand": [str(c) for c in sorted_hand(me.hand)],
            "taken": str(self.taken) if mine and self.taken else None,
            "laid_down_this_turn": mine and self.laid_down_now,
            "players": [{
                "seat": p.seat, "step": min(p.step, TOP_STEP), "completed": p.completed, "cards": len(p.hand),
                "laid_down": self._laid_down_now(p), "penalty": p.penalty, "picked": list(p.picked),
                "discarded": list(p.discarded),
            } for p in self.players],
            "table": [{"id": tm.id, "owner": tm.owner, "kind": tm.meld.kind, "cards": [str(c) for c in tm.meld.cards]}
                      for tm in self.table],
            "discard": [str(c) for c in self.discard],
            "stock": len(self.stock), "rebuilds": max(0, min(self.exhaustions, MAX_EXHAUSTIONS - 1)),
        }

    def _lightest_laydown(self) -> str | None:
        """The lay-down a person's Lay down button plays, written out: the finder's arrangement
        with a tie of jokers and cards broken by the fewest points left in hand.

        Plain ``laydown`` keeps the finder's own order (computer players choose it, and a
        replay recomputes their choices); the button asks for the lighter hand instead, and the
        explicit form records exactly what was laid down. ``None`` until the current seat has
        drawn and its hand makes the contract.
        """
        if self.phase != "play" or self.players[self.current_seat].laid_down or self._finder_arrangement() is None:
            return None
        p = self.players[self.current_seat]
        rule = self._leaves_playable if self.taken is not None else None
        melds = self._cached("lightest", lambda: find_contract(p.hand, p.step, rule, lightest))
        return None if melds is None else str(LayDown(tuple(m.cards for m in melds)))

    def _contract_ready(self, seat: int) -> bool:
        """Whether ``seat`` can lay its contract down, as ``legal_actions()`` would say.

        On the seat's own turn after drawing it is exactly whether ``laydown`` is legal (the
        taken-card rule included); before drawing, or out of turn, whether the hand makes the
        contract, which a stock draw keeps true.
        """
        me = self.players[seat]
        if me.laid_down or self.is_over:
            return False
        if seat == self.current_seat and self.phase == "play":
            return self._finder_arrangement() is not None
        return find_contract(me.hand, me.step) is not None

    def spectator_view(self) -> dict[str, Any]:
        """The whole table with every hand face up (still never the stock order): for replays.

        Only for games that are over or being watched afterwards; a player's page never gets it.
        """
        view = self._table_view(self.current_seat, playing=False)
        view.update({"seat": None, "hand": [], "taken": str(self.taken) if self.taken else None, "events": []})
        for pj, p in zip(view["players"], self.players):
            pj["hand"] = [str(c) for c in sorted_hand(p.hand)]
        return view

    def _player_json(self, p: Player, final: bool) -> dict[str, Any]:
        return {
            "seat": p.seat, "name": p.name, "step": min(p.step, TOP_STEP),
            "contract": [{"kind": r.kind, "size": r.size} for r in CONTRACTS[min(p.step, TOP_STEP)]],
            "next_step": self._next_step(p, final),
            "completed": p.completed, "cards": len(p.hand), "laid_down": self._laid_down_now(p),
            "penalty": p.penalty,
            "picked": list(p.picked), "discarded": list(p.discarded), "discard_on_pile": p.discard_on_pile,
        }

    def _laid_down_now(self, p: Player) -> bool:
        """Whether ``p`` has laid down the contract the view shows it on.

        Once the game is over every seat stands on the step it climbed to, so the last deal's
        lay-down belongs to the contract before it: "step 8, two groups of 4, laid down" would
        name a contract never played (a play-test read it on the last table and the replay's
        last frame). The last deal's lay-downs are in its summary (``last_deal``).
        """
        return p.laid_down and not self.is_over

    def _next_step(self, p: Player, final: bool) -> int | None:
        """The step ``p`` climbs to by completing this deal's contract (RULES: everyone who laid
        down climbs one), for the next deal, or None where there is none: in the game's last deal
        (:meth:`_final_deal`: ten deals, or contract 10 laid down this deal, by anyone), on
        contract 10 (the ladder's last: completing it ends the game), and once the game is over.

        The page words its "next deal: step N" line from this, so it never counts the ladder itself.
        """
        if final or self.is_over or p.step >= TOP_STEP:
            return None
        return p.step + 1

    def _final_deal(self) -> bool:
        """Whether the deal in play is the game's last (the view's ``final_deal``).

        RULES: the game ends after ten deals, or after the deal in which someone lays down
        contract 10, whichever comes first. So it is true in deal 10 (``MAX_DEALS``) from its
        first move, and in any deal from the moment any seat has laid down contract 10 in it (a
        player on step 10 who laid down this deal: steps climb only at the deal's end); false
        once the game is over, when no deal is in play. The page says "last deal" from it (the
        deal counter, the contract panel) instead of counting deals and contracts itself.
        Page-only: not in :meth:`bot_view`, so no computer decision can depend on it.
        """
        if self.is_over:
            return False
        return self.deal >= MAX_DEALS or any(p.laid_down and p.step >= TOP_STEP for p in self.players)

    def _event_for(self, event: Event, seat: int) -> Event:
        """Hide the card of a stock draw from everyone but the player who drew it."""
        if event["type"] == "draw" and event["source"] == "stock" and event["seat"] != seat:
            return {k: v for k, v in event.items() if k != "card"}
        return dict(event)

    # ------------------------------------------------------------------ checks
    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` if cards went missing or the table holds a bad meld.

        Cheap enough to run after every action of every simulated game: it counts cards
        by index rather than hashing them.
        """
        counts = [0] * 56
        piles: list[Iterable[Card]] = [self.stock, self.discard, *(p.hand for p in self.players)]
        for tm in self.table:
            piles.append(tm.meld.cards)
            try:
                Meld.from_cards(tm.meld.cards)
            except InvalidMeldError as err:
                raise InvariantError(f"table meld {tm.id} is not valid: {err}") from None
        for pile in piles:
            for card in pile:
                counts[card.rank * 4 + "CDHS".find(card.suit)] += 1
        if counts != _DECK_COUNTS:
            wrong = [i for i, (n, want) in enumerate(zip(counts, _DECK_COUNTS)) if n != want]
            raise InvariantError(f"cards are not all accounted for (card indexes {wrong})")


_DECK_COUNTS = [3, 0, 0, 0] + [2] * 52


def ranking_key(completed: int, penalty: int) -> tuple[int, int]:
    """Who ranks higher: most contracts completed, then fewest penalty points (lower key first).

    >>> ranking_key(7, 204) < ranking_key(6, 10) < ranking_key(6, 90)
    True
    """
    return (-completed, penalty)


def _remove(hand: list[Card], cards: Iterable[Card]) -> None:
    for card in cards:
        hand.remove(card)


def _contract_words(step: int) -> str:
    return " + ".join(f"a {r.kind} of {r.size}" for r in CONTRACTS[step])
