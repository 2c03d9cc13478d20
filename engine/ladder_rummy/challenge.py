"""A challenge: a finished New Game sent to a friend, who plays the same deals.

The link carries the seed, the difficulty and the challenger's result; the long link also
carries the challenger's own moves. Only the person's moves travel: the computer players'
moves follow from the seed and the person's moves, so the engine rebuilds the whole log by
playing them again — which is also what makes a result carried by a long link trustworthy:
the page shows the result the engine replays, never the one the link claims.

>>> from ladder_rummy.match import Match
>>> match = Match.against("challenge-doc", "easy")
>>> moves = person_moves("challenge-doc", list(match.game.log))
>>> moves
[]
"""

from __future__ import annotations

from typing import Any, Sequence

from .errors import LadderRummyError, ReplayError
from .game import Game, ranking_key
from .match import PERSON, Match, person_and_bots

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


def replay_person_moves(seed: str, difficulty: str, moves: Sequence[object]) -> Match:
    """Play the person's ``moves`` against the computer players of ``difficulty`` from ``seed``.

    Raises :class:`ReplayError` naming the first move that is not legal where it falls, or
    :class:`LadderRummyError` when there are too many moves or some are left after the end.
    """
    if not isinstance(moves, (list, tuple)):
        raise LadderRummyError("the challenger's moves must be a list of actions")
    if len(moves) > MAX_PERSON_MOVES:
        raise LadderRummyError(f"the challenge carries {len(moves)} moves; no game is that long")
    match = Match(seed, person_and_bots(difficulty))
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
    """The person's result, as a challenge shows it: contracts, penalty, place, a row per deal."""
    me = next(s for s in game.standings() if s["seat"] == PERSON)
    return {
        "completed": me["completed"], "penalty": me["penalty"], "place": me["place"],
        "climbed": [bool(d["hands"][PERSON]["climbed"]) for d in game.deal_summaries],
        "finished": game.is_over,
    }


def verify_challenge(seed: str, difficulty: str, moves: Sequence[object]) -> dict[str, Any]:
    """The replayed result of a challenger's moves, and the whole log (to watch the game).

    A challenge whose moves do not finish the game is refused: only finished games are sent.
    """
    match = replay_person_moves(seed, difficulty, moves)
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
