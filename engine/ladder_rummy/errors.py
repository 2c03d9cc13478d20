"""The engine's error family.

Every error a caller can provoke is a ``ValueError`` whose message names the
input and the situation, so the page and the endpoint can show it as it is.
A broken internal invariant is a different type: it means a bug, not bad input.
"""

from __future__ import annotations


class LadderRummyError(ValueError):
    """Base of every error caused by input the engine was given."""


class InvalidCardError(LadderRummyError):
    """A card string that does not name a card (``"1H"``, ``"7X"``)."""


class InvalidActionError(LadderRummyError):
    """An action string that is not written in the action notation."""


class InvalidMeldError(LadderRummyError):
    """Cards that do not form the meld they were offered as."""


class IllegalActionError(LadderRummyError):
    """A well-formed action that the rules forbid in this position."""


class ReplayError(LadderRummyError):
    """A log that does not replay: names the first bad entry and its index."""

    def __init__(self, index: int, entry: str, reason: str) -> None:
        super().__init__(f"log entry {index} ({entry!r}): {reason}")
        self.index = index
        self.entry = entry
        self.reason = reason


class InvalidSeedError(LadderRummyError):
    """A seed that is not short, encodable text (or an integer)."""


class InvalidLogError(LadderRummyError):
    """A log that is not a list of action strings (a bad entry in a list is a :class:`ReplayError`)."""


class SaveError(LadderRummyError):
    """A saved game that cannot be read or belongs to another engine."""


class InvariantError(AssertionError):
    """The engine broke one of its own invariants: a bug, never bad input."""
