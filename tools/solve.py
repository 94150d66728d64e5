"""Build-time solve of Kismet's optimal solitaire strategy, with numpy.

Backward induction over turn-start states (filled boxes, Basic subtotal capped at 78, joker),
from the full sheet down to the empty one. Each state's value is the exact expectation over
its turn: the best box after the last roll, the best keep before the second and third rolls,
using the same rolls, keeps and scores as ``kismet.strategy`` (which does the same per turn
in plain Python for the browser). Run by ``build.py build`` through ``strategy_table()``.
"""

from __future__ import annotations

import argparse
import struct
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet import strategy as st
from kismet.scoring import upper_bonus

CHUNK = 4096
DTYPE = np.float32  # ample for two decimals of a total near 315, and half the memory traffic


def score_tables() -> tuple[np.ndarray, np.ndarray]:
    """Points of each box for each roll, without (0) and with (1) the joker; Basic deltas."""
    points = np.zeros((len(st.BOXES), 2, len(st.ROLLS)), dtype=DTYPE)
    for c, box in enumerate(st.BOXES):
        for j in (0, 1):
            for r, roll in enumerate(st.ROLLS):
                points[c, j, r] = st.box_points(box, roll, bool(j))
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


def solve(verbose: bool = False) -> tuple[np.ndarray, float]:
    """The compact table (layout of ``st.table_layout``) and the value of the empty sheet."""
    started = time.perf_counter()
    points, deltas = score_tables()
    kismet_scores = points[st.BOXES.index(st.Category.KISMET), 0, :] > 0
    kismet_box = st.BOXES.index(st.Category.KISMET)
    roll_keep = np.array(st.ROLL_KEEP)
    expect_plan, best_plan = keep_plan()
    cap = st.SUBTOTAL_CAP
    values = np.zeros((st.FULL + 1, cap + 1, 2), dtype=DTYPE)
    flat = values.reshape(-1)  # index (filled * (cap + 1) + subtotal) * 2 + joker
    values[st.FULL, :, :] = np.array([upper_bonus(s) for s in range(cap + 1)])[:, None]
    popcount = np.array([bin(s).count("1") for s in range(st.FULL + 1)])

    def stage(after: np.ndarray) -> np.ndarray:
        keep = np.empty((after.shape[0], len(st.KEEPS)), dtype=DTYPE)
        keep[:, roll_keep] = after
        for idx, children in expect_plan:
            total = keep[:, children[:, 0]]
            for f in range(1, 6):
                total += keep[:, children[:, f]]
            keep[:, idx] = total * DTYPE(1 / 6)
        return keep

    def best_subkeep(keep: np.ndarray) -> np.ndarray:
        best = keep.copy()
        for idx, parents in best_plan:
            top = best[:, idx]
            for p in range(parents.shape[1]):
                np.maximum(top, best[:, parents[:, p]], out=top)
            best[:, idx] = top
        return best[:, roll_keep]

    for layer in range(len(st.BOXES) - 1, -1, -1):
        rows = [
            (s, sub, j)
            for s in np.flatnonzero(popcount == layer)
            for j in ((0, 1) if s & st.KISMET_BIT else (0,))
            for sub in range(st.subtotal_limit(int(s)) + 1)
        ]
        table = np.array(rows, dtype=np.int64).reshape(-1, 3)
        for start in range(0, len(table), CHUNK):
            part = table[start : start + CHUNK]
            filled, sub, joker = part[:, 0], part[:, 1], part[:, 2]
            last = np.full((len(part), len(st.ROLLS)), -np.inf, dtype=DTYPE)
            for c in range(len(st.BOXES)):
                open_rows = np.flatnonzero((filled >> c & 1) == 0)
                if not len(open_rows):
                    continue
                nxt = (filled[open_rows] | (1 << c))[:, None]
                j = joker[open_rows]
                if c < 6:
                    nsub = np.minimum(cap, sub[open_rows, None] + deltas[c][None, :])
                    njoker = j[:, None]
                elif c == kismet_box:
                    nsub = sub[open_rows, None]
                    njoker = kismet_scores[None, :].astype(np.int64)
                else:
                    nsub = sub[open_rows, None]
                    njoker = j[:, None]
                gained = points[c][j] + flat[(nxt * (cap + 1) + nsub) * 2 + njoker]
                last[open_rows] = np.maximum(last[open_rows], gained)
            keep0 = stage(last)
            keep1 = stage(best_subkeep(keep0))
            keep2 = stage(best_subkeep(keep1))
            values[filled, sub, joker] = keep2[:, st.KEEP_INDEX[()]]
        if verbose:
            print(f"layer {layer:2d}: {len(table):7d} states, "
                  f"{time.perf_counter() - started:6.1f} s", flush=True)  # fmt: skip
    offsets, length = st.table_layout()
    compact = np.empty(length, dtype=np.float64)
    for s in range(st.FULL + 1):
        limit = st.subtotal_limit(s) + 1
        compact[offsets[s] : offsets[s] + limit] = values[s, :limit, 0]
        if s & st.KISMET_BIT:
            compact[offsets[s] + limit : offsets[s] + 2 * limit] = values[s, :limit, 1]
    return compact, float(values[0, 0, 0])


def table_bytes(table: np.ndarray) -> bytes:
    """The table as ``kismet.strategy.Advisor.from_bytes`` reads it: a header, then each
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
