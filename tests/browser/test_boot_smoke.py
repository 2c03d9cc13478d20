"""Boot smoke tests in Chromium: Python starts, on this origin only, without errors.

The ``page`` fixture (conftest.py) fails a test on any request to another
origin, any console error and any uncaught page error. Every page here is a first
visit, from a fresh profile (``first_visit_page``).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit
from typing import TYPE_CHECKING

import pytest
from helpers import command
from test_offline import guarded_context
from test_table import after, open_seed, replies

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from throttle import Profile, RunningProxy  # noqa: E402  (the benchmarks' phone network)

ENGINE_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


@pytest.fixture
def context(first_visit_context: BrowserContext) -> BrowserContext:
    """This module's tests are about a first visit: a fresh profile (conftest.first_visit_context)."""
    return first_visit_context


@pytest.fixture
def page(first_visit_page: Page) -> Page:
    """A guarded page of a first visit (conftest.first_visit_page)."""
    return first_visit_page


def boot_probe(page: Page, site: Site, query: str = "") -> str:
    """Open the runtime probe and wait until it reports; return its verdict."""
    page.goto(site.at(f"__probe__/{query}"))
    page.wait_for_selector("html[data-python]", state="attached")
    return str(page.get_attribute("html", "data-python"))


def test_runtime_boots_the_engine_wheel_from_its_own_origin(page: Page, site: Site, guard: Guard) -> None:
    """PyWorker on self-hosted Pyodide installs the wheel by URL and answers a call."""
    verdict = boot_probe(page, site)
    assert verdict == "ready", page.text_content("#status")
    probe = page.evaluate("window.probe")
    assert probe["version"] == ENGINE_VERSION
    guard.assert_clean()


def test_without_an_explicit_version_pyscript_goes_to_a_cdn(context: BrowserContext, site: Site, guard: Guard) -> None:
    """The trap the bridge avoids: no ``version`` option means Pyodide from a CDN.

    Also shows that the guard sees requests made by the worker. The test
    browser resolves no host but localhost, so nothing leaves the machine.
    """
    page = context.new_page()
    page.goto(site.at("__probe__/?no-version"))
    page.wait_for_selector("html[data-python]", state="attached", timeout=60_000)
    assert any("pyodide" in request for request in guard.foreign_requests), guard.foreign_requests


def test_game_page_boots_python(page: Page, site: Site, guard: Guard) -> None:
    """The game page leaves its boot screen with Python running, and stays on its origin."""
    page.goto(site.url)
    page.wait_for_selector('#app:not([data-screen="boot"]), #boot-error:not([hidden])', state="attached")
    assert page.is_hidden("#boot-error"), page.text_content("#boot-error")
    guard.assert_clean()


SNAPSHOTS = "ladder-rummy-python"  # site/js/pyodide-worker.js
STORED = """caches.open('%s').then(c => c.keys()).then(keys => Promise.all(keys.map(async k =>
    [k.url, (await (await caches.open('%s')).match(k)).headers.get('content-type'),
     (await (await (await caches.open('%s')).match(k)).arrayBuffer()).byteLength])))""" % ((SNAPSHOTS,) * 3)
WORKER_MARKS = "performance.getEntriesByType('mark').map(m => m.name).filter(n => n.startsWith('ladder-rummy:worker:'))"


