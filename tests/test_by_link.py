"""A game by link in real browsers: three contexts (three friends' phones, each its own
device and storage) play a whole game, the link passed on after each turn as a messenger
would carry it, with an extra Kismet and its penalties; a link opened twice, an old link
after a newer one. A ``kismet.Game`` in CPython mirrors the game, with the same seed and
the same choices, and every page is checked against it; at the first turn where the hint
names a choice that wins more than the one that scores most, the mover's page says it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kismet import Category, Game
from kismet.advice.chances import Forecast
from kismet.advice.skill import GOOD
from kismet.advice.winning import Aim
from kismet.app.guidance.coaching import hint
from kismet.rules.link import encode_game, game_link_of
from kismet.text import text
from tests.conftest import Site, artifact, open_app, reveal
from tests.helpers import greedy_turn, seed_with_extra_kismet
from tests.test_browser import READ_SHEET, expected_sheet, faces, roll, start_game
from tests.test_by_link_session import hostile_links

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bo", "Cy"]
PHONE = {"width": 390, "height": 844}

OPEN_LINK = """link => new Promise((done) => {
  addEventListener("hashchange", () => setTimeout(done), { once: true });
  location.hash = new URL(link).hash;
})"""
"""A link of the site opened in a page of it already open (as a tap on it in a chat does
when the site is open): the fragment changes, and the game answers (then ``settle``)."""


def play_turn(page: Any, game: Game, first_roll: Callable[[], object] | None = None) -> None:
    """``tests.helpers.greedy_turn`` through the page's clicks, mirrored on ``game``
    (``first_roll``: called after the turn's first roll)."""

    def hold(die: int) -> None:
        page.click(f"[data-testid=die-{die}]")
        game.toggle_hold(die)

    def score(box: Category) -> None:
        page.click(f"[data-testid=cell-{game.current}-{box.value}] button")
        game.score(box)

    def rolled() -> None:
        roll(page, game)
        if first_roll is not None and game.rolls_left == 2:
            first_roll()

    greedy_turn(game, rolled, hold, score)


def first_line_to_win(seed: int, forecast: Forecast) -> tuple[int, str]:
    """The first turn (counted from 0) of the game by link of NAMES on ``seed``, played by
    ``greedy_turn``, whose hint after the first roll names a choice that wins more than
    the one that scores most, and that line (each device takes every seat for a good
    player: none has a record of them)."""
    game = Game(NAMES, seed=seed, linked=True, apart=True)
    found: list[tuple[int, str]] = []
    turn = 0

    def rolled() -> None:
        game.roll()
        if game.rolls_left == 2 and not found:
            aim = Aim.of(forecast, game, [GOOD] * len(NAMES), game.current)
            shown = hint(game, forecast.advisor, "en", aim)
            if shown is not None and shown.lines[0].startswith(("To beat", "To win")):
                found.append((turn, shown.lines[0]))

    while not game.is_over and not found:
        greedy_turn(game, rolled)
        turn += 1
    assert found, "no turn of the game where the hint names a choice to win"
    return found[0]


def sent_link(page: Any) -> str:
    send = page.locator("[data-testid=send-turn]")
    assert send.is_visible()
    link = send.get_attribute("data-link") or ""
    assert "#g=" in link
    return link


def test_three_phones_play_a_whole_game_by_link(
    browser: Any, site: Site, forecast: Forecast
) -> None:
    seed = seed_with_extra_kismet(tuple(NAMES))
    hinted, line = first_line_to_win(seed, forecast)
    contexts = [browser.new_context(viewport=PHONE) for _ in NAMES]
    pages = [context.new_page() for context in contexts]
    ann = open_app(pages[0], f"{site.url}?seed={seed}")
    start_game(ann, NAMES, "by-link")
    game = Game(NAMES, seed=seed, linked=True, apart=True)
    assert ann.evaluate(READ_SHEET) == expected_sheet(game)
    opened = [True, False, False]
    links = []
    turn = 0
    while not game.is_over:
        mover = game.current
        page = pages[mover]

        def ask_hint(page: Any = page) -> None:  # it knows the table: the line to win first
            page.click("[data-testid=hint]")
            page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=60_000)
            lines = page.locator("[data-testid=hint-panel] li")
            assert lines.first.text_content() == line
            # A phone shows the hint's first line only, and both where the move that wins
            # most and the one that scores most part.
            assert lines.nth(1).is_visible() and not lines.nth(2).is_visible()
            assert str(lines.nth(1).text_content()).startswith("For the most points: ")
            page.screenshot(path=artifact("hint-to-win-phone.png"))

        play_turn(page, game, ask_hint if turn == hinted else None)
        turn += 1
        if game.current == mover and not game.is_over:
            continue  # an extra Kismet: the same player rolls again
        link = sent_link(page)
        links.append(link)
        if not game.is_over:
            waiting = page.text_content("[data-testid=waiting]") or ""
            assert f"Waiting for {NAMES[game.current]}" in waiting
            assert page.is_disabled("[data-testid=roll]")
        for seat, other in enumerate(pages):
            if seat == mover:
                continue
            if not opened[seat]:  # a friend's first tap on a link: the page opens with it
                open_app(other, link)
                other.click(f"[data-testid=seat-{seat}]")
                opened[seat] = True
            else:
                other.evaluate(OPEN_LINK, link)
            assert other.evaluate(READ_SHEET) == expected_sheet(game), seat
            if not game.is_over:
                mine = game.current == seat
                assert other.is_disabled("[data-testid=roll]") != mine
                assert other.locator("[data-testid=waiting]").is_visible() != mine
        if len(links) == 4:  # Ann's turn again: her link opened twice gives the same dice
            ann.reload()
            ann.wait_for_selector("html[data-ready=true]")
            ann.evaluate(OPEN_LINK, links[-1])
            assert ann.evaluate(READ_SHEET) == expected_sheet(game)
    jokers = [fill for fill in game.history if fill.joker]
    assert jokers, "the seed's game has an extra Kismet"
    penalties = [fill for fill in game.history if fill.penalty]
    assert {fill.player for fill in penalties} == {0, 1, 2} - {jokers[0].player}
    sheets = [page.evaluate(READ_SHEET) for page in pages]
    assert all(sheet == expected_sheet(game) for sheet in sheets)
    winners = " and ".join(NAMES[w] for w in game.winners)
    for page in pages:
        assert winners in (page.text_content("[data-testid=game-over]") or "")
    pages[1].screenshot(path=artifact("by-link-over-phone.png"), full_page=True)
    # An old link after the game is over: nothing is taken back.
    bo = pages[1]
    bo.evaluate(OPEN_LINK, links[1])
    assert "seen this game further" in (bo.text_content("[data-testid=status]") or "")
    assert bo.evaluate(READ_SHEET) == expected_sheet(game)
    for context in contexts:
        context.close()


