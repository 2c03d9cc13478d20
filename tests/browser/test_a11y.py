"""axe-core (npm, pinned) on every screen of the game, on a phone and a desktop, in three languages.

The start screen, the Rules, Statistics, Settings and Leaderboard sheets, the Arrange panel with
its slots filled and marked, the table mid-deal with melds down (its keyboard panel open, and on
a phone the Plays sheet), the end-of-deal and
game-over sheets and the replay viewer: zero serious or critical violations anywhere. Each open
sheet must also fit (no text cut or off screen, touch targets of 44 px on the phone), and with
SHOTS=1 is screenshot to artifacts/ for review. The page is the real build with its CSP; the test's
browser context bypasses that CSP only to inject axe.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from helpers import ROOT, before_the_end, command, device, ready_to_lay_down, review_shot, settle, stored_game
from test_layout import CHECK

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import Browser, Page

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "artifacts"
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


def axe(page: Page, what: str, fit: str | None = None) -> list[str]:
    """Serious and critical axe violations on the page as it is now, one line each; with `fit`
    (the test's name for the size), also a screenshot and what does not fit in the open sheet."""
    problems: list[str] = []
    if fit:
        ARTIFACTS.mkdir(exist_ok=True)
        lang = page.get_attribute("html", "lang")
        review_shot(page, ARTIFACTS / f"sheet-{lang}-{fit}-{what}.png")
        touch = fit == "phone"
        sheet = ("text cut", "text off screen", "small target")  # the table's own checks are test_layout's
        problems += [f"{what}: {line}" for line in page.evaluate(CHECK, [touch, []]) if line.startswith(sheet)]
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
    }""")
    return problems + [f"{what}: {line}" for line in found]


def sheet_closed(page: Page, dialog: str) -> None:
    """Close an open sheet with its last footer button (Done, Close) and wait for it to go."""
    page.locator(f"#{dialog}[open] .sheet-foot button").last.click()
    page.wait_for_selector(f"#{dialog}[open]", state="detached")


@pytest.fixture(scope="module")
def ending() -> tuple[dict, str]:
    """A New Game one move of the person's from its end (the last deal summary, then Game over)."""
    return before_the_end()


@pytest.fixture(scope="module")
def ready() -> tuple[dict, list[list[str]]]:
    """A New Game where the person can lay down, and the melds the engine would lay (one per slot)."""
    import json

    from ladder_rummy import adapter

    save = ready_to_lay_down()
    view = json.loads(adapter.resume(json.dumps(save)))["view"]
    return save, [meld.split() for meld in view["laydown_move"].removeprefix("laydown ").split(" / ")]


@pytest.mark.parametrize("lang", ["en", "tr", "ko"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_serious_accessibility_problems(browser: Browser, site: Site, guard: Guard, returning_profile: Path, ending: tuple[dict, str],
                                           ready: tuple[dict, list[list[str]]], lang: str, size: str) -> None:
    problems: list[str] = []
    with device(browser, guard, profile=returning_profile, size=SIZES[size], touch=size == "phone", lang=lang, bypass_csp=True) as page:
        page.goto(site.url)
        start = page.locator("#start-dialog[open]")
        start.wait_for()
        problems += axe(page, "start screen", size)
        # The start screen's footer: Rules, Statistics, Settings; its Daily row: Play, Leaderboard.
        for index, dialog in enumerate(["rules-dialog", "stats-dialog", "settings-dialog"]):
            start.locator(".sheet-foot button").nth(index).click()
            page.locator(f"#{dialog}[open]").wait_for()
            problems += axe(page, dialog, size)
            sheet_closed(page, dialog)
            start.wait_for()
        start.locator(".mode .row button").nth(1).click()
        page.locator("#board-dialog[open]").wait_for()
        page.wait_for_selector("#board-dialog[open] .board-panel:not([aria-busy])", state="attached")
        problems += axe(page, "board-dialog", size)
        sheet_closed(page, "board-dialog")

        # The Arrange panel: one slot holding its meld (marked ✓ by the engine), one not yet.
        page.evaluate(f"() => {{ {stored_game(ready[0])} }}")
        page.goto(site.url)
        settle(page)
        page.locator("#arrange-button").click()
        placed = page.locator("#hand button.card.in-arrange")
        for count, card in enumerate(ready[1][0], start=1):
            page.locator(f'#hand button.card[data-card="{card}"]:not(.in-arrange)').first.click(position={"x": 4, "y": 20})
            expect(placed).to_have_count(count)  # drawn before the next tap (a card tapped twice goes back)
        page.locator('#arrange .arrange-slot.fits [data-slot="0"]').wait_for()
        problems += axe(page, "arrange", size)

        save, last_move = ending
        page.evaluate(f"() => {{ {stored_game(save)} }}")
        page.goto(site.url)
        settle(page)
        problems += axe(page, "table", size)
        if size == "phone":
            page.click("#log-button")
            page.locator("#log-dialog[open]").wait_for()
            problems += axe(page, "log-dialog", size)
            sheet_closed(page, "log-dialog")
        command(page, last_move)  # opens the keyboard panel first
        page.locator("#deal-dialog[open]").wait_for()
        problems += axe(page, "deal-dialog", size)
        page.locator("#deal-dialog[open] .sheet-foot button").last.click()
        over = page.locator("#game-dialog[open]")
        over.wait_for()
        problems += axe(page, "game-dialog", size)
        over.locator(".after-game button").last.click()  # Watch the replay
        page.locator("#replay-dialog[open] .replay-controls").wait_for()
        problems += axe(page, "replay-dialog", size)
        sheet_closed(page, "replay-dialog")
        problems += axe(page, "game-dialog again", size)
    assert problems == [], "\n".join(problems)
    guard.assert_clean()
