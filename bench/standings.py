"""Normal that reads the scoreboard: the weight of a penalty point from the standings (issue 15).

    python bench/standings.py --games 1000 --seed h2 --variants normal,standings --workers 2

Normal weighs a penalty point at a fixed 0.004 contracts whatever the standings say, yet a
game is won on contracts first and on points only between players level on contracts (Hard
and Normal lose two of every three games they tie on contracts against ``expert``). Every
player's contracts and penalty are public (the view's ``players``), so a player can know how
much a point is worth *now*: little when it is far behind (only climbing can win) or far ahead
on contracts, much when it is level with the leader late in the game.

``standings``: Normal whose weight of a point (``Settings.point_value``, and the weights of a
point once down) is scaled at each decision by how much a point moves its chance to win the
game, relative to how much a contract does, against the same ratio at the game's start (so
Normal's tuning holds where the standings are level). The chance to win comes from a simple
model of the deals left: each player lays down in a deal with chance 0.55 (then +1 contract
and ~N(4.7, 6.2²) points) or not (~N(61.8, 14.3²) points), the figures of Normal-against-
``expert`` games; a rival already down this deal has its contract. Only public figures are
read; no hidden card.
"""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action  # noqa: E402
from ladder_rummy.bots import registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402

import search_headroom  # noqa: E402

LAY = 0.55
DOWN_MEAN, DOWN_VAR = 4.7, 6.2 ** 2
UP_MEAN, UP_VAR = 61.8, 14.3 ** 2


@lru_cache(maxsize=None)
def outcomes(deals: int, q: float = LAY) -> tuple[tuple[float, int, float, float], ...]:
    """(chance, contracts, penalty mean, penalty variance) over ``deals`` deals still to play."""
    out = []
    for k in range(deals + 1):
        chance = math.comb(deals, k) * q ** k * (1 - q) ** (deals - k)
        out.append((chance, k, k * DOWN_MEAN + (deals - k) * UP_MEAN, k * DOWN_VAR + (deals - k) * UP_VAR))
    return tuple(out)


def below(mean: float, var: float) -> float:
    """P(X < 0) for X ~ N(mean, var)."""
    if var <= 0:
        return 1.0 if mean < 0 else 0.0
    return 0.5 * (1 + math.erf(-mean / math.sqrt(2 * var)))


@lru_cache(maxsize=200_000)
def beats(me_c: int, me_p: float, me_var: float, rival: tuple[int, int, bool], deals: int) -> float:
    """The chance that this seat, ending on ``me_c`` contracts and ``me_p`` points (± ``me_var``),
    places ahead of ``rival`` = (contracts, penalty, down this deal) after its deals."""
    c, p, down = rival
    total = 0.0
    rest = outcomes(deals)
    now = outcomes(0) if down else outcomes(1)
    for chance_now, k_now, mean_now, var_now in now:
        if down:
            k_now, mean_now, var_now = 1, DOWN_MEAN, DOWN_VAR
        for chance, k, mean, var in rest:
            w = chance_now * chance
            rc = c + k_now + k
            if rc < me_c:
                total += w
            elif rc == me_c:
                total += w * below(me_p - (p + mean_now + mean), me_var + var_now + var)
    return total


def win_chance(me_c: int, me_p: float, rivals: tuple[tuple[int, int, bool], ...], deals: int) -> float:
    """The chance to place first ending this deal on ``me_c`` contracts and ``me_p`` points."""
    total = 0.0
    for chance, k, mean, var in outcomes(deals):
        w = chance
        for rival in rivals:
            w *= beats(me_c + k, me_p + mean, var, rival, deals)
        total += w
    return total


@lru_cache(maxsize=50_000)
def point_ratio(me_c: int, me_p: int, rivals: tuple[tuple[int, int, bool], ...], deals: int) -> float | None:
    """What a point costs in the chance to win, per what a contract this deal gives (None: neither moves it)."""
    caught = me_p + UP_MEAN
    contract = win_chance(me_c + 1, caught, rivals, deals) - win_chance(me_c, caught, rivals, deals)
    point = (win_chance(me_c, caught - 10, rivals, deals) - win_chance(me_c, caught + 10, rivals, deals)) / 20
    if contract < 1e-4:
        return None
    return max(0.0, point) / contract


NEUTRAL = point_ratio(0, 0, ((0, 0, False),) * 3, 9)


class StandingsNormal(NormalBot):
    """Normal whose weight of a point follows the standings (see the module docstring)."""

    def __init__(self, name: str, low: float = 0.25, high: float = 6.0) -> None:
        self.base = replace(registry.NORMAL_1_1, name=name)
        super().__init__(self.base)
        self.bounds = (low, high)
        self.scale = 1.0

    def choose(self, view: Any, legal: list[Action], rng: Any) -> Action:
        """Normal's decision with the point weighed as the standings say."""
        self.scale = self.point_scale(view)
        self.settings = replace(self.base, point_value=self.base.point_value * self.scale)
        return super().choose(view, legal, rng)

    def point_scale(self, view: Any) -> float:
        """How many times Normal's weight of a point the standings give one now."""
        me = view["seat"]
        players = view["players"]
        rivals = tuple(sorted((p["completed"], p["penalty"], bool(p["laid_down"])) for p in players if p["seat"] != me))
        mine = players[me]
        ratio = point_ratio(mine["completed"], mine["penalty"], rivals, view["deals_max"] - view["deal"])
        if ratio is None or NEUTRAL is None:
            return 1.0
        low, high = self.bounds
        return min(high, max(low, ratio / NEUTRAL))

    def down_point_weight(self, racing: bool) -> float:
        """Normal's weight of a point once down, scaled the same way."""
        return super().down_point_weight(racing) * self.scale


VARIANTS = {
    "standings": lambda: StandingsNormal("standings"),
    "standings_narrow": lambda: StandingsNormal("standings_narrow", 0.5, 3.0),
    "standings_wide": lambda: StandingsNormal("standings_wide", 0.1, 10.0),
}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of ``bench/search_headroom.py``, with this module's variants known."""
    return search_headroom.main(argv)


if __name__ == "__main__":
    sys.exit(main())
