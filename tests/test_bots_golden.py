"""Computer players play identically everywhere and across versions: the golden bot games.

The record is ``tests/golden/bots.json`` (see ``tests/golden_bots.py``); a deliberate
change to a computer player regenerates it with ``python tests/golden_bots.py --write``.
Each earlier engine version's players keep their record (``tests/golden/bots-<v>.json``):
they must still play it move for move, in CPython and in Pyodide, so that saves and
Dailies of that version still replay.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import golden_bots

ROOT = Path(__file__).resolve().parent.parent


def expected() -> dict[str, object]:
    """Every version's golden record, by version."""
    from ladder_rummy.verify import REPLAY_COMPATIBLE

    return {version: json.loads(golden_bots.golden_file(version).read_text()) for version in REPLAY_COMPATIBLE}


def test_cpython_plays_the_golden_bot_games() -> None:
    assert golden_bots.record() == json.loads(golden_bots.GOLDEN.read_text())


def test_every_earlier_version_still_plays_its_golden_games() -> None:
    from ladder_rummy import __version__

    records = expected()
    assert len(records) >= 2 or __version__ == "1.0.0"
    for version, record in records.items():
        assert golden_bots.record(version) == record, version


def test_the_daily_lineup_replays_with_its_checks() -> None:
    from ladder_rummy.match import Match, person_and_bots

    match = golden_bots.daily_with_a_person()
    again = Match.replay(match.game.seed, match.game.log, person_and_bots("normal"))
    assert again.game.standings() == match.game.standings()


def test_pyodide_plays_the_golden_bot_games(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail("node and node_modules/pyodide are required in CI (npm ci)")
        pytest.skip("node or node_modules/pyodide missing (run npm ci)")
    sys.path.insert(0, str(ROOT))
    import build  # the project's own builder: the wheel the page and the endpoint get

    wheel = build.build_wheel(build.read_project(), tmp_path)
    done = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_node.mjs"), "run", str(ROOT / "tests" / "golden_bots.py")],
        cwd=ROOT, env={**os.environ, "LADDER_RUMMY_WHEEL": str(wheel)},
        capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected()
