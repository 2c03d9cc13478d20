"""Offline play, installation and updates, in Chromium.

After one visit the whole game plays with no network (issue 5): the service worker (site/sw.js)
precaches everything the page needs, and these tests take the network away for real — the
server is stopped and the browser context set offline — then play. Each test that stops a
server starts its own ``build.py serve`` on the session's built site, so the shared server
keeps running for the other tests.

The guard of conftest.py applies (no request to another origin, no console error), with one
exception: the test that cuts the network during a first visit allows the browser's own
"Failed to load resource" lines for the requests it cut.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from contextlib import contextmanager
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import Guard, guarded
from playwright.sync_api import expect
from helpers import INSTANT, ROOT, TABLE, choose, command, nearly_finished_new, pin_clock, type_moves
from serving import Served, serve
from test_table import after, replies

if TYPE_CHECKING:
    from conftest import Site
    from playwright.sync_api import Browser, BrowserContext, Page, Route

sys.path.insert(0, str(ROOT))
import build as build_py  # noqa: E402  (PRECACHE_SKIP, and building a second version)

READY_TIMEOUT_MS = 90_000
SETTINGS = "localStorage.setItem('ladder-rummy:settings', {})".format(json.dumps(INSTANT))


@pytest.fixture
def own_server(site: Site, tmp_path: Path) -> Iterator[Served]:
    """``build.py serve`` on the session's built site, for this test alone (it may stop it)."""
    served = serve(site.dist, env={"LADDER_RUMMY_BLOBS_DIR": str(tmp_path / "blobs")})
    yield served
    if served.process.poll() is None:
        served.stop()


def guarded_context(browser: Browser, origin: str) -> tuple[BrowserContext, Guard]:
    """A fresh profile with instant computer players, watched like conftest's ``page``."""
    guard = Guard(origin=origin.rstrip("/"))
    context = guarded(browser.new_context(), guard)
    # try: an about:blank page has no localStorage
    context.add_init_script(f"try {{ if (!localStorage.getItem('ladder-rummy:settings')) {SETTINGS} }} catch {{}}")
    return context, guard


