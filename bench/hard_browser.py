"""Hard in the browser: its decision times in Pyodide in a Chromium worker, and the page meanwhile.

    python bench/hard_browser.py [--games 3] [--bot hard] [--page-moves 30]

Builds the site into a temporary folder and serves it with ``python build.py serve``, then
in headless Chromium:

* ``worker`` — a module worker loads the site's own Pyodide and engine wheel (the files the
  game's worker loads) and runs ``bench/hard_games.py`` in it: New Games of a person (the
  basic player stands in) against three ``--bot`` players, every computer decision timed
  (budget for Hard: p95 ≤ 300 ms, max ≤ 1 s) and every ``act`` (the person's move and the
  computer turns up to the person's next decision). The page's main thread meanwhile
  counts its long tasks and its animation frames (the longest gap between two), to show
  that it never waits for Python.
* ``page`` — the real game at Hard (``bench/page.py``'s play), ``--page-moves`` moves played
  through the Command box: the Python time of each ``act`` (site/py/worker.py measures it)
  and the main thread's long tasks while the computer plays.

Prints JSON, with the load average beside it (the machine is shared: wall times carry the
load; run it when the machine is quiet).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests")]

from chromium import launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
import page as page_bench  # noqa: E402  (the site's benchmark: its server and a person's moves)

TIMEOUT_MS = 1_800_000
BUDGETS = {"decision_p95_ms": 300, "decision_max_ms": 1000}

HTML = """<!doctype html><html><head><meta charset="utf-8"><title>hard in a worker</title>
<script type="module" src="hard.js"></script></head><body>Hard in a worker</body></html>
"""
# The main thread: start the worker, keep drawing frames while it works, report both.
MAIN_JS = """const base = new URL("../", import.meta.url);
const build = await (await fetch(new URL("build.json", base), { cache: "no-cache" })).json();
const longtasks = [];
let playing = false, frames = 0, worstGap = 0, last = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (playing) longtasks.push(entry.duration);
}).observe({ type: "longtask" });
const tick = (now) => {
  if (playing) { frames += 1; worstGap = Math.max(worstGap, now - last); }
  last = now;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
const query = new URL(location.href).searchParams;
const args = [Number(query.get("games")), query.get("bot"), query.get("seed")];
const worker = new Worker(new URL("hard-worker.js", import.meta.url), { type: "module" });
let started = 0;
const result = await new Promise((resolve) => {
  worker.onmessage = ({ data }) => {
    if (data === "ready") { playing = true; started = performance.now(); return; }  // Pyodide is up: the games begin
    playing = false;
    resolve(data);
  };
  worker.postMessage({ pyodide: new URL(build.pyodide, base).href, wheel: new URL(build.wheel, base).href,
                       script: new URL("hard_games.py", import.meta.url).href, args });
});
window.__result = { ...JSON.parse(result), main_thread: { longtasks: longtasks.length,
  longtask_max_ms: Math.max(0, ...longtasks), frames, worst_frame_gap_ms: Math.round(worstGap),
  seconds: Math.round(performance.now() - started) / 1000 } };
document.documentElement.dataset.done = "1";
"""
WORKER_JS = """onmessage = async ({ data }) => {
  const { loadPyodide } = await import(data.pyodide);
  const pyodide = await loadPyodide({ indexURL: new URL(".", data.pyodide).href });
  const wheel = await (await fetch(data.wheel)).arrayBuffer();
  pyodide.unpackArchive(wheel, "wheel");
  const script = await (await fetch(data.script)).text();
  pyodide.globals.set("bench_args", pyodide.toPy(data.args));
  pyodide.runPython(script.replace('if __name__ == "__main__":', 'if False:'));
  postMessage("ready");
  const out = pyodide.runPython("import json; json.dumps(run(*bench_args))");
  postMessage(out);
};
"""


def worker_times(browser, url: str, games: int, bot: str) -> dict:
    """Run bench/hard_games.py in a module worker of the site's origin."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{url}__bench__/hard.html?games={games}&bot={bot}&seed=bench-hard")
    page.wait_for_selector("html[data-done]", state="attached")
    result = page.evaluate("window.__result")
    context.close()
    return result


def page_times(browser, url: str, moves: int) -> dict:
    """The real game at Hard (bench/page.py's play): the Python time of each act and the main
    thread's long tasks while the computer plays."""
    return page_bench.play(browser, url, moves, "hard") if moves else {}  # play()'s own default is Normal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="whole games played in the worker (default 3)")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--page-moves", type=int, default=30, help="moves played on the real page at Hard (0: none)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, url = page_bench.serve(Path(tmp) / "dist")
        bench = Path(tmp) / "dist" / "__bench__"
        (bench / "hard.html").write_text(HTML, encoding="utf-8")
        (bench / "hard.js").write_text(MAIN_JS, encoding="utf-8")
        (bench / "hard-worker.js").write_text(WORKER_JS, encoding="utf-8")
        (bench / "hard_games.py").write_text((ROOT / "bench" / "hard_games.py").read_text(encoding="utf-8"),
                                             encoding="utf-8")
        try:
            with sync_playwright() as driver:
                browser = launch(driver)
                report = {"worker": worker_times(browser, url, args.games, args.bot),
                          "page": page_times(browser, url, args.page_moves)}
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    decisions = report["worker"]["decision_ms"]
    report["budgets"] = BUDGETS
    report["within_budget"] = {"decision_p95": decisions["p95"] <= BUDGETS["decision_p95_ms"],
                               "decision_max": decisions["max"] <= BUDGETS["decision_max_ms"]}
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
