"""Start ``python build.py serve`` for a test, the way a developer runs it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Served:
    """A running ``build.py serve`` and the URL it printed."""

    process: subprocess.Popen[str]
    url: str  # "http://localhost:PORT/"

    @property
    def port(self) -> int:
        return int(self.url.rstrip("/").rsplit(":", 1)[1])

    def stop(self) -> int:
        """Terminate (SIGTERM, handled like Ctrl-C) and return the exit code."""
        self.process.terminate()
        return self.process.wait(timeout=15)


def serve(dist: Path, env: dict[str, str] | None = None) -> Served:
    """Serve dist on a port the system picks; return once it listens.

    ``serve`` prints its URL only after binding the port and starting the
    leaderboard dev server (if any), so that line is the ready signal. The
    dev server shares the output; it is drained afterwards so a chatty one
    never blocks on a full pipe.
    """
    command = [sys.executable, "build.py", "--out", str(dist), "serve", "--no-build", "--port", "0"]
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **(env or {})}, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line)
        match = re.match(r"serve: (http://localhost:\d+/)", line)
        if match:
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return Served(process, match.group(1))
    raise RuntimeError(f"build.py serve did not start (exit {process.wait()}): {''.join(seen)}")
