"""Seeds and derived generators.

Every random choice of a game comes from a generator derived from the game's
seed and a purpose ("deal 3", "deal 3 rebuild 1", "bot 2"), so the deals never
depend on how anyone plays, and CPython and Pyodide draw the same numbers.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import random
import secrets

ENGINE_SALT = "ladder-rummy/1"


def derive(seed: str, *purpose: object) -> random.Random:
    """A generator for one purpose, from the game seed (SHA-256, so it is portable).

    >>> derive("x", "deal", 1).random() == derive("x", "deal", 1).random()
    True
    """
    text = "|".join([ENGINE_SALT, seed, *(str(p) for p in purpose)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def daily_seed(date: _dt.date | str) -> str:
    """The seed of the Daily game of a UTC date: the same everywhere on Earth.

    >>> daily_seed("2026-11-29")
    'daily-2026-11-29'
    """
    day = parse_date(date) if isinstance(date, str) else date
    return f"daily-{day.isoformat()}"


def parse_date(text: str) -> _dt.date:
    """Read ``YYYY-MM-DD``; the error names the text."""
    try:
        return _dt.date.fromisoformat(text.strip())
    except (ValueError, AttributeError):
        raise ValueError(f"{text!r} is not a date (expected YYYY-MM-DD)") from None


def today_utc() -> _dt.date:
    """Today's date in UTC, which names today's Daily."""
    return _dt.datetime.now(_dt.timezone.utc).date()


def new_seed() -> str:
    """A fresh seed for a New Game, short enough to read out to a friend."""
    return "new-" + secrets.token_hex(6)
