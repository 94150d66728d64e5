#!/usr/bin/env python3
"""Screenshots of the game's moments to look at, phone (360x640) and laptop (1280x800),
light and dark: the first game's guide, a game over with a new best, a challenge in
progress (the race) and its result, and Compare with Perfect (20 pictures in
tests/artifacts/moments/, named MOMENT-SIZE-SCHEME.png).

    .venv/bin/python tools/moments.py [--sizes 360x640,1280x800]

The games behind them are played in CPython first (``kismet.app.screen.session`` over a memory
storage) and put in the page's storage, so each picture takes a few seconds. Builds the
site, serves it and drives Chromium as the tests do. Run by hand after a change to one of
these screens; no test depends on it.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.app.keeping.storage import MemoryStorage  # noqa: E402
from kismet.app.screen.session import Session  # noqa: E402
from tests.test_moments import stored_before_a_new_best  # noqa: E402
from tests.test_session import finish_randomly  # noqa: E402
from tools.screens import served  # noqa: E402

OUT = ROOT / "tests" / "artifacts" / "moments"
READY = "html[data-ready=true]"


def clock() -> str:
    return "2026-12-01T09:00:00+00:00"


def challenge_code() -> str:
    app = Session(MemoryStorage(), seed=3, clock=clock)
    app.lobby.new_game(["Ann"])
    app.lobby.play_daily(date(2026, 12, 1))
    finish_randomly(app, 5)
    share = app.view().linked.share
    assert share is not None
    return share.code


def stored_daily() -> dict[str, str]:
    storage = MemoryStorage()
    app = Session(storage, seed=3, clock=clock)
    app.lobby.change_settings(guide=False)
    app.lobby.new_game(["Ann"])
    app.lobby.play_daily(date(2026, 12, 1))
    game = app.game
    while len(game.open_boxes(0)) > 1:
        app.moves.roll()
        app.moves.choose(game.open_boxes(0)[-1])
        if app.moves.pending is not None:
            app.moves.confirm()
    return dict(storage.items)


def open_page(browser: Any, url: str, size: str, scheme: str, items: dict[str, str]) -> Any:
    width, height = (int(n) for n in size.split("x"))
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                                  is_mobile=phone, color_scheme=scheme)  # fmt: skip
    if items:
        put = (
            f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v)"
        )
        context.add_init_script(
            "if (!sessionStorage.getItem('moments')) { sessionStorage.setItem('moments', '1');"
            f" {put}; }}"
        )
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=120_000)
    return page


def last_box(page: Any) -> None:
    """Roll and fill the one open box (the page's own flow, to the game over)."""
    page.click("[data-testid=roll]")
    page.locator("table.sheet button.option").first.click()
    if page.locator("#confirm-dialog[open]").count():
        page.click("[data-testid=confirm]")


def shoot(browser: Any, url: str, size: str, scheme: str, code: str) -> None:
    name = f"{size}-{scheme}"
    page = open_page(browser, url, size, scheme, {})
    page.click("[data-testid=roll]")
    page.screenshot(path=OUT / f"guide-{name}.png")
    page.context.close()

    page = open_page(browser, url, size, scheme, stored_before_a_new_best())
    last_box(page)
    page.wait_for_selector("[data-testid=new-best]")
    page.wait_for_timeout(1200)  # the count-up
    page.screenshot(path=OUT / f"new-best-{name}.png")
    page.context.close()

    page = open_page(browser, f"{url}#c={code}", size, scheme, {})
    page.wait_for_selector("#challenge-dialog[open]")
    page.fill("[data-testid=challenge-name]", "Bo")
    page.screenshot(path=OUT / f"challenge-offer-{name}.png")
    page.click("[data-testid=accept-challenge]")
    page.click("[data-testid=guide-skip]")
    for _ in range(5):
        last_box(page)
    page.screenshot(path=OUT / f"challenge-race-{name}.png")
    while not page.locator("[data-testid=game-over]").count():
        last_box(page)
    page.wait_for_timeout(1200)
    page.screenshot(path=OUT / f"challenge-result-{name}.png")
    page.context.close()

    page = open_page(browser, url, size, scheme, stored_daily())
    last_box(page)
    page.wait_for_selector("[data-testid=compare]", timeout=120_000)
    page.click("[data-testid=compare]")
    page.wait_for_selector("#compare-dialog[open]")
    page.screenshot(path=OUT / f"compare-{name}.png")
    page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="360x640,1280x800")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    code = challenge_code()
    with served() as (browser, url):
        for size in args.sizes.split(","):
            for scheme in ("light", "dark"):
                shoot(browser, url, size, scheme, code)
                print(f"{size} {scheme}", flush=True)
    print(f"Wrote {len(list(OUT.glob('*.png')))} screenshots to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
