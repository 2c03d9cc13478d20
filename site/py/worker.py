"""The page's Python side: runs in a PyScript worker, next to the engine.

The bridge (site/js/bridge.js) starts this file in a PyWorker (its config's
``engine_wheel`` names the wheel, so the download starts at once), then calls
``boot(wheel_url)`` once and the adapter calls after it. Every call answers
JSON text of the form ``{"py_ms": 1.234, "answer": <adapter answer>}`` so the
page can measure the time spent in Python. A Python exception never crosses
into the page as a traceback: it is printed to the console and answered as
``{"py_ms": ..., "crash": "ExceptionName"}``.

``resume`` refuses a save from an engine version this one cannot replay with
``{"ok": false, "code": "engine_version", "saved_by": "<version>", ...}`` (the adapter's own answer).
"""

import json
import time
import traceback

import js
import pyodide_js
from pyscript import config, sync



def _now():
    """Wall-clock ms (epoch), comparable with the page's performance.timeOrigin + now()."""
    return js.performance.timeOrigin + js.performance.now()


# When this worker started, and when its Python code began (after Pyodide and PyScript loaded):
# the bridge turns them into performance marks, so bench/page.py can see where a boot goes.
_times = {"spawn": js.performance.timeOrigin, "code": _now()}
if hasattr(js.globalThis, "ladderRummyTimes"):  # site/js/pyodide-worker.js: Pyodide's own stages
    _times.update(js.globalThis.ladderRummyTimes.to_py())
_adapter = None
# The engine wheel: site/js/pyodide-worker.js normally unpacked it already, as Pyodide came up
# (it names the URL); otherwise it is fetched here, on its way while the bridge hears we are ready.
_unpacked = getattr(js.globalThis, "ladderRummyWheel", None)
_wheel = js.fetch(config["engine_wheel"]) if "engine_wheel" in config and _unpacked is None else None


def _wrap(name, call):
    """Run ``call()``, timing it; turn any exception into a ``crash`` answer."""
    started = time.perf_counter()
    try:
        answer = call()
    except Exception as error:  # the page shows a friendly message instead
        print(f"ladder-rummy worker: {name} failed")
        traceback.print_exc()
        elapsed = (time.perf_counter() - started) * 1000
        return json.dumps({"py_ms": elapsed, "crash": type(error).__name__})
    elapsed = (time.perf_counter() - started) * 1000
    return '{"py_ms": %.3f, "answer": %s}' % (elapsed, answer)


async def boot(wheel_url):
    """Unpack the engine wheel (absolute URL) into site-packages and import the adapter.

    ``unpackArchive`` unzips in JavaScript, several times quicker than
    ``pyodide_js.loadPackage`` (no lockfile, no metadata checks), and importing
    from unpacked files beats ``zipimport`` by about a third.
    """
    global _adapter
    started = time.perf_counter()
    try:
        if _unpacked != wheel_url:
            response = await (_wheel if _wheel is not None and config["engine_wheel"] == wheel_url else js.fetch(wheel_url))
            if not response.ok:
                raise OSError(f"{wheel_url} answered {response.status}")
            pyodide_js.unpackArchive(await response.arrayBuffer(), "wheel")
            _times["wheel"] = _now()
        from ladder_rummy import adapter
    except Exception as error:
        print("ladder-rummy worker: the engine could not be loaded")
        traceback.print_exc()
        return json.dumps({"ok": False, "crash": type(error).__name__})
    _adapter = adapter
    _times["imported"] = _now()
    elapsed = (time.perf_counter() - started) * 1000
    return json.dumps({"ok": True, "py_ms": elapsed, "at": _times})


_ADAPTER_CALLS = (
    "new_game", "act", "check", "check_slots", "resume", "current", "hint", "recent_events",
    "watch", "watch_frame", "challenge", "challenge_link", "compare",
)
"""The adapter's calls the page makes as they are: each one timed and crash-safe by ``_wrap``."""


def _export(name):
    """The worker function for the adapter's ``name``: the same arguments, answered by ``_wrap``."""

    def call(*args):
        return _wrap(name, lambda: getattr(_adapter, name)(*args))

    call.__name__ = name
    return call


sync.boot = boot
for _name in _ADAPTER_CALLS:
    setattr(sync, _name, _export(_name))
