"""How long a challenge link's payload is (issue 16): short (the result) and long (with the moves).

Plays whole games in CPython (the person's seat by the basic player, Normal computer players),
takes what a link carries (ladder_rummy.challenge.challenge_of) and packs it as site/js/challenge.js
does: compact JSON, raw deflate, base64url. Prints the median and largest lengths in characters.

    python bench/challenge_links.py [games]
"""

from __future__ import annotations

import base64
import json
import statistics
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from ladder_rummy import __version__  # noqa: E402
from ladder_rummy.bots.basic import BasicBot  # noqa: E402
from ladder_rummy.challenge import challenge_of  # noqa: E402
from ladder_rummy.match import Match, person_and_bots  # noqa: E402


def packed(result: dict, moves: list[str] | None) -> str:
    """The payload as challenge.js encodes it (deflate level 6 is what CompressionStream uses)."""
    data = {"v": 1, "n": "Aylin", "e": __version__, "c": result["completed"], "p": result["penalty"], "r": result["place"],
            "d": "".join("1" if up else "0" for up in result["climbed"])}
    if moves is not None:
        data["m"] = "\n".join(moves)
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def main(games: int = 8) -> None:
    short, long, moves = [], [], []
    for n in range(games):
        seed = f"link-size-{n}"
        match = Match(seed, [BasicBot()] + person_and_bots("normal")[1:])
        while not match.game.is_over:
            match.game.apply(match.bot_action())
        carried = challenge_of(seed, [str(a) for a in match.game.log])
        moves.append(len(carried["moves"]))
        short.append(len(packed(carried["result"], None)))
        long.append(len(packed(carried["result"], carried["moves"])))
    print(f"{games} games: person's moves median {statistics.median(moves):.0f}; payload characters:"
          f" short median {statistics.median(short):.0f}, long median {statistics.median(long):.0f} (largest {max(long)})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
