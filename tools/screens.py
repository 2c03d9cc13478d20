"""Screenshots of the table for review, in artifacts/screens/ (look at every one).

    python build.py && python tools/screens.py [LANG ...]

Early in a deal (the first melds down), mid-deal (every player's melds down, a card lifted so its lay-off target is lit), the
end-of-deal sheet and Game over (the game's last move tapped, as a person plays it), and the
game's last deal with the person laid down (the header's "last deal", the panel's sentence), at
360×640 (touch, device scale 2), 390×844 and 768×1024 (touch) and 1280×800, in English,
Turkish and Korean (or the languages named). It serves the built dist/ as production does.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in ("bench", "tests", "tests/browser", "engine"):
    sys.path.insert(0, str(ROOT / folder))

from chromium import launch  # noqa: E402  (the project's Chromium flags, tests/chromium.py)
import page as bench  # noqa: E402  (its server port and a person's taps)
from helpers import before_the_end, crowded, first_melds, last_deal, settings_script, settle, stored_game  # noqa: E402

OUT = ROOT / "artifacts" / "screens"
LANGS = ("en", "tr", "ko")
SIZES = [((360, 640), True), ((390, 844), True), ((768, 1024), True), ((1280, 800), False)]


def resume(page, url: str, save: dict) -> None:
    """Open the table at `save`, as after a reload."""
    page.evaluate(f"() => {{ {stored_game(save)} }}")
    page.goto(url)
    settle(page)


def shoot(browser, url: str, lang: str, size: tuple[int, int], touch: bool, positions: dict) -> None:
    """The screens of one language at one size."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch, device_scale_factor=2 if touch else 1)
    context.add_init_script(settings_script(lang))
    page = context.new_page()
    page.set_default_timeout(90_000)
    name = f"{lang}-{'touch-' if touch else ''}{size[0]}x{size[1]}"
    try:
        page.goto(url)
        page.wait_for_selector("#start-dialog[open]")
        resume(page, url, positions["early"])
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"{name}-0-early-deal.png"))
        resume(page, url, positions["crowded"])
        page.locator(f'#hand button.card[data-card="{positions["lift"]}"]').first.click()
        page.locator("#melds .meld.accepts").first.wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"{name}-1-mid-deal.png"))
        resume(page, url, positions["last-deal"])
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"{name}-4-last-deal.png"))
        resume(page, url, positions["end"])
        bench.click_move(page, positions["last"])
        page.locator("#deal-dialog[open]").wait_for()
        page.wait_for_timeout(400)
        page.screenshot(path=str(OUT / f"{name}-2-deal-end.png"))
        page.locator("#deal-dialog[open] .sheet-foot button").last.click()
        page.locator("#game-dialog[open]").wait_for()
        page.wait_for_timeout(600)
        page.screenshot(path=str(OUT / f"{name}-3-game-over.png"))
    finally:
        context.close()
    print(name, flush=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", metavar="LANG", help=f"languages (default: {' '.join(LANGS)})")
    langs = parser.parse_args().langs or list(LANGS)
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown:
        parser.error(f"no such language: {', '.join(unknown)} (choose from {', '.join(LANGS)})")
    OUT.mkdir(parents=True, exist_ok=True)
    save, card = crowded()
    end, last = before_the_end()
    positions = {"early": first_melds(), "crowded": save, "lift": card, "end": end, "last": last, "last-deal": last_deal().down}
    port = bench.free_port()
    server = subprocess.Popen([sys.executable, "build.py", "serve", "--no-build", "--port", str(port)], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(2)
        with sync_playwright() as driver:
            browser = launch(driver)
            for lang in langs:
                for size, touch in SIZES:
                    shoot(browser, f"http://localhost:{port}/", lang, size, touch, positions)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
