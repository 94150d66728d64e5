#!/usr/bin/env python3
"""Accuracy of the win chances: ``kismet.advice.chances`` against perfect play simulated.

    .venv/bin/python benchmarks/chances.py [--futures 2000] [--site dist] [--seed 1]
    .venv/bin/python benchmarks/chances.py --levels [--futures 500]

``--levels``: mixes of the real computers (Casual, Good, Perfect, the Shark) and a person,
each priced with their skill (``kismet.advice.skill``), against whole games played on by the
real computers and the real rules (``mixed``).

For each position (a game of two to four players stopped at the start of a turn, from the
first turn to the last box), every player's future is played out ``--futures`` times from
their own sheet with the strategy table's choices, each turn on fresh random dice; the
chance each player wins is then exact over those simulated totals (every future of one
player against every future of the others, ties shared), and compared with
``win_chances``. The players' futures are simulated apart, as the model takes them: the
extra-Kismet penalty between players is in neither. Run by hand after
``python3 build.py build``; the table goes in docs/figures.md.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.advice.chances import Forecast, forecast_of, shares  # noqa: E402
from kismet.advice.level import Level, StepKind  # noqa: E402
from kismet.advice.players import plan  # noqa: E402
from kismet.advice.skill import Skill, of_level, of_person  # noqa: E402
from kismet.rules.rng import DiceStream  # noqa: E402
from kismet.advice.state import FULL, State, box_points  # noqa: E402
from kismet.app.guidance.coaching import decision  # noqa: E402
from kismet.app.guidance.luck import price_seats  # noqa: E402
from kismet.advice.strategy import KEEP_INDEX, ROLLS, Advisor, sub_multisets  # noqa: E402
from kismet.advice.winning import Aim  # noqa: E402
from kismet.rules import Category, Game, upper_bonus  # noqa: E402


def one_turn(forecast: Forecast, state: State, rng: random.Random) -> tuple[Category, int, bool]:
    """One turn from ``state`` on fresh dice, every choice the table's best: the box, its
    points, and whether the roll was an extra Kismet (five alike, the Kismet box scored)."""
    advisor = forecast.advisor
    turn = advisor.turn(state)
    dice = sorted(rng.randint(1, 6) for _ in range(5))
    for left in (2, 1):
        values = turn.keep[left - 1]
        keep = max(sub_multisets(tuple(dice)), key=lambda k: values[KEEP_INDEX[k]])
        dice = sorted([*keep, *(rng.randint(1, 6) for _ in range(5 - len(keep)))])
    roll = tuple(dice)
    assert roll in ROLLS
    box = max(state.open_boxes(), key=lambda b: state.value_after(b, roll, advisor.future))
    return box, box_points(box, roll, state.joker), state.joker and len(set(roll)) == 1


def future(forecast: Forecast, state: State, rng: random.Random) -> int:
    """One future of a player from a turn start: the points still to come (bonus included),
    every choice the table's best."""
    points = 0
    while state.filled != FULL:
        box, gained, _ = one_turn(forecast, state, rng)
        points += gained
        state = state.after(box, gained)
    return points + upper_bonus(state.subtotal)


def simulated(
    forecast: Forecast, game: Game, futures: int, rng: random.Random
) -> tuple[float, ...]:
    """Each player's chance over simulated futures, each player's apart."""
    laws = []
    for player in range(len(game.players)):
        state = State.of(game, player)
        if state.filled == FULL:
            laws.append({game.totals(player).grand: 1.0})
            continue
        counts: dict[int, float] = {}
        for _ in range(futures):
            total = state.scored + future(forecast, state, rng)
            counts[total] = counts.get(total, 0) + 1 / futures
        laws.append(counts)
    return shares(laws)