def test_a_game_by_link_waits_its_turn_and_is_listed_with_it(browser: Any, site: Site) -> None:
    context = browser.new_context(viewport=PHONE)
    page = open_app(context.new_page(), f"{site.url}?seed=4")
    start_game(page, ["Ann", "Bo"], "by-link")
    game = Game(["Ann", "Bo"], seed=4, linked=True, apart=True)
    page.click("[data-testid=roll]")
    game.roll()
    assert faces(page) == game.dice
    page.screenshot(path=artifact("by-link-turn-phone.png"))
    play_turn(page, game)
    assert page.locator("[data-testid=undo]").is_hidden()  # on its way: never taken back
    page.screenshot(path=artifact("by-link-waiting-phone.png"))
    page.click("[data-testid=send-turn]")
    dialog = page.locator("#share-dialog")
    assert dialog.is_visible()
    assert "Your turn, Bo: Kismet, turn 1 of 15" in (dialog.text_content() or "")
    assert page.input_value("[data-testid=share-link]") == sent_link(page)
    page.keyboard.press("Escape")
    reveal(page, "new-game").click()
    page.click("[data-testid=start-game]")
    page.click("[data-testid=confirm]")  # the game by link is put aside
    reveal(page, "games").click()
    assert "waiting for Bo" in (page.text_content("[data-testid=games-list]") or "")
    context.close()


