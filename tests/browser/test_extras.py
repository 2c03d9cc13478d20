"""What players of daily web games expect (issue 7): statistics and the Daily streak, sharing a
finished Daily, hints, settings, and replays — in Chromium, on the real engine in Pyodide.

Playing many games through the page would take minutes, so the tests start from saved state the
way a returning player's browser holds it: finished games' records in localStorage, a nearly
finished Daily (the ``daily`` fixture of test_leaderboard.py: played to the end in CPython with the
served wheel, the page types the last moves), a finished New Game save left by a page that closed
on the game-over sheet. CPython computes what the page must show (the standings, which deals the
person climbed, Normal's hint) from the same seeds.

The ``page`` fixture fails a test on any request to another origin and on any console error.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect
from helpers import INSTANT, command, daily_number, days_before, legal_moves, pin_clock, settle
from test_leaderboard import Daily, api, daily, play_to_the_end, resume, shot  # noqa: F401 (daily: a fixture)
from test_table import after, open_seed, replies

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import Guard, Site
    from playwright.sync_api import BrowserContext, Locator, Page

# The person's result in a finished game, from its log, with the wheel the site serves.
RESULT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from ladder_rummy.game import Game
game = Game.new(sys.argv[2])
for i, entry in enumerate(json.loads(sys.stdin.read())):
    game.apply_logged(i, entry)
mine = next(s for s in game.standings() if s["seat"] == 0)
places = [s["place"] for s in game.standings()]
climbed = [next(h for h in d["hands"] if h["seat"] == 0)["climbed"] for d in game.deal_summaries]
print(json.dumps({**mine, "shared": places.count(mine["place"]) > 1, "climbed": climbed}))
"""

# A New Game played to the end: the person's seat by the basic player, the others at Easy.
PLAY_NEW = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from ladder_rummy import __version__
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.match import Match, person_and_bots
match = Match(sys.argv[2], [BasicBot()] + person_and_bots("easy")[1:])
while not match.game.is_over:
    match.game.apply(match.bot_action())
print(json.dumps({"format": 1, "engine": __version__, "mode": "new", "date": None, "seed": sys.argv[2],
                  "difficulty": "easy", "log": [str(a) for a in match.game.log]}))
"""


def wheel_run(site: Site, script: str, *args: str, stdin: str = "") -> Any:
    wheel = site.dist / "engine" / "ladder_rummy.whl"
    out = subprocess.run([sys.executable, "-c", script, str(wheel), *args], input=stdin, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


# The page's date where nothing outside it reads one (pin_clock): a year's last day is yesterday.
IMPORT_TODAY = "2027-01-01"


def record(mode: str, today: str, n: int, *, place: int, completed: int, penalty: int) -> dict[str, Any]:
    """A finished game's record as stats.js keeps it, finished `n` days before `today`."""
    date = days_before(today, n)
    return {"id": f"test-{mode}-{n}", "mode": mode, "date": date if mode == "daily" else None, "difficulty": "normal",
            "finished": f"{date}T12:00:00.000Z", "place": place, "shared": False, "players": 4,
            "completed": completed, "penalty": penalty, "climbs": [True] * completed}


def seed_script(items: dict[str, Any], guard: str = "test:seeded") -> str:
    """An init script writing `items` to localStorage once per browser profile."""
    sets = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});" for k, v in items.items())
    return f"if (!localStorage.getItem({json.dumps(guard)})) {{ {sets} localStorage.setItem({json.dumps(guard)}, '1'); }}"


def stat(sheet: Locator, name: str) -> str:
    return sheet.locator(f'[data-stat="{name}"] .stat-value').inner_text()


