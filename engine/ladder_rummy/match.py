"""A game with its computer players: the person at seat 0, bots at seats 1–3.

The match plays the bots' turns up to the person's next decision. Each bot draws
from its own generator, derived from the game seed and its seat, so replaying a
log re-plays every bot decision exactly — which is how a submitted Daily is verified.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from . import __version__
from .actions import Action, parse_action
from .bots import Bot, make_bot
from .bots.registry import difficulty_name
from .errors import LadderRummyError, ReplayError
from .game import PLAYERS, Game
from .seeds import derive

PERSON = 0


def person_and_bots(difficulty: str, version: str = __version__) -> list[Bot | None]:
    """Seat 0 for the person, seats 1–3 for computer players of ``difficulty`` as engine ``version`` had them."""
    name = difficulty_name(difficulty, version)
    return [None] + [make_bot(name) for _ in range(PLAYERS - 1)]


class Match:
    """A :class:`Game` plus the computer players of ``seats`` (``None`` marks a person)."""

    def __init__(self, seed: str, seats: Sequence[Bot | None]) -> None:
        if len(seats) != PLAYERS:
            raise ValueError(f"a match has {PLAYERS} seats")
        self.game = Game.new(seed)
        self.seats = list(seats)
        self.rngs = [derive(self.game.seed, "bot", seat) for seat in range(PLAYERS)]

    @classmethod
    def against(cls, seed: str, difficulty: str, version: str = __version__) -> "Match":
        """The person against three computer players of one difficulty (of engine ``version``)."""
        return cls(seed, person_and_bots(difficulty, version))

    def bot_to_move(self) -> Bot | None:
        """The bot whose decision it is, or ``None`` when a person must act or the game is over."""
        if self.game.is_over:
            return None
        return self.seats[self.game.current_seat]

    def bot_action(self) -> Action:
        """What the bot to move decides, from its own view only."""
        bot = self.bot_to_move()
        assert bot is not None, "no computer player is to move"
        seat = self.game.current_seat
        return bot.choose(self.game.bot_view(seat), self.game.legal_actions(), self.rngs[seat])

    def advance(self) -> list[Action]:
        """Play computer turns until a person must decide or the game ends."""
        played = []
        while self.bot_to_move() is not None:
            played.append(self.game.apply(self.bot_action()))
        return played

    def play_person(self, action: Action | str, played: Callable[[], None] | None = None) -> Action:
        """Apply the person's action (validated), then let the computers play. ``played`` is
        called between the two: the page's adapter reads the person's hand as they left it."""
        self._person_to_move()
        done = self.game.apply(action)
        if played is not None:
            played()
        self.advance()
        return done

    def check_person(self, action: Action | str) -> Action:
        """Whether the person may play ``action`` now (as :meth:`play_person` would judge it); plays nothing."""
        self._person_to_move()
        return self.game.check(action)

    def _person_to_move(self) -> None:
        """Refuse, with the reason, when the game is over or a computer player is to move."""
        if self.game.is_over:
            raise LadderRummyError("the game is over", "game_over")
        if self.bot_to_move() is not None:
            raise LadderRummyError("it is not your turn", "not_your_turn")

    @classmethod
    def replay(cls, seed: str, log: Iterable[str], seats: Sequence[Bot | None]) -> "Match":
        """Rebuild a match, checking that every computer move in the log is what the bot plays."""
        match = cls(seed, seats)
        for index, entry in enumerate(log):
            if not isinstance(entry, str):
                raise ReplayError(index, repr(entry), "a log entry must be text")
            if match.bot_to_move() is not None:
                match._check_bot_entry(index, entry)
            else:
                match.game.apply_logged(index, entry)
        return match

    def _check_bot_entry(self, index: int, entry: str) -> None:
        expected = str(self.game.apply(self.bot_action()))
        if entry == expected:
            return  # a canonical action reads back as itself: no need to parse it again
        try:
            written = str(parse_action(entry))
        except LadderRummyError as err:
            raise ReplayError(index, entry, str(err)) from None
        if written != expected:
            raise ReplayError(index, entry, f"the computer player plays {expected!r} here")
