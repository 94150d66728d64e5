"""Computer players, hints and the review, in Chromium with the real strategy table."""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from kismet import Category, Game, game_from_dict
from kismet.advice.level import Level
from kismet.advice.players import play_out
from kismet.advice.strategy import Advisor, ChoiceKind
from kismet.app.base.roster import HUMAN, Roster
from kismet.app.keeping.storage import GAME_KEY, MemoryStorage
from kismet.app.play.turn import Ask, Pending
from kismet.app.screen.session import Session
from kismet.html.page import roster_html
from tests.conftest import Site, artifact, open_app, reveal
from tests.test_screen import NO_SIDEWAYS

COMPUTER_TURN_MS = 60_000


def start_with_seats(page: Any, seats: list[tuple[str, str]]) -> None:
    reveal(page, "new-game").click()
    while page.locator("[data-testid^=player-name-]").count() < len(seats):
        page.click("[data-testid=add-player]")
    for i, (name, kind) in enumerate(seats):
        page.fill(f"[data-testid=player-name-{i}]", name)
        page.select_option(f"[data-testid=player-kind-{i}]", kind)
    page.click("[data-testid=start-game]")


def wait_for_human(page: Any, player: int) -> None:
    """Wait for the player's turn (or the end), skipping through the computers' turns."""
    while True:
        page.wait_for_function(
            "([p]) => document.querySelector('[data-testid=game-over]') ||"
            " !document.querySelector('[data-testid=skip]').hidden ||"
            " (document.querySelector(`[data-testid=player-head-${p}]`)"
            "    .classList.contains('current') &&"
            "  !document.querySelector('[data-testid=roll]').hidden)",
            arg=[player],
            timeout=COMPUTER_TURN_MS,
        )
        if not page.is_visible("[data-testid=skip]"):
            return
        with contextlib.suppress(PlaywrightError):  # the computer's turn may end first
            page.click("[data-testid=skip]", timeout=2_000)


@pytest.mark.long
@pytest.mark.browser
def test_a_game_against_a_perfect_and_a_casual_computer(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=23")
    start_with_seats(page, [("Ann", "human"), ("Deep", "perfect"), ("Easy", "casual")])
    turns = 0
    while page.locator("[data-testid=game-over]").count() == 0:
        wait_for_human(page, 0)
        if page.locator("[data-testid=game-over]").count():
            break
        page.click("[data-testid=roll]")
        options = page.locator("[data-testid^=cell-0-] button.option")
        options.first.click()
        if page.is_visible("#confirm-dialog"):
            page.click("[data-testid=confirm]")
        turns += 1
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    game = game_from_dict(saved["game"])
    assert game.is_over and saved["seats"] == ["human", "perfect", "casual"]
    assert turns == len([f for f in game.history if f.player == 0 and not f.penalty])
    for player in (1, 2):
        assert all(v is not None for v in game.sheet(player).values())
    page.screenshot(path=artifact("computers-game-over.png"), full_page=True)
    # Three players on a laptop: every column in the card, none scrolled under the names.
    assert page.evaluate(NO_SIDEWAYS), "the sheet scrolls sideways"
    # The review: the total and perfect play's expectation first, then every one of Ann's
    # decisions by turn, the costly turns first and the best-played ones folded away.
    page.click("[data-testid=open-review]")
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=review] li').length === n",
        arg=len(saved["decisions"]),
        timeout=30_000,
    )
    assert len(saved["decisions"]) == turns  # one roll, then a box: one decision a turn
    summary = page.locator("[data-testid=review] > p")
    assert summary.first.text_content().startswith("Ann: decisions cost about")
    # At a table with others, the decisions are priced in the chance to win as well.
    assert "of the chance to win" in summary.first.text_content()
    assert (
        "315.10 is its average over every game the dice could give" in summary.last.text_content()
    )
    costs = [float(h.split(": ")[-1].split()[0]) for h in
             page.locator("[data-testid=review] > section h3").all_text_contents()]  # fmt: skip
    assert costs == sorted(costs, reverse=True) and all(c >= 0.05 for c in costs)
    assert page.evaluate("document.querySelector('#review-dialog').scrollTop") == 0
    page.screenshot(path=artifact("review.png"))
    # Reloaded, the game's luck was recorded, so nothing priced its decisions on this visit:
    # the review prices them itself, a step at a time, and says the same. The spread table
    # is held back until the review is asked for: the review waits for it, so as to price
    # in the chance to win as before, rather than open in points only.
    shown = page.inner_html("[data-testid=review]")
    held: list[Any] = []
    page.route("**/static/spread.bin", lambda route: held.append(route))
    open_app(page, site.url)
    for _ in range(300):  # the reloaded game asks for the spread table by itself
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the reloaded game did not fetch the spread table"
    page.click("[data-testid=open-review]")
    page.wait_for_timeout(1000)
    assert page.locator("[data-testid=review] li").count() == 0
    for route in held:
        route.continue_()
    page.unroute("**/static/spread.bin")
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=review] li').length === n",
        arg=len(saved["decisions"]),
        timeout=30_000,
    )
    assert page.inner_html("[data-testid=review]") == shown