def together(forecast: Forecast, game: Game, futures: int, rng: random.Random) -> tuple[float, ...]:
    """Each player's chance over whole games played on from ``game`` by the real rules, on
    fresh dice, every choice the table's best: the extra-Kismet penalty is in (a zero in
    the top open box of every other player, and another turn for the roller), as the
    model's is not."""
    players = len(game.players)
    start = [State.of(game, p) for p in range(players)]
    won = [0.0] * players
    for _ in range(futures):
        states, player = list(start), game.current
        while any(s.filled != FULL for s in states):
            if states[player].filled == FULL:
                player = (player + 1) % players
                continue
            box, points, extra = one_turn(forecast, states[player], rng)
            states[player] = states[player].after(box, points)
            if extra:
                for other in range(players):
                    if other != player and states[other].filled != FULL:
                        states[other] = states[other].after(states[other].open_boxes()[0], 0)
                if states[player].filled != FULL:
                    continue  # the roller takes another turn
            player = (player + 1) % players
        totals = [s.scored + upper_bonus(s.subtotal) for s in states]
        top = max(totals)
        winners = [p for p, total in enumerate(totals) if total == top]
        for p in winners:
            won[p] += 1 / len(winners) / futures
    return tuple(won)


def played(game: Game, turns: int, rng: random.Random, pick: Callable[[Game], Category]) -> None:
    """Play ``turns`` turns of the game with random dice and ``pick`` choosing the box."""
    for _ in range(turns):
        if game.is_over:
            return
        game.roll()
        game.score(pick(game))


def positions(forecast: Forecast) -> list[tuple[str, Game]]:
    """The positions measured: early to late, two to four players, uneven sheets, and one
    where a player needs a Kismet to win."""
    advisor = forecast.advisor
    rng = random.Random(7)
    found = []

    def best(game: Game) -> Category:
        return advisor.best_box(game)

    def greedy(game: Game) -> Category:  # a weaker player: the most points now
        options = game.options()
        return max(options, key=lambda c: options[c])

    def dealt(players: int, turns: int, label: str) -> None:
        game = Game([f"P{i + 1}" for i in range(players)], seed=rng.randrange(2**32))
        for turn in range(turns):
            played(game, 1, rng, best if turn % players == 0 else greedy)
        found.append((label, game))

    for players, turns, label in (
        (2, 2, "2 players, after turn 1"),
        (2, 10, "2 players, after turn 5"),
        (3, 21, "3 players, after turn 7"),
        (4, 36, "4 players, after turn 9"),
        (2, 22, "2 players, after turn 11"),
        (3, 39, "3 players, after turn 13"),
        (2, 28, "2 players, 1 box each left"),
    ):
        dealt(players, turns, label)
    # Uneven: one player plays the table's choices, the other the most points now.
    game = Game(["Best", "Greedy"], seed=11)
    for turn in range(16):
        played(game, 1, rng, best if turn % 2 == 0 else greedy)
    found.append(("2 players, uneven play, after turn 8", game))
    dealt(2, 26, "2 players, 2 boxes each left")
    dealt(4, 48, "4 players, after turn 12")

    # A player needs a Kismet to win: behind, with only the Kismet box open.
    def no_kismet(game: Game) -> Category:
        boxes = [c for c in advisor.choices(game) if c.box not in (None, Category.KISMET)]
        return boxes[0].box if boxes and boxes[0].box else best(game)

    for seed in range(500):
        game = Game(["Ahead", "Needs a Kismet"], seed=seed)
        played(game, 28, rng, lambda g: best(g) if g.current == 0 else no_kismet(g))
        gap = game.totals(0).grand - game.totals(1).grand
        if game.open_boxes(1) == (Category.KISMET,) and 0 < gap < 50:
            found.append(("2 players, last box: one needs a Kismet to win", game))
            break
    return found


Seat = tuple[str, tuple[Level, ...], Skill]
"""A seat of a mix: its name, the computers that play its turns (one drawn each turn), and
the skill it is priced with."""

PERSON = (Level.CASUAL, Level.GOOD)
"""The person of the mixes plays each turn as Casual or as Good, half and half: between
the two, like no computer. Their record (``person_record``) is measured first."""

RECORD: list[float] = []
"""The person's points lost per game, as the statistics would count them."""


def seat(kind: str) -> Seat:
    if kind == "person":
        return ("Person", PERSON, of_person(RECORD[0]))
    return (kind.title(), (Level(kind),), of_level(Level(kind)))