def first_visit(page: Page, url: str) -> None:
    """Open the game online and wait until its service worker holds everything, and Python's
    worker has stored its snapshot (site/js/pyodide-worker.js: later boots restore it)."""
    page.set_default_timeout(READY_TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector(f"#start-dialog[open], {TABLE}", state="attached")
    page.wait_for_selector('html[data-offline="ready"]', state="attached")
    page.wait_for_selector('html[data-snapshot="stored"]', state="attached")


# The Save of the game played last (site/js/saves.js: one record per game, the current one named).
SAVED = """(() => {
    const current = JSON.parse(localStorage.getItem('ladder-rummy:game-current') || '{}');
    return current.slot ? JSON.parse(localStorage.getItem('ladder-rummy:game:' + current.slot) || '{}').save ?? null : null;
})()"""


def wait_for_game(page: Page, mode: str) -> None:
    """Wait until a game of this mode is saved and the table waits for the person."""
    page.wait_for_function(f"{SAVED}?.mode === '{mode}'")
    page.wait_for_selector(TABLE, state="attached")


def visible_view(page: Page) -> dict[str, list[str]]:
    """What the person sees: the legal moves and the hand."""
    return page.evaluate(
        """() => ({legal: [...document.querySelectorAll('#legal-moves button')].map(b => b.textContent),
                   hand: [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)})"""
    )


def play_to_deal_end(page: Page, max_moves: int = 400) -> None:
    """Sensible moves through the Command box until the deal-end summary opens."""
    for _ in range(max_moves):
        if page.locator("#deal-dialog[open]").count():
            return
        before = replies(page)
        command(page, choose(visible_view(page)))
        after(page, before)
    raise AssertionError(f"deal 1 did not end within {max_moves} moves")


def skipped(url: str, origin: str) -> bool:
    """Whether a same-origin URL is one of the files the precache leaves out."""
    path = url.removeprefix(origin).lstrip("/").split("?")[0]
    return any(fnmatch(path, pattern) for pattern in build_py.PRECACHE_SKIP)


def test_after_one_visit_the_daily_and_a_new_game_play_with_no_network(browser: Browser, own_server: Served) -> None:
    """Visit once; stop the server, go offline, reload; a Daily's first deal, then a New Game."""
    origin = own_server.url.rstrip("/")
    context, guard = guarded_context(browser, origin)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    try:
        today = pin_clock(context, "2027-03-01")  # the Daily the page deals is the one the test names, across a midnight too
        page = context.new_page()
        first_visit(page, own_server.url)
        assert own_server.stop() == 0
        context.set_offline(True)

        page.reload()
        start = page.locator("#start-dialog[open]")
        # Python came back from the first visit's snapshot, offline too.
        page.wait_for_function("performance.getEntriesByName('ladder-rummy:worker:snapshot').length === 1")
        start.get_by_role("button", name="Play today's Daily").click()
        wait_for_game(page, "daily")
        assert "Deal 1/10" in page.inner_text("#deal-counter")
        save = page.evaluate(SAVED)
        assert save["mode"] == "daily" and save["date"] == today.isoformat()
        play_to_deal_end(page)
        assert "Deal 1 is over" in page.inner_text("#deal-dialog")
        # The sheet put away to look at the deal's last table: the game is on deal 2 already, but
        # the menu names the deal on the table, as the top bar does (it said "now in deal 2").
        page.keyboard.press("Escape")
        page.locator("#menu-button").click()
        expect(page.locator("#start-dialog[open] #daily-saved")).to_contain_text("now in deal 1")
        expect(page.locator("#deal-counter")).to_contain_text("Deal 1/10")
        page.keyboard.press("Escape")
        page.locator("#next-deal-button").click()
        page.wait_for_selector(TABLE, state="attached")

        # The rules in another language come from the cache too.
        page.click("#rules-button")
        rules = page.locator("#rules-dialog[open]")
        rules.get_by_role("button", name="Türkçe").click()
        page.wait_for_selector("html[lang=tr]", state="attached")
        # Closed while the table is still being said again in English (here in the same task as
        # the tap, so the race a loaded machine once lost is lost every time): it stays closed.
        # It had opened again over the next thing tapped, and the menu button timed out.
        page.evaluate("""() => {
            document.querySelector('#rules-dialog .lang-switch button[lang=en]').click();
            document.getElementById('rules-dialog').close();
        }""")
        page.wait_for_selector("html[lang=en]", state="attached")
        page.wait_for_timeout(500)
        assert page.locator("#rules-dialog[open]").count() == 0

        page.click("#menu-button")
        page.locator("#start-dialog[open]").get_by_role("button", name="Normal").click()
        # Leaving the Daily mid-game asks first; it stays saved.
        page.locator("#confirm-dialog[open]").get_by_role("button", name="Start new game").click()
        wait_for_game(page, "new")
        assert "Deal 1/10" in page.inner_text("#deal-counter")
        save = page.evaluate(SAVED)
        assert save["difficulty"] == "normal"

        # Launched from the home screen: the manifest's start_url, offline, resumes that game.
        manifest_url = page.evaluate("document.querySelector('link[rel=manifest]').href")
        manifest = json.loads((ROOT / "site" / "manifest.webmanifest").read_text(encoding="utf-8"))
        launched = context.new_page()
        launched.set_default_timeout(READY_TIMEOUT_MS)
        launched.goto(page.evaluate("([start, base]) => new URL(start, base).href", [manifest["start_url"], manifest_url]))
        # The first window still holds the game: the launched one says so, and takes it over.
        launched.locator("#away-dialog[open]").get_by_role("button", name="Continue here").click()
        launched.wait_for_selector(TABLE, state="attached")
        assert launched.evaluate(SAVED)["seed"] == save["seed"]
        page.locator("#away-dialog[open]").wait_for()
    finally:
        context.close()
    guard.assert_clean()
    assert not [url for url in requested if skipped(url, origin)], "a file left out of the precache was requested"


# Entries of the build's own cache and of the shared one (site/sw.js), by cache.
CACHED = """async () => {
    const names = (await caches.keys()).filter((n) => /^ladder-rummy-([0-9a-f]+|files)$/.test(n));
    const out = {};
    for (const name of names) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url).sort();
    return out;
}"""


def test_a_cache_that_lost_files_is_filled_again_and_plays_offline(browser: Browser, own_server: Served) -> None:
    """A browser may drop cache entries (storage pressure, a clean-up): half of each cache gone,
    one visit online puts every listed file back (those that visit never asks for too), and the
    next start with no network plays (a review found such a cache left half empty for good, and
    the page stuck on its loading screen offline)."""
    context, guard = guarded_context(browser, own_server.url.rstrip("/"))
    try:
        page = context.new_page()
        first_visit(page, own_server.url)
        full = page.evaluate(CACHED)
        assert len(full) == 2 and all(len(urls) > 4 for urls in full.values()), full
        lost = page.evaluate("""async (full) => {
            const lost = [];
            for (const [name, urls] of Object.entries(full)) {
                const cache = await caches.open(name);
                for (const url of urls.filter((_, i) => i % 2 === 0)) { await cache.delete(url); lost.push(url); }
            }
            return lost;
        }""", full)
        assert lost and page.evaluate(CACHED) != full
        page.reload()
        page.wait_for_selector("#start-dialog[open]", state="attached")
        page.wait_for_function(f"({CACHED})().then((now) => JSON.stringify(now) === {json.dumps(json.dumps(full))})", timeout=READY_TIMEOUT_MS)
        assert own_server.stop() == 0
        context.set_offline(True)
        page.reload()
        page.locator("#start-dialog[open]").get_by_role("button", name="Easy").click()
        wait_for_game(page, "new")
    finally:
        context.close()
    guard.assert_clean()


def test_a_whole_game_its_statistics_and_replay_run_offline_on_the_cut_standard_library(
        browser: Browser, site: Site, own_server: Served) -> None:
    """Every browser test runs on the page's cut of the standard library (build.json's ``stdlib``);
    this one takes it to the end of a game with no network: after a first visit, a New Game saved
    a few moves from its end resumes (the engine replays the whole game), the person finishes it,
    the computers with it, and the statistics and the replay (each may import what the boot did
    not) open. npm's whole standard library and lockfile are never asked for."""
    origin = own_server.url.rstrip("/")
    build = json.loads((site.dist / "build.json").read_text(encoding="utf-8"))
    save, moves, _ = nearly_finished_new(site, "cut-stdlib", "easy")
    context, guard = guarded_context(browser, origin)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url.removeprefix(own_server.url)))
    try:
        page = context.new_page()
        first_visit(page, own_server.url)
        assert own_server.stop() == 0
        context.set_offline(True)
        stored = {"save": save, "order": [], "manual": False, "mode": {"mode": "new", "difficulty": "easy"}}
        context.add_init_script(f"localStorage.setItem('ladder-rummy:save', {json.dumps(json.dumps(stored))})")

        page.reload()
        page.wait_for_selector(TABLE, state="attached")
        type_moves(page, moves)
        page.locator("#deal-dialog[open]").get_by_role("button", name="See the results").click()
        over = page.locator("#game-dialog[open]")
        over.get_by_role("button", name="Statistics").click()
        sheet = page.locator("#stats-dialog[open]")
        assert sheet.locator('[data-stat="played"] .stat-value').inner_text() == "1"
        sheet.get_by_role("button", name="Close").click()
        over.get_by_role("button", name="Watch the replay").click()
        viewer = page.locator("#replay-dialog[open]")
        viewer.get_by_role("button", name="Next deal").click()
        viewer.get_by_role("button", name="Go to the end").click()
        # the summary's element is there from the viewer's start and filled when the replay reaches
        # the end: wait for its words, as a person would, rather than read it once
        expect(viewer.locator(".replay-summary")).to_contain_text("You", timeout=30_000)
    finally:
        context.close()
    guard.assert_clean()
    assert build["stdlib"] in requested and build["lockfile"] in requested
    pyodide = build["pyodide"].rsplit("/", 1)[0]
    assert not {f"{pyodide}/python_stdlib.zip", f"{pyodide}/pyodide-lock.json"} & set(requested)


