#!/usr/bin/env python3
"""How long the Shark and the hint take to weigh a turn for the win, in the game's worker.

    .venv/bin/python benchmarks/decisions.py [--games 3] [--players 2,4,8]

Builds dist/, serves it, opens it in Chromium and starts a game against the Shark, so that
the worker fetches both tables and the modules that weigh choices for the win. Then, in the
worker (``Kismet.python``, where the game runs), it plays ``--games`` seeded games for each
number of players, every seat as Perfect, and at every turn of every seat times:

- the Shark's first decision of the turn (the keep after the first roll): the table's laws
  for every other seat, each box's chance for each roll, the keeps' chain
  (``Aim.of`` then ``best_keep``); its later decisions in the turn reuse that work;
- the hint at the same moment (``coaching.hint`` with a new ``Aim``): the same work, and
  each choice's chance to win.

Each game starts with a new forecast (no law worked out yet), as a page's first game does.
Prints the median and the slowest of each, in ms. Run by hand: no test asserts on time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable, reveal  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402

IN_THE_WORKER = """
import json, random, statistics, time
from kismet.advice.chances import Forecast
from kismet.advice.level import Level
from kismet.advice.players import plan
from kismet.advice.skill import PERFECT
from kismet.advice.winning import Aim
from kismet.app.guidance.coaching import hint
from kismet.rules import Game

session = worker.page.session
advisor, spread = session.coach.advisor, session.odds.spread
found = {}
for players in PLAYERS:
    shark, hinted, where = [], [], []
    for seed in range(1, GAMES + 1):
        forecast = Forecast(advisor, spread)
        game = Game([f"P{i}" for i in range(players)], seed=seed)
        rng = random.Random(seed)
        skills = [PERFECT] * players
        while not game.is_over:
            game.roll()
            started = time.perf_counter()
            aim = Aim.of(forecast, game, skills, game.current)
            aim.best_keep(game.dice, game.rolls_left)
            shark.append(1000 * (time.perf_counter() - started))
            where.append((shark[-1], seed, len(game.open_boxes(game.current))))
            started = time.perf_counter()
            hint(game, advisor, "en", Aim.of(forecast, game, skills, game.current))
            hinted.append(1000 * (time.perf_counter() - started))
            scored = False
            while not scored:
                for step in plan(game, Level.PERFECT, advisor, rng):
                    step.apply(game)
                    scored = step.kind.value == "score"
    found[players] = {
        "shark": [statistics.median(shark), max(shark), len(shark)],
        "hint": [statistics.median(hinted), max(hinted), len(hinted)],
        "slowest": sorted(where, reverse=True)[:3],
    }
json.dumps(found)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games for each number of players")
    parser.add_argument("--players", default="2,4,8")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a constant of kismet.advice.winning, for the run")  # fmt: skip
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]

    root = build()
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(playwright.chromium), args=CHROMIUM_ARGS
        )
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=300_000)
        reveal(page, "new-game").click()
        page.click("[data-testid=play-win]")
        page.evaluate(  # the Shark's game fetches both tables: wait for them in the worker
            "async () => { while (await Kismet.python('worker.page.session.odds.spread is"
            " not None and worker.page.session.coach.advisor is not None') !== true)"
            " await new Promise((done) => setTimeout(done, 200)); }"
        )
        code = IN_THE_WORKER.replace("PLAYERS", repr(players)).replace("GAMES", str(args.games))
        for setting in args.set:  # as benchmarks/to_win.py --set does
            name, value = setting.split("=")
            code = f"import kismet.advice.winning as w; w.{name} = {float(value)!r}\n" + code
        found = json.loads(page.evaluate("code => Kismet.python(code)", code))
        version = browser.version
        browser.close()
    server.shutdown()

    print(
        f"Kismet: weighing a turn for the win in the worker, {time.strftime('%Y-%m-%d')}, "
        f"{platform.machine()}, {os.cpu_count()} cores, Chromium {version}, "
        f"{args.games} games of each size, every seat's turns"
    )
    for size in players:
        shark, hinted = found[str(size)]["shark"], found[str(size)]["hint"]
        print(
            f"  {size} players: Shark's decision median {shark[0]:5.1f} ms, slowest "
            f"{shark[1]:6.1f} ms; hint median {hinted[0]:5.1f} ms, slowest {hinted[1]:6.1f} ms "
            f"({shark[2]} turns)"
        )
        slowest = ", ".join(f"{ms:.0f} ms (game {game}, {left} boxes open)"
                            for ms, game, left in found[str(size)]["slowest"])  # fmt: skip
        print(f"    the Shark's slowest: {slowest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
