#!/usr/bin/env python3
"""How often the Coach would stop a player, margin by margin.

    .venv/bin/python benchmarks/coach.py [--games 200] [--level casual]

Plays seeded solo games with a computer level standing in for a person (Casual: a
beginner who plays for the points in front of them), prices every decision the page would
record for a person (each re-roll's kept dice, each box) with the strategy table, and prints
for each margin how many decisions a game cost more than it: the times the Coach would
have stopped that player, as the median, the quartiles and the mean per game. The default
margin (``kismet.app.base.settings.COACH_MARGIN``) is chosen from these figures. Run by hand
after ``python3 build.py build``; no test asserts on them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.advice.level import Level, StepKind
from kismet.advice.players import plan
from kismet.advice.review import price
from kismet.advice.strategy import Advisor
from kismet.app.guidance.coach import kept
from kismet.app.guidance.coaching import decision
from kismet.app.base.settings import COACH_MARGIN, COACH_MARGINS
from kismet.rules import Game

SHOWN = (1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 30.0)


def costs_of_a_game(seed: int, level: Level, advisor: Advisor) -> list[float]:
    """What each decision of one game cost, in expected points."""
    rng = random.Random(seed)
    game = Game(["Player"], seed=seed)
    costs = []
    while not game.is_over:
        steps = plan(game, level, advisor, rng)
        for step in steps:
            chosen = None
            if step.kind is StepKind.ROLL:
                keep = kept(game)
                chosen = decision(game, keep=keep) if keep is not None else None
            elif step.kind is StepKind.SCORE:
                chosen = decision(game, box=step.box)
            if chosen is not None:
                costs.append(price(chosen, advisor).cost)
            step.apply(game)
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", choices=[level.value for level in Level], default="casual")
    parser.add_argument("--table", type=Path, default=ROOT / "dist" / "strategy.bin")
    args = parser.parse_args()
    advisor = Advisor.from_file(args.table)
    level = Level(args.level)
    games = [costs_of_a_game(seed, level, advisor) for seed in range(args.games)]
    lost = [sum(costs) for costs in games]
    print(f"{args.games} solo games of a {level.value} player: decisions per game "
          f"{statistics.median(len(c) for c in games):.0f}, points lost per game: median "
          f"{statistics.median(lost):.1f}")  # fmt: skip
    print("margin  stops a game: median  quartiles  mean   (choosable: *)")
    for margin in sorted({*SHOWN, *COACH_MARGINS}):
        stops = [sum(1 for cost in costs if cost > margin) for costs in games]
        q1, _, q3 = statistics.quantiles(stops, n=4)
        mark = "*" if margin in COACH_MARGINS else " "
        default = "  <- default" if margin == COACH_MARGIN else ""
        print(f"{margin:5g}{mark}  {statistics.median(stops):5.1f}  {q1:4.1f}-{q3:<4.1f}"
              f"  {statistics.mean(stops):5.2f}{default}")  # fmt: skip


if __name__ == "__main__":
    main()
