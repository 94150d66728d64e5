#!/usr/bin/env python3
"""How often the Win computer wins: head to head against Perfect, and against the others.

    .venv/bin/python benchmarks/to_win.py [--games 20000] [--seed 1] [--players 2]
        [--matches perfect,table,good,casual] [--site dist] [--jobs 2]

Plays whole games with the real computers (``kismet.advice.players.plan``: the Win level
with its ``Aim``, the others at their level) on dice of their own (linked dice, each seat's
own, ``LinkedDice(apart=True)``), in deals: the same dice played once with the Win computer
in each seat, so that both sides of a deal see the same rolls and luck cancels out. The
matches:

- ``perfect``: two players (``--players``: more), one Win seat against Perfect ones;
- ``table``: one Win seat against three Perfect ones (a quarter is even);
- ``good``, ``casual``: two players, against Good or against Casual.

For each it prints the Win seat's share of the games won (a tie counted as shared), with a
95% interval from the spread of the deals' shares, its mean total and the others'. The last
line is the first match's: ``win rate X% [lo, hi]``. Perfect's turns are worked out for
many games at once (``tools/perfect.py``'s numpy turn machine, the same table in float64);
the Win seat's choices by its own code. Run by hand after ``python3 build.py build``.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.advice import winning  # noqa: E402
from kismet.advice.chances import Forecast, forecast_of  # noqa: E402
from kismet.advice.level import Level, StepKind  # noqa: E402
from kismet.advice.players import plan  # noqa: E402
from kismet.advice.skill import of_level  # noqa: E402
from kismet.advice.state import State, turn_key  # noqa: E402
from kismet.advice.strategy import TurnValues  # noqa: E402
from kismet.advice.winning import Aim  # noqa: E402
from kismet.rules import Game  # noqa: E402
from tools.perfect import machine_of, turns_of  # noqa: E402

CHUNK = 200
"""Deals played side by side in one process (their Perfect turns solved together)."""

SEED_STRIDE = 1_000_003
"""The deals' seeds: ``--seed`` plus a multiple of this for each match."""


class Match(NamedTuple):
    """A match: who sits at the table beside the one Win seat."""

    name: str
    others: tuple[Level, ...]


def matches(players: int) -> dict[str, Match]:
    return {
        "perfect": Match("perfect", (Level.PERFECT,) * (players - 1)),
        "table": Match("table", (Level.PERFECT,) * 3),
        "good": Match("good", (Level.GOOD,)),
        "casual": Match("casual", (Level.CASUAL,)),
    }


class Result(NamedTuple):
    """One deal: the Win seat's share of the wins in each of its games, and the totals."""

    shares: tuple[float, ...]
    win_totals: tuple[int, ...]
    other_totals: tuple[float, ...]


FORECAST: list[Forecast] = []
SAVE: list[str] = []
"""Where each deal's share is written (``--save``), to compare two runs deal by deal."""
WITHIN: list[int] = [15]
"""The Win seat plays to win with at most this many boxes open, before as Perfect
(``--within``: where its gains come from)."""


def seats_of(match: Match, where: int) -> tuple[Level, ...]:
    """The levels around the table with the Win seat at ``where``."""
    others = list(match.others)
    return (*others[:where], Level.WIN, *others[where:])


