"""How much Hard's search could gain if its worlds were the true one: a diagnostic, never a player.

    python bench/search_headroom.py --games 400 --seed h2                      # normal vs oracle
    python bench/search_headroom.py --games 400 --variants normal,hard,oracle_all --workers 2

Hard (``bots/hard.py``) plays Normal's close calls out in worlds it samples from its view.
It can fall short of Normal for two reasons: the sampled worlds are wrong (the hidden cards
are elsewhere), or the play-out that scores a world plays worse than Normal does. This
script separates them. Its *oracle* players are Hard with every sampled world replaced by the
truth: the rivals' hands and the stock, in the order it will be drawn, read from the game
being played. With perfect information, whatever the oracle still loses to Normal is the
play-out's; what it gains is the most better sampling could give.

The oracle reads hidden cards, which no player of the game may ever do (``tests/test_bots.py``
checks that the real ones decide the same in every re-dealt world). So it lives here, in
``bench/``, registered for this process only; the engine never ships it.

Every variant plays as entry 0 of ``normal|hard|oracle..., AGAINST, AGAINST, AGAINST`` on the
same seeds (``SEED-i``, seats rotating), and each is compared game by game with the first
variant: a shared first place counts 1/k; the differences are mean ± 1.96 standard errors.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

import random  # noqa: E402

from ladder_rummy import tournament  # noqa: E402
from ladder_rummy.actions import Action  # noqa: E402
from ladder_rummy.bots import registry  # noqa: E402
from ladder_rummy.bots.deal import Deal, _queues  # noqa: E402
from ladder_rummy.bots.hard import HardBot, Search  # noqa: E402
from ladder_rummy.bots.reading import Reading  # noqa: E402
from ladder_rummy.evaluate import CARDS, INDEX, shape_of_key  # noqa: E402
from ladder_rummy.game import Game  # noqa: E402

_PLAYING: list[Game] = []
"""The game whose view a computer player was last given (this process plays one at a time)."""
_bot_view = Game.bot_view


def _remembering_bot_view(self: Game, seat: int) -> dict[str, Any]:
    """``Game.bot_view``, noting which game asked, so that the oracle can read its hidden cards."""
    _PLAYING[:] = [self]
    return _bot_view(self, seat)


Game.bot_view = _remembering_bot_view  # type: ignore[method-assign]


class OracleHard(HardBot):
    """Hard whose every world is the true one; ``early`` searches from the deal's first turn."""

    def __init__(self, search: Search, name: str, early: bool = False) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name), search)
        self.early = early

    def searching(self, r: Reading) -> bool:
        """Hard's own rule, or always (``early``)."""
        return self.early or super().searching(r)

    def world(self, r: Reading, rng: random.Random) -> Deal:
        """Hard's sampled world (so the generator is used as Hard uses it), its hidden cards put right."""
        deal = super().world(r, rng)
        game = _PLAYING[0]
        if game.current_seat != r.seat or sorted(INDEX[c] for c in game.players[r.seat].hand) != sorted(deal.hands[r.seat]):
            raise RuntimeError("the oracle was asked about a game it is not watching")
        for player in game.players:
            if player.seat == r.seat:
                continue
            hand = [INDEX[c] for c in player.hand]
            deal.hands[player.seat] = hand
            deal.shapes[player.seat] = None if player.laid_down else shape_of_key(tuple(sorted(hand)), player.step)
        deal.queues = _queues([INDEX[c] for c in game.stock], r.seat)
        deal.stock = len(game.stock)
        return deal


class OracleNormalPlayout(OracleHard):
    """The oracle whose play-out is the real game played on by four Normal players, not the quick policy.

    Normal decides alone what it decides (no generator), so the true world plays out the
    same every time: two identical worlds per decision stand for all of them.
    """

    def outcome(self, world: Deal, action: Action) -> tuple[float, int]:
        """Play ``action`` in a copy of the game being played, then the deal to its end, every seat Normal."""
        game = self.game_of(world)
        me, deals = game.current_seat, len(game.deal_summaries)
        game.apply(action)
        turns = 0
        while len(game.deal_summaries) == deals:
            seat = game.current_seat
            game.apply(_PLAYOUT.choose(_bot_view(game, seat), game.legal_actions(), _NO_RNG))
            turns += 1
        hands = game.deal_summaries[-1]["hands"]
        rivals = sum(1 for h in hands if h["seat"] != me and h["laid_down"])
        mine = hands[me]
        return self.score(mine["laid_down"], mine["points"], rivals), turns // 2

    def game_of(self, world: Deal) -> Game:
        """The game to play on: a copy of the true one (its hidden cards are ``world``'s already)."""
        return copy.deepcopy(_PLAYING[0])


class SampledNormalPlayout(OracleNormalPlayout):
    """Not an oracle: Hard's own sampled worlds, played out by Normal in a real game.

    The copy of the game has every hidden card (the rivals' hands, the stock) dealt again
    as the sampled world has them, so it decides from the view alone, as a player may; it
    is here because it is ~100 times dearer than the quick play-out, too dear for a player.
    """

    def world(self, r: Reading, rng: random.Random) -> Deal:
        """Hard's sampled world, as it is."""
        return HardBot.world(self, r, rng)

    def game_of(self, world: Deal) -> Game:
        """A copy of the game with the rivals' hands and the stock those of ``world``."""
        game = copy.deepcopy(_PLAYING[0])
        for player in game.players:
            if player.seat != world.seat:
                player.hand = [CARDS[i] for i in world.hands[player.seat]]
        stock = stock_of(world.queues, world.seat, world.stock)
        if _queues(stock, world.seat) != world.queues:
            raise RuntimeError("the sampled stock was not put back in its order")
        game.stock = [CARDS[i] for i in stock]
        return game


