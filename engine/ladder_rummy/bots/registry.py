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
HARD = Settings(name="hard", exact=True)
"""Hard: the strong player searching every hand a discard could leave (about ten
searches a turn; Normal derives most of them). New Game only, so it may take its time.
Measured no stronger than Normal, head to head: sampling rivals' hands (the earlier
Hard) did not pay either (see docs/BOTS.md)."""

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
