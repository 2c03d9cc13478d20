"""The page's pure JavaScript helpers (statistics, streaks, the Daily's clock) under ``node --test``.

They run in Node in well under a second, so the main suite runs them too (``npm run test:js``
runs them alone). Without Node they skip, except under ``CI=true``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_page_helpers_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed for tests/js")
        pytest.skip("node is not installed")
    files = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests" / "js").glob("*.test.mjs"))
    run = subprocess.run([node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
