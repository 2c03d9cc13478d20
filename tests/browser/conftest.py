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
* ``context`` and ``page`` are a returning player's browser (``returning_profile``: the
  site's files and Python's snapshot cached, no game data), each test in a copy of its own;
  ``first_visit_context`` and ``first_visit_page`` are a fresh profile, for the tests of a
  first visit.
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
from chromium import CHROMIUM, copy_profile, launch, open_profile
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


def guarded(ctx: BrowserContext, guard: Guard) -> BrowserContext:
    """Report the context's foreign requests, console errors and page errors to ``guard``."""
    ctx.on("request", guard.on_request)  # covers the page's workers too
    ctx.on("console", guard.on_console)
    ctx.on("weberror", lambda web_error: guard.on_page_error(web_error.error))
    return ctx


@pytest.fixture(scope="session")
def returning_profile(playwright: Playwright, browser: Browser, site: Site,
                      tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A browser profile that has visited the site before, and then had its game data cleared.

    The service worker is installed and holds every file, Python's snapshot is saved and the
    wasm is compiled beside its cache entry: what a returning player's browser has. Only the
    page's own storage (localStorage, sessionStorage) is emptied, so a test starts as a person
    who has not played yet. A first visit costs ~10 s of Chromium's CPU on this machine (loading
    Pyodide and starting Python on code not yet optimised); a later one about a third of it, and
    most tests are about the table, not the first visit. The first visit, the service worker's
    install and the snapshot are tested from a fresh profile (``first_visit_context``;
    test_boot_smoke, test_offline, test_csp).
    """
    folder = tmp_path_factory.mktemp("returning") / "profile"
    ctx = open_profile(playwright.chromium, folder)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(site.url)
        page.wait_for_selector('html[data-offline="ready"]', state="attached")
        page.wait_for_selector("html[data-snapshot]", state="attached")
        assert page.get_attribute("html", "data-snapshot") == "stored"
        for _ in range(2):  # the snapshot restored, then the wasm compiled beside the service worker's copy
            page.reload()
            page.locator("#start-dialog[open]").wait_for()
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    finally:
        ctx.close()
    return folder


@pytest.fixture
def context(playwright: Playwright, returning_profile: Path, guard: Guard, tmp_path: Path) -> Iterator[BrowserContext]:
    """A guarded browser profile of its own, a copy of ``returning_profile``: the site's files
    and Python's snapshot cached, no game data."""
    ctx = guarded(open_profile(playwright.chromium, copy_profile(returning_profile, tmp_path / "profile")), guard)
    yield ctx
    ctx.close()


@pytest.fixture
def first_visit_context(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    """A fresh, guarded browser profile (empty caches, no service worker): a first visit."""
    ctx = guarded(browser.new_context(), guard)
    yield ctx
    ctx.close()


def first_tab(context: BrowserContext) -> Page:
    """The profile's blank first tab (a kept profile opens with one), else a new one."""
    blank = [tab for tab in context.pages if tab.url == "about:blank"]
    tab = blank[0] if blank else context.new_page()
    tab.set_default_timeout(BOOT_TIMEOUT_MS)
    return tab


@pytest.fixture
def page(context: BrowserContext, guard: Guard) -> Iterator[Page]:
    """A guarded page: the test fails if it leaves the origin or logs an error."""
    yield first_tab(context)
    guard.assert_clean()


@pytest.fixture
def first_visit_page(first_visit_context: BrowserContext, guard: Guard) -> Iterator[Page]:
    """``page`` on a first visit (``first_visit_context``)."""
    yield first_tab(first_visit_context)
    guard.assert_clean()
