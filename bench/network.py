"""First visit over a phone's network: the game against a bare Pyodide page, throttled; prints JSON.

    python bench/network.py [--profile 4G] [--profile "slow 4G"] [--runs 3]

Builds the site into a temporary folder, adds a bare ``loadPyodide`` page beside it that loads
the **untrimmed** Pyodide files (dist/pyodide/<version>/ as npm ships them: the whole standard
library and lockfile, which the game does not load), serves both with ``python build.py serve`` (netlify.toml's headers
and the encodings Netlify's CDN sends) and puts bench/throttle.py in front: one shared downlink,
a latency on each new connection. Then, per profile, ``--runs`` times, taking turns (each run the
other kind goes first), each in a fresh browser profile:

* ``game`` — a cold first visit of a New Game by link (``?seed=…``, instant computer speed):
  navigation to ``ladder-rummy:playable``; the bytes that crossed the link by then, and by the
  time the service worker holds everything (``first_visit_bytes``: the page and its precache);
* ``bare`` — a cold visit of the bare page: navigation to Python's first answer, and its bytes.

Reported: medians and every run; ``ratio`` (game ÷ bare, the budget: ≤ 1.0 on 4G); the floors
(``first_visit_bytes`` and the bytes before playable at the link's rate: no boot can be quicker);
and, from the game's first run, when each download started and ended (``waterfall``) and which
requests started before the table was playable although the first table does not need them
(``not_needed_before_playable``), and where its boot went (``marks``: the page's and the worker's
performance marks, ms since navigation). Bytes are counted at the proxy (response headers included) and
as Chromium's encoded bodies (``body_bytes``: page, workers and service worker).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(Path(__file__).parent)]

from chromium import launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
from serving import serve  # noqa: E402  (build.py serve on a free port)
from throttle import PROFILES, Profile, RunningProxy  # noqa: E402

BUDGET_RATIO = {"4G": 1.0}
BUDGET_FIRST_VISIT_BYTES = 4_800_000
BARE_DIR = "__bench__"
BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.js"></script></head><body>bare loadPyodide</body></html>
"""
# The baseline: Pyodide as npm ships it, loaded directly, Python asked one thing. No service worker.
BARE_JS = """const url = new URL("../__PYODIDE__", import.meta.url);
const { loadPyodide } = await import(url.href);
const pyodide = await loadPyodide({ indexURL: new URL(".", url).href });
pyodide.runPython("1 + 1");
performance.mark("bare:ready");
document.documentElement.dataset.ready = "1";
"""
# What the first table needs none of: a request for one before it is playable waits for nothing,
# but it shares the link with the boot.
NOT_NEEDED_FIRST = ("icons/*.png", "i18n/tr.json", "i18n/ko.json", "manifest.webmanifest")
SETTINGS = "try { localStorage.setItem('ladder-rummy:settings', JSON.stringify({speed: 'instant', sort: 'suit', lang: 'en'})); } catch {}"
QUIET_S = 1.0


