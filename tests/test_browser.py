"""The app in a real Chromium, against the built site served over HTTP.

Each game played through clicks is mirrored by a ``kismet.Game`` in CPython with the same
seed and the same choices, and everything the page shows is checked against it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kismet import Category, Game, game_from_dict
from kismet.advice.chances import Forecast
from kismet.advice.skill import GOOD
from kismet.page.rehearsal import MOVES
from tests.conftest import Site, artifact, open_app, reveal

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.browser

READ_SHEET = """() => Object.fromEntries(
  [...document.querySelectorAll('table.sheet [data-testid]')]
    .filter(e => e.tagName === 'TD')
    .map(e => [e.dataset.testid, (e.querySelector('.value') || e).textContent.trim()]))"""


def faces(page: Any) -> tuple[int, ...]:
    values = [page.get_attribute(f"[data-testid=die-{i}]", "data-face") for i in range(5)]
    return tuple(int(v) for v in values if v)


def expected_sheet(game: Game) -> dict[str, str]:
    """What every cell of the page's sheet should read for this game."""
    cells = {}
    options = game.options()
    for p in range(len(game.players)):
        column = game.sheet(p)
        for box in Category:
            value = column[box]
            if value is not None:
                text = str(value)
            elif p == game.current and box in options:
                text = str(options[box])
            else:
                text = ""
            cells[f"cell-{p}-{box.value}"] = text
        totals = game.totals(p)
        cells[f"upper-subtotal-{p}"] = str(totals.basic)
        cells[f"bonus-{p}"] = str(totals.bonus)
        cells[f"lower-subtotal-{p}"] = str(totals.kismet)
        cells[f"total-{p}"] = str(totals.grand)
    return cells


def check_page(page: Any, game: Game) -> None:
    assert page.evaluate(READ_SHEET) == expected_sheet(game)
    assert faces(page) == game.dice
    held = [page.get_attribute(f"[data-testid=die-{i}]", "aria-pressed") for i in range(5)]
    assert held == ["true" if h else "false" for h in game.held]
    assert page.text_content("[data-testid=rolls-left]").strip() == f"{game.rolls_left} left"
    if not game.is_over:
        current = page.text_content("[data-testid=current-player]")
        assert current == f"{game.players[game.current]}'s turn"


def check_chances(page: Any, expected: tuple[float, ...]) -> None:
    """Each player's chance beside their total is the one worked out in CPython for the
    same position (once the page has worked it out, between its own work)."""
    page.wait_for_function(
        """expected => expected.every((chance, p) => {
             const shown = document.querySelector(`[data-testid=win-chance-${p}]`);
             return shown && Math.abs(Number(shown.dataset.chance) - chance) < 1e-3;
           })""",
        arg=list(expected),
        timeout=30_000,
    )
    shown = [page.text_content(f"[data-testid=win-chance-{p}] [aria-hidden]") for p in range(2)]
    assert all(text.endswith("%") for text in shown), shown


def roll(page: Any, game: Game) -> None:
    page.click("[data-testid=roll]")
    game.roll()
    assert faces(page) == game.dice


def play_turn(page: Any, game: Game) -> None:
    """Roll, hold the most common face, roll twice more, take the best box (as a player might)."""
    roll(page, game)
    for _ in range(2):
        if game.rolls_left == 0:
            break
        common = Counter(game.dice).most_common(1)[0][0]
        for i, face in enumerate(game.dice):
            if (face == common) != game.held[i]:
                page.click(f"[data-testid=die-{i}]")
                game.toggle_hold(i)
        if all(game.held):
            break
        roll(page, game)
    check_page(page, game)
    options = game.options()
    box = max(options, key=lambda c: (options[c], -list(Category).index(c)))
    page.click(f"[data-testid=cell-{game.current}-{box.value}] button")
    game.score(box)


def start_game(page: Any, names: list[str], start: str = "start-game") -> None:
    """The New game dialog's names, then its button ``start`` (Start, or Play by link)."""
    reveal(page, "new-game").click()
    while page.locator("[data-testid^=player-name-]").count() < len(names):
        page.click("[data-testid=add-player]")
    for i, name in enumerate(names):
        page.fill(f"[data-testid=player-name-{i}]", name)
    page.click(f"[data-testid={start}]")


def test_first_paint_shows_the_board_and_sheet_before_python(browser: Any, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url)
    assert page.locator("table.sheet [data-testid^=cell-0-]").count() == 15
    assert page.locator("[data-testid^=die-]").count() == 5
    for testid in ("roll", "new-game", "die-0"):
        assert page.is_disabled(f"[data-testid={testid}]"), testid
    assert "Loading" in page.text_content("[data-testid=status]")
    assert page.get_attribute("html", "data-ready") == "false"
    context.close()


