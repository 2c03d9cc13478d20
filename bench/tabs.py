"""Two tabs of one game in headless Chromium; prints JSON.

    python bench/tabs.py [--runs 5]

Builds the site into a temporary folder and serves it with ``python build.py serve`` (the
production headers, ``tests/serving.py``). Each run is a fresh browser profile holding a nearly
finished Daily (played to its last turns in CPython: the longest log a save holds, so the
replay a take-over costs is at its largest), opened in tab A; then:

* ``notice_ms`` — tab B's navigation to its "This game is open in another tab" notice (a whole
  boot of B: the engine starts, the game's lock is found taken);
* ``takeover_ms`` — B's "Continue here" to B's table showing the game (steal the lock, read the
  save, replay it in the engine, draw), timed in B;
* ``lost_ms`` — B's "Continue here" to A's notice (wall clock of both tabs);
* ``commit_ms`` — one compare-and-set save of that Daily (read, parse and compare the stored
  log, write), the median of 200 in the page (saves.js over the real localStorage);
* ``log_length`` — the actions in the save.

Medians (and every run) are printed; the machine's load average is printed too.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT / "engine")]

from chromium import launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
from serving import serve  # noqa: E402

INSTANT = {"speed": "instant", "sort": "suit", "lang": "en"}


def late_daily(date: str) -> dict:
    """Today's Daily played by the basic player to its end; the save at the person's last draw."""
    from ladder_rummy import __version__
    from ladder_rummy.bots.basic import BasicBot
    from ladder_rummy.bots.registry import DAILY_DIFFICULTY
    from ladder_rummy.match import PERSON, Match, person_and_bots
    from ladder_rummy.seeds import daily_seed

    match = Match(daily_seed(date), [BasicBot()] + person_and_bots(DAILY_DIFFICULTY)[1:])
    draws = []
    while not match.game.is_over:
        if match.game.current_seat == PERSON and match.game.phase == "draw":
            draws.append(len(match.game.log))
        match.game.apply(match.bot_action())
    log = [str(a) for a in match.game.log][: draws[-1]]
    return {"format": 1, "engine": __version__, "mode": "daily", "date": date, "seed": daily_seed(date), "difficulty": "normal", "log": log}


WAIT_REPLY = """(button) => new Promise((resolve) => {
    const app = document.getElementById("app");
    const before = app.dataset.replies;
    const observer = new MutationObserver(() => {
        if (app.dataset.replies !== before && app.dataset.busy === "false") {
            observer.disconnect();
            resolve(performance.now() - start);
        }
    });
    observer.observe(app, { attributes: true });
    const start = performance.now();
    window.benchClicked = performance.timeOrigin + start;
    button.click();
})"""
WATCH_NOTICE = """() => { window.benchNotice = null; new MutationObserver((_, o) => {
    if (document.querySelector("#away-dialog[open]")) { window.benchNotice = performance.timeOrigin + performance.now(); o.disconnect(); }
}).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["open"] }); }"""
COMMIT = """async (slot) => {
    const { Saves } = await import(new URL("js/saves.js", document.baseURI).href);
    const { Storage } = await import(new URL("js/storage.js", document.baseURI).href);
    const saves = new Saves(new Storage());
    const record = saves.read(slot);
    const times = [];
    for (let i = 0; i < 200; i += 1) {
        const start = performance.now();
        if (!saves.commit(slot, record).ok) throw new Error("refused");
        times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[100];
}"""


def one_run(browser, url: str, save: dict) -> dict:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: F401

    slot = f"daily:{save['date']}"
    record = {"format": 1, "save": save, "order": [], "manual": False, "mode": {"mode": "daily", "date": save["date"]}}
    context = browser.new_context()
    items = {"ladder-rummy:settings": INSTANT, f"ladder-rummy:game:{slot}": record, "ladder-rummy:game-current": {"slot": slot}}
    sets = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});" for k, v in items.items())
    context.add_init_script(f"try {{ if (!localStorage.getItem('bench:seeded')) {{ {sets} localStorage.setItem('bench:seeded', '1'); }} }} catch {{}}")
    try:
        a = context.new_page()
        a.set_default_timeout(120_000)
        a.goto(url)
        a.wait_for_selector('#app[data-screen="table"][data-busy="false"][data-phase="draw"]', state="attached")
        a.evaluate(WATCH_NOTICE)
        b = context.new_page()
        b.set_default_timeout(120_000)
        b.goto(url)
        b.wait_for_selector("#away-dialog[open]")
        notice = b.evaluate("() => performance.now()")
        button = b.locator("#away-dialog").get_by_role("button", name="Continue here").element_handle()
        takeover = b.evaluate(WAIT_REPLY, button)
        a.wait_for_function("window.benchNotice !== null")
        lost = a.evaluate("window.benchNotice") - b.evaluate("window.benchClicked")
        commit = b.evaluate(COMMIT, slot)
        return {"notice_ms": round(notice), "takeover_ms": round(takeover), "lost_ms": round(lost, 1), "commit_ms": round(commit, 3)}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    save = late_daily(dt.datetime.now(dt.timezone.utc).date().isoformat())
    with tempfile.TemporaryDirectory() as tmp:
        import subprocess
        dist = Path(tmp) / "dist"
        subprocess.run([sys.executable, "build.py", "--out", str(dist)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        served = serve(dist)
        try:
            with sync_playwright() as driver:
                browser = launch(driver)
                runs = [one_run(browser, served.url, save) for _ in range(args.runs)]
                browser.close()
        finally:
            served.stop()
    medians = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    print(json.dumps({"log_length": len(save["log"]), "median": medians, "runs": runs, "load_average": os.getloadavg()}, indent=1))


if __name__ == "__main__":
    main()