def prepare(dist: Path) -> None:
    """Build the site into dist and add the bare page with the untrimmed runtime."""
    subprocess.run([sys.executable, "build.py", "--out", str(dist)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    bare = dist / BARE_DIR
    bare.mkdir()
    pyodide = json.loads((dist / "build.json").read_text(encoding="utf-8"))["pyodide"]
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "bare.js").write_text(BARE_JS.replace("__PYODIDE__", pyodide), encoding="utf-8")


def warm_server(url: str, dist: Path) -> None:
    """Ask for every file once, compressed, so no visit waits for the server's first compression."""
    import urllib.request

    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        request = urllib.request.Request(url + path.relative_to(dist).as_posix(), headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
        with urllib.request.urlopen(request) as answer:
            answer.read()


class Visit:
    """One cold visit in a fresh browser profile, through the proxy."""

    def __init__(self, browser: Any, proxy: RunningProxy, kind: str, run: int) -> None:
        self.kind, self.proxy = kind, proxy
        self.context = browser.new_context()
        self.context.add_init_script(SETTINGS)
        self.finished: list[Any] = []
        self.context.on("requestfinished", lambda request: self.finished.append(request))
        self.page = self.context.new_page()
        self.page.set_default_timeout(300_000)
        self.path = f"?seed=network-{run}&difficulty=normal" if kind == "game" else f"{BARE_DIR}/"

    def run(self) -> dict[str, Any]:
        """Open the page cold; time to playable (or ready), and the bytes by then and in all."""
        start = self.proxy.sent()
        self.page.goto(self.proxy.url + self.path)
        name = "ladder-rummy:playable" if self.kind == "game" else "bare:ready"
        self.page.wait_for_function(f"performance.getEntriesByName({json.dumps(name)}).length > 0")
        at_ready = self.proxy.sent() - start
        ms = float(self.page.evaluate(f"performance.getEntriesByName({json.dumps(name)})[0].startTime"))
        if self.kind == "game":
            self.page.wait_for_selector('html[data-offline="ready"]', state="attached")
            self.settle()
        marks = self.page.evaluate(
            "performance.getEntriesByType('mark').filter(m => m.name.startsWith('ladder-rummy:') || m.name.startsWith('bare:'))"
            ".map(m => [m.name.replace('ladder-rummy:', ''), Math.round(m.startTime)])"
        )
        return {
            "ms": round(ms),
            "marks": dict(sorted(marks, key=lambda mark: mark[1])),
            "bytes_before_ready": at_ready,
            "bytes": self.proxy.sent() - start,
            "body_bytes": sum(max(r.sizes()["responseBodySize"], 0) for r in self.finished),
            "requests": len(self.finished),
            "ready_ms": ms,
        }

    def settle(self) -> None:
        """Wait until no byte has crossed the link for a second (the precache is done)."""
        last, quiet_since = self.proxy.sent(), time.monotonic()
        while time.monotonic() - quiet_since < 1.0:
            time.sleep(0.2)
            if (now := self.proxy.sent()) != last:
                last, quiet_since = now, time.monotonic()

    def waterfall(self, ready_ms: float) -> list[dict[str, Any]]:
        """Each request of this visit: when it started and ended (ms since navigation), its size."""
        origin = float(self.page.evaluate("performance.timeOrigin"))
        rows = []
        for request in self.finished:
            timing = request.timing
            began = timing["startTime"] - origin
            rows.append({
                "path": request.url.removeprefix(self.proxy.url).split("?")[0] or "/",
                "start_ms": round(began),
                "end_ms": round(began + timing["responseEnd"]) if timing["responseEnd"] >= 0 else None,
                "body_bytes": max(request.sizes()["responseBodySize"], 0),
                "before_playable": began < ready_ms,
            })
        return sorted(rows, key=lambda row: row["start_ms"])

    def close(self) -> None:
        self.context.close()


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def measure(browser: Any, proxy: RunningProxy, runs: int) -> dict[str, Any]:
    """Cold game and bare visits, taking turns; medians, ratio, floors, the first run's waterfall."""
    profile = proxy.proxy.profile
    results: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
    waterfalls: dict[str, list[dict[str, Any]]] = {}
    marks: dict[str, dict[str, int]] = {}
    for run in range(runs):
        for kind in ("game", "bare") if run % 2 == 0 else ("bare", "game"):
            time.sleep(QUIET_S)
            visit = Visit(browser, proxy, kind, run)
            try:
                result = visit.run()
                waterfalls.setdefault(kind, visit.waterfall(result["ready_ms"]))
                marks.setdefault(kind, result["marks"])
            finally:
                visit.close()
            results[kind].append(result)
    game, bare = results["game"], results["bare"]
    game_ms, bare_ms = median([r["ms"] for r in game]), median([r["ms"] for r in bare])
    first_visit = int(statistics.median(r["bytes"] for r in game))
    before_ready = int(statistics.median(r["bytes_before_ready"] for r in game))
    return {
        "profile": {"name": profile.name, "mbit_per_s": profile.mbit_per_s, "latency_ms": profile.latency_ms},
        "game_ms": game_ms,
        "bare_ms": bare_ms,
        "ratio": round(game_ms / bare_ms, 3),
        "game_runs_ms": [r["ms"] for r in game],
        "bare_runs_ms": [r["ms"] for r in bare],
        "first_visit_bytes": first_visit,
        "game_bytes_before_playable": before_ready,
        "bare_bytes": int(statistics.median(r["bytes"] for r in bare)),
        "game_body_bytes": int(statistics.median(r["body_bytes"] for r in game)),
        "floor_first_visit_ms": round(profile.seconds_for(first_visit) * 1000),
        "floor_before_playable_ms": round(profile.seconds_for(before_ready) * 1000),
        "budget_ratio": BUDGET_RATIO.get(profile.name),
        "marks": marks,
        "waterfall": {kind: [row for row in rows if row["body_bytes"] or row["before_playable"]] for kind, rows in waterfalls.items()},
        "not_needed_before_playable": [
            row["path"] for row in waterfalls["game"]
            if row["before_playable"] and any(fnmatch(row["path"], p) for p in NOT_NEEDED_FIRST)
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES), help="4G (default) and/or 'slow 4G'")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    profiles: list[Profile] = [PROFILES[name] for name in (args.profile or ["4G"])]
    from playwright.sync_api import sync_playwright

    report: dict[str, Any] = {"budget_first_visit_bytes": BUDGET_FIRST_VISIT_BYTES, "profiles": []}
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        prepare(dist)
        served = serve(dist)
        try:
            warm_server(served.url, dist)
            with sync_playwright() as driver:
                browser = launch(driver)
                for profile in profiles:
                    proxy = RunningProxy(profile, served.port)
                    try:
                        report["profiles"].append(measure(browser, proxy, args.runs))
                    finally:
                        proxy.stop()
                browser.close()
        finally:
            served.stop()
        shutil.rmtree(dist, ignore_errors=True)
    for figures in report["profiles"]:
        budget = figures["budget_ratio"]
        figures["within_budget"] = {
            "first_visit_bytes": figures["first_visit_bytes"] <= BUDGET_FIRST_VISIT_BYTES,
            **({"ratio": figures["ratio"] <= budget} if budget else {}),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
