"""Named computer players and the three difficulties of New Game.

The Daily always uses Normal, so everyone meets the same opponents.
"""

from __future__ import annotations

from typing import Callable

from . import Bot
from .basic import BasicBot
from .random_bot import RandomBot
from .strong import StrongBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
    "easy": BasicBot,
    "normal": StrongBot,
    "hard": StrongBot,
}
DIFFICULTIES = ("easy", "normal", "hard")
DAILY_DIFFICULTY = "normal"
