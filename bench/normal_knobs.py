"""Normal's knobs one at a time, each paired with Normal on the same seeds: a screen for issue 15.

    python bench/normal_knobs.py --games 400 --seed h2 --variants normal,points_6,turns_12 --workers 2

Normal (engine 1.2.0) is a formula with a dozen constants (``bots/strong.py: Settings``).
Earlier sessions measured a few of them (``left_scale``, ``sharpness``, ``end_near``,
``core_tries``); this bench screens the rest, each variant changing one knob. A variant
that stands out over 400 seeds is then re-measured on fresh seeds before anyone trusts it:
twenty variants screened at a 95% interval give one false alarm on average.

The tournament and the paired figures are ``bench/search_headroom.py``'s (entry 0 against
three ``--against``, seats rotating; the difference, game by game, ± 1.96 standard errors).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.bots import Bot, registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402

import search_headroom  # noqa: E402


class DownPoints(NormalBot):
    """Normal whose discards once down weigh a point ``racing`` / ``calm`` (Normal: 0.01 / 0.03)."""

    def __init__(self, name: str, racing: float, calm: float) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name))
        self.weights = (racing, calm)

    def down_point_weight(self, racing: bool) -> float:
        """This variant's weight of a point once down."""
        return self.weights[0] if racing else self.weights[1]


def knob(name: str, **changes: float) -> Callable[[], Bot]:
    """Normal with some of its settings changed."""
    return lambda: NormalBot(replace(registry.NORMAL_1_1, name=name, **changes))


VARIANTS: dict[str, Callable[[], Bot]] = {
    "points_3": knob("points_3", point_value=0.003),
    "points_6": knob("points_6", point_value=0.006),
    "turns_12": knob("turns_12", deal_turns=12.0),
    "turns_16": knob("turns_16", deal_turns=16.0),
    "rate_11": knob("rate_11", draw_rate=1.1),
    "rate_15": knob("rate_15", draw_rate=1.5),
    "need_0": knob("need_0", feed_need=0.0),
    "need_8": knob("need_8", feed_need=0.08),
    "reveal_0": knob("reveal_0", reveal=0.0),
    "reveal_3": knob("reveal_3", reveal=0.03),
    "joker_6": knob("joker_6", joker_feed=0.06),
    "joker_24": knob("joker_24", joker_feed=0.24),
    "down_points_low": lambda: DownPoints("down_points_low", 0.005, 0.015),
    "down_points_high": lambda: DownPoints("down_points_high", 0.02, 0.06),
}
"""Each changes one knob of Normal (the name says which and to what; ``points_6`` is
``point_value = 0.006``, ``rate_11`` is ``draw_rate = 1.1``)."""
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of ``bench/search_headroom.py``, with this module's variants known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