@pytest.mark.browser
def test_a_hint_marks_the_best_holds(page: Any, site: Site, advisor: Advisor) -> None:
    open_app(page, site.url + "?seed=31")
    game = Game(["Player 1"], seed=31)
    page.click("[data-testid=roll]")
    game.roll()
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=30_000)
    choices = advisor.choices(game)
    best = choices[0]
    lines = page.locator("[data-testid=hint-panel] li")
    assert lines.count() == min(4, len(choices))  # the choices only, each said once
    first = str(lines.first.text_content())
    assert first.startswith("Best: keep ") and first.count(".") >= 2  # with its reason
    gap = best.expected - choices[1].expected
    assert f"about {gap:.1f} points worse" in str(lines.nth(1).text_content())
    note = str(page.text_content("[data-testid=hint-note]"))
    assert f"about {best.expected:.0f}." in note  # what perfect play expects, apart
    marked = [
        "hinted" in (page.get_attribute(f"[data-testid=die-{i}]", "class") or "") for i in range(5)
    ]
    assert tuple(marked) == advisor.best_holds(game) or best.kind is ChoiceKind.BOX
    page.screenshot(path=artifact("hint.png"))


def test_computer_steps_are_legal_and_visible() -> None:
    # CPython: a Casual computer's turn is several single steps, each a legal action.
    app = Session(MemoryStorage(), seed=4, clock=lambda: "2026-11-30T00:00:00+00:00")
    app.lobby.new_game(["Me", "Cas"], ["human", "casual"])
    app.moves.roll()
    app.moves.choose(next(iter(app.game.options())))
    if app.moves.pending is not None:
        app.moves.confirm()
    assert app.table.computer_to_move
    app.moves.roll()  # a person's click does nothing on the computer's turn
    assert not app.game.dice
    steps = 0
    while app.table.computer_to_move:
        assert app.computer_step()
        steps += 1
    assert steps >= 2 and app.game.current == 0
    assert app.game.sheet(1) != dict.fromkeys(Category)


def test_every_level_finishes_a_game(advisor: Advisor) -> None:
    for level in Level:
        game = Game(["Computer"], seed=11)
        play_out(game, level, advisor, random.Random(1))
        assert game.is_over and 50 < game.total(0) < 600


def test_the_coach_warns_before_a_costly_move(advisor: Advisor) -> None:
    app = Session(MemoryStorage(), seed=2, clock=lambda: "2026-11-30T00:00:00+00:00")
    app.attach(advisor)
    app.lobby.change_settings(coach=True)
    app.game.set_dice([6, 6, 6, 6, 2])
    # Re-rolling the four sixes wastes a near-Kismet: the coach asks first.
    app.moves.roll()
    assert app.moves.pending == Pending(Ask.COACH) and app.game.rolls_left == 2
    confirm = app.view().confirm
    assert confirm and confirm.question.startswith(
        "Better: keep 6 6 6 6. Keep the 6s: toward more of a kind. Your move, roll all five "
        "again, costs about "
    )
    assert confirm.title == "The coach asks" and confirm.yes == "Go ahead"
    app.moves.cancel()
    assert app.moves.pending is None and app.game.rolls_left == 2
    for die in range(4):
        app.moves.tap_die(die)
    app.moves.roll()  # keeping the sixes: no warning
    assert app.moves.pending is None and app.game.rolls_left == 1
    app.game.set_dice([6, 6, 6, 6, 6])
    app.moves.choose(Category.ONES)
    assert app.moves.pending == Pending(Ask.COACH, Category.ONES) and "Kismet" in app.status
    app.moves.confirm()
    assert app.game.sheet(0)[Category.ONES] == 0
    assert len(app.table.decisions) == 2  # the kept sixes and the box (the cancelled roll is not)


@pytest.mark.parametrize("margin,warns", [(1, True), (2, False), (5, False)])
def test_the_coach_warns_only_above_the_players_margin(
    advisor: Advisor, margin: float, warns: bool
) -> None:
    app = Session(MemoryStorage(), seed=2, clock=lambda: "2026-11-30T00:00:00+00:00")
    app.attach(advisor)
    app.lobby.change_settings(coach=True)
    app.lobby.change_settings(coach_margin=margin)
    app.game.set_dice([1, 2, 3, 4, 6])
    for die in (2, 3, 4):  # keep 3-4-6: about 1.8 expected points worse than the best
        app.moves.tap_die(die)
    app.moves.roll()
    assert (app.moves.pending == Pending(Ask.COACH)) is warns
    if warns:
        cost = float(re.search(r"about ([0-9.]+) points over", app.status).group(1))
        assert 1 < cost <= 2


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_app_offers_every_computer_level(lang: str) -> None:
    # The New game dialog's seat, as painted: a person, then each level of computer, each
    # in words of its own.
    html = roster_html(Roster.of(["Ann"], [HUMAN]), lang)
    offered = re.findall(r'<option value="([^"]*)"[^>]*>([^<]+)</option>', html)
    assert [code for code, _ in offered] == [HUMAN, *(level.value for level in Level)]
    words = [said for _, said in offered]
    assert len(set(words)) == len(words) and all(w.strip() and "." not in w for w in words), words


@pytest.mark.browser
def test_the_coach_and_its_margin_are_set_in_the_page(page: Any, site: Site) -> None:
    open_app(page, site.url)
    margin = reveal(page, "coach-margin")
    assert not margin.is_visible()  # the margin shows only while the coach is on
    reveal(page, "coach").click()
    assert page.get_attribute("[data-testid=coach]", "aria-pressed") == "true"
    assert margin.is_visible() and margin.input_value() == "10"  # the measured default
    assert margin.locator("option").all_text_contents() == [
        "1 point", "2 points", "5 points", "10 points"]  # fmt: skip
    margin.select_option("2")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kismet:v1:settings')).coach_margin === 2"
    )
    open_app(page, site.url)  # remembered
    reveal(page, "coach-margin")
    assert margin.is_visible() and margin.input_value() == "2"
    page.screenshot(path=artifact("coach-margin.png"))
    reveal(page, "coach").click()
    assert not margin.is_visible()
