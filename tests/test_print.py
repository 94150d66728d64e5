"""Printing the score sheet, and keeping score for real dice (score-sheet mode), in Chromium."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from typing import Any

import pytest
from pypdf import PdfReader

from kismet import Category, Game, game_from_dict
from kismet.app.keeping.storage import GAME_KEY, MemoryStorage
from kismet.app.screen.session import Session
from kismet.text import box_name
from tests.conftest import Site, artifact, open_app, reveal
from tests.test_browser import READ_SHEET, expected_sheet

pytestmark = pytest.mark.browser

CONTROL_LABELS = ("Roll", "New game", "Real dice", "Rules", "High scores")


def finished_game_envelope() -> tuple[str, Game]:
    """A finished two-player game with an extra Kismet, saved as the app saves it."""
    storage = MemoryStorage()
    app = Session(storage, seed=3, clock=lambda: "2026-11-29T18:30:00+00:00")
    app.lobby.new_game(["Ann", "Bo"])
    game = app.game
    while not game.is_over:
        turn = len([f for f in game.history if not f.penalty])
        if turn in (0, 2):
            dice = [4, 4, 4, 4, 4] if game.current == 0 else [1, 2, 3, 4, 6]
        else:
            dice = [6, 6, 5, 5, 5] if game.current == 0 else [2, 2, 2, 5, 5]
        game.set_dice(dice)
        app.moves.choose(game.open_boxes(game.current)[0] if turn else Category.KISMET)
        if app.moves.pending is not None:
            app.moves.confirm()
    raw = storage.get(GAME_KEY)
    assert raw is not None
    return raw, game


def load_saved(page: Any, url: str, raw: str) -> None:
    open_app(page, url)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [GAME_KEY, raw])
    open_app(page, url)


def pdf_text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


def save_png(pdf: bytes, name: str) -> None:
    """The first page as a PNG under tests/artifacts/, to look at as a player would."""
    target = artifact(name)
    source = target.with_suffix(".pdf")
    source.write_bytes(pdf)
    if shutil.which("pdftoppm"):
        stem = str(target.with_suffix(""))
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile",
                        str(source), stem], check=True)  # fmt: skip


PAPERS = ("A4", "Letter")


def test_a_finished_game_prints_as_one_clean_page(page: Any, site: Site) -> None:
    raw, game = finished_game_envelope()
    load_saved(page, site.url, raw)
    assert page.locator("[data-testid=game-over]").count() == 1
    page.emulate_media(media="print")
    for paper in PAPERS:
        printed_game_over_page(page.pdf(format=paper, print_background=False), game, paper)


def printed_game_over_page(pdf: bytes, game: Game, paper: str) -> None:
    pages, text = pdf_text(pdf)
    assert pages == 1, paper
    flat = " ".join(text.split())
    for box in Category:
        assert box_name(box) in flat, box
    for name in game.players:
        assert name in flat
    for player in range(2):
        totals = game.totals(player)
        for value in (totals.basic, totals.bonus, totals.kismet, totals.grand):
            assert str(value) in flat
    assert "Winner" in flat and "Kismet score sheet" in flat and "2026-11-29" in flat
    assert "63-70: 35, 71-77: 55, 78+: 75" in flat
    assert "1 and 6 black, 2 and 5 red, 3 and 4 green" in flat
    for label in CONTROL_LABELS:
        assert label not in flat, label
    save_png(pdf, f"print-game-{paper.lower()}.png")


EIGHT = ["Annabelle", "Bartholomew", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal"]


def test_eight_players_print_with_whole_names_in_equal_columns(page: Any, site: Site) -> None:
    app = Session(MemoryStorage(), seed=4, clock=lambda: "2026-11-30T20:00:00+00:00")
    app.lobby.new_game(EIGHT)
    for _ in range(8):
        app.moves.roll()
        app.moves.choose(app.game.open_boxes(app.game.current)[0])
        if app.moves.pending is not None:
            app.moves.confirm()
    raw = app.shelf.store.storage.get(GAME_KEY)
    assert raw is not None
    load_saved(page, site.url, raw)
    page.emulate_media(media="print")
    widths = page.evaluate(
        "[...document.querySelectorAll('.live-sheet thead th[scope=col]:not(.corner)')]"
        ".map(th => th.getBoundingClientRect().width)"
    )
    assert len(widths) == 8 and max(widths) - min(widths) < 1, widths
    overflowing = page.evaluate(
        "[...document.querySelectorAll('.live-sheet thead .name')]"
        ".filter(n => n.scrollWidth > n.parentElement.clientWidth + 1).map(n => n.textContent)"
    )
    assert overflowing == []
    for paper in PAPERS:
        pdf = page.pdf(format=paper, print_background=False)
        pages, text = pdf_text(pdf)
        assert pages == 1, paper
        words = text.split()
        for name in EIGHT:
            assert name in words, (paper, name, [w for w in words if w[:1] == name[0]])
        save_png(pdf, f"print-eight-{paper.lower()}.png")


# Headless Chromium has no printer: its print dialog would never close, and page.pdf()
# is the printer. So the tests that press the app's Print button record the call to
# window.print() (and nothing else of the page is replaced), then print with page.pdf().
RECORD_PRINT = "window.print = () => { window.__printed = (window.__printed || 0) + 1; };"


def choose_print(page: Any, what: str, players: int = 1) -> bytes:
    reveal(page, "print").click()
    page.check(f"[data-testid=print-{what}]")
    if what == "blank":
        page.select_option("[data-testid=print-players]", str(players))
    page.click("[data-testid=print-now]")
    assert page.evaluate("window.__printed") == 1
    page.emulate_media(media="print")
    return page.pdf(format="A4")


def test_a_blank_sheet_for_eight_players_fits_one_page(page: Any, site: Site) -> None:
    page.add_init_script(RECORD_PRINT)
    open_app(page, site.url)
    pdf = choose_print(page, "blank", players=8)
    pages, text = pdf_text(pdf)
    assert pages == 1
    flat = " ".join(text.split())
    assert "Player 1" not in flat  # columns left empty to write names in
    for box in Category:
        assert box_name(box) in flat
    columns = page.locator("[data-testid=blank-sheet] thead th").count()
    assert columns == 9
    save_png(pdf, "print-blank-8.png")


def test_a_blank_six_game_pad_for_one_player(page: Any, site: Site) -> None:
    page.add_init_script(RECORD_PRINT)
    open_app(page, site.url)
    pdf = choose_print(page, "six")
    pages, text = pdf_text(pdf)
    flat = " ".join(text.split())
    assert pages == 1
    assert all(f"Game {n}" in flat for n in range(1, 7))
    save_png(pdf, "print-six-games.png")


# A whole two-player game with real dice: (typed faces of each entry, box) per turn.
# Ann's second Kismet is an extra Kismet: a Full House joker, Bo's zero in Ones, and
# Ann's extra turn.
def sheet_mode_script() -> list[tuple[list[str], Category]]:
    script: list[tuple[list[str], Category]] = [
        (["12346", "3 3 3 3 4", "33333"], Category.KISMET),  # Ann: three entries
        (["66612"], Category.SIXES),  # Bo
        (["3,3,3,3,3"], Category.FULL_HOUSE),  # Ann: extra Kismet, then plays again
    ]
    game = Game(["Ann", "Bo"])
    for entries, box in script:
        game.set_dice([int(c) for c in entries[-1] if c.isdigit()])
        game.score(box)
    rolls = ["11123", "22256", "33312", "44413", "55521", "66651", "12345", "23456"]
    turn = 0
    while not game.is_over:
        typed = rolls[turn % len(rolls)]
        box = game.open_boxes(game.current)[0]
        game.set_dice([int(c) for c in typed])
        game.score(box)
        script.append(([typed], box))
        turn += 1
    return script


def test_a_whole_game_in_score_sheet_mode_matches_the_rules(page: Any, site: Site) -> None:
    open_app(page, site.url)
    reveal(page, "new-game").click()
    page.click("[data-testid=add-player]")
    page.fill("[data-testid=player-name-0]", "Ann")
    page.fill("[data-testid=player-name-1]", "Bo")
    page.click("[data-testid=start-game]")
    reveal(page, "mode").click()
    assert page.get_attribute("html", "data-mode") == "sheet"
    assert page.is_hidden("[data-testid=roll]")
    game = Game(["Ann", "Bo"])
    for number, (entries, box) in enumerate(sheet_mode_script()):
        for typed in entries:
            if number == 1:  # Bo taps the dice to set their faces instead of typing
                for i, face in enumerate(int(c) for c in typed):
                    for _ in range(face):
                        page.click(f"[data-testid=die-{i}]")
                page.click("[data-testid=enter-roll]")
            else:
                page.fill("[data-testid=entry-faces]", typed)
                page.press("[data-testid=entry-faces]", "Enter")
            game.set_dice([int(c) for c in typed if c.isdigit()])
            assert page.get_attribute("[data-testid=die-0]", "data-face") == str(game.dice[0])
        page.click(f"[data-testid=cell-{game.current}-{box.value}] button")
        if page.is_visible("#confirm-dialog"):
            page.click("[data-testid=confirm]")
        extra = game.is_extra_kismet
        game.score(box)
        if extra:
            status = page.text_content("[data-testid=status]")
            assert "Extra Kismet! Ann scores 30 in Full House as a joker." in status
            assert "Bo takes a zero in Ones." in status and "Ann rolls again." in status
        assert page.evaluate(READ_SHEET) == expected_sheet(game)
    assert game.is_over
    assert page.locator("[data-testid=game-over]").count() == 1
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert saved["mode"] == "sheet" and game_from_dict(saved["game"]).history == game.history
    page.screenshot(path=artifact("score-sheet-mode.png"), full_page=True)


def test_a_bad_entry_is_refused_and_changes_nothing(page: Any, site: Site) -> None:
    open_app(page, site.url)
    reveal(page, "mode").click()
    before = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    for typed in ("12378", "1234", "123456"):
        page.fill("[data-testid=entry-faces]", typed)
        page.press("[data-testid=entry-faces]", "Enter")
        assert "five faces as digits from 1 to 6" in page.text_content("[data-testid=status]")
        assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == before
    page.fill("[data-testid=entry-faces]", "22255")
    page.press("[data-testid=entry-faces]", "Enter")
    assert page.text_content("[data-testid=cell-0-full_house_same_color] button") == "36"
    reveal(page, "mode").click()  # not mid-turn
    assert "start of a turn" in page.text_content("[data-testid=status]")
    assert page.get_attribute("html", "data-mode") == "sheet"
    page.click("[data-testid=cell-0-full_house_same_color] button")
    reveal(page, "mode").click()  # a turn boundary: back to on-screen dice
    assert page.get_attribute("html", "data-mode") == "dice"
    assert page.is_enabled("[data-testid=roll]")
