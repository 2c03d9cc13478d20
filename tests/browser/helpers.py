"""Helpers for the table's browser tests: a person's plan computed with the engine in CPython,
and small page actions (wait for the table to settle, read the hand, use the command box).

The page under test always runs the real engine in Pyodide; CPython only plans which moves a
sensible person would make, from the same seed, so the browser can click them one by one.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from chromium import copy_profile, open_profile

if TYPE_CHECKING:
    from conftest import Guard, Site
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "engine") not in sys.path:
    sys.path.insert(0, str(ROOT / "engine"))

TABLE = '#app[data-screen="table"][data-busy="false"]'
PENALTY = {"A": 15, "J": 10, "Q": 10, "K": 10}
INSTANT = json.dumps({"speed": "instant", "sort": "suit", "lang": "en"})
FIRST_DAILY = dt.date(2026, 11, 1)  # site/js/share.js: Daily #1
# Screenshots for a person to look at (SHOTS=1 pytest ...): the suite's own run leaves them out,
# as they took a tenth of its time (a 360×640 shot at device scale 2 costs ~0.25 s of Chromium's
# CPU, and the layout sweep alone took ~250). A failing layout check still shoots its size.
SHOTS = os.environ.get("SHOTS") == "1"


# ---- the page's clock ----
#
# The page names today's Daily, the streak, the calendar's months and the board's tabs by its own
# clock's UTC date. A test that reads the date on its side and lets the page read it again fails
# whenever the two fall on either side of a UTC midnight (a run that starts at 23:59), and one that
# asserts what a real date shows passes or fails by the calendar (the 1st of a month, a Monday…).
# So a test pins the page's clock: to a date of its choosing where nothing outside the page reads
# the date, or, where the real endpoint does (it accepts a Daily from its day to a week after), to
# the real date, read once.
#
# Pinned by shifting Date alone. Playwright's clock (clock.install, set_fixed_time) fakes
# `performance` too, and its stand-in keeps no marks: the page registers its service worker on
# the mark that says the engine is ready (offline.js), so under it the game never gets offline.

PIN_DATE = """(() => {
  const Real = globalThis.Date.unpinned ?? globalThis.Date;  // a later pin replaces an earlier one
  const offset = %d;
  const now = () => Real.now() + offset;
  function PinnedDate(...args) {
    if (!new.target) return new Real(now()).toString();  // Date() called as a function
    return Reflect.construct(Real, args.length ? args : [now()], new.target);
  }
  PinnedDate.prototype = Real.prototype;  // instanceof, methods: a Date like any other
  Object.setPrototypeOf(PinnedDate, Real);  // Date.parse, Date.UTC
  Object.defineProperties(PinnedDate, { now: { value: now }, unpinned: { value: Real } });
  globalThis.Date = PinnedDate;
})();"""


def utc_today() -> dt.date:
    """The real UTC date, for the one read a test makes of it (then pinned: see pin_clock)."""
    return dt.datetime.now(dt.timezone.utc).date()


def pin_clock(context: BrowserContext, day: dt.date | str) -> dt.date:
    """Make every page of `context` (reloads and new tabs too, all on one clock) read noon UTC on
    `day` now, the clock running on from there: twelve hours from either midnight, so the page's
    date is `day` for the whole test, whatever the real time. Call it before the first page loads
    (the workers keep the real clock: they never read the date). Returns `day`."""
    day = dt.date.fromisoformat(day) if isinstance(day, str) else day
    noon = dt.datetime.combine(day, dt.time(12), dt.timezone.utc)
    context.add_init_script(PIN_DATE % round((noon - dt.datetime.now(dt.timezone.utc)).total_seconds() * 1000))
    return day


def days_before(day: dt.date | str, n: int) -> str:
    """The date `n` days before `day`, YYYY-MM-DD."""
    day = dt.date.fromisoformat(day) if isinstance(day, str) else day
    return (day - dt.timedelta(days=n)).isoformat()


def daily_number(date: str) -> int:
    """The Daily's number of a date (share.js: #1 on 2026-11-01)."""
    return (dt.date.fromisoformat(date) - FIRST_DAILY).days + 1


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


