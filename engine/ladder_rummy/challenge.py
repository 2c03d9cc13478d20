"""A challenge: a finished New Game sent to a friend, who plays the same deals.

The link carries the seed, the difficulty and the challenger's result; the long link also
carries the challenger's own moves. Only the person's moves travel: the computer players'
moves follow from the seed and the person's moves, so the engine rebuilds the whole log by
playing them again — which is also what makes a result carried by a long link trustworthy:
the page shows the result the engine replays, never the one the link claims.

A link names the engine version that played it: its computer players are that version's (the
registry keeps every earlier version's difficulties), so a challenge sent before an update plays
the same deals against the same opponents after it; a version this engine does not know is
refused with a message saying so.

>>> from ladder_rummy.match import Match
>>> match = Match.against("challenge-doc", "easy")
>>> moves = person_moves("challenge-doc", list(match.game.log))
>>> moves
[]
"""

from __future__ import annotations

from typing import Any, Sequence

from . import __version__
from .bots.registry import DIFFICULTIES
from .errors import LadderRummyError, ReplayError
from .game import Game, ranking_key
from .match import PERSON, Match, person_and_bots
from .seeds import check_seed, is_daily_seed
from .verify import REPLAY_COMPATIBLE

MAX_PERSON_MOVES = 4_000
"""More moves than any real game of ten deals has (about 300 is a long one); a cap on work."""


def person_moves(seed: str, log: Sequence[str]) -> list[str]:
    """The entries of a game's log that the person (seat 0) played, in order.

    The rules alone say whose turn each entry was, so no computer player is needed here.
    """
    game = Game.new(seed)
    moves: list[str] = []
    for index, entry in enumerate(log):
        seat = game.current_seat
        game.apply_logged(index, entry)
        if seat == PERSON:
            moves.append(str(entry))
    return moves


def check_settings(seed: object, difficulty: object, version: object) -> None:
    """:class:`LadderRummyError` naming what a challenge's seed, difficulty or engine version lacks."""
    if not isinstance(seed, str):
        raise LadderRummyError("the challenge's seed must be text")
    check_seed(seed)  # its length and characters, as any game's
    if difficulty not in DIFFICULTIES:
        raise LadderRummyError(f"{difficulty!r} is not a difficulty (easy, normal or hard)", "no_difficulty",
                               difficulty=str(difficulty)[:40])
    if version not in REPLAY_COMPATIBLE:
        raise LadderRummyError(f"this challenge was played by engine {version!r}; this engine plays the games of"
                               f" {', '.join(REPLAY_COMPATIBLE)}")
    if is_daily_seed(seed):
        raise LadderRummyError(f"the seed {seed!r} is a Daily's, and a challenge is a New Game", "daily_seed", seed=seed)


def replay_person_moves(seed: str, difficulty: str, moves: Sequence[object], version: str = __version__) -> Match:
    """Play the person's ``moves`` against the computer players of ``difficulty`` of engine
    ``version`` from ``seed``.

    Raises :class:`ReplayError` naming the first move that is not legal where it falls, or
    :class:`LadderRummyError` for an unknown version or too many moves.
    """
    check_settings(seed, difficulty, version)
    if not isinstance(moves, (list, tuple)):
        raise LadderRummyError("the challenger's moves must be a list of actions")
    if len(moves) > MAX_PERSON_MOVES:
        raise LadderRummyError(f"the challenge carries {len(moves)} moves; no game is that long")
    match = Match(seed, person_and_bots(difficulty, version))
    match.advance()
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            raise ReplayError(index, repr(move), "a move must be text")
        if match.game.is_over:
            raise ReplayError(index, move, "the game is already over")
        try:
            match.play_person(move)
        except LadderRummyError as err:
            raise ReplayError(index, move, str(err)) from None
    return match


def person_result(game: Game) -> dict[str, Any]:
    """The person's result, as a challenge shows it: contracts, penalty, place, and per deal
    whether they climbed and their penalty points so far (``penalties``). A link carries the row
    of climbs only; the points come from replaying a long link's moves, so that a friend sees
    how the challenger stood on points too: a tie on contracts is decided by them."""
    me = next(s for s in game.standings() if s["seat"] == PERSON)
    hands = [d["hands"][PERSON] for d in game.deal_summaries]
    return {
        "completed": me["completed"], "penalty": me["penalty"], "place": me["place"],
        "climbed": [bool(h["climbed"]) for h in hands],
        "penalties": [int(h["penalty_total"]) for h in hands],
        "finished": game.is_over,
    }


def verify_challenge(seed: str, difficulty: str, moves: Sequence[object], version: str = __version__) -> dict[str, Any]:
    """The replayed result of a challenger's moves, and the whole log (to watch the game).

    A challenge whose moves do not finish the game is refused: only finished games are sent,
    and only New Games, which never deal a Daily's seed.
    """
    match = replay_person_moves(seed, difficulty, moves, version)
    if not match.game.is_over:
        raise ReplayError(len(moves), "(end of moves)", "the challenger's game does not finish")
    return {"result": person_result(match.game), "log": list(match.game.log)}


def compare_results(mine: dict[str, Any], theirs: dict[str, Any]) -> str:
    """``"won"``, ``"lost"`` or ``"tied"``: how ``mine`` ranks against ``theirs`` by the game's ranking.

    >>> compare_results({"completed": 7, "penalty": 204}, {"completed": 7, "penalty": 180})
    'lost'
    """
    a = ranking_key(int(mine["completed"]), int(mine["penalty"]))
    b = ranking_key(int(theirs["completed"]), int(theirs["penalty"]))
    return "won" if a < b else "lost" if a > b else "tied"


def challenge_of(seed: str, log: Sequence[str]) -> dict[str, Any]:
    """What a link carries of a finished game: the person's result and their own moves.

    Raises :class:`LadderRummyError` for a game that is not finished (only finished games are sent).
    """
    game = Game.replay(seed, log)
    if not game.is_over:
        raise LadderRummyError("only a finished game can be sent as a challenge")
    return {"result": person_result(game), "moves": person_moves(seed, log)}