def stored(page: Page, key: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('ladder-rummy:{key}')") or "null")


def replay_now(viewer: Locator) -> str:
    return viewer.locator(".replay-count").inner_text()


def expect_all_hands(viewer: Locator, counts: list[int]) -> None:
    """Every seat's hand face up, card by card."""
    for seat, count in enumerate(counts):
        expect(viewer.locator(f'.replay-seat[data-seat="{seat}"] .replay-hand .card')).to_have_count(count)


# ---- a finished Daily: statistics, streak, share, countdown, its replay ----

def test_a_finished_daily_counts_once_keeps_the_streak_and_shares(context: BrowserContext, page: Page, site: Site, daily: Daily) -> None:
    seeded = [record("daily", daily.date, n, place=p, completed=c, penalty=pen) for n, p, c, pen in
              [(10, 2, 5, 90), (9, 1, 7, 40), (8, 3, 4, 120), (7, 4, 2, 200), (2, 2, 6, 70), (1, 1, 8, 30)]]
    seeded.append(record("new", daily.date, 3, place=1, completed=9, penalty=10))
    legacy = {days_before(daily.date, 4): {"place": 3, "completed": 3, "penalty": 150}}  # kept by the first pages
    context.add_init_script(daily.storage_script(name="Streak Sam", player_id=str(uuid.uuid4())))
    context.add_init_script(seed_script({"ladder-rummy:stats": {"format": 1, "games": seeded}, "ladder-rummy:daily": legacy}, "test:stats"))
    context.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")  # the clipboard way first
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.rstrip("/"))
    result = wheel_run(site, RESULT, daily.seed, stdin=json.dumps(daily.log))
    assert (result["completed"], result["penalty"]) == (daily.completed, daily.penalty)

    resume(page, site)
    panel = page.locator("#contract-panel")
    expect(panel.locator(".contract-missing")).to_have_text("In the Daily the panel does not list the cards you still need: finding them is up to you.")
    expect(page.locator("#hint-button")).to_have_count(0)
    play_to_the_end(page, daily)
    over = page.locator("#game-dialog[open]")
    over.wait_for()

    # Share: the clipboard holds the spoiler-free text, exactly.
    number = daily_number(daily.date)
    place = f"{result['place']}=" if result["shared"] else str(result["place"])
    symbols = "".join("🟩" if c else "⬜" for c in result["climbed"])
    text = f"Ladder Rummy #{number} · {daily.date}\n{daily.completed}/10 contracts · place {place}/4\n{symbols}"
    over.get_by_role("button", name="Share").click()
    expect(over.locator(".share-result")).to_have_text("Copied: paste it anywhere.")
    assert page.evaluate("navigator.clipboard.readText()") == f"{text}\n{site.url}"  # and the way to the game
    # Where the Web Share API exists, it gets the same text, and the game's address as its link.
    page.evaluate("Object.defineProperty(navigator, 'share', {configurable: true, value: async (data) => { window.sharedData = data; }})")
    over.get_by_role("button", name="Share").click()
    expect(over.locator(".share-result")).to_have_text("Shared.")
    assert page.evaluate("window.sharedData") == {"text": text, "url": site.url}

    # The countdown to the next Daily ticks.
    clock = over.locator(".countdown time")
    first = clock.inner_text()
    assert re.fullmatch(r"\d\d:\d\d:\d\d", first) and first <= "24:00:00"
    expect(clock).not_to_have_text(first, timeout=3000)
    shot(page, "extras-desktop-1-game-over")

    # Statistics, on top of the game-over sheet: the game counted once, the streak by UTC date.
    over.get_by_role("button", name="Statistics").click()
    sheet = page.locator("#stats-dialog[open]")
    games = seeded + [{"place": 3, "completed": 3, "penalty": 150}, {"place": result["place"], "completed": daily.completed, "penalty": daily.penalty}]
    won = sum(1 for g in games if g["place"] == 1)
    expect(sheet.locator('[data-stat="played"] .stat-value')).to_have_text(str(len(games)))
    assert stat(sheet, "won") == str(won)
    assert stat(sheet, "win_rate") == str(int(100 * won / len(games) + 0.5))
    assert stat(sheet, "streak") == "3"  # today, yesterday, the day before
    assert stat(sheet, "longest") == "4"
    assert stat(sheet, "best") == f"{max(g['completed'] for g in games)}/10"
    assert stat(sheet, "average") == str(int(sum(g["penalty"] for g in games) / len(games) + 0.5))
    expect(sheet.locator(".ladder-bars rect.bar")).to_have_count(len(games))
    expect(sheet.locator(".stats-daily")).to_contain_text(f"Place {result['place']}, {daily.completed} contracts")
    shot(page, "extras-desktop-2-statistics")

    # Export: a small JSON file with every game.
    with page.expect_download() as download:
        sheet.get_by_role("button", name="Export").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert exported["app"] == "ladder-rummy" and exported["format"] == 1 and len(exported["games"]) == len(games)
    assert download.value.suggested_filename == f"ladder-rummy-statistics-{daily.date}.json"
    sheet.get_by_role("button", name="Close").click()

    # Watch the replay from the game-over sheet: every hand face up, forward and back, deal by deal.
    over.get_by_role("button", name="Watch the replay").click()
    viewer = page.locator("#replay-dialog[open]")
    expect(viewer.locator(".sheet-head h2")).to_have_text(f"Replay: Daily #{number} · {daily.date}")
    expect_all_hands(viewer, [10, 10, 10, 10])
    total = len(daily.log)
    assert replay_now(viewer) == f"Move 0 of {total} · deal 1"
    # Play has the focus: Space plays, and pauses (it pressed a greyed "Go to the start" before).
    expect(viewer.get_by_role("button", name="Play")).to_be_focused()
    page.keyboard.press("Space")
    expect(viewer.locator(".replay-count")).not_to_have_text(f"Move 0 of {total} · deal 1", timeout=10_000)
    page.keyboard.press("Space")
    expect(viewer.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Home")
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 0 of {total} · deal 1")
    page.keyboard.press("ArrowRight")
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 1 of {total} · deal 1")
    expect(viewer.locator('.replay-seat.actor')).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 0 of {total} · deal 1")
    viewer.get_by_role("button", name="Next deal").click()
    expect(viewer.locator(".replay-count")).to_contain_text("· deal 2")
    expect(viewer.locator(".replay-deal-end")).to_contain_text("Deal 1 is over.")
    expect_all_hands(viewer, [10, 10, 10, 10])
    # Two taps faster than a deal's start is found go two deals (the second was lost).
    viewer.get_by_role("button", name="Next deal").evaluate("(button) => { button.click(); button.click(); }")
    expect(viewer.locator(".replay-count")).to_contain_text("· deal 4")
    expect(viewer.locator(".replay-deal-end")).to_contain_text("Deal 3 is over.")
    # ... and a move of another kind tapped after them wins over jumps still on their way.
    viewer.locator(".replay-controls").evaluate("""(bar) => { const next = bar.querySelector('.next_deal');
        next.click(); next.click(); bar.querySelector('.start').click(); }""")
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 0 of {total} · deal 1")
    page.wait_for_timeout(1000)  # long enough for a queued jump to have landed, were it still to run
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 0 of {total} · deal 1")
    viewer.get_by_role("button", name="Go to the end").click()
    expect(viewer.locator(".replay-count")).to_have_text(re.compile(rf"^Move {total} of {total}"))
    you = viewer.locator(".replay-summary tbody tr", has_text="You")
    expect(you.locator("td")).to_have_text([str(result["place"]), str(daily.completed), str(daily.penalty)])
    # Every seat stands on the step it climbed to, whose contract nobody laid down: no "Laid
    # down" badge over it (a play-test read "step 8, two groups of 4, laid down").
    expect(viewer.locator(".replay-seat .laid-badge")).to_have_count(0)
    viewer.get_by_role("button", name="Close").click()
    over.wait_for()

    # Recorded once (the save is gone, the record and the kept save stay).
    stats = stored(page, "stats")
    assert [g["date"] for g in stats["games"]].count(daily.date) == 1
    assert [r["save"]["seed"] for r in stored(page, "replays")] == [daily.seed]


# ---- a New Game that ended before a reload: counted once, watched from the history, import ----

@pytest.fixture(scope="module")
def finished_new(site: Site) -> dict[str, Any]:
    return wheel_run(site, PLAY_NEW, "extras-finished")


def test_a_game_finished_before_a_reload_counts_once_and_plays_back(context: BrowserContext, page: Page, site: Site,
                                                                     finished_new: dict[str, Any], tmp_path: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    pin_clock(context, IMPORT_TODAY)  # the imported Daily of yesterday keeps a streak of 1 on any real date
    # Every load finds the finished save again, as if the page had closed on the game-over sheet.
    saved = {"save": finished_new, "order": [], "manual": False, "mode": {"mode": "new", "difficulty": "easy"}}
    context.add_init_script(f"localStorage.setItem('ladder-rummy:save', {json.dumps(json.dumps(saved))});")
    context.add_init_script(seed_script({"ladder-rummy:settings": json.loads(INSTANT)}))
    for load in range(2):
        page.goto(site.url)
        if load == 0:
            # Its results first, as the sheet was when the page closed (it opened on the menu and
            # the result, its challenge and replay were not to be seen again: a play-test); once
            # left, the next load is the menu's.
            over = page.locator("#game-dialog[open]")
            over.wait_for(timeout=60_000)  # after Python's boot, which a loaded machine took past expect's 5 s
            expect(over.locator(".mode-line")).to_have_text("New Game against Easy computer players")
            expect(over.get_by_role("button", name="Challenge a friend")).to_be_visible()
            over.get_by_role("button", name="Main menu").click()
        start = page.locator("#start-dialog[open]")
        start.get_by_role("button", name="Statistics").click()
        sheet = page.locator("#stats-dialog[open]")
        expect(sheet.locator('[data-stat="played"] .stat-value')).to_have_text("1")
    expect(sheet.locator(".recent-game")).to_have_count(1)
    # However narrow the row, its date stays on one line ("2026-12-" and "03" were split at 360 px).
    date_lines = sheet.locator(".recent-title").first.evaluate("""title => {
        const text = title.firstChild, at = text.data.search(/\\d{4}.\\d{2}.\\d{2}/);
        if (at < 0) return [-1];
        const range = document.createRange();
        range.setStart(text, at); range.setEnd(text, at + 10);
        const lines = [];
        for (let px = 320; px >= 40; px -= 4) {  // every width from a phone's row down
            title.style.width = `${px}px`;
            lines.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
        }
        title.style.width = "";
        return lines;
    }""")
    assert set(date_lines) == {1}, date_lines
    expect(sheet.locator('[data-stat="streak"] .stat-value')).to_have_text("0")

    # Import another device's file: new games added, the same file again adds none, a stranger refused.
    other = {"app": "ladder-rummy", "kind": "statistics", "format": 1, "exported": "2026-11-29T00:00:00.000Z",
             "games": [record("daily", IMPORT_TODAY, 1, place=1, completed=4, penalty=60),
                       record("new", IMPORT_TODAY, 5, place=2, completed=3, penalty=80),
                       {"id": "broken", "mode": "daily"}]}
    file = tmp_path / "stats.json"
    file.write_text(json.dumps(other))
    picker = sheet.locator('input[type="file"]')
    picker.set_input_files(str(file))
    expect(sheet.locator(".stats-file-result")).to_have_text("2 games added (3 in all).")
    expect(sheet.locator('[data-stat="played"] .stat-value')).to_have_text("3")
    expect(sheet.locator('[data-stat="streak"] .stat-value')).to_have_text("1")  # yesterday's Daily
    sheet.locator('input[type="file"]').set_input_files(str(file))
    expect(sheet.locator(".stats-file-result")).to_have_text("0 games added (3 in all).")
    file.write_text(json.dumps({"some": "thing"}))
    sheet.locator('input[type="file"]').set_input_files(str(file))
    expect(sheet.locator(".stats-file-result")).to_have_text("That file is not a Ladder Rummy statistics file.")
    shot(page, "extras-phone-1-statistics")

    # Watch it from the history: only games with a kept save have a Watch button.
    watch = sheet.get_by_role("button", name=re.compile("^Watch New Game · Easy"))
    expect(watch).to_have_count(1)
    watch.click()
    viewer = page.locator("#replay-dialog[open]")
    expect_all_hands(viewer, [10, 10, 10, 10])
    total = len(finished_new["log"])
    play = viewer.get_by_role("button", name="Play")
    play.click()
    expect(viewer.locator(".replay-count")).not_to_have_text(f"Move 0 of {total} · deal 1", timeout=10_000)
    viewer.get_by_role("button", name="Pause").click()
    expect(viewer.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")
    paused = replay_now(viewer)
    page.wait_for_timeout(500)
    assert replay_now(viewer) == paused
    page.keyboard.press("End")
    expect(viewer.locator(".replay-count")).to_have_text(re.compile(rf"^Move {total} of {total}"))
    expect(viewer.locator(".replay-summary caption")).to_have_text("Game over")
    page.keyboard.press("PageUp")
    expect(viewer.locator(".replay-count")).not_to_have_text(re.compile(rf"^Move {total} "))
    expect(viewer.locator(".replay-deal-end")).to_contain_text("is over.")
    # Just after the game's first lay-down, its melds are the table's mini cards, readable (they
    # were 2 px wide, under suit pips that filled the sheet, a play-test).
    first = next(i for i, move in enumerate(finished_new["log"]) if move.startswith("laydown"))
    viewer.locator(".replay-slider").fill(str(first + 1))
    expect(viewer.locator(".replay-count")).to_have_text(re.compile(rf"^Move {first + 1} of {total}"))
    melds = viewer.locator(".replay-melds .meld .card")
    expect(melds.first).to_be_visible()
    sizes = melds.evaluate_all("""cards => cards.map((card) => {
      const box = card.getBoundingClientRect();
      const drawn = [...card.querySelectorAll("svg")].map((svg) => svg.getBoundingClientRect());
      return [box.width, box.height, Math.max(0, ...drawn.map((r) => r.width)), Math.max(0, ...drawn.map((r) => r.height))];
    })""")
    assert all(20 <= w and 28 <= h and pw <= w and ph <= h for w, h, pw, ph in sizes), sizes
    shot(page, "extras-phone-3-replay-melds")
    viewer.get_by_role("button", name="Play").focus()  # the keys below are the viewer's, not the slider's
    page.keyboard.press("Home")
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 0 of {total} · deal 1")
    viewer.get_by_role("button", name="Forward one move").click()
    viewer.get_by_role("button", name="Forward one move").click()
    expect(viewer.locator(".replay-count")).to_have_text(f"Move 2 of {total} · deal 1")
    shot(page, "extras-phone-2-replay")
    # The table (piles, melds) above the four hands: what a move did is on screen under the
    # controls (a play-test at 360 px scrolled past four hands to see a discard).
    piles = viewer.locator(".replay-piles").bounding_box()
    assert piles["y"] + piles["height"] <= 640 and piles["y"] < viewer.locator(".replay-seat").first.bounding_box()["y"], piles
    # The buttons stay under the finger whatever the move's line says: a deal's start takes more
    # lines than a discard (a play-test's taps on ⏩ landed on the line once it grew).
    next_deal = viewer.get_by_role("button", name="Next deal")
    top = next_deal.bounding_box()["y"]
    lines = viewer.locator(".replay-now").bounding_box()["height"]
    next_deal.click()
    expect(viewer.locator(".replay-deal-end")).to_contain_text("Deal 1 is over.")
    assert viewer.locator(".replay-now").bounding_box()["height"] > lines  # the longer line
    assert next_deal.bounding_box()["y"] == top
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# ---- New Game: what the contract still lacks, the hint button, settings ----

COUNTER = """
window.oscillators = 0;
if (window.AudioContext) {
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.oscillators += 1; return create.call(this); };
}
"""
PROGRESS_WORDS = {  # the templates of site/i18n/*.json, for the shapes the test seed shows
    "en": {"missing": "{count} cards to go: {parts}.", "missing_one": "1 card to go: {parts}.",
           "need_one": "one more {options} for {which}", "joker": "a joker", "or": " or ",
           "group_of": "the group of {ranks}", "ranks": {"10": "10s", "A": "aces", "K": "kings"}},
    "tr": {"missing": "{count} kart eksik: {parts}.", "missing_one": "1 kart eksik: {parts}.",
           "need_one": "{which} için bir {options} daha", "joker": "joker", "or": " ya da ",
           "group_of": "{ranks} grubu", "ranks": {"10": "10'lar", "A": "aslar", "K": "papazlar"}},
    "ko": {"missing": "{count}장 더 필요: {parts}.", "missing_one": "1장 더 필요: {parts}.",
           "need_one": "{which}에 {options} 한 장 더", "joker": "조커", "or": " 또는 ",
           "group_of": "{ranks} 그룹", "ranks": {"10": "숫자 10", "A": "에이스", "K": "킹"}},
}


def progress_sentence(progress: dict[str, Any], lang: str) -> str:
    """The panel's line for a two-group contract where each lacking group lacks one card of its
    rank (named by its rank), its outs all of that plan."""
    words = PROGRESS_WORDS[lang]
    parts = []
    named = {card for meld in progress["melds"] for card in meld["options"]}
    assert set(progress["outs"]) <= named, "the seed shows a hand of two plans (the line would name the other's outs)"
    for meld in progress["melds"]:
        if not meld["missing"]:
            continue
        assert meld["kind"] == "group" and meld["rank"] and meld["missing"] == 1, "the seed shows another shape"
        options = meld["rank"] + (words["or"] + words["joker"] if "JK" in meld["options"] else "")
        assert meld["rank"] in words["ranks"], "the seed shows another rank"
        which = words["group_of"].format(ranks=words["ranks"][meld["rank"]])
        parts.append(words["need_one"].format(options=options, which=which))
    template = words["missing_one"] if progress["missing"] == 1 else words["missing"]
    return template.format(count=progress["missing"], parts="; ".join(parts))


def choose_setting(page: Page, legend: str, option: str) -> None:
    dialog = page.locator("#settings-dialog[open]")
    dialog.locator("fieldset", has=page.locator("legend", has_text=legend)).get_by_text(option, exact=True).click()


def draw_reason(move: str, top: dict | None) -> str | None:
    """The English words a hinted draw's reason has, from the engine's ``top`` facts (or None)."""
    if not move.startswith("draw") or top is None:
        return None
    if "fits" in top:
        if (move == "draw discard") != top["fits"]:
            return None
        return "fits a meld on the table" if top["fits"] else "fits no meld on the table"
    if move == "draw stock":
        return "would not bring your contract closer" if top["with"] >= top["now"] else None
    if top["with"] == 0:
        return "completes your contract"
    if top["with"] < top["now"]:
        return "brings you a card closer"
    return "more of the cards still to come could help you" if top["more"] else "can take the place of" if top["instead"] else None


def test_new_game_hints_progress_and_settings(context: BrowserContext, page: Page, site: Site) -> None:
    from ladder_rummy import adapter

    context.add_init_script(seed_script({"ladder-rummy:settings": json.loads(INSTANT)}))
    context.add_init_script(COUNTER)
    page.emulate_media(reduced_motion="reduce")
    seed = "hint-1"
    twin = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "normal", "seed": seed})))
    open_seed(page, site, seed, "normal")
    assert page.evaluate("document.documentElement.dataset.motion") == "reduce"

    # What the contract still lacks, from the engine's evaluator, in each language.
    line = page.locator("#contract-panel .contract-missing")
    expect(line).to_have_text(progress_sentence(twin["view"]["progress"], "en"))
    page.get_by_role("button", name="Settings").click()
    choose_setting(page, "Language", "Türkçe")
    page.locator("#settings-dialog[open]").get_by_role("button", name="Tamam").click()
    expect(line).to_have_text(progress_sentence(twin["view"]["progress"], "tr"))
    expect(page.locator("#hint-button")).to_have_text("İpucu")
    page.get_by_role("button", name="Ayarlar").click()
    choose_setting(page, "Dil", "한국어")
    page.locator("#settings-dialog[open]").get_by_role("button", name="완료").click()
    expect(line).to_have_text(progress_sentence(twin["view"]["progress"], "ko"))
    page.get_by_role("button", name="설정").click()
    choose_setting(page, "언어", "English")
    page.locator("#settings-dialog[open]").get_by_role("button", name="Done").click()
    expect(line).to_have_text(progress_sentence(twin["view"]["progress"], "en"))

    # The hint: Normal's move in this very position, which the page lists as legal.
    hint = page.locator("#hint")
    for _ in range(2):
        page.get_by_role("button", name="Hint").click()
        expect(hint).not_to_have_attribute("data-move", "")
        move = hint.get_attribute("data-move")
        twin_hint = json.loads(adapter.hint())
        assert move == twin_hint["hint"]
        assert move in legal_moves(page)
        expect(hint).to_have_text(re.compile(r"^Hint: .+\.$"))
        reason = draw_reason(move, twin_hint["top"])
        if reason:  # a draw says what the top discard would do, by the engine's facts
            expect(hint).to_contain_text(reason)
        if move.startswith(("discard", "layoff")):
            expect(page.locator("#hand button.card.lifted")).to_have_attribute("data-card", move.split()[1])
            # the lifted card is the first of the two clicks (a mouse here), and the line says what the next does
            expect(hint).to_contain_text("It is lifted: click it" + (" (or Discard) to discard" if move.startswith("discard") else " to lay it off"))
            # Sorting (by rank, then back by suit) keeps it lifted in its new place, as the line
            # says: it dropped while the line still said "It is lifted" (a play-test).
            for _ in range(2):
                page.locator("#sort-button").click()
                expect(page.locator("#hand button.card.lifted")).to_have_attribute("data-card", move.split()[1])
        if move.startswith("draw"):  # the suggested pile is marked, the other not (both can be drawn from)
            pile, other = ("#stock", "#discard") if move == "draw stock" else ("#discard", "#stock")
            expect(page.locator(f"{pile}.suggested.can-draw")).to_have_count(1)
            expect(page.locator(f"{other}.can-draw:not(.suggested)")).to_have_count(1)
            # and both wear the ring that says so: the stock's stacked edges once covered its own
            rings = page.evaluate("['#stock', '#discard'].map((p) => getComputedStyle(document.querySelector(p + ' .card')).boxShadow)")
            assert all("rgb(255, 209, 102) 0px 0px 0px 3px" in ring for ring in rings), rings
        before = replies(page)
        command(page, move)  # the person takes the advice (sound still off)
        after(page, before)
        assert json.loads(adapter.act(move))["ok"]
    assert page.evaluate("window.oscillators") == 0

    # Settings: sound off by default, four-colour suits, motion like the device, speed.
    page.get_by_role("button", name="Settings").click()
    dialog = page.locator("#settings-dialog[open]")
    expect(dialog.locator("fieldset", has=page.locator("legend", has_text="Sound effects")).get_by_label("Off")).to_be_checked()
    expect(dialog.locator("fieldset", has=page.locator("legend", has_text="Motion")).get_by_label("Like this device")).to_be_checked()
    choose_setting(page, "Suit colours", "Four colours")
    choose_setting(page, "Sound effects", "On")
    choose_setting(page, "Computer players' speed", "Fast")
    assert stored(page, "settings")["speed"] == "fast"
    choose_setting(page, "Computer players' speed", "Instant")
    assert page.evaluate("document.documentElement.classList.contains('four-colour')")
    colours = page.evaluate("""() => Object.fromEntries(['H', 'D', 'C', 'S'].map((suit) => {
        const card = document.createElement('span'); card.className = 'card'; card.dataset.suit = suit;
        document.body.append(card); const colour = getComputedStyle(card).color; card.remove(); return [suit, colour]; }))""")
    assert colours == {"H": "rgb(200, 16, 46)", "D": "rgb(27, 95, 201)", "C": "rgb(23, 128, 61)", "S": "rgb(29, 29, 31)"}
    page.emulate_media(reduced_motion="no-preference")
    expect(page.locator("html")).to_have_attribute("data-motion", "full")  # follows the device live
    choose_setting(page, "Motion", "Reduced")
    expect(page.locator("html")).to_have_attribute("data-motion", "reduce")
    dialog.get_by_role("button", name="Done").click()
    assert stored(page, "settings") == {"speed": "instant", "sort": "suit", "suits": "four", "sound": "on", "motion": "reduce", "lang": "en"}

    # With sound on, the next plays make short sounds (oscillators, no audio files).
    page.get_by_role("button", name="Hint").click()
    expect(hint).not_to_have_attribute("data-move", "")
    before = replies(page)
    command(page, hint.get_attribute("data-move"))
    after(page, before)
    assert page.evaluate("window.oscillators") > 0

    # A language chosen and the sheet closed at once, before the new words have loaded: the sheet
    # stays closed (it used to open again, in the new language, over the table).
    status = page.locator("#status .latest")
    english = status.text_content()
    page.get_by_role("button", name="Settings").click()
    page.evaluate("""() => {  // both in one task: the new language cannot have loaded in between
        document.querySelector('#settings-dialog input[name="setting-lang"][value="tr"]').click();
        document.querySelector('#settings-dialog .sheet-foot button').click(); }""")
    expect(status).not_to_have_text(english or "")  # the plays retold in Turkish: the change is over
    expect(page.locator("#settings-dialog[open]")).to_have_count(0)
    page.get_by_role("button", name="Ayarlar").click()
    choose_setting(page, "Dil", "English")
    page.locator("#settings-dialog[open]").get_by_role("button", name="Done").click()
    expect(status).to_have_text(english or "")
    shot(page, "extras-desktop-3-hint")
    page.set_viewport_size({"width": 360, "height": 640})
    shot(page, "extras-phone-3-table")


