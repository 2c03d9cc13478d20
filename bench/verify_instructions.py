"""Instructions the leaderboard's check of new Dailies executes, counted by callgrind.

    python bench/verify_instructions.py [--games 4] [--engine engine] [--engine /other/checkout/engine]

Wall and CPU times on a shared 2-core machine move with its load; the number of machine
instructions CPython executes does not. For each ``--engine`` directory this plays ``--games``
Dailies (the basic player in the person's seat, three Normal players) in a plain process,
then counts, under ``valgrind --tool=callgrind``, the instructions of a process that verifies
them once each (``verify_daily``, every computer move recomputed, nothing remembered from an
earlier verification of the same game) less those of the same process verifying none
(start-up and imports). Prints JSON: per engine, the instructions per verified game.
Needs valgrind (Debian: ``apt-get install valgrind``); it runs about 50 times slower.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from ladder_rummy.bots.basic import BasicBot
from ladder_rummy.match import Match, person_and_bots
from ladder_rummy.seeds import daily_seed
out = []
for date in json.loads(sys.argv[2]):
    match = Match(daily_seed(date), [BasicBot()] + person_and_bots("normal")[1:])
    match.advance()
    out.append({"date": date, "log": list(match.game.log)})
print(json.dumps(out))
"""

VERIFY = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from ladder_rummy.verify import verify_daily
for game in json.load(open(sys.argv[2])):
    verify_daily(game["date"], game["log"])
"""


def dates(count: int) -> list[str]:
    """``count`` fixed Dailies (fixed so two runs count the same games)."""
    first = dt.date(2026, 11, 10)
    return [(first + dt.timedelta(days=i)).isoformat() for i in range(count)]


def instructions(engine: Path, games_file: Path) -> int:
    """Instructions (callgrind's ``Ir``) of a Python process verifying the games in ``games_file``."""
    with tempfile.TemporaryDirectory() as scratch:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out", sys.executable, "-c", VERIFY,
             str(engine), str(games_file)], capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def measure(engine: Path, count: int, scratch: Path) -> dict[str, object]:
    """Instructions per verified game for one engine directory."""
    played = subprocess.run([sys.executable, "-c", PLAY, str(engine), json.dumps(dates(count))],
                            capture_output=True, text=True, check=True)
    games, empty = scratch / "games.json", scratch / "none.json"
    games.write_text(played.stdout)
    empty.write_text("[]")
    base = instructions(engine, empty)
    total = instructions(engine, games)
    entries = [len(g["log"]) for g in json.loads(played.stdout)]
    return {"engine": str(engine), "games": count, "log_entries": entries,
            "instructions_per_game": round((total - base) / count), "startup_instructions": base}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--engine", action="append", type=Path, help="an engine directory (default: this checkout's)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    results = []
    for engine in args.engine or [ROOT / "engine"]:
        with tempfile.TemporaryDirectory() as scratch:
            results.append(measure(engine.resolve(), args.games, Path(scratch)))
    print(json.dumps({"python": sys.version.split()[0], "results": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
