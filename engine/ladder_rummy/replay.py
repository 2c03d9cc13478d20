"""Watching a finished (or unfinished) game move by move, with every hand face up.

A replay is the seed and the log: frame ``i`` is the table after the first ``i``
actions. To step back and forth cheaply, the replay keeps a copy of the game every
``CHECKPOINT`` actions and plays forward from the nearest one.
"""

from __future__ import annotations

import copy
from typing import Any, Sequence

from .game import Game
from .match import Match
from .bots import Bot

CHECKPOINT = 64


class Replay:
    """Frames of one game; ``frame(i)`` shows the table after ``i`` actions, all hands face up."""

    def __init__(self, seed: str, log: Sequence[str], seats: Sequence[Bot | None] | None = None) -> None:
        if seats is not None:
            Match.replay(seed, log, seats)  # a log whose computer moves are wrong is no replay of this game
        self.seed, self.log = seed, list(log)
        self._checkpoints: dict[int, Game] = {}
        game = Game.new(seed)
        for index, entry in enumerate(self.log):
            if index % CHECKPOINT == 0:
                self._checkpoints[index] = copy.deepcopy(game)
            game.apply_logged(index, entry)
        self._checkpoints[len(self.log)] = game

    @property
    def length(self) -> int:
        """How many actions the game has: frames run from 0 to ``length``."""
        return len(self.log)

    def game_at(self, index: int) -> Game:
        """A fresh game replayed to just after ``index`` actions."""
        if not 0 <= index <= self.length:
            raise ValueError(f"frame {index} is outside this replay (0 to {self.length})")
        start = max(k for k in self._checkpoints if k <= index)
        game = copy.deepcopy(self._checkpoints[start])
        for i in range(start, index):
            game.apply_logged(i, self.log[i])
        return game

    def frame(self, index: int) -> dict[str, Any]:
        """The table after ``index`` actions, every hand face up, and the action that led here."""
        game = self.game_at(index)
        frame = game.spectator_view()
        frame.update({
            "index": index, "total": self.length,
            "action": self.log[index - 1] if index else None,
            "actor": self._actor(index),
        })
        return frame

    def _actor(self, index: int) -> int | None:
        if index == 0:
            return None
        return self.game_at(index - 1).current_seat
