"""Page benchmark in headless Chromium; prints JSON.

    python bench/page.py [--runs 3] [--moves 40]

Builds the site into a temporary folder, adds a bare Pyodide page beside it, serves both with
``python build.py serve`` (the production headers) and measures:

* ``first_paint_ms`` — navigation to the first paint of the shell (budget ≤ 300 ms);
* ``boot`` — navigation to a playable table (``?seed=…`` at instant speed, so no animation is
  counted) against a bare ``loadPyodide`` of the same self-hosted files, cold (fresh profile)
  and warm (HTTP cache), median of ``--runs`` (budget: page ≤ 1.2 × bare);
* ``act_py_ms`` — Python time of each ``act`` call (the person's move plus the computer turns
  up to the person's next decision), measured by site/py/worker.py (budget p95 ≤ 50 ms);
* ``longtasks`` — main-thread long tasks after boot while playing ``--moves`` moves at fast
  speed (budget: none over 200 ms).
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "engine"))

from helpers import choose  # noqa: E402  (a sensible person's move from view.legal)

CHROMIUM_ARGS = [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BUDGETS = {"first_paint_ms": 300, "boot_ratio": 1.2, "act_py_p95_ms": 50, "longtask_max_ms": 200}

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.js"></script></head><body>bare loadPyodide</body></html>
"""
BARE_JS = """// The baseline: the same self-hosted Pyodide, loaded directly with loadPyodide.
const base = new URL("../", import.meta.url);
const build = await (await fetch(new URL("build.json", base), { cache: "no-cache" })).json();
const url = new URL(build.pyodide, base);
const { loadPyodide } = await import(url.href);
const pyodide = await loadPyodide({ indexURL: new URL(".", url).href });
pyodide.runPython("1 + 1");
performance.mark("bare:ready");
document.documentElement.dataset.ready = "1";
"""
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(dist: Path) -> tuple[subprocess.Popen[bytes], str]:
    subprocess.run([sys.executable, "build.py", "--out", str(dist)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    bench = dist / "__bench__"
    bench.mkdir()
    (bench / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bench / "bare.js").write_text(BARE_JS, encoding="utf-8")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "build.py", "--out", str(dist), "serve", "--no-build", "--port", str(port)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server, f"http://localhost:{port}/"
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


def mark(page, name: str) -> float:
    return float(page.evaluate(f"performance.getEntriesByName({json.dumps(name)})[0].startTime"))


def settings_script(speed: str) -> str:
    value = json.dumps(json.dumps({"speed": speed, "sort": "suit", "lang": "en"}))
    return f"localStorage.setItem('ladder-rummy:settings', {value});"


def boot_times(browser, url: str, runs: int) -> dict:
    """Median cold and warm times: the game page to playable, and bare loadPyodide."""
    results: dict[str, list[float]] = {"page_cold": [], "page_warm": [], "bare_cold": [], "bare_warm": [], "paint": []}
    for run in range(runs):
        for kind in ("page", "bare"):
            context = browser.new_context()
            context.add_init_script(settings_script("instant"))
            page = context.new_page()
            for phase in ("cold", "warm"):
                if kind == "page":
                    page.goto(f"{url}?seed=bench-{run}-{phase}&difficulty=normal")
                    page.wait_for_selector('#app[data-screen="table"][data-busy="false"][data-phase="draw"]', state="attached", timeout=120_000)
                    page.wait_for_timeout(50)
                    results[f"page_{phase}"].append(mark(page, "ladder-rummy:playable"))
                    if phase == "cold":
                        paints = page.evaluate("performance.getEntriesByType('paint').map(p => [p.name, p.startTime])")
                        results["paint"].append(min(t for _, t in paints))
                else:
                    page.goto(f"{url}__bench__/")
                    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                    results[f"bare_{phase}"].append(mark(page, "bare:ready"))
            context.close()
    med = {key: round(statistics.median(values), 1) for key, values in results.items()}
    return {
        "first_paint_ms": med["paint"],
        "cold": {"page_ms": med["page_cold"], "bare_ms": med["bare_cold"], "ratio": round(med["page_cold"] / med["bare_cold"], 3)},
        "warm": {"page_ms": med["page_warm"], "bare_ms": med["bare_warm"], "ratio": round(med["page_warm"] / med["bare_warm"], 3)},
        "samples": {key: [round(v) for v in values] for key, values in results.items()},
    }


def play(browser, url: str, moves: int) -> dict:
    """Play at fast speed through the Command box; collect act timings and long tasks."""
    context = browser.new_context()
    context.add_init_script(settings_script("fast"))
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(f"{url}?seed=bench-play&difficulty=hard")
    page.wait_for_selector('#app[data-screen="table"][data-busy="false"]', state="attached", timeout=120_000)
    booted = mark(page, "ladder-rummy:playable")
    box = page.get_by_role("textbox", name="Command")
    played = 0
    while played < moves:
        if page.locator("#game-dialog[open]").count():
            break
        dialog = page.locator("#deal-dialog[open]")
        if dialog.count():
            dialog.get_by_role("button").last.click()
            page.wait_for_selector('#app[data-busy="false"], #deal-dialog[open], #game-dialog[open]', state="attached")
            continue
        view = page.evaluate(
            """() => ({legal: [...document.querySelectorAll('#legal-moves button')].map(b => b.textContent),
                       hand: [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)})"""
        )
        before = page.get_attribute("#app", "data-replies")
        box.fill(choose(view))
        box.press("Enter")
        page.wait_for_selector(
            f'#app:not([data-replies="{before}"])[data-busy="false"], #deal-dialog[open], #game-dialog[open]',
            state="attached", timeout=60_000,
        )
        played += 1
    acts = page.evaluate(
        "performance.getEntriesByName('ladder-rummy:act').map(m => [m.detail.py_ms, m.duration])"
    )
    tasks = [duration for start, duration in page.evaluate("window.__longtasks") if start > booted]
    context.close()
    py = sorted(p for p, _ in acts)
    trip = sorted(d for _, d in acts)

    def pct(values: list[float], q: float) -> float:
        return round(values[min(len(values) - 1, int(q * len(values)))], 2) if values else 0.0

    return {
        "act_py_ms": {"n": len(py), "p50": pct(py, 0.5), "p95": pct(py, 0.95), "max": pct(py, 1.0)},
        "act_round_trip_ms": {"p50": pct(trip, 0.5), "p95": pct(trip, 0.95)},
        "longtasks": {"count": len(tasks), "max_ms": round(max(tasks, default=0.0), 1)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, url = serve(Path(tmp) / "dist")
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                report = boot_times(browser, url, args.runs)
                report.update(play(browser, url, args.moves))
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    report["budgets"] = BUDGETS
    report["within_budget"] = {
        "first_paint": report["first_paint_ms"] <= BUDGETS["first_paint_ms"],
        "boot_cold": report["cold"]["ratio"] <= BUDGETS["boot_ratio"],
        "boot_warm": report["warm"]["ratio"] <= BUDGETS["boot_ratio"],
        "act_py_p95": report["act_py_ms"]["p95"] <= BUDGETS["act_py_p95_ms"],
        "longtasks": report["longtasks"]["max_ms"] <= BUDGETS["longtask_max_ms"],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