def play_on(game: Game, seats: Sequence[Seat], advisor: Advisor, rng: random.Random,
            turns: int | None = None) -> None:  # fmt: skip
    """Each seat's computer plays on (``turns`` turns, or to the end), by the real rules."""
    played, level, aim = 0, seats[game.current][1][0], None
    while not game.is_over and (turns is None or played < turns):
        before = len(game.history)
        if not game.dice:  # a turn starts: who plays it
            level = rng.choice(seats[game.current][1])
            aim = None
        elif level is Level.WIN and aim is None:  # the Shark weighs its turn for the win
            aim = Aim.of(FORECAST[0], game, [s[2] for s in seats], game.current)
        for step in plan(game, level, advisor, rng, aim):
            step.apply(game)
        played += len(game.history) > before


def _person_game(seed: int) -> float:
    """One solo game of the person: what their decisions cost, priced as the app prices a
    finished game's for the statistics (``price_seats``)."""
    game, rng = Game(["Person"], seed=seed), random.Random(seed)
    advisor, decisions, level = FORECAST[0].advisor, [], PERSON[0]
    while not game.is_over:
        if not game.dice:
            level = rng.choice(PERSON)
        for step in plan(game, level, advisor, rng):
            taken = None
            if step.kind is StepKind.ROLL and game.dice:  # a re-roll: the dice kept
                kept = [d for d, held in zip(game.dice, game.held, strict=True) if held]
                taken = decision(game, keep=tuple(sorted(kept)))
            elif step.kind is StepKind.SCORE:
                taken = decision(game, box=step.box)
            if taken is not None:
                decisions.append(taken)
            step.apply(game)
    (lost,) = price_seats(decisions, advisor, [True])
    return float(lost or 0.0)


def person_record(games: int = 2000) -> float:
    """The person's points lost per game, as the statistics count them: their decisions
    priced against perfect play, the mean over ``games`` games."""
    with multiprocessing.get_context("fork").Pool() as pool:
        return statistics.fmean(pool.map(_person_game, range(10**6, 10**6 + games)))


def mixes(forecast: Forecast) -> list[tuple[str, list[Seat], Game]]:
    """The mixes measured: two to four seats, early to late."""
    rng = random.Random(17)
    found = []
    for kinds, turns in (
        ("casual perfect", 2), ("casual perfect", 12), ("good perfect", 10),
        ("casual good perfect", 6), ("casual good perfect", 24), ("person good", 8),
        ("person perfect", 2), ("casual casual good perfect", 8), ("casual perfect", 26),
        ("good casual", 28), ("person casual good", 21), ("win perfect", 2),
        ("win perfect", 24), ("person win", 8), ("win good", 26), ("casual win perfect", 14),
        ("win perfect perfect perfect", 40),
    ):  # fmt: skip
        seats = [seat(kind) for kind in kinds.split()]
        game = Game([s[0] for s in seats], seed=rng.randrange(2**32))
        play_on(game, seats, forecast.advisor, rng, turns)
        found.append((f"{' / '.join(s[0] for s in seats)}, after turn {turns}", seats, game))
    return found


def mixed(forecast: Forecast, game: Game, seats: Sequence[Seat], futures: int,
          rng: random.Random) -> tuple[float, ...]:  # fmt: skip
    """Each seat's chance over ``futures`` whole games played on by the real computers on
    fresh dice (penalties in): each seat's totals over them taken as its law, the chances
    exact over those laws (as the model takes the seats' futures apart)."""
    counts: list[dict[int, float]] = [{} for _ in seats]
    for _ in range(futures):
        future = copy.deepcopy(game)
        future._stream = DiceStream.from_seed(rng.randrange(2**63))
        play_on(future, seats, forecast.advisor, rng)
        for p, law in enumerate(counts):
            total = future.totals(p).grand
            law[total] = law.get(total, 0.0) + 1 / futures
    return shares(counts)


