"""Bot-only games in bulk: win rates, contracts, penalties and decision times.

    python -m ladder_rummy.tournament --games 2000 --seats strong,basic,basic,basic --seed S

Game ``i`` is played from the seed ``S-i``. The players of ``--seats`` are entries;
entry ``k`` sits at seat ``(k + i) % 4``, so every entry sits at every seat equally
often. Each bot decides with its own generator derived from the game seed and its
seat, exactly as in a :class:`~ladder_rummy.match.Match`, so any game can be replayed.

A **win** is first place in the standings (most contracts, then fewest penalty
points); players tied for first share the place and each counts a win, so the win
rates of a tournament may add up to a little more than 1 (``outright`` counts only
unshared first places). The 95% interval of a win rate is Wilson's.

Prints JSON: per entry the win rate and its interval, mean contracts completed,
mean penalty, and how it plays the deals (see :class:`Record`); per bot, decisions
per second and p50/p99 time of ``choose``; per game, mean deals, how often a deal
ended at the stock's third exhaustion, and the median time of a whole game.

**Feeding** is a discard that fits a meld on the table, taken by the next player
when they are down (so they lay it off at once): it hands a rival a step towards
going out. The figure is per seat and game, as the issue that asked for it counts it.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .actions import Discard, Draw
from .bots import make_bot
from .game import PLAYERS
from .match import Match

MAX_ACTIONS = 200_000
BUCKET_US = 10
"""Decision times are kept as a histogram of 10-microsecond buckets."""


@dataclass
class Record:
    """How one entry played one game, counted by the referee (who sees everything).

    ``offers`` are discards that fit a table meld while the next player is down;
    ``fed`` those the next player took; ``fed_out`` those after which the taker went
    out in that very turn.
    """

    laid_down: int = 0
    went_out: int = 0
    offers: int = 0
    fed: int = 0
    fed_out: int = 0


@dataclass
class GameResult:
    """One game, by entry (the index in ``--seats``)."""

    places: list[int]
    completed: list[int]
    penalty: list[int]
    deals: int
    stock_ends: int
    actions: int
    seconds: float
    times: list[Counter[int]] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    """The game's log, when asked for (``play(..., keep_log=True)``)."""


def seat_of(entry: int, game_index: int) -> int:
    """Where entry ``entry`` of ``--seats`` sits in game ``game_index``: every seat in turn.

    >>> [seat_of(0, i) for i in range(5)]
    [0, 1, 2, 3, 0]
    """
    return (entry + game_index) % PLAYERS


