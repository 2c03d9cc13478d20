"""Actions: small frozen values with one canonical string each.

| action | canonical string |
|---|---|
| draw from the stock / the discard pile | ``draw stock`` · ``draw discard`` |
| lay down the finder's arrangement | ``laydown`` |
| lay down your own arrangement | ``laydown 7H 7S 7C / 4D 5D JK 7D`` |
| lay off a card onto table meld N | ``layoff 9D 3`` (``low``/``high`` for a joker on a run) |
| discard | ``discard KS`` |

``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from .cards import Card, format_cards, parse_cards
from .errors import InvalidActionError, InvalidCardError

Source = Literal["stock", "discard"]
# The longest real action, a lay-down of eleven cards, is under 60 characters.
MAX_ACTION_TEXT = 200
MAX_SHOWN_TEXT = 40  # how much of a refused text a refusal quotes back
MAX_MELD_DIGITS = 3  # no table holds 1,000 melds
End = Literal["low", "high"]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: Source

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True, slots=True)
class LayDown:
    """Lay down the contract: ``melds`` as written, or ``None`` for the finder's arrangement."""

    melds: tuple[tuple[Card, ...], ...] | None = None

    def __str__(self) -> str:
        if self.melds is None:
            return "laydown"
        return "laydown " + " / ".join(format_cards(m) for m in self.melds)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one card to table meld ``meld`` (numbered from 1), at ``end`` of a run if told."""

    card: Card
    meld: int
    end: End | None = None

    def __str__(self) -> str:
        tail = f" {self.end}" if self.end else ""
        return f"layoff {self.card} {self.meld}{tail}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card face up on the discard pile, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


Action = Union[Draw, LayDown, LayOff, Discard]


def parse_action(text: str) -> Action:
    """Read an action in the notation above (case and extra spaces do not matter).

    >>> parse_action("layoff jk 3 LOW")
    LayOff(card=Card.parse('JK'), meld=3, end='low')

    Text that is not a move in the notation is refused with the code ``notation``: the page
    says so in the reader's language, the English ``detail`` says what exactly is wrong.
    """
    try:
        return _parse_action(text)
    except InvalidActionError as err:
        if err.code:  # a narrower reason the page words itself (an empty meld)
            raise
        shown = text.strip()[:MAX_SHOWN_TEXT] if isinstance(text, str) else ""
        raise InvalidActionError(str(err), "notation", text=shown, detail=str(err)) from None


def _parse_action(text: object) -> Action:
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise InvalidActionError(f"{text[:40]!r}...: an action is at most {MAX_ACTION_TEXT} characters")
    odd = next((c for c in text if not " " <= c <= "~"), None)
    if odd is not None:
        raise InvalidActionError(f"{text!r}: U+{ord(odd):04X} is not allowed in an action (printable ASCII only)")
    words = text.split()  # the only whitespace left is the space
    if not words:
        raise InvalidActionError("empty action (expected e.g. 'draw stock', 'discard KS')")
    verb, args = words[0].lower(), words[1:]
    parser = _PARSERS.get(verb)
    if parser is None:
        raise InvalidActionError(
            f"{text.strip()!r}: unknown action {words[0]!r} (expected draw, laydown, layoff or discard)"
        )
    try:
        return parser(args)
    except InvalidCardError as err:
        raise InvalidActionError(f"{text.strip()!r}: {err}") from None
    except InvalidActionError as err:
        raise InvalidActionError(f"{text.strip()!r}: {err}", err.code, **err.params) from None


def _parse_draw(args: list[str]) -> Action:
    if len(args) != 1 or args[0].lower() not in ("stock", "discard"):
        raise InvalidActionError("draw takes 'stock' or 'discard'")
    return Draw(args[0].lower())  # type: ignore[arg-type]


def _parse_laydown(args: list[str]) -> Action:
    if not args:
        return LayDown(None)
    text = " ".join(args)
    parts = [p for p in text.split("/")]
    if any(not p.strip() for p in parts):
        raise InvalidActionError("an empty meld between '/' separators", "meld_empty")
    return LayDown(tuple(tuple(parse_cards(p)) for p in parts))


def _parse_layoff(args: list[str]) -> Action:
    if len(args) not in (2, 3):
        raise InvalidActionError("layoff takes a card, a meld number and, for a joker on a run, low or high")
    card = parse_cards([args[0]])[0]
    if not (args[1].isascii() and args[1].isdigit()) or len(args[1]) > MAX_MELD_DIGITS or int(args[1]) < 1:
        raise InvalidActionError(f"{args[1]!r} is not a meld number (melds are numbered from 1, in digits 0-9)")
    end = args[2].lower() if len(args) == 3 else None
    if end not in (None, "low", "high"):
        raise InvalidActionError(f"{args[2]!r} is not an end (low or high)")
    return LayOff(card, int(args[1]), end)  # type: ignore[arg-type]


def _parse_discard(args: list[str]) -> Action:
    if len(args) != 1:
        raise InvalidActionError("discard takes exactly one card")
    return Discard(parse_cards(args)[0])


_PARSERS = {
    "draw": _parse_draw,
    "laydown": _parse_laydown,
    "layoff": _parse_layoff,
    "discard": _parse_discard,
}
