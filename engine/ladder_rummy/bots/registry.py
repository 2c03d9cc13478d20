"""Named computer players and the three difficulties of New Game.

The Daily always uses Normal, so everyone meets the same opponents.
"""

from __future__ import annotations

from typing import Callable

from . import Bot
from .basic import BasicBot
from .random_bot import RandomBot
from .strong import Settings, StrongBot

EASY_SLIPS = 0.3
"""Share of the Easy player's decisions that are careless (see :class:`BasicBot`)."""
HARD = Settings(name="hard", samples=12, core_tries=2)
"""Hard: the strong player reading each rival's likely hand from sampled deals, and
weighing breaking up its plans to shed points (New Game only: it may take its time)."""

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
    "easy": lambda: BasicBot(slips=EASY_SLIPS, name="easy"),
    "normal": lambda: StrongBot(Settings(name="normal")),
    "hard": lambda: StrongBot(HARD),
}
DIFFICULTIES = ("easy", "normal", "hard")
DAILY_DIFFICULTY = "normal"
