"""CPython and Pyodide play identical games: the golden record, recomputed under Pyodide in Node.

The wheel is built fresh from engine/ for this test, so a stale dist/ cannot hide a difference.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "games.json"


def _node_ready() -> bool:
    return shutil.which("node") is not None and (ROOT / "node_modules" / "pyodide").is_dir()


@pytest.fixture(scope="module")
def fresh_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not _node_ready():
        if os.environ.get("CI") == "true":
            pytest.fail("node and node_modules/pyodide are required in CI (npm ci)")
        pytest.skip("node or node_modules/pyodide missing (run npm ci)")
    sys.path.insert(0, str(ROOT))
    import build  # the project's own builder: the same wheel the page and the endpoint get

    return build.build_wheel(build.read_project(), tmp_path_factory.mktemp("wheel"))


def run_in_pyodide(script: Path, wheel: Path, *args: str) -> str:
    env = {**os.environ, "LADDER_RUMMY_WHEEL": str(wheel)}
    done = subprocess.run(["node", str(ROOT / "tools" / "pyodide_node.mjs"), "run", str(script), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_pyodide_matches_the_golden_record(fresh_wheel: Path) -> None:
    out = run_in_pyodide(ROOT / "tests" / "golden_games.py", fresh_wheel)
    record = json.loads(out.strip().splitlines()[-1])
    assert record == json.loads(GOLDEN.read_text())
