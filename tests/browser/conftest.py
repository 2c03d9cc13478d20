"""Shared browser fixtures: a built site served as in production, Chromium, guards.

* ``site`` builds the current tree into a temporary directory (``dist/`` stays
  untouched), adds the test-only runtime probe under ``/__probe__/`` and serves
  it with ``python build.py serve`` on a free port, so every response carries
  the headers of netlify.toml (CSP included).
* ``browser`` is Debian's Chromium driven by Playwright (``playwright install``
  cannot download browsers here). Without Chromium or Playwright the tests skip,
  except under ``CI=true`` where that is a failure.
* ``page`` comes with a ``guard``: any request that leaves the page's origin,
  any console error and any uncaught page error fails the test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from chromium import CHROMIUM, launch
from serving import serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Request

ROOT = Path(__file__).resolve().parents[2]
PROBE_DIR = Path(__file__).with_name("probe")
BOOT_TIMEOUT_MS = 90_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser``, so ``-m "not browser"`` skips them."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


def unavailable(reason: str) -> None:
    """Skip locally; fail in CI, where a missing browser would hide every browser test."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@dataclass
class Site:
    """A built and served copy of the site."""

    url: str  # "http://localhost:PORT/"
    dist: Path
    blobs: Path  # the leaderboard's local Blobs store

    def at(self, path: str) -> str:
        """The absolute URL of a site path such as "__probe__/"."""
        return self.url + path.lstrip("/")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Build the site into a temporary dist, add the probe page, serve it.

    The leaderboard's Blobs store is a temporary directory too, never the developer's .blobs/.
    """
    dist = tmp_path_factory.mktemp("site") / "dist"
    subprocess.run([sys.executable, "build.py", "--out", str(dist)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    shutil.copytree(PROBE_DIR, dist / "__probe__")
    blobs = tmp_path_factory.mktemp("blobs")
    # Every browser test sends from 127.0.0.1, as one network: lift the per-network cap on new
    # player ids a date (netlify/tests/leaderboard.test.mjs tests it).
    served = serve(dist, env={"LADDER_RUMMY_BLOBS_DIR": str(blobs), "LADDER_RUMMY_PLAYERS_PER_NETWORK": "1000"})
    try:
        yield Site(url=served.url, dist=dist, blobs=blobs)
    finally:
        served.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The Playwright driver, or a skip (a failure in CI) without it."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed (pip install playwright==1.65.2)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium, shared by the session."""
    if not CHROMIUM.is_file():
        unavailable(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    chromium = launch(playwright)
    yield chromium
    chromium.close()


def same_origin(url: str, origin: str) -> bool:
    """Whether a request URL stays on the page's origin (blob: and data: included)."""
    if url.startswith("data:"):
        return True
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" == origin


@dataclass
class Guard:
    """What a page did that it must not: foreign requests, console errors, page errors."""

    origin: str
    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        """Record a request that leaves the origin."""
        if not same_origin(request.url, self.origin):
            self.foreign_requests.append(f"{request.method} {request.url}")

    def on_console(self, message: ConsoleMessage) -> None:
        """Record a console error, with where it came from."""
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(f"{message.text} ({where})" if where else message.text)

    def on_page_error(self, error: Any) -> None:
        """Record an uncaught exception."""
        self.page_errors.append(str(error))

    def problems(self) -> list[str]:
        """Everything recorded, one line each."""
        return (
            [f"request to another origin: {r}" for r in self.foreign_requests]
            + [f"console error: {e}" for e in self.console_errors]
            + [f"uncaught error: {e}" for e in self.page_errors]
        )

    def assert_clean(self) -> None:
        """Fail with everything the page did wrong."""
        problems = self.problems()
        assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


@pytest.fixture
def guard(site: Site) -> Guard:
    """The guard of this test's page (see ``page``)."""
    return Guard(origin=site.url.rstrip("/"))


@pytest.fixture
def context(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    """A fresh browser profile (empty caches) whose pages and workers are guarded."""
    ctx = browser.new_context()
    ctx.on("request", guard.on_request)  # covers the page's workers too
    ctx.on("console", guard.on_console)
    ctx.on("weberror", lambda web_error: guard.on_page_error(web_error.error))
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext, guard: Guard) -> Iterator[Page]:
    """A guarded page: the test fails if it leaves the origin or logs an error."""
    tab = context.new_page()
    tab.set_default_timeout(BOOT_TIMEOUT_MS)
    yield tab
    guard.assert_clean()
