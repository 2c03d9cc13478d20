"""One game, one tab; a game never lost by a tap (issues 17 and 13) — in Chromium, on the real engine.

Two tabs are two pages of one browser context: they share localStorage, Web Locks and
BroadcastChannel, as two tabs of one browser profile do. The tests play the issue's sequences:
a game open in two tabs, a tab taking it over, a save from a tab that fell behind, a Daily
finished while another tab is open, storage that throws or is full, and starting another game
in the middle of one. CPython plays the same seed where a test needs a position the page must
show (helpers.py). The ``page`` fixture fails a test on any console error or foreign request in
the context, so the second tab is guarded too.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import TYPE_CHECKING, Any

import pytest
from conftest import BOOT_TIMEOUT_MS
from helpers import INSTANT, ROOT, command, hand, legal_moves, pin_clock, review_shot, settle
from playwright.sync_api import expect
from test_leaderboard import Daily, daily, play_to_the_end, resume  # noqa: F401 (daily: a fixture)
from test_table import after, open_seed, replies

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import Browser, BrowserContext, Page, Request

ARTIFACTS = ROOT / "artifacts"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SEED = "tabs-1"
# In a try: a new tab's first document (about:blank) may not touch localStorage.
SETTINGS = f"try {{ if (!localStorage.getItem('ladder-rummy:settings')) localStorage.setItem('ladder-rummy:settings', {json.dumps(INSTANT)}) }} catch {{}}"


@pytest.fixture
def tab(context: BrowserContext, page: Page) -> Page:
    """The first tab, with computer players at instant speed."""
    context.add_init_script(SETTINGS)
    return page


def second_tab(context: BrowserContext, url: str) -> Page:
    """Another tab of the same browser, opened at `url`."""
    other = context.new_page()
    other.set_default_timeout(BOOT_TIMEOUT_MS)
    other.goto(url)
    return other


def play(page: Page, move: str) -> None:
    """One move through the Command box, then wait for the engine and the animation."""
    before = replies(page)
    command(page, move)
    after(page, before)
    expect(page.locator("#command-error")).to_have_text("")


def a_turn(page: Page) -> list[str]:
    """Draw from the stock and discard the first card the engine allows; the two moves."""
    play(page, "draw stock")
    discard = next(m for m in legal_moves(page) if m.startswith("discard "))
    play(page, discard)
    return ["draw stock", discard]


def stored(page: Page, slot: str = "new") -> dict[str, Any] | None:
    """The record saves.js keeps for a game."""
    text = page.evaluate(f"localStorage.getItem('ladder-rummy:game:{slot}')")
    return json.loads(text) if text else None


def away(page: Page, taken: bool | None = None) -> Any:
    """The notice that another tab holds the game, once it is up: `taken`, the other tab took it
    from this one (which says so); not `taken`, this tab opened a game another one holds."""
    notice = page.locator("#away-dialog[open]")
    notice.wait_for()
    words = {False: ("Open in another tab", "This game is open in another tab."),
             True: ("Taken over by another tab", "Another tab took this game over and plays it now.")}
    if taken is None:
        expect(notice.get_by_role("heading")).to_have_text(re.compile(f"^({words[False][0]}|{words[True][0]})$"))
    else:
        expect(notice.get_by_role("heading")).to_have_text(words[taken][0])
        expect(notice).to_contain_text(words[taken][1])
    return notice


def behind_notice(page: Page) -> list[str]:
    """What the page could play behind a modal notice: the Legal moves list and the hand, read
    from the page (the keyboard toggle cannot be pressed while the notice is up, by design)."""
    moves = page.eval_on_selector_all("#legal-moves button", "buttons => buttons.map(b => b.textContent)")
    return moves + hand(page)


def take_over(page: Page) -> None:
    """Press "Continue here" on the notice and wait for the game on the table."""
    before = replies(page)
    away(page).get_by_role("button", name="Continue here").click()
    expect(page.locator("#away-dialog")).not_to_have_attribute("open", "")
    page.wait_for_selector(f'#app:not([data-replies="{before}"])[data-busy="false"]', state="attached")


def post_counter(context: BrowserContext) -> list[Request]:
    """Every POST to the leaderboard from any tab of the context, from now on."""
    seen: list[Request] = []
    context.on("request", lambda r: seen.append(r) if r.method == "POST" and "/api/leaderboard" in r.url else None)
    return seen


# ---- issue 17: one game, one tab ----

def test_a_second_tab_never_forks_the_game(context: BrowserContext, tab: Page, site: Site) -> None:
    """The issue's sequence: A plays, B (opened on the same game) cannot play a stale position;
    taking over continues from A's latest move; A then shows the notice; nothing is lost."""
    a = tab
    open_seed(a, site, SEED)
    b = second_tab(context, site.url)
    away(b, taken=False)
    assert behind_notice(b) == []  # B never resumed the game behind the notice

    start = len(stored(a)["save"]["log"])
    a_moves = a_turn(a)  # A: draw stock, discard; the computer players answer
    after_a = stored(a)["save"]["log"]
    assert after_a[start:start + 2] == a_moves
    expect(b.locator("#away-dialog[open]")).to_have_count(1)  # B still cannot play the old position

    # B takes the game over: from A's latest saved move, not from a stale screen; A says so.
    a_hand = hand(a)
    take_over(b)
    assert hand(b) == a_hand
    assert b.get_attribute("#app", "data-phase") == "draw"
    away(a, taken=True)  # A played it: it says another tab took it over
    b_moves = a_turn(b)
    after_b = stored(b)["save"]["log"]
    assert after_b[: len(after_a)] == after_a, "A's turn is kept"
    assert after_b[len(after_a):][:2] == b_moves

    # A takes it back: B's turn is there.
    b_hand = hand(b)
    take_over(a)
    assert hand(a) == b_hand
    away(b, taken=True)

    # Reload both: the one game, both turns kept; the tab opened second shows the notice.
    a.reload()
    settle(a)
    assert hand(a) == b_hand
    b.reload()
    away(b, taken=False)
    assert stored(a)["save"]["log"] == after_b


