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

from .errors import InvalidSeedError

ENGINE_SALT = "ladder-rummy/1"
MAX_SEED_CHARS = 200


def check_seed(seed: object) -> str:
    """A seed as the engine keeps it: text (or an integer) of at most 200 characters that
    encodes as UTF-8; :class:`InvalidSeedError` names what is wrong otherwise.

    >>> check_seed(42)
    '42'
    """
    if isinstance(seed, bool) or not isinstance(seed, (str, int)):
        raise InvalidSeedError(f"a seed must be text or an integer, not {type(seed).__name__}")
    text = str(seed)
    if not text or len(text) > MAX_SEED_CHARS:
        raise InvalidSeedError(f"a seed must be 1 to {MAX_SEED_CHARS} characters, not {len(text)}", "seed_length", size=len(text))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise InvalidSeedError(f"the seed {text[:40]!r} holds U+{ord(text[err.start]):04X}, which is no character (a lone surrogate)") from None
    # A control or format character (NUL, a right-to-left override) would show a link's seed as
    # other text than the one that deals: refused, so what a person reads is what they play.
    hidden = next((c for c in text if _hidden(ord(c))), None)
    if hidden is not None:
        raise InvalidSeedError(f"a seed may not hold U+{ord(hidden):04X}, a character that does not show", "seed_hidden",
                               char=f"U+{ord(hidden):04X}")
    return text


_HIDDEN = ((0x00, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x061C, 0x061C), (0x180E, 0x180E), (0x200B, 0x200F),
           (0x2028, 0x202E), (0x2060, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB))
"""Control characters and the invisible format characters (bidirectional marks and overrides,
zero-width ones, the soft hyphen) by code point: ``unicodedata`` is not in the page's cut of
the standard library, and these ranges are all a seed needs."""


def _hidden(code: int) -> bool:
    return any(low <= code <= high for low, high in _HIDDEN)


def is_daily_seed(seed: str) -> bool:
    """Whether ``seed`` is the one a Daily deals from (``daily-`` and a date): a New Game may not
    deal it, or today's and tomorrow's Dailies could be rehearsed with hints on.

    >>> is_daily_seed("daily-2026-12-04"), is_daily_seed("daily-fun")
    (True, False)
    """
    if not seed.startswith("daily-"):
        return False
    try:
        return daily_seed(seed[len("daily-"):]) == seed
    except InvalidSeedError:
        return False


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
    if not isinstance(text, str) or len(text) > 40:
        raise InvalidSeedError(f"{str(text)[:40]!r} is not a date (expected YYYY-MM-DD)")
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidSeedError(f"{text!r} is not a date (expected YYYY-MM-DD)") from None


def today_utc() -> _dt.date:
    """Today's date in UTC, which names today's Daily."""
    return _dt.datetime.now(_dt.timezone.utc).date()


def new_seed() -> str:
    """A fresh seed for a New Game, short enough to read out to a friend."""
    return "new-" + secrets.token_hex(6)
