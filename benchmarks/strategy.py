#!/usr/bin/env python3
"""Strategy benchmark: the solve, the table, decision times, and how each level scores.

    .venv/bin/python benchmarks/strategy.py [--games 10000] [--perfect-games 20000]

- The full solve (tools/solve.py) in a child process: wall time and peak memory.
- The table's size, raw and gzip-compressed.
- Decision time in CPython: a hint (Advisor.choices) for mid-game positions, median.
- Mean score of each computer level over seeded solitaire games with its 95% interval.
  Perfect and Good are simulated in numpy with the same values and the same rules of choice
  as kismet.advice.players (cross-checked against kismet.advice.players itself on a few hundred games);
  Casual runs kismet.advice.players directly. The optimal policy's mean must fall within the 95%
  interval of the solved expectation (315.10).
Run by hand, not in CI.
"""

from __future__ import annotations

import argparse
import gzip
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import solve as solver  # noqa: E402

from kismet.advice import state as pos  # noqa: E402
from kismet.advice import strategy as st  # noqa: E402
from kismet.advice.level import Level  # noqa: E402
from kismet.advice.players import GOOD_MARGIN, play_out  # noqa: E402
from kismet.rules import Game, upper_bonus  # noqa: E402

ROLL_OF_CODE = np.full(7**5, -1, dtype=np.int64)
for _index, _roll in enumerate(st.ROLLS):
    ROLL_OF_CODE[sum(f * 7**i for i, f in enumerate(_roll))] = _index
KEPT = np.zeros((len(st.KEEPS), 5), dtype=np.int64)
for _index, _keep in enumerate(st.KEEPS):
    KEPT[_index, : len(_keep)] = _keep
KEPT_SIZE = np.array([len(k) for k in st.KEEPS])
SUBKEEP = np.zeros((len(st.ROLLS), len(st.KEEPS)), dtype=bool)
for _r, _roll in enumerate(st.ROLLS):
    for _keep in st.sub_multisets(_roll):
        SUBKEEP[_r, st.KEEP_INDEX[_keep]] = True
FULL_KEEP = np.array(st.ROLL_KEEP)


def roll_index(dice: np.ndarray) -> np.ndarray:
    ordered = np.sort(dice, axis=1)
    return ROLL_OF_CODE[(ordered * 7 ** np.arange(5)).sum(axis=1)]


def choose(values: np.ndarray, allowed: np.ndarray, level: str, rng: np.random.Generator):
    """Per row: the first best allowed option, or (Good) any allowed one within the margin."""
    masked = np.where(allowed, values, -np.inf)
    best = masked.max(axis=1, keepdims=True)
    if level == "perfect":
        return np.argmax(masked >= best, axis=1)
    near = masked >= best - GOOD_MARGIN
    return np.argmax(near * rng.random(values.shape), axis=1)


def simulate(machine: solver.Machine, level: str, games: int, seed: int) -> np.ndarray:
    """Final grand totals of ``games`` solitaire games played by a table level, in numpy."""
    rng = np.random.default_rng(seed)
    filled = np.zeros(games, dtype=np.int64)
    sub = np.zeros(games, dtype=np.int64)
    joker = np.zeros(games, dtype=np.int64)
    basic = np.zeros(games, dtype=np.int64)
    total = np.zeros(games, dtype=np.int64)
    rows = np.arange(games)
    for _ in range(len(pos.BOXES)):
        boxes = machine.box_values(filled, sub, joker)
        keep0, keep1, _ = machine.keeps(boxes.max(axis=1))
        dice = rng.integers(1, 7, size=(games, 5))
        stopped = np.zeros(games, dtype=bool)
        for keep_values in (keep1, keep0):
            roll = roll_index(dice)
            pick = choose(keep_values, SUBKEEP[roll], level, rng)
            stopped |= pick == FULL_KEEP[roll]
            fresh = rng.integers(1, 7, size=(games, 5))
            kept = np.arange(5)[None, :] < KEPT_SIZE[pick][:, None]
            dice = np.where(stopped[:, None], dice, np.where(kept, KEPT[pick], fresh))
        roll = roll_index(dice)
        box = choose(boxes[rows, :, roll], np.isfinite(boxes[rows, :, roll]), level, rng)
        points = machine.points[box, joker, roll].astype(np.int64)
        total += points
        basic += np.where(box < 6, points, 0)
        sub = np.minimum(pos.SUBTOTAL_CAP, basic)
        joker = np.where((box == machine.kismet_box) & (points > 0), 1, joker)
        filled |= 1 << box
    return total + np.array([upper_bonus(int(b)) for b in basic])


