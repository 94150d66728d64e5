#!/usr/bin/env python3
"""Storage benchmark: how many finished games fit in a browser's storage, and how long the
statistics take to compute over them.

    .venv/bin/python benchmarks/records.py [--games 3000]

Plays seeded games (solo and two-player) with random choices, records them as the app does
(``kismet.app.base.finished.Finished``, decisions priced), and prints the stored bytes per game
(compact JSON, as ``kismet:v1:history`` holds it), how many games fit in 5 MB, and the
median time (in CPython) to build one player's statistics, to read the detailed games as
the page does at start (measured for size and nesting first), and to replay every record as
an import does. Run by hand; no test asserts on these figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet.app.base.finished import Finished
from kismet.app.guidance.stats import player_stats
from kismet.app.keeping.folded import Folded
from kismet.app.keeping.ledger import HISTORY_LIMIT, read_records
from kismet.app.keeping.storage import HISTORY_KEY, LIMITS
from kismet.rules import Game
from kismet.rules.bounded import depth, load_json

FIVE_MB = 5 * 1024 * 1024


def played(players: list[str], seed: int) -> Finished:
    rng = random.Random(seed)
    game = Game(players, seed=seed)
    while not game.is_over:
        game.roll()
        if rng.random() < 0.5 and game.can_roll():
            game.roll()
        game.score(rng.choice(game.open_boxes(game.current)))
    when = f"2026-11-{1 + seed % 28:02d}T10:00:00+00:00"
    record = Finished.of(f"{seed:016x}", when, game, ("human",) * len(players), None)
    return record.priced(tuple(rng.uniform(0, 60) for _ in players))


def timed(run: object, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    for players in (["Ann"], ["Ann", "Bo"]):
        records = [played(players, seed) for seed in range(200)]
        size = len(json.dumps([r.to_dict() for r in records], separators=(",", ":"))) / 200
        print(f"{len(players)} player(s): {size:.0f} bytes per game; "
              f"{FIVE_MB / size:,.0f} games fit in 5 MB")  # fmt: skip
    history = [played(["Ann"] if s % 3 else ["Ann", "Bo"], s) for s in range(args.games)]
    stats_ms = timed(lambda: player_stats(history, Folded(), "Ann"))
    verify_ms = timed(lambda: [r.verify() for r in history], repeat=3)
    print(f"statistics of one name over {args.games} games: median {stats_ms:.0f} ms (CPython)")
    kept = history[-HISTORY_LIMIT:]
    raw = json.dumps([r.to_dict() for r in kept], separators=(",", ":"))
    parse_ms = timed(lambda: json.loads(raw))
    bounded_ms = timed(lambda: load_json(raw, HISTORY_KEY, LIMITS[HISTORY_KEY]))
    depth_ms = timed(lambda: depth(raw))
    read_ms = timed(lambda: read_records(load_json(raw, HISTORY_KEY, LIMITS[HISTORY_KEY])))
    print(f"reading the {len(kept)} detailed games at start ({len(raw) / 1e6:.2f} MB): "
          f"json.loads {parse_ms:.1f} ms, measured first {bounded_ms:.1f} ms (the nesting "
          f"check alone {depth_ms:.1f} ms), into records {read_ms:.0f} ms (medians, CPython)")  # fmt: skip
    print(f"replaying all {args.games} games as an import does: median {verify_ms:.0f} ms")


if __name__ == "__main__":
    main()
