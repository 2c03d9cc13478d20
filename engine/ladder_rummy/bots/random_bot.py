"""The weakest player: any legal action at random, but it lays down whenever it can.

It is the yardstick the basic player must beat (and a fuzzer for the engine).
"""

from __future__ import annotations

import random

from ..actions import Action, LayDown
from . import View


class RandomBot:
    """Uniform among legal actions; always lays down when it may (so games progress)."""

    name = "random"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Lay down if listed, else any legal action."""
        for action in legal:
            if isinstance(action, LayDown):
                return action
        return rng.choice(legal)