def test_a_game_replaced_in_another_tab_is_said_to_be_a_new_one(context: BrowserContext, tab: Page, site: Site) -> None:
    """B starts a New Game in place of the one A plays: A, taking the table back, is told that
    what it now shows is a new game from the other tab, not its own (a review found only the
    plain "open in another tab" notice, then another deal without a word)."""
    a = tab
    open_seed(a, site, SEED)
    mine = stored(a)["save"]["seed"]
    b = second_tab(context, site.url)
    away(b).get_by_role("button", name="Menu").click()
    b.locator("#start-dialog[open]").get_by_role("button", name="Easy").click()
    b.locator("#confirm-dialog[open]").get_by_role("button", name="Start new game").click()
    b.wait_for_function(f"JSON.parse(localStorage.getItem('ladder-rummy:game:new')).save.seed !== {json.dumps(mine)}")
    take_over(a)
    notice = a.locator("#notice-dialog[open]")
    notice.wait_for()
    expect(notice).to_contain_text("A new game was started in another tab.")
    assert stored(a)["save"]["seed"] != mine


def test_an_open_menu_follows_the_game_another_tab_plays(context: BrowserContext, tab: Page, site: Site) -> None:
    """B's start menu, open while A plays on, says what A keeps now (a play-test saw "Hard, deal
    1" in a second tab's menu while the game was on deal 2): it is filled again when A saves,
    and the focus stays on the button it was on."""
    a = tab
    open_seed(a, site, SEED, "hard")
    b = second_tab(context, site.url)
    away(b).get_by_role("button", name="Menu").click()
    start = b.locator("#start-dialog[open]")
    elsewhere = "Open in another tab: {}. Continuing here stops it there."
    expect(start.locator("#new-saved")).to_have_text(elsewhere.format("Hard, deal 1"))
    start.get_by_role("button", name="Continue your New Game here").focus()

    a_turn(a)  # a save that changes nothing the menu says
    expect(start.locator("#new-saved")).to_have_text(elsewhere.format("Hard, deal 1"))
    start_a = menu(a)  # A starts an Easy game in place of its Hard one
    tap_and_wait_after_confirm(a, start_a.get_by_role("button", name="Easy", exact=True))
    expect(start.locator("#new-saved")).to_have_text(elsewhere.format("Easy, deal 1"))
    expect(start.get_by_role("button", name="Continue your New Game here")).to_be_focused()