def play_deals(job: tuple[Match, list[int]]) -> list[Result]:
    """Play the deals of these seeds: each one's games, side by side."""
    match, seeds = job
    forecast = FORECAST[0]
    advisor = forecast.advisor
    machine = machine_of(advisor)
    given: dict[State, TurnValues] = {}
    solve = advisor.turn

    def turn(state: State) -> TurnValues:
        found = given.get(turn_key(state))
        return found if found is not None else solve(state)

    advisor.turn = turn  # type: ignore[method-assign]
    size = len(match.others) + 1
    games = []
    for seed in seeds:
        for where in range(size):
            seats = seats_of(match, where)
            game = Game([f"{level}{i}" for i, level in enumerate(seats)], seed=seed,
                        linked=True, apart=True)  # fmt: skip
            games.append((game, seats, random.Random(f"{seed}:{where}")))
    going = games
    while going:
        starts = set()
        for game, seats, _ in going:
            if seats[game.current] in (Level.PERFECT, Level.GOOD) and not game.dice:
                starts.add(turn_key(State.of(game, game.current)))
        given.clear()
        solved = [s for s in starts if s.filled != (1 << 15) - 1]
        if solved:  # none against Casual, which needs no table
            given.update(turns_of(machine, solved))
        for game, seats, rng in going:
            play_turn(game, seats, rng, forecast)
        going = [g for g in going if not g[0].is_over]
    results = []
    for i in range(0, len(games), size):
        shares, wins, others = [], [], []
        for game, seats, _ in games[i : i + size]:
            seat = seats.index(Level.WIN)
            winners = game.winners
            shares.append(1 / len(winners) if seat in winners else 0.0)
            wins.append(game.total(seat))
            rest = [game.total(p) for p in range(size) if p != seat]
            others.append(sum(rest) / len(rest))
        results.append(Result(tuple(shares), tuple(wins), tuple(others)))
    return results


def play_turn(game: Game, seats: Sequence[Level], rng: random.Random, forecast: Forecast) -> None:
    """Play the turn of the seat to move, to its box."""
    level = seats[game.current]
    aim = None
    if level is Level.WIN and len(game.open_boxes(game.current)) <= WITHIN[0]:
        skills = [of_level(s) for s in seats]
        aim = Aim.of(forecast, game, skills, game.current)
    scored = False
    while not scored:
        for step in plan(game, level, forecast.advisor, rng, aim):
            step.apply(game)
            scored = step.kind is StepKind.SCORE


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal, from the standard error)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def run(match: Match, deals: int, seed: int, jobs: int) -> tuple[float, float, float]:
    seeds = [seed + i for i in range(deals)]
    chunks = [(match, seeds[i : i + CHUNK]) for i in range(0, len(seeds), CHUNK)]
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = [r for part in pool.imap(play_deals, chunks) for r in part]
    else:
        results = [r for chunk in chunks for r in play_deals(chunk)]
    took = time.perf_counter() - started
    per_deal = [statistics.fmean(r.shares) for r in results]
    if SAVE:
        with open(SAVE[0], "a", encoding="utf-8") as out:
            out.write(json.dumps({"match": match.name, "seed": seed, "deals": per_deal}) + "\n")
    mean, low, high = interval(per_deal)
    games = deals * (len(match.others) + 1)
    win_avg = statistics.fmean(t for r in results for t in r.win_totals)
    other_avg = statistics.fmean(t for r in results for t in r.other_totals)
    against = ", ".join(str(level) for level in match.others)
    print(f"{match.name}: Win against {against}: {games} games ({deals} deals) in {took:.0f} s; "
          f"won {100 * mean:.2f}% [{100 * low:.2f}, {100 * high:.2f}]; "
          f"mean total {win_avg:.1f} against {other_avg:.1f}", flush=True)  # fmt: skip
    return mean, low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games in each match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="players in the first match")
    parser.add_argument("--matches", default="perfect,table,good,casual")
    parser.add_argument("--site", default=str(ROOT / "dist"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--within", type=int, default=15,
                        help="play to win only with at most this many boxes open")  # fmt: skip
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a constant of kismet.advice.winning for the run")  # fmt: skip
    parser.add_argument("--save", help="append each deal's share to this file (JSON lines)")
    args = parser.parse_args()
    SAVE[:] = [args.save] if args.save else []
    for setting in args.set:
        name, value = setting.split("=")
        if not hasattr(winning, name):
            parser.error(f"kismet.advice.winning has no {name}")
        setattr(winning, name, type(getattr(winning, name))(float(value)))
    FORECAST.append(forecast_of(args.site))
    WITHIN[0] = args.within
    chosen = [matches(args.players)[name] for name in args.matches.split(",")]
    first = None
    for i, match in enumerate(chosen):
        deals = max(1, args.games // (len(match.others) + 1))
        found = run(match, deals, args.seed + i * SEED_STRIDE, args.jobs)
        first = first or found
    if first is not None:
        mean, low, high = first
        print(f"win rate {100 * mean:.1f}% [{100 * low:.1f}, {100 * high:.1f}]")


if __name__ == "__main__":
    main()