@pytest.mark.long
@pytest.mark.service_worker  # the path most players are on: the site kept as they play
def test_a_whole_solo_game_matches_the_rules_package(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=7")
    game = Game(["Player 1"], seed=7)
    assert page.text_content("[data-testid=status]") == "Player 1's turn: roll the dice."
    assert sorted(page.evaluate("Object.keys(localStorage)")) == [
        "kismet:v1:game",
        "kismet:v1:settings",  # a first visit: the guide runs (and is remembered)
        "kismet:v1:stamp",
    ]
    check_page(page, game)
    while not game.is_over:
        play_turn(page, game)
        check_page(page, game)
    over = page.text_content("[data-testid=game-over]")
    assert f"You scored {game.total(0)}." in over
    assert page.locator("[data-testid=high-scores] td", has_text=str(game.total(0))).count() == 1
    page.screenshot(path=artifact("solo-game-over.png"), full_page=True)


@pytest.mark.long
def test_a_two_player_game(page: Any, site: Site, forecast: Forecast) -> None:
    open_app(page, site.url + "?seed=11")
    start_game(page, ["Ann", "Bo"])
    game = Game(["Ann", "Bo"], seed=11)
    assert page.text_content("[data-testid=player-head-0]").strip("▶ ") == "Ann"
    check_page(page, game)
    check_chances(page, forecast.chances(game, skills=(GOOD, GOOD)))  # two new people
    while not game.is_over:
        play_turn(page, game)
        check_page(page, game)
        if not game.is_over:  # after every turn, beside the totals
            check_chances(page, forecast.chances(game, skills=(GOOD, GOOD)))  # two new people
        head = page.get_attribute(f"[data-testid=player-head-{game.current}]", "class") or ""
        assert game.is_over or "current" in head
    names = " and ".join(game.players[w] for w in game.winners)
    assert names in page.text_content("[data-testid=game-over]")
    assert page.locator("[data-testid^=win-chance-]").count() == 0  # the result says it
    # The review: the chances turn by turn, a line each, and the numbers of all 31 starts.
    page.click("[data-testid=open-review]")
    page.wait_for_selector("[data-testid=chance-chart] svg polyline.who-1", timeout=60_000)
    assert page.locator("[data-testid=chance-chart] polyline.who").count() == 2
    assert page.locator("[data-testid=chance-chart] tbody tr").count() == 31
    label = page.get_attribute("[data-testid=chance-chart] svg", "aria-label") or ""
    assert "chance to win at the start of all 30 turns" in label
    assert f"{game.players[game.winners[0]]} won" in label
    page.screenshot(path=artifact("review-chances.png"))
    chart = page.locator("[data-testid=review-chances]")
    chart.screenshot(path=artifact("review-chances-chart.png"))
    page.keyboard.press("Escape")
    page.click("[data-testid=play-again]")
    assert page.locator("[data-testid=game-over]").count() == 0
    assert page.text_content("[data-testid=current-player]") == "Ann's turn"
    assert page.evaluate(READ_SHEET) == expected_sheet(Game(["Ann", "Bo"]))
    page.screenshot(path=artifact("board-two-players.png"), full_page=True)


TUMBLING = """() => [...document.querySelectorAll('[data-testid^=die-]')]
    .map((die) => die.getAnimations().filter((a) => a.animationName).length)"""
"""How many animations (not transitions: a held die moves up) run on each die now."""


def test_the_dice_tumble_unless_the_player_asks_for_less_motion(page: Any, site: Site) -> None:
    page.emulate_media(reduced_motion="no-preference")
    open_app(page, site.url + "?seed=5")
    page.click("[data-testid=roll]")
    assert all(page.evaluate(TUMBLING))  # all five are thrown at first
    page.wait_for_function(f"() => ({TUMBLING})().every((n) => n === 0)")
    page.click("[data-testid=die-0]")
    page.click("[data-testid=roll]")
    assert page.evaluate(TUMBLING)[0] == 0 and all(page.evaluate(TUMBLING)[1:])  # held stays
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function(f"() => ({TUMBLING})().every((n) => n === 0)")
    page.click("[data-testid=roll]")
    assert not any(page.evaluate(TUMBLING))


def test_holds_keep_their_dice_and_can_change(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=5")
    game = Game(["Player 1"], seed=5)
    assert page.is_disabled("[data-testid=die-0]")  # nothing to hold before the first roll
    roll(page, game)
    for i in (0, 2):
        page.click(f"[data-testid=die-{i}]")
        game.toggle_hold(i)
    roll(page, game)
    page.click("[data-testid=die-2]")  # released
    game.toggle_hold(2)
    page.click("[data-testid=die-4]")
    game.toggle_hold(4)
    roll(page, game)
    check_page(page, game)
    assert page.is_disabled("[data-testid=roll]")
    assert page.text_content("[data-testid=rolls-left]").strip() == "0 left"


def prepared_modules() -> list[str]:
    """The game's modules static/glue's prepare() imports (in a fresh CPython)."""
    script = (
        "import sys; sys.path[:0] = ['.', 'static']; import glue; glue.prepare(); "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('kismet'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_a_test_context_starts_from_the_stored_snapshot(page: Any, site: Site) -> None:
    # tests/conftest.py puts a first visit's snapshot in every context (unless first_visit):
    # the first load restores it, with the game's modules imported, and plays.
    open_app(page, site.url + "?seed=5")
    assert page.get_attribute("html", "data-snapshot") == "restored"
    assert page.get_attribute("html", "data-game") == "snapshot"
    assert page.get_attribute("html", "data-start") == "pyscript"  # the one way in
    # Every module of the game imported by the time it was ready came with the snapshot:
    # static/glue's GAME imports them all (the start imports only the rest of the glue).
    on_page = page.evaluate(
        "Kismet.python(\"import sys\\n' '.join(sorted(m for m in sys.modules"
        " if m.startswith('kismet')))\")"
    ).split()
    assert on_page == prepared_modules()
    page.click("[data-testid=roll]")
    game = Game(["Player 1"], seed=5)
    game.roll()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=rolls-left]').textContent.includes('2')"
    )
    assert faces(page) == game.dice
    # The worker rehearsed a turn of its own meanwhile (kismet.page.rehearsal), out of sight.
    steps = page.evaluate(
        "async () => { while (await Kismet.python('worker.rehearsal.done()') !== true)"
        " await new Promise((later) => setTimeout(later, 20));"
        " return Kismet.python('worker.rehearsed'); }"
    )
    assert steps == 1 + len(MOVES)
    assert faces(page) == game.dice


@pytest.mark.service_worker  # a reload served by the service worker
def test_reload_mid_turn_restores_everything(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=21")
    start_game(page, ["Ann", "Bo"])
    game = Game(["Ann", "Bo"], seed=21)
    play_turn(page, game)
    roll(page, game)
    page.click("[data-testid=die-1]")
    game.toggle_hold(1)
    open_app(page, site.url)  # no seed: the saved stream carries on
    check_page(page, game)
    assert "Welcome back" in page.text_content("[data-testid=status]")
    roll(page, game)  # the same dice the game would have rolled without the reload
    check_page(page, game)


def test_the_zero_confirmation_protects_a_misclick(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=3")
    game = Game(["Player 1"], seed=3)
    roll(page, game)
    options = game.options()
    zero = next(c for c in Category if options[c] == 0)
    cell = f"[data-testid=cell-0-{zero.value}]"
    page.click(f"{cell} button")
    assert page.is_visible("#confirm-dialog")
    assert "Score 0 in" in page.text_content("#confirm-text")
    page.click("[data-testid=cancel]")
    assert page.get_attribute(cell, "data-state") == "open"
    check_page(page, game)
    page.click(f"{cell} button")
    page.click("[data-testid=confirm]")
    game.score(zero)
    assert page.get_attribute(cell, "data-state") == "filled"
    check_page(page, game)


def test_a_hostile_name_is_shown_as_text(page: Any, site: Site) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    open_app(page, site.url)
    start_game(page, [hostile, "Bo"])
    assert page.text_content("[data-testid=player-head-0]").strip("▶ ") == hostile
    assert page.text_content("[data-testid=current-player]") == f"{hostile}'s turn"
    assert page.locator("img").count() == 0
    open_app(page, site.url)  # and again after a reload from storage
    assert page.locator("img").count() == 0
    assert page.text_content("[data-testid=player-head-0]").strip("▶ ") == hostile


CORRUPT_VALUES = {
    "not json": "{this is not json",
    "foreign json": json.dumps({"hello": "world"}),
    "unknown version": None,  # filled in by the test from a real save
    "cheating save": None,
}


@pytest.mark.parametrize("kind", list(CORRUPT_VALUES))
def test_corrupt_saves_are_kept_and_a_new_game_starts(page: Any, site: Site, kind: str) -> None:
    open_app(page, site.url + "?seed=9")
    page.click("[data-testid=roll]")
    stored = json.loads(page.evaluate("localStorage.getItem('kismet:v1:game')"))
    if kind == "unknown version":
        stored["game"]["version"] = 99
        bad = json.dumps(stored)
    elif kind == "cheating save":
        stored["game"]["history"] = [{"player": 0, "box": "kismet", "points": 90,
                                      "dice": [6, 6, 6, 6, 6], "joker": False,
                                      "penalty": False}]  # fmt: skip
        bad = json.dumps(stored)
    else:
        bad = CORRUPT_VALUES[kind]
    page.evaluate("value => localStorage.setItem('kismet:v1:game', value)", bad)
    open_app(page, site.url)
    status = page.text_content("[data-testid=status]")
    assert "could not be read" in status and "copy" in status
    backups = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('kismet:v1:backup:game:'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert backups == [bad]
    assert page.evaluate(READ_SHEET) == expected_sheet(Game(["Player 1"]))
    assert not page.is_disabled("[data-testid=roll]")


def test_a_full_storage_is_told_and_play_goes_on(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=4")
    # Fill the real quota with one other key, then play.
    page.evaluate("""() => {
        let chunk = 'x'.repeat(1 << 20), i = 0;
        try { for (;;) localStorage.setItem('filler:' + i++, chunk); } catch (e) {}
        chunk = 'x'.repeat(1 << 10);
        try { for (;;) localStorage.setItem('filler:small:' + i++, chunk); } catch (e) {}
        try { for (;;) localStorage.setItem('filler:tiny:' + i++, 'x'); } catch (e) {}
    }""")
    game = Game(["Player 1"], seed=4)
    play_turn(page, game)  # the save grows by a filled box: it no longer fits
    page.evaluate("Kismet.settled()")  # the page's word on the commit comes after its paint
    assert "Storage is full" in page.text_content("[data-testid=notice]")
    check_page(page, game)
    play_turn(page, game)
    check_page(page, game)
    page.evaluate("Kismet.settled()")
    assert "Storage is full" in page.text_content("[data-testid=notice]")
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('filler:'))"
                  ".forEach(k => localStorage.removeItem(k))")  # fmt: skip
    roll(page, game)
    assert page.text_content("[data-testid=notice]") == ""
    saved = json.loads(page.evaluate("localStorage.getItem('kismet:v1:game')"))
    assert game_from_dict(saved["game"]) == game


def test_phone_portrait_and_dark_scheme(browser: Any, site: Site) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 760}, color_scheme="dark", device_scale_factor=1
    )
    page = context.new_page()
    open_app(page, site.url + "?seed=2")
    start_game(page, ["Ann", "Bo", "Cy", "Di"])
    page.click("[data-testid=roll]")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways on a phone ({width}px)"
    die = page.locator("[data-testid=die-4]").bounding_box()
    assert die["x"] + die["width"] <= 360
    page.screenshot(path=artifact("phone-dark.png"), full_page=True)
    context.close()


def test_no_request_leaves_the_origin_and_nothing_unused_loads(page: Any, site: Site) -> None:
    open_app(page, site.url)
    page.click("[data-testid=roll]")
    assert not page.watch.foreign()
    loaded = " ".join(page.watch.requests)
    for unused in ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", ".map"):
        assert unused not in loaded, unused
    page.screenshot(path=artifact("board.png"), full_page=True)


FETCH_REJECTED = """
from glue.host import JsHost
import js

said = []
real = js.fetch
host = JsHost(BASE)
# A fetch that rejects with each reason: a JavaScript function (bound, as the page's policy
# makes no code of strings), not a Python one, whose rejection Pyodide would see made.
for reason in ("plain words", js.Error.new("an error"), None):  # None: undefined
    js.globalThis.fetch = js.Promise.reject.bind(js.Promise, reason)
    try:
        await host.fetch("static/spread.bin", "bytes")
    except Exception as error:
        said.append(f"{type(error).__name__}: {error}")
    finally:
        js.globalThis.fetch = real
got = await host.fetch("static/spread.bin", "bytes")
said.append(f"{got.ok} {got.status} {len(got.body) > 0}")
"|".join(said)
"""


def test_a_failed_fetch_is_a_python_exception_whatever_it_rejected_with(
    page: Any, site: Site
) -> None:
    # WebKit's fetch, offline, has rejected with a value that is not an Error: awaited as
    # is, Pyodide's own callback failed ("invalid exception object") and the awaiting code
    # waited for ever. The glue's fetched() turns every failure into an exception.
    open_app(page, site.url)
    said = page.evaluate(
        "code => Promise.race([Kismet.python(code),"
        " new Promise(done => setTimeout(() => done('still waiting after 15 s'), 15000))])",
        FETCH_REJECTED.replace("BASE", repr(site.url)),
    )
    expected = ["JsException: Error: plain words", "JsException: Error: an error",
                "JsException: Error: undefined", "True 200 True"]  # fmt: skip
    assert said.split("|") == expected, said