def test_later_boots_restore_python_from_the_first_boots_snapshot(page: Page, site: Site, guard: Guard) -> None:
    """The first boot stores a snapshot of Python with the engine imported; a reload restores it
    and plays; a snapshot Pyodide refuses is dropped, Python starts afresh and a good one is stored."""
    warnings: list[str] = []
    page.context.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.add_init_script("try { localStorage.setItem('ladder-rummy:settings', JSON.stringify({speed: 'instant'})) } catch {}")
    open_seed(page, site, "snapshot")
    page.wait_for_selector('html[data-snapshot="stored"]', state="attached")
    [(key, _, size)] = page.evaluate(STORED)
    build = json.loads((site.dist / "build.json").read_text(encoding="utf-8"))
    assert urlsplit(key).path == "/python-snapshot", key
    assert dict(parse_qsl(urlsplit(key).query)) == {k: build[k] for k in ("pyodide", "stdlib", "wheel", "worker", "pyscript")}, key
    assert size > 10_000_000, size  # Python's whole memory
    assert "ladder-rummy:worker:snapshot_taken" in page.evaluate(WORKER_MARKS)

    page.reload()
    page.wait_for_selector('#app[data-screen="table"][data-busy="false"][data-phase="draw"]', state="attached")
    marks = page.evaluate(WORKER_MARKS)
    assert "ladder-rummy:worker:snapshot" in marks and "ladder-rummy:worker:snapshot_taken" not in marks, marks
    before = replies(page)
    command(page, "draw stock")
    after(page, before)
    phase = page.get_attribute("#app", "data-phase")
    assert phase != "draw", phase

    # A broken snapshot (here: zeros) is refused by Pyodide: a warning, a fresh start, a new snapshot.
    page.evaluate(f"caches.open('{SNAPSHOTS}').then(c => c.put({key!r}, new Response(new Uint8Array(4096))))")
    page.reload()
    page.wait_for_selector('#app[data-screen="table"][data-busy="false"]:not([data-phase="draw"])', state="attached")
    marks = page.evaluate(WORKER_MARKS)
    assert "ladder-rummy:worker:snapshot" not in marks and "ladder-rummy:worker:snapshot_taken" in marks, marks
    page.wait_for_selector('html[data-snapshot="stored"]', state="attached")
    [(again, _, size)] = page.evaluate(STORED)
    assert again == key and size > 10_000_000
    assert any("Python start was refused" in text for text in warnings), warnings


DOWNLOAD_LINE = re.compile(r"Downloading the game: (\d+\.\d) of (\d+\.\d) MB")
BAR = "[document.getElementById('boot-stage').textContent, document.getElementById('boot-progress').getAttribute('aria-valuenow')]"
SLOW_LINK = Profile("4 Mbit/s", 4.0, 60.0)  # ~9 s for the download: the bar moves once a second


def test_on_a_first_visit_over_a_slow_link_the_bar_follows_the_bytes_received(browser: Browser, site: Site) -> None:
    """Through bench/throttle.py's proxy at 4 Mbit/s, a first visit's bar and its line follow the download:
    the line counts megabytes up to the total build.py stamped (what the bridge downloads, at its
    size on the network), the bar fills its download span in step, ahead of the bytes the link has
    carried by no more than what is in flight, and the table comes after."""
    proxy = RunningProxy(SLOW_LINK, int(site.url.rstrip("/").rsplit(":", 1)[1]))
    context, guard = guarded_context(browser, proxy.url)
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        start = proxy.sent()
        page.goto(proxy.url + "?seed=progress&difficulty=easy")
        page.wait_for_selector("#boot-stage:has-text('Downloading')", state="attached")
        info = json.loads(page.inner_text("#build-info"))
        total = sum(wire for _, wire in info["sizes"].values())
        seen: list[tuple[float, float, int, int]] = []  # (MB received, MB total, bar, bytes carried)
        while True:
            text, bar = page.evaluate(BAR)
            if (line := DOWNLOAD_LINE.search(text)) is None:
                break
            seen.append((float(line[1]), float(line[2]), int(bar), proxy.sent() - start))
            page.wait_for_timeout(100)
        page.wait_for_selector('#app[data-screen="table"][data-busy="false"]', state="attached")
    finally:
        context.close()
        proxy.stop()
    guard.assert_clean()
    received, totals, bars, carried = zip(*seen)
    assert set(totals) == {round(total / 1e6, 1)}, totals
    assert list(received) == sorted(received) and list(bars) == sorted(bars), seen
    assert len(set(received)) >= 5 and received[-1] >= 0.8 * totals[0], seen
    assert 6 <= bars[0] and bars[-1] <= 82 and bars[-1] - bars[0] >= 40, seen
    for mb, _, bar, sent in seen:
        assert abs(bar - (6 + 76 * mb / totals[0])) <= 2, (mb, bar)  # the bar is the line's share of its span
        assert mb * 1e6 <= sent * 1.15 + 200_000, (mb, sent)  # no more than the link carried (Brotli < gzip's estimate)
