"""Fit on the screens people have, measured (in Chromium), not only looked at: on a phone
(360 x 640, 390 x 844) a computer's name whole in its chip, two players' chips in one row
and four in at most two, every dialog's Close in view; on a laptop (1366 x 768, 1280 x 720)
every player's total and chance to win in view mid-game without scrolling the page, and the
winner's banner at the game's end. Light and dark, English and Korean; screenshots in
tests/artifacts/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kismet.app.base.table import Table
from kismet.rules import Game
from tests.conftest import Site, artifact, open_app, reveal
from tests.test_phone import IN_VIEW, start_game

pytestmark = pytest.mark.browser

PHONES = {"360x640": (360, 640), "390x844": (390, 844)}
LAPTOPS = {"1366x768": (1366, 768), "1280x720": (1280, 720)}
LOCALES = {"en": "en-GB", "ko": "ko-KR"}

CHIP_ROWS = """() => new Set([...document.querySelectorAll('table.sheet tr.grand-row td')]
  .map((td) => Math.round(td.getBoundingClientRect().top))).size"""
"""How many rows the totals strip's chips take."""

WHOLE = """el => el.scrollWidth <= el.clientWidth + 0.5"""
"""Whether an element shows its text whole (nothing cut, no ellipsis)."""


def device(browser: Any, size: tuple[int, int], lang: str, scheme: str) -> Any:
    phone = size[0] < 600
    viewport = {"width": size[0], "height": size[1]}
    return browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone,
                               locale=LOCALES[lang], color_scheme=scheme)  # fmt: skip


def chances_shown(page: Any, players: int) -> None:
    """Wait for every player's chance beside their total."""
    page.wait_for_function(
        "n => [...Array(n).keys()].every((p) => document.querySelector("
        "`[data-testid=win-chance-${p}]`)?.dataset.chance)",
        arg=players,
        timeout=60_000,
    )


def in_view(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).evaluate(IN_VIEW))


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("lang", LOCALES)
def test_on_a_phone_chips_fit_computer_names_whole_and_every_close_in_view(
    browser: Any, site: Site, size: str, lang: str
) -> None:
    scheme = "dark" if lang == "ko" else "light"
    context = device(browser, PHONES[size], lang, scheme)
    page = open_app(context.new_page(), site.url + "?seed=5")
    # Against the Shark: two chips in one row, the computer's name whole beside its mark.
    reveal(page, "new-game").click()
    page.click("[data-testid=play-win]")
    chances_shown(page, 2)
    assert page.evaluate(CHIP_ROWS) == 1
    name = page.locator("[data-testid=total-1] .strip-name")
    assert name.evaluate(WHOLE) and page.locator("[data-testid=total-1] .computer-mark").count()
    assert name.locator(".visually-hidden").count() == 1  # screen readers hear "computer"
    page.screenshot(path=artifact(f"fit-shark-{size}-{lang}-{scheme}.png"))
    # Four at the table, two of them computers: at most two rows, computers' names whole.
    start_game(page, ["Ann", "Bo", "", ""], ["human", "human", "good", "win"])
    chances_shown(page, 4)
    assert page.evaluate(CHIP_ROWS) <= 2
    for p in (2, 3):
        assert page.locator(f"[data-testid=total-{p}] .strip-name").evaluate(WHOLE), p
    page.screenshot(path=artifact(f"fit-four-{size}-{lang}-{scheme}.png"))
    # Every dialog the menu opens: its Close (the ✕ at its head, or the button at its foot)
    # in view without scrolling it.
    for opener, dialog in (("help", "#help-dialog"), ("stats", "#stats-dialog"),
                           ("print", "#print-dialog"), ("daily", "#daily-dialog"),
                           ("new-game", "#new-game-dialog")):  # fmt: skip
        reveal(page, opener).click()
        page.wait_for_selector(f"{dialog}[open]")
        closes = page.locator(f"{dialog} [data-action=close-dialog]")
        assert any(closes.nth(i).evaluate(IN_VIEW) for i in range(closes.count())), opener
        if opener == "stats":  # no game finished yet: no empty list of names to choose from
            page.wait_for_selector("[data-testid=stats-body] p")
            assert page.locator("[data-testid=stats-player]").is_hidden()
        page.screenshot(path=artifact(f"fit-dialog-{opener}-{size}-{lang}-{scheme}.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}:not([open])", state="attached")
    context.close()


def mid_game() -> str:
    """A stored game of two people halfway through: 15 boxes filled, Ann to move."""
    game = Game(["Ann", "Bo"], seed=11)
    while len(game.history) < 16:
        game.roll()
        game.score(game.open_boxes(game.current)[0])
    return json.dumps(Table(game, (None, None), started="2026-12-01T08:00:00+00:00").to_dict())


@pytest.mark.parametrize("size", LAPTOPS)
@pytest.mark.parametrize("lang", LOCALES)
def test_on_a_laptop_the_totals_and_chances_stay_in_view_and_the_winner_shows(
    browser: Any, site: Site, size: str, lang: str
) -> None:
    scheme = "light" if lang == "en" else "dark"
    context = device(browser, LAPTOPS[size], lang, scheme)
    page = open_app(context.new_page(), site.url)
    page.evaluate("(s) => localStorage.setItem('kismet:v1:game', s)", mid_game())
    open_app(page, site.url)
    chances_shown(page, 2)
    page.click("[data-testid=roll]")
    for p in (0, 1):
        assert in_view(page, f"[data-testid=total-{p}]"), p
        assert in_view(page, f"[data-testid=win-chance-{p}]"), p
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    page.screenshot(path=artifact(f"fit-laptop-{size}-{lang}-{scheme}.png"))
    # The last box of the game: the winner's banner stays over the result.
    finished = Game(["Ann", "Bo"], seed=11)
    while len(finished.history) < 29:
        finished.roll()
        finished.score(finished.open_boxes(finished.current)[0])
    table = Table(finished, (None, None), started="2026-12-01T08:00:00+00:00")
    page.evaluate("(s) => localStorage.setItem('kismet:v1:game', s)", json.dumps(table.to_dict()))
    open_app(page, site.url)
    page.click("[data-testid=roll]")
    page.locator("[data-testid^=cell-1-] button.option").first.click()
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=game-over]")
    banner = page.locator("[data-testid=celebrate]")
    banner.wait_for()
    page.wait_for_timeout(3_000)  # past the cheer's own animation: it stays
    assert in_view(page, "[data-testid=celebrate]") and banner.text_content()
    assert float(banner.evaluate("el => getComputedStyle(el).opacity")) > 0.9
    page.screenshot(path=artifact(f"fit-over-{size}-{lang}-{scheme}.png"))
    context.close()
