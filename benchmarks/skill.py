#!/usr/bin/env python3
"""How each computer level plays against perfect play: what ``kismet.advice.skill`` keeps.

    .venv/bin/python benchmarks/skill.py [--games 3000] [--site dist] [--seed 1]
        [--levels casual,good,perfect] [--boxes casual]

Plays ``--games`` solo games at each level with the real computers
(``kismet.advice.players``), and at every turn start takes the points that were still to
come against perfect play's law from there (``Forecast.to_come``: its mean and variance).
Per number of open boxes it prints the mean shortfall (the points lost) and the scale of
the level's spread against perfect play's (the square root of the variance of the points to
come around perfect play's mean over perfect play's own variance), with standard errors,
and the lines for ``kismet/advice/skill.py``. For the levels in ``--boxes`` the loss is fitted
by which boxes are open too (least squares over every sample: a term for each number of open
boxes, one for each box while it is open, one for each box while it is open with the
Kismet box holding points, and one for each way the first upper bonus stands while it is
still to make, ``kismet.advice.skill.bonus_bin``), the fit's lines printed instead. Run by hand
after ``python3 build.py build``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.advice.chances import Forecast, forecast_of  # noqa: E402
from kismet.advice.level import Level  # noqa: E402
from kismet.advice.players import plan  # noqa: E402
from kismet.advice.skill import MARGIN_EDGES, bonus_bin  # noqa: E402
from kismet.advice.state import State  # noqa: E402
from kismet.rules import Category, Game  # noqa: E402

BOXES = len(Category)
FORECAST: list[Forecast] = []
"""The forecast the playing processes inherit."""

Sample = tuple[int, float, float, float, int, bool, int]
"""(open boxes, perfect play's mean of the points to come, its variance, the points that came,
the filled boxes' bits, whether the Kismet box holds points, the Basic subtotal)."""


def moments(forecast: Forecast, state: State) -> tuple[float, float]:
    law = forecast.to_come(state)
    mean = math.fsum(x * p for x, p in law.items())
    return mean, math.fsum((x - mean) ** 2 * p for x, p in law.items())


def one_game(job: tuple[str, int]) -> list[Sample]:
    """One solo game at a level: every turn start's sample."""
    level, seed = Level(job[0]), job[1]
    forecast = FORECAST[0]
    rng = random.Random(seed)
    game = Game(["A"], seed=seed)
    starts: list[tuple[int, State]] = []
    while not game.is_over:
        if not game.dice:
            state = State.of(game, 0)
            starts.append((state.scored, state))
        for step in plan(game, level, forecast.advisor, rng):
            step.apply(game)
    final = game.totals(0).grand
    found = []
    for scored, state in starts:
        mean, variance = moments(forecast, state)
        open_boxes = BOXES - state.filled.bit_count()
        found.append((open_boxes, mean, variance, final - scored, state.filled, state.joker,
                      state.subtotal))  # fmt: skip
    return found


Fit = tuple[list[float], list[float], list[float], list[float]]


def by_boxes(samples: list[Sample]) -> Fit:
    """The loss by open boxes (0, 1, ... 15), by each box while open, by each box while
    open with the Kismet box holding points, and by how the first upper bonus stands while
    it is still to make, fitted to the shortfalls by least squares (the smallest such
    terms: a count and its boxes' sum are the same direction)."""
    import numpy as np

    bins = len(MARGIN_EDGES) + 1
    rows = []
    for open_, _, _, _, filled, joker, subtotal in samples:
        boxes = [float(not filled >> i & 1) for i in range(BOXES)]
        counts = [float(open_ == k) for k in range(1, BOXES + 1)]
        standing = bonus_bin(filled, subtotal)
        rows.append(counts + boxes + [x * joker for x in boxes]
                    + [float(standing == k) for k in range(bins)])  # fmt: skip
    short = [sample[1] - sample[3] for sample in samples]
    fit = np.linalg.lstsq(np.array(rows), np.array(short), rcond=None)[0]
    terms = list(map(float, fit))
    return ([0.0, *terms[:BOXES]], terms[BOXES : 2 * BOXES], terms[2 * BOXES : 3 * BOXES],
            terms[3 * BOXES :])  # fmt: skip


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--site", default=str(ROOT / "dist"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="casual,good,perfect")
    parser.add_argument("--boxes", default="casual")
    args = parser.parse_args(argv)
    FORECAST[:] = [forecast_of(args.site)]
    lines = []
    for level in args.levels.split(","):
        jobs = [(level, args.seed * 1_000_003 + i) for i in range(args.games)]
        with multiprocessing.get_context("fork").Pool() as pool:
            games = pool.map(one_game, jobs, chunksize=20)
        print(f"\n{level}, {args.games} games: open | lost (se) | scale (se) | samples")
        lost, scale = [0.0], [1.0]
        for k in range(1, BOXES + 1):
            rows = [s for g in games for s in g if s[0] == k]
            short = [row[1] - row[3] for row in rows]
            own = statistics.fmean(row[2] for row in rows)
            n = len(short)
            ratio = math.sqrt(statistics.pvariance(short) / own)
            se_lost = statistics.pstdev(short) / math.sqrt(n)
            se_ratio = ratio / math.sqrt(2 * n)  # of a standard deviation, about
            print(f"{k:4} | {statistics.fmean(short):6.2f} ({se_lost:.2f}) | {ratio:5.3f} "
                  f"({se_ratio:.3f}) | {n}")  # fmt: skip
            lost.append(max(0.0, statistics.fmean(short)))
            scale.append(ratio)
        boxes: list[float] = []
        jokers: list[float] = []
        bonus: list[float] = []
        if level in args.boxes.split(","):
            lost, boxes, jokers, bonus = by_boxes([s for g in games for s in g])
        terms = [", ".join(f"{x:.2f}" for x in part) for part in (boxes, jokers, bonus)]
        lines.append(f"{level.upper()} = Skill(\n    ({', '.join(f'{x:.2f}' for x in lost)}),\n"
                     f"    ({', '.join(f'{x:.3f}' for x in scale)}),\n"
                     + "".join(f"    ({part}),\n" for part in terms) + ")")  # fmt: skip
    print("\nFor kismet/advice/skill.py:\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
