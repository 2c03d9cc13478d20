"""Computer players' decision times, and the leaderboard's replay of a Daily, in CPython and in Pyodide (Node).

    python bench/bots.py [--games 20] [--bot normal] [--dailies 8]    # CPython, one process
    python bench/bots.py --pyodide [--games 5] [--dailies 8]          # the same, under Pyodide in Node
    python bench/bots.py --games 0 --also-version 1.0.0               # and an earlier version's Dailies

Prints JSON with two parts:

* ``decisions`` — whole games of four ``--bot`` players from fixed seeds in one
  process: the time of each ``choose`` (p50, p99, max), of building the view it reads,
  and of a whole game (median, p90). Budgets (issue 3): Normal's p99 at most 20 ms and
  a whole 4-bot game at most 1.5 s median in CPython on the project's 2-core machine.
* ``verify_daily`` — the leaderboard's check of a finished Daily (a person and three
  Normal players; the person's seat is played by the basic player, as in the endpoint's
  tests): ``ladder_rummy.verify.verify_daily`` replays it and recomputes every computer
  decision. Each game is verified ``--repeats`` times with the evaluator's cache emptied
  first, since a real submission is a game the process has not seen (budget: 300 ms on
  a warm function, in Pyodide).

Wall-clock times suffer from whatever else the machine runs, so the process's CPU time
is printed beside them (``*_cpu``), with the load average.

With ``--pyodide`` it builds a fresh engine wheel and runs this very file under
``node tools/pyodide_node.mjs run``, so both interpreters play the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if sys.platform != "emscripten":  # under Pyodide the engine comes from the installed wheel
    sys.path.insert(0, str(ROOT / "engine"))

from ladder_rummy import __version__, evaluate  # noqa: E402
from ladder_rummy.bots import make_bot  # noqa: E402
from ladder_rummy.bots.basic import BasicBot  # noqa: E402
from ladder_rummy.match import Match, person_and_bots  # noqa: E402
from ladder_rummy.seeds import daily_seed  # noqa: E402
from ladder_rummy.verify import verify_daily  # noqa: E402


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, the nearest rank below."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def spread(values: list[float], digits: int = 3) -> dict[str, float]:
    """p50, p99, max and mean of ``values``."""
    return {"p50": round(quantile(values, 0.5), digits), "p99": round(quantile(values, 0.99), digits),
            "max": round(max(values), digits), "mean": round(statistics.fmean(values), digits)}


def measure(games: int, bot: str) -> dict[str, Any]:
    """Play ``games`` games of four ``bot`` players; every time is in milliseconds (games in seconds)."""
    choose: list[float] = []
    choose_cpu: list[float] = []
    views: list[float] = []
    whole: list[float] = []
    whole_cpu: list[float] = []
    for i in range(games):
        match = Match(f"bench-bots-{i}", [make_bot(bot) for _ in range(4)])
        game = match.game
        start, start_cpu = time.perf_counter(), time.process_time()
        while not game.is_over:
            seat = game.current_seat
            t0 = time.perf_counter()
            view, legal = game.view(seat), game.legal_actions()
            t1, c1 = time.perf_counter(), time.process_time()
            action = match.seats[seat].choose(view, legal, match.rngs[seat])
            t2, c2 = time.perf_counter(), time.process_time()
            game.apply(action)
            views.append((t1 - t0) * 1000)
            choose.append((t2 - t1) * 1000)
            choose_cpu.append((c2 - c1) * 1000)
        whole.append(time.perf_counter() - start)
        whole_cpu.append(time.process_time() - start_cpu)
    return {
        "bot": bot, "games": games, "decisions": len(choose),
        "choose_ms": spread(choose), "choose_cpu_ms": spread(choose_cpu),
        "view_ms": {"p50": round(quantile(views, 0.5), 3), "mean": round(statistics.fmean(views), 3)},
        "game_s": {"median": round(statistics.median(whole), 3), "p90": round(quantile(whole, 0.9), 3)},
        "game_cpu_s": {"median": round(statistics.median(whole_cpu), 3), "p90": round(quantile(whole_cpu, 0.9), 3)},
    }


def finished_daily(date: str, version: str = __version__) -> list[str]:
    """The log of a finished Daily: the basic player in the person's seat, three Normal players
    (of engine ``version``)."""
    match = Match(daily_seed(date), [BasicBot()] + person_and_bots("normal", version)[1:])
    match.advance()
    assert match.game.is_over
    return list(match.game.log)


def timed(run: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one call."""
    t0, c0 = time.perf_counter(), time.process_time()
    run()
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def measure_verify(dailies: int, repeats: int, version: str = __version__) -> dict[str, Any]:
    """verify_daily of ``dailies`` finished Dailies of engine ``version``, each ``repeats`` times
    from an empty cache."""
    dates = [f"2026-12-{d + 1:02d}" for d in range(dailies)]
    per_game = []
    wall: list[float] = []
    cpu: list[float] = []
    for date in dates:
        log = finished_daily(date, version)
        runs = []
        for _ in range(repeats):
            evaluate.shape_of_key.cache_clear()  # a submission is a game this process has not seen
            runs.append(timed(lambda: verify_daily(date, log, version)))
        game_wall = statistics.median(w for w, _ in runs)
        game_cpu = statistics.median(c for _, c in runs)
        wall.append(game_wall)
        cpu.append(game_cpu)
        per_game.append({"date": date, "entries": len(log), "ms": round(game_wall, 1), "cpu_ms": round(game_cpu, 1)})
    return {
        "version": version, "dailies": dailies, "repeats": repeats, "games": per_game,
        "ms": {"median": round(statistics.median(wall), 1), "max": round(max(wall), 1)},
        "cpu_ms": {"median": round(statistics.median(cpu), 1), "max": round(max(cpu), 1)},
    }