def ready_to_lay_down() -> dict:
    """The save of a New Game at the moment the person can lay down their first contract."""
    from ladder_rummy import adapter

    plan = find_seed(laydown_by=4, want_layoff=False)
    answer = new_answer(plan.seed)
    for move in plan.moves[:plan.moves.index("laydown")]:
        answer = json.loads(adapter.act(move))
    assert "laydown" in answer["view"]["legal"], answer["view"]["legal"]
    return answer["save"]


def after_first_draw(seed: str = "layout-11") -> dict:
    """The save of a New Game right after the person drew their 11th card."""
    from ladder_rummy import adapter

    answer = new_answer(seed)
    answer = json.loads(adapter.act("draw stock" if "draw stock" in answer["view"]["legal"] else "draw discard"))
    return answer["save"]


def first_position(prefix: str, wanted: Callable[[dict], str | None], tries: int) -> tuple[dict, str]:
    """Play New Games "PREFIX-N" (the person by `choose`) until `wanted(view)` names something:
    the save at that moment, and what it named. The engine (`adapter`) is left at that position."""
    from ladder_rummy import adapter

    for n in range(tries):
        answer = new_answer(f"{prefix}-{n}")
        for _ in range(400):
            view = answer["view"]
            if view["game_over"]:
                break
            found = wanted(view)
            if found is not None:
                return answer["save"], found
            answer = json.loads(adapter.act(choose(view)))
    raise AssertionError(f"no game {prefix}-0 to -{tries - 1} reaches the position wanted")


def crowded(tries: int = 80) -> tuple[dict, str]:
    """A crowded table: all four players have melds down (8 or more) and the person, laid down,
    can lay a card off. Returns the save at that moment and the card to lift."""
    def lift(view: dict) -> str | None:
        layoffs = [m for m in view["legal"] if m.startswith("layoff ") and m.split()[1] != "JK"]
        if layoffs and len({m["owner"] for m in view["table"]}) == 4 and len(view["table"]) >= 8:
            return layoffs[0].split()[1]
        return None

    return first_position("crowd", lift, tries)


def ready_among_melds(tries: int = 80) -> dict:
    """The save of a New Game where the person can lay down while others' melds (three or more)
    are on the table: what the Arrange panel shares the table's room with on a tall phone."""
    def ready(view: dict) -> str | None:
        laid = view["players"][0]["laid_down"]
        return "ready" if "laydown" in view["legal"] and not laid and len(view["table"]) >= 3 else None

    return first_position("among", ready, tries)[0]


def kept_hint(tries: int = 40) -> dict:
    """The save of a New Game where Normal's hint discards a card and says why one worth more
    points stays (adapter.hint's `kept`: "your contract needs it"), the line's longest form."""
    from ladder_rummy import adapter

    def hinted(view: dict) -> str | None:
        if view["phase"] != "play" or view["turn"] != 0:
            return None
        kept = json.loads(adapter.hint()).get("kept")
        return "kept" if kept and kept["why"] == "needed" else None

    return first_position("kept", hinted, tries)[0]


def first_melds(tries: int = 40) -> dict:
    """Early in a deal: the person to draw with the first melds down (two or three, of one or
    two players) and the rest of the table empty, where the melds area has the most room."""
    from ladder_rummy import adapter

    for n in range(tries):
        answer = new_answer(f"early-{n}")
        for _ in range(200):
            view = answer["view"]
            owners = {m["owner"] for m in view["table"]}
            if view["game_over"] or len(owners) > 2 or view["deal"] > 1:
                break
            if view["phase"] == "draw" and 2 <= len(view["table"]) <= 3:
                return answer["save"]
            answer = json.loads(adapter.act(choose(view)))
    raise AssertionError("no early table found")


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


