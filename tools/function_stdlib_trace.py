"""Trace which standard-library modules the leaderboard function imports; write
tools/function-stdlib-trace.json.

    python tools/function_stdlib_trace.py            # trace, write the file, print a summary
    python tools/function_stdlib_trace.py --dry-run  # trace and print, write nothing

build.py ships the function (netlify/functions/) a python_stdlib.zip of its own,
dist/engine/python_stdlib.zip: the page's cut (tools/stdlib-trace.json) and the modules this file
lists. They are found by watching, as the page's are: Node loads the engine the way the function
does (netlify/lib/engine.mjs, tools/pyodide_node.mjs) on npm's whole standard library, verifies a
genuine Daily, a truncated one and a log that does not parse, replays the rules alone on a good
and a bad log, and then asks its Python which modules it holds (``sys.modules``). Then whatever
those modules import when they are imported, and whatever the engine modules the function ran
import anywhere, is added (build.closed_trace, the closure build.py checks), so the list is closed
under module-level imports. The engine modules are kept too ('engine'): build.py checks the zip
against what they import now, so an engine change that needs a module more stops the build.

Run it again when the engine, the function's Python or Pyodide change what they import: the build
stops and says so when a module it can see is missing. Needs a built wheel (python build.py) and
Node 22; takes a minute.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the import graph and its closure)

# The function's engine on npm's whole standard library (no stdlibPath), through every call the
# endpoint makes, good input and bad; prints the modules its Python then holds.
SESSION = r"""
import { getEngine } from "./netlify/lib/engine.mjs";
import { makeGames } from "./netlify/tests/games.mjs";

const [game] = await makeGames([{ date: new Date().toISOString().slice(0, 10) }]);
const engine = await getEngine();
const check = (ok, what) => { if (!ok) throw new Error(`function trace: ${what}`); };
check(engine.canReplay(engine.version), "the engine cannot replay its own version");
check(engine.verify(game.date, game.log, engine.version).ok, "a genuine Daily did not verify");
check(!engine.verify(game.date, game.log.slice(0, -5), engine.version).ok, "a truncated Daily verified");
check(!engine.verify(game.date, ["not an action"], engine.version).ok, "a nonsense log verified");
check(engine.canonical(game.date, game.log).ok, "a genuine Daily did not replay");
check(!engine.canonical(game.date, ["not an action"]).ok, "a nonsense log replayed");
process.stdout.write(engine.pyodide.runPython("import json, sys; json.dumps(sorted(sys.modules))"));
"""


def trace() -> set[str]:
    """The modules the function's Python holds after a session of its calls."""
    done = subprocess.run(["node", "--input-type=module", "-e", SESSION], cwd=ROOT, capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(f"function trace: node failed:\n{done.stderr}")
    return set(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print what would be written")
    args = parser.parse_args()
    project = build.read_project()
    held = trace()
    engine = sorted(held & set(build.engine_modules(project)))
    seen, kept = build.closed_trace(held, engine, project)
    page = set(build.read_trace()["modules"])  # type: ignore[arg-type]
    result = {
        "about": "The standard-library modules the leaderboard function imports: build.py ships it the page's cut "
                 "and 'modules'. Written by python tools/function_stdlib_trace.py (see its docstring); do not edit by hand.",
        "pyodide": build.installed_version("pyodide"),
        "traced": seen,
        "engine": engine,
        "modules": kept,
    }
    text = json.dumps(result, indent=1) + "\n"
    if not args.dry_run:
        build.FUNCTION_TRACE.write_text(text, encoding="utf-8")
    beyond = sorted(set(kept) - page)
    print(f"function stdlib trace: {len(seen)} modules seen, {len(kept)} with what they import, "
          f"{len(beyond)} beyond the page's cut ({', '.join(beyond)})"
          + ("" if args.dry_run else f"; written to {build.FUNCTION_TRACE.relative_to(ROOT)}"))


if __name__ == "__main__":
    main()
