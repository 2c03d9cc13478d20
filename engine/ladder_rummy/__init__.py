"""Ladder Rummy: a contract rummy in which every player climbs a personal ladder of ten contracts.

The engine imports only the standard library. Its parts, by the card table's words:

* :mod:`.cards` — cards, the 107-card deck, penalty points;
* :mod:`.melds` — groups, runs, jokers, laying off;
* :mod:`.contracts` — the ladder and the contract finder;
* :mod:`.actions` — actions and their canonical strings;
* :mod:`.game` — deals, turns, legality, scoring, views, replay;
* :mod:`.bots` — the computer players; :mod:`.match` — a game with its computer players;
* :mod:`.adapter` — JSON in and out, for the page and the endpoint.

>>> from ladder_rummy import parse_cards, find_contract
>>> [str(m) for m in find_contract(parse_cards("7H 7S 7C 9D 9D JK 2C"), step=1)]
['7C 7H 7S', '9D 9D JK']
"""

from __future__ import annotations

__version__ = "1.2.0"

from .actions import Action, Discard, Draw, LayDown, LayOff, parse_action
from .cards import JOKER, Card, format_cards, new_deck, parse_cards
from .contracts import CONTRACTS, Requirement, describe_contract, find_contract
from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidMeldError,
    InvariantError,
    LadderRummyError,
    ReplayError,
    SaveError,
)
from .game import Game
from .melds import Meld
from .seeds import daily_seed, derive

__all__ = [
    "__version__", "Action", "Card", "CONTRACTS", "Discard", "Draw", "Game", "IllegalActionError",
    "InvalidActionError", "InvalidCardError", "InvalidMeldError", "InvariantError", "JOKER",
    "LadderRummyError", "LayDown", "LayOff", "Meld", "ReplayError", "Requirement", "SaveError",
    "daily_seed", "derive", "describe_contract", "find_contract", "format_cards", "new_deck",
    "parse_action", "parse_cards",
]
