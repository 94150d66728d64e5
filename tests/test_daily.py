"""The daily game and challenge links in Chromium: the same dice in two browsers, a game
shared and answered, a changed link refused, Perfect on the same dice."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

import pytest

from kismet import Game
from kismet.advice.level import Level
from kismet.advice.players import play_out
from kismet.advice.strategy import Advisor
from kismet.app.base.daily import daily_number, daily_seed
from tests.conftest import Site, artifact, open_app, reveal, watch_page
from tests.test_browser import faces

pytestmark = pytest.mark.browser

# The browser's clock is set to this local day, so the test knows which daily game it gets.
DAY = date(2026, 12, 9)
CLOCK = f"{DAY.isoformat()}T12:00:00"


def fresh(browser: Any, **options: Any) -> Any:
    context = browser.new_context(**options)
    context.clock.install(time=CLOCK)
    context.clock.resume()
    return context


def open_daily(page: Any) -> None:
    reveal(page, "daily").click()
    page.click(f"[data-testid=daily-play-{daily_number(DAY)}]")
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")


def play_through(
    page: Any, holds: dict[int, list[int]], seen: list[tuple[int, str]] | None = None
) -> list[str]:
    """Play a solo game: roll, hold the dice ``holds`` gives for that turn, roll once more,
    fill the topmost open box. Returns the boxes in order; ``seen`` gathers after each turn
    the total and the challenger's line (``rival``)."""
    boxes = []
    turn = 0
    while page.locator("[data-testid=game-over]").count() == 0:
        page.click("[data-testid=roll]")
        for die in holds.get(turn, []):
            page.click(f"[data-testid=die-{die}]")
        page.click("[data-testid=roll]")
        option = page.locator("[data-testid^=cell-0-] button.option").first
        boxes.append(option.get_attribute("data-box"))
        option.click()
        if page.is_visible("#confirm-dialog"):
            page.click("[data-testid=confirm]")
        turn += 1
        if seen is not None:
            total = int(page.text_content("[data-testid=total-0] .value"))
            rival = page.locator("[data-testid=rival]")
            seen.append((total, str(rival.text_content()) if rival.is_visible() else ""))
    return boxes


@pytest.mark.long
def test_two_browsers_roll_the_same_daily_dice(browser: Any, site: Site) -> None:
    pages = []
    for _ in range(2):
        page = fresh(browser).new_page()
        open_app(page, site.url)
        open_daily(page)
        assert page.text_content("[data-testid=game-title]") == f"Kismet daily #{daily_number(DAY)}"
        page.click("[data-testid=roll]")
        pages.append(page)
    first = faces(pages[0])
    assert faces(pages[1]) == first
    game = Game(["x"], seed=daily_seed(DAY), linked=True)
    assert game.roll() == first  # what the rules package rolls on that day's seed
    pages[0].click("[data-testid=die-0]")  # one holds the first die, the other nothing
    pages[0].click("[data-testid=roll]")
    pages[1].click("[data-testid=roll]")
    a, b = faces(pages[0]), faces(pages[1])
    assert a[0] == first[0] and a[1:] == b[1:]
    pages[0].screenshot(path=artifact("daily-phone.png"))
    for page in pages:
        page.context.close()


