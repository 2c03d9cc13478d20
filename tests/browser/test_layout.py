"""The table's layout at every size the game is played at, in English, Turkish and Korean.

One page per language and kind of device (phones with touch at device scale 2; a tablet and
desktops), resized through the sizes rather than reloaded, so the test stays lean. At each size,
on a game resumed from a save (as after a reload): nothing scrolls sideways, no text is cut,
the whole turn is on screen without scrolling (seats, piles, melds, contract, actions, a
one-row hand), touch targets are at least 44×44 CSS px (a hand card shows 28 px of its width
and its full height), and every meld of a crowded table is in view — the lit ones too, once a
card is lifted; early in a deal, with few melds down, their cards grow into the room; an
opponent's seat keeps its height whichever contract of the ladder it shows; with the Arrange
panel open, the hand it picks from, the actions and (upright) the line under the hand stay on
screen too.
Screenshots go to artifacts/: of a size whose check fails, or of every size with SHOTS=1.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from helpers import ROOT, after_first_draw, before_the_end, command, crowded, device, first_melds, kept_hint, ready_among_melds, ready_to_lay_down, review_shot, settings_script, settle, stored_game
from ladder_rummy.contracts import CONTRACTS

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import Browser, Locator, Page

ARTIFACTS = ROOT / "artifacts"
PHONES = [(360, 640), (390, 844), (412, 915), (740, 360), (640, 360)]
TABLETS = [(768, 1024), (1024, 768)]  # held upright, by touch: a finger's targets, not a desktop's density
LARGER = [(768, 1024), (1280, 800), (1920, 1080)]
SIZES = {"phones": (PHONES, True), "tablet": (TABLETS, True), "larger": (LARGER, False)}

# Everything a person needs for a turn, which must be on screen at once.
CORE = [".seat[data-seat=\"1\"]", ".seat[data-seat=\"2\"]", ".seat[data-seat=\"3\"]", "#stock", "#discard", "#status", "#melds", "#contract-panel", "#actions", "#hand"]
# ... and while the Arrange panel is open, where the panel takes the melds' and the contract
# panel's room (a phone on its side: the piles' too); upright, the line under the hand as well.
ARRANGING_CORE = {
    False: CORE[:3] + ["#stock", "#discard", "#status", "#actions", "#arrange", "#hand", "#hint"],
    True: CORE[:3] + ["#actions", "#arrange", "#hand"],
}

# The table after a resize: the redraw in the next frame can resize the hand or the melds' box,
# whose observer draws again a frame later, and the melds' density is fitted over a frame or two.
# Wait for frames until three in a row leave every box of the table where it was (at most 60);
# resolves the frames waited, and a table still moving after 60 is a problem of its own.
STILL = """() => new Promise((done) => {
  const parts = "#hand, #hand .card, #melds, #melds .meld, #contract-panel, #actions, #status, .seat, #arrange, #arrange *, dialog[open]";
  const boxes = () => JSON.stringify([...document.querySelectorAll(parts)]
    .map((e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }));
  let last = "", same = 0, frames = 0;
  const look = () => {
    const now = boxes();
    same = now === last ? same + 1 : 0;
    last = now;
    frames += 1;
    if (same >= 3 || frames >= 60) done(frames); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""

CHECK = """([touch, core]) => {
  const problems = [];
  const W = innerWidth, H = innerHeight, root = document.documentElement;
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${e.classList.length ? "." + [...e.classList].join(".") : ""} "${(e.textContent || "").trim().slice(0, 30)}"`;
  const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden"
    && !e.closest("dialog:not([open]), [hidden], .visually-hidden, .earlier, .sprite, [aria-hidden=true] .rank");
  if (root.scrollWidth > W) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${W}`);
  if (root.scrollHeight > H) problems.push(`the page scrolls: ${root.scrollHeight} > ${H}`);
  const scope = document.querySelector("dialog[open]") || document.getElementById("app");
  for (const e of scope.querySelectorAll("*")) {
    if (!shown(e) || !e.textContent.trim() || getComputedStyle(e).display === "inline") continue;
    const blocks = [...e.children].some((c) => !["inline", "contents", "none"].includes(getComputedStyle(c).display));
    if (blocks && ![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (e.closest(".card")) continue; // a card's corner is drawn to the card's size
    if (e.getBoundingClientRect().width <= 1) continue; // visually hidden: read out, not shown
    if (e.scrollWidth > e.clientWidth + 1) problems.push(`text cut: ${name(e)} ${e.scrollWidth} > ${e.clientWidth}`);
    const r = e.getBoundingClientRect();
    if (r.right > W + 0.5 || r.left < -0.5) problems.push(`text off screen: ${name(e)} at ${Math.round(r.left)}–${Math.round(r.right)}`);
  }
  for (const selector of core) {
    const e = document.querySelector(selector);
    const r = e && e.getBoundingClientRect();
    if (!r || !r.height) problems.push(`missing: ${selector}`);
    else if (r.top < -0.5 || r.bottom > H + 0.5) problems.push(`off screen: ${selector} at ${Math.round(r.top)}–${Math.round(r.bottom)} of ${H}`);
  }
  if (touch) {
    for (const c of scope.querySelectorAll("button, input, select, [role=tab], a[href], .choices label")) {
      if (!shown(c) || c.closest("#hand") || c.type === "radio" || c.type === "file") continue;
      const r = c.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) problems.push(`small target: ${name(c)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  const cards = [...document.querySelectorAll("#hand button.card")];
  cards.forEach((card, i) => {
    const r = card.getBoundingClientRect();
    const next = cards[i + 1] && !card.classList.contains("lifted") ? cards[i + 1].getBoundingClientRect() : null;
    const exposed = next ? next.left - r.left : r.width;
    if (exposed < 27.5) problems.push(`hand card ${card.dataset.card} shows ${exposed.toFixed(1)} px`);
    // A lifted card hides no other card's corner: the next moves aside, or it stays under the next
    // (a play-test could not see the K♦ beside the A♦ it had lifted to discard).
    const after = cards[i + 1] && card.classList.contains("lifted") && !card.classList.contains("under") ? cards[i + 1].getBoundingClientRect() : null;
    if (after && after.left < r.right - after.width * 0.07 - 0.5) problems.push(`the lifted ${card.dataset.card} hides the corner of ${cards[i + 1].dataset.card}`);
    if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) problems.push(`hand card ${card.dataset.card} off screen`);
  });
  // The "just drawn" flag lies on its own card's visible part, never on a neighbour's index.
  for (const card of document.querySelectorAll("#hand button.card.new")) {
    const flag = getComputedStyle(card, "::before"), r = card.getBoundingClientRect();
    const size = parseFloat(flag.borderBottomWidth) || parseFloat(flag.borderTopWidth);
    const left = flag.left === "auto" ? r.right - parseFloat(flag.right) - size : r.left + parseFloat(flag.left);
    const top = flag.top === "auto" ? r.bottom - parseFloat(flag.bottom) - size : r.top + parseFloat(flag.top);
    // the cards after it in the fan are drawn over it: the flag must keep clear of them
    const later = cards.slice(cards.indexOf(card) + 1).find((c) => {
      const o = c.getBoundingClientRect();
      return o.left < left + size - 0.5 && o.right > left + 0.5 && o.top < top + size - 0.5 && o.bottom > top + 0.5;
    });
    if (later) problems.push(`the new card ${card.dataset.card}'s flag lies on ${later.dataset.card}`);
  }
  if (cards.length && new Set(cards.map((c) => Math.round(c.getBoundingClientRect().bottom + (c.classList.contains("lifted") ? 14 : 0)))).size > 1) {
    problems.push("the hand is not one row");
  }
  const melds = document.getElementById("melds");
  if (melds.scrollHeight > melds.clientHeight + 1) problems.push(`melds hidden: ${melds.scrollHeight} > ${melds.clientHeight}`);
  const area = melds.getBoundingClientRect();
  for (const lit of melds.querySelectorAll(".meld.accepts")) {
    const r = lit.getBoundingClientRect();
    if (r.top < area.top - 1 || r.bottom > area.bottom + 1 || r.bottom > H) problems.push(`a lit meld is out of view: ${lit.dataset.meld}`);
  }
  return problems;
}"""


# Every contract of the ladder, drawn in each opponent's seat with the step and a penalty of a
# long game: the seat's height must not change (a seat that grows between deals pushes the whole
# table down) and no contract's words are cut.
SEATS = """async (ladder) => {
  const { contractWords, t } = await import(new URL("js/i18n.js", document.baseURI).href);
  const problems = [];
  for (const seat of document.querySelectorAll(".seat[data-seat]")) {
    const line = seat.querySelector(".seat-contract");
    if (!line) continue;
    const [step, points] = seat.querySelectorAll(".seat-line span");
    const kept = [line.textContent, step.textContent, points.textContent];
    const heights = new Map();
    for (const [n, contract] of ladder) {
      line.textContent = contractWords(contract, { short: true });
      step.textContent = t("seat.step", { step: n });
      points.textContent = t("seat.penalty", { points: n === 1 ? 0 : 1000 + 88 * n });
      heights.set(n, Math.round(seat.getBoundingClientRect().height));
      for (const e of [line, step, points]) if (e.scrollWidth > e.clientWidth + 1) problems.push(`seat ${seat.dataset.seat}: step ${n}'s "${e.textContent}" is cut`);
    }
    [line.textContent, step.textContent, points.textContent] = kept;
    if (new Set(heights.values()).size > 1) problems.push(`seat ${seat.dataset.seat}'s height changes with the contract: ${JSON.stringify([...heights])}`);
  }
  return problems;
}"""
LADDER = [[step, [{"kind": r.kind, "size": r.size} for r in contract]] for step, contract in CONTRACTS.items()]

# Early in a deal the melds area has room to spare: its cards grow (up to a hand card's size)
# rather than sit small in a corner of an empty felt.
ROOM = """() => {
  const meld = document.querySelector("#melds .meld .card");
  const hand = document.querySelector("#hand button.card");
  const [m, h] = [meld, hand].map((e) => e.getBoundingClientRect().width);
  return m >= 0.75 * h - 0.5 ? [] : [`the first melds' cards stay small: ${m.toFixed(1)} px beside a hand card's ${h.toFixed(1)} px`];
}"""


# The menu's buttons stay inside their section (Daily, New Game) at every size.
START_FITS = """() => [...document.querySelectorAll("#start-dialog[open] .mode")].flatMap((section) => {
  const box = section.getBoundingClientRect();
  return [...section.querySelectorAll("button")].filter((b) => b.getClientRects().length)
    .filter((b) => b.getBoundingClientRect().right > box.right + 0.5 || b.getBoundingClientRect().left < box.left - 0.5)
    .map((b) => `the menu's "${b.textContent}" sticks out of its section`);
})"""

# On a phone on its side, every button of the menu shows without a scroll (a play-test found
# "Every past Daily" cut at the fold, under "Continue the current game").
START_WHOLE = """() => {
  if (innerWidth <= innerHeight) return [];
  const body = document.querySelector("#start-dialog[open] .sheet-body").getBoundingClientRect();
  return [...document.querySelectorAll("#start-dialog[open] .sheet-body button")].filter((b) => b.getClientRects().length)
    .filter((b) => b.getBoundingClientRect().bottom > body.bottom + 0.5)
    .map((b) => `the menu's "${b.textContent}" is below the fold (${Math.round(b.getBoundingClientRect().bottom)} > ${Math.round(body.bottom)})`);
}"""

# No menu button's label runs to more than two lines (a play-test: Turkish "Geçmiş günlük
# oyunların hepsi" squeezed beside "Sıralama tablosu" into a tall oval of four lines).
START_LINES = """() => [...document.querySelectorAll("#start-dialog[open] .sheet-body button")].filter((b) => b.getClientRects().length)
  .flatMap((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    return lines > 2 ? [`the menu's "${b.textContent}" runs to ${lines} lines`] : [];
  })"""

# The Arrange panel's buttons are whole in view, inside the panel (which may scroll its slots).
ARRANGE_BUTTONS = """() => {
  const panel = document.getElementById("arrange").getBoundingClientRect();
  return [...document.querySelectorAll("#arrange .arrange-buttons button")].flatMap((button) => {
    const r = button.getBoundingClientRect();
    const whole = r.top >= panel.top - 0.5 && r.bottom <= panel.bottom + 0.5 && r.bottom <= innerHeight + 0.5;
    return whole ? [] : [`the Arrange button "${button.textContent}" is cut: ${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(panel.top)}–${Math.round(panel.bottom)}`];
  }).concat((() => {
    // Below the action buttons, the panel starts where they end: at its foot, it left an empty
    // block above it on a phone (a play-test; 35 px at 360×640, 70 px at 740×360).
    const row = document.getElementById("actions").getBoundingClientRect();
    const below = panel.top >= row.bottom && panel.left < row.right && panel.right > row.left;
    const gap = panel.top - row.bottom;
    return below && gap > 16 ? [`an empty block of ${Math.round(gap)} px between the action buttons and the Arrange panel`] : [];
  })());
}"""


@pytest.fixture(scope="module")
def positions() -> dict:
    """The saved games the page opens at: 11 cards in hand, and a crowded table with a card to lift."""
    from ladder_rummy import adapter

    save, card = crowded()
    ready = ready_to_lay_down()
    melds = json.loads(adapter.resume(json.dumps(ready)))["view"]["laydown_move"].removeprefix("laydown ").split(" / ")
    return {"eleven": after_first_draw(), "crowded": save, "lift": card, "early": first_melds(), "ready": ready,
            "ready_melds": [meld.split() for meld in melds]}


def open_at(page: Page, site: Site, save: dict, phase: str = "play") -> None:
    """Resume `save` (it is in localStorage, as after a reload) and wait for the table."""
    page.evaluate(f"() => {{ {stored_game(save)} }}")
    page.goto(site.url)
    settle(page)
    page.wait_for_selector(f'#app[data-phase="{phase}"]', state="attached")


# Once down, every sentence of what is left to do this deal (the contract.after* texts of the
# language, the longest step number in them), under any contract of the ladder, fits the lines
# the contract panel reserves (where it reserves none, the shortest sentence's): one that took a
# line more grew the panel at every turn of the person's, moving the hand and the actions (a
# layout shift at 360 px: "Draw, then lay off…" was a line longer than "Lay off…").
AFTER_FITS = """async ([texts, ladder]) => {
  const { contractWords } = await import("./js/i18n.js");
  const panel = document.getElementById("contract-panel");
  const sentence = panel.querySelector(".contract-missing.after");
  const words = panel.querySelector(".contract-words");
  if (!sentence || !words) return ["no contract or no sentence of what is left to do once down"];
  const reserved = parseFloat(getComputedStyle(panel).minHeight) || 0; // none on a phone on its side
  const kept = [sentence.textContent, words.textContent];
  const out = [];
  for (const [step, contract] of ladder) {
    words.textContent = contractWords(contract);
    const heights = texts.map(([, text]) => { sentence.textContent = text; return panel.getBoundingClientRect().height; });
    const room = Math.max(reserved, Math.min(...heights)); // where none is reserved: the shortest's
    heights.forEach((height, i) => {
      if (height > room + 0.5) out.push(`step ${step}, contract.${texts[i][0]}: a line more than the panel keeps (${room.toFixed(0)} → ${height.toFixed(0)} px)`);
    });
  }
  [sentence.textContent, words.textContent] = kept;
  return out;
}"""



def after_sentences(lang: str) -> list[list[str]]:
    """The language's sentences of what is left once down, with the longest step number."""
    texts = json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))["contract"]
    return [[key, text.replace("{next}", "10")] for key, text in texts.items() if key.startswith("after")]

# A tablet held either way, by touch: the table's words no smaller than 13.5 px (a play-test read
# the contract's missing cards at 12.75 px on a tablet on its side, beside half-empty felt).
TABLET_WORDS = """() => [...document.querySelectorAll(".status .latest, .contract-missing, .contract-words, #hint, .seat-contract, .seat-step")]
  .filter((e) => e.getClientRects().length && e.textContent.trim())
  .map((e) => [e, parseFloat(getComputedStyle(e).fontSize)]).filter(([, px]) => px < 13.5)
  .map(([e, px]) => `${e.id ? "#" + e.id : "." + e.classList[0]} is set at ${px} px on a tablet`)"""


def check(page: Page, size: tuple[int, int], touch: bool, what: str, lang: str, panels: dict | None = None) -> list[str]:
    """Resize, let the table redraw, screenshot, and list every layout problem at that size.

    `panels` collects the contract panel's box per size (see the test: the same in every deal)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    moving = page.evaluate(STILL) >= 60
    if panels is not None:
        box = page.locator("#contract-panel").bounding_box()
        panels.setdefault(size, []).append((what, round(box["y"]), round(box["height"])) if box else (what, None, None))
    core = ARRANGING_CORE[size[0] > size[1] and size[1] <= 520] if what.startswith("arranging") else CORE + ["#keyboard-panel"] if what == "keyboard" else CORE
    problems = page.evaluate(CHECK, [touch, core]) + (page.evaluate(SEATS, LADDER) if what == "eleven" else []) \
        + (page.evaluate(ROOM) if what == "early" else []) + (page.evaluate(ARRANGE_BUTTONS) if what.startswith("arranging") else []) \
        + (["the table still moved 60 frames after the resize"] if moving else [])
    kind = "touch-" if touch and size[0] >= 700 and size[1] >= 700 else ""
    problems += page.evaluate(TABLET_WORDS) if kind else []
    shot = ARTIFACTS / f"layout-{lang}-{kind}{size[0]}x{size[1]}-{what}.png"
    if problems:  # what failed, always shot; every size with SHOTS=1
        page.screenshot(path=str(shot))
    else:
        review_shot(page, shot)
    return [f"{lang} {size[0]}×{size[1]} {what}: {p}" for p in problems]


# A section's big buttons (Play, the difficulties) are never set smaller than its others: on a
# phone on its side Turkish "Bugünün oyununu oyna" read smaller than "Sıralama tablosu" (a play-test).
START_RANKS = """() => [...document.querySelectorAll("#start-dialog[open] .mode")].flatMap((section) => {
  const size = (b) => parseFloat(getComputedStyle(b).fontSize);
  const shown = [...section.querySelectorAll("button.action")].filter((b) => b.getClientRects().length);
  const big = shown.filter((b) => b.classList.contains("big"));
  return shown.filter((b) => !b.classList.contains("big") && big.some((c) => size(c) < size(b)))
    .map((b) => `the menu's "${b.textContent}" (${size(b)} px) is set larger than its section's big buttons`);
})"""


@pytest.mark.parametrize("lang", ["en", "tr", "ko"])
@pytest.mark.parametrize("kind", ["phones", "tablet", "larger"])
def test_the_table_fits_every_size(browser: Browser, site: Site, guard: Guard, returning_profile: Path, positions: dict, lang: str, kind: str) -> None:
    sizes, touch = SIZES[kind]
    ARTIFACTS.mkdir(exist_ok=True)
    problems: list[str] = []
    panels: dict[tuple[int, int], list] = {}
    with device(browser, guard, profile=returning_profile, size=sizes[0], touch=touch, lang=lang) as page:
        page.goto(site.url)
        page.wait_for_selector("#start-dialog[open]")
        for size in sizes:  # the menu: no button wider than its column ("Every past Daily", Turkish, on its side)
            page.set_viewport_size({"width": size[0], "height": size[1]})
            problems += [f"{lang} {size[0]}×{size[1]}: {p}" for p in page.evaluate(START_FITS) + page.evaluate(START_WHOLE) + page.evaluate(START_LINES) + page.evaluate(START_RANKS)]
        page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
        open_at(page, site, positions["eleven"])
        assert page.get_attribute("html", "lang") == lang
        assert page.locator("#hand button.card").count() == 11
        page.locator("#menu-button").click()  # the menu over a game in progress: "Continue" on top
        page.locator("#start-dialog[open]").get_by_role("button").first.wait_for()
        # One gold button: "Continue" (a play-test saw it vie with today's Daily's Play).
        assert page.locator("#start-dialog[open] .sheet-body .primary").all_inner_texts() == [page.locator("#start-dialog[open] .sheet-body button").first.inner_text()]
        for size in sizes:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            problems += [f"{lang} {size[0]}×{size[1]} (a game in progress): {p}" for p in page.evaluate(START_FITS) + page.evaluate(START_WHOLE) + page.evaluate(START_LINES) + page.evaluate(START_RANKS)]
        page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
        page.keyboard.press("Escape")
        page.locator("#start-dialog[open]").wait_for(state="detached")
        discard: dict[tuple[int, int], float] = {}  # Discard's right edge, not down yet
        for size in sizes:
            problems += check(page, size, touch, "eleven", lang, panels)
            discard[size] = page.locator("#discard-button").bounding_box()["x"] + page.locator("#discard-button").bounding_box()["width"]
        # A card lifted in the fan of eleven (its left edge: the strip every size shows).
        page.locator("#hand button.card").nth(4).click(position={"x": 5, "y": 20})
        page.locator("#hand button.card.lifted").wait_for()
        for size in sizes:
            problems += check(page, size, touch, "eleven-lifted", lang)
        open_at(page, site, positions["early"], phase="draw")
        for size in sizes:
            problems += check(page, size, touch, "early", lang)
        open_at(page, site, positions["crowded"])
        page.locator(f'#hand button.card[data-card="{positions["lift"]}"]').first.click()
        page.locator("#melds .meld.accepts").first.wait_for()
        assert page.locator("#laydown-button").is_hidden()  # down: Lay down and Arrange have left the row
        for size in sizes:
            problems += check(page, size, touch, "crowded-lifted", lang, panels)
            if kind != "larger" or size == (1280, 800):  # a desktop: the narrowest, where one line is kept
                problems += [f"{lang} {size[0]}×{size[1]}: {p}" for p in page.evaluate(AFTER_FITS, [after_sentences(lang), LADDER])]
            # Discard kept its place (a play-test's thumb found a greyed Lay down where it had been).
            box = page.locator("#discard-button").bounding_box()
            if abs(box["x"] + box["width"] - discard[size]) > 1:
                problems.append(f"{lang} {size[0]}×{size[1]}: Discard moved once down ({discard[size]:.0f} → {box['x'] + box['width']:.0f})")
        if kind == "tablet":
            # The keyboard panel open on a tablet held upright: the melds' area gives it room, so
            # the turn and the Command box are on screen together and nothing scrolls (a
            # play-test at 768×1024 had the seats and piles scrolled under the top bar).
            page.locator("#keyboard-button").click()
            page.locator("#keyboard-panel").wait_for()
            for size in sizes:
                problems += check(page, size, touch, "keyboard", lang)
            if page.locator("#log-panel").is_visible():
                problems.append(f"{lang}: the Plays log shows under the keyboard panel (it is a sheet here)")
            page.locator("#keyboard-button").click()
            page.locator("#keyboard-panel").wait_for(state="hidden")
        # The Arrange panel open: the hand it picks from stays whole and on screen (issue: on a
        # 360×640 phone it pushed the hand half off the bottom, and the actions off the top on
        # a phone on its side).
        open_at(page, site, positions["ready"])
        page.click("#arrange-button")
        page.locator("#arrange").wait_for()
        for size in sizes:
            problems += check(page, size, touch, "arranging", lang)
        # ... and with its slots filled (a play-test: at 360×640 in Turkish the panel's buttons
        # were cut off below its edge once the slots held cards).
        for slot, cards in enumerate(positions["ready_melds"]):
            page.locator(f'#arrange [data-slot="{slot}"]').click()
            for card in cards:
                page.locator(f'#hand button.card[data-card="{card}"]:not(.in-arrange)').first.click()
        for size in sizes:
            problems += check(page, size, touch, "arranging-filled", lang)
    # The contract panel keeps its place and height from deal to deal: a deal's first draw (the
    # sentence of what is missing, in two lines) and a later deal laid down (one line) alike.
    if kind != "larger":
        for size, boxes in panels.items():
            if len({(y, height) for _, y, height in boxes}) != 1:
                problems.append(f"{lang} {size[0]}×{size[1]}: the contract panel moves between deals: {boxes}")
    assert problems == [], "\n".join(problems)
    guard.assert_clean()


def tap_until_gone(page: Page, cue: Locator) -> None:
    """Tap a meld box's scroll cue until the scrolling it asks for is done and it hides."""
    for _ in range(10):
        if cue.is_hidden():
            break
        cue.click()
        page.wait_for_timeout(400)  # the smooth scroll
    assert cue.is_hidden()


def test_a_table_that_does_not_fit_says_more_melds_are_below(table_page: Page, site: Site, positions: dict) -> None:
    """Long melds of four players can outgrow a 360×640 phone's melds box even at the densest
    cards (a play-test: a player's melds sat below the edge, a sliver of them showing): then a
    cue says more melds are below, a tap on it scrolls, and it goes once the last row is in view.
    The box is made shorter here to stand for such a table; a table that fits shows no cue."""
    page = table_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    page.wait_for_selector("#start-dialog[open]")
    open_at(page, site, positions["crowded"])
    cue = page.locator("#melds-more")
    assert cue.is_hidden()  # the crowded table of the layout test fits
    melds = page.locator("#melds")
    melds.evaluate("(m) => { m.style.maxHeight = '48px'; }")  # CSSOM: the page's CSP allows no style tag
    cue.wait_for(state="visible")
    assert cue.text_content().startswith("More melds below")
    tap_until_gone(page, cue)
    assert melds.evaluate("(m) => m.scrollTop + m.clientHeight >= m.scrollHeight - 12")  # a row's foot hides no card
    # Scrolled down, the first rows are above the edge: a cue says so (a play-test's table had
    # scrolled to the person's new melds and hid Mira's above with no sign), and a tap goes back.
    above = page.locator("#melds-above")
    above.wait_for(state="visible")
    assert above.text_content().startswith("More melds above")
    tap_until_gone(page, above)
    assert melds.evaluate("(m) => m.scrollTop") <= 12
    cue.wait_for(state="visible")


# A play-test's deal 1 at its seventh turn: all four players down, two groups of 3 each (one
# of five cards with its lay-offs), Mira on one card. Its melds took three rows at 360×640 and
# scrolled, the cues over Mira's kings; two px of padding less in a row, they take two. The
# computer players' moves are replayed by Normal (engine 1.2.0): a Normal that plays otherwise
# refuses this log, and the table is found again as the golden games are.
FOUR_DOWN = {"seed": "new-f9eb0ef7584b", "difficulty": "normal", "log": [
    "draw stock", "discard 10H", "draw stock", "discard 7S", "draw discard", "laydown 7D 7H 7S / 4C 4D JK",
    "discard QS", "draw stock", "discard 2D", "draw stock", "discard JC", "draw discard",
    "laydown JC JH JS / 2D 2H JK", "discard KH", "draw stock", "discard 10S", "draw discard", "discard 9D",
    "draw stock", "discard KS", "draw stock", "discard KC", "draw stock", "discard 9D", "draw stock",
    "discard QC", "draw discard", "laydown QC QD QD / KD KD KH", "discard AH", "draw stock", "layoff 2H 4",
    "discard 8H", "draw stock", "layoff QH 5", "discard 9C", "draw stock", "discard 8S", "draw stock",
    "layoff JK 1", "discard AC", "draw stock", "discard AS", "draw stock", "layoff 4C 2", "discard 6S",
    "draw stock", "discard 7S", "draw discard", "layoff 7S 1", "discard 8D", "draw stock", "discard AC",
    "draw stock", "discard 6H", "draw stock", "laydown 10C 10H 10S / JD JH JS", "discard AS", "draw stock",
    "layoff 4S 2", "discard 5H", "draw stock", "layoff 10D 7", "discard AD", "draw stock", "discard 9H"]}


# A fuller first deal (fit-37, Easy; it replays engine 1.2.0's Easy): 35 cards in eight groups of
# three to five. Such a table took three rows at the table's densest step, scrolled, and its
# "More melds above" cue covered a row of melds (a play-test, at 360x640).
FOUR_DOWN_LONG = {"seed": "fit-37", "difficulty": "easy", "log": [
    "draw stock", "discard AC", "draw stock", "discard QH", "draw stock", "discard AS", "draw stock",
    "discard 7H", "draw stock", "discard 10S", "draw discard", "discard AH", "draw stock",
    "discard AC", "draw stock", "discard 6D", "draw discard", "discard 5S", "draw stock", "discard KS",
    "draw stock", "discard QD", "draw stock", "discard 2S", "draw discard", "discard JS",
    "draw discard", "discard 2C", "draw stock", "discard 9D", "draw stock", "discard QS",
    "draw discard", "discard 3S", "draw stock", "discard 2H", "draw stock", "discard QC", "draw stock",
    "discard 4H", "draw discard", "discard KH", "draw stock", "discard 6S", "draw stock", "discard 9S",
    "draw discard", "discard 3H", "draw stock", "discard 5H", "draw discard", "discard 2D",
    "draw stock", "discard 8S", "draw discard", "discard KC", "draw stock", "discard 2H", "draw stock",
    "discard 10C", "draw stock", "discard 6C", "draw stock", "discard KH", "draw stock", "discard 7D",
    "draw discard", "discard 4H", "draw stock", "discard AD", "draw stock", "discard QC",
    "draw discard", "discard 6D", "draw stock", "discard 8D", "draw stock",
    "laydown 7C 7C 7S / 3C 3H JK", "discard 2S", "draw stock", "laydown 10C 10H 10S / 5C 5S JK",
    "discard 8S", "draw stock", "discard AH", "draw stock", "discard JC", "draw stock", "discard JH",
    "draw stock", "layoff 3S 2", "discard 9H", "draw stock", "discard 6S", "draw discard",
    "discard JS", "draw stock", "discard JH", "draw stock", "discard 8H", "draw stock", "discard AS",
    "draw stock", "discard 6H", "draw stock", "discard 9S", "draw stock", "layoff 7D 1", "discard 8S",
    "draw stock", "laydown QC QD QH QS / 4C 4H 4S", "discard 3C", "draw stock", "discard 6S",
    "draw stock", "layoff 5D 4", "discard KC", "draw stock", "layoff 4D 6", "discard 9S", "draw stock",
    "layoff 3D 2", "discard 9D", "draw discard", "laydown 9C 9D 9H / 10D 10D 10S", "discard JD",
    "draw stock", "layoff 5D 4", "discard KD", "draw stock", "discard 8D", "draw stock", "layoff 5C 4",
    "discard 2D", "draw stock", "layoff 7D 1", "layoff 5H 4", "layoff 7H 1", "discard JD"]}


@pytest.mark.parametrize(("game", "densest"), [(FOUR_DOWN, 6), (FOUR_DOWN_LONG, 9)], ids=["groups-of-three", "groups-of-four-and-five"])
def test_four_players_two_groups_each_fit_a_phone_without_scrolling(table_page: Page, site: Site, game: dict, densest: int) -> None:
    """Every player down with the first contract's two groups: the whole table is in view at
    360×640, no cue. Groups of three keep cards no smaller than the densest step but one; groups
    of four and five condense past the corner-only step (each overlapped card showing less of
    itself, then smaller) and keep to two rows."""
    from ladder_rummy import __version__

    page = table_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    page.wait_for_selector("#start-dialog[open]")
    open_at(page, site, {"format": 1, "engine": __version__, "mode": "new", "date": None, **game}, phase="draw")
    melds = page.locator("#melds")
    assert page.locator("#melds .meld").count() == 8
    page.wait_for_timeout(200)
    assert melds.evaluate("(m) => m.scrollHeight <= m.clientHeight + 1"), melds.evaluate("(m) => [m.scrollHeight, m.clientHeight, m.dataset.density]")
    assert page.locator("#melds-more").is_hidden() and page.locator("#melds-above").is_hidden()
    assert int(melds.get_attribute("data-density")) <= densest


def test_melds_just_laid_down_are_scrolled_into_view(table_page: Page, site: Site) -> None:
    """The person's melds go in after the others' (in order of lay-down): on a table too crowded
    for its box they went in below the edge and the lay-down looked lost (a play-test). The box
    is made short here to stand for such a table; after "laydown" the new melds are in view."""
    page = table_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    page.wait_for_selector("#start-dialog[open]")
    open_at(page, site, ready_among_melds())
    melds = page.locator("#melds")
    melds.evaluate("(m) => { m.style.maxHeight = '52px'; }")  # CSSOM: the page's CSP allows no style tag
    page.wait_for_timeout(200)
    command(page, "laydown")
    page.locator('#melds section[data-owner="0"] .meld').first.wait_for()
    page.wait_for_timeout(200)
    assert melds.evaluate("(m) => m.scrollHeight > m.clientHeight + 20")  # the table overflows its box
    seen = """(m) => { const box = m.getBoundingClientRect();
      return [...m.querySelectorAll('section[data-owner="0"] .meld')].map((e) => e.getBoundingClientRect())
        .every((r) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1); }"""
    debug = """(m) => JSON.stringify([m.getBoundingClientRect(), m.scrollTop, m.scrollHeight, [...m.querySelectorAll('.meld')].map((e) => [e.closest('section').dataset.owner, e.className, Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().bottom)])])"""
    assert melds.evaluate(seen), melds.evaluate(debug)


def test_on_a_tall_phone_the_arrange_panel_leaves_the_melds_in_view(table_page: Page, site: Site) -> None:
    """On a tall phone (390×844) the open Arrange panel shares the table's room with the melds
    (a play-test saw empty felt where they had been), condensed to fit; once it closes they grow
    back to the size they had. On a 360×640 phone the panel still takes their room."""
    page = table_page
    save = ready_among_melds()
    melds = page.locator("#melds")
    density = "(m) => Number(m.dataset.density)"
    for size, kept in (((390, 844), True), ((360, 640), False)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(site.url)
        page.wait_for_selector("#start-dialog[open], #app[data-busy=false]", state="attached")
        open_at(page, site, save)
        before = melds.evaluate(density)
        page.click("#arrange-button")
        page.locator("#arrange").wait_for()
        page.wait_for_timeout(300)  # the resize observer's redraw
        if kept:
            box = melds.bounding_box()
            assert box and box["height"] >= 80, box
            assert page.locator("#contract-panel").is_hidden()  # its room goes to the panel
            assert page.evaluate(CHECK, [True, ARRANGING_CORE[False]]) == []
            assert melds.evaluate("(m) => m.scrollHeight <= m.clientHeight + 1")  # every meld in view
            review_shot(page, ARTIFACTS / "layout-en-390x844-arranging-melds.png")
        else:
            assert melds.is_hidden()
        page.locator("#arrange").get_by_role("button", name="Cancel").click()
        page.locator("#arrange").wait_for(state="hidden")
        page.wait_for_timeout(300)
        expect(page.locator("#hint")).to_have_text(re.compile(r"^Your contract is ready"))  # the line is back
        assert melds.evaluate(density) == before, size  # grown back, not left condensed


def test_placing_cards_in_the_arrange_panel_moves_no_button(table_page: Page, site: Site, positions: dict) -> None:
    """A phone, upright and on its side, and a desktop: as cards go into the slots (and on a phone
    the panel's help gives its room to them), the buttons above the panel, the panel's own buttons
    and the hand stay where the finger found them (a play-test saw the buttons above drop 50 px at
    the first card on a phone; another, at 1280×800, saw them and the seats rise 12 px)."""
    page = table_page
    tops = """() => ["#actions", "#arrange .arrange-buttons", "#hand", "#melds"].map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top))"""
    for width, height in ((360, 640), (740, 360), (1280, 800), (1366, 657)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site.url)
        page.wait_for_selector("#start-dialog[open], #app[data-busy=false]", state="attached")
        open_at(page, site, positions["ready"])
        page.click("#arrange-button")
        page.locator("#arrange").wait_for()
        before = page.evaluate(tops)
        placed = 0
        for slot, cards in enumerate(positions["ready_melds"]):
            page.locator(f'#arrange [data-slot="{slot}"]').click()
            for card in cards:
                # by its left edge: the strip of an overlapped card that shows
                page.locator(f'#hand button.card[data-card="{card}"]:not(.in-arrange)').first.click(position={"x": 4, "y": 20})
                placed += 1
                # The panel as the engine's answer leaves it: the card in its slot, the slots judged
                # (their marks and a run's order come with the answer), then no box moving.
                expect(page.locator("#hand button.card.in-arrange")).to_have_count(placed)
                page.wait_for_selector('#arrange[data-judged]:not([data-judged=""])', state="attached")
                assert page.evaluate(STILL) < 60, (width, card)
                assert page.evaluate(tops) == before, (width, card)


def test_a_hint_that_says_why_moves_no_button(table_page: Page, site: Site) -> None:
    """A discard hint that says why a card worth more points stays ("… but your contract needs
    it") keeps to the line's two kept lines on a phone: what the next tap does gives way there
    (the lifted card is in view), or the buttons and the hand rose a line under the finger. On a
    desktop, with the room, the line says both."""
    page = table_page
    save = kept_hint()
    tops = """() => ["#actions", "#hand"].map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top))"""
    for (width, height), follows in (((360, 640), False), ((1280, 800), True)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site.url)
        page.wait_for_selector("#start-dialog[open], #app[data-busy=false]", state="attached")
        open_at(page, site, save)
        before = page.evaluate(tops)
        page.locator("#hint-button").click()
        hint = page.locator("#hint")
        expect(hint).not_to_have_attribute("data-move", "")
        expect(hint).to_contain_text("is worth more points, but your contract needs it.")
        follow = hint.locator(".hint-follow")
        expect(follow).to_have_text(re.compile(r"^It is lifted: "))
        expect(follow).to_be_visible() if follows else expect(follow).to_be_hidden()
        assert page.evaluate(tops) == before, (width, hint.inner_text())
        review_shot(page, ARTIFACTS / f"layout-en-{width}x{height}-hint-reason.png")
        # The words for a keyboard ("Enter lifts a card…") take no more lines than the tap or
        # click words they stand for, in every language: a Turkish line of three moved the
        # phone's melds (the lesson's test).
        taller = page.evaluate(KEYS_TALLER, {"words": KEYS_WORDS, "mouse": follows})
        assert taller == [], (width, taller)
        # Every reason a card worth more stays, after the hint's own words, in every language:
        # no taller than the one above, which moved nothing (the longest took a third line).
        taller = page.evaluate(REASONS_TALLER, {"words": REASONS, "moves": DISCARD_10D}) if not follows else []
        assert taller == [], (width, taller)


REASONS = {lang: json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text("utf-8"))["suggest"] for lang in ("en", "tr", "ko")}
DISCARD_10D = {"en": "discard 10♦", "tr": "10♦ kartını at", "ko": "10♦ 카드 버리기"}  # as hints.js moveWords says it
REASONS_TALLER = """({ words, moves }) => {
  const line = document.getElementById("hint");
  const kept = line.innerHTML;
  const height = (lang, why) => {
    const hint = words[lang];
    line.textContent = `${hint.text.replace("{move}", moves[lang])} ${hint[why].replace(/\{card\}/g, "10♦").replace("{name}", "Jisoo")}`;
    return line.scrollHeight;
  };
  const taller = [];
  for (const [lang, hint] of Object.entries(words)) {
    const most = height("en", "why_keep_needed");
    for (const why of Object.keys(hint).filter((key) => key.startsWith("why_keep_"))) {
      if (height(lang, why) > most + 0.5) taller.push(`${lang} ${why}`);
    }
  }
  line.innerHTML = kept;
  return taller;
}"""


KEYS_WORDS = {lang: json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text("utf-8"))["hint"] for lang in ("en", "tr", "ko")}
KEYS_TALLER = """({ words, mouse }) => {
  const line = document.getElementById("hint");
  const kept = line.innerHTML;
  // scrollHeight: the phone's grid gives the line a fixed height, which a third line overflows.
  const height = (text) => { line.textContent = text.replace("{card}", "10 of diamonds"); return line.scrollHeight; };
  const taller = [];
  for (const [lang, hint] of Object.entries(words)) {
    for (const key of Object.keys(hint).filter((k) => k.endsWith("_keys"))) {
      const plain = key.slice(0, -"_keys".length);
      const words = (mouse && hint[`${plain}_mouse`]) || hint[plain];
      if (height(hint[key]) > height(words) + 0.5) taller.push(`${lang} ${key}`);
    }
  }
  line.innerHTML = kept;
  return taller;
}"""