# ---- a leaderboard entry, watched from the board ----

def test_watch_a_leaderboard_entry(context: BrowserContext, page: Page, site: Site, daily: Daily, guard: Guard) -> None:
    # The person's own entry: others' logs are served only once their date's Daily has closed
    # (netlify/tests/leaderboard.test.mjs), and a date still open is the only one a test can submit.
    player = str(uuid.uuid4())
    status, _ = api(site, body={"date": daily.date, "name": "Board Bea", "playerId": player, "log": daily.log,
                                "engineVersion": daily.engine})
    assert status == 201
    context.add_init_script(seed_script({"ladder-rummy:settings": json.loads(INSTANT),
                                         "ladder-rummy:player": {"id": player, "name": "Board Bea"}}))
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    page.locator("#start-dialog[open]").get_by_role("button", name="Leaderboard").click()
    board = page.locator("#board-dialog[open]")
    board.get_by_role("button", name="Watch Board Bea's game").first.click()
    viewer = page.locator("#replay-dialog[open]")
    number = daily_number(daily.date)
    expect(viewer.locator(".sheet-head h2")).to_have_text(f"Replay: Board Bea · Daily #{number} · {daily.date}")
    # The first frame comes once the engine has loaded the whole fetched game: seconds on a busy machine.
    expect(viewer.locator('.replay-seat[data-seat="0"] .replay-who strong')).to_have_text("Board Bea", timeout=30_000)
    expect_all_hands(viewer, [10, 10, 10, 10])
    viewer.get_by_role("button", name="Next deal").click()
    expect(viewer.locator(".replay-count")).to_contain_text("· deal 2")
    shot(page, "extras-phone-4-board-replay")
    # Played from a deal's start (a play-test saw it stand still there): it moves on, move by move.
    at = viewer.locator(".replay-count").inner_text()
    viewer.get_by_role("button", name="Play").click()
    for _ in range(3):
        expect(viewer.locator(".replay-count")).not_to_have_text(at, timeout=10_000)
        at = viewer.locator(".replay-count").inner_text()
    viewer.get_by_role("button", name="Go to the end").click()
    row = viewer.locator(".replay-summary tbody tr", has_text="Board Bea")
    expect(row.locator("td").nth(1)).to_have_text(str(daily.completed))
    expect(row.locator("td").nth(2)).to_have_text(str(daily.penalty))
    viewer.get_by_role("button", name="Close").click()

    # An entry the board no longer has: the viewer says so.
    page.route(lambda url: "log=1" in url, lambda route: route.fulfill(status=404, json={"error": "not_found", "detail": "no entry on the board for this player"}))
    board.get_by_role("button", name="Watch Board Bea's game").first.click()
    expect(viewer.get_by_role("alert")).to_have_text("This game can't be replayed here: no entry on the board for this player")
    guard.console_errors[:] = [e for e in guard.console_errors if "status of 404" not in e]


SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def english_list(items: list[str]) -> str:
    """"7♣", "7♣ and 8♣", "7♣, 8♣, and 9♣": Intl.ListFormat's English conjunction."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def round_note(events: list[dict[str, Any]], names: list[str]) -> str:
    """The English line the page keeps below the status line for a round's events (anim.js roundNote)."""
    short = lambda card: "★" if card == "JK" else card[:-1] + SUIT_SIGNS[card[-1]]  # noqa: E731
    acts: dict[int, list] = {}
    for event in events:
        seat = event.get("seat")
        if not seat:
            continue
        if event["type"] == "draw" and event["source"] == "discard":
            acts.setdefault(seat, []).append(f"took {short(event['card'])}")
        elif event["type"] == "laydown":
            acts.setdefault(seat, []).append("laid down")
        elif event["type"] == "layoff":  # onto one meld in a row: one act
            items = acts.setdefault(seat, [])
            if items and isinstance(items[-1], list) and items[-1][0] == event["meld"]:
                items[-1].append(short(event["card"]))
            else:
                items.append([event["meld"], short(event["card"])])
        elif event["type"] == "out":
            acts.setdefault(seat, []).append("went out")
    words = lambda item: item if isinstance(item, str) else "laid off " + english_list(item[1:])  # noqa: E731
    return " ".join(f"{names[seat]}: {', '.join(words(item) for item in items)}." for seat, items in acts.items())


