"""A learned chance to lay down, with the rivals in it, in place of Normal's formula: issue 15.

    python bench/learned_value.py train --games 1000 --seed lv            # data, fit, log-loss
    python bench/learned_value.py train --reuse --games 711 --data /tmp/learned_value.jsonl   # refit saved rows
    python bench/learned_value.py --games 400 --seed h2 --variants normal,learned --workers 1

Before laying down, Normal values a hand as ``chance - point × (1 - chance) × points`` with
``chance = (k L)^b / ((k L)^b + N^b)``: ``N`` the turns its missing cards need
(``StrongBot.turns_needed``), ``L`` the turns the deal has left (``StrongBot.turns_left``:
``14 - turns``, collapsed to ``1 + 2 × cards`` by a down rival). The rivals enter only
through ``L``. Re-weighing the formula's knobs changed nothing (``bench/normal_knobs.py``),
and drawing the hand forward alone judged worse (``bench/hand_rollouts.py``); docs/BOTS.md
says what is left to try is a value learned from games that models the rivals.

``train`` plays Normal (one seat, rotating) against three ``expert`` on its own seeds and,
at each of Normal's discards before it has laid down, records from **its own view only**
(:class:`Reading`) the hand it keeps (``N``, missing cards, jokers, points) and the deal as
it sees it (``L``, turns, rivals down, the fewest cards a down rival holds, unknown cards,
stock, its contract step, the rivals' discard-pile picks this deal); the label is whether
the seat laid down in that deal, from the game's outcome (training data may know that). It
fits logistic regressions by Newton's method (pure Python: the venv has no numpy) on four
games in five and prints the held-out log-loss of each beside that of Normal's own chance
(``formula``: the formula's terms refitted; ``rivals``: and the deal's features; ``hand``:
and the kept hand's missing cards and jokers; ``full``: and its points, for the figure only).

The ``learned`` players are Normal whose :meth:`value` uses a fitted chance. ``value``
gets only ``(needed, points, left)``, so the deal's features are read from the view at the
start of each draw and each discard and held for that one call (never across calls: the
player stays a function of its view); the ``hand`` model's missing cards and jokers ride on
``needed`` itself (:class:`Needed`). They never read a hidden card. The coefficients are
constants below, printed by ``train``.

Every variant plays as entry 0 against three ``--against`` on the same seeds and is compared
game by game with the first (``bench/search_headroom.py``'s ``main`` does the tournament).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_rummy.actions import Action, Discard  # noqa: E402
from ladder_rummy.bots import Bot, make_bot, registry  # noqa: E402
from ladder_rummy.bots.normal import NormalBot  # noqa: E402
from ladder_rummy.bots.reading import Reading  # noqa: E402
from ladder_rummy.bots.strong import _POINTS, _key, _without  # noqa: E402
from ladder_rummy.evaluate import INDEX, JOKER_INDEX, Shape, shape_of_key  # noqa: E402
from ladder_rummy.match import Match  # noqa: E402

import search_headroom  # noqa: E402

NO_DOWN_RIVAL = 11
"""The fewest cards a down rival holds, when no rival is down (more than any hand)."""


# ---------------------------------------------------------------------- features
@dataclass(frozen=True, slots=True)
class Context:
    """What one decision's view says about the deal, the same for every hand weighed in it."""

    turns: int
    down: int
    fewest: int
    unknown: int
    stock: int
    step: int
    picks: int


def context(r: Reading) -> Context:
    """The deal as this seat sees it (its own view only)."""
    down = [rival.cards for rival in r.rivals if rival.laid_down]
    picks = sum(len(p.get("picked", ())) for p in r.view["players"] if p["seat"] != r.seat)
    return Context(turns=r.turns, down=len(down), fewest=min(down) if down else NO_DOWN_RIVAL,
                   unknown=r.unknown, stock=r.stock, step=r.step, picks=picks)


def _log_needed(needed: float) -> float:
    """``log N``, floored: a hand one lucky draw from laying down needs well under a turn."""
    return math.log(max(needed, 0.25))


