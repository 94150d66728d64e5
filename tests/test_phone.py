"""Playing on a phone (and a laptop): the next move in view, big enough targets, dialogs that
fit, undo, games kept aside, real dice that the sheet scores as shown, in Chromium."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from kismet import Category, Game
from tests.conftest import READY_TIMEOUT_MS, Site, artifact, open_app, reveal, watch_page
from tests.test_browser import READ_SHEET, expected_sheet, faces

pytestmark = pytest.mark.browser

PHONES = {"390x844": (390, 844), "360x640": (360, 640)}
LAPTOP = (1280, 800)
TAP = 43.5  # 44 CSS px, less half a pixel of rounding

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 &&
         r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }"""

SMALL_TARGETS = """root => [...root.querySelectorAll('button, select, input')]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => [el.dataset.testid || el.getAttribute('aria-label') || el.textContent.trim(),
              el.getBoundingClientRect().width, el.getBoundingClientRect().height])
  .filter(([name, w, h]) => w < TAP || h < TAP)""".replace("TAP", str(TAP))


def at_size(page: Any, size: str) -> str:
    """The page's viewport set to the phone ``size`` (a key of PHONES): one page checked at
    each size, instead of a context and a game for each."""
    width, height = PHONES[size]
    page.set_viewport_size({"width": width, "height": height})
    return size


def in_view(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).first.evaluate(IN_VIEW))


def phone(browser: Any, size: str, scheme: str = "light", locale: str = "en-GB") -> Any:
    width, height = PHONES[size]
    return browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                               is_mobile=True, color_scheme=scheme, locale=locale)  # fmt: skip


def start_game(page: Any, names: list[str], seats: list[str] | None = None) -> None:
    reveal(page, "new-game").click()
    while page.locator("[data-testid^=player-name-]").count() < len(names):
        page.click("[data-testid=add-player]")
    for i, name in enumerate(names):
        page.fill(f"[data-testid=player-name-{i}]", name)
        if seats:
            page.select_option(f"[data-testid=player-kind-{i}]", seats[i])
    page.click("[data-testid=start-game]")
    if page.is_visible("#confirm-dialog"):  # a game under way is put aside
        page.click("[data-testid=confirm]")


def take_turn(page: Any, game: Game, *, touch: bool = True) -> Category:
    """Roll, keep the most common face, roll again, fill the best box (by touch)."""
    press = page.tap if touch else page.click
    press("[data-testid=roll]")
    game.roll()
    common = Counter(game.dice).most_common(1)[0][0]
    for i, face in enumerate(game.dice):
        if face == common:
            press(f"[data-testid=die-{i}]")
            game.toggle_hold(i)
    if not all(game.held):
        press("[data-testid=roll]")
        game.roll()
    options = game.options()
    box = max(options, key=lambda c: (options[c], -list(Category).index(c)))
    cell = page.locator(f"[data-testid=cell-{game.current}-{box.value}] button")
    cell.scroll_into_view_if_needed()
    cell.tap() if touch else cell.click()
    if page.is_visible("#confirm-dialog"):
        press("[data-testid=confirm]")
    game.score(box)
    return box


UNCOVERED = """(cell) => {  // what is at the cell's centre is the cell (or in it)
    const box = cell.getBoundingClientRect();
    const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!at && (cell === at || cell.contains(at));
}"""