def play_with_kismet_players(level: str, games: int, advisor: st.Advisor | None) -> list[int]:
    """Final totals of seeded games played step by step by kismet.advice.players (the app's code)."""
    totals = []
    for seed in range(games):
        game = Game(["Computer"], seed=seed)
        play_out(game, Level(level), advisor, random.Random(seed))
        totals.append(game.total(0))
    return totals


HINT_ONCE = """async () => {
  const panel = document.querySelector('[data-testid=hint-panel]');
  panel.hidden = true;
  const shown = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (!panel.hidden) { seen.disconnect(); resolve(performance.now()); }
    });
    seen.observe(panel, {attributes: true, childList: true, subtree: true});
  });
  const start = performance.now();
  document.querySelector('[data-testid=hint]').click();
  return (await shown) - start;
}"""


def browser_hint_times(hints: int) -> list[float]:
    """Click-to-hint times in the app under Pyodide (the table already loaded)."""
    import threading

    from startup import ready_to_roll

    from tests.conftest import CHROMIUM_ARGS, chromium_executable
    from tools.builder.server import make_server
    from tools.builder.site import build

    site = build()
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?seed=5"
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(playwright.chromium), args=CHROMIUM_ARGS
        )
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        page.click("[data-testid=roll]")
        page.click("[data-testid=hint]")  # the first hint also fetches the table
        page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=120_000)
        while len(times) < hints:
            if ready_to_roll(page):
                page.click("[data-testid=roll]")
                times.append(page.evaluate(HINT_ONCE))
        browser.close()
    server.shutdown()
    return times


def interval(totals: np.ndarray | list[int]) -> tuple[float, float, float]:
    values = np.asarray(totals, dtype=np.float64)
    mean = float(values.mean())
    half = 1.96 * float(values.std(ddof=1)) / len(values) ** 0.5
    return mean, mean - half, mean + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--perfect-games", type=int, default=20_000)
    parser.add_argument("--check-games", type=int, default=300)
    parser.add_argument("--hints", type=int, default=30)
    args = parser.parse_args()
    lines = [f"Kismet strategy benchmark, {time.strftime('%Y-%m-%d')}"]

    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "strategy.bin"
        started = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "tools" / "solve.py"), "--quiet",
                        "--out", str(out)], check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        seconds = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        data = out.read_bytes()
    lines.append(f"full solve: {seconds:.1f} s, peak memory {peak:.0f} MB"
                 "   goal: < 60 s, < 1 GB")  # fmt: skip
    packed = len(gzip.compress(data, 9)) / 1e6
    lines.append(f"table: {len(data) / 1e6:.2f} MB raw, {packed:.2f} MB gzip   goal: <= 3 MB gzip")
    advisor = st.Advisor.from_bytes(data)

    rng = random.Random(1)
    timings = []
    for _ in range(60):
        game = Game(["Solo"], seed=rng.randrange(10**6))
        for _ in range(rng.randrange(14)):
            game.roll()
            game.score(rng.choice(list(game.options())))
        game.roll()
        advisor._turns.clear()  # a fresh position: no per-turn values kept
        t0 = time.perf_counter()
        advisor.choices(game)
        timings.append((time.perf_counter() - t0) * 1000)
    lines.append(f"hint in CPython: median {statistics.median(timings):.1f} ms   goal: < 100 ms")
    in_browser = browser_hint_times(args.hints)
    lines.append(f"hint in the browser (Pyodide), {len(in_browser)} hints: median "
                 f"{statistics.median(in_browser):.1f} ms, slowest {max(in_browser):.1f} ms"
                 "   goal: < 100 ms")  # fmt: skip

    machine = solver.Machine()
    solver.solve(machine=machine)
    for level, games in (("perfect", args.perfect_games), ("good", args.games)):
        mean, low, high = interval(simulate(machine, level, games, seed=2026))
        lines.append(f"{level:8s} {games:6d} games: mean {mean:6.2f}, 95% [{low:.2f}, {high:.2f}]")
        if level == "perfect":
            inside = low <= 315.10 <= high
            lines.append(f"  the solved 315.10 is {'inside' if inside else 'OUTSIDE'} the interval")
        check = play_with_kismet_players(level, args.check_games, advisor)
        mean2, low2, high2 = interval(check)
        lines.append(f"  kismet.advice.players, {len(check)} games: mean {mean2:.2f}, "
                     f"95% [{low2:.2f}, {high2:.2f}]")  # fmt: skip
    casual = play_with_kismet_players("casual", args.games, None)
    mean, low, high = interval(casual)
    lines.append(f"casual   {args.games:6d} games: mean {mean:6.2f}, 95% [{low:.2f}, {high:.2f}]"
                 "   (kismet.advice.players)")  # fmt: skip
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
