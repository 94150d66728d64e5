#!/usr/bin/env python3
"""The win chances' cost in the page: the repaint after a box is filled, with the chances
shown and with them hidden, and the work that brings the next turn's chances.

    .venv/bin/python benchmarks/chances_page.py [--players 2 4 8] [--games 1]

Builds dist/, serves it, and plays whole games in Chromium (every box the highest one
offered). For each turn it measures, in the page:
- the repaint: the click on a box, its Python handler and the new view painted (the
  time the click takes, as the page's Python runs in it);
- the chances: from that click until the next turn's chances are beside the totals (the
  work runs in steps between the page's own work, one player's law at a time);
- the longest task the browser reported (a long-task observer) in that time.
The same games are played again with the chances hidden (the menu's setting), for the
repaint without them. Run by hand after `python3 build.py build`; the figures go in
docs/figures.md, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable, reveal  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402

ONE_TURN = """async (hidden) => {
  const until = (ok, ms) => new Promise((done) => {
    const end = performance.now() + ms;
    const look = () => ok() || performance.now() > end ? done(ok()) : setTimeout(look, 0);
    look();
  });
  const chances = () => [...document.querySelectorAll('[data-testid^=win-chance-]')]
    .map((e) => e.dataset.chance).join();
  const longs = [];
  const watch = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longs.push(entry.duration);
  });
  watch.observe({entryTypes: ['longtask']});
  document.querySelector('[data-testid=roll]').click();
  await until(() => document.querySelector('table.sheet button.option'), 5000);
  const options = [...document.querySelectorAll('table.sheet button.option')];
  const best = options.reduce((a, b) => (Number(b.textContent) > Number(a.textContent) ? b : a));
  const before = chances();
  const start = performance.now();
  best.click();
  const paint = performance.now() - start;
  const yes = document.querySelector('#confirm-dialog[open] [data-testid=confirm]');
  if (yes) yes.click();
  const over = () => document.querySelector('[data-testid=game-over]');
  let work = null;
  if (!hidden && !over() && await until(() => chances() !== before, 20000)) {
    work = performance.now() - start;
  }
  await new Promise((done) => setTimeout(done, 50));
  watch.disconnect();
  return {paint, work, longest: Math.max(0, ...longs), over: Boolean(over())};
}"""


def start(page: Any, url: str, players: int, seed: int) -> None:
    page.goto(f"{url}?seed={seed}")
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    reveal(page, "new-game").click()
    while page.locator("[data-testid^=player-name-]").count() < players:
        page.click("[data-testid=add-player]")
    page.click("[data-testid=start-game]")


def play(browser: Any, url: str, players: int, seed: int, hidden: bool) -> list[dict[str, Any]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    if hidden:
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        page.evaluate("localStorage.setItem('kismet:v1:settings', '{\"chances\": false}')")
    start(page, url, players, seed)
    if not hidden:  # the tables arrive and the first turn's chances are worked out
        page.wait_for_selector("[data-testid=win-chance-0]", timeout=60_000)
    turns = []
    while True:
        turn = page.evaluate(ONE_TURN, hidden)
        turns.append(turn)
        if turn["over"]:
            break
    context.close()
    return turns


def figures(values: list[float]) -> str:
    if not values:
        return "none"
    return f"median {statistics.median(values):.1f}, max {max(values):.0f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    site = build()
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(playwright.chromium), args=CHROMIUM_ARGS
        )
        print(f"Chromium {browser.version}, every turn of {args.games} game(s) per size")
        for players in args.players:
            shown, hidden = [], []
            for game in range(args.games):
                shown += play(browser, url, players, 100 + game, hidden=False)
                hidden += play(browser, url, players, 100 + game, hidden=True)
            print(
                f"{players} players, {len(shown)} turns: repaint with chances "
                f"{figures([t['paint'] for t in shown])}, hidden "
                f"{figures([t['paint'] for t in hidden])}; the next chances there after "
                f"{figures([t['work'] for t in shown if t['work'] is not None])}; longest "
                f"task {figures([t['longest'] for t in shown])}"
            )
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
