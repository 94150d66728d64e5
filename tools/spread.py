"""Build-time solve of the spread of each player's final score under perfect play, with numpy.

The strategy table (``tools/solve.py``) holds the mean of the points still to come from
every turn-start state under the policy that maximises it. Win chances need their spread
too: this runs the same backward induction, following the same choices (the box and the
keep with the best mean), and carries the second moment beside the mean: filling a box for
``p`` points that leads to a state with mean ``V`` and second moment ``W`` contributes
``p^2 + 2pV + W``; a roll's expectation is linear in both. The standard deviation
``sqrt(W - V^2)`` of every state is written in ``kismet.advice.chances``'s layout (the
strategy table's, one byte a state in half points). Run by ``build.py build``, which also
takes the strategy table from it (``--strategy-out``: the means, the same table as
``tools/solve.py``'s, whose solve would repeat this one's half).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet.advice import spread as ch
from kismet.advice import state as pos
from kismet.advice import strategy as st
from kismet.rules import Category, upper_bonus
from tools.solve import keep_plan, layers, table_bytes

CHUNK = 256
"""States solved at once: small enough that a chunk's keep arrays (462 keeps x 2 x 256
float32, under 1 MB) stay in the core's cache; the tables are byte for byte the same at
any size (docs/figures.md, "Behind the code's choices")."""
DTYPE = np.float32  # the spread's rounding (half a point) is far coarser than its error
Array = np.ndarray


class PairMachine:
    """The vectorised turn for many states at once, carrying (mean, second moment)."""

    def __init__(self) -> None:
        rolls = st.ROLLS
        self.points = np.array(
            [
                [[pos.box_points(box, r, bool(j)) for r in rolls] for j in (0, 1)]
                for box in pos.BOXES
            ],
            dtype=DTYPE,
        )
        self.deltas = self.points[:6, 0, :].astype(np.int64)
        self.kismet_box = pos.BOXES.index(Category.KISMET)
        self.kismet_scores = (self.points[self.kismet_box, 0, :] > 0).astype(np.int64)
        self.roll_keep = np.array(st.ROLL_KEEP)
        self.expect_plan, self.best_plan = keep_plan()
        cap = pos.SUBTOTAL_CAP
        shape = (pos.FULL + 1, cap + 1, 2)
        self.mean = np.zeros(shape, dtype=DTYPE)
        self.second = np.zeros(shape, dtype=DTYPE)
        bonus = np.array([upper_bonus(s) for s in range(cap + 1)], dtype=DTYPE)[:, None]
        self.mean[pos.FULL] = bonus
        self.second[pos.FULL] = bonus**2
        self.flat_mean = self.mean.reshape(-1)
        self.flat_second = self.second.reshape(-1)

    def _boxes(
        self, filled: np.ndarray, sub: np.ndarray, joker: np.ndarray
    ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """For each box: the states where it is open, its points for each roll, and the
        index of the state each roll leads to."""
        cap = pos.SUBTOTAL_CAP
        for c in range(len(pos.BOXES)):
            rows = np.flatnonzero((filled >> c & 1) == 0)
            if not len(rows):
                continue
            nxt = (filled[rows] | (1 << c))[:, None]
            j = joker[rows]
            nsub = sub[rows, None]
            njoker = j[:, None]
            if c < 6:
                nsub = np.minimum(cap, nsub + self.deltas[c][None, :])
            elif c == self.kismet_box:
                njoker = self.kismet_scores[None, :]
            yield rows, self.points[c][j], (nxt * (cap + 1) + nsub) * 2 + njoker

    def last(
        self, filled: np.ndarray, sub: np.ndarray, joker: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """(states, rolls) after the last roll: the best box's mean, and its second moment."""
        mean = np.full((len(filled), len(st.ROLLS)), -np.inf, dtype=DTYPE)
        second = np.zeros_like(mean)
        for rows, points, index in self._boxes(filled, sub, joker):
            m, w = self.flat_mean[index], self.flat_second[index]
            gained = points + m
            top, top2 = mean[rows], second[rows]
            better = gained > top
            np.copyto(top, gained, where=better)
            np.copyto(top2, points * (points + 2 * m) + w, where=better)
            mean[rows], second[rows] = top, top2
        return mean, second

    # From here on the keeps (or rolls) are the first axis and the states the second, the
    # means beside the second moments (states 0..n-1, then n..2n-1): each step gathers
    # whole rows, about twice as fast as the states-first layout.

    def stage(self, after: np.ndarray) -> np.ndarray:
        """(keeps, columns) from (rolls, columns): the mean over the re-rolled dice (linear,
        so the same for both moments)."""
        keep = np.empty((len(st.KEEPS), after.shape[1]), dtype=DTYPE)
        keep[self.roll_keep] = after
        for idx, children in self.expect_plan:
            total = keep[children[:, 0]]
            for f in range(1, 6):
                total += keep[children[:, f]]
            keep[idx] = total * DTYPE(1 / 6)
        return keep

    def best_subkeep(self, keep: np.ndarray) -> np.ndarray:
        """(rolls, columns) from (keeps, columns): for each roll, the sub-multiset with the
        best mean, and that keep's moments."""
        half = keep.shape[1] // 2
        best = keep.copy()
        mean, second = best[:, :half], best[:, half:]
        for idx, parents in self.best_plan:
            top, top2 = mean[idx], second[idx]
            for p in range(parents.shape[1]):
                candidate = mean[parents[:, p]]
                better = candidate > top
                np.copyto(top, candidate, where=better)
                np.copyto(top2, second[parents[:, p]], where=better)
            mean[idx], second[idx] = top, top2
        return best[self.roll_keep]

    def start(
        self, filled: np.ndarray, sub: np.ndarray, joker: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """The moments of the points still to come before the turn's first roll."""
        mean, second = self.last(filled, sub, joker)
        keep = self.stage(np.concatenate([mean.T, second.T], axis=1))
        for _ in range(2):
            keep = self.stage(self.best_subkeep(keep))
        empty, half = st.KEEP_INDEX[()], len(filled)
        return keep[empty, :half], keep[empty, half:]


MACHINE: list[PairMachine] = []
"""The machine the worker processes inherit (forked after each layer, so they see every
state solved so far)."""


def _part(part: Array) -> tuple[Array, Array]:
    return MACHINE[0].start(part[:, 0], part[:, 1], part[:, 2])


def solve(verbose: bool = False, workers: int | None = None) -> tuple[Array, Array]:
    """Every state's mean and standard deviation, in the strategy table's layout; each
    layer's states are shared among ``workers`` processes (one per core)."""
    started = time.perf_counter()
    machine = PairMachine()
    MACHINE[:] = [machine]
    workers = workers or os.cpu_count() or 1
    context = multiprocessing.get_context("fork")
    for layer, table in layers():
        parts = [table[begin : begin + CHUNK] for begin in range(0, len(table), CHUNK)]
        if workers > 1 and len(parts) > 1:
            with context.Pool(workers) as pool:
                solved = pool.map(_part, parts)
        else:
            solved = [_part(part) for part in parts]
        for part, (mean, second) in zip(parts, solved, strict=True):
            filled, sub, joker = part[:, 0], part[:, 1], part[:, 2]
            machine.mean[filled, sub, joker] = mean
            machine.second[filled, sub, joker] = second
        if verbose:
            print(f"layer {layer:2d}: {len(table):7d} states, "
                  f"{time.perf_counter() - started:6.1f} s", flush=True)  # fmt: skip
    offsets, length = st.table_layout()
    means, spreads = np.empty(length), np.empty(length)
    for s in range(pos.FULL + 1):
        limit = st.subtotal_limit(s) + 1
        for j in (0, 1) if s & pos.KISMET_BIT else (0,):
            at = offsets[s] + j * limit
            m = machine.mean[s, :limit, j].astype(np.float64)
            w = machine.second[s, :limit, j].astype(np.float64)
            means[at : at + limit] = m
            spreads[at : at + limit] = np.sqrt(np.maximum(w - m * m, 0.0))
    return means, spreads


def spread_bytes(spreads: np.ndarray) -> bytes:
    """The table as ``kismet.advice.spread.Spread.from_bytes`` reads it: a header, then
    each state's standard deviation in steps of ``SPREAD_STEP`` points, one byte each."""
    scaled = np.rint(spreads / ch.SPREAD_STEP)
    if scaled.min() < 0 or scaled.max() > 0xFF:
        raise ValueError(f"spreads out of the table's range (largest {spreads.max():.1f})")
    header = ch.SPREAD_MAGIC + struct.pack("<II", ch.SPREAD_VERSION, len(spreads))
    return header + scaled.astype("u1").tobytes()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the table here")
    parser.add_argument("--strategy-out", type=Path, help="write the means here, as solve.py")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    means, spreads = solve(verbose=not args.quiet)
    if args.strategy_out:
        args.strategy_out.parent.mkdir(parents=True, exist_ok=True)
        args.strategy_out.write_bytes(table_bytes(means))
    offsets, _ = st.table_layout()
    empty = offsets[0]
    print(f"from an empty sheet: mean {means[empty]:.4f}, standard deviation "
          f"{spreads[empty]:.4f}, largest spread {spreads.max():.2f} "
          f"({len(spreads)} states, mean {math.fsum(spreads) / len(spreads):.2f})")  # fmt: skip
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(spread_bytes(spreads))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
