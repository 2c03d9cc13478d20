"""Helpers for the table's browser tests: a person's plan computed with the engine in CPython,
and small page actions (wait for the table to settle, read the hand, use the command box).

The page under test always runs the real engine in Pyodide; CPython only plans which moves a
sensible person would make, from the same seed, so the browser can click them one by one.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conftest import Guard
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "engine") not in sys.path:
    sys.path.insert(0, str(ROOT / "engine"))

PENALTY = {"A": 15, "J": 10, "Q": 10, "K": 10}
INSTANT = json.dumps({"speed": "instant", "sort": "suit", "lang": "en"})


def points(card: str) -> int:
    """Penalty value of a card, for choosing what to throw away (jokers 15)."""
    if card == "JK":
        return 15
    rank = card[:-1]
    return PENALTY.get(rank, int(rank) if rank.isdigit() else 10)


def choose(view: dict) -> str:
    """A sensible person's move from view.legal: lay down, lay off, keep pairs, throw high cards."""
    legal = view["legal"]
    if "draw stock" in legal or "draw discard" in legal:
        return "draw stock" if "draw stock" in legal else "draw discard"
    if "laydown" in legal:
        return "laydown"
    layoffs = [a for a in legal if a.startswith("layoff ")]
    naturals = [a for a in layoffs if a.split()[1] != "JK"]
    if naturals or layoffs:
        return (naturals or layoffs)[0]
    discards = [a for a in legal if a.startswith("discard ")]
    hand = view["hand"]

    def keep(action: str) -> tuple[int, int]:
        card = action.split()[1]
        same_rank = sum(1 for c in hand if c != "JK" and c[:-1] == card[:-1])
        return (-(card == "JK"), -same_rank, points(card))

    return max(discards, key=keep) if discards else legal[0]


@dataclass
class Plan:
    """The person's moves for one deal of a seeded game, and what they showed."""

    seed: str
    difficulty: str
    moves: list[str] = field(default_factory=list)
    laydown_turn: int | None = None
    layoffs: int = 0
    deal_ended: bool = False


def plan_first_deal(seed: str, difficulty: str = "easy", max_moves: int = 120) -> Plan:
    """Play deal 1 of `seed` with `choose` in CPython, recording the moves."""
    from ladder_rummy import adapter

    answer = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": difficulty, "seed": seed})))
    plan = Plan(seed, difficulty)
    turn = 0
    while len(plan.moves) < max_moves:
        view = answer["view"]
        if view["deal"] != 1 or view["game_over"]:
            plan.deal_ended = True
            break
        move = choose(view)
        if move.startswith("draw"):
            turn += 1
        if move == "laydown":
            plan.laydown_turn = turn
        if move.startswith("layoff"):
            plan.layoffs += 1
        plan.moves.append(move)
        answer = json.loads(adapter.act(move))
        assert answer["ok"], (move, answer)
    return plan


def find_seed(*, laydown_by: int = 4, want_layoff: bool = True, want_taken: bool = False, tries: int = 400) -> Plan:
    """The first seed "table-N" whose deal 1 lets the person lay down early and lay off later."""
    from ladder_rummy import adapter

    for n in range(tries):
        seed = f"table-{n}"
        if want_taken:
            view = json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": "easy", "seed": seed})))["view"]
            if "draw discard" not in view["legal"]:
                continue
        plan = plan_first_deal(seed)
        if plan.laydown_turn and plan.laydown_turn <= laydown_by and plan.deal_ended and (plan.layoffs or not want_layoff):
            return plan
    raise AssertionError("no seed found with an early lay-down")


# ---- positions to open the page at (saved games, as after a reload) ----

def new_answer(seed: str, difficulty: str = "easy") -> dict:
    """A New Game's first answer in CPython (the page, resuming its save, shows the same)."""
    from ladder_rummy import adapter

    return json.loads(adapter.new_game(json.dumps({"mode": "new", "difficulty": difficulty, "seed": seed})))