class HandsOracle(SampledNormalPlayout):
    """Half an oracle: the rivals' true hands, but the stock's true cards in an order drawn
    from Hard's own generator, played out by Normal. It tells what reading the rivals' hands
    could be worth, apart from knowing which card comes next."""

    def world(self, r: Reading, rng: random.Random) -> Deal:
        """The true hands (:meth:`OracleHard.world`), the stock shuffled."""
        deal = OracleHard.world(self, r, rng)
        stock = [INDEX[c] for c in _PLAYING[0].stock]
        rng.shuffle(stock)
        deal.queues = _queues(stock, r.seat)
        return deal


def stock_of(queues: list[list[int]], seat: int, count: int) -> list[int]:
    """The stock (next card last) that ``deal._queues(stock, seat)`` dealt into ``queues``."""
    taken = [0] * len(queues)
    drawn = []
    for k in range(count):
        queue = queues[(seat + k) % len(queues)]
        taken[(seat + k) % len(queues)] += 1
        drawn.append(queue[-taken[(seat + k) % len(queues)]])
    return drawn[::-1]


_PLAYOUT = registry.BOTS["normal"]()
_NO_RNG = random.Random(0)
"""Normal never draws from it; a play-out must not touch the seats' own generators."""

WIDE = replace(registry.HARD_1_2, margin=1.0, down_margin=1.0, draw_margin=1.0, candidates=4, turns=4000,
               draws=True, before_down=True)
"""Every call within a whole contract of Normal's best searched, draws and before laying down too."""
TWO_WORLDS = replace(registry.HARD_1_2, worlds=2, min_worlds=2)
VARIANTS = {
    "oracle": lambda: OracleHard(registry.HARD_1_2, "oracle"),
    "oracle_wide": lambda: OracleHard(WIDE, "oracle_wide"),
    "oracle_all": lambda: OracleHard(WIDE, "oracle_all", early=True),
    "oracle_normal": lambda: OracleNormalPlayout(TWO_WORLDS, "oracle_normal"),
    "oracle_normal_all": lambda: OracleNormalPlayout(replace(WIDE, worlds=2, min_worlds=2), "oracle_normal_all",
                                                     early=True),
    "sampled_normal": lambda: SampledNormalPlayout(replace(registry.HARD_1_2, worlds=8, min_worlds=4, turns=400),
                                                   "sampled_normal"),
    "sampled_normal_all": lambda: SampledNormalPlayout(replace(WIDE, worlds=8, min_worlds=4, turns=400),
                                                       "sampled_normal_all", early=True),
    "hands_oracle_all": lambda: HandsOracle(replace(WIDE, worlds=4, min_worlds=4, turns=400), "hands_oracle_all",
                                            early=True),
}
"""``oracle``: Hard of this engine with true worlds; ``oracle_wide``: searching every close
call once somebody is down; ``oracle_all``: the same from the deal's first turn;
``oracle_normal`` and ``oracle_normal_all``: ``oracle`` and ``oracle_all`` playing the true
world out with Normal instead of the quick policy; ``sampled_normal``: no oracle, Hard's
own sampled worlds played out by Normal (8 worlds at most, 400 quick turns); and
``sampled_normal_all``, the same searching as ``oracle_all`` does."""
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def share(places: Sequence[int]) -> float:
    """Entry 0's win: 1, or 1/k of a first place shared by k."""
    return 1.0 / places.count(1) if places[0] == 1 else 0.0


def figures(results: Sequence[tournament.GameResult]) -> dict[str, list[float]]:
    """Entry 0's figures, game by game."""
    return {
        "win": [share(r.places) for r in results],
        "contracts": [float(r.completed[0]) for r in results],
        "penalty": [float(r.penalty[0]) for r in results],
        "fed": [float(r.records[0].fed) for r in results],
        "game": [hash((tuple(r.places), tuple(r.completed), tuple(r.penalty))) for r in results],
    }


def paired(a: Sequence[float], b: Sequence[float]) -> dict[str, float]:
    """Mean of b − a, game by game, and its 95 % half-width."""
    d = [y - x for x, y in zip(a, b)]
    half = 1.959964 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
    return {"mean": round(statistics.fmean(d), 4), "half_width": round(half, 4)}


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="h2")
    parser.add_argument("--variants", default="normal,oracle",
                        help="comma-separated; the first is the baseline (any bot name, or " + ", ".join(VARIANTS) + ")")
    parser.add_argument("--against", default="expert", help="the three other seats")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    names = [v.strip() for v in args.variants.split(",") if v.strip()]
    if len(names) < 2:
        parser.error("--variants needs a baseline and at least one more")
    out: dict[str, Any] = {"games": args.games, "seed": args.seed, "against": args.against, "variants": {}}
    base: dict[str, list[float]] = {}
    base_games: list[float] = []
    for k, name in enumerate(names):
        started = time.perf_counter()
        results = tournament.run(args.games, [name] + [args.against] * 3, args.seed, args.workers)
        mine = figures(results)
        games = mine.pop("game")
        row: dict[str, Any] = {key: round(statistics.fmean(v), 4) for key, v in mine.items()}
        row["seconds"] = round(time.perf_counter() - started, 1)
        if k == 0:
            base, base_games = mine, games
        else:
            row["minus_baseline"] = {key: paired(base[key], mine[key]) for key in mine}
            row["games_that_differ"] = sum(1 for a, b in zip(base_games, games) if a != b)
        out["variants"][name] = row
        print(f"{name}: {json.dumps(row)}", file=sys.stderr, flush=True)
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
