"""Boot benchmark: build time, dist size, bytes on the wire, and Python boot in Chromium.

    python bench/boot.py [--runs 3]

Prints JSON. Builds into a temporary directory, serves it with
``python build.py serve`` (netlify.toml's headers, Brotli or gzip), and opens two pages
in headless Debian Chromium, each in a fresh profile (cold: empty HTTP cache
and IndexedDB) and then reloaded in the same profile (warm):

* ``probe`` — tests/browser/probe: PyScript's PyWorker on the self-hosted
  Pyodide, the engine wheel installed by URL, one call. Time is from
  navigation start to the first answer from Python.
* ``page`` — the game page (if site/js/main.js exists): navigation start to
  the page leaving its boot screen.

Wire bytes are the encoded (Brotli) response bodies Chromium received for the
cold load, the service worker's precache included for the game page (its
requests for files the visit already downloaded come from the HTTP cache and
count 0). ``precache_gzip_bytes`` and ``precache_brotli_bytes`` are the precache
list's size as the server sends it to a client that accepts gzip only, and Brotli.
The warm load of the game page runs under its service worker.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from chromium import TIMEOUT_MS, launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
import build  # noqa: E402  (the repository's build.py: MIME types)
from serving import serve  # noqa: E402  (build.py serve on a free port)

PROBE = ROOT / "tests" / "browser" / "probe"


def timed_builds(out: Path, runs: int) -> list[float]:
    """Wall time of ``python build.py --out`` (node_modules present), seconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "build.py", "--out", str(out)], cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return times


def gzip_size(path: Path) -> int:
    """Bytes the local server sends for a file to a client that accepts gzip only."""
    data = path.read_bytes()
    return len(gzip.compress(data, compresslevel=6, mtime=0)) if build.compressible(path, len(data)) else len(data)


def dist_figures(dist: Path) -> dict[str, int]:
    """Size of dist/ and of the precache list, raw and as sent (gzip, and Brotli as Chromium gets it)."""
    info = json.loads((dist / "build.json").read_text(encoding="utf-8"))
    files = [p for p in dist.rglob("*") if p.is_file()]
    precache = [dist / name for name in info["precache"]]
    packed = [p for p in precache if build.compressible(p, p.stat().st_size)]
    brotli = build.brotli_many(packed) or []
    return {
        "dist_files": len(files),
        "dist_bytes": sum(p.stat().st_size for p in files),
        "precache_files": len(precache),
        "precache_bytes": sum(p.stat().st_size for p in precache),
        "precache_gzip_bytes": sum(gzip_size(p) for p in precache),
        "precache_brotli_bytes": sum(len(b) for b in brotli) + sum(p.stat().st_size for p in precache if p not in packed),
        "brotli_quality": build.BROTLI_QUALITY,
    }


def load(page: Any, url: str, ready: Callable[[Any], float]) -> dict[str, float]:
    """Open url, wait for ready(page) (ms since navigation), count encoded bytes.

    Requests of the page's workers and service worker count too (the context sees them all);
    for the game page the count waits until its service worker holds everything, so a first
    visit's bytes include the precache.
    """
    finished: list[Any] = []

    def record(request: Any) -> None:
        finished.append(request)

    page.context.on("requestfinished", record)
    page.goto(url)
    ms = ready(page)
    if page.locator("#app").count():
        page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=TIMEOUT_MS)
        page.wait_for_timeout(500)
    page.context.remove_listener("requestfinished", record)
    wire = sum(max(request.sizes()["responseBodySize"], 0) for request in finished)
    return {"ms": round(ms), "requests": len(finished), "wire_bytes": wire}


def probe_ready(page: Any) -> float:
    """The probe's time from navigation start to Python's first answer."""
    page.wait_for_selector("html[data-python]", state="attached", timeout=TIMEOUT_MS)
    result = page.evaluate("window.probe")
    if "error" in result:
        raise RuntimeError(f"probe failed: {result['error']}")
    return float(result["readyMs"])


def page_ready(page: Any) -> float:
    """The game page's time from navigation start to leaving the boot screen."""
    page.wait_for_selector('#app:not([data-screen="boot"]), #boot-error:not([hidden])', state="attached", timeout=TIMEOUT_MS)
    if page.is_visible("#boot-error"):
        raise RuntimeError(f"page failed to boot: {page.text_content('#boot-error')}")
    return float(page.evaluate("performance.now()"))


def cold_and_warm(browser: Any, url: str, ready: Callable[[Any], float], runs: int) -> dict[str, Any]:
    """Median cold (fresh profile) and warm (reload, same profile) loads."""
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        cold.append(load(page, url, ready))
        warm.append(load(page, url, ready))
        context.close()
    return {
        "cold_ms": statistics.median(r["ms"] for r in cold),
        "warm_ms": statistics.median(r["ms"] for r in warm),
        "cold_runs_ms": [r["ms"] for r in cold],
        "warm_runs_ms": [r["ms"] for r in warm],
        "cold_requests": cold[0]["requests"],
        "cold_wire_bytes": cold[0]["wire_bytes"],
        "warm_wire_bytes": warm[0]["wire_bytes"],
    }


def main() -> None:
    """Build, measure, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        build_times = timed_builds(dist, args.runs)
        figures = dist_figures(dist)
        shutil.copytree(PROBE, dist / "__probe__")
        report: dict[str, Any] = {
            "build_s": round(statistics.median(build_times), 3),
            "build_runs_s": [round(t, 3) for t in build_times],
            **figures,
        }
        served = serve(dist)
        try:
            with sync_playwright() as driver:
                browser = launch(driver)
                report["probe"] = cold_and_warm(browser, served.url + "__probe__/", probe_ready, args.runs)
                if (dist / "js" / "main.js").is_file():
                    report["page"] = cold_and_warm(browser, served.url, page_ready, args.runs)
                browser.close()
        finally:
            served.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