def after_first_draw(seed: str = "layout-11") -> dict:
    """The save of a New Game right after the person drew their 11th card."""
    from ladder_rummy import adapter

    answer = new_answer(seed)
    answer = json.loads(adapter.act("draw stock" if "draw stock" in answer["view"]["legal"] else "draw discard"))
    return answer["save"]


def crowded(tries: int = 80) -> tuple[dict, str]:
    """A crowded table: all four players have melds down (8 or more) and the person, laid down,
    can lay a card off. Returns the save at that moment and the card to lift."""
    from ladder_rummy import adapter

    for n in range(tries):
        answer = new_answer(f"crowd-{n}")
        for _ in range(400):
            view = answer["view"]
            if view["game_over"]:
                break
            layoffs = [m for m in view["legal"] if m.startswith("layoff ") and m.split()[1] != "JK"]
            if layoffs and len({m["owner"] for m in view["table"]}) == 4 and len(view["table"]) >= 8:
                return answer["save"], layoffs[0].split()[1]
            answer = json.loads(adapter.act(choose(view)))
    raise AssertionError("no crowded table found")


def before_the_end(seed: str = "the-end") -> tuple[dict, str]:
    """A New Game one move of the person's before it ends: its save and that move."""
    from ladder_rummy import adapter

    answer = new_answer(seed)
    while True:
        move = choose(answer["view"])
        save = answer["save"]
        answer = json.loads(adapter.act(move))
        assert answer["ok"], (move, answer)
        if answer["view"]["game_over"]:
            return save, move


def stored_game(save: dict, order: list[str] | None = None) -> str:
    """An init script that puts `save` in localStorage as the game in progress (a New Game)."""
    stored = {"save": save, "order": order or [], "manual": bool(order), "mode": {"mode": "new", "difficulty": save.get("difficulty", "easy")}}
    return f"localStorage.setItem('ladder-rummy:save', {json.dumps(json.dumps(stored))});"


def settings_script(lang: str = "en", speed: str = "instant") -> str:
    """An init script with the person's settings (language, computer speed), as if chosen before."""
    settings = json.dumps({"speed": speed, "sort": "suit", "lang": lang})
    return f"localStorage.setItem('ladder-rummy:settings', {json.dumps(settings)});"


@contextmanager
def device(browser: Browser, guard: Guard, *, size: tuple[int, int], touch: bool, lang: str, **options: object) -> Iterator[Page]:
    """A guarded page in a fresh profile: a touch phone at device scale 2, or a desktop, in `lang`."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch,
                                  device_scale_factor=2 if touch else 1, **options)
    context.on("request", guard.on_request)
    context.on("console", guard.on_console)
    context.add_init_script(settings_script(lang))
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        page.on("pageerror", lambda error: guard.on_page_error(error))
        yield page
    finally:
        context.close()


# ---- page helpers ----

def settle(page: Page, timeout: float = 60_000) -> None:
    """Wait until no engine call or animation runs and the game is on the table."""
    page.wait_for_selector('#app[data-screen="table"][data-busy="false"]', state="attached", timeout=timeout)


def keyboard_panel(page: Page) -> None:
    """Open the keyboard panel (behind the topbar's "Keyboard play" toggle) if it is closed.

    Its list named "Legal moves" and its box named "Command" are found by role and name only
    while it is open, as assistive tools find them.
    """
    if page.locator("#keyboard-panel").is_hidden():
        page.click("#keyboard-button")
        page.locator("#keyboard-panel").wait_for(state="visible")


def legal_moves(page: Page) -> list[str]:
    """The canonical strings listed under "Legal moves"."""
    keyboard_panel(page)
    return page.get_by_role("list", name="Legal moves").locator("button").all_inner_texts()


def hand(page: Page) -> list[str]:
    """The hand as displayed, left to right (card strings)."""
    return page.eval_on_selector_all("#hand button.card", "cards => cards.map(c => c.dataset.card)")


def command(page: Page, text: str) -> None:
    """Type a canonical action in the Command box and press Enter."""
    keyboard_panel(page)
    box = page.get_by_role("textbox", name="Command")
    box.fill(text)
    box.press("Enter")
