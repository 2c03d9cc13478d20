"""New Game at a difficulty, timed decision by decision: the inner part of ``bench/hard_browser.py``.

    python bench/hard_games.py [--games 3] [--bot hard] [--seed bench-hard]

Plays the lineup of a New Game — a person at seat 0 (the basic player stands in) and three
computer players of ``--bot`` — and prints JSON: the time of every computer decision
(``choose``), and of every ``act`` the page would send (the person's move, then the computer
turns up to the person's next decision: what the page waits for while the table shows the
computer thinking). The same file runs under CPython and, loaded by ``bench/hard_browser.py``,
under Pyodide in a Chromium worker, as the page runs it.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

if sys.platform != "emscripten":  # under Pyodide the engine comes from the installed wheel
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from ladder_rummy.bots import make_bot  # noqa: E402
from ladder_rummy.bots.basic import BasicBot  # noqa: E402
from ladder_rummy.match import Match  # noqa: E402


def quantiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of ``values`` (nearest rank below), rounded to 0.1."""
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else 0.0

    return {"n": len(ordered), "p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": at(1.0)}


def play(seed: str, bot: str) -> tuple[list[float], list[float]]:
    """One game: the milliseconds of each computer decision and of each act."""
    match = Match(seed, [BasicBot()] + [make_bot(bot) for _ in range(3)])
    game = match.game
    person = match.seats[0]
    decisions: list[float] = []
    acts: list[float] = []
    started = None  # when the act the page is waiting for began
    while not game.is_over:
        seat = game.current_seat
        view, legal = game.view(seat), game.legal_actions()
        if seat == 0:
            if started is not None:
                acts.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            game.apply(person.choose(view, legal, match.rngs[0]))
            continue
        t0 = time.perf_counter()
        action = match.seats[seat].choose(view, legal, match.rngs[seat])
        decisions.append((time.perf_counter() - t0) * 1000)
        game.apply(action)
    if started is not None:
        acts.append((time.perf_counter() - started) * 1000)
    return decisions, acts


def run(games: int, bot: str, seed: str) -> dict[str, Any]:
    """Every game's timings, pooled."""
    decisions: list[float] = []
    acts: list[float] = []
    t0 = time.perf_counter()
    for i in range(games):
        d, a = play(f"{seed}-{i}", bot)
        decisions += d
        acts += a
    return {
        "python": platform.python_implementation() + " " + platform.python_version(), "platform": sys.platform,
        "bot": bot, "games": games, "seed": seed, "decision_ms": quantiles(decisions), "act_ms": quantiles(acts),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--seed", default="bench-hard")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.bot, args.seed)))


if __name__ == "__main__":
    main()