def play(seed: str, entries: Sequence[str], rotation: int, keep_log: bool = False) -> GameResult:
    """Play one bot-only game; entry ``k`` sits at seat ``seat_of(k, rotation)``."""
    seat_of_entry = [seat_of(k, rotation) for k in range(len(entries))]
    seats: list[Any] = [None] * PLAYERS
    for k, name in enumerate(entries):
        seats[seat_of_entry[k]] = make_bot(name)
    entry_at = {seat: k for k, seat in enumerate(seat_of_entry)}
    match = Match(seed, seats)
    game = match.game
    times: list[Counter[int]] = [Counter() for _ in entries]
    records = [Record() for _ in entries]
    watch = _FeedWatch()
    start = time.perf_counter()
    while not game.is_over:
        seat = game.current_seat
        view, legal = game.bot_view(seat), game.legal_actions()
        t0 = time.perf_counter()
        action = seats[seat].choose(view, legal, match.rngs[seat])
        times[entry_at[seat]][int((time.perf_counter() - t0) * 1e6) // BUCKET_US] += 1
        watch.before(game, action)
        deals = len(game.deal_summaries)
        game.apply(action)
        watch.after(game, records, entry_at, deals)
        if len(game.log) > MAX_ACTIONS:
            raise RuntimeError(f"game {seed!r} did not end after {MAX_ACTIONS} actions")
    seconds = time.perf_counter() - start
    for summary in game.deal_summaries:
        for hand in summary["hands"]:
            records[entry_at[hand["seat"]]].laid_down += hand["laid_down"]
        if summary["went_out"] is not None:
            records[entry_at[summary["went_out"]]].went_out += 1
    standing = {s["seat"]: s for s in game.standings()}
    return GameResult(
        places=[standing[seat_of_entry[k]]["place"] for k in range(len(entries))],
        completed=[standing[seat_of_entry[k]]["completed"] for k in range(len(entries))],
        penalty=[standing[seat_of_entry[k]]["penalty"] for k in range(len(entries))],
        deals=len(game.deal_summaries),
        stock_ends=sum(1 for d in game.deal_summaries if d["reason"] == "stock"),
        actions=len(game.log), seconds=seconds, times=times, records=records,
        log=list(game.log) if keep_log else [],
    )


class _FeedWatch:
    """Follows discards that fit the table while the next player is down (see :class:`Record`)."""

    def __init__(self) -> None:
        self.offer: tuple[int, int] | None = None  # (the feeder, who may take it) until the next action
        self.taken: tuple[int, int] | None = None  # (the feeder, the taker) for the rest of the taker's turn
        self.seat = 0
        self.fits = self.takes = False

    def before(self, game: Any, action: Any) -> None:
        """Note, in the position before it, what the action about to be played is."""
        self.seat = game.current_seat
        self.fits = isinstance(action, Discard) and any(tm.meld.ends_accepting(action.card) for tm in game.table)
        self.takes = isinstance(action, Draw) and action.source == "discard"

    def after(self, game: Any, records: list[Record], entry_at: dict[int, int], deals: int) -> None:
        """Count the action just played: an offer taken, a taker going out, an offer made."""
        ended = len(game.deal_summaries) > deals
        if self.offer is not None and self.takes and self.offer[1] == self.seat:
            records[entry_at[self.offer[0]]].fed += 1
            self.taken = self.offer
        self.offer = None
        if self.taken is not None and (ended or game.current_seat != self.taken[1]):
            if ended and game.deal_summaries[-1]["went_out"] == self.taken[1]:
                records[entry_at[self.taken[0]]].fed_out += 1
            self.taken = None
        taker = (self.seat + 1) % PLAYERS
        if self.fits and not ended and game.players[taker].laid_down:
            records[entry_at[self.seat]].offers += 1
            self.offer = (self.seat, taker)


def _play_numbered(job: tuple[str, Sequence[str], int]) -> GameResult:
    seed, entries, i = job
    return play(f"{seed}-{i}", entries, i)


def run(games: int, entries: Sequence[str], seed: str, workers: int = 2,
        each: Callable[[int, GameResult], None] | None = None) -> list[GameResult]:
    """Play ``games`` games (in ``workers`` processes) and return them in game order;
    ``each(i, result)`` is called as game ``i`` comes in (in game order)."""
    for name in set(entries):
        make_bot(name)  # an unknown name fails here, before any process starts
    jobs = [(seed, list(entries), i) for i in range(games)]
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            results.append(_play_numbered(job))
            if each:
                each(len(results) - 1, results[-1])
        return results
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for result in pool.imap(_play_numbered, jobs, chunksize=max(1, min(25, games // (workers * 8) or 1))):
            results.append(result)
            if each:
                each(len(results) - 1, result)
    return results


def game_line(i: int, result: GameResult) -> str:
    """One game's result as a JSON line (``--games-out``): by entry, as ``--seats`` lists them."""
    return json.dumps({"i": i, "places": result.places, "completed": result.completed, "penalty": result.penalty,
                       "laid_down": [r.laid_down for r in result.records], "went_out": [r.went_out for r in result.records],
                       "fed": [r.fed for r in result.records], "seconds": round(result.seconds, 3)})


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(histogram: Counter[int], q: float) -> float:
    """The ``q`` quantile (0..1) of a decision-time histogram, in milliseconds."""
    total = sum(histogram.values())
    if total == 0:
        return 0.0
    target, seen = q * total, 0
    for bucket in sorted(histogram):
        seen += histogram[bucket]
        if seen >= target:
            return (bucket + 1) * BUCKET_US / 1000
    return (max(histogram) + 1) * BUCKET_US / 1000


def summary(results: Sequence[GameResult], entries: Sequence[str], seed: str) -> dict[str, Any]:
    """The tournament's figures as a JSON-ready dict."""
    n = len(results)
    seats = []
    for k, name in enumerate(entries):
        wins = sum(1 for g in results if g.places[k] == 1)
        outright = sum(1 for g in results if g.places[k] == 1 and sum(p == 1 for p in g.places) == 1)
        low, high = wilson(wins, n)
        seats.append({
            "entry": k, "bot": name, "wins": wins, "win_rate": round(wins / n, 4),
            "win_rate_95": [round(low, 4), round(high, 4)], "outright_wins": outright,
            "mean_completed": round(statistics.fmean(g.completed[k] for g in results), 3),
            "mean_penalty": round(statistics.fmean(g.penalty[k] for g in results), 1),
            **_play_figures([g.records[k] for g in results]),
        })
    bots: dict[str, Any] = {}
    for name in dict.fromkeys(entries):
        hist: Counter[int] = Counter()
        for g in results:
            for k, entry in enumerate(entries):
                if entry == name:
                    hist.update(g.times[k])
        decisions = sum(hist.values())
        spent = sum((b + 0.5) * BUCKET_US * c for b, c in hist.items()) / 1e6
        bots[name] = {
            "decisions": decisions,
            "decisions_per_second": round(decisions / spent) if spent else None,
            "p50_ms": percentile(hist, 0.5), "p99_ms": percentile(hist, 0.99),
            "max_ms": (max(hist) + 1) * BUCKET_US / 1000 if hist else 0.0,
        }
    deals = sum(g.deals for g in results)
    return {
        "games": n, "seed": seed, "seats": seats, "bots": bots,
        "mean_deals": round(deals / n, 3),
        "stock_exhaustion_rate": round(sum(g.stock_ends for g in results) / deals, 4),
        "mean_actions": round(statistics.fmean(g.actions for g in results), 1),
        "game_seconds_median": round(statistics.median(g.seconds for g in results), 3),
        "game_seconds_p90": round(_quantile([g.seconds for g in results], 0.9), 3),
        "win_rule": "a shared first place counts as a win for each player sharing it",
    }


def _play_figures(records: Sequence[Record]) -> dict[str, float]:
    """Per game: deals laid down, deals gone out, feeding offers and feeding (see :class:`Record`)."""
    n = len(records)
    return {
        "laid_down_per_game": round(sum(r.laid_down for r in records) / n, 3),
        "went_out_per_game": round(sum(r.went_out for r in records) / n, 3),
        "feed_offers_per_game": round(sum(r.offers for r in records) / n, 3),
        "feeding_per_game": round(sum(r.fed for r in records) / n, 3),
        "fed_then_out_per_game": round(sum(r.fed_out for r in records) / n, 3),
    }


def _quantile(values: Iterable[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m ladder_rummy.tournament", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--seats", default="strong,basic,basic,basic",
                        help="four bot names or difficulties, comma-separated (default strong,basic,basic,basic)")
    parser.add_argument("--seed", default="tournament", help="seed prefix: game i is played from SEED-i")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--games-out", metavar="PATH",
                        help="also write each game's result to PATH as a JSON line as it finishes (progress, and "
                             "paired comparisons of two tournaments on the same seeds)")
    args = parser.parse_args(argv)
    entries = [s.strip() for s in args.seats.split(",")]
    if len(entries) != PLAYERS:
        parser.error(f"--seats needs {PLAYERS} names, got {len(entries)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.perf_counter()
    if args.games_out:  # artifacts/ is not in the repository: a fresh clone has no such folder yet
        Path(args.games_out).parent.mkdir(parents=True, exist_ok=True)
    lines = open(args.games_out, "w", encoding="utf-8") if args.games_out else None

    def each(i: int, result: GameResult) -> None:
        if lines:
            lines.write(game_line(i, result) + "\n")
            lines.flush()

    try:
        results = run(args.games, entries, args.seed, args.workers, each)
    except ValueError as err:
        parser.error(str(err))
    finally:
        if lines:
            lines.close()
    out = summary(results, entries, args.seed)
    out["wall_seconds"] = round(time.perf_counter() - started, 1)
    out["workers"] = args.workers
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
