"""Everyone can play: axe-core checks, a keyboard-only game, Korean, colour shapes."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from kismet import Category, Game, Refusal, SaveProblem
from kismet import text as messages
from kismet.app.base.keys import Key, shortcut
from tests.conftest import Site, artifact, open_app, reveal, settled_status, watch_page
from tests.test_browser import READ_SHEET, expected_sheet, faces
from tests.test_moments import put_stored, stored_before_a_new_best

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


# ------------------------------------------------------------ catalogues (CPython)


def test_every_catalogue_has_exactly_the_english_keys() -> None:
    for lang, catalogue in messages.CATALOGUES.items():
        assert set(catalogue) == set(messages.EN), lang
        for key, value in catalogue.items():
            wanted = set(re.findall(r"\{(\w+)", messages.EN[key]))
            assert set(re.findall(r"\{(\w+)", value)) == wanted, (lang, key)


WORD_PARAMS = {
    "name", "names", "where", "box", "dice", "choice", "color", "why", "faces", "face",
    "winner", "loser", "other", "chose", "chosen", "best", "level", "shape", "date", "day",
    "month", "year", "first", "last", "roll", "chances", "chance", "instead", "percent",
    "size", "site", "step", "lang", "version", "readable", "field", "what", "kind",
}  # fmt: skip
"""Placeholders that hold words (a name, a box, dice, a reason...), and ``keep.size_site``'s
sizes ("12 KB"); every other placeholder holds a number."""
AGREE = {"game": "games", "turn": "turns", "point": "points", "player": "players",
         "friend": "friends", "result": "results", "time": "times", "character": "characters",
         "Kismet": "Kismets", "seat": "seats", "was": "were"}  # fmt: skip
"""English words that must agree with the number before them (singular: plural)."""


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_message_with_a_number_reads_right_for_0_1_2_and_21(lang: str) -> None:
    # Every message that takes a number, rendered with 0, 1, 2 and 21 in each number: never
    # "1 games" nor "2 game" (nor "1 were", "2 was"); the counted phrases
    # ({count:# game|# games}, kismet.text) render whole, with no brace or bar left over.
    singular = "|".join(AGREE)
    plural = "|".join(AGREE.values())
    wrong = {
        1: re.compile(rf"(?<![\d.])1 ({plural})\b"),
        0: re.compile(rf"(?<![\d.])0 ({singular})\b"),
        2: re.compile(rf"(?<![\d.])2 ({singular})\b"),
        21: re.compile(rf"(?<![\d.])21 ({singular})\b"),
    }
    checked = 0
    for key, template in messages.CATALOGUES[lang].items():
        params = set(re.findall(r"\{(\w+)", template))
        numbers = params - WORD_PARAMS
        if not numbers:
            continue
        checked += 1
        for n, bad in wrong.items():
            values = {p: (n if p in numbers else "Ann") for p in params}
            said = messages.text(key, lang, **values)
            assert "{" not in said and "|" not in said, (key, n, said)
            if lang == "en":
                assert not bad.search(said), (key, n, said)
    assert checked > 60  # the messages that take a number
    # The counted phrase itself: the form for exactly one, else the other, "#" the number.
    assert messages.text("restore.done", "en", added=1, known=0) == (
        "Restored 1 finished game (0 were already here)."
    )
    assert messages.text("restore.done", "en", added=21, known=1) == (
        "Restored 21 finished games (1 was already here)."
    )


def test_korean_box_names_are_those_of_the_rules() -> None:
    names = [messages.box_name(c, "ko") for c in Category]
    assert names == [
        "에이스", "듀스", "트레이", "포", "파이브", "식스",
        "같은 색 투 페어", "스리 오브 어 카인드", "스트레이트", "플러시", "풀 하우스",
        "같은 색 풀 하우스", "포 오브 어 카인드", "야버러", "키스멧",
    ]  # fmt: skip
    assert messages.text("section.basic", "ko") == "기본 섹션"
    assert messages.text("section.kismet", "ko") == "키스멧 섹션"


def test_every_refusal_and_save_problem_has_words() -> None:
    for lang in messages.LANGUAGES:
        for reason in Refusal:
            assert f"error.{reason.value}" in messages.CATALOGUES[lang], reason
        for problem in SaveProblem:
            assert f"save.{problem.value}" in messages.CATALOGUES[lang], problem


def test_shortcuts() -> None:
    assert shortcut(" ") == shortcut("r") == shortcut("R") == (Key.ROLL, 0)
    assert [shortcut(str(n)) for n in range(1, 6)] == [(Key.HOLD, i) for i in range(5)]
    assert shortcut("n") == (Key.NEW_GAME, 0) and shortcut("?") == (Key.HELP, 0)
    assert shortcut("ArrowDown") == (Key.MOVE, 1) and shortcut("ArrowUp") == (Key.MOVE, -1)
    assert shortcut("x") is None and shortcut("6") is None


# ------------------------------------------------------------------ browser

browser_only = pytest.mark.browser


def axe_violations(page: Any) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        # Run by the test's driver: a script tag would be the page's own, which its content
        # policy refuses (the test would fail on the refusal).
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:3])})"
        for v in result
    ]


@browser_only
@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_axe_finds_no_violations(browser: Any, site: Site, locale: str) -> None:
    # Light, then dark in the same page (the colour scheme is switched, not a new Python).
    context = browser.new_context(locale=locale, color_scheme="light")
    page = context.new_page()
    watch = watch_page(page, site.url)
    open_app(page, site.url + "?seed=8")
    assert page.get_attribute("html", "lang") == locale[:2]
    states: dict[str, list[Any]] = {}

    def check(name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            states[f"{name} ({scheme})"] = axe_violations(page)

    check("board")
    page.click("[data-testid=roll]")
    page.click("[data-testid=die-1]")
    check("after a roll")
    reveal(page, "new-game").click()
    check("new-game dialog")
    page.keyboard.press("Escape")
    reveal(page, "help").click()
    check("help")
    page.keyboard.press("Escape")
    reveal(page, "shapes").click()
    check("colour shapes")
    # Two players: their chances to win beside the totals.
    reveal(page, "new-game").click()
    page.click("[data-testid=add-player]")
    page.click("[data-testid=start-game]")
    if page.is_visible("#confirm-dialog"):  # the game under way is put aside
        page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=win-chance-1] [aria-hidden]", timeout=60_000)
    check("win chances")
    # The hint at a table with others (it weighs the chance to win as well as the points).
    page.click("[data-testid=roll]")
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=60_000)
    check("hint at a table")
    # A laptop: the sheet in its own frame, its totals row kept in view.
    page.set_viewport_size({"width": 1366, "height": 768})
    check("laptop")
    # A phone: the sheet's cards show the boxes' short names, and the buttons keep the
    # full ones for a screen reader.
    page.set_viewport_size({"width": 360, "height": 640})
    check("phone")
    name = messages.text("box.ones", locale[:2])
    expect(page.locator("[data-testid=name-ones]")).to_have_accessible_name(name)
    # The game over on the phone, open and folded, from a game one box from its end.
    put_stored(page, stored_before_a_new_best())
    open_app(page, site.url)
    page.click("[data-testid=roll]")
    page.locator("table.sheet button.option").first.click()
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=game-over][open]")
    # Folded at once, before the luck is priced (in steps after the end): what arrives then
    # is drawn into the panel's body, and the panel stays folded.
    page.click("[data-testid=fold-over]")
    page.wait_for_selector(
        "[data-testid=game-over] [data-testid=luck]", state="attached", timeout=60_000
    )
    assert page.locator("[data-testid=game-over]:not([open])").count() == 1
    check("game over, folded")
    page.click("[data-testid=fold-over]")
    page.wait_for_selector("[data-testid=game-over][open]")
    check("game over")
    # The menu, with Back up and Restore under the line on the storage.
    reveal(page, "menu-backup")
    page.wait_for_selector("[data-testid=menu-backup]", state="visible")
    check("menu")
    assert {k: v for k, v in states.items() if v} == {}
    assert not watch.errors, watch.errors
    context.close()


@browser_only
def test_a_whole_game_with_the_keyboard_only(browser: Any, site: Site) -> None:
    context = browser.new_context()
    page = context.new_page()
    watch = watch_page(page, site.url)
    page.goto(site.url + "?seed=17")
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    page.evaluate("""() => { window.__mouse = 0;
        for (const type of ['mousedown', 'mouseup', 'pointerdown'])
          document.addEventListener(type, () => window.__mouse++, true); }""")
    game = Game(["Player 1"], seed=17)
    keyboard = page.keyboard
    # Tab reaches the Roll button, and Space on it rolls.
    for _ in range(20):
        keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.testid") == "roll":
            break
    assert page.evaluate("document.activeElement.dataset.testid") == "roll"
    while not game.is_over:
        keyboard.press("r" if game.dice else " ")
        game.roll()
        assert faces(page) == game.dice
        common = Counter(game.dice).most_common(1)[0][0]
        for i, face in enumerate(game.dice):
            if face == common:
                keyboard.press(str(i + 1))
                game.toggle_hold(i)
        if not all(game.held):
            keyboard.press("R")
            game.roll()
        options = game.options()
        best = max(options, key=lambda c: (options[c], -list(Category).index(c)))
        keyboard.press("ArrowDown")
        order = list(options)
        for _ in range(order.index(best)):
            keyboard.press("ArrowDown")
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label == f"{messages.box_name(best)}: score {options[best]}"
        keyboard.press("Enter")
        if page.is_visible("#confirm-dialog"):
            assert page.evaluate("document.activeElement.dataset.testid") == "confirm"
            keyboard.press("Enter")
        game.score(best)
        assert page.evaluate(READ_SHEET) == expected_sheet(game)
    assert page.locator("[data-testid=game-over]").count() == 1
    # N opens the new-game dialog with focus inside it (its title: no phone keyboard pops
    # up); Escape returns focus.
    keyboard.press("n")
    assert page.evaluate("document.activeElement.id") == "new-game-title"
    keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog", state="hidden")
    keyboard.press("?")
    assert page.is_visible("#help-dialog")
    assert "Keyboard" in page.text_content("#help-dialog")
    keyboard.press("Escape")
    assert page.evaluate("window.__mouse") == 0
    assert not watch.errors, watch.errors
    context.close()


@browser_only
def test_screen_reader_names_and_announcements(page: Any, site: Site) -> None:
    open_app(page, site.url + "?seed=6")
    game = Game(["Player 1"], seed=6)
    page.click("[data-testid=roll]")
    game.roll()
    for i, face in enumerate(game.dice):
        name = page.get_attribute(f"[data-testid=die-{i}]", "aria-label")
        color = {1: "black", 6: "black", 2: "red", 5: "red", 3: "green", 4: "green"}[face]
        assert name == f"Die {i + 1}: {messages.text(f'face.{face}')}, {color}"
    assert page.get_attribute("[data-testid=status]", "aria-live") == "polite"
    assert page.text_content("[data-testid=status]").startswith("Player 1 rolled")
    headers = page.locator("table.sheet th[scope=row]").count()
    assert headers == 15 + 4 and page.locator("table.sheet th[scope=col]").count() == 2


def visible_words(page: Any) -> set[str]:
    text = page.evaluate("document.body.innerText")
    return set(re.findall(r"[A-Za-z]{3,}", text))


def english_words() -> set[str]:
    words: set[str] = set()
    for key, value in messages.EN.items():
        if key.startswith("lang.") or key == "help.body":
            continue  # language names are shown in their own language
        words |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", value)))
    return words


@browser_only
def test_a_whole_game_in_korean(browser: Any, site: Site) -> None:
    context = browser.new_context(locale="ko-KR")
    page = context.new_page()
    watch = watch_page(page, site.url)
    open_app(page, site.url + "?seed=19")
    assert page.url.split("?")[0].endswith("index.ko.html")
    english = english_words() - {"Tab", "Enter"}  # key names, as printed on keyboards
    game = Game(["참가자 1"], seed=19)
    while not game.is_over:
        page.click("[data-testid=roll]")
        game.roll()
        leaked = visible_words(page) & english
        assert not leaked, leaked
        options = game.options()
        best = max(options, key=lambda c: (options[c], -list(Category).index(c)))
        page.click(f"[data-testid=cell-0-{best.value}] button")
        if page.is_visible("#confirm-dialog"):
            assert not visible_words(page) & english
            page.click("[data-testid=confirm]")
        game.score(best)
    assert page.evaluate(READ_SHEET) == expected_sheet(game)
    assert f"{game.total(0)}점을 얻었습니다." in page.text_content("[data-testid=game-over]")
    # The rules' trademark line names the game and its maker as they are written.
    marks = set(re.findall(r"[A-Za-z]{3,}", messages.text("help.unofficial", "ko")))
    for dialog in ("new-game", "help", "print"):
        reveal(page, dialog).click()
        leaked = visible_words(page) & english - marks
        assert not leaked, (dialog, leaked)
        page.keyboard.press("Escape")
    page.screenshot(path=artifact("korean-game-over.png"), full_page=True)
    # The language can be switched in the page, and the choice is remembered.
    reveal(page, "language").select_option("en")
    page.wait_for_url(re.compile(r"/index\.html"))
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    assert page.get_attribute("html", "lang") == "en"
    # The finished game fetches the strategy table for its luck panel, and the status line
    # says so until it arrives: read the line the table's arrival leaves.
    assert "Welcome back" not in settled_status(page)  # not a new visit
    page.goto(site.url)
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    assert page.get_attribute("html", "lang") == "en"
    assert "Welcome back" in settled_status(page)
    assert not watch.errors, watch.errors
    context.close()


@browser_only
def test_colour_shapes_tell_the_groups_apart(browser: Any, site: Site) -> None:
    context = browser.new_context(viewport={"width": 900, "height": 700})
    page = context.new_page()
    open_app(page, site.url)
    # Show all six faces on the five dice and the help's mini dice.
    reveal(page, "help").click()
    groups = page.locator("#help-dialog .color-groups")
    shapes: dict[str, list[tuple[str, str]]] = {}
    for mode in ("off", "on"):
        if mode == "on":
            page.keyboard.press("Escape")
            reveal(page, "shapes").click()
            reveal(page, "help").click()
        groups.screenshot(path=artifact(f"faces-shapes-{mode}.png"))
        shapes[mode] = page.evaluate("""() => [1, 2, 3, 4, 5, 6].map(face => {
            const pip = document.querySelector(
              `#help-dialog .die[data-face="${face}"] .pip`);
            const style = getComputedStyle(pip);
            return [style.borderRadius + ' ' + style.clipPath, style.backgroundColor];
        })""")
    by_group_off = {shapes["off"][f - 1][0] for f in range(1, 7)}
    assert len(by_group_off) == 1  # one round shape for all
    on = [shapes["on"][f - 1][0] for f in range(1, 7)]
    assert on[0] == on[5] and on[1] == on[4] and on[2] == on[3]  # faces of a group agree
    assert len({on[0], on[1], on[2]}) == 3  # the three groups differ in shape
    assert "triangular" in page.text_content("#help-dialog")
    page.keyboard.press("Escape")
    open_app(page, site.url)  # remembered
    assert page.get_attribute("html", "data-shapes") == "on"
    assert page.get_attribute("[data-testid=shapes]", "aria-pressed") == "true"
    context.close()
