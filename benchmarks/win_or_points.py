#!/usr/bin/env python3
"""How often the move that wins most is not the move that scores most, for a person at a
table with another player: as often, the hint names both (``kismet.app.guidance.coaching``).

    .venv/bin/python benchmarks/win_or_points.py [--games 1000] [--seed 1] [--jobs 2]

Plays two-player games on the built tables (``python3 build.py build`` first): a person
modelled as the Good computer (``kismet.advice.players.plan``) against the Shark, and
against Perfect, the person first in half of them. At each of the person's decisions (each
roll seen: a keep, or the box to fill) it asks what the hint would: the advisor's choices,
best for points first, weighed for the person's win by the hint's own ``Aim`` (the person
counted as Good, the other at its level), and ``to_win``, which names the move that wins
most when it is another and adds at least half a percentage point. Prints, for each
opponent: the share of decisions and of turns where the two differ, the share of games
with at least one, and how much chance to win the move for points gives up there (mean
and largest). Run by hand; docs/figures.md keeps the figures.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.advice.chances import Forecast, forecast_of  # noqa: E402
from kismet.advice.level import Level  # noqa: E402
from kismet.advice.players import plan  # noqa: E402
from kismet.advice.skill import GOOD, of_level  # noqa: E402
from kismet.advice.winning import Aim  # noqa: E402
from kismet.app.guidance.coaching import to_win  # noqa: E402
from kismet.rules import Game  # noqa: E402

FORECAST: list[Forecast] = []


class Tally(NamedTuple):
    """One game's count of the person's decisions and turns, and where the two moves
    differed (with the chance to win the move for points gave up there)."""

    decisions: int
    differed: int
    turns: int
    turns_differed: int
    gaps: tuple[float, ...]


def play(job: tuple[str, int]) -> Tally:
    """One game of a person (Good) against ``opponent``, from ``seed``."""
    opponent, seed = job
    forecast = FORECAST[0]
    advisor = forecast.advisor
    level = Level.WIN if opponent == "shark" else Level.PERFECT
    person = seed % 2  # the person first in half the games
    skills = [GOOD, GOOD]
    skills[1 - person] = of_level(level)
    game = Game(["A", "B"], seed=seed)
    rng = random.Random(seed)
    decisions = differed = turns = turns_differed = 0
    gaps: list[float] = []
    kept: tuple[object, Aim] | None = None
    this_turn = False
    while not game.is_over:
        mover, aim = game.current, None
        if game.dice:
            if kept is None or kept[0] != (len(game.history), mover):
                kept = ((len(game.history), mover), Aim.of(forecast, game, skills, mover))
            aim = kept[1]
        if mover == person and aim is not None:
            found = to_win(advisor.choices(game), game.dice, game.rolls_left, aim)
            decisions += 1
            if found is not None:
                differed, this_turn = differed + 1, True
                gaps.append(found.chance - found.instead)
        before = len(game.history)
        who = level if mover != person else Level.GOOD
        for step in plan(game, who, advisor, rng, aim if who is Level.WIN else None):
            step.apply(game)
        if mover == person and len(game.history) > before:  # the person's turn ended
            turns, turns_differed, this_turn = turns + 1, turns_differed + this_turn, False
    return Tally(decisions, differed, turns, turns_differed, tuple(gaps))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    FORECAST.append(forecast_of(str(args.site)))
    for opponent in ("shark", "perfect"):
        start = time.monotonic()
        jobs = [(opponent, args.seed * 1_000_000 + n) for n in range(args.games)]
        with multiprocessing.Pool(args.jobs) as pool:
            tallies = pool.map(play, jobs, chunksize=10)
        decisions = sum(t.decisions for t in tallies)
        differed = sum(t.differed for t in tallies)
        turns = sum(t.turns for t in tallies)
        turns_differed = sum(t.turns_differed for t in tallies)
        games = sum(1 for t in tallies if t.differed)
        gaps = [g for t in tallies for g in t.gaps]
        took = time.monotonic() - start
        print(f"Good against the {opponent}, {args.games} games (seed {args.seed}, {took:.0f} s):")
        share = 100 * differed / decisions
        print(
            f"  decisions where winning and scoring part: {differed} of {decisions} ({share:.2f}%)"
        )
        print(
            f"  turns with one: {turns_differed} of {turns} ({100 * turns_differed / turns:.2f}%)"
        )
        print(f"  games with one: {games} of {len(tallies)} ({100 * games / len(tallies):.1f}%)")
        if gaps:
            mean, most = 100 * statistics.mean(gaps), 100 * max(gaps)
            print(f"  chance to win the points move gives up: mean {mean:.1f}, largest {most:.1f}")


if __name__ == "__main__":
    main()
