"""Build-time solve of Kismet's optimal solitaire strategy, with numpy.

Backward induction over turn-start states (filled boxes, Basic subtotal capped at 78, joker),
from the full sheet down to the empty one. Each state's value is the exact expectation over
its turn: the best box after the last roll, the best keep before the second and third rolls,
using the same rolls, keeps and scores as ``kismet.advice.strategy`` (which does the same per turn
in plain Python for the browser). Run by ``build.py build`` through ``strategy_table()``.
"""

from __future__ import annotations

import argparse
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet.advice import state as pos
from kismet.advice import strategy as st
from kismet.rules import Category, upper_bonus

CHUNK = 4096
DTYPE = np.float32  # ample for two decimals of a total near 315, and half the memory traffic


def score_tables(dtype: type = DTYPE) -> tuple[np.ndarray, np.ndarray]:
    """Points of each box for each roll, without (0) and with (1) the joker; Basic deltas."""
    points = np.zeros((len(pos.BOXES), 2, len(st.ROLLS)), dtype=dtype)
    for c, box in enumerate(pos.BOXES):
        for j in (0, 1):
            for r, roll in enumerate(st.ROLLS):
                points[c, j, r] = pos.box_points(box, roll, bool(j))
    return points, points[:6, 0, :].astype(np.int64)


def keep_plan() -> tuple[list[tuple[np.ndarray, np.ndarray]], list[tuple[np.ndarray, np.ndarray]]]:
    """Index arrays for the keep recursions, by keep size."""
    sizes = np.array([len(k) for k in st.KEEPS])
    expect = []
    for size in range(4, -1, -1):
        idx = np.flatnonzero(sizes == size)
        expect.append((idx, np.array([st.CHILDREN[i] for i in idx])))
    best = []
    for size in range(1, 6):
        idx = np.flatnonzero(sizes == size)
        parents = [list(st.PARENTS[i]) for i in idx]
        width = max(len(p) for p in parents)
        padded = np.array([p + [p[0]] * (width - len(p)) for p in parents])
        best.append((idx, padded))
    return expect, best


