"""Worker side of the runtime probe: install the engine wheel by URL, import it.

A wheel URL bypasses pyodide-lock.json (and its integrity check), so neither
micropip nor any lockfile entry is needed.
"""

from importlib.metadata import version

import pyodide_js
from pyscript import config

await pyodide_js.loadPackage(config["engine_wheel"])  # noqa: F704 (PyWorker async: true)

import ladder_rummy  # noqa: E402,F401 (the import is the check)


def engine_version() -> str:
    """The installed wheel's version, read from its dist-info."""
    return version("ladder_rummy")


__export__ = ["engine_version"]