def test_a_game_open_in_another_tab_is_continued_here_from_the_menu_in_one_tap(context: BrowserContext, tab: Page, site: Site) -> None:
    """B's menu says the New Game is open in another tab, and its button continues it here: one
    tap, not the button and then the notice's "Continue here" (a play-test went round that loop).
    A then says the game went to another tab. Once A lets go of it (A's tab closed), B's menu,
    looked at again, offers it as any kept game."""
    a = tab
    open_seed(a, site, SEED)
    b = second_tab(context, site.url)
    away(b).get_by_role("button", name="Menu").click()
    start = b.locator("#start-dialog[open]")
    expect(start.locator("#new-saved")).to_have_text(re.compile(r"^Open in another tab: Easy, deal 1\."))
    a_hand = hand(a)
    before = replies(b)
    start.get_by_role("button", name="Continue your New Game here").click()
    b.wait_for_selector(f'#app:not([data-replies="{before}"])[data-screen="table"][data-busy="false"]', state="attached")
    expect(b.locator("#away-dialog[open]")).to_have_count(0)
    assert hand(b) == a_hand
    away(a, taken=True)  # A lost it, and says so
    # B's game back to A by A's notice; B's menu says A has it; A's tab closes; B looks again.
    take_over(a)
    away(b).get_by_role("button", name="Menu").click()
    expect(start.get_by_role("button", name="Continue your New Game here")).to_be_visible()
    a.close()
    held = "async () => (await navigator.locks.query()).held.some((lock) => lock.name === 'ladder-rummy:game:new')"
    for _ in range(50):  # a closed tab's locks go a moment later
        if not b.evaluate(held):
            break
        b.wait_for_timeout(100)
    b.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(start.get_by_role("button", name="Continue your New Game", exact=True)).to_be_visible()
    expect(start.locator("#new-saved")).to_have_text("In progress on this device: Easy, deal 1.")


def tap_and_wait_after_confirm(page: Page, button: Any) -> None:
    """Tap a button that asks before it replaces the game in progress, agree, and wait for the new game."""
    before = replies(page)
    button.click()
    page.locator("#confirm-dialog[open]").get_by_role("button", name="Start new game").click()
    page.wait_for_selector(f'#app:not([data-replies="{before}"])[data-screen="table"][data-busy="false"]', state="attached")


def test_without_web_locks_the_tabs_agree_over_a_channel(context: BrowserContext, tab: Page, site: Site) -> None:
    """Browsers without Web Locks: the tabs ask and claim over a BroadcastChannel, to the same effect."""
    context.add_init_script("delete Navigator.prototype.locks;")
    a = tab
    open_seed(a, site, SEED)
    assert a.evaluate("navigator.locks") is None
    b = second_tab(context, site.url)
    away(b)
    take_over(b)
    away(a)
    a_turn(b)
    take_over(a)
    assert hand(a) == hand(b)
    away(b)