def test_friends_daily_results_make_the_days_table(browser: Any, site: Site) -> None:
    from datetime import date

    from kismet.app.base.daily import daily_number
    from tests.test_friends import result

    today = date.today()
    links = {name: result(name, today, skip=n) for n, name in enumerate(["Bo", "Cy", "Di"])}
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    for n, (code, _) in enumerate(links.values()):
        if n == 0:
            open_app(page, f"{site.url}#c={code}")
        else:
            page.evaluate(OPEN_LINK, f"{site.url}#c={code}")
        page.click("[data-action=dismiss-offer]")  # Not now: the result is kept all the same
    reveal(page, "daily").click()
    number = daily_number(today)
    table = page.locator(f"[data-testid=friends-{number}] li")
    expected = sorted(((name, total) for name, (_, total) in links.items()), key=lambda x: -x[1])
    shown = [table.nth(i).text_content() for i in range(3)]
    assert shown == [f"{name}: {total}" for name, total in expected]
    assert page.locator("[data-testid=standing] tbody tr").count() == 3
    # Perfect plays the same dice once the strategy table is there, and its total shows.
    page.wait_for_selector(f"[data-testid=friends-perfect-{number}]", timeout=60_000)
    page.screenshot(path=artifact("daily-friends-phone.png"))
    context.close()


def shots(page: Any, name: str, lang: str) -> None:
    """The page as it is, light and dark, for the eye (``tests/artifacts/``)."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifact(f"{name}-{lang}-{scheme}.png"))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_game_links_on_a_small_phone_and_hostile_ones(browser: Any, site: Site, lang: str) -> None:
    locale = {"en": "en-GB", "ko": "ko-KR"}[lang]
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
    page = open_app(context.new_page(), site.url)
    # Hostile links: each refused with a line, nothing stored changes.
    three = Game(["Ann", "Bo", "Cy"], seed=6, linked=True, apart=True)
    greedy_turn(three)
    refused = text("link.refused", lang, why="|").split("|")[0]
    stored = page.evaluate("() => localStorage.getItem('kismet:v1:game')")
    for kind, code in hostile_links(encode_game(game_link_of(three))).items():
        page.evaluate(OPEN_LINK, f"{site.url}#g={code}")
        assert refused in (page.text_content("[data-testid=status]") or ""), kind
        assert page.evaluate("() => localStorage.getItem('kismet:v1:game')") == stored, kind
        assert page.locator("[data-testid=by-link-panel]").is_hidden(), kind
    # Opening a friend's game: which one are you, then the turn, waiting, sending.
    game = Game(["Ann", "Bo"], seed=21, linked=True, apart=True)
    greedy_turn(game)
    page.evaluate(OPEN_LINK, f"{site.url}#g={encode_game(game_link_of(game))}")
    assert page.locator("#seat-dialog").is_visible()
    shots(page, "by-link-choose", lang)
    page.click("[data-testid=seat-1]")
    assert page.locator("[data-testid=since]").is_visible()
    shots(page, "by-link-opened", lang)
    play_turn(page, game)
    assert page.locator("[data-testid=waiting]").is_visible()
    shots(page, "by-link-waiting", lang)
    page.click("[data-testid=send-turn]")
    shots(page, "by-link-send", lang)
    page.keyboard.press("Escape")
    # The end: a whole game's link.
    while not game.is_over:
        greedy_turn(game)
    page.evaluate(OPEN_LINK, f"{site.url}#g={encode_game(game_link_of(game))}")
    page.wait_for_selector("[data-testid=game-over]")
    shots(page, "by-link-end", lang)
    context.close()