def features(needed: float, left: float, c: Context, model: str, missing: int = 0, jokers: int = 0) -> list[float]:
    """The inputs of one of the models (``formula``: ``log L``, ``log N`` and their product,
    the calibrated formula's own terms refitted; ``rivals``: those and the deal's features;
    ``hand``: those and the kept hand's missing cards and jokers, which ``N`` sums up only
    through the live outs)."""
    ln, ll = _log_needed(needed), math.log(left)
    out = [1.0, ll, ln, ll * ln]
    if model == "formula":
        return out
    out += [c.turns / 10, c.down, 1.0 / (1 + c.fewest) if c.down else 0.0, c.unknown / 50, c.stock / 50,
            c.step / 10, c.picks / 10, ln * c.down, ln * c.picks / 10]
    if model == "hand":
        out += [missing / 5, jokers]
    return out


def hand_features(row: dict[str, Any]) -> list[float]:
    """The ``full`` model's extra inputs: the ``hand`` model's and the points held (for the
    log-loss only: a chance that falls with the points would count them twice in ``value``)."""
    return [row["missing"] / 5, row["jokers"], row["points"] / 100]


# ---------------------------------------------------------------------- data
class Recorder(NormalBot):
    """Normal, noting at each discard before laying down the hand it keeps and the deal it sees."""

    def __init__(self) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name="normal"))
        self.rows: list[dict[str, Any]] = []

    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """Normal's discard, recorded (the decision is Normal's, unchanged)."""
        action = super().discard(r, options)
        kept = _without(_key(r.hand), INDEX[action.card])
        shape = shape_of_key(kept, r.step)
        c = context(r)
        self.rows.append({
            "deal": r.view["deal"], "needed": self.turns_needed(shape, r), "left": self.turns_left(r),
            "missing": shape.missing, "jokers": kept.count(JOKER_INDEX), "points": sum(_POINTS[i] for i in kept),
            **{k: getattr(c, k) for k in Context.__slots__}})
        return action


def play_recorded(seed: str, rotation: int) -> list[dict[str, Any]]:
    """One game of Normal (at seat ``rotation % 4``) against three ``expert``; Normal's rows, labelled."""
    seat = rotation % 4
    recorder = Recorder()
    seats: list[Bot] = [make_bot("expert") for _ in range(4)]
    seats[seat] = recorder
    match = Match(seed, seats)
    game = match.game
    while not game.is_over:
        s = game.current_seat
        game.apply(seats[s].choose(game.bot_view(s), game.legal_actions(), match.rngs[s]))
    laid = {d["deal"]: d["hands"][seat]["laid_down"] for d in game.deal_summaries}
    for row in recorder.rows:
        row["label"] = int(laid[row["deal"]])
        row["game"] = rotation
    return recorder.rows


def collect(games: int, seed: str, out: Path) -> list[dict[str, Any]]:
    """Play ``games`` recorded games (``SEED-i``), writing their rows to ``out`` as JSON lines."""
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with out.open("w") as f:
        for i in range(games):
            for row in play_recorded(f"{seed}-{i}", i):
                f.write(json.dumps(row) + "\n")
                rows.append(row)
            if (i + 1) % 50 == 0:
                print(f"{i + 1} games, {len(rows)} rows, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return rows


# ---------------------------------------------------------------------- fitting
def sigmoid(z: float) -> float:
    """The logistic function, safe for large ``|z|``."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def fit(xs: list[list[float]], ys: list[int], ridge: float = 1e-3, steps: int = 12) -> list[float]:
    """Logistic regression by Newton's method (a little ridge, not on the intercept, keeps it
    well posed); pure Python, since the venv has no numpy."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys):
            p = sigmoid(sum(a * b for a, b in zip(w, x)))
            g, h = p - y, p * (1 - p)
            for j in range(d):
                grad[j] += g * x[j]
                hj = h * x[j]
                row = hess[j]
                for k in range(j + 1):
                    row[k] += hj * x[k]
        n = len(xs)
        for j in range(d):
            for k in range(j + 1):
                hess[k][j] = hess[j][k]
            if j:
                grad[j] += ridge * n * w[j]
                hess[j][j] += ridge * n
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def log_loss(ps: Sequence[float], ys: Sequence[int]) -> float:
    """Mean negative log-likelihood of the labels (chances clipped away from 0 and 1)."""
    total = 0.0
    for p, y in zip(ps, ys):
        p = min(max(p, 1e-6), 1 - 1e-6)
        total -= math.log(p) if y else math.log(1 - p)
    return total / len(ys)