def test_a_stale_save_is_refused_and_the_stored_game_shown(context: BrowserContext, tab: Page, site: Site) -> None:
    """A save that would undo moves stored by another tab is refused: the stored game comes back, and why."""
    from ladder_rummy import adapter

    open_seed(tab, site, SEED)
    a_turn(tab)
    record = stored(tab)

    # Another tab (say an older version, which has no locks) played on: the stored game is further on.
    adapter.resume(json.dumps(record["save"]))
    drawn = json.loads(adapter.act("draw stock"))
    further = json.loads(adapter.act(next(m for m in drawn["view"]["legal"] if m.startswith("discard "))))
    assert further["ok"] and len(further["save"]["log"]) > len(record["save"]["log"]) + 2
    write = "r => localStorage.setItem('ladder-rummy:game:new', JSON.stringify(r))"
    tab.evaluate(write, {**record, "save": further["save"], "deal": further["view"]["deal"]})

    # This tab, behind, plays the same draw from its stale screen: refused; the stored game is shown, and why.
    before = replies(tab)
    command(tab, "draw stock")
    notice = tab.locator("#notice-dialog[open]")
    notice.wait_for()
    expect(notice.get_by_role("heading")).to_have_text("Your game moved on")
    expect(notice).to_contain_text("This game was played further in another tab.")
    assert stored(tab)["save"]["log"] == further["save"]["log"], "the refused save did not land"
    notice.get_by_role("button", name="OK").click()
    tab.wait_for_selector(f'#app:not([data-replies="{before}"])[data-busy="false"]', state="attached")
    assert sorted(hand(tab)) == sorted(further["view"]["hand"])
    assert set(legal_moves(tab)) == set(further["view"]["legal"])

    # Another document of the site (a frame stands in for a tab that does not start a game)
    # stores a position that went another way from the earlier one: this tab hears of it at once
    # (the storage event), shows that game, and says why.
    adapter.resume(json.dumps(record["save"]))
    forked = json.loads(adapter.act("draw discard"))
    assert forked["ok"]
    tab.evaluate("""r => {
        const frame = document.body.appendChild(document.createElement("iframe"));
        frame.contentWindow.localStorage.setItem('ladder-rummy:game:new', JSON.stringify(r));
        frame.remove();
    }""", {**record, "save": forked["save"], "deal": forked["view"]["deal"]})
    notice.wait_for()
    expect(notice).to_contain_text("This game was played differently in another tab, and that play was saved first.")
    notice.get_by_role("button", name="OK").click()
    settle(tab)
    assert sorted(hand(tab)) == sorted(forked["view"]["hand"])
    assert tab.get_attribute("#app", "data-phase") == "play"
    play(tab, next(m for m in legal_moves(tab) if m.startswith("discard ")))  # and it plays on from there
    assert stored(tab)["save"]["log"][: len(forked["save"]["log"])] == forked["save"]["log"]


def test_a_daily_finished_in_one_tab_is_counted_and_sent_once(context: BrowserContext, page: Page, site: Site, daily: Daily) -> None:
    """A Daily finished in tab A while tab B is open: one submission, one record, whichever tab looks.
    Closing the leaderboard from Game over returns to Game over (issue 13)."""
    context.add_init_script(f"try {{ {daily.storage_script(name='Tab Tess', player_id=str(uuid.uuid4()))} }} catch {{}}")
    sent = post_counter(context)
    a = page
    resume(a, site)
    b = second_tab(context, site.url)
    away(b)
    c = second_tab(context, site.url)  # a third tab goes to the menu, which offers to continue the Daily
    away(c).get_by_role("button", name="Menu").click()
    expect(c.locator("#start-dialog[open]").get_by_role("button", name="Continue today's Daily")).to_have_count(1)

    play_to_the_end(a, daily)
    over = a.locator("#game-dialog[open]")
    over.wait_for()
    expect(over.get_by_role("status")).to_have_text(f"Your result is on the leaderboard for {daily.date}.", timeout=60_000)
    over.get_by_role("button", name="Leaderboard").click()
    board = a.locator("#board-dialog[open]")
    board.wait_for()
    board.get_by_role("button", name="Close").click()
    over.wait_for()  # back on the game-over sheet, chart and Share still there
    expect(over.locator("svg.chart")).to_have_count(1)

    # B wants to continue it: it finished; B says so and offers the start screen, which knows.
    away(b).get_by_role("button", name="Continue here").click()
    notice = b.locator("#notice-dialog[open]")
    notice.wait_for()
    expect(notice).to_contain_text("This game was finished in another tab.")
    notice.get_by_role("button", name="OK").click()
    start = b.locator("#start-dialog[open]")
    start.wait_for()
    expect(start.locator(".daily-done")).to_contain_text("Finished today")
    # C's start screen, open from before, follows: it says the Daily is finished and no longer
    # offers to continue it (B's "Continue here" above is the path of a choice made too late).
    expect(c.locator("#start-dialog[open] .daily-done")).to_contain_text("Finished today")
    expect(c.locator("#start-dialog[open]").get_by_role("button", name="Continue today's Daily")).to_have_count(0)
    assert behind_notice(c) == []
    b.reload()
    b.locator("#start-dialog[open]").wait_for()
    b.wait_for_timeout(1500)  # both tabs' queues have had their round

    assert len(sent) == 1 and sent[0].response().status == 201
    games = json.loads(b.evaluate("localStorage.getItem('ladder-rummy:stats')"))["games"]
    assert [g["date"] for g in games if g["mode"] == "daily"] == [daily.date]
    assert json.loads(b.evaluate("localStorage.getItem('ladder-rummy:board-queue')")) == {}
    assert stored(b, f"daily:{daily.date}")["over"] is True


