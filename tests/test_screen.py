"""The play screen, phone first (in Chromium): the player to move's 15 boxes, the dice and
Roll on one screen; the totals strip; everyone's boxes one tap away; a box's rule on a tap
of its name; Roll that stays put; the Rules dialog; primary buttons in the dark."""

from __future__ import annotations

from typing import Any

import pytest

from kismet import Category
from tests.conftest import Site, artifact, open_app, reveal, watch_page
from tests.helpers import almost_finished
from tests.test_phone import LAPTOP, PHONES, TAP, at_size, start_game

pytestmark = pytest.mark.browser

# In view, not covered (the point at its middle hits it), and big enough to tap.
SEEN = """el => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {inView: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
                  && r.right <= innerWidth + 0.5 && r.width > 0,
          covered: !(hit && (el === hit || el.contains(hit))),
          width: r.width, height: r.height}; }"""


def seen(page: Any, selector: str) -> dict[str, Any]:
    return dict(page.locator(selector).evaluate(SEEN))


def dice_still(page: Any) -> None:
    """Wait for the dice's tumble to end: mid-tumble, a die's box is turned and moved (a
    measure of it there once read 9 px off)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid^=die-]')]"
        ".every((die) => die.getAnimations().length === 0)"
    )


def device(
    browser: Any, size: tuple[int, int], scheme: str = "light", locale: str = "en-GB"
) -> Any:
    phone = size[0] < 600
    return browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone,
                               is_mobile=phone, color_scheme=scheme, locale=locale)  # fmt: skip


def opened(context: Any, site: Site, players: int) -> Any:
    page = context.new_page()
    page.watch = watch_page(page, site.url)
    open_app(page, site.url + "?seed=21")
    if players > 1:
        start_game(page, [f"P{n + 1}" for n in range(players)])
    return page


def current_player(page: Any) -> int:
    cell = page.locator("table.sheet tfoot td.current").first
    return int(str(cell.get_attribute("data-testid")).rsplit("-", 1)[1])


def fill_first(page: Any) -> None:
    page.locator("table.sheet td.focus button.option").first.click()
    if page.locator("#confirm-dialog[open]").count():
        page.click("[data-testid=confirm]")


@pytest.mark.parametrize("players", [1, 3])
def test_after_a_roll_every_box_is_on_screen_uncovered_and_big_enough(
    browser: Any, site: Site, players: int
) -> None:
    # Each turn's checks on both phones' screens (the viewport changed between them).
    context = device(browser, PHONES["390x844"])
    page = opened(context, site, players)
    for turn in range(players + 1):  # every player's turn, and the first again
        page.tap("[data-testid=roll]")
        for size in PHONES:
            on_screen_after_a_roll(page, at_size(page, size), players, turn)
        fill_first(page)
    assert not page.watch.errors, page.watch.errors
    context.close()


def on_screen_after_a_roll(page: Any, size: str, players: int, turn: int) -> None:
    """After a roll at ``size``: every open box, the dice, Roll and the totals on screen,
    uncovered, and the boxes big enough to tap."""
    player = current_player(page)
    problems = []
    for box in Category:
        found = seen(page, f"[data-testid=cell-{player}-{box.value}]")
        if not found["inView"] or found["covered"] or min(found["width"], found["height"]) < TAP:
            problems.append((box.value, found))
    assert not problems, (size, problems)
    for testid in ("roll", *(f"die-{i}" for i in range(5)), f"bonus-{player}"):
        found = seen(page, f"[data-testid={testid}]")
        assert found["inView"] and not found["covered"], (testid, found)
    for other in range(players):  # the totals strip: everyone's, the player to move marked
        found = seen(page, f"[data-testid=total-{other}]")
        assert found["inView"] and not found["covered"], (other, found)
    assert "current" in str(page.get_attribute(f"[data-testid=total-{player}]", "class"))
    assert page.evaluate("scrollY") == 0
    if turn == 0:
        page.screenshot(path=artifact(f"screen-{size}-{players}p-roll.png"))


NO_SIDEWAYS = """() => {
    const scroller = document.querySelector('.sheet-scroll');
    return scroller.scrollWidth <= scroller.clientWidth + 1 && scroller.scrollLeft === 0;
}"""


def test_on_a_laptop_big_dice_every_box_and_the_main_actions_in_view(
    browser: Any, site: Site
) -> None:
    context = device(browser, LAPTOP)
    page = opened(context, site, 3)
    page.click("[data-testid=roll]")
    for box in Category:
        found = seen(page, f"[data-testid=cell-0-{box.value}]")
        assert found["inView"] and not found["covered"], (box, found)
    for testid in ("roll", "hint", "total-2", "daily", "new-game", "help"):
        found = seen(page, f"[data-testid={testid}]")
        assert found["inView"] and not found["covered"], (testid, found)
    assert page.evaluate(NO_SIDEWAYS), "the sheet scrolls sideways"
    dice_still(page)
    assert page.locator("[data-testid=die-0]").bounding_box()["width"] >= 72
    roll = page.locator("[data-testid=roll]").bounding_box()
    dice = [page.locator(f"[data-testid=die-{i}]").bounding_box() for i in (0, 4)]
    assert roll["x"] >= dice[0]["x"] - 1 and roll["x"] <= dice[0]["x"] + 8  # under the dice
    page.click("[data-testid=help]")  # one click away
    assert page.is_visible("#help-dialog")
    page.screenshot(path=artifact("screen-laptop-3p-help.png"))
    context.close()


def test_a_tap_on_a_box_name_shows_its_rule_beside_it_and_fills_nothing(
    browser: Any, site: Site
) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 1)
    page.tap("[data-testid=roll]")
    before = page.evaluate("localStorage.getItem('kismet:v1:game')")
    page.tap("[data-testid=name-full_house]")
    rule = page.locator("[data-testid=box-rule]")
    assert rule.is_visible()
    words = rule.text_content()
    assert "Three alike and a pair" in words and "3 3 3 6 6 scores 36" in words
    name = page.locator("[data-testid=name-full_house]").bounding_box()
    box = rule.bounding_box()
    assert abs(box["y"] - (name["y"] + name["height"])) < 30  # right under the name
    assert page.get_attribute("[data-testid=name-full_house]", "aria-expanded") == "true"
    assert page.get_attribute("[data-testid=cell-0-full_house]", "data-state") == "open"
    assert page.evaluate("localStorage.getItem('kismet:v1:game')") == before
    page.screenshot(path=artifact("screen-rule.png"))
    page.tap("[data-testid=name-full_house]")
    assert page.locator("[data-testid=box-rule]").count() == 0
    assert not page.watch.errors, page.watch.errors
    context.close()


# Nothing wider than the screen, nor the page scrollable sideways: the elements that reach
# out of it (those clipped to nothing, seen only by screen readers, aside).
SIDEWAYS = """() => { const width = document.documentElement.clientWidth;
  const out = [...document.querySelectorAll('body *')].filter((el) => {
    const r = el.getBoundingClientRect(), style = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && style.visibility !== 'hidden'
      && (r.left < -0.5 || r.right > width + 0.5);
  }).map((el) => `${el.tagName}.${el.className} ${el.dataset.testid || ''}`);
  return {out: out.slice(0, 5), scroll: document.scrollingElement.scrollWidth - width}; }"""

# The box rows a box's rule covers (none, when the rule is a row of its own).
COVERED = """(rule) => { const r = rule.getBoundingClientRect();
  return [...document.querySelectorAll('table.sheet tr[data-box]')].filter((row) => {
    const b = row.getBoundingClientRect();
    return b.height > 0 && b.left < r.right && r.left < b.right && b.top < r.bottom - 0.5
      && r.top < b.bottom - 0.5; }).map((row) => row.dataset.box); }"""


@pytest.mark.parametrize(("sizes", "locale"), [
    pytest.param(("360x640", "390x844"), "en-GB", id="360x640+390x844-en-GB"),
    pytest.param(("360x640",), "ko-KR", id="360x640-ko-KR"),
])  # fmt: skip
def test_every_boxs_rule_fits_the_phone_covers_no_box_and_closes_on_a_tap_elsewhere(
    browser: Any, site: Site, sizes: tuple[str, ...], locale: str
) -> None:
    # Every rule opened and closed at each size asked, in one page (its viewport changed).
    context = device(browser, PHONES[sizes[0]], locale=locale)
    page = opened(context, site, 1)
    page.tap("[data-testid=roll]")
    for size in sizes:
        at_size(page, size)
        assert page.evaluate(SIDEWAYS) == {"out": [], "scroll": 0}, size
    for box in Category:
        for size in sizes:
            at_size(page, size)
            page.tap(f"[data-testid=name-{box.value}]")
            rule = page.locator("[data-testid=box-rule]")
            assert rule.is_visible(), (size, box)
            assert page.evaluate(SIDEWAYS) == {"out": [], "scroll": 0}, (size, box)
            assert rule.evaluate(COVERED) == [], (size, box)
            line = page.locator(f"tr[data-box={box.value}]").bounding_box()
            under = rule.bounding_box()
            # under its line
            assert 0 <= under["y"] - (line["y"] + line["height"]) < 2 * 44, (size, box)
            if box.value.endswith("s"):  # the upper boxes: closed by a second tap on the name
                page.tap(f"[data-testid=name-{box.value}]")
            else:  # the others: by a tap anywhere else (here, the bonus row's heading)
                page.tap("table.sheet tr.bonus-row th")
            assert page.locator("[data-testid=box-rule]").count() == 0, (size, box)
            expanded = page.get_attribute(f"[data-testid=name-{box.value}]", "aria-expanded")
            assert expanded == "false", (size, box)
    for size in sizes:
        at_size(page, size)
        page.tap(f"[data-testid=name-{Category.STRAIGHT.value}]")  # the right-hand column
        page.screenshot(path=artifact(f"screen-rule-straight-{size}-{locale}.png"))
        page.tap("table.sheet tr.bonus-row th")
    assert not page.watch.errors, page.watch.errors
    context.close()


def test_before_a_zero_the_safe_way_out_is_the_filled_button(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 1)
    page.tap("[data-testid=roll]")
    page.tap("table.sheet td.focus button.option.zero >> nth=0")
    page.wait_for_selector("#confirm-dialog[open]")
    fill = "el => getComputedStyle(el).backgroundColor"
    clear = "rgba(0, 0, 0, 0)"
    for scheme in ("light", "dark"):  # the same question, in each colour scheme
        page.emulate_media(color_scheme=scheme)
        assert page.eval_on_selector("[data-testid=confirm]", fill) == clear, scheme  # outlined
        assert page.eval_on_selector("[data-testid=cancel]", fill) != clear, scheme  # filled
        page.screenshot(path=artifact(f"screen-zero-{scheme}.png"))
    assert "primary" not in (page.get_attribute("[data-testid=confirm]", "class") or "")
    assert page.evaluate("document.activeElement.dataset.testid") == "cancel"
    page.click("[data-testid=cancel]")
    assert page.locator("table.sheet td[data-state=filled]").count() == 0
    context.close()


SWITCH = "el => getComputedStyle(el, '::after').backgroundColor"


def test_the_menus_settings_are_switches_that_show_on_and_off(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 1)
    page.tap("[data-testid=menu]")
    sound = page.locator("[data-testid=sound]")
    assert sound.is_visible()  # the sound exists, and says it is off
    assert sound.get_attribute("aria-pressed") == "false"
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        off = sound.evaluate(SWITCH)
        assert page.locator("[data-testid=chances]").evaluate(SWITCH) != off  # on: not so
        page.screenshot(path=artifact(f"screen-menu-switches-{scheme}.png"))
    sound.tap()
    if not page.is_visible("[data-testid=sound]"):
        page.tap("[data-testid=menu]")
    assert sound.get_attribute("aria-pressed") == "true"
    assert sound.evaluate(SWITCH) != off
    assert not page.watch.errors, page.watch.errors
    context.close()


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_one_tap_in_the_new_game_dialog_plays_the_computer(
    browser: Any, site: Site, locale: str
) -> None:
    context = device(browser, PHONES["360x640"], locale=locale)
    page = opened(context, site, 1)
    reveal(page, "new-game").click()
    page.wait_for_selector("#new-game-dialog[open]")
    assert page.evaluate("document.activeElement.tagName") != "INPUT"  # no keyboard pops up
    for level in ("casual", "good", "perfect"):
        found = seen(page, f"[data-testid=play-{level}]")
        assert found["inView"] and not found["covered"] and found["height"] >= TAP, found
    assert page.evaluate(SIDEWAYS) == {"out": [], "scroll": 0}
    page.screenshot(path=artifact(f"screen-new-game-{locale}.png"))
    page.tap("[data-testid=play-casual]")
    page.wait_for_selector("#new-game-dialog", state="hidden")
    assert page.locator("[data-testid=total-1]").count() == 1  # a second seat: the computer
    assert page.locator("[data-testid=total-2]").count() == 0
    assert not page.watch.errors, page.watch.errors
    context.close()


def test_everyones_boxes_are_one_tap_away(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["390x844"])
    page = opened(context, site, 3)
    page.tap("[data-testid=roll]")
    assert page.get_attribute("html", "data-sheet") == "card"
    assert not page.is_visible("[data-testid=cell-1-ones]")  # the card: the player to move's
    page.tap("[data-testid=see-all]")
    assert page.get_attribute("html", "data-sheet") == "table"
    assert page.get_attribute("[data-testid=see-all]", "aria-pressed") == "true"
    for player in range(3):
        assert page.is_visible(f"[data-testid=cell-{player}-ones]")
        assert page.is_visible(f"[data-testid=player-head-{player}]")
    page.screenshot(path=artifact("screen-everyone.png"))
    page.tap("[data-testid=see-all]")
    assert page.get_attribute("html", "data-sheet") == "card"
    context.close()
    solo = device(browser, PHONES["390x844"])
    page = opened(solo, site, 1)
    assert not page.is_visible("[data-testid=see-all]")  # one player: the card is the sheet
    solo.close()


def test_roll_keeps_its_size_and_place_through_a_turn(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 1)
    where = page.locator("[data-testid=roll]").bounding_box()
    page.tap("[data-testid=roll]")
    assert page.locator("[data-testid=roll]").bounding_box() == where
    fill_first(page)
    assert page.is_visible("[data-testid=undo]")  # Undo appears beside it
    assert page.locator("[data-testid=roll]").bounding_box() == where
    context.close()


def test_the_rules_close_from_their_top_and_by_a_tap_outside(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 1)
    reveal(page, "help").tap()
    assert page.is_visible("#help-dialog")
    found = seen(page, "[data-testid=help-close]")
    assert found["inView"] and not found["covered"]
    page.tap("[data-testid=help-close]")
    assert not page.is_visible("#help-dialog")
    reveal(page, "help").tap()
    page.mouse.click(3, 3)  # the backdrop, outside the dialog
    assert not page.is_visible("#help-dialog")
    reveal(page, "help").tap()
    page.locator("#help-dialog .help-body").click(position={"x": 5, "y": 5})  # inside: stays
    assert page.is_visible("#help-dialog")
    context.close()


# The contrast of a primary button's background against what is behind it (WCAG 1.4.11).
CONTRASTS = """() => {
  const rgb = c => c.match(/[0-9.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
                            return (x + 0.05) / (y + 0.05); };
  const behind = el => { for (let e = el.parentElement; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (rgb(c).length < 4 || rgb(c)[3] > 0) return rgb(c).slice(0, 3); }
    return [255, 255, 255]; };
  return [...document.querySelectorAll('button.primary')]
    .filter(b => b.getClientRects().length)
    .map(b => { const own = rgb(getComputedStyle(b).backgroundColor).slice(0, 3);
      const others = [...b.parentElement.querySelectorAll('button:not(.primary)')]
        .filter(o => o.getClientRects().length)
        .map(o => ratio(own, rgb(getComputedStyle(o).backgroundColor).slice(0, 3)));
      return [b.textContent.trim(), ratio(own, behind(b)), Math.min(99, ...others)]; });
}"""


def test_primary_buttons_stand_out_from_their_panel(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["390x844"])
    page = opened(context, site, 1)
    page.evaluate(
        "v => localStorage.setItem('kismet:v1:game', v)", almost_finished(seed=8, name="Ann")
    )
    open_app(page, site.url)
    page.tap("[data-testid=roll]")
    fill_first(page)
    page.wait_for_selector("[data-testid=game-over]")
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        found = page.evaluate(CONTRASTS)
        assert found, "no primary button on the game-over panel"
        for name, against_panel, against_others in found:
            assert against_panel >= 3, (scheme, name, against_panel)
            # unlike the secondary buttons
            assert against_others >= 3, (scheme, name, against_others)
        page.screenshot(path=artifact(f"screen-over-{scheme}.png"))
    context.close()


# The hint's best move is shown whole: nothing of the panel is cut or left to scroll.
WHOLE = """(panel) => { const best = panel.querySelector('li').getBoundingClientRect();
  const box = panel.getBoundingClientRect();
  return panel.scrollHeight <= panel.clientHeight + 1 && best.bottom <= box.bottom + 0.5
    && best.top >= box.top - 0.5 && best.height > 0; }"""


def test_with_the_hint_open_its_best_move_is_whole_and_every_box_stays_on_screen(
    browser: Any, site: Site
) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 1)
    for turn in range(6):  # hints of every length the first turns give
        page.tap("[data-testid=roll]")
        page.tap("[data-testid=hint]")
        page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=60_000)
        for box in Category:
            found = seen(page, f"[data-testid=cell-0-{box.value}]")
            if found["width"]:  # the boxes still open (a filled one may have scrolled)
                assert found["inView"] and not found["covered"], (turn, box, found)
        assert "Best" in page.text_content("[data-testid=hint-panel] li")
        assert page.locator("[data-testid=hint-panel]").evaluate(WHOLE), turn
        note = page.locator("[data-testid=hint-note]")
        if note.text_content():  # what to expect, when said, is seen
            assert note.is_visible() and seen(page, "[data-testid=hint-note]")["inView"], turn
        if turn == 0:
            page.screenshot(path=artifact("screen-hint.png"))
        fill_first(page)
    context.close()


def test_eight_players_chances_fit_beside_their_totals_on_a_phone(browser: Any, site: Site) -> None:
    context = device(browser, PHONES["360x640"])
    page = opened(context, site, 8)
    page.wait_for_function(
        "() => [...Array(8).keys()].every(p =>"
        " document.querySelector(`[data-testid=win-chance-${p}]`)?.dataset.chance)",
        timeout=60_000,
    )
    for player in range(8):
        assert page.text_content(f"[data-testid=win-chance-{player}] [aria-hidden]") == "13%"
        found = seen(page, f"[data-testid=win-chance-{player}]")
        assert found["inView"] and not found["covered"], (player, found)
        total = page.locator(f"[data-testid=total-{player}]").bounding_box()
        chance = page.locator(f"[data-testid=win-chance-{player}]").bounding_box()
        assert chance["x"] + chance["width"] <= total["x"] + total["width"] + 0.5  # in its pill
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    label = seen(page, "[data-testid=chance-label]")  # the figures, said in words once
    assert label["inView"] and not label["covered"], label
    assert page.text_content("[data-testid=chance-label]") == "Chance to win"
    page.tap("[data-testid=roll]")
    for box in Category:  # the strip grew by nothing a box needs
        found = seen(page, f"[data-testid=cell-0-{box.value}]")
        assert found["inView"] and not found["covered"], (box, found)
    for scheme in ("light", "dark"):  # the colours change, nothing of the layout
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifact(f"screen-eight-chances-{scheme}.png"))
    assert not page.watch.errors, page.watch.errors
    context.close()
