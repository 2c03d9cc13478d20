"""Where a seat's games are won and lost, deal by deal (issue 15).

    python bench/deal_figures.py --seats normal,expert,expert,expert --games 300 --seed dg

Plays bot-only games with the seats rotating (as the tournament does) and reports, for each
entry: how often it lays down in a deal and goes out, the penalty it holds in deals it does
not lay down and in deals it lays down without going out, the turn it lays down on, how often
it takes the discard; and, for the first entry against each other one, the games they tie on
contracts and who wins them on points. It reads only the games' public summaries.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from ladder_rummy.actions import Draw, LayDown  # noqa: E402
from ladder_rummy.match import Match  # noqa: E402
from ladder_rummy.tournament import make_bot, seat_of  # noqa: E402

Row = dict[str, Any]


def play(job: tuple[str, Sequence[str]]) -> tuple[list[Row], list[int], list[int], list[int]]:
    """One game: a row per deal and seat, then each entry's place, contracts and penalty."""
    seed, entries = job
    rotation = int(seed.rsplit("-", 1)[1]) % len(entries)
    seat_of_entry = [seat_of(k, rotation) for k in range(len(entries))]
    bots: list[Any] = [None] * len(entries)
    for k, name in enumerate(entries):
        bots[seat_of_entry[k]] = make_bot(name)
    entry_at = {seat: k for k, seat in enumerate(seat_of_entry)}
    match = Match(seed, bots)
    game = match.game
    turns, took, down_turn, rows = [0] * 4, [0] * 4, {}, []
    while not game.is_over:
        seat = game.current_seat
        action = bots[seat].choose(game.bot_view(seat), game.legal_actions(), match.rngs[seat])
        if isinstance(action, Draw):
            turns[seat] += 1
            took[seat] += action.source == "discard"
        if isinstance(action, LayDown):
            down_turn[seat] = turns[seat]
        deals = len(game.deal_summaries)
        game.apply(action)
        if len(game.deal_summaries) > deals:
            summary = game.deal_summaries[-1]
            for hand in summary["hands"]:
                s = hand["seat"]
                rows.append({"entry": entry_at[s], "step": hand["step_before"], "down": hand["laid_down"], "out": summary["went_out"] == s,
                             "points": hand["points"], "turn": down_turn.get(s), "took": took[s]})
            turns, took, down_turn = [0] * 4, [0] * 4, {}
    standing = {s["seat"]: s for s in game.standings()}
    pick = lambda key: [standing[seat_of_entry[k]][key] for k in range(len(entries))]  # noqa: E731
    return rows, pick("place"), pick("completed"), pick("penalty")


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def report(results: Sequence[tuple[list[Row], list[int], list[int], list[int]]], entries: Sequence[str]) -> None:
    """Print the figures of each entry, and the first entry's ties on contracts."""
    by_entry: dict[int, list[Row]] = defaultdict(list)
    for rows, *_ in results:
        for row in rows:
            by_entry[row["entry"]].append(row)
    print("entry           deals  lays down  goes out  points not down  points down, not out  lay-down turn  takes a deal")
    for k, name in enumerate(entries):
        rows = by_entry[k]
        down = [r for r in rows if r["down"]]
        print(f"{k} {name:12s} {len(rows):7d}  {mean([r['down'] for r in rows]):9.3f}  {mean([r['out'] for r in rows]):8.3f}"
              f"  {mean([r['points'] for r in rows if not r['down']]):15.1f}"
              f"  {mean([r['points'] for r in down if not r['out']]):20.1f}  {mean([r['turn'] for r in down]):13.2f}"
              f"  {mean([r['took'] for r in rows]):12.2f}")
    report_steps(by_entry, entries)
    wins = sum((place[0] == 1) / place.count(1) for _, place, _, _ in results)
    print(f"entry 0 wins {wins / len(results):.1%} of {len(results)} games")
    for k in range(1, len(entries)):
        won = sum(1 for _, _, c, p in results if c[0] == c[k] and p[0] < p[k])
        lost = sum(1 for _, _, c, p in results if c[0] == c[k] and p[0] > p[k])
        print(f"ties on contracts with entry {k}: entry 0 wins {won}, loses {lost} on points")


def report_steps(by_entry: dict[int, list[Row]], entries: Sequence[str]) -> None:
    """Lay-down rate by contract step, entry 0 against the others pooled: where the gap is.

    The steps are not equally hard (runs of 7 need one suit's neighbours), and a player that
    lays down more overall may still be behind on one kind of contract: that step is where its
    judgement of a hand is weakest.
    """
    print("step  deals(0)  lays down(0)  lay-down turn(0)  deals(rest)  lays down(rest)  lay-down turn(rest)  gap")
    rest = [r for k in range(1, len(entries)) for r in by_entry[k]]
    for step in range(1, 11):
        mine = [r for r in by_entry[0] if r["step"] == step]
        theirs = [r for r in rest if r["step"] == step]
        if not mine or not theirs:
            continue
        a, b = mean([r["down"] for r in mine]), mean([r["down"] for r in theirs])
        ta = mean([r["turn"] for r in mine if r["down"]])
        tb = mean([r["turn"] for r in theirs if r["down"]])
        print(f"{step:4d}  {len(mine):8d}  {a:12.3f}  {ta:16.2f}  {len(theirs):11d}  {b:15.3f}  {tb:19.2f}  {a - b:+.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="normal,expert,expert,expert")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", default="dg")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    entries = args.seats.split(",")
    jobs = [(f"{args.seed}-{i}", entries) for i in range(args.games)]
    with Pool(args.workers) as pool:
        results = pool.map(play, jobs)
    report(results, entries)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
