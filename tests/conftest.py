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
    parser.addoption("--sim-games", type=int, default=80,
                     help="random-play games of the slow invariant check (default 80; 1,000 for the README's figure)")
