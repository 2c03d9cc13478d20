"""The engine's error family.

Every error a caller can provoke is a ``ValueError`` whose message names the
input and the situation, so the page and the endpoint can show it as it is.
A broken internal invariant is a different type: it means a bug, not bad input.
"""

from __future__ import annotations


#: Every refusal code and the params its sentence is given. The page has words for each code in
#: every language (site/i18n/*.json, ``refusal``; tests/test_refusals.py holds the two to each
#: other); the page adds ``contract``, the words of contract ``step``. ``detail`` (of ``notation``)
#: is English: what exactly is wrong with a typed move, which only the English words quote.
REFUSALS: dict[str, frozenset[str]] = {code: frozenset(params) for code, params in {
    "notation": ("text", "detail"), "game_over": (), "not_your_turn": (), "not_action": (),
    "draw_first": (), "drawn_already": (), "discard_empty": (), "only_copies": ("card",),
    "laid_down_already": (), "contract_not_made": ("step",), "contract_is": ("step",),
    "not_held": ("cards",), "too_few": ("card", "held", "used"), "only_taken": ("card",),
    "lay_down_first": (), "laid_down_now": (), "no_meld": ("meld",), "no_fit": ("card", "meld"),
    "group_ends": ("meld",), "no_fit_low": ("card", "meld"), "no_fit_high": ("card", "meld"),
    "discard_taken": ("card",),
    "meld_empty": (), "meld_ranks": ("cards",), "meld_suits": ("cards",), "meld_order": ("cards",),
    "meld_order_ace": ("cards",), "meld_gap": ("cards", "missing"), "slot_no_run": ("cards",),
    "meld_run_long": ("cards", "size"), "meld_naturals": ("cards",), "meld_neither": ("cards", "size"),
    "meld_short_group": ("cards", "size"), "meld_short_run": ("cards", "size"),
    # A game a link asks for that cannot be started (adapter.new_game, adapter.challenge).
    "daily_seed": ("seed",), "no_difficulty": ("difficulty",), "seed_length": ("size",), "seed_hidden": ("char",),
    # A saved game the page cannot continue (adapter.check_save): the page says why it set it aside.
    "save_format": ("format",), "save_fields": (), "save_seed": (), "save_future": ("date",),
    "past_only_gone": (),
}.items()}


class LadderRummyError(ValueError):
    """Base of every error caused by input the engine was given.

    Besides its English message, a refusal a player can meet at the table carries a ``code`` (a
    stable name such as ``"not_held"``) and the ``params`` its sentence needs (card strings such
    as ``"7H"``, numbers). The page words the code in the reader's language and falls back to
    the message when it has no words for it; the message stays what the endpoint and the logs
    show. An error without a code is shown as its message.
    """

    def __init__(self, message: str, code: str = "", **params: str | int) -> None:
        super().__init__(message)
        if code and REFUSALS.get(code) != frozenset(params):
            raise InvariantError(f"refusal {code!r} with params {sorted(params)}: not as errors.REFUSALS has it")
        self.code = code
        self.params = params


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


class EngineVersionError(LadderRummyError):
    """A game of an engine version that cannot count here: one this engine cannot replay, or a
    Daily played against another version's computer players than its date's."""


class InvalidSeedError(LadderRummyError):
    """A seed that is not short, encodable text (or an integer)."""


class InvalidLogError(LadderRummyError):
    """A log that is not a list of action strings (a bad entry in a list is a :class:`ReplayError`)."""


class SaveError(LadderRummyError):
    """A saved game that cannot be read or belongs to another engine."""


class InvariantError(AssertionError):
    """The engine broke one of its own invariants: a bug, never bad input."""