class Machine:
    """The vectorised turn: for many states at once, the values of every roll and keep."""

    def __init__(self, dtype: type = DTYPE) -> None:
        self.dtype = dtype
        self.points, self.deltas = score_tables(dtype)
        self.kismet_box = pos.BOXES.index(Category.KISMET)
        self.kismet_scores = (self.points[self.kismet_box, 0, :] > 0).astype(np.int64)
        self.roll_keep = np.array(st.ROLL_KEEP)
        self.expect_plan, self.best_plan = keep_plan()
        cap = pos.SUBTOTAL_CAP
        self.values = np.zeros((pos.FULL + 1, cap + 1, 2), dtype=dtype)
        self.values[pos.FULL, :, :] = np.array([upper_bonus(s) for s in range(cap + 1)])[:, None]
        self.flat = self.values.reshape(-1)  # (filled * (cap + 1) + subtotal) * 2 + joker

    def box_values(self, filled: np.ndarray, sub: np.ndarray, joker: np.ndarray) -> np.ndarray:
        """(states, boxes, rolls): points of each box plus the value of the state it leads
        to; -inf for a filled box."""
        out = np.full((len(filled), len(pos.BOXES), len(st.ROLLS)), -np.inf, dtype=self.dtype)
        for c, open_rows, gained in self._each_box(filled, sub, joker):
            out[open_rows, c] = gained
        return out

    def last_values(self, filled: np.ndarray, sub: np.ndarray, joker: np.ndarray) -> np.ndarray:
        """(states, rolls): the value of the best box for each roll after the last roll."""
        out = np.full((len(filled), len(st.ROLLS)), -np.inf, dtype=self.dtype)
        for _, open_rows, gained in self._each_box(filled, sub, joker):
            out[open_rows] = np.maximum(out[open_rows], gained)
        return out

    def _each_box(
        self, filled: np.ndarray, sub: np.ndarray, joker: np.ndarray
    ) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
        cap = pos.SUBTOTAL_CAP
        for c in range(len(pos.BOXES)):
            open_rows = np.flatnonzero((filled >> c & 1) == 0)
            if not len(open_rows):
                continue
            nxt = (filled[open_rows] | (1 << c))[:, None]
            j = joker[open_rows]
            if c < 6:
                nsub = np.minimum(cap, sub[open_rows, None] + self.deltas[c][None, :])
                njoker = j[:, None]
            elif c == self.kismet_box:
                nsub = sub[open_rows, None]
                njoker = self.kismet_scores[None, :]
            else:
                nsub = sub[open_rows, None]
                njoker = j[:, None]
            yield c, open_rows, self.points[c][j] + self.flat[(nxt * (cap + 1) + nsub) * 2 + njoker]

    def stage(self, after: np.ndarray) -> np.ndarray:
        """Keep values from roll values: the mean over the re-rolled dice."""
        keep = np.empty((after.shape[0], len(st.KEEPS)), dtype=self.dtype)
        keep[:, self.roll_keep] = after
        for idx, children in self.expect_plan:
            total = keep[:, children[:, 0]]
            for f in range(1, 6):
                total += keep[:, children[:, f]]
            keep[:, idx] = total * self.dtype(1 / 6)
        return keep

    def best_subkeep(self, keep: np.ndarray) -> np.ndarray:
        """Roll values from keep values: the best sub-multiset of each roll to keep."""
        best = keep.copy()
        for idx, parents in self.best_plan:
            top = best[:, idx]
            for p in range(parents.shape[1]):
                np.maximum(top, best[:, parents[:, p]], out=top)
            best[:, idx] = top
        return best[:, self.roll_keep]

    def keeps(self, last: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From the best-box values: keep values before the last, second and first roll."""
        keep0 = self.stage(last)
        keep1 = self.stage(self.best_subkeep(keep0))
        keep2 = self.stage(self.best_subkeep(keep1))
        return keep0, keep1, keep2


def layers() -> Iterator[tuple[int, np.ndarray]]:
    """The turn-start states, a layer at a time from the fullest sheets down: (number of
    boxes filled, rows of (filled set, Basic subtotal, joker))."""
    popcount = np.array([bin(s).count("1") for s in range(pos.FULL + 1)])
    for layer in range(len(pos.BOXES) - 1, -1, -1):
        rows = [
            (s, sub, j)
            for s in np.flatnonzero(popcount == layer)
            for j in ((0, 1) if s & pos.KISMET_BIT else (0,))
            for sub in range(st.subtotal_limit(int(s)) + 1)
        ]
        yield layer, np.array(rows, dtype=np.int64).reshape(-1, 3)


def solve(verbose: bool = False, machine: Machine | None = None) -> tuple[np.ndarray, float]:
    """The compact table (layout of ``st.table_layout``) and the value of the empty sheet."""
    started = time.perf_counter()
    machine = machine or Machine()
    values = machine.values
    for layer, table in layers():
        for start in range(0, len(table), CHUNK):
            part = table[start : start + CHUNK]
            filled, sub, joker = part[:, 0], part[:, 1], part[:, 2]
            keep2 = machine.keeps(machine.last_values(filled, sub, joker))[2]
            values[filled, sub, joker] = keep2[:, st.KEEP_INDEX[()]]
        if verbose:
            print(f"layer {layer:2d}: {len(table):7d} states, "
                  f"{time.perf_counter() - started:6.1f} s", flush=True)  # fmt: skip
    offsets, length = st.table_layout()
    compact = np.empty(length, dtype=np.float64)
    for s in range(pos.FULL + 1):
        limit = st.subtotal_limit(s) + 1
        compact[offsets[s] : offsets[s] + limit] = values[s, :limit, 0]
        if s & pos.KISMET_BIT:
            compact[offsets[s] + limit : offsets[s] + 2 * limit] = values[s, :limit, 1]
    return compact, float(values[0, 0, 0])


def table_bytes(table: np.ndarray) -> bytes:
    """The table as ``kismet.advice.strategy.Advisor.from_bytes`` reads it: a header, then each
    value in hundredths of a point as little-endian unsigned 16-bit integers."""
    scaled = np.rint(table * st.TABLE_SCALE)
    if scaled.min() < 0 or scaled.max() > 0xFFFF:
        raise ValueError("strategy values out of the table's range")
    header = st.TABLE_MAGIC + struct.pack("<II", st.TABLE_VERSION, len(table))
    return header + scaled.astype("<u2").tobytes()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the table here")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    table, start = solve(verbose=not args.quiet)
    print(f"optimal expected solitaire score: {start:.4f} ({len(table)} states)", flush=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(table_bytes(table))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