@dataclass
class LastDeal:
    """A New Game in its last deal (deal 10 of 10), at two of the person's draws."""

    before: dict       # the save at the draw of the turn the person lays down on (not down yet)
    moves: list[str]   # that turn's moves: the draw, "laydown", the discard
    down: dict         # the save at the person's next draw, laid down (not on contract 10)
    step: int          # the person's step


def last_deal(tries: int = 20) -> LastDeal:
    """The first seed "last-N" whose deal 10 the person (playing `choose`) lays down in and
    plays on in. Found by counting deals (deals_max), never by the view's final_deal."""
    from ladder_rummy import adapter

    for n in range(tries):
        answer = new_answer(f"last-{n}")
        before, moves = None, []
        while not answer["view"]["game_over"]:
            view = answer["view"]
            me = view["players"][0]
            if view["deal"] == view["deals_max"] and view["turn"] == 0 and view["phase"] == "draw":
                if me["laid_down"] and before is not None:
                    return LastDeal(before, moves, answer["save"], me["step"])
                if not me["laid_down"]:
                    before, moves = answer["save"], []
            move = choose(view)
            moves.append(move)
            answer = json.loads(adapter.act(move))
            assert answer["ok"], (move, answer)
    raise AssertionError("no game found whose last deal the person lays down in")


def stored_game(save: dict, order: list[str] | None = None) -> str:
    """A script that puts `save` in localStorage as the game in progress (a New Game), in the
    single save of earlier versions that the page migrates on load. The games kept before are
    forgotten first: the migration moves the old save only into an empty slot (saves.js), so a
    page that already played a game would resume that one instead."""
    stored = {"save": save, "order": order or [], "manual": bool(order), "mode": {"mode": "new", "difficulty": save.get("difficulty", "easy")}}
    forget = "Object.keys(localStorage).filter((k) => k.startsWith('ladder-rummy:game')).forEach((k) => localStorage.removeItem(k));"
    return f"{forget} localStorage.setItem('ladder-rummy:save', {json.dumps(json.dumps(stored))});"


def settings_script(lang: str = "en", speed: str = "instant") -> str:
    """An init script with the person's settings (language, computer speed), as if chosen before."""
    settings = json.dumps({"speed": speed, "sort": "suit", "lang": lang})
    return f"localStorage.setItem('ladder-rummy:settings', {json.dumps(settings)});"


# ---- whole games played in CPython by the wheel the site serves, for the page to resume ----

# Runs in a fresh interpreter with only the served wheel importable (so the page, the endpoint and
# the plan run the same engine, even while engine/ is being edited). argv: wheel, "daily" DATE or
# "new" SEED DIFFICULTY, variant. The person's seat is played by the basic player (variant 0) or by
# the basic player with a random legal move now and then (another game on the same deals, one per
# variant); the computers as the page seats them. Prints the engine version, the seed, the log, who
# played each action and the person's result; for a New Game also what a challenge link carries.
PLAY = r"""
import json, random, sys
sys.path.insert(0, sys.argv[1])
from ladder_rummy import __version__
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.bots.random_bot import RandomBot
from ladder_rummy.bots.registry import DAILY_DIFFICULTY
from ladder_rummy.challenge import challenge_of
from ladder_rummy.match import PERSON, Match, person_and_bots
from ladder_rummy.seeds import daily_seed

daily = sys.argv[2] == "daily"
seed, difficulty = (daily_seed(sys.argv[3]), DAILY_DIFFICULTY) if daily else (sys.argv[3], sys.argv[4])
variant, slips = int(sys.argv[-1]), 0.15 if daily else 0.2

class Slips:
    name = "slips"
    def __init__(self):
        self.basic, self.random = BasicBot(), RandomBot()
    def choose(self, view, legal, rng):
        return (self.random if rng.random() < slips else self.basic).choose(view, legal, rng)

match = Match(seed, [Slips() if variant else BasicBot()] + person_and_bots(difficulty)[1:])
if variant:
    match.rngs[PERSON] = random.Random(variant)
seats = []
while not match.game.is_over:
    seats.append(match.game.current_seat)
    match.game.apply(match.bot_action())
log = [str(a) for a in match.game.log]
mine = next(s for s in match.game.standings() if s["seat"] == PERSON)
print(json.dumps({"engine": __version__, "seed": seed, "log": log, "seats": seats, "completed": mine["completed"],
                  "penalty": mine["penalty"], **({} if daily else challenge_of(seed, log))}))
"""


