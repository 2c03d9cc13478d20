"""Normal's close discards re-weighed by what such moves really gave: issue 15.

    python bench/move_values.py collect --games 600 --seed mv --workers 2   # data (~20 min)
    python bench/move_values.py fit --data /tmp/move_values.jsonl           # weights, held-out check
    python bench/move_values.py --games 1000 --seed h2 --variants normal,moves --workers 2  # ~7 min

docs/BOTS.md left this to try: not a sharper estimate of the chance to lay down (a learned
chance predicted better and played no better) but a value of *the decision itself*, learned
from what the moves gave rather than from the positions.

``collect`` plays Normal (one seat, rotating) against three ``expert``. At each of Normal's
discards before it is down where another discard is close (Normal's best four within
``MARGIN``), every close candidate is played in a copy of the real game and the deal is
played to its end by four Normal players. The copy holds the true hidden cards: one play-out
from the true position is one sample of what the move gives, drawn from exactly the
distribution a fair player faces (the hidden cards as they really fall, not as a sampler
guesses them), and every candidate meets the same cards (common random numbers), so their
difference is far less noisy than either. Training data may know the hidden cards; the
player below never reads them: its inputs are what Normal computes from its own view.

``fit`` regresses the difference of each candidate's outcome from Normal's choice on the
difference of its inputs (least squares, four games in five; the fifth held out): Normal's
value of the hand left and its feeding cost, the card's points and kind, the kept hand's
missing cards, live outs and plans, what the next player may want it for, each also over
the turns left. The ``moves`` player is Normal choosing among the same close candidates the
one whose inputs score best under the fitted weights (constants below, printed by ``fit``).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action, Discard  # noqa: E402
from ladder_rummy.bots import Bot, make_bot, registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import GROUP_STEPS, RUN_STEPS, Reading  # noqa: E402
from ladder_rummy.bots.strong import _POINTS, _key, _without, need_chance  # noqa: E402
from ladder_rummy.evaluate import CARDS, INDEX, JOKER_INDEX, shape_of_key  # noqa: E402
from ladder_rummy.game import Game  # noqa: E402
from ladder_rummy.match import Match  # noqa: E402

import search_headroom  # noqa: E402
from learned_value import solve  # noqa: E402

MARGIN = 0.3
"""Candidates: Normal's best ``CANDIDATES`` discards within this many contracts of its best."""
CANDIDATES = 4
NAMES = ("value", "cost", "card_points", "joker", "core", "missing", "log_outs", "plans", "needed",
         "kept_points", "need_next", "missing_per_left", "outs_per_left", "points_per_left",
         "flex", "cost_next_down", "value_per_left", "points_late")
"""The inputs of a candidate, in the order of the weights."""


def inputs(bot: NormalBot, r: Reading, i: int, value: float, cost: float) -> list[float]:
    """What Normal knows of discarding card ``i`` (by index) before laying down: its own view only."""
    hand = _key(r.hand)
    kept = _without(hand, i)
    shape = shape_of_key(kept, r.step)
    whole = r.scratch.get("whole_shape")
    if whole is None:
        whole = r.scratch["whole_shape"] = shape_of_key(hand, r.step)
    left = bot.turns_left(r)
    outs = sum(r.live[o] for o in shape.outs)
    needed = min(bot.turns_needed(shape, r), 60.0)
    kept_points = sum(_POINTS[k] for k in kept)
    card = CARDS[i]
    down_rivals = sum(1 for rival in r.rivals if rival.laid_down)
    return [value, cost, _POINTS[i] / 10.0, 1.0 if i == JOKER_INDEX else 0.0,
            1.0 if whole.without(i) is None else 0.0, float(shape.missing), math.log1p(outs),
            float(len(shape.plans)), needed / 10.0, kept_points / 100.0,
            need_chance(card, r.next_rival, r), shape.missing / left, math.log1p(outs) / left,
            kept_points / 100.0 / left, flex(kept, r.step) / 10.0,
            cost if r.next_rival.laid_down else 0.0, value / left, kept_points / 100.0 * down_rivals]


def flex(key: tuple[int, ...], step: int) -> int:
    """Cards of the hand with a partner: another of its rank (a contract with groups) or of its
    suit within two ranks (one with runs); jokers count. More partners, more ways to grow."""
    groups = step in GROUP_STEPS
    runs = step in RUN_STEPS
    cards = [CARDS[k] for k in key]
    count = 0
    for a, x in enumerate(cards):
        if x.is_joker:
            count += 1
            continue
        for b, y in enumerate(cards):
            if a == b or y.is_joker:
                continue
            if (groups and x.rank == y.rank) or (runs and x.suit == y.suit and 0 < abs(x.rank - y.rank) <= 2):
                count += 1
                break
    return count


