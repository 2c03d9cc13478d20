"""Each source of the production Content-Security-Policy is needed.

The probe page boots under netlify.toml's policy (test_boot_smoke.py); here
its document is served with one source taken out at a time, and the engine
must fail to start with a CSP violation. The worker runs from a blob: URL,
so it inherits the document's policy: changing the document's header is
enough to test both. worker-src 'self' is for the service worker (/sw.js):
without it the registration is refused while the game itself still starts.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Site
    from playwright.sync_api import BrowserContext, ConsoleMessage, Route

ROOT = Path(__file__).resolve().parents[2]
NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
POLICY = next(
    block["values"]["Content-Security-Policy"] for block in NETLIFY["headers"] if block["for"] == "/*"
)


@pytest.fixture
def context(first_visit_context: BrowserContext) -> BrowserContext:
    """This module's tests are about a first visit: a fresh profile (conftest.first_visit_context)."""
    return first_visit_context


def without(policy: str, directive: str, source: str) -> str:
    """The policy with one source removed from one directive."""
    parts = []
    for part in policy.split(";"):
        name, *sources = part.split()
        if name == directive:
            sources = [s for s in sources if s != source]
        parts.append(" ".join([name, *sources]))
    return "; ".join(parts)


@pytest.mark.parametrize(
    ("directive", "source"),
    [
        ("script-src", "'unsafe-eval'"),  # PyScript: Function() for worker hooks
        ("worker-src", "blob:"),  # PyScript: the PyWorker's blob: URL
    ],
)
def test_removing_a_source_stops_python(context: BrowserContext, site: Site, directive: str, source: str) -> None:
    """Without the source, Chromium reports a CSP violation and Python never starts."""
    assert source in POLICY
    policy = without(POLICY, directive, source)
    probe_url = site.at("__probe__/")

    def serve_with_policy(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    page = context.new_page()
    page.route(probe_url, serve_with_policy)
    with page.expect_event(
        "console", predicate=lambda m: is_csp_violation(m), timeout=60_000
    ) as violation:
        page.goto(probe_url)
    assert directive in violation.value.text
    page.wait_for_timeout(500)
    assert page.get_attribute("html", "data-python") != "ready"


def is_csp_violation(message: ConsoleMessage) -> bool:
    """A console error that Chromium logs when CSP blocks something."""
    return message.type == "error" and "Content Security Policy" in message.text


def test_policy_has_no_source_from_another_origin() -> None:
    """Only keywords, 'self' and blob: appear: no host, no scheme wildcard."""
    sources = {s for part in POLICY.split(";") for s in part.split()[1:]}
    assert sources <= {"'self'", "'none'", "'unsafe-eval'", "blob:"}, sources


def test_removing_self_from_worker_src_stops_the_service_worker(context: BrowserContext, site: Site) -> None:
    """worker-src 'self' is for /sw.js: without it Chromium refuses the registration, the game
    still starts (its PyWorker runs from blob:), but it is never stored for offline play."""
    policy = without(POLICY, "worker-src", "'self'")

    def serve_with_policy(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    page = context.new_page()
    page.route(site.url, serve_with_policy)
    with page.expect_event("console", predicate=is_csp_violation, timeout=90_000) as violation:
        page.goto(site.url)
        page.locator("#start-dialog[open]").wait_for(timeout=90_000)
    assert "worker-src" in violation.value.text and "sw.js" in violation.value.text
    page.wait_for_timeout(1000)
    assert page.get_attribute("html", "data-offline") is None
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0


def test_with_the_production_policy_the_service_worker_takes_the_game_offline(context: BrowserContext, site: Site) -> None:
    """The other half of the proof: under netlify.toml's policy the registration succeeds."""
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=90_000)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 1
