"""Build-time measurement of perfect play: many solo games by the optimal strategy.

The statistics compare a player with perfect play: its average total, each box's average,
and how its totals spread. These are measured here by playing ``GAMES`` seeded solo games
with the strategy table, each decision taken by the Perfect computer's own code
(``kismet.advice.players``), and written as JSON. The games go a turn at a time side by
side: each turn's values (every roll and keep of the turn, which ``Advisor.turn`` works out
in plain Python for one state) come for all the games' states at once from
``tools/solve.py``'s numpy machine, in float64 from the same table. Run by
``build.py build`` through ``perfect_figures()``, cached with the strategy table's code.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet.advice import state as pos
from kismet.advice import strategy as st
from kismet.advice.level import Level, StepKind
from kismet.advice.players import plan
from kismet.advice.state import State, turn_key
from kismet.advice.strategy import Advisor, TurnValues
from kismet.app.base.tally import BIN
from kismet.rules import Category, Game
from tools.solve import Machine

GAMES = 400
"""Games played: the average's standard error is then about 2.5 points."""


def machine_of(advisor: Advisor) -> Machine:
    """The numpy turn machine holding the table's values (in float64, as the advisor
    gives them)."""
    machine = Machine(np.float64)
    for filled in range(pos.FULL):
        limit = st.subtotal_limit(filled) + 1
        for joker in (0, 1) if filled & pos.KISMET_BIT else (0,):
            machine.values[filled, :limit, joker] = [
                advisor.future(filled, sub, bool(joker)) for sub in range(limit)
            ]
    return machine


def turns_of(machine: Machine, states: list[State]) -> dict[State, TurnValues]:
    """Each state's turn values (``kismet.advice.strategy.solve_turn``), all at once."""
    rows = np.array([(s.filled, s.subtotal, int(s.joker)) for s in states], dtype=np.int64)
    last = machine.last_values(rows[:, 0], rows[:, 1], rows[:, 2])
    keep0 = machine.stage(last)
    second = machine.best_subkeep(keep0)
    keep1 = machine.stage(second)
    first = machine.best_subkeep(keep1)
    keep2 = machine.stage(first)
    return {
        state: TurnValues(
            state,
            (tuple(last[i].tolist()), tuple(second[i].tolist()), tuple(first[i].tolist())),
            (tuple(keep0[i].tolist()), tuple(keep1[i].tolist()), tuple(keep2[i].tolist())),
        )
        for i, state in enumerate(states)
    }


def play(table: Path, games: int) -> list[list[int]]:
    """Solo games of perfect play, seeded 1 to ``games``: each one's 15 boxes, in the
    sheet's order, then its total."""
    advisor = Advisor.from_file(table)
    machine = machine_of(advisor)
    given: dict[State, TurnValues] = {}
    advisor.turn = lambda state: given[turn_key(state)]  # type: ignore[method-assign]
    played = [(Game(["Perfect"], seed=seed), random.Random(seed)) for seed in range(1, games + 1)]
    going = played
    while going:
        given.clear()
        starts = {turn_key(State.of(game, game.current)) for game, _ in going}
        given.update(turns_of(machine, list(starts)))
        for game, rng in going:
            scored = False
            while not scored:
                for step in plan(game, Level.PERFECT, advisor, rng):
                    step.apply(game)
                    scored = step.kind is StepKind.SCORE
        going = [(game, rng) for game, rng in going if not game.is_over]
    sheets = [game.sheet(0) for game, _ in played]
    return [[sheet[c] or 0 for c in Category] + [game.total(0)]
            for sheet, (game, _) in zip(sheets, played, strict=True)]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--table", required=True, help="the strategy table (strategy.bin)")
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("--games", type=int, default=GAMES)
    args = parser.parse_args()
    games = play(Path(args.table), args.games)
    boxes = [sum(g[i] for g in games) / len(games) for i in range(len(Category))]
    totals = [g[-1] for g in games]
    bins: dict[int, int] = {}
    for total in totals:
        bins[total // BIN * BIN] = bins.get(total // BIN * BIN, 0) + 1
    figures = {
        "games": len(games),
        "expected": round(Advisor.from_file(Path(args.table)).future(0, 0, False), 2),
        "average": round(sum(totals) / len(totals), 2),
        "boxes": [round(b, 2) for b in boxes],
        "bins": sorted([low, n] for low, n in bins.items()),
    }
    Path(args.out).write_text(json.dumps(figures), encoding="utf-8")


if __name__ == "__main__":
    main()