def test_the_app_is_installable(browser: Browser, site: Site, guard: Guard) -> None:
    """Chromium finds the manifest valid and the page installable (manifest, icons, service worker)."""
    context, own_guard = guarded_context(browser, site.url)
    try:
        page = context.new_page()
        first_visit(page, site.url)
        page.reload()  # installability needs the page controlled by its service worker
        page.locator("#start-dialog[open]").wait_for()
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert json.loads(manifest["data"])["name"] == "Ladder Rummy"
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # Playwright's contexts are incognito profiles, where Chromium never offers to install.
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    finally:
        context.close()
    own_guard.assert_clean()


def test_manifest_and_icons() -> None:
    """Name, standalone display, theme colour, start_url, and crisp PNG icons of the stated sizes."""
    manifest = json.loads((ROOT / "site" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Ladder Rummy" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["theme_color"] == "#0f4d32"
    index = (ROOT / "site" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="theme-color" content="#0f4d32">' in index
    assert '<link rel="manifest" href="manifest.webmanifest">' in index
    purposes = set()
    for icon in manifest["icons"]:
        data = (ROOT / "site" / icon["src"]).read_bytes()
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"], icon
    assert purposes == {"any", "maskable"}
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["purpose"] == "maskable"}
    assert {"192x192", "512x512"} <= sizes


@pytest.mark.parametrize("cut", ["pyodide-files", "offline"])
def test_a_first_visit_that_loses_the_network_says_so(browser: Browser, site: Site, cut: str) -> None:
    """The network goes away while Pyodide downloads: a clear message and Retry, not a frozen bar.

    "pyodide-files": the runtime's downloads fail (the page and its words had loaded; the wasm's
    preload from the head fails too);
    "offline": the whole browser goes offline the moment the bridge asks for pyodide.asm.mjs, with
    the page's scripts loaded and the wasm (preloaded by the head) on its way.
    """
    context, guard = guarded_context(browser, site.url)

    def fail(route: Route) -> None:
        if cut == "offline":
            context.set_offline(True)
        route.abort("internetdisconnected")

    try:
        page = context.new_page()
        page.route("**/pyodide/**" if cut == "pyodide-files" else "**/pyodide.asm.mjs", fail)
        page.goto(site.url)
        error = page.locator("#boot-error")
        error.wait_for(timeout=20_000)
        expected = "You are offline" if cut == "pyodide-files" else "Check your connection"
        assert expected in error.inner_text() or "You are offline" in error.inner_text(), error.inner_text()
        assert page.get_by_role("button", name="Retry").is_visible()
    finally:
        context.close()
    # The only errors are the browser's notes on the requests that were cut.
    lost = re.compile(r"Failed to load resource: net::ERR_INTERNET_DISCONNECTED")
    assert guard.foreign_requests == [] and guard.page_errors == []
    assert all(lost.search(line) for line in guard.console_errors), guard.console_errors


def test_when_the_page_scripts_cannot_load_the_boot_screen_says_so(browser: Browser, site: Site) -> None:
    """A module of the page itself fails to download: offline.js shows the message and Retry."""
    context, guard = guarded_context(browser, site.url)
    try:
        page = context.new_page()
        page.route("**/js/game.js", lambda route: route.abort("internetdisconnected"))
        page.goto(site.url)
        page.locator("#boot-error").wait_for(timeout=20_000)
        assert "could not start" in page.inner_text("#boot-error")
        assert page.get_by_role("button", name="Retry").is_visible()
    finally:
        context.close()
    assert all("ERR_INTERNET_DISCONNECTED" in line for line in guard.console_errors), guard.console_errors


@contextmanager
def opened_with_storage(browser: Browser, site: Site, items: dict[str, str]) -> Iterator[Page]:
    """The game opened in a guarded context whose first load finds `items` (key: text) in its
    localStorage (a reload keeps what the page made of them); the guard's checks when the block ends."""
    context, guard = guarded_context(browser, site.url)
    writes = " ".join(f"localStorage.setItem({json.dumps(key)}, {json.dumps(text)});" for key, text in items.items())
    context.add_init_script(
        f"try {{ if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); {writes} }} }} catch {{}}"
    )
    try:
        page = context.new_page()
        page.set_default_timeout(READY_TIMEOUT_MS)
        page.goto(site.url)
        yield page
    finally:
        context.close()
    guard.assert_clean()


def new_game_record(record: str) -> dict[str, str]:
    """Storage holding `record` as the New Game's, the game played last."""
    return {"ladder-rummy:game:new": record, "ladder-rummy:game-current": json.dumps({"slot": "new"})}


def test_a_save_from_an_engine_that_cannot_replay_it_is_kept_and_explained(browser: Browser, site: Site) -> None:
    """Saved by an engine outside REPLAY_COMPATIBLE: the person is told, and the save is kept aside."""
    from ladder_rummy import adapter

    save = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": "old-engine"})))["save"]
    save["engine"] = "0.1.0"
    stored = json.dumps({"save": save, "order": [], "manual": False, "mode": None})
    with opened_with_storage(browser, site, {"ladder-rummy:save": stored}) as page:
        notice = page.locator("#notice-dialog[open]")
        notice.wait_for()
        assert "a version of Ladder Rummy (0.1.0) that this one cannot continue" in notice.inner_text()
        aside = json.loads(page.evaluate("localStorage.getItem('ladder-rummy:save-aside')"))
        assert aside["code"] == "engine_version" and json.loads(aside["raw"])["save"] == save  # moved to its slot, then aside
        assert page.evaluate("localStorage.getItem('ladder-rummy:save')") is None
        assert page.evaluate("localStorage.getItem('ladder-rummy:game:new')") is None
        notice.get_by_role("button", name="OK").click()
        page.locator("#start-dialog[open]").wait_for()


def test_a_save_damaged_at_one_move_goes_on_from_just_before_it(browser: Browser, site: Site) -> None:
    """A save whose last move does not replay (damaged, or edited by hand): the moves before it
    are the game, resumed there, with a notice; the whole save is kept aside, and the slot holds
    the game that plays on (a review saw the whole game set aside for one bad trailing entry)."""
    from ladder_rummy import adapter

    answer = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": "cut-save"})))
    for _ in range(15):
        answer = json.loads(adapter.act(answer["view"]["legal"][0]))
    good = answer["save"]
    damaged = {**good, "log": [*good["log"], "discard ZZ"]}
    record = json.dumps({"format": 1, "save": damaged, "order": [], "manual": False, "mode": {"mode": "new", "difficulty": "easy"}})
    with opened_with_storage(browser, site, new_game_record(record)) as page:
        notice = page.locator("#notice-dialog[open]")
        notice.wait_for()
        assert f"damaged at move {len(good['log']) + 1}" in notice.inner_text()
        aside = json.loads(page.evaluate("localStorage.getItem('ladder-rummy:save-aside')"))
        assert aside["code"] == "cut" and aside["raw"] == record
        assert page.evaluate(SAVED)["log"] == good["log"]
        notice.get_by_role("button", name="OK").click()
        page.wait_for_selector(TABLE, state="attached")
        before = replies(page)
        command(page, choose(visible_view(page)))
        after(page, before)
        assert page.evaluate(SAVED)["log"][:len(good["log"])] == good["log"], "it plays on from there, and saves"


def test_a_record_that_names_another_mode_than_its_save_shows_the_saves(browser: Browser, site: Site) -> None:
    """A New Game's record edited to say it is a Daily: the table shows the New Game it is."""
    from ladder_rummy import adapter

    save = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": "not-a-daily"})))["save"]
    record = json.dumps({"format": 1, "save": save, "order": [], "manual": False, "mode": {"mode": "daily", "date": "2026-12-04"}})
    with opened_with_storage(browser, site, new_game_record(record)) as page:
        page.wait_for_selector(TABLE, state="attached")
        page.wait_for_function("document.querySelector('#deal-counter').textContent.includes('Deal 1/10')")
        assert "Daily" not in page.inner_text("#deal-counter") and "Easy" in page.inner_text("#deal-counter")


def build_second_version(tmp_path: Path) -> Path:
    """The same site with one visible change, built with a new hash (so a new sw.js)."""
    site = tmp_path / "site-v2"
    shutil.copytree(ROOT / "site", site, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    index = site / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("<head>", '<head>\n  <meta name="x-version" content="2">', 1), encoding="utf-8")
    out = tmp_path / "dist-v2"
    build_py.build(out, site=site)
    return out


def test_a_new_version_waits_for_the_next_load(browser: Browser, site: Site, tmp_path: Path) -> None:
    """A deploy during a game: it installs in the background, the game goes on unchanged, the
    next load runs the new version and resumes the game."""
    served_dir = tmp_path / "served"
    shutil.copytree(site.dist, served_dir)
    v2 = build_second_version(tmp_path)
    server = serve(served_dir, env={"LADDER_RUMMY_BLOBS_DIR": str(tmp_path / "blobs")})
    context, guard = guarded_context(browser, server.url)
    version = "document.querySelector('meta[name=x-version]')?.content ?? '1'"
    try:
        page = context.new_page()
        first_visit(page, server.url + "?seed=update&difficulty=easy")
        page.reload()  # now under version 1's service worker
        page.wait_for_selector(TABLE + '[data-phase="draw"]', state="attached")
        before = replies(page)
        command(page, "draw stock")
        after(page, before)

        served_dir.rename(tmp_path / "v1")  # the deploy
        v2.rename(served_dir)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector('html[data-update="waiting"]', state="attached")
        assert page.evaluate(version) == "1"
        assert page.locator("#update-note").inner_text().startswith("A new version of Ladder Rummy is ready")
        discard = next(m for m in page.eval_on_selector_all("#legal-moves button", "b => b.map(x => x.textContent)") if m.startswith("discard"))
        before = replies(page)
        command(page, discard)  # the game goes on, under version 1
        after(page, before)
        log = page.evaluate(SAVED)["log"]

        # A snapshot taken with files no build ships any more goes when version 2 activates.
        stale = server.url + "python-snapshot?pyodide=pyodide%2F0.0.0%2Fpyodide.mjs&wheel=w.whl&worker=w.js&pyscript=p.js"
        page.evaluate(f"caches.open('ladder-rummy-python').then(c => c.put({stale!r}, new Response('old')))")
        snapshots = "caches.open('ladder-rummy-python').then(c => c.keys()).then(keys => keys.map(k => k.url).sort())"
        [kept] = [url for url in page.evaluate(snapshots) if url != stale]
        # So does PyScript's IndexedDB store of another build's worker directory (boot/<hash>).
        old_store = f"IDBMap/{server.url}boot/000000000000@1.0"
        page.evaluate(f"new Promise(done => {{ const r = indexedDB.open({old_store!r}); r.onsuccess = () => {{ r.result.close(); done(); }}; }})")
        stores = "indexedDB.databases().then(dbs => dbs.map(db => db.name))"
        assert old_store in page.evaluate(stores)

        page.reload()  # the next load: version 2 takes over (one extra reload), the game resumes
        page.wait_for_function(f"({version}) === '2'")
        page.wait_for_selector(TABLE, state="attached")
        assert page.evaluate(SAVED)["log"] == log
        # Version 1's own cache is gone; the shared ones (Pyodide, PyScript, wheels; the snapshot of
        # Python with the same Pyodide and wheel) stay.
        own = json.loads((served_dir / "build.json").read_text())["cache"]
        caches = ",".join(sorted([own, "ladder-rummy-files", "ladder-rummy-python"]))
        page.wait_for_function(f"caches.keys().then(keys => keys.sort().join() === {json.dumps(caches)})")
        # ... and in the snapshots' cache, version 1's snapshot (same Pyodide, wheel, worker files
        # and PyScript) stays, the stale one is gone.
        page.wait_for_function(f"({snapshots}).then(urls => urls.join() === {json.dumps(kept)})")
        page.wait_for_function(f"({stores}).then(names => !names.includes({old_store!r}))")
        current = [name for name in page.evaluate(stores) if name.startswith(f"IDBMap/{server.url}boot/")]
        assert len(current) == 1, current  # this build's own stays
    finally:
        context.close()
        server.stop()
    guard.assert_clean()