@pytest.mark.long
def test_a_two_person_game_on_a_phone_keeps_the_next_move_in_view(browser: Any, site: Site) -> None:
    # One game on both phones' screens: its turns taken on each in turn (the viewport
    # changes between turns), and after every turn the checks made at both sizes. (Two
    # games, one a size, cost twice the time for the same checks.)
    sizes = list(PHONES)
    context = phone(browser, sizes[0])
    page = context.new_page()
    watch = watch_page(page, site.url)
    open_app(page, site.url + "?seed=51")
    start_game(page, ["Ann", "Bo"])
    game = Game(["Ann", "Bo"], seed=51)
    for size in sizes:
        at_size(page, size)
        assert page.evaluate(SMALL_TARGETS, page.locator("body").element_handle()) == [], size
    while not game.is_over:
        at_size(page, sizes[len(game.history) % 2])
        take_turn(page, game)
        for size in sizes:
            at_size(page, size)
            assert page.evaluate("scrollY") == 0, size  # the page itself never scrolls
            if game.is_over:
                continue
            # The next player's name and Roll are in view, wherever the sheet was scrolled.
            assert in_view(page, "[data-testid=roll]"), size
            assert in_view(page, "[data-testid=current-player]"), size
            name = game.players[game.current]
            assert page.text_content("[data-testid=current-player]") == f"{name}'s turn"
            if len(game.history) in (9, 20):
                page.screenshot(path=artifact(f"phone-{size}-{len(game.history)}.png"))
    assert page.evaluate(READ_SHEET) == expected_sheet(game)
    # The panel at its tallest: once luck against skill is said (the table is fetched first).
    page.wait_for_selector("[data-testid=luck]", timeout=READY_TIMEOUT_MS)
    over = page.locator("[data-testid=game-over]")
    for size in sizes:
        at_size(page, size)
        assert in_view(page, "[data-testid=game-over]"), size
        assert (
            over.locator("h2").count() == 1
            and page.locator("h2:visible", has_text="Game over").count() == 1
        )
        for dead in ("roll", "hint", "die-0"):
            assert not page.is_visible(f"[data-testid={dead}]"), (size, dead)
        page.screenshot(path=artifact(f"phone-{size}-game-over.png"))
        # A tap on its head folds the panel: every box of the sheet can be seen, none covered.
        tall = over.bounding_box()["height"]
        page.click("[data-testid=fold-over]")
        assert over.bounding_box()["height"] < min(tall / 2, 110), size
        assert page.is_visible("[data-testid=result]") and not page.is_visible(".count-up")
        for cells in ("[data-testid$=-kismet]", "[data-testid$=-four_of_a_kind]",
                      "[data-testid^=bonus-]"):  # fmt: skip
            cell = page.locator(f"table.sheet td{cells}:visible").first
            cell.scroll_into_view_if_needed()
            assert page.evaluate(UNCOVERED, cell.element_handle()), (size, cells)
        page.screenshot(path=artifact(f"phone-{size}-game-over-folded.png"))
        page.click("[data-testid=fold-over]")  # and opens again
        assert page.is_visible("[data-testid=play-again]"), size
    assert not watch.errors, watch.errors
    context.close()


@pytest.mark.parametrize("size", list(PHONES))
def test_the_new_game_dialog_with_eight_seats_fits_a_phone(
    browser: Any, site: Site, size: str
) -> None:
    context = phone(browser, size)
    page = context.new_page()
    open_app(page, site.url)
    reveal(page, "new-game").click()
    for _ in range(7):
        page.click("[data-testid=add-player]")
    dialog = page.locator("#new-game-dialog")
    assert dialog.evaluate(IN_VIEW)
    width = PHONES[size][0]
    boxes = dialog.evaluate("""d => [...d.querySelectorAll('button, select, input')]
        .map(el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; })""")
    assert all(left >= 0 and right <= width + 0.5 for left, right in boxes), boxes
    assert page.evaluate(SMALL_TARGETS, dialog.element_handle()) == []
    page.screenshot(path=artifact(f"phone-{size}-new-game-8.png"))
    context.close()


def test_the_menu_and_dialogs_on_a_phone(browser: Any, site: Site) -> None:
    context = phone(browser, "360x640", scheme="dark")
    page = context.new_page()
    open_app(page, site.url + "?seed=52")
    page.tap("[data-testid=menu]")
    assert page.get_attribute("[data-testid=menu]", "aria-expanded") == "true"
    assert page.evaluate(SMALL_TARGETS, page.locator("#actions").element_handle()) == []
    page.screenshot(path=artifact("phone-menu-dark.png"))
    page.tap("[data-testid=help]")  # the menu closes, the rules open at their top
    assert page.get_attribute("[data-testid=menu]", "aria-expanded") == "false"
    assert page.evaluate("document.querySelector('#help-dialog').scrollTop") == 0
    assert in_view(page, "#help-title")
    assert page.locator("#help-dialog").evaluate(IN_VIEW)
    page.screenshot(path=artifact("phone-rules-dark.png"))
    page.keyboard.press("Escape")
    context.close()


def test_on_a_laptop_every_box_is_in_view_after_a_roll(browser: Any, site: Site) -> None:
    for scheme in ("light", "dark"):
        width, height = LAPTOP
        context = browser.new_context(viewport={"width": width, "height": height},
                                      color_scheme=scheme)  # fmt: skip
        page = context.new_page()
        open_app(page, site.url + "?seed=53")
        start_game(page, ["Ann", "Bo", "Cy", "Di"])
        page.click("[data-testid=roll]")
        for box in Category:
            assert in_view(page, f"[data-testid=cell-0-{box.value}]"), box
        assert in_view(page, "[data-testid=roll]") and in_view(page, "[data-testid=total-3]")
        page.screenshot(path=artifact(f"laptop-{scheme}.png"))
        context.close()