# ---- issue 17: storage that fails ----

THROWING = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) throw new DOMException("The operation is insecure.", "SecurityError");
    return real.call(this, key, value);
  };
})();
"""
STATS = {"format": 1, "games": [{"id": "earlier-1", "mode": "new", "date": None, "difficulty": "easy", "finished": "2026-11-20T12:00:00.000Z",
                                 "place": 2, "shared": False, "players": 4, "completed": 3, "penalty": 80, "climbs": [True, True, True]}]}


def storage_notice(page: Page) -> None:
    """The one notice that the game cannot be saved here; closed."""
    notice = page.locator("#storage-dialog[open]")
    notice.wait_for()
    expect(notice.get_by_role("heading")).to_have_text("Not saved on this device")
    expect(notice).to_contain_text("You can keep playing")
    notice.get_by_role("button", name="OK").click()


def test_storage_that_throws_keeps_the_game_playable(context: BrowserContext, tab: Page, site: Site) -> None:
    """localStorage.setItem throwing (some private modes): told once, the game plays on, nothing stored changes."""
    context.add_init_script(f"localStorage.setItem('ladder-rummy:stats', {json.dumps(json.dumps(STATS))});" + THROWING)
    tab.goto(site.at(f"?seed={SEED}&difficulty=easy"))
    storage_notice(tab)
    settle(tab)
    for _ in range(2):
        a_turn(tab)
        expect(tab.locator("#storage-dialog[open]")).to_have_count(0)  # told once
    assert tab.get_attribute("#app", "data-phase") == "draw"
    assert json.loads(tab.evaluate("localStorage.getItem('ladder-rummy:stats')")) == STATS
    assert stored(tab) is None


def test_a_full_quota_keeps_the_game_playable_and_the_stored_game_intact(tab: Page, site: Site) -> None:
    """The origin's quota filled up mid-game: told once, the game plays on from memory, and the
    stored game (the last move that fit) is untouched: a reload after making room resumes it."""
    open_seed(tab, site, SEED)
    a_turn(tab)
    kept = tab.evaluate("localStorage.getItem('ladder-rummy:game:new')")
    position = (hand(tab), legal_moves(tab))
    # Fill the origin's quota to the last character: megabyte items, then one item sized by bisection.
    filled = tab.evaluate("""() => {
        let n = 0;
        const chunk = "x".repeat(1 << 20);
        for (;;) { try { localStorage.setItem(`filler:${n}`, chunk); n += 1; } catch { break; } }
        let low = 0, high = 1 << 20;
        while (low < high) {
            const size = Math.ceil((low + high) / 2);
            try { localStorage.setItem("filler:last", "x".repeat(size)); low = size; } catch { high = size - 1; }
        }
        localStorage.setItem("filler:last", "x".repeat(low));
        try { localStorage.setItem("filler:one-more", "x"); return -1; } catch { return n; }
    }""")
    assert filled > 0
    play(tab, "draw stock")
    storage_notice(tab)
    play(tab, next(m for m in legal_moves(tab) if m.startswith("discard ")))
    a_turn(tab)
    expect(tab.locator("#storage-dialog[open]")).to_have_count(0)
    assert tab.evaluate("localStorage.getItem('ladder-rummy:game:new')") == kept

    tab.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('filler:')).forEach(k => localStorage.removeItem(k))")
    tab.reload()
    settle(tab)
    assert (hand(tab), legal_moves(tab)) == position


# ---- issue 13: a game is never lost by a tap ----

def tap_and_wait(page: Page, button: Any) -> None:
    """Tap a button that puts a game on the table; wait until the engine answered and it is drawn."""
    before = replies(page)
    button.click()
    page.wait_for_selector(f'#app:not([data-replies="{before}"])[data-screen="table"][data-busy="false"]', state="attached")


def menu(page: Page) -> Any:
    page.locator("#menu-button").click()
    start = page.locator("#start-dialog[open]")
    start.wait_for()
    return start


def test_a_game_is_never_lost_by_a_tap(tab: Page, site: Site) -> None:
    """Starting another game mid-game asks, and cancelling keeps the game exactly. A started Daily
    is only ever continued (start, draw, leave, come back: the same position), across a reload too."""
    pin_clock(tab.context, "2026-11-30")  # "today's Daily" stays today's for the whole test, across a midnight too
    tab.goto(site.url)
    tap_and_wait(tab, tab.locator("#start-dialog[open]").get_by_role("button", name="Play today's Daily"))
    play(tab, "draw stock")
    daily_position = (hand(tab), legal_moves(tab), tab.get_attribute("#app", "data-phase"))

    # Another game mid-Daily: asked first; "Back to this game" keeps the game exactly (no engine call).
    before = replies(tab)
    menu(tab).get_by_role("button", name="Easy").click()
    ask = tab.locator("#confirm-dialog[open]")
    ask.wait_for()
    expect(ask.get_by_role("heading")).to_have_text("Start a new game?")
    expect(ask).to_contain_text("Today's Daily stays saved at this move")
    shot(tab, "confirm-daily-kept")
    ask.get_by_role("button", name="Back to this game").click()
    expect(tab.locator("dialog[open]")).to_have_count(0)
    assert (hand(tab), legal_moves(tab), tab.get_attribute("#app", "data-phase")) == daily_position
    assert replies(tab) == before

    # Going ahead: a New Game; the Daily stays saved.
    menu(tab).get_by_role("button", name="Easy").click()
    tap_and_wait(tab, ask.get_by_role("button", name="Start new game"))
    assert tab.get_attribute("#app", "data-phase") == "draw"
    play(tab, "draw stock")
    new_position = (hand(tab), legal_moves(tab))

    # "Play today's Daily" is now "Continue today's Daily": the same game at its last move, never move 0.
    start = menu(tab)
    expect(start.get_by_role("button", name="Play today's Daily")).to_have_count(0)
    expect(start).to_contain_text("Started on this device, now in deal 1")
    shot(tab, "start-continue")
    tap_and_wait(tab, start.get_by_role("button", name="Continue today's Daily"))
    assert (hand(tab), legal_moves(tab), tab.get_attribute("#app", "data-phase")) == daily_position

    # After a reload the game last played comes back, and the New Game waits on the start screen.
    tab.reload()
    settle(tab)
    assert (hand(tab), legal_moves(tab)) == daily_position[:2]
    start = menu(tab)
    expect(start).to_contain_text("In progress on this device: Easy, deal 1.")
    tap_and_wait(tab, start.get_by_role("button", name="Continue your New Game"))
    assert (hand(tab), legal_moves(tab)) == new_position

    # Another New Game would end this one: the question says which, and Cancel keeps it.
    menu(tab).get_by_role("button", name="Hard").click()
    ask.wait_for()
    expect(ask).to_contain_text("Your New Game in progress (Easy, deal 1) ends here")
    ask.get_by_role("button", name="Back to this game").click()
    assert (hand(tab), legal_moves(tab)) == new_position


# ---- the sheets, as people see them ----

def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("document.activeElement?.blur()")
    page.wait_for_timeout(120)
    review_shot(page, ARTIFACTS / f"tabs-{name}.png")


IMPORTS = "Promise.all(['js/dialogs.js', 'js/i18n.js'].map((p) => import(new URL(p, document.baseURI).href)))"
SHEETS = {
    "away": "([d, {t}]) => { d.showAway({title: t('away.title'), text: t('away.text')}); return 'away-dialog'; }",
    "confirm": """([d, {t}]) => { d.confirm({title: t('confirm.new_title'), yes: t('confirm.new_yes'), no: t('confirm.keep'),
        text: [t('confirm.lost', {game: t('games.game_deal', {game: t('difficulty.normal'), deal: 10})}), t('confirm.kept_daily')]});
        return 'confirm-dialog'; }""",
    "refused": "([d, {t}]) => { d.showNotice(t('refused.forked'), {title: t('refused.title')}); return 'notice-dialog'; }",
    "storage": "([d, {t}]) => { d.showNotice(t('notice.storage'), {title: t('notice.storage_title'), id: 'storage-dialog'}); return 'storage-dialog'; }",
    "start": """([d, {t}]) => { d.openStart({date: '2026-11-29', dailyRecord: null, canContinue: true, dailySaved: {deal: 10},
        newSaved: t('games.game_deal', {game: t('difficulty.normal'), deal: 10}), pastDailies: ['2026-11-28']}); return 'start-dialog'; }""",
}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_sheets_in_three_languages(browser: Browser, site: Site, guard: Guard, size: str) -> None:
    """Every sheet of this work at 360×640 (touch, scale 2) and 1280×800 in English, Turkish and
    Korean: nothing sticks out or is cut off, and axe-core finds nothing serious or critical."""
    phone = size == "phone"
    options: dict[str, Any] = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True} \
        if phone else {"viewport": {"width": 1280, "height": 800}}
    context = browser.new_context(bypass_csp=True, **options)  # bypass: to inject axe-core's script
    context.on("console", guard.on_console)
    context.on("request", guard.on_request)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        context.add_init_script(SETTINGS)
        open_seed(page, site, SEED)
        page.add_script_tag(path=str(AXE))
        for lang in ("en", "tr", "ko"):
            page.locator("#settings-button").click()
            page.locator(f'#settings-dialog input[name="setting-lang"][value="{lang}"]').check()
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.locator("#settings-dialog .sheet-foot button").click()
            for name, script in SHEETS.items():
                dialog_id = page.evaluate(f"{IMPORTS}.then({script})")
                dialog = page.locator(f"#{dialog_id}[open]")
                dialog.wait_for()
                shot(page, f"{size}-{lang}-{name}")
                cut = page.evaluate("""(id) => [...document.querySelectorAll(`#${id} *`)]
                    .filter((e) => e.getClientRects().length && (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'auto'
                        || e.getBoundingClientRect().right > innerWidth + 0.5))
                    .map((e) => `${e.tagName}.${e.className}: ${e.textContent.slice(0, 40)}`)""", dialog_id)
                assert cut == [], f"{lang} {name}: {cut}"
                small = page.evaluate("""(id) => [...document.querySelectorAll(`#${id} button`)]
                    .map((b) => b.getBoundingClientRect()).filter((r) => Math.min(r.width, r.height) < 40).length""", dialog_id)
                assert not phone or small == 0, f"{lang} {name}: {small} buttons under 40 px"
                violations = page.evaluate("""async (id) => (await axe.run(`#${id}`, {resultTypes: ['violations']})).violations
                    .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)""", dialog_id)
                assert violations == [], f"{lang} {name}: {violations}"
                page.evaluate(f"document.getElementById('{dialog_id}').close()")
                expect(dialog).to_have_count(0)
    finally:
        context.close()
    guard.assert_clean()