def close_candidates(bot: NormalBot, r: Reading, options: list[Discard]) -> tuple[list[Discard], dict[int, float], dict[int, float]]:
    """Normal's close discards (its own choice first), with its values and feeding costs by card index."""
    values, costs = bot.discard_parts(r, options)
    ranks = {a: (values[i] - costs[i], a.card.points, -i) for a in options if (i := INDEX[a.card]) in values}
    ordered = sorted(ranks, key=ranks.__getitem__, reverse=True)
    best = ranks[ordered[0]][0]
    return [a for a in ordered[:CANDIDATES] if best - ranks[a][0] <= MARGIN], values, costs


# ---------------------------------------------------------------------- data
_PLAYOUT = registry.BOTS["normal"]()
_NO_RNG = random.Random(0)


def play_out(game: Game, action: Action) -> dict[str, int]:
    """``action`` in a copy of ``game``, then the deal to its end by four Normal players: what it gave."""
    game = copy.deepcopy(game)
    me, deals = game.current_seat, len(game.deal_summaries)
    game.apply(action)
    while len(game.deal_summaries) == deals:
        seat = game.current_seat
        game.apply(_PLAYOUT.choose(game.bot_view(seat), game.legal_actions(), _NO_RNG))
    hands = game.deal_summaries[-1]["hands"]
    mine = hands[me]
    return {"down": int(mine["laid_down"]), "points": mine["points"],
            "rivals": sum(1 for h in hands if h["seat"] != me and h["laid_down"])}


class Recorder(NormalBot):
    """Normal (its decisions unchanged), which plays out its close discards before laying down."""

    def __init__(self) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name="normal"))
        self.rows: list[dict[str, Any]] = []
        self.game: Game | None = None
        """The game being played: read only for the play-outs that label the data."""

    def discard(self, r: Reading, options: list[Discard]) -> Action:
        close, values, costs = close_candidates(self, r, options)
        if len(close) > 1 and self.game is not None:
            row = []
            for action in close:
                i = INDEX[action.card]
                row.append({"x": inputs(self, r, i, values[i], costs[i]), **play_out(self.game, action)})
            self.rows.append({"candidates": row})
        return close[0]


def play_recorded(job: tuple[str, int]) -> list[dict[str, Any]]:
    """One game of the recorder (at seat ``rotation % 4``) against three ``expert``; its rows."""
    seed, rotation = job
    seat = rotation % 4
    recorder = Recorder()
    seats: list[Bot] = [make_bot("expert") for _ in range(4)]
    seats[seat] = recorder
    match = Match(seed, seats)
    game = recorder.game = match.game
    while not game.is_over:
        s = game.current_seat
        game.apply(seats[s].choose(game.bot_view(s), game.legal_actions(), match.rngs[s]))
    for row in recorder.rows:
        row["game"] = rotation
    return recorder.rows


