"""How this project launches Debian's Chromium headless, written once.

The browser tests, the benchmarks under ``bench/`` and the tools under ``tools/`` all drive the
same Chromium with the same flags, so a flag is changed in one
place and a benchmark measures the browser the tests check.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, BrowserType, Playwright

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium (the ``CHROMIUM`` environment variable points elsewhere)."""

CHROMIUM_ARGS = [
    # Every host but localhost unresolvable: a request to another origin is caught by the
    # tests' guard without a packet leaving the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
    "--headless",
    "--no-sandbox",  # runs as root in containers and CI
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Chromium's own calls home would count as foreign requests (and as noise in the benches).
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""The flags that run Chromium headless here and keep it from calling home."""

TIMEOUT_MS = 120_000
"""How long a benchmark or tool waits for the page: a cold Pyodide boot on a loaded 2-core machine."""


def launch(driver: Playwright) -> Browser:
    """Chromium with the project's flags, from a started Playwright ``driver``."""
    return driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def open_profile(browser_type: BrowserType, folder: Path, **options: object) -> BrowserContext:
    """Chromium, with the project's flags, on the browser profile kept in ``folder`` (created
    when missing); ``options`` as for a new context (viewport, has_touch, …)."""
    return browser_type.launch_persistent_context(str(folder), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, **options)


def copy_profile(profile: Path, folder: Path) -> Path:
    """A copy of a closed browser profile, to open without changing the original."""
    shutil.copytree(profile, folder, symlinks=True, ignore=shutil.ignore_patterns("Singleton*"))
    return folder
