"""Named computer players, and the three difficulties of each engine version.

The Daily always uses Normal, so everyone meets the same opponents. A change to a
difficulty's decisions is a new engine version, since the leaderboard replays a Daily
and re-checks every computer move: the difficulties of every earlier version stay
here, by name (``normal@1.0.0``), so a save or a Daily of that version still resumes
and replays exactly as it was played.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .. import __version__
from . import Bot
from .basic import BasicBot
from .expert import ExpertBot
from .hard import HardBot, Search
from .normal import NormalBot
from .random_bot import RandomBot
from .strong import Settings, StrongBot

EASY_SLIPS = 0.3
"""Share of the Easy player's decisions that are careless (see :class:`BasicBot`)."""
HARD_1_0 = Settings(name="hard@1.0.0", exact=True)
"""Hard of engine 1.0.0: the strong player searching every hand a discard could leave
(about ten searches a turn; Normal derives most of them). Measured no stronger than
Normal (see docs/BOTS.md)."""
NORMAL_1_1 = Settings(name="normal@1.1.0", left_scale=1.5, sharpness=1.3)
"""Normal of engine 1.1.0: the chance to lay down calibrated on Normal's own games (see
:class:`Settings`), and discards weighed by what they hand a down rival (:class:`NormalBot`)."""
HARD_1_1 = Search()
"""Hard of engine 1.1.0: Normal, with its close calls searched once somebody is down (:class:`HardBot`).
Measured weaker than Normal: its draw search cost contracts, its search before laying down fed."""
HARD_1_2 = Search(draws=False, before_down=False, points=3.0)
"""Hard of engine 1.2.0: Normal, with its discards once down searched, and a world's penalty
points weighed three times as much as Normal weighs them (docs/BOTS.md, *Hard of 1.2.0*)."""

DIFFICULTIES = ("easy", "normal", "hard")
DAILY_DIFFICULTY = "normal"

Factory = Callable[[], Bot]
VERSIONS: dict[str, dict[str, Factory]] = {
    "1.0.0": {
        "easy": lambda: BasicBot(slips=EASY_SLIPS, name="easy@1.0.0"),
        "normal": lambda: StrongBot(Settings(name="normal@1.0.0")),
        "hard": lambda: StrongBot(HARD_1_0),
    },
    "1.1.0": {
        "easy": lambda: BasicBot(slips=EASY_SLIPS, name="easy@1.1.0"),
        "normal": lambda: NormalBot(NORMAL_1_1),
        "hard": lambda: HardBot(replace(NORMAL_1_1, name="hard@1.1.0"), HARD_1_1),
    },
    "1.2.0": {
        "easy": lambda: BasicBot(slips=EASY_SLIPS, name="easy@1.2.0"),
        "normal": lambda: NormalBot(replace(NORMAL_1_1, name="normal@1.2.0")),
        "hard": lambda: HardBot(replace(NORMAL_1_1, name="hard@1.2.0"), HARD_1_2),
    },
}
"""Per engine version, oldest first, its difficulties. The newest is this engine's own
(``__version__``); Easy has not changed since 1.0.0, nor Normal since 1.1.0 (so a Daily
plays the same from 1.1.0 on)."""

DAILY_PLAYERS_FROM: tuple[tuple[str, str], ...] = (("1.0.0", "0001-01-01"), ("1.1.0", "2026-12-02"))
"""Whose computer players play the Daily, from which UTC date on: (the engine version whose Normal
it is, the first date). A version whose Normal changes adds a line dated after its release, so
that everyone meets the same players on a date, whichever version their page runs, and the
leaderboard refuses a game played against another version's players (a submitter could pick
the weakest). Engine 1.1.0's Normal plays from the day after its release."""


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def daily_players(version: str) -> str:
    """The version whose Normal engine ``version`` plays the Daily with (1.2.0 plays 1.1.0's)."""
    return max((v for v, _ in DAILY_PLAYERS_FROM if _version_key(v) <= _version_key(version)), key=_version_key)


def daily_players_of(date: str) -> str:
    """The version whose Normal plays the Daily of ``date`` (``YYYY-MM-DD``)."""
    return max((v for v, first in DAILY_PLAYERS_FROM if first <= date), key=_version_key)


def daily_version(date: str) -> str:
    """The newest engine version here that plays the Daily of ``date`` with that date's players."""
    wanted = daily_players_of(date)
    return max((v for v in VERSIONS if daily_players(v) == wanted), key=_version_key)


BOTS: dict[str, Factory] = {
    "random": RandomBot,
    "basic": BasicBot,
    "expert": ExpertBot,
    "strong": StrongBot,
    **{f"{difficulty}@{version}": factory
       for version, lineup in VERSIONS.items() for difficulty, factory in lineup.items()},
    **VERSIONS[__version__],
}
"""Every computer player by name: the plain difficulty names are this version's."""


def difficulty_name(difficulty: str, version: str = __version__) -> str:
    """The registry name of a difficulty of an engine version (``normal``, ``normal@1.0.0``)."""
    return difficulty if version == __version__ else f"{difficulty}@{version}"
