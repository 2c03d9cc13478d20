"""Shared pytest set-up: the engine is imported from the source tree (engine/)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "tests"))


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--sim-games N``: how many random-play games ``pytest -m slow`` checks (test_engine_sim)."""
    parser.addoption("--sim-games", type=int, default=24,
                     help="random-play games of the slow invariant check (default 24; 1,000 for the README's figure)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (``slow``: seeded simulations, a whole game through the page) run first.

    Spread over the cores (`scripts/test.sh`), a worker cannot share a test it has begun, and
    one of these begun late can end the run alone (a whole challenge game took 145 s in a
    clean-clone run of 15.3 minutes). Begun first, the short tests fill the other core around
    them. A stable sort: the order within each kind is the files' own."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