def normal_chance(needed: float, left: float, k: float = 1.5, b: float = 1.3) -> float:
    """Normal's calibrated chance (``registry.NORMAL_1_1``: ``k = 1.5, b = 1.3``)."""
    if needed <= 0:
        return 1.0
    a = (k * left) ** b
    return a / (a + needed ** b)


def row_context(row: dict[str, Any]) -> Context:
    """A recorded row's deal features."""
    return Context(**{k: row[k] for k in Context.__slots__})


def model_inputs(row: dict[str, Any], model: str) -> list[float]:
    """A recorded row's inputs for ``model`` (``formula``, ``rivals``, ``hand`` or ``full``)."""
    if model == "full":
        return features(row["needed"], row["left"], row_context(row), "rivals") + hand_features(row)
    return features(row["needed"], row["left"], row_context(row), model, row["missing"], row["jokers"])


def train(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Fit each model on four games in five; the held-out log-loss of each and of Normal's chance."""
    train_rows = [r for r in rows if r["game"] % 5 and r["needed"] > 0]
    test_rows = [r for r in rows if not r["game"] % 5 and r["needed"] > 0]
    ys = [r["label"] for r in test_rows]
    base_rate = sum(r["label"] for r in train_rows) / len(train_rows)
    report: dict[str, Any] = {"rows": len(rows), "train": len(train_rows), "test": len(test_rows),
                              "laid_down_share": round(base_rate, 4), "log_loss": {}, "coefficients": {}}
    report["log_loss"]["constant"] = round(log_loss([base_rate] * len(ys), ys), 4)
    report["log_loss"]["normal_1.5_1.3"] = round(log_loss([normal_chance(r["needed"], r["left"]) for r in test_rows], ys), 4)
    report["log_loss"]["strong_1_1"] = round(log_loss([normal_chance(r["needed"], r["left"], 1.0, 1.0)
                                                       for r in test_rows], ys), 4)
    for model in ("formula", "rivals", "hand", "full"):
        w = fit([model_inputs(r, model) for r in train_rows], [r["label"] for r in train_rows])
        ps = [sigmoid(sum(a * b for a, b in zip(w, model_inputs(r, model)))) for r in test_rows]
        report["log_loss"][model] = round(log_loss(ps, ys), 4)
        report["coefficients"][model] = [round(a, 5) for a in w]
    return report


# ---------------------------------------------------------------------- the players
FORMULA = (0.32185, 1.6362, -1.19879, -0.12774)
"""``formula``'s coefficients, as ``train`` fitted them on 45,033 of Normal's positions
(the first 711 games of seed ``lv``; inputs in :func:`features`' order)."""
RIVALS = (1.62434, 0.90309, -1.31345, -0.07046, 0.13287, -0.545, -0.28761, 0.57335, 0.10779, -1.44586,
          0.16665, 0.18149, -0.37553)
"""``rivals``' coefficients, fitted on the same positions."""
HAND = (1.33037, 0.78439, -1.07186, -0.01781, 0.09305, -0.39539, -0.31603, 0.51314, 0.04901, -1.63491,
        0.17454, 0.13023, -0.38267, -0.81926, 0.61663)
"""``hand``'s coefficients, fitted on the same positions."""


class LearnedValue(NormalBot):
    """Normal whose chance to lay down is a fitted logistic model of its view (module docstring).

    ``draws``: whether the learned chance also weighs the draw (``take_margin``); without it
    only the discards before laying down use it.
    """

    def __init__(self, name: str, model: str, coefficients: Sequence[float], draws: bool = True) -> None:
        super().__init__(replace(registry.NORMAL_1_1, name=name))
        self.model, self.coefficients, self.draws = model, tuple(coefficients), draws
        self._context: Context | None = None
        """The deal's features for the one call under way (``draw`` or ``discard``), else ``None``."""

    def draw(self, r: Reading, legal: list[Action]) -> Action:
        """Normal's draw, with the learned chance when ``draws``."""
        return self._with(r, lambda: super(LearnedValue, self).draw(r, legal)) if self.draws else super().draw(r, legal)

    def discard(self, r: Reading, options: list[Discard]) -> Action:
        """Normal's discard before laying down, with the learned chance."""
        return self._with(r, lambda: super(LearnedValue, self).discard(r, options))

    def _with(self, r: Reading, decide: Callable[[], Action]) -> Action:
        """Run one decision with this view's features at hand, and forget them after."""
        self._context = context(r)
        try:
            return decide()
        finally:
            self._context = None

    def value(self, needed: float, points: int, left: float) -> float:
        """The learned chance, less the expected penalty; Normal's formula outside a learned call."""
        c = self._context
        if c is None:
            return super().value(needed, points, left)
        chance = 1.0 if needed <= 0 else sigmoid(
            sum(a * b for a, b in zip(self.coefficients, features(needed, left, c, self.model))))
        return chance - self.settings.point_value * (1.0 - chance) * points


class Needed(float):
    """Turns needed (a float, as Normal uses it), carrying the hand's missing cards and jokers so
    that ``value(needed, points, left)`` can give them to the ``hand`` model."""

    missing: int
    jokers: int

    def __new__(cls, turns: float, missing: int, jokers: int) -> "Needed":
        self = super().__new__(cls, turns)
        self.missing, self.jokers = missing, jokers
        return self


class LearnedHand(LearnedValue):
    """:class:`LearnedValue` with the ``hand`` model: the kept hand's missing cards and jokers too."""

    def __init__(self, name: str) -> None:
        super().__init__(name, "hand", HAND)

    def turns_needed(self, shape: Shape, r: Reading) -> float:
        """Normal's estimate, carrying what the model also reads of the hand."""
        return Needed(super().turns_needed(shape, r), shape.missing, shape.jokers)

    def after_out(self, closer: float, shape: Shape) -> float:
        """The hand one out nearer: one fewer missing card, as the model reads it."""
        return Needed(closer, shape.missing - 1, shape.jokers)

    def value(self, needed: float, points: int, left: float) -> float:
        """The ``hand`` model's chance (Normal's formula outside a learned call), less the expected penalty."""
        c = self._context
        if c is None or not isinstance(needed, Needed):
            return NormalBot.value(self, needed, points, left)
        chance = 1.0 if needed <= 0 else sigmoid(sum(
            a * b for a, b in zip(self.coefficients, features(needed, left, c, "hand", needed.missing, needed.jokers))))
        return chance - self.settings.point_value * (1.0 - chance) * points


VARIANTS: dict[str, Callable[[], Bot]] = {
    "learned": lambda: LearnedValue("learned", "rivals", RIVALS),
    "learned_discards": lambda: LearnedValue("learned_discards", "rivals", RIVALS, draws=False),
    "learned_formula": lambda: LearnedValue("learned_formula", "formula", FORMULA),
    "learned_hand": lambda: LearnedHand("learned_hand"),
}
"""``learned``: the ``rivals`` model in every value Normal weighs before laying down (draws
and discards); ``learned_discards``: in its discards only; ``learned_formula``: the
``formula`` model (``log L``, ``log N``, their product: the formula's shape refitted, no
rival feature), to tell the rivals' part from a better fit of the formula's own terms;
``learned_hand``: the ``hand`` model (the ``rivals`` model and the kept hand's missing cards
and jokers), in draws and discards."""
registry.BOTS.update(VARIANTS)  # at import, so that spawned tournament workers know them too


def _parsed(line: str) -> dict[str, Any] | None:
    """A saved row, or ``None`` for the cut last line of a run that was stopped."""
    try:
        return json.loads(line)  # type: ignore[no-any-return]
    except json.JSONDecodeError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """``train ...`` collects and fits; anything else is ``bench/search_headroom.py``'s command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "train":
        return search_headroom.main(args)
    parser = argparse.ArgumentParser(description="collect Normal's positions and fit the learned chance")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default="lv")
    parser.add_argument("--data", type=Path, default=Path("/tmp/learned_value.jsonl"))
    parser.add_argument("--reuse", action="store_true",
                        help="fit the rows already in --data, of its first --games games (a stopped run's last line may be cut)")
    opts = parser.parse_args(args[1:])
    if opts.reuse:
        rows = [row for row in map(_parsed, opts.data.open()) if row is not None and row["game"] < opts.games]
    else:
        rows = collect(opts.games, opts.seed, opts.data)
    started = time.perf_counter()
    report = train(rows)
    report["fit_seconds"] = round(time.perf_counter() - started, 1)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