def collect(games: int, seed: str, out: Path, workers: int) -> None:
    """Play ``games`` recorded games (``SEED-i``) and write their rows to ``out`` as JSON lines."""
    started = time.perf_counter()
    count = 0
    with out.open("w") as f, multiprocessing.get_context("spawn").Pool(workers) as pool:
        for k, rows in enumerate(pool.imap(play_recorded, [(f"{seed}-{i}", i) for i in range(games)])):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            count += len(rows)
            f.flush()
            if (k + 1) % 20 == 0:
                print(f"{k + 1} games, {count} positions, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------- fitting
def outcome(c: dict[str, Any], point: float, rivals: float) -> float:
    """A play-out's value for the seat: a contract if it laid down, less its points and the rivals' contracts."""
    return c["down"] - point * c["points"] - rivals * c["rivals"] / 3.0


def pairs(rows: list[dict[str, Any]], point: float, rivals: float) -> list[tuple[list[float], float]]:
    """Each candidate against Normal's choice: the difference of inputs and of outcomes."""
    out = []
    for row in rows:
        cands = row["candidates"]
        base = cands[0]
        for c in cands[1:]:
            out.append(([a - b for a, b in zip(c["x"], base["x"])],
                        outcome(c, point, rivals) - outcome(base, point, rivals)))
    return out


def least_squares(data: list[tuple[list[float], float]], ridge: float) -> list[float]:
    """Weights minimising the squared error (no intercept: a difference of a move with itself is 0)."""
    n = len(data[0][0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in data:
        for j in range(n):
            b[j] += x[j] * y
            for k in range(n):
                a[j][k] += x[j] * x[k]
    for j in range(n):
        a[j][j] += ridge * len(data)
    return solve(a, b)


def choice_gain(rows: list[dict[str, Any]], w: Sequence[float], point: float, rivals: float) -> tuple[float, float, int]:
    """On held-out positions: the mean outcome of the weights' choice less Normal's, its 95 % half-width, positions changed."""
    gains = []
    for row in rows:
        cands = row["candidates"]
        pick = max(range(len(cands)), key=lambda k: (sum(a * b for a, b in zip(w, cands[k]["x"])), -k))
        gains.append(outcome(cands[pick], point, rivals) - outcome(cands[0], point, rivals))
    mean = sum(gains) / len(gains)
    sd = (sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) ** 0.5
    return mean, 1.96 * sd / len(gains) ** 0.5, sum(1 for g in gains if g != 0.0)


def fit(data_path: Path, point: float, rivals: float, ridge: float) -> dict[str, Any]:
    """Fit on four games in five and score the choice on the fifth; then refit on all."""
    rows = [json.loads(line) for line in data_path.open()]
    train = [r for r in rows if r["game"] % 5]
    test = [r for r in rows if not r["game"] % 5]
    w = least_squares(pairs(train, point, rivals), ridge)
    best_of_candidates = sum(max(outcome(c, point, rivals) for c in r["candidates"]) - outcome(r["candidates"][0], point, rivals)
                             for r in test) / len(test)
    mean, half, changed = choice_gain(test, w, point, rivals)
    in_mean, in_half, _ = choice_gain(train, w, point, rivals)
    return {"positions": len(rows), "train": len(train), "test": len(test),
            "held_out_gain": [round(mean, 4), round(half, 4)], "changed": changed,
            "train_gain": [round(in_mean, 4), round(in_half, 4)],
            "oracle_best_of_candidates": round(best_of_candidates, 4),
            "weights": dict(zip(NAMES, [round(v, 5) for v in w])),
            "weights_all": [round(v, 6) for v in least_squares(pairs(rows, point, rivals), ridge)]}


# ---------------------------------------------------------------------- the player
WEIGHTS: tuple[float, ...] = (
    0.44814, -0.44814, 0.020103, -0.042617, -0.016178, -0.12165,
    0.051798, 0.008097, -0.027983, -0.00201, -0.045421, 0.012861,
    0.029562, -0.010265, 0.070657, -0.090509, 0.093048, -0.07808)
"""``fit --point 0.012``'s ``weights_all`` on the 1,400 ``mv`` games, with the feeding cost set
to minus the value's weight as in Normal (``moves_012c`` in docs/BOTS.md): the ``moves`` player."""


def weights_from(variable: str = "MOVE_WEIGHTS") -> dict[str, tuple[float, ...]]:
    """Named weight sets from the JSON file the environment variable names (``{"moves_a": [...]}``),
    so that a fit can be played before its weights are written here; read at import, as spawned
    tournament workers import this module too."""
    path = os.environ.get(variable)
    if not path:
        return {}
    return {name: tuple(w) for name, w in json.loads(Path(path).read_text()).items()}


class MovesNormal(NormalBot):
    """Normal choosing among its close discards before laying down by the fitted weights."""

    def __init__(self, name: str, weights: Sequence[float]) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name))
        self.weights = tuple(weights)

    def discard(self, r: Reading, options: list[Discard]) -> Action:
        close, values, costs = close_candidates(self, r, options)
        if len(close) < 2 or not self.weights:
            return close[0]

        def score(k: int) -> tuple[float, int]:
            i = INDEX[close[k].card]
            return (sum(a * b for a, b in zip(self.weights, inputs(self, r, i, values[i], costs[i]))), -k)

        return close[max(range(len(close)), key=score)]


VARIANTS = {"moves": lambda: MovesNormal("moves", WEIGHTS),
            **{name: (lambda name=name, w=w: MovesNormal(name, w)) for name, w in weights_from().items()}}
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def main(argv: Sequence[str] | None = None) -> int:
    """``collect``, ``fit``, or ``bench/search_headroom.py``'s command line with ``moves`` known."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("collect", "fit"):
        parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
        parser.add_argument("command")
        parser.add_argument("--games", type=int, default=600)
        parser.add_argument("--seed", default="mv")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--data", type=Path, default=Path("/tmp/move_values.jsonl"))
        parser.add_argument("--point", type=float, default=0.012, help="a penalty point, in contracts")
        parser.add_argument("--rivals", type=float, default=0.5, help="the rivals' contracts, a third each")
        parser.add_argument("--ridge", type=float, default=1e-3)
        opts = parser.parse_args(args)
        if opts.command == "collect":
            collect(opts.games, opts.seed, opts.data, opts.workers)
        else:
            print(json.dumps(fit(opts.data, opts.point, opts.rivals, opts.ridge), indent=2))
        return 0
    return search_headroom.main(args)


if __name__ == "__main__":
    sys.exit(main())