def test_the_status_box_keeps_what_the_computer_players_did_to_the_table(context: BrowserContext, page: Page, site: Site) -> None:
    """After the computer players' round, a line below the status line keeps the discards they
    took, their lay-downs and lay-offs (a phone play-test saw only the last discard), in the
    language of the moment, and outside the live status line (each play was read as it came);
    a reload during the person's turn keeps it (a play-test lost it)."""
    from ladder_rummy import adapter

    context.add_init_script(seed_script({"ladder-rummy:settings": json.loads(INSTANT)}))
    seed = "sheet-2"
    adapter.new_game(json.dumps({"mode": "new", "difficulty": "normal", "seed": seed}))
    open_seed(page, site, seed, "normal")
    note, status = page.locator("#status-note"), page.get_by_role("status")
    expect(note).to_be_hidden()
    shown = ""
    for _ in range(40):
        view = json.loads(adapter.current())["view"]
        move = "draw stock" if "draw stock" in view["legal"] else next(m for m in view["legal"] if m.startswith("discard "))
        before = replies(page)
        command(page, move)
        after(page, before)
        answer = json.loads(adapter.act(move))
        if move.startswith("discard"):
            names = [player["name"] for player in answer["view"]["players"]]
            shown = round_note(answer["view"]["events"], names)
            if shown:
                expect(note).to_have_text(shown)
                if "laid down" in shown:
                    break
            else:
                expect(note).to_be_hidden()
    assert "laid down" in shown, "the seed's first deal has a computer player's lay-down"
    assert shown not in status.inner_text()
    # A reload keeps it through the person's turn, before the draw and after it.
    for move in ("", "draw stock"):
        if move:
            before = replies(page)
            command(page, move)
            after(page, before)
        page.reload()
        settle(page)
        expect(note).to_have_text(shown)
        # The status line says the draw made, not "Your turn." as if it were still to make (a
        # play-test), and before it the round's last play, as it stood before the reload.
        expect(status).to_have_text(re.compile(r"^You drew " if move else r"^(Mira|Kaan|Jisoo) "))
    page.get_by_role("button", name="Settings").click()
    choose_setting(page, "Language", "Türkçe")
    page.locator("#settings-dialog[open]").get_by_role("button", name="Tamam").click()
    expect(note).to_contain_text("kontratını açtı")
