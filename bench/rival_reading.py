"""Normal that knows where every rival's card is: how much reading the rivals better could give.

    python bench/rival_reading.py --games 1000 --seed h2 --variants normal,hands_known --workers 2

Normal values a hand by its live outs: the copies of each card it may still draw, counted
from what it sees (its hand, the table, the discard pile) and the cards a rival was seen to
take from the discard pile. What it cannot see, the rest of the rivals' hands, it counts as
live, though a copy in a rival's hand will never come to it. A player who read the rivals
perfectly (from their picks, their discards, what they lay down) would count only what is in
the stock. ``hands_known`` is that reader's bound: Normal whose live copies and unknown
cards are counted with the rivals' true hands set aside, read from the game being played.

It reads hidden cards, which no player may ever do, so it lives here, in ``bench/``, as the
oracles of ``bench/search_headroom.py`` do (whose tournament and paired figures this uses:
entry 0 against three ``--against``, seats rotating; the difference, game by game, ± 1.96
standard errors). Everything else of Normal, including its model of what a rival collects,
is unchanged, so the figure is what better inference of the rivals' hands is worth to
Normal's judgement of its own hand.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action  # noqa: E402
from ladder_rummy.bots import Bot, View, registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import _TEXT_INDEX, Reading  # noqa: E402
from ladder_rummy.evaluate import COPIES, INDEX  # noqa: E402

import search_headroom  # noqa: E402  (its tournament; it notes the game each view comes from)

_KNOWING: list[bool] = [False]
"""True while a ``hands_known`` player decides (the experts of the same game count as players may)."""
_count_live = Reading._count_live


def _count_live_knowing(self: Reading) -> None:
    """Reading's live count, or, while a knowing player decides, the count with the rivals' true hands seen."""
    if not _KNOWING[0]:
        _count_live(self)
        return
    game = search_headroom._PLAYING[0]
    if game.current_seat != self.seat:
        raise RuntimeError("the reader was asked about a game it is not watching")
    seen = list(self.melded)
    for text in self.view["hand"]:
        seen[_TEXT_INDEX[text]] += 1
    for text in self.view["discard"]:
        seen[_TEXT_INDEX[text]] += 1
    for player in game.players:
        if player.seat != self.seat:
            for card in player.hand:
                seen[INDEX[card]] += 1
    self._live = tuple(max(0, copies - n) for copies, n in zip(COPIES, seen))
    self._unknown = max(1, len(game.stock))


Reading._count_live = _count_live_knowing  # type: ignore[method-assign]


class KnowsHands(NormalBot):
    """Normal whose live copies leave out the cards in the rivals' hands (read from the game)."""

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Normal's decision, its reading counting the rivals' true hands as seen."""
        _KNOWING[0] = True
        try:
            return super().choose(view, legal, rng)
        finally:
            _KNOWING[0] = False


VARIANTS: dict[str, Callable[[], Bot]] = {
    "hands_known": lambda: KnowsHands(replace(registry.NORMAL_1_1, name="hands_known")),
}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of ``bench/search_headroom.py``, with this module's variant known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