def test_undo_in_the_page(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=54")
    start_game(page, ["Ann", "Bo"])
    game = Game(["Ann", "Bo"], seed=54)
    assert not page.is_visible("[data-testid=undo]")
    page.click("[data-testid=roll]")
    game.roll()
    page.click("[data-testid=die-3]")
    game.toggle_hold(3)
    page.click("[data-testid=roll]")
    game.roll()
    before = page.evaluate(READ_SHEET)
    box = next(c for c in Category if game.options()[c] == 0)
    page.click(f"[data-testid=cell-0-{box.value}] button")  # a slip of the finger
    page.click("[data-testid=confirm]")
    assert page.is_visible("[data-testid=undo]")
    page.click("[data-testid=undo]")
    assert page.evaluate(READ_SHEET) == before == expected_sheet(game)
    assert faces(page) == game.dice
    assert page.get_attribute("[data-testid=die-3]", "aria-pressed") == "true"
    assert "took back" in page.text_content("[data-testid=status]")
    open_app(page, site.url)  # the turn survives a reload, and the slip is gone
    assert page.evaluate(READ_SHEET) == expected_sheet(game)
    page.click("[data-testid=cell-0-yarborough] button")
    game.score(Category.YARBOROUGH)
    page.click("[data-testid=roll]")  # Bo rolls: the box stays
    assert not page.is_visible("[data-testid=undo]")


def test_a_new_game_keeps_the_unfinished_one_to_resume(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=55")
    start_game(page, ["Ann", "Bo"])
    game = Game(["Ann", "Bo"], seed=55)
    take_turn(page, game, touch=False)
    page.click("[data-testid=roll]")
    game.roll()
    page.click("[data-testid=die-1]")
    game.toggle_hold(1)
    reveal(page, "new-game").click()
    page.fill("[data-testid=player-name-0]", "Cy")
    page.click("[data-testid=remove-player-1]")
    page.click("[data-testid=start-game]")
    assert page.is_visible("#confirm-dialog")
    assert "not finished" in page.text_content("#confirm-text")
    assert page.evaluate("document.activeElement.dataset.testid") == "cancel"
    page.screenshot(path=artifact("put-aside.png"))
    page.click("[data-testid=confirm]")
    assert page.text_content("[data-testid=current-player]") == "Cy's turn"
    reveal(page, "games").click()
    assert "Ann and Bo" in page.text_content("[data-testid=games-list]")
    page.click("[data-testid=resume-0]")
    assert page.evaluate(READ_SHEET) == expected_sheet(game)
    assert faces(page) == game.dice
    assert page.get_attribute("[data-testid=die-1]", "aria-pressed") == "true"
    page.click("[data-testid=roll]")
    game.roll()
    assert faces(page) == game.dice  # the very dice the game would have rolled


def test_real_dice_on_screen_are_what_the_sheet_scores(page: Any, site: Site) -> None:
    open_app(page, site.url)
    reveal(page, "mode").click()
    page.fill("[data-testid=entry-faces]", "33456")
    page.press("[data-testid=entry-faces]", "Enter")
    assert page.text_content("[data-testid=cell-0-fives] button") == "5"
    page.click("[data-testid=die-2]")  # 4 -> 5
    assert faces(page) == (3, 3, 5, 5, 6)
    assert page.locator("table.sheet button.option").count() == 0
    assert page.text_content("[data-testid=entry-note]") == "Enter these dice to score them."
    page.click("[data-testid=enter-roll]")
    assert page.text_content("[data-testid=cell-0-fives] button") == "10"
    page.click("[data-testid=cell-0-fives] button")
    assert page.text_content("[data-testid=cell-0-fives]") == "10"


def test_screens_in_korean_and_the_dark(browser: Any, site: Site, advisor: Any) -> None:
    # Screenshots for the eye: a Korean phone in the dark with a hint, the hand-off to the
    # next person, the New game dialog, and the laptop in Korean.
    context = phone(browser, "390x844", scheme="dark", locale="ko-KR")
    page = context.new_page()
    watch = watch_page(page, site.url)
    open_app(page, site.url + "?seed=56")
    start_game(page, ["지민", "서연"])
    page.tap("[data-testid=roll]")
    page.tap("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=READY_TIMEOUT_MS)
    assert in_view(page, "[data-testid=roll]")
    page.screenshot(path=artifact("phone-ko-dark-hint.png"))
    page.locator("table.sheet button.option").first.tap()
    if page.is_visible("#confirm-dialog"):
        page.screenshot(path=artifact("phone-ko-dark-zero.png"))
        page.tap("[data-testid=confirm]")
    assert page.text_content("[data-testid=current-player]") == "서연 차례"
    page.screenshot(path=artifact("phone-ko-dark-handoff.png"))
    reveal(page, "new-game").click()
    page.screenshot(path=artifact("phone-ko-dark-new-game.png"))
    assert not watch.errors, watch.errors
    context.close()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ko-KR")
    page = context.new_page()
    open_app(page, site.url + "?seed=57")
    page.click("[data-testid=roll]")
    for box in Category:
        assert in_view(page, f"[data-testid=cell-0-{box.value}]"), box
    page.screenshot(path=artifact("laptop-ko.png"))
    context.close()
