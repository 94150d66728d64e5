"""The game's moments in a real Chromium: the first game's guide on a first visit, and a
game over with a new best (``tests/test_finale.py`` has the same rules in CPython)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kismet.app.keeping.storage import MemoryStorage
from kismet.app.screen.session import Session
from kismet.rules import Category
from tests.conftest import Site, artifact, open_app, reveal, watch_page

pytestmark = pytest.mark.browser


def guide_step(page: Any) -> str | None:
    guide = page.locator("[data-testid=guide]")
    return None if not guide.is_visible() else guide.get_attribute("data-step")


def test_a_first_visit_shows_the_guide_and_skipping_ends_it_for_good(page: Any, site: Site) -> None:
    watch = watch_page(page, site.url)
    open_app(page, site.url)
    assert guide_step(page) == "1"
    assert "Tap Roll" in str(page.text_content("[data-testid=guide]"))
    page.click("[data-testid=guide-skip]")
    assert guide_step(page) is None
    open_app(page, site.url)  # reloaded: it does not come back by itself
    assert guide_step(page) is None
    # The rules offer it again, over the game as it stands.
    reveal(page, "help").click()
    page.click("[data-testid=guide-again]")
    assert not page.is_visible("#help-dialog") and guide_step(page) == "1"
    assert not watch.errors, watch.errors


def test_the_guide_is_done_by_playing_a_turn_then_never_comes_back(page: Any, site: Site) -> None:
    watch = watch_page(page, site.url)
    open_app(page, site.url)
    page.click("[data-testid=roll]")
    assert guide_step(page) == "2"
    assert "3 and 4 green" in str(page.text_content("[data-testid=guide]"))  # before a box
    page.screenshot(path=artifact("guide-colours.png"))
    page.click("[data-testid=die-0]")
    assert guide_step(page) == "3"
    page.click("[data-testid=roll]")
    assert guide_step(page) == "4"
    page.locator("table.sheet button.option").first.click()
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")
    assert guide_step(page) is None  # the first box ends it: no step stays on every turn
    settings = json.loads(page.evaluate("localStorage.getItem('kismet:v1:settings')"))
    assert settings["guide"] is False
    open_app(page, site.url)
    assert guide_step(page) is None
    assert not watch.errors, watch.errors


def put_stored(page: Any, items: dict[str, str]) -> None:
    """Replace what the site has stored in this browser with ``items``."""
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
        " localStorage.setItem(k, v); }",
        items,
    )


def stored_before_a_new_best() -> dict[str, str]:
    """Ann finished one poor game, and has one box left to fill in a far better one."""
    storage = MemoryStorage()
    app = Session(storage, seed=3, clock=lambda: "2026-12-01T09:00:00+00:00")
    app.lobby.change_settings(guide=False)
    app.lobby.new_game(["Ann"])
    while not app.game.is_over:
        app.game.set_dice([1, 2, 3, 4, 6])
        app.moves.choose(app.game.open_boxes(0)[0])
        if app.moves.pending is not None:
            app.moves.confirm()
    app.lobby.play_again()
    while len(app.game.open_boxes(0)) > 1:
        box = app.game.open_boxes(0)[0]
        app.game.set_dice([6] * 5 if box is Category.KISMET else [5, 5, 5, 6, 6])
        app.moves.choose(box)
        if app.moves.pending is not None:
            app.moves.confirm()
    return dict(storage.items)


def test_a_new_best_is_marked_at_the_game_over(page: Any, site: Site) -> None:
    watch = watch_page(page, site.url)
    open_app(page, site.url)
    put_stored(page, stored_before_a_new_best())
    open_app(page, site.url)
    assert guide_step(page) is None
    page.click("[data-testid=roll]")
    page.locator("table.sheet button.option").first.click()
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=game-over]")
    total = page.text_content("[data-testid=total-0] .value")
    # Said once: the headline has the total and the new best; the rank does not repeat them.
    assert page.text_content("[data-testid=result]") == f"You scored {total}: a new best!"
    assert page.text_content("[data-testid=rank]") == "#1 on this device's high scores."
    assert page.locator("[data-testid=new-best]").count() == 0
    assert "New best!" in str(page.text_content("[data-testid=celebrate]"))
    page.wait_for_function(
        "t => document.querySelector('#game-over-slot .count-up').textContent === t", arg=total
    )  # counted up to the total
    assert "win" not in str(page.text_content("[data-testid=game-over]")).lower()
    assert not watch.errors, watch.errors


def stored_with_a_kismet_rolled() -> dict[str, str]:
    """Ann has just rolled five sixes, her Kismet box open."""
    storage = MemoryStorage()
    app = Session(storage, seed=3, clock=lambda: "2026-12-01T09:00:00+00:00")
    app.lobby.change_settings(guide=False)
    app.lobby.new_game(["Ann"])
    app.moves.roll()
    app.game.set_dice([6] * 5)
    app.shelf.save_game(app.table)
    return dict(storage.items)


def test_a_kismet_keeps_its_dice_on_the_board_a_moment(page: Any, site: Site) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, site.url)
    put_stored(page, stored_with_a_kismet_rolled())
    open_app(page, site.url)
    page.click("[data-testid=cell-0-kismet] button")
    assert page.get_attribute("[data-testid=dice]", "data-kept") == "on"
    faces = [page.get_attribute(f"[data-testid=die-{i}]", "data-face") for i in range(5)]
    assert faces == ["6"] * 5 and "Kismet!" in str(page.text_content("[data-testid=celebrate]"))
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifact(f"kismet-kept-{scheme}.png"))
    page.click("[data-testid=roll]")
    assert page.get_attribute("[data-testid=dice]", "data-kept") == "off"