def test_a_deal_summary_on_a_phone_on_its_side_shows_every_player(table_page: Page, site: Site) -> None:
    """A phone on its side (740×360): the summary of a deal shows all four players without
    scrolling, each one line with the cards left beside the figures (a play-test saw two of
    four, each hand's cards on a line of their own); upright, the cards stay under the figures."""
    save, move = before_the_end()
    page = table_page
    for size, beside in (((740, 360), True), ((360, 640), False)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(site.url)
        # The menu, or the results of the game the last size ended (a reload brings them back).
        page.wait_for_selector("#start-dialog[open], #game-dialog[open]")
        open_at(page, site, save)
        command(page, move)
        sheet = page.locator("#deal-dialog[open]")
        sheet.wait_for()
        review_shot(page, ARTIFACTS / f"deal-summary-{size[0]}x{size[1]}.png")
        assert sheet.locator("td.cards-col .penalty-cards, td.cards-col .no-cards").first.is_visible() == beside
        assert sheet.locator("tr.left-cards").first.is_visible() == (not beside)
        if beside:
            body = sheet.locator(".sheet-body")
            assert body.evaluate("(b) => b.scrollHeight <= b.clientHeight + 1"), "the summary scrolls"
            for row in sheet.locator("tbody > tr:first-child").all():
                assert row.evaluate("(r) => { const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }")


def test_the_keyboard_panel_is_remembered_and_found_by_name(table_page: Page, site: Site, positions: dict) -> None:
    """On a phone the panel is closed (out of the way and out of the tree), K or its toggle opens it, a reload keeps it."""
    page = table_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    page.wait_for_selector("#start-dialog[open]")
    open_at(page, site, positions["eleven"])
    assert page.get_by_role("list", name="Legal moves").count() == 0
    toggle = page.get_by_role("button", name="Keyboard play")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.get_by_role("textbox", name="Command").is_visible()
    assert page.evaluate("document.activeElement.closest('#keyboard-panel') !== null")  # focus moved into it
    # The page scrolls to the panel; the top bar stays, its menu at hand (it used to scroll away:
    # the body's overflow made it a scroll container, which the sticky bar stuck to instead).
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 100
    menu = page.locator("#menu-button").bounding_box()
    assert menu is not None and menu["y"] >= 0, menu
    page.reload()
    settle(page)
    assert page.get_by_role("list", name="Legal moves").count() == 1
    assert json.loads(page.evaluate("localStorage.getItem('ladder-rummy:panels')")) == {"keyboard": True}
    page.locator("#hand button.card").first.focus()
    page.keyboard.press("k")  # the one key (Rules → Playing on this page)
    assert page.locator("#keyboard-panel").is_hidden()
    assert page.get_by_role("list", name="Legal moves").count() == 0
    # K on a card opens the panel with the focus in it; K again gives the focus back to the card,
    # not to the top bar's button nine Tabs away (a play-test).
    card = page.locator("#hand button.card").nth(2)
    card.focus()
    code = card.get_attribute("data-card")
    page.keyboard.press("k")
    assert page.evaluate("document.activeElement.closest('#keyboard-panel') !== null")
    page.keyboard.press("k")
    assert page.evaluate("document.activeElement.matches('#hand button.card') && document.activeElement.dataset.card") == code


@pytest.fixture
def table_page(context, page: Page) -> Page:
    """The guarded page in English at instant speed."""
    context.add_init_script(settings_script("en"))
    return page


def test_a_desktop_shows_the_persons_own_penalty_beside_the_ladder(table_page: Page, site: Site) -> None:
    """At 1280×800 the contract panel's line ends with the person's own penalty total, as each
    rival's seat shows theirs (a play-test found it only on the deal's sheet), and so does a
    tablet on its side's; a 360 px phone's line has no room, so it is not shown there."""
    from ladder_rummy import adapter

    save, _ = before_the_end()
    penalty = json.loads(adapter.resume(json.dumps(save)))["view"]["players"][0]["penalty"]
    assert penalty > 0
    page = table_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url)
    page.wait_for_selector("#start-dialog[open]")
    open_at(page, site, save)
    own = page.locator("#contract-panel .my-penalty")
    expect(own).to_have_text(f"{penalty} pts")
    panel, ladder = page.locator("#contract-panel").bounding_box(), page.locator("#contract-panel .ladder").bounding_box()
    box = own.bounding_box()
    assert ladder["x"] + ladder["width"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"]
    assert abs(box["y"] + box["height"] / 2 - (ladder["y"] + ladder["height"] / 2)) < 6  # on the ladder's line
    # A tablet on its side has the room too (it was shown only from 1100 px); an upright one's
    # line would wrap with it, at several steps.
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(own).to_be_visible()
    panel, ladder, box = (page.locator(s).bounding_box() for s in ("#contract-panel", "#contract-panel .ladder", "#contract-panel .my-penalty"))
    assert ladder["x"] + ladder["width"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"]
    assert abs(box["y"] + box["height"] / 2 - (ladder["y"] + ladder["height"] / 2)) < 6
    for size in ((768, 1024), (360, 640)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        expect(own).to_be_hidden()