def _mixed(job: tuple[Game, list[Seat], int, int]) -> tuple[float, ...]:
    game, seats, futures, seed = job
    return mixed(FORECAST[0], game, seats, futures, random.Random(seed))


def main_levels(forecast: Forecast, futures: int, seed: int, only: str | None = None) -> int:
    RECORD[:] = [person_record()]
    print(f"win chances with each seat's skill against {futures} whole games of the real computers")
    print(f"the person (each turn Casual or Good) loses {RECORD[0]:.1f} points a game")
    print("| mix | open boxes | win_chances | simulated | largest error |")
    print("|---|---|---|---|---|")
    found = mixes(forecast)
    jobs = [(game, seats, futures, seed + i) for i, (_, seats, game) in enumerate(found)]
    if only:  # each mix keeps its own seed, so rows measured apart agree
        chosen = [int(i) for i in only.split(",")]
        found, jobs = [found[i] for i in chosen], [jobs[i] for i in chosen]
    with multiprocessing.get_context("fork").Pool() as pool:
        sims = pool.map(_mixed, jobs)
    errors = []
    for (label, seats, game), sim in zip(found, sims, strict=True):
        model = forecast.chances(game, skills=[s[2] for s in seats])
        errors.append(max(abs(a - b) for a, b in zip(model, sim, strict=True)))
        left = " / ".join(str(len(game.open_boxes(p))) for p in range(len(game.players)))
        print(f"| {label} | {left} | {' / '.join(f'{c:.3f}' for c in model)} "
              f"| {' / '.join(f'{c:.3f}' for c in sim)} | {errors[-1]:.3f} |", flush=True)  # fmt: skip
    print(f"largest error {max(errors):.3f}")
    return 0


FORECAST: list[Forecast] = []
"""The forecast the simulating processes inherit."""


def _simulate(job: tuple[Game, int, int, bool]) -> tuple[float, ...]:
    game, futures, seed, whole = job
    how = together if whole else simulated
    return how(FORECAST[0], game, futures, random.Random(seed))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--futures", type=int, default=2000)
    parser.add_argument("--site", default=str(ROOT / "dist"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="measure only these positions (0-based, like 8,9,10)")
    parser.add_argument("--together", action="store_true",
                        help="simulate whole games by the real rules, penalties in")  # fmt: skip
    parser.add_argument("--levels", action="store_true",
                        help="mixes of computer levels and a person, each with their skill")  # fmt: skip
    args = parser.parse_args(argv)
    forecast = forecast_of(args.site)
    FORECAST[:] = [forecast]
    if args.levels:
        return main_levels(forecast, args.futures, args.seed, args.only)
    kind = "whole games (penalties in)" if args.together else "futures per player"
    print(f"win chances against {args.futures} simulated {kind}")
    print("| position | open boxes | win_chances | simulated | largest error |")
    print("|---|---|---|---|---|")
    errors, timings = [], []
    found = positions(forecast)
    jobs = [(game, args.futures, args.seed + i, args.together) for i, (_, game) in enumerate(found)]
    if args.only:  # each position keeps its own seed, so rows measured apart agree
        chosen = [int(i) for i in args.only.split(",")]
        found, jobs = [found[i] for i in chosen], [jobs[i] for i in chosen]
    with multiprocessing.get_context("fork").Pool() as pool:  # the forecast is inherited
        sims = pool.map(_simulate, jobs)
    for (label, game), sim in zip(found, sims, strict=True):
        started = time.perf_counter()
        model = forecast.chances(game)
        timings.append((time.perf_counter() - started) * 1000)
        error = max(abs(a - b) for a, b in zip(model, sim, strict=True))
        errors.append(error)
        left = " / ".join(str(len(game.open_boxes(p))) for p in range(len(game.players)))
        shown = " / ".join(f"{c:.3f}" for c in model)
        print(f"| {label} | {left} | {shown} | {' / '.join(f'{c:.3f}' for c in sim)} "
              f"| {error:.3f} |", flush=True)  # fmt: skip
    print(f"largest error {max(errors):.3f}; win_chances took a median "
          f"{statistics.median(timings):.1f} ms (CPython, first call for each)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
