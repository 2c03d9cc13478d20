"""The Daily leaderboard from the page: finish a Daily, send it once, see yourself on the board.

A whole Daily takes minutes to click through, so each test resumes a nearly finished one, the way
a reload would: the ``daily`` fixture plays today's Daily to the end in CPython — the person's seat
by ``BasicBot``, the computer seats as the Daily seats them — with the engine wheel the site serves
(so the page, the endpoint and this plan run the same engine, even while engine/ is being edited).
The page gets that log minus the person's last few actions as its saved game, and the test types
those actions into the Command box. The computer players then finish the game in the page, and the
endpoint (``build.py serve`` on a temporary Blobs store) replays the whole log to rank it.

The ``page`` fixture fails a test on any request to another origin and on any console error.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect
from helpers import ROOT, command, cut_near_end, pin_clock, played, review_shot, storage_script, utc_today
from test_table import after, replies

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import BrowserContext, Page, Request, Route

ARTIFACTS = ROOT / "artifacts"
LAST_MOVES = 3  # person actions the page plays itself
IMPORT = "import(new URL('js/leaderboard.js', document.baseURI).href)"

@dataclass(frozen=True)
class Daily:
    """A finished Daily and where the page takes over."""

    date: str
    seed: str
    engine: str
    log: list[str]
    cut: int  # the page's save holds log[:cut]
    moves: list[str]  # the person's actions from there on
    completed: int
    penalty: int

    def storage_script(self, *, name: str | None = None, player_id: str | None = None) -> str:
        """An init script: instant computer players and this Daily saved, once per browser profile."""
        save = {"format": 1, "engine": self.engine, "mode": "daily", "date": self.date, "seed": self.seed,
                "difficulty": "normal", "log": self.log[: self.cut]}
        items: dict[str, Any] = {
            "settings": {"speed": "instant", "sort": "suit", "lang": "en"},
            "save": {"save": save, "order": [], "manual": False, "mode": {"mode": "daily", "date": self.date}},
        }
        if player_id:
            items["player"] = {"id": player_id, "name": name}
        return storage_script(items)


VARIANTS = iter(range(1, 1000))
# The queue test answers for the endpoint, so its page may live on any date: the first of a year,
# whose week is the last ISO week of the year before (2026-W53) and whose last seven days span both.
QUEUE_TODAY = "2027-01-01"


@pytest.fixture()
def daily(site: Site, context: BrowserContext) -> Daily:
    """Today's Daily played to the end by the served engine, person seat included: a game of its
    own for each test, since the endpoint refuses one game under two players.

    The real endpoint takes a Daily from its own day only (to a week after), so this is the real
    date, read once; the context's pages are pinned to its noon, so that a test that starts at
    23:59 still finds its Daily today's on the page (and on the board's Today tab) after midnight.
    """
    today = utc_today().isoformat()
    pin_clock(context, today)
    game = played(site, "daily", today, str(next(VARIANTS)))
    cut, moves = cut_near_end(game, LAST_MOVES)
    return Daily(today, game["seed"], game["engine"], game["log"], cut, moves, game["completed"], game["penalty"])


def api(site: Site, query: str = "", body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """Call the leaderboard directly (not through the page)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(site.at(f"api/leaderboard{query}"), data=data, method="POST" if data else "GET",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def eventually(page: Page, read: Any, expected: Any, timeout_ms: float = 30_000) -> None:
    """Poll `read()` until it returns `expected` (Playwright's events keep flowing meanwhile)."""
    waited = 0.0
    while (got := read()) != expected:
        assert waited < timeout_ms, f"still {got!r}, expected {expected!r}"
        page.wait_for_timeout(100)
        waited += 100


def posts(page: Page) -> list[Request]:
    """Every POST the page makes to the leaderboard, recorded from now on."""
    seen: list[Request] = []
    page.on("request", lambda r: seen.append(r) if r.method == "POST" and "/api/leaderboard" in r.url else None)
    return seen


def resume(page: Page, site: Site) -> None:
    page.goto(site.url)
    page.wait_for_selector('#app[data-screen="table"][data-busy="false"][data-phase="draw"]', state="attached")


def play_to_the_end(page: Page, daily: Daily, *, before_last: Any = None) -> None:
    """Type the person's remaining actions; close deal summaries; stop at the last one's summary."""
    for n, move in enumerate(daily.moves):
        deal = page.locator("#deal-dialog[open]")
        if deal.count():
            deal.get_by_role("button").last.click()
            page.wait_for_selector('#app[data-busy="false"]', state="attached")
        if n == len(daily.moves) - 1 and before_last:
            before_last()
        before = replies(page)
        command(page, move)
        after(page, before)
        expect(page.locator("#command-error")).to_have_text("")
    page.locator("#deal-dialog[open]").get_by_role("button", name="See the results").click()


def finished_board_row(page: Page) -> Any:
    """Open the board from the game-over sheet; return the row marked as the person's."""
    page.locator("#game-dialog[open]").get_by_role("button", name="Leaderboard").click()
    board = page.locator("#board-dialog[open]")
    board.wait_for()
    expect(board.get_by_role("tab", name="Today")).to_have_attribute("aria-selected", "true")
    row = board.locator('table.board tbody tr[aria-current="true"]')
    expect(row).to_have_count(1)
    return row


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("document.activeElement?.blur()")
    page.wait_for_timeout(150)
    review_shot(page, ARTIFACTS / f"{name}.png")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_finish_a_daily_name_yourself_and_see_your_row(context: BrowserContext, page: Page, site: Site, daily: Daily, size: str) -> None:
    """The first finished Daily asks for a name once, is sent, and shows on today's board as yours.

    On the desktop run the person first says "Not now": the Daily waits, and the game-over
    sheet offers to choose a name, which sends it.
    """
    width, height = (360, 640) if size == "phone" else (1280, 800)
    page.set_viewport_size({"width": width, "height": height})
    context.add_init_script(daily.storage_script())
    sent = posts(page)
    calls: list[Request] = []
    page.on("request", lambda r: calls.append(r) if "/api/leaderboard" in r.url else None)
    resume(page, site)
    play_to_the_end(page, daily)

    ask = page.locator("#name-dialog[open]")
    ask.wait_for()
    expect(ask.get_by_role("heading")).to_have_text("Your name on the leaderboard")
    # Asked before the game-over sheet, it says how the game ended (a play-test named itself first).
    expect(ask.locator(".headline")).to_have_text(re.compile(
        rf"^(You win!|You share first place!|You finished in place [2-4]\.) {daily.completed} contracts, {daily.penalty} penalty points\.$"))
    box = ask.get_by_role("textbox", name="Name")
    expect(box).to_be_focused()
    ask.get_by_role("button", name="Save and send").click()  # empty: refused here, with the reason
    expect(ask.get_by_role("alert")).to_contain_text("at least one letter or digit")
    name = f"Ayşe {size}"
    over = page.locator("#game-dialog[open]")
    if size == "desktop":
        # A reload on the question: the results come back, as the Daily that counts (not
        # "practice"), still waiting for a name (they were lost: an attack on the page).
        page.reload()
        over.wait_for(timeout=60_000)
        badge = page.locator("#deal-counter .mode-badge")
        expect(badge).to_contain_text("Daily #")
        expect(badge).not_to_contain_text("ractice")
        expect(over.get_by_role("status")).to_have_text("Choose a name to put this Daily on the leaderboard.")
        over.get_by_role("button", name="Choose a name").click()
        ask.wait_for()
        ask.get_by_role("button", name="Not now").click()
        over.wait_for()
        expect(over.get_by_role("status")).to_have_text("Choose a name to put this Daily on the leaderboard.")
        assert sent == []
        over.get_by_role("button", name="Choose a name").click()
        ask.wait_for()
        box = ask.get_by_role("textbox", name="Name")
    box.fill(f"  {name} ")
    shot(page, f"leaderboard-{size}-1-name")
    box.press("Enter")

    over.wait_for()
    expect(over.get_by_role("status")).to_have_text(f"Your result is on the leaderboard for {daily.date}.", timeout=60_000)
    # Playing today's Daily again is offered, and said not to count (a play-test missed it).
    expect(over.get_by_role("button", name="Play again")).to_have_accessible_description("Only your first game of the day counts.")
    shot(page, f"leaderboard-{size}-2-game-over")
    row = finished_board_row(page)
    expect(row.locator("bdi")).to_have_text(name)
    expect(row.locator(".you-badge")).to_have_text("you")
    cells = row.locator("td").all_inner_texts()
    assert [int(c) for c in cells[1:]] == [daily.completed, daily.penalty]  # what the engine says, via the server
    board = page.locator("#board-dialog[open]")
    expect(board.get_by_role("table")).to_have_count(1)
    expect(board.locator("table.board thead th")).to_have_text(["Rank", "Player", "Contracts", "Penalty"])
    expect(board.locator("table.board caption")).to_have_text(f"Daily of {daily.date} (UTC)")
    expect(board.locator(".board-summary")).to_contain_text("On this leaderboard you are number")
    shot(page, f"leaderboard-{size}-3-board")

    # Exactly one submission, with the save's log and engine, under the id kept in localStorage.
    assert len(sent) == 1
    body = json.loads(sent[0].post_data or "{}")
    player = json.loads(page.evaluate("localStorage.getItem('ladder-rummy:player')"))
    assert body == {"date": daily.date, "name": name, "playerId": player["id"], "log": daily.log, "engineVersion": daily.engine}
    assert player["name"] == name
    assert uuid.UUID(player["id"]).version == 4
    # The player id is the only credential: it never goes in a URL (request logs keep URLs); a
    # board read sends it as a header, to learn this player's own rank.
    reads = [r for r in calls if r.method == "GET"]
    assert reads and all(player["id"] not in r.url for r in calls)
    assert all(r.headers.get("x-player-id") == player["id"] for r in reads)
    status, mine = api(site, f"?date={daily.date}&playerId={player['id']}")
    assert status == 200 and mine["you"]["entry"]["name"] == name

    # The week tab sums this player's Dailies; the name can be changed in Settings.
    board.get_by_role("tab", name="This week").click()
    expect(board.locator("table.board thead th")).to_have_text(["Rank", "Player", "Dailies", "Contracts", "Penalty"])
    expect(board.locator('tbody tr[aria-current="true"] td').nth(1)).to_have_text("1")
    # The name and its badge as on the day's board, and nothing else in the panel (a play-test
    # read "Ayşe ,[object HTMLSpanElement]" and a line "null" under the week's table).
    expect(board.locator('tbody tr[aria-current="true"] th .you-badge')).to_have_text("you")
    expect(board.locator('tbody tr[aria-current="true"] th')).to_have_text(f"{name} you")
    expect(board.get_by_role("tabpanel")).not_to_contain_text("null")
    expect(board.get_by_role("tabpanel")).not_to_contain_text("[object")
    board.get_by_role("button", name="Close").click()
    over.wait_for()  # closing the board returns to Game over
    over.get_by_role("button", name="Main menu").click()
    page.locator("#start-dialog[open]").get_by_role("button", name="Settings").click()
    settings = page.locator("#settings-dialog[open]")
    expect(settings.get_by_role("textbox", name="Name")).to_have_value(name)


def test_offline_finish_is_queued_then_sent_exactly_once(context: BrowserContext, page: Page, site: Site, daily: Daily) -> None:
    """Finished offline: kept in localStorage, sent when back online, once — and a replay is never sent."""
    player_id = str(uuid.uuid4())
    context.add_init_script(daily.storage_script(name="Offline Olly", player_id=player_id))
    sent = posts(page)
    resume(page, site)
    badge = page.locator("#deal-counter .mode-badge")
    expect(badge).to_contain_text("Daily #")
    expect(badge).not_to_contain_text("ractice")  # the game that counts
    play_to_the_end(page, daily, before_last=lambda: context.set_offline(True))

    over = page.locator("#game-dialog[open]")
    over.wait_for()  # a name is known: no question
    line = over.get_by_role("status")
    expect(line).to_contain_text("You are offline: your result is kept on this device")
    queue = json.loads(page.evaluate("localStorage.getItem('ladder-rummy:board-queue')"))
    assert list(queue) == [daily.date] and queue[daily.date]["log"] == daily.log
    assert sent == []

    context.set_offline(False)
    expect(line).to_have_text(f"Your result is on the leaderboard for {daily.date}.", timeout=60_000)
    assert page.evaluate("localStorage.getItem('ladder-rummy:board-queue')") == "{}"
    status, board = api(site, f"?date={daily.date}&playerId={player_id}")
    assert status == 200 and board["you"]["entry"]["name"] == "Offline Olly"
    assert [e["player"] for e in board["entries"]].count(board["you"]["entry"]["player"]) == 1
    assert len(sent) == 1 and sent[0].response().status == 201

    # The same Daily finished again in this browser: kept here, never sent.
    page.evaluate(f"() => {{ localStorage.removeItem('test:seeded'); {daily.storage_script()} }}")
    resume(page, site)
    # Nothing else on the table said that this game of a counted Daily does not count (a play-test).
    expect(badge).to_contain_text("Daily #")
    expect(badge).to_contain_text("· practice")
    play_to_the_end(page, daily)
    over.wait_for()
    expect(over.locator(".submission")).to_have_text(
        f"Only your first finished Daily of {daily.date} counts for the leaderboard; this game stays on this device.")
    page.wait_for_timeout(1000)
    assert len(sent) == 1


def test_a_name_with_markup_is_shown_as_text(context: BrowserContext, page: Page, site: Site, daily: Daily) -> None:
    """Names are text everywhere: through the real endpoint, and a longer one straight from a board answer."""
    script_ran: list[str] = []
    page.on("dialog", lambda d: (script_ran.append(d.message), d.dismiss()))
    loaded_x: list[str] = []
    page.on("request", lambda r: loaded_x.append(r.url) if r.url.endswith("/x") else None)
    context.add_init_script(daily.storage_script())
    resume(page, site)
    play_to_the_end(page, daily)

    ask = page.locator("#name-dialog[open]")
    box = ask.get_by_role("textbox", name="Name")
    box.fill("<b>x</b><img src=x onerror=alert(1)>")  # 36 characters: the endpoint takes 24
    box.press("Enter")
    expect(ask.get_by_role("alert")).to_have_text("That is 36 characters; a name has at most 24.")
    markup = "<b>x</b><svg onload=y()>"  # 24
    box.fill(markup)
    box.press("Enter")
    row = finished_board_row(page)
    expect(row.locator("bdi")).to_have_text(markup)
    assert row.locator("b, svg, img").count() == 0

    # The brief's longer name, as a board answer could carry it.
    long_name = "<b>x</b><img src=x onerror=alert(1)>"
    week = {"week": "2026-W48", "from": "2026-11-23", "to": "2026-11-29", "players": 1, "you": None,
            "entries": [{"rank": 1, "player": "0123456789abcdef", "name": long_name, "games": 1, "completed": 3,
                         "penalty": 40, "dates": ["2026-11-29"], "submittedAt": "2026-11-29T10:00:00.000Z"}]}
    page.route(lambda url: "/api/leaderboard?week=" in url, lambda route: route.fulfill(json=week))
    board = page.locator("#board-dialog[open]")
    board.get_by_role("tab", name="This week").click()
    cell = board.locator("table.board tbody th bdi")
    expect(cell).to_have_text(long_name)
    assert board.locator("table.board b, table.board img").count() == 0
    page.wait_for_timeout(300)
    assert script_ran == [] and loaded_x == []


def test_leaderboard_from_the_start_screen(context: BrowserContext, page: Page, site: Site, daily: Daily) -> None:
    """Reachable before playing: today's board (someone else's result), yesterday's, the week; arrow keys switch."""
    someone = str(uuid.uuid4())
    status, _ = api(site, body={"date": daily.date, "name": "Someone Else", "playerId": someone, "log": daily.log,
                                "engineVersion": daily.engine})
    assert status == 201
    context.add_init_script("localStorage.setItem('ladder-rummy:settings', JSON.stringify({speed: 'instant', sort: 'suit', lang: 'en'}))")
    page.goto(site.url)
    start = page.locator("#start-dialog[open]")
    # No game played here yet: the statistics show no rate and no average, not a perfect 0.
    start.get_by_role("button", name="Statistics").click()
    stats = page.locator("#stats-dialog[open]")
    expect(stats.locator('[data-stat="played"] .stat-value')).to_have_text("0")
    expect(stats.locator('[data-stat="average"] .stat-value')).to_have_text("—")
    expect(stats.locator('[data-stat="win_rate"] .stat-value')).to_have_text("—")
    expect(stats.locator('[data-stat="best"] .stat-value')).to_have_text("—")
    page.keyboard.press("Escape")
    start.get_by_role("button", name="Leaderboard").click()
    board = page.locator("#board-dialog[open]")
    board.wait_for()
    tabs = board.get_by_role("tab")
    expect(tabs).to_have_text(["Today", "Yesterday", "This week"])
    expect(board.get_by_role("tab", name="Today")).to_be_focused()
    expect(board.get_by_role("row", name=re.compile("Someone Else"))).to_have_count(1)
    expect(board.locator('tbody tr[aria-current="true"]')).to_have_count(0)  # not played yet
    page.keyboard.press("ArrowRight")
    expect(board.get_by_role("tab", name="Yesterday")).to_have_attribute("aria-selected", "true")
    yesterday = (dt.date.fromisoformat(daily.date) - dt.timedelta(days=1)).isoformat()
    _, answer = api(site, f"?date={yesterday}")
    if not answer["players"]:
        expect(board.get_by_role("tabpanel")).to_contain_text("No results for this day yet.")
    page.keyboard.press("ArrowRight")
    expect(board.get_by_role("tab", name="This week")).to_be_focused()
    week = page.evaluate(f"{IMPORT}.then((m) => m.isoWeek('{daily.date}'))")
    expect(board.locator("table.board caption")).to_contain_text(f"Week {int(week[-2:])}:")
    expect(board.get_by_role("row", name=re.compile("Someone Else"))).to_have_count(1)
    expect(board.get_by_role("tabpanel")).not_to_contain_text("null")
    page.keyboard.press("Escape")
    start.wait_for()


def test_the_board_in_korean_on_a_phone(context: BrowserContext, page: Page, site: Site) -> None:
    """Every word of the board sheet comes from the language files."""
    context.add_init_script("localStorage.setItem('ladder-rummy:settings', JSON.stringify({speed: 'instant', sort: 'suit', lang: 'ko'}))")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    page.locator("#start-dialog[open]").get_by_role("button", name="리더보드").click()
    board = page.locator("#board-dialog[open]")
    expect(board.get_by_role("tab")).to_have_text(["오늘", "어제", "이번 주"])
    expect(board.get_by_role("heading")).to_have_text("리더보드")
    # Two players who took one name, and a third whose name looks like theirs: each is tagged
    # from their id, which the week's answer carries (a name is not owned: nothing else tells them apart).
    def entry(rank: int, player: str, name: str) -> dict:
        return {"rank": rank, "player": player, "name": name, "games": 2, "completed": 6 - rank, "penalty": 30 * rank,
                "dates": ["2026-11-28", "2026-11-29"], "submittedAt": "2026-11-29T10:00:00.000Z"}
    week = {"week": "2026-W48", "from": "2026-11-23", "to": "2026-11-29", "players": 4, "you": None,
            "entries": [entry(1, "3f2a91c04be1d2e7", "김민지"), entry(2, "0c11aa93e5f2b870", "Mira Lee"),
                        entry(3, "77aa02d1f4c3b9e0", "김민지"), entry(4, "51be77c0a9d3e2f1", "김 민지!")]}
    page.route(lambda url: "/api/leaderboard?week=" in url, lambda route: route.fulfill(json=week))
    board.get_by_role("tab", name="이번 주").click()
    expect(board.get_by_role("tabpanel")).to_contain_text("주차")
    expect(board.locator("tbody .name-tag")).to_have_text(["#3f2a", "#77aa", "#51be"])
    assert board.locator("tbody tr").nth(1).locator(".name-tag").count() == 0
    shot(page, "leaderboard-phone-4-korean-week")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_iso_weeks_and_names_in_the_page(page: Page, site: Site) -> None:
    """The page's UTC date helpers and the endpoint's name rule (site/js/names.js), in the page."""
    page.goto(site.url)
    got = page.evaluate(IMPORT + """.then((m) => ({
        weeks: ['2026-11-29', '2026-11-23', '2021-01-03', '2024-12-30', '2020-12-31', '2026-01-01'].map(m.isoWeek),
        back: m.addDays('2026-03-01', -1),
        names: ['  Ayşe ', '', '   ', 'x'.repeat(25), '👍🏽'.repeat(24), 'a\\u202Eb', '<b>x</b>'].map(m.checkName),
    }))""")
    assert got["weeks"] == ["2026-W48", "2026-W48", "2020-W53", "2025-W01", "2020-W53", "2026-W01"]
    assert got["back"] == "2026-02-28"
    assert [n.get("name") or n["error"] for n in got["names"]] == ["Ayşe", "empty", "empty", "too_long", "no_letter", "invisible", "<b>x</b>"]
    assert got["names"][3]["count"] == 25 and got["names"][5]["char"] == "U+202E"


# ---- the queue against every kind of answer (the endpoint stood in for by routes) ----

ANSWERS = {  # days back → (status, body, headers); None: the connection fails
    0: (422, {"error": "engine_version", "detail": "this leaderboard replays games of engine 1.0.0, not 0.9.0"}, {}),
    1: (201, {"created": True, "entry": {}}, {}),
    2: (409, {"error": "already_submitted", "detail": "a different game is already on the board"}, {}),
    3: (503, {"error": "unavailable", "detail": "the game engine is not available right now"}, {}),
    4: (429, {"error": "rate_limited", "detail": "too many submissions"}, {"retry-after": "3600"}),
    5: None,
    6: (400, {"error": "invalid_request", "detail": "name: must contain at least one visible character"}, {}),
}


def test_queue_keeps_what_may_succeed_and_drops_what_cannot(context: BrowserContext, page: Page, site: Site, guard: Guard) -> None:
    """Removed on 201/409/422, kept on 5xx/429/network errors, renamed on a name refusal; each sent once per round."""
    base = pin_clock(context, QUEUE_TODAY)
    dates = {back: (base - dt.timedelta(days=back)).isoformat() for back in ANSWERS}
    player = str(uuid.uuid4())
    queue = {d: {"date": d, "name": "Queue Quinn", "playerId": player, "log": ["draw stock"], "engineVersion": "1.0.0",
                 "queuedAt": "2026-01-01T00:00:00Z", "attempts": 0} for d in dates.values()}
    context.add_init_script(
        "if (!localStorage.getItem('test:seeded')) {"
        f"localStorage.setItem('ladder-rummy:player', {json.dumps(json.dumps({'id': player, 'name': 'Queue Quinn'}))});"
        f"localStorage.setItem('ladder-rummy:board-queue', {json.dumps(json.dumps(queue))});"
        "localStorage.setItem('test:seeded', '1'); }")
    calls: list[str] = []
    healed = {"on": False}

    def answer(route: Route) -> None:
        if route.request.method != "POST":
            route.fulfill(json={"date": QUEUE_TODAY, "players": 0, "entries": [], "you": None})
            return
        date = json.loads(route.request.post_data or "{}")["date"]
        calls.append(date)
        back = next(k for k, d in dates.items() if d == date)
        reply = (201, {"created": True, "entry": {}}, {}) if healed["on"] else ANSWERS[back]
        if reply is None:
            route.abort("connectionreset")
        else:
            route.fulfill(status=reply[0], json=reply[1], headers={"content-type": "application/json", **reply[2]})

    page.route(lambda url: "/api/leaderboard" in url, answer)
    page.goto(site.url)
    page.locator("#start-dialog[open]").wait_for()

    def stored(key: str) -> dict[str, Any]:
        return json.loads(page.evaluate(f"localStorage.getItem('ladder-rummy:{key}')") or "{}")

    eventually(page, lambda: sorted(stored("board-queue")), sorted(dates[b] for b in (3, 4, 5, 6)))
    # Each sent in the first round. A slow boot may outlast the first retry (15 s on): then the
    # 503 and the failed connection go out again, but nothing with a final answer, nothing under
    # its Retry-After and nothing waiting for a name does.
    assert sorted(set(calls)) == sorted(dates.values())
    assert [calls.count(dates[b]) for b in (0, 1, 2, 4, 6)] == [1] * 5
    sent = stored("board-sent")
    assert {d: sent[d]["state"] for d in sent} == {dates[0]: "unranked", dates[1]: "ranked", dates[2]: "first"}
    assert "replays games of engine 1.0.0" in sent[dates[0]]["detail"]
    waiting = stored("board-queue")
    assert all(1 <= waiting[dates[b]]["attempts"] <= calls.count(dates[b]) for b in (3, 5))  # counted, one per try
    assert waiting[dates[4]]["notBefore"] > 0  # the server's Retry-After is kept
    assert waiting[dates[6]]["name"] is None and waiting[dates[6]]["nameError"].startswith("name:")

    # Today's Daily could not be ranked: the board says why, in the server's words.
    page.locator("#start-dialog[open]").get_by_role("button", name="Leaderboard").click()
    line = page.locator("#board-dialog[open] .submission")
    expect(line).to_contain_text("This game could not be ranked: this leaderboard replays games of engine 1.0.0, not 0.9.0.")
    page.keyboard.press("Escape")

    # Back online: what may succeed goes out again; the rate-limited one waits for its Retry-After.
    healed["on"] = True
    calls.clear()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    eventually(page, lambda: sorted(stored("board-queue")), sorted([dates[4], dates[6]]))
    assert sorted(calls) == sorted([dates[3], dates[5]])
    # A new name releases the one the server refused for its name.
    page.locator("#start-dialog[open]").get_by_role("button", name="Settings").click()
    settings = page.locator("#settings-dialog[open]")
    settings.get_by_role("textbox", name="Name").fill("Quinn")
    settings.get_by_role("button", name="Save name").click()
    expect(settings.get_by_role("status")).to_have_text("Saved. Dailies you finish from now on carry this name.")
    eventually(page, lambda: sorted(stored("board-queue")), [dates[4]])
    assert calls.count(dates[6]) == 1 and calls.count(dates[1]) == 0

    # The refusals and failures above were answers the test gave on purpose.
    expected = re.compile(r"Failed to load resource: (the server responded with a status of (400|409|422|429|503)|net::ERR_CONNECTION_RESET)")
    guard.console_errors[:] = [e for e in guard.console_errors if not expected.search(e)]
