"""Build-time measurement of perfect play: many solo games by the optimal strategy.

The statistics compare a player with perfect play: its average total, each box's average,
and how its totals spread. These are measured here by playing ``GAMES`` seeded solo games
with the strategy table (``kismet.advice.players``, level Perfect), on every core, and
written as JSON. Run by ``build.py build`` through ``perfect_figures()``, cached with the
strategy table's code.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet.advice.level import Level
from kismet.advice.players import play_out
from kismet.advice.strategy import Advisor
from kismet.app.keeping.stats import BIN
from kismet.rules import Category, Game

GAMES = 400
"""Games played: the average's standard error is then about 2.5 points."""

_advisor: Advisor | None = None


def _load(table: str) -> None:
    global _advisor
    _advisor = Advisor.from_file(Path(table))


def play(seed: int) -> list[int]:
    """One seeded game of perfect play: its 15 boxes, in the sheet's order."""
    game = Game(["Perfect"], seed=seed)
    play_out(game, Level.PERFECT, _advisor, random.Random(seed))
    sheet = game.sheet(0)
    return [sheet[c] or 0 for c in Category] + [game.total(0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--table", required=True, help="the strategy table (strategy.bin)")
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("--games", type=int, default=GAMES)
    args = parser.parse_args()
    with multiprocessing.Pool(initializer=_load, initargs=(args.table,)) as pool:
        games = pool.map(play, range(1, args.games + 1), chunksize=8)
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
