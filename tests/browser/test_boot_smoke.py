"""Boot smoke tests in Chromium: Python starts, on this origin only, without errors.

The ``page`` fixture (conftest.py) fails a test on any request to another
origin, any console error and any uncaught page error.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
ENGINE_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


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
    if not (site.dist / "js" / "main.js").is_file():
        pytest.skip("site/js/main.js is not written yet")
    page.goto(site.url)
    page.wait_for_selector('#app:not([data-screen="boot"]), #boot-error:not([hidden])', state="attached")
    assert page.is_hidden("#boot-error"), page.text_content("#boot-error")
    guard.assert_clean()
