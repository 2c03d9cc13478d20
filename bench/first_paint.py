"""First paint, cold boot and offline boot of several builds, interleaved; prints JSON.

    python bench/first_paint.py [--runs 7] [--offline | --paint-only] [--variant LABEL=ROOT[:DIST]] ...

Why: first paint and the offline boot are a few hundred milliseconds, and this machine's load
moves them by more than any one change does. Comparing two builds measured at different times
says little; this script serves every build given at once (each with its own checkout's
``build.py serve --no-build``, so each gets the headers it shipped with) and visits them in
turns, each run in another order, so they share the same load. With no ``--variant`` it measures
this checkout's ``dist/`` (run ``python build.py`` first).

Each visit is a fresh browser profile opening a New Game link (``?seed=…``, instant speed), as
``bench/page.py``'s cold visit does, and records:

* ``first_paint_ms`` / ``fcp_ms`` — the paint entries (the shell's first frame);
* ``css_end_ms`` — when the last render-blocking stylesheet had arrived;
* ``dcl_ms`` — DOMContentLoaded (the module scripts have run their top level);
* ``cold_ms`` — navigation to a playable table (the ``ladder-rummy:playable`` mark);
* ``longtask_before_paint_ms`` — main-thread long-task time before the first paint;
* with ``--paint-only`` the visit ends ``--dwell`` ms after the first paint (the boot under way
  till then, as in a full visit), with no ``cold_ms``: many runs in little time;
* with ``--offline``: ``offline_ms`` — after the service worker holds everything (and the Python
  snapshot is stored) and ``--dwell`` ms, the same profile offline, to a playable table.

Medians per build, every sample, and the load average before and after (``os.getloadavg``).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests")]

from chromium import TIMEOUT_MS, launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
from page import warm_server  # noqa: E402  (the same warming as the boot bench)

PLAYABLE = '#app[data-screen="table"][data-busy="false"][data-phase="draw"]'
OBSERVE = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
SETTINGS = """try {
  Object.keys(localStorage).filter((k) => k.startsWith('ladder-rummy:game')).forEach((k) => localStorage.removeItem(k));
  localStorage.setItem('ladder-rummy:settings', JSON.stringify({speed: 'instant', sort: 'suit', lang: 'en'}));
} catch {}"""
# Everything one visit reads back from the page, in one evaluate.
READ = """() => {
  const paints = Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]));
  const nav = performance.getEntriesByType('navigation')[0];
  const css = performance.getEntriesByType('resource').filter(r => r.name.endsWith('.css')).map(r => r.responseEnd);
  const playable = performance.getEntriesByName('ladder-rummy:playable')[0];
  const paint = paints['first-paint'] ?? paints['first-contentful-paint'];
  const before = (window.__longtasks || []).filter(([start]) => start < paint).reduce((sum, [, d]) => sum + d, 0);
  return {
    first_paint_ms: paint, fcp_ms: paints['first-contentful-paint'] ?? null,
    css_end_ms: css.length ? Math.max(...css) : null, dcl_ms: nav.domContentLoadedEventEnd,
    cold_ms: playable ? playable.startTime : null, longtask_before_paint_ms: before,
  };
}"""


@dataclass
class Build:
    """One build under test: a label, the checkout whose build.py serves it, and its dist/."""

    label: str
    root: Path
    dist: Path
    server: subprocess.Popen[bytes] | None = None
    url: str = ""

    @classmethod
    def parse(cls, spec: str) -> "Build":
        label, _, where = spec.partition("=")
        root, _, dist = where.partition(":")
        if not label or not root:
            raise SystemExit(f"--variant {spec!r}: expected LABEL=ROOT[:DIST]")
        root_path = Path(root).resolve()
        return cls(label, root_path, Path(dist).resolve() if dist else root_path / "dist")

    def start(self) -> None:
        if not (self.dist / "index.html").is_file():
            raise SystemExit(f"{self.label}: {self.dist} has no index.html (run python build.py there)")
        port = free_port()
        self.server = subprocess.Popen(
            [sys.executable, "build.py", "--out", str(self.dist), "serve", "--no-build", "--port", str(port)],
            cwd=self.root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self.url = f"http://localhost:{port}/"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                warm_server(self.url)
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"{self.label}: the server did not start")

    def stop(self) -> None:
        if self.server:
            self.server.terminate()
            self.server.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def visit(browser, build: Build, run: int, offline: bool, dwell_ms: int, paint_only: bool = False) -> dict:
    """One fresh profile: a cold visit (to its first paint only, with ``paint_only``), and with
    ``offline`` a later visit with no network."""
    context = browser.new_context()
    try:
        context.add_init_script(SETTINGS)
        context.add_init_script(OBSERVE)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{build.url}?seed=fp-{run}&difficulty=normal")
        if paint_only:
            page.wait_for_function("performance.getEntriesByType('paint').length > 0")
            page.wait_for_timeout(dwell_ms)
            return {k: (round(v, 1) if isinstance(v, float) else v) for k, v in page.evaluate(READ).items()}
        page.wait_for_selector(PLAYABLE, state="attached")
        page.wait_for_function("performance.getEntriesByName('ladder-rummy:playable').length > 0")
        sample = page.evaluate(READ)
        if offline:
            page.wait_for_selector('html[data-offline="ready"]', state="attached")
            if page.evaluate("performance.getEntriesByName('ladder-rummy:worker:snapshot_taken').length"):
                page.wait_for_selector("html[data-snapshot]", state="attached")
            page.wait_for_timeout(dwell_ms)
            context.set_offline(True)
            page.goto(f"{build.url}?seed=fp-{run}-offline&difficulty=normal")
            page.wait_for_selector(PLAYABLE, state="attached")
            page.wait_for_function("performance.getEntriesByName('ladder-rummy:playable').length > 0")
            sample["offline_ms"] = page.evaluate("performance.getEntriesByName('ladder-rummy:playable')[0].startTime")
        return {k: (round(v, 1) if isinstance(v, float) else v) for k, v in sample.items()}
    finally:
        context.close()


def summarise(samples: list[dict]) -> dict:
    """Median of every figure over the runs."""
    keys = [k for k in samples[0] if all(s.get(k) is not None for s in samples)]
    return {k: round(statistics.median(s[k] for s in samples), 1) for k in keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--variant", action="append", default=[], help="LABEL=ROOT[:DIST] (repeat); default: this checkout")
    parser.add_argument("--offline", action="store_true", help="also time an offline boot from the service worker")
    parser.add_argument("--paint-only", action="store_true", help="end each visit --dwell ms after its first paint")
    parser.add_argument("--dwell", type=int, default=2000, help="ms on the page before the offline visit (or after the paint)")
    parser.add_argument("--pause", type=float, default=0.5, help="s between visits")
    args = parser.parse_args()
    builds = [Build.parse(spec) for spec in args.variant] or [Build("this", ROOT, ROOT / "dist")]
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    samples: dict[str, list[dict]] = {b.label: [] for b in builds}
    try:
        for build in builds:
            build.start()
        with sync_playwright() as driver:
            browser = launch(driver)
            for run in range(args.runs):
                order = builds[run % len(builds):] + builds[:run % len(builds)]
                for build in order:
                    time.sleep(args.pause)
                    samples[build.label].append(visit(browser, build, run, args.offline, args.dwell, args.paint_only))
            browser.close()
    finally:
        for build in builds:
            build.stop()
    report = {
        "runs": args.runs,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        "median": {label: summarise(s) for label, s in samples.items()},
        "samples": samples,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
