"""Trace which standard-library modules the game imports, in Chromium; write tools/stdlib-trace.json.

    python tools/stdlib_trace.py            # trace, write tools/stdlib-trace.json, print a summary
    python tools/stdlib_trace.py --dry-run  # trace and print, write nothing

build.py cuts Pyodide's python_stdlib.zip to the modules this file lists. They are found by
watching, not guessed: the site is built with npm's whole standard library (``build.py
--full-stdlib``), served, and played in headless Chromium the way people play it, while the
worker's Python is asked now and then which modules it holds (``sys.modules``). The session covers
Pyodide's start and its snapshot (a first visit), a restored start (the reload), PyScript's Python
side, a whole New Game through the Command box with hints and every deal-end sheet, the game-over
sheet, the statistics, the replay viewer stepped through, a Daily and a saved game resumed, and the
worker's crash path (a traceback printed to the console). Then whatever those modules import when
they are imported (tools/stdlib_imports.py, the same closure build.py checks) is added, so the
list is closed under module-level imports.

Run it again when the engine, site/py/worker.py, PyScript or Pyodide change what they import: the
build stops and says so when a module it can see is missing. Takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "browser"), str(ROOT / "engine")]

from chromium import TIMEOUT_MS, launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
import build  # noqa: E402  (the build, the import graph and its closure)
from helpers import choose  # noqa: E402  (a sensible person's move from view.legal)
from serving import serve  # noqa: E402

TABLE = '#app[data-screen="table"][data-busy="false"]'
SETTINGS = "try { if (!localStorage.getItem('ladder-rummy:settings')) localStorage.setItem('ladder-rummy:settings', JSON.stringify({speed: 'instant', sort: 'suit', lang: 'en'})); } catch {}"
# Appended to the traced build's worker.py (never to the site's): the worker's own crash path, and a
# function the trace calls from the worker's JavaScript to read sys.modules.
TRACE_HOOK = '''

def _trace_modules():
    """Every module this Python holds, for tools/stdlib_trace.py."""
    import sys
    return json.dumps(sorted(sys.modules))


def _trace_crash():
    """A call that fails the way a broken adapter call would: _wrap prints the traceback."""
    return _wrap("trace", lambda: 1 / 0)


from pyodide.ffi import create_proxy as _trace_proxy  # already imported by PyScript

js.globalThis.ladderRummyTraceModules = _trace_proxy(_trace_modules)
js.globalThis.ladderRummyTraceCrash = _trace_proxy(_trace_crash)
'''


def traced_site(tmp: Path) -> Path:
    """The site built with the whole standard library, its worker.py carrying the trace hook."""
    dist = tmp / "dist"
    subprocess.run([sys.executable, "build.py", "--out", str(dist), "--full-stdlib"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    info = json.loads((dist / "build.json").read_text(encoding="utf-8"))
    worker = dist / str(info["worker_py"])
    worker.write_text(worker.read_text(encoding="utf-8") + TRACE_HOOK, encoding="utf-8")
    return dist


class Session:
    """One browser profile playing the game and reading the worker's modules as it goes."""

    def __init__(self, browser: Any, url: str) -> None:
        self.url = url
        self.context = browser.new_context()
        self.context.add_init_script(SETTINGS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.modules: set[str] = set()

    def python(self, name: str) -> Any:
        """Call one of TRACE_HOOK's functions in the Python worker."""
        for worker in self.page.workers:
            found = worker.evaluate(f"() => typeof globalThis.{name} === 'function' ? String(globalThis.{name}()) : null")
            if found is not None:
                return found
        raise RuntimeError(f"no worker has {name}: did the traced worker.py run?")

    def collect(self) -> None:
        self.modules |= set(json.loads(self.python("ladderRummyTraceModules")))

    def view(self) -> dict[str, list[str]]:
        return self.page.evaluate(
            """() => ({legal: [...document.querySelectorAll('#legal-moves button')].map(b => b.textContent),
                       hand: [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)})"""
        )

    def move(self, text: str) -> None:
        """Type a move in the Command box; wait for the answer (or a sheet)."""
        before = self.page.get_attribute("#app", "data-replies")
        box = self.page.get_by_role("textbox", name="Command")
        box.fill(text)
        box.press("Enter")
        self.page.wait_for_selector(
            f'#app:not([data-replies="{before}"])[data-busy="false"], #deal-dialog[open], #game-dialog[open]', state="attached"
        )

    def play(self, moves: int | None = None, hints: bool = False) -> bool:
        """Sensible moves (a hint now and then) until the game ends or ``moves`` are made; True if it ended."""
        made = 0
        while moves is None or made < moves:
            if self.page.locator("#game-dialog[open]").count():
                return True
            deal_end = self.page.locator("#deal-dialog[open]")
            if deal_end.count():
                deal_end.get_by_role("button").last.click()
                self.page.wait_for_selector(f"{TABLE}, #deal-dialog[open], #game-dialog[open]", state="attached")
                continue
            if hints and made % 15 == 0 and self.page.locator("#hint-button:not([disabled])").count():
                self.page.click("#hint-button")
                self.page.wait_for_selector("#hint[data-move]:not([data-move=''])", state="attached")
            self.move(choose(self.view()))
            made += 1
        return False

    def game_over_sheets(self) -> None:
        """Statistics and the replay viewer, opened from the game-over sheet, stepped through."""
        over = self.page.locator("#game-dialog[open]")
        over.get_by_role("button", name="Statistics").click()
        sheet = self.page.locator("#stats-dialog[open]")
        sheet.wait_for()
        sheet.get_by_role("button", name="Close").click()
        over.get_by_role("button", name="Watch the replay").click()
        viewer = self.page.locator("#replay-dialog[open]")
        viewer.wait_for()
        for name in ("Forward one move", "Forward one move", "Next deal", "Go to the end", "Go to the start"):
            viewer.get_by_role("button", name=name).click()
            self.page.wait_for_timeout(100)
        viewer.get_by_role("button", name="Close").click()

    def menu(self, choice: str) -> None:
        """Open the start menu (unless a closed sheet left it open) and pick a game."""
        if not self.page.locator("#start-dialog[open]").count():
            self.page.click("#menu-button")
        self.page.locator("#start-dialog[open]").get_by_role("button", name=choice).click()
        self.page.wait_for_selector(TABLE, state="attached")

    def close(self) -> None:
        self.context.close()


def trace(url: str) -> set[str]:
    """Play the session of the module docstring; every module name the worker held at some point."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = launch(driver)
        session = Session(browser, url)
        try:
            page = session.page
            page.goto(url + "?seed=stdlib-trace&difficulty=easy")  # first visit: Python starts, snapshot taken
            page.wait_for_selector(TABLE, state="attached")
            session.collect()
            if not session.play(hints=True):
                raise RuntimeError("the traced game did not end")
            session.game_over_sheets()
            session.python("ladderRummyTraceCrash")
            session.collect()
            page.keyboard.press("Escape")
            session.menu("Play today's Daily")
            session.play(moves=12)
            page.wait_for_selector('html[data-snapshot="stored"]', state="attached")
            session.collect()
            page.reload()  # a later visit: Python restored from the snapshot, the Daily resumed
            page.wait_for_selector(TABLE, state="attached")
            session.play(moves=8)
            session.menu("Normal")
            session.play(moves=8, hints=True)
            session.collect()
            if session.errors:
                raise RuntimeError(f"the page failed while tracing: {session.errors}")
        finally:
            session.close()
            browser.close()
    return session.modules


def closed_set(traced: set[str], project: build.Project) -> tuple[list[str], list[str]]:
    """(the traced stdlib modules, those and everything they and the worker import when imported)."""
    return build.closed_trace(traced, [build.WORKER_MODULE], project)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print what would be written")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = traced_site(Path(tmp))
        served = serve(dist)
        try:
            modules = trace(served.url)
        finally:
            served.stop()
    seen, kept = closed_set(modules, build.read_project())
    result = {
        "about": "The standard-library modules the game imports: build.py cuts Pyodide's python_stdlib.zip to "
                 "'modules'. Written by python tools/stdlib_trace.py (see its docstring); do not edit by hand.",
        "pyodide": build.installed_version("pyodide"),
        "traced": seen,
        "modules": kept,
    }
    text = json.dumps(result, indent=1) + "\n"
    if not args.dry_run:
        build.STDLIB_TRACE.write_text(text, encoding="utf-8")
    print(f"stdlib trace: {len(seen)} modules seen, {len(kept)} with what they import"
          + ("" if args.dry_run else f"; written to {build.STDLIB_TRACE.relative_to(ROOT)}"))


if __name__ == "__main__":
    main()
