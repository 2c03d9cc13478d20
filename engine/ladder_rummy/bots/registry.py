"""Named computer players and the three difficulties of New Game.

The Daily always uses Normal, so everyone meets the same opponents.
"""

from __future__ import annotations

from typing import Callable

from . import Bot
from .basic import BasicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "easy": BasicBot,
    "normal": BasicBot,
    "hard": BasicBot,
}
DIFFICULTIES = ("easy", "normal", "hard")
DAILY_DIFFICULTY = "normal"