@pytest.mark.long
def test_a_shared_game_is_proven_played_again_and_compared(
    browser: Any, site: Site, advisor: Advisor
) -> None:
    sender = fresh(browser)
    sender.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])
    page = sender.new_page()
    watch = watch_page(page, site.url)
    open_app(page, site.url)
    reveal(page, "new-game").click()
    page.fill("[data-testid=player-name-0]", "Ann")
    page.click("[data-testid=start-game]")
    open_daily(page)
    holds = {0: [0, 1], 3: [2], 7: [4]}
    sender_turns: list[tuple[int, str]] = []
    boxes = play_through(page, holds, sender_turns)
    total = int(page.text_content("[data-testid=total-0] .value"))
    assert all(rival == "" for _, rival in sender_turns)  # no race in a daily game
    # Perfect plays the same dice in the page, a turn at a time.
    started = time.perf_counter()
    page.wait_for_selector("[data-testid=perfect-total]", timeout=60_000)
    thinking = time.perf_counter() - started
    perfect = Game(["Perfect"], seed=daily_seed(DAY), linked=True)
    play_out(perfect, Level.PERFECT, advisor, __import__("random").Random(0))
    assert page.text_content("[data-testid=perfect-total]").endswith(f": {perfect.total(0)}")
    print(f"Perfect on the daily dice in the page: {thinking:.1f} s")
    page.click("[data-testid=share]")
    text = page.text_content("[data-testid=share-text]")
    assert text.startswith(f"Kismet daily #{daily_number(DAY)}: {total}")
    assert f"Perfect on the same dice: {perfect.total(0)}" in text
    link = page.input_value("[data-testid=share-link]")
    assert "#c=" in link and len(link.split("#c=")[1]) < 400
    page.click("[data-testid=copy-share]")
    page.wait_for_selector("[data-testid=share-done]:has-text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == f"{text} {link}"
    page.screenshot(path=artifact("share.png"))
    page.keyboard.press("Escape")
    page.click("[data-testid=compare]")
    assert page.locator("[data-testid=compare-turn]").count() == 15
    assert "315.10" in str(page.text_content("[data-testid=compare-table] .perfect-figures"))
    page.screenshot(path=artifact("compare.png"))
    page.keyboard.press("Escape")
    assert not watch.errors, watch.errors
    sender.close()

    # A friend opens the link in another browser: A's total, proven; the same choices give
    # the same total; then both sheets side by side.
    friend = fresh(browser, viewport={"width": 390, "height": 844})
    page = friend.new_page()
    watch = watch_page(page, site.url)
    open_app(page, link)
    page.wait_for_selector("#challenge-dialog[open]")
    offer = page.text_content("[data-testid=challenge-offer]")
    assert offer.startswith(f"Ann challenges you: {total} points")
    # The friend's name first (nothing was played on this device yet: an empty field).
    name = page.locator("[data-testid=challenge-name]")
    assert name.is_visible() and name.input_value() == ""
    name.fill("Bo")
    page.screenshot(path=artifact("challenge-offer.png"))
    page.click("[data-testid=accept-challenge]")
    assert page.text_content("[data-testid=game-title]") == "Ann's challenge"
    rival = f"Ann scored {total} on these dice: beat it!"
    assert page.text_content("[data-testid=rival]") == rival
    friend_turns: list[tuple[int, str]] = []
    assert play_through(page, holds, friend_turns) == boxes
    for turn, ((theirs, _), (mine, line)) in enumerate(
        zip(sender_turns, friend_turns, strict=True), 1
    ):
        assert mine == theirs  # the same choices on the same dice
        if turn < 15:
            turns = "1 turn" if turn == 1 else f"{turn} turns"
            assert line == f"Ann had {theirs} after {turns}: level with you.", turn
    result = page.text_content("[data-testid=challenge-result]")
    assert result == f"Bo and Ann tie at {total}!"  # the headline, with both names
    names = page.locator("table.sheet thead th[scope=col] .name").all_text_contents()
    assert names == ["Ann", "Bo"]
    assert page.text_content("[data-testid=total-0] .value") == str(total)
    assert page.text_content("[data-testid=total-1] .value") == str(total)
    for player, name in enumerate(("Ann", "Bo")):  # the totals say whose, on a phone
        assert page.is_visible(f"[data-testid=total-{player}] .strip-name")
        assert page.text_content(f"[data-testid=total-{player}] .strip-name") == name
    page.screenshot(path=artifact("challenge-result.png"))
    page.click("[data-testid=share]")  # and share back
    assert page.text_content("[data-testid=share-text]").startswith("Ann's Kismet challenge")
    assert not watch.errors, watch.errors
    friend.close()


@pytest.mark.parametrize(
    "change",
    ["a letter changed", "cut short", "garbage", "enormous"],
)
def test_a_changed_link_is_refused_and_nothing_changes(
    browser: Any, site: Site, change: str
) -> None:
    game = Game(["Ann"], seed=5, linked=True)
    while not game.is_over:
        game.roll()
        game.score(game.open_boxes(0)[0])
    from kismet import challenge_of
    from kismet.rules.link import encode

    code = encode(challenge_of(game))
    bad = {
        "a letter changed": code[:10] + ("A" if code[10] != "A" else "B") + code[11:],
        "cut short": code[:-6],
        "garbage": "<script>alert(1)</script>",
        "enormous": "A" * 5000,
    }[change]
    context = fresh(browser)
    page = context.new_page()
    open_app(page, site.url + "?seed=3")
    page.click("[data-testid=roll]")
    before = page.evaluate("localStorage.getItem('kismet:v1:game')")
    page.evaluate("code => { location.hash = 'c=' + code; }", bad)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=notice]').textContent.startsWith('This link')"
    )
    notice = page.text_content("[data-testid=notice]")
    assert "\n" not in notice and not page.is_visible("#challenge-dialog")
    assert page.evaluate("localStorage.getItem('kismet:v1:game')") == before
    assert page.locator("img, script[src*=alert]").count() == 0
    context.close()
