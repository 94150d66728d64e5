#!/usr/bin/env python3
"""Screenshots of the play screen to look at: every size (360x640, 390x844, 1280x800), both
schemes, both languages, 1, 3 and 8 players, at a turn's start, after a roll and at game
over (108 pictures in tests/artifacts/screens/, named SIZE-PLAYERSp-SCHEME-LANG-MOMENT.png).

    .venv/bin/python tools/screens.py [--sizes 360x640,...] [--players 1,3,8]

Builds the site, serves it and drives Chromium (Playwright's own, else the system's), as
the tests do. Run by hand after a change to the layout; no test depends on it.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402

OUT = ROOT / "tests" / "artifacts" / "screens"


def shoot(browser: object, url: str, size: str, players: int, scheme: str, lang: str) -> None:
    width, height = (int(n) for n in size.split("x"))
    phone = width < 600
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
        color_scheme=scheme, locale="ko-KR" if lang == "ko" else "en-GB",
    )  # fmt: skip
    page = context.new_page()
    page.goto(url + "?seed=3")
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    if players > 1:
        menu = page.locator("[data-testid=menu]")
        if not page.locator("[data-testid=new-game]").is_visible():
            menu.click()
        page.click("[data-testid=new-game]")
        while page.locator("[data-testid^=player-name-]").count() < players:
            page.click("[data-testid=add-player]")
        page.click("[data-testid=start-game]")
    name = f"{size}-{players}p-{scheme}-{lang}"
    page.screenshot(path=OUT / f"{name}-start.png")
    page.click("[data-testid=roll]")
    page.screenshot(path=OUT / f"{name}-roll.png")
    while not page.locator("[data-testid=game-over]").count():
        if (
            page.locator(
                "table.sheet td.focus button.option, table.sheet td.current button.option"
            ).count()
            == 0
        ):
            page.click("[data-testid=roll]")
        page.locator("table.sheet td.current button.option").first.click()
        if page.locator("#confirm-dialog[open]").count():
            page.click("[data-testid=confirm]")
    page.wait_for_timeout(400)
    page.screenshot(path=OUT / f"{name}-over.png")
    context.close()


@contextmanager
def served() -> Iterator[tuple[Any, str]]:
    """The site built and served, and Chromium (Playwright's own, else the system's): the
    browser and the site's address."""
    from playwright.sync_api import sync_playwright

    root = build()
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            executable = chromium_executable(playwright.chromium)
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            yield browser, f"http://127.0.0.1:{server.server_address[1]}/"
            browser.close()
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="360x640,390x844,1280x800")
    parser.add_argument("--players", default="1,3,8")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with served() as (browser, url):
        for size in args.sizes.split(","):
            for players in (int(n) for n in args.players.split(",")):
                for scheme in ("light", "dark"):
                    for lang in ("en", "ko"):
                        shoot(browser, url, size, players, scheme, lang)
                        print(f"{size} {players}p {scheme} {lang}", flush=True)
    print(f"Wrote {len(list(OUT.glob('*.png')))} screenshots to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
