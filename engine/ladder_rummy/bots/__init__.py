"""Computer players.

A computer player is ``choose(view, legal, rng) -> Action``: it sees only its own
seat's view (the JSON the page gets, less what only the page draws:
``Game.bot_view``), the legal actions, and its own seeded generator. It cannot reach the game, other hands or the stock order, so it is
fair by construction, and a game replays exactly from its seed and log.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from ..actions import Action

View = dict[str, Any]


class Bot(Protocol):
    """What every computer player offers."""

    name: str

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` from what ``view`` shows."""
        ...


def make_bot(kind: str) -> Bot:
    """A bot by its name (``random``, ``basic``, ``expert``, ``strong``), by difficulty (``easy``,
    ``normal``, ``hard``: this engine version's), or by an earlier version's difficulty
    (``normal@1.0.0``)."""
    from .registry import BOTS

    try:
        factory: Callable[[], Bot] = BOTS[kind]
    except KeyError:
        raise ValueError(f"no computer player named {kind!r} (choose from {', '.join(sorted(BOTS))})") from None
    return factory()