def _load() -> list[float] | None:
    """The machine's 1/5/15-minute load averages, where the platform tells them."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def under_pyodide(args: argparse.Namespace) -> dict[str, Any]:
    """Build a fresh wheel and run this file under Pyodide in Node."""
    sys.path.insert(0, str(ROOT))
    import build  # the project's builder: the wheel the page gets

    with tempfile.TemporaryDirectory() as tmp:
        wheel = build.build_wheel(build.read_project(), Path(tmp))
        done = subprocess.run(
            ["node", str(ROOT / "tools" / "pyodide_node.mjs"), "run", str(Path(__file__).resolve()),
             "--games", str(args.games), "--bot", args.bot, "--dailies", str(args.dailies),
             "--repeats", str(args.repeats), *(["--also-version", args.also_version] if args.also_version else [])],
            cwd=ROOT, env={**os.environ, "LADDER_RUMMY_WHEEL": str(wheel)},
            capture_output=True, text=True, timeout=3600,
        )
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["load_average"] = _load()  # Node's Python cannot read it
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="4-bot games to time decisions in (default 20)")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--dailies", type=int, default=8, help="finished Dailies to verify (default 8; 0: none)")
    parser.add_argument("--repeats", type=int, default=3, help="verifications of each Daily (default 3)")
    parser.add_argument("--also-version", metavar="VERSION",
                        help="verify the same dates played and replayed by an earlier engine version too, "
                             "after this one's (an in-run ratio, whatever the machine's load)")
    parser.add_argument("--pyodide", action="store_true", help="run under Pyodide in Node instead")
    args = parser.parse_args()
    if args.pyodide:
        result = under_pyodide(args)
    else:
        result = {
            "python": platform.python_implementation() + " " + platform.python_version(),
            "platform": sys.platform,
            "decisions": measure(args.games, args.bot) if args.games else None,
            "verify_daily": measure_verify(args.dailies, args.repeats) if args.dailies else None,
            "load_average": _load(),
        }
        if args.also_version and args.dailies:
            result["verify_daily_also"] = measure_verify(args.dailies, args.repeats, args.also_version)
            result["verify_cpu_ratio"] = round(result["verify_daily"]["cpu_ms"]["median"]
                                               / result["verify_daily_also"]["cpu_ms"]["median"], 3)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