def played(site: Site, *args: str) -> dict:
    """A whole game played by PLAY with the served wheel (args: "daily" DATE | "new" SEED DIFFICULTY, then the variant)."""
    wheel = site.dist / "engine" / "ladder_rummy.whl"
    out = subprocess.run([sys.executable, "-c", PLAY, str(wheel), *args], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def cut_near_end(game: dict, last: int = 3) -> tuple[int, list[str]]:
    """Where the page takes over a played game: at a turn of the person's (a draw, so the page
    resumes in the draw phase whatever the deals), at least `last` of their actions from the end.
    Returns the cut (the page's save holds log[:cut]) and the person's actions from there on."""
    mine = [i for i, seat in enumerate(game["seats"]) if seat == 0]
    cut = [i for i in mine if game["log"][i].startswith("draw ") and i <= mine[-last]][-1]
    return cut, [game["log"][i] for i in mine if i >= cut]


def nearly_finished_new(site: Site, seed: str, difficulty: str, variant: int = 0) -> tuple[dict, list[str], dict]:
    """A New Game's save at the person's last draw but two, the moves from there, and its result."""
    game = played(site, "new", seed, difficulty, str(variant))
    cut, moves = cut_near_end(game)
    save = {"format": 1, "engine": game["engine"], "mode": "new", "date": None, "seed": seed, "difficulty": difficulty,
            "log": game["log"][:cut]}
    return save, moves, game["result"]


def storage_script(items: dict) -> str:
    """An init script that stores `items` (under the page's prefix) once per browser profile."""
    sets = "".join(f"localStorage.setItem({json.dumps('ladder-rummy:' + k)}, {json.dumps(json.dumps(v))});" for k, v in items.items())
    return f"if (!localStorage.getItem('test:seeded')) {{ {sets} localStorage.setItem('test:seeded', '1'); }}"


def type_moves(page: Page, moves: list[str]) -> None:
    """Type the person's `moves` in the Command box, closing deal summaries between them; each
    waits for the engine's answer and its animation. Stops with the last one's answer."""
    from test_table import after, replies  # test_table imports this module

    for move in moves:
        deal = page.locator("#deal-dialog[open]")
        if deal.count():
            deal.get_by_role("button").last.click()
            page.wait_for_selector(TABLE, state="attached")
        before = replies(page)
        command(page, move)
        after(page, before)


@contextmanager
def device(browser: Browser, guard: Guard, *, profile: Path, size: tuple[int, int], touch: bool, lang: str,
           **options: object) -> Iterator[Page]:
    """A guarded page in a copy of `profile` (conftest.returning_profile: the site cached, no game
    data): a touch phone at device scale 2, or a desktop, in `lang`."""
    from conftest import first_tab, guarded  # conftest imports nothing of this module

    view = {"viewport": {"width": size[0], "height": size[1]}, "has_touch": touch,
            "device_scale_factor": 2 if touch else 1, **options}
    with tempfile.TemporaryDirectory(prefix="profile-") as folder:
        context = guarded(open_profile(browser.browser_type, copy_profile(profile, Path(folder) / "profile"), **view), guard)
        context.add_init_script(settings_script(lang))
        try:
            yield first_tab(context)
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


def review_shot(target: Page | Locator, path: Path) -> None:
    """Screenshot `target` to `path` for review, when SHOTS=1 (see SHOTS)."""
    if SHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path))
