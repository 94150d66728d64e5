"""The session without a browser: saves, backups, messages, high scores, the page's HTML."""

from __future__ import annotations

import json
import random
import re
from datetime import date, timedelta
from pathlib import Path

import pytest

from kismet import Category, Game, game_from_dict, game_to_dict, replay_challenge
from kismet.advice.level import Level
from kismet.advice.players import play_out
from kismet.advice.strategy import Advisor
from kismet.app.base.daily import daily_seed
from kismet.app.base.entry import parse_faces
from kismet.app.base.roster import Roster
from kismet.app.base.table import Mode
from kismet.app.keeping.storage import (
    COPY_PREFIX,
    GAME_KEY,
    HISTORY_KEY,
    SETTINGS_KEY,
    MemoryStorage,
    StorageFull,
    StorageUnavailable,
)
from kismet.app.play.turn import Ask, Pending
from kismet.app.screen.session import Session
from kismet.app.screen.sheet_view import sheet_view
from kismet.app.screen.view import die_label
from kismet.html.dice import PIPS, pip_css
from kismet.html.page import render_index
from kismet.html.sheet import blank_sheet_html, sheet_html
from kismet.rules.link import decode
from kismet.text import box_name
from tests.helpers import FIVE_THREES, refused

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    def __init__(self) -> None:
        self.tick = 0

    def __call__(self) -> str:
        self.tick += 1
        return f"2026-11-{self.tick:02d}T10:00:00+00:00"


class BrokenStorage(MemoryStorage):
    """Storage that refuses writes the way a browser does."""

    def __init__(self, error: type[Exception]) -> None:
        super().__init__()
        self.error = error

    def set(self, key: str, value: str) -> None:
        raise self.error()


def app_with(items: dict[str, str] | None = None, seed: int = 1) -> tuple[Session, MemoryStorage]:
    storage = MemoryStorage(items)
    return Session(storage, seed=seed, clock=Clock()), storage


def enter(app: Session, dice: tuple[int, ...], box: Category) -> None:
    """A turn with known dice (as the score-sheet mode will do)."""
    app.game.set_dice(list(dice))
    app.moves.choose(box)
    if app.moves.pending is not None:
        app.moves.confirm()


def test_first_visit_starts_a_solo_game_and_saves_it() -> None:
    app, storage = app_with()
    assert app.game.players == ("Player 1",)
    assert app.status == "Player 1's turn: roll the dice."
    saved = json.loads(storage.items[GAME_KEY])
    assert set(saved) == {"id", "started", "mode", "seats", "decisions", "game", "daily",
                          "challenge"}  # fmt: skip
    assert saved["mode"] == "dice" and saved["seats"] == ["human"]
    assert game_from_dict(saved["game"]) == app.game


def test_every_action_is_saved_and_restored() -> None:
    app, storage = app_with(seed=5)
    app.moves.roll()
    app.moves.toggle_hold(2)
    again = Session(storage, clock=Clock())
    assert again.game == app.game
    assert again.status == "Welcome back: your game is just as you left it."
    assert again.moves.roll() is None and again.game.dice == app.game.roll()


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "[]",
        json.dumps({"id": "x", "started": "y"}),
        json.dumps({"id": "x", "started": "y", "game": {"version": 7}}),
        json.dumps({"id": 1, "started": "y", "game": game_to_dict(Game(["A"]))}),
    ],
)
def test_a_bad_save_is_backed_up_and_a_new_game_starts(raw: str) -> None:
    app, storage = app_with({GAME_KEY: raw})
    assert "could not be read" in app.status and "copy" in app.status
    backups = {k: v for k, v in storage.items.items() if k.startswith(COPY_PREFIX + "game:")}
    assert list(backups.values()) == [raw]
    assert app.game.players == ("Player 1",) and not app.game.history
    assert json.loads(storage.items[GAME_KEY])["game"] == game_to_dict(app.game)


def test_a_bad_history_is_backed_up_and_starts_again() -> None:
    app, storage = app_with({HISTORY_KEY: '[{"id": 3}]'})
    assert "finished games could not be read" in app.status
    assert storage.items[HISTORY_KEY] == "[]"
    # The unreadable records are kept, as JSON, apart from the readable ones (none here).
    assert [v for k, v in storage.items.items() if "backup:history" in k] == ['[{"id":3}]']


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "[]",
        json.dumps({"colour": True}),
        json.dumps({"lang": "fr"}),
        json.dumps({"shapes": "yes"}),
        json.dumps({"coach": 1}),
        json.dumps({"coach_margin": 3}),
        json.dumps({"coach_margin": "5"}),
        json.dumps({"coach_margin": True}),
    ],
)
def test_bad_settings_are_backed_up_and_back_to_the_defaults(raw: str) -> None:
    app, storage = app_with({SETTINGS_KEY: raw})
    assert "settings could not be read" in app.status
    assert SETTINGS_KEY not in storage.items  # cleared once copied: the defaults
    assert [v for k, v in storage.items.items() if "backup:settings" in k] == [raw]
    assert (app.lang, app.settings.shapes, app.settings.coach, app.settings.coach_margin) == (
        "en",
        False,
        False,
        10.0,
    )


def test_settings_are_remembered() -> None:
    app, storage = app_with({})
    app.lobby.change_settings(shapes=True)
    app.lobby.change_settings(coach=True)
    app.lobby.change_settings(coach_margin=2)
    again = Session(storage, clock=Clock())
    assert (again.settings.shapes, again.settings.coach, again.settings.coach_margin) == (
        True,
        True,
        2.0,
    )
    assert "settings" not in again.status
    with pytest.raises(ValueError, match="margin"):
        again.lobby.change_settings(coach_margin=3)
    assert Session(storage, clock=Clock()).settings.coach_margin == 2.0


@pytest.mark.parametrize(
    "error,words", [(StorageFull, "Storage is full"), (StorageUnavailable, "not letting")]
)
def test_storage_that_refuses_is_told_and_play_goes_on(error: type[Exception], words: str) -> None:
    app = Session(BrokenStorage(error), seed=2, clock=Clock())
    assert words in app.view().notice
    app.moves.roll()
    assert app.game.rolls_left == 2
    assert words in app.view().notice


def test_storage_that_cannot_even_be_read_is_told() -> None:
    class Disabled(BrokenStorage):
        def get(self, key: str) -> str | None:
            raise StorageUnavailable()

    app = Session(Disabled(StorageUnavailable), clock=Clock())
    assert "not letting" in app.view().notice


def test_zero_needs_a_confirmation_when_another_box_scores() -> None:
    app, _ = app_with()
    app.game.set_dice([2, 3, 4, 5, 6])
    app.moves.choose(Category.KISMET)
    assert app.moves.pending == Pending(Ask.ZERO, Category.KISMET)
    confirm = app.view().confirm
    assert confirm is not None and confirm.question == "Score 0 in Kismet? Straight would score 30."
    assert app.game.sheet(0)[Category.KISMET] is None
    app.moves.cancel()
    assert app.moves.pending is None and app.view().confirm is None
    app.moves.choose(Category.KISMET)
    app.moves.confirm()
    assert app.game.sheet(0)[Category.KISMET] == 0


def test_no_confirmation_when_every_box_scores_zero() -> None:
    app, _ = app_with()
    for box in Category:
        if box is not Category.ONES:
            app.game.set_dice([1, 2, 3, 4, 6])
            app.game.score(box)
    app.game.set_dice([2, 3, 4, 5, 6])
    app.moves.choose(Category.ONES)
    assert app.moves.pending is None and app.game.is_over


def test_extra_kismet_message_names_the_joker_the_zeros_and_the_extra_turn() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Bo", "Cy"])
    enter(app, FIVE_THREES, Category.KISMET)
    enter(app, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    enter(app, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    enter(app, FIVE_THREES, Category.FULL_HOUSE)
    assert app.status == (
        "Extra Kismet! Ann scores 30 in Full House as a joker. Bo takes a zero in Ones. "
        "Cy takes a zero in Ones. Ann rolls again."
    )


def test_refused_actions_are_told() -> None:
    app, storage = app_with()
    before = storage.items[GAME_KEY]
    app.moves.toggle_hold(0)
    assert app.status == "Roll first: there are no dice to hold yet"
    assert storage.items[GAME_KEY] == before


def test_new_game_names_and_play_again() -> None:
    app, _ = app_with()
    app.lobby.new_game(["  Ann ", "", "Cy"])
    assert app.game.players == ("Ann", "Player 2", "Cy")
    app.lobby.new_game([f"P{i}" for i in range(9)])
    assert app.status == "A game has 1 to 8 players, not 9"
    assert app.game.players == ("Ann", "Player 2", "Cy")
    app.moves.roll()
    app.lobby.play_again()
    assert app.game.players == ("Ann", "Player 2", "Cy") and not app.game.dice


def test_finished_games_make_the_high_score_table() -> None:
    app, storage = app_with()
    for game_number in range(12):
        app.lobby.new_game(["Ann", "Bo"])
        while not app.game.is_over:
            dice = (6, 6, 6, 5, 5) if game_number % 2 == app.game.current else (1, 2, 3, 4, 6)
            enter(app, dice, app.game.open_boxes(app.game.current)[0])
    assert "wins with" in app.status
    history = json.loads(storage.items[HISTORY_KEY])
    assert len(history) == 12
    scores = app.shelf.high_scores()
    assert len(scores) == 10
    assert [s.points for s in scores] == sorted((s.points for s in scores), reverse=True)
    assert {s.name for s in scores} == {"Ann", "Bo"}
    # Reloading a finished game does not count it twice.
    Session(storage, clock=Clock())
    assert len(json.loads(storage.items[HISTORY_KEY])) == 12


def test_shared_win_is_said() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Bo"])
    while not app.game.is_over:
        enter(app, (1, 2, 3, 4, 6), app.game.open_boxes(app.game.current)[0])
    assert app.view().result == f"Ann and Bo share the win with {app.game.total(0)}!"


# ------------------------------------------------------------------- the page


def test_rendered_page_fills_every_placeholder() -> None:
    html = render_index((ROOT / "index.html").read_text(encoding="utf-8"), "en")
    assert "{{" not in html and "}}" not in html
    assert html.count('data-testid="die-') == 5
    for box in Category:
        assert f'data-testid="cell-0-{box.value}"' in html
        assert box_name(box) in html


def test_sheet_escapes_player_names() -> None:
    hostile = '<img src=x onerror="alert(1)">'
    html = sheet_html(sheet_view(Game([hostile])), "en")
    assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_sheet_shows_options_only_for_the_current_player_after_a_roll() -> None:
    game = Game(["Ann", "Bo"], seed=1)
    assert 'data-action="score"' not in sheet_html(sheet_view(game), "en")
    game.set_dice([2, 2, 2, 5, 5])
    html = sheet_html(sheet_view(game), "en")
    buttons = re.findall(r'data-testid="cell-(\d)-(\w+)"[^>]*><button', html)
    assert {p for p, _ in buttons} == {"0"} and len(buttons) == 15
    assert 'aria-label="Full House Same Color: score 36"' in html


def test_pips_follow_the_faces_and_colours() -> None:
    css = pip_css()
    assert '.die[data-face="1"] { --pip: var(--pip-black); }' in css
    assert '.die[data-face="5"] { --pip: var(--pip-red); }' in css
    assert '.die[data-face="4"] { --pip: var(--pip-green); }' in css
    assert all(len(places) == face for face, places in PIPS.items())
    assert die_label(2, 5, "en") == "Die 3: five, red"


# ------------------------------------------------------------ score-sheet mode


@pytest.mark.parametrize(
    "typed,faces",
    [("33456", (3, 3, 4, 5, 6)), ("3 3 4 5 6", (3, 3, 4, 5, 6)), (" 1,2,3,4,5 ", (1, 2, 3, 4, 5))],
)
def test_typed_faces_are_read(typed: str, faces: tuple[int, ...]) -> None:
    assert parse_faces(typed) == faces


@pytest.mark.parametrize("typed", ["", "1234", "123456", "12370", "1a345", "12.345"])
def test_typed_faces_that_are_not_a_roll_are_refused(typed: str) -> None:
    with refused("five faces as digits from 1 to 6"):
        parse_faces(typed)


def test_score_sheet_mode_enters_real_rolls() -> None:
    app, storage = app_with()
    app.moves.set_mode(Mode.SHEET)
    assert app.view().mode == Mode.SHEET and not app.view().board.can_roll
    assert app.view().board.can_enter
    app.moves.enter_roll("12378")
    assert app.status == "Type the five faces as digits from 1 to 6, like 33456"
    assert app.game.rolls_left == 3
    app.moves.enter_roll("22255")
    assert app.game.dice == (2, 2, 2, 5, 5) and app.game.rolls_left == 2
    assert app.status == "Player 1 entered 2 2 2 5 5."
    assert app.view().board.roll_label == "1 of 3 entered"
    # Tapping a die steps its face; the taps make the next roll.
    app.moves.tap_die(4)
    assert app.view().faces == (2, 2, 2, 5, 6)
    app.moves.tap_die(4)
    assert app.view().faces == (2, 2, 2, 5, 1)
    app.moves.enter_roll()
    assert app.game.dice == (2, 2, 2, 5, 1)
    again = Session(storage, clock=Clock())
    assert again.table.mode == Mode.SHEET and again.view().faces == (2, 2, 2, 5, 1)


def test_typing_fills_the_dice_as_it_goes() -> None:
    app, _ = app_with()
    app.moves.set_mode(Mode.SHEET)
    app.ui.entry.type("3 4")
    assert app.view().faces == (3, 4, None, None, None)
    app.moves.enter_roll()
    assert "five faces" in app.status and app.game.rolls_left == 3


def test_mode_changes_only_at_a_turn_boundary() -> None:
    app, _ = app_with()
    app.moves.roll()
    app.moves.set_mode(Mode.SHEET)
    assert app.table.mode == Mode.DICE and "start of a turn" in app.status
    app.moves.choose(next(iter(app.game.options())))
    if app.moves.pending is not None:
        app.moves.confirm()
    app.moves.set_mode(Mode.SHEET)
    assert app.table.mode == Mode.SHEET


def test_a_save_from_before_score_sheet_mode_still_loads() -> None:
    old = json.dumps({"id": "a", "started": "2026-11-01", "game": game_to_dict(Game(["Ann"]))})
    app, _ = app_with({GAME_KEY: old})
    assert app.table.mode == Mode.DICE and app.game.players == ("Ann",)
    assert "Welcome back" in app.status


def test_blank_sheets_for_printing() -> None:
    eight = blank_sheet_html(8, "en")
    assert eight.count('scope="col"') == 9 and "Player" not in eight
    assert '<span class="value">0</span>' not in eight  # nothing written in yet
    six = blank_sheet_html(1, "en", six_games=True)
    assert all(f">Game {n}<" in six for n in range(1, 7))


# ------------------------------------------------------------------- undo


def test_undo_takes_back_a_box_and_the_save_keeps_it_possible() -> None:
    app, storage = app_with(seed=8)
    app.lobby.new_game(["Ann", "Bo"])
    app.moves.roll()
    app.moves.toggle_hold(0)
    app.moves.roll()
    dice, held = app.game.dice, app.game.held
    app.moves.choose(Category.YARBOROUGH)
    assert app.game.current == 1 and app.view().can_undo
    again = Session(storage, clock=Clock())  # a reload keeps the chance to take it back
    assert again.view().can_undo
    again.moves.undo()
    assert again.status == "Ann took back Yarborough."
    assert (again.game.current, again.game.dice, again.game.held) == (0, dice, held)
    assert again.game.rolls_left == 1 and not again.view().can_undo
    assert again.view().faces == dice
    saved = json.loads(storage.items[GAME_KEY])
    assert game_from_dict(saved["game"]) == again.game


def test_undo_is_refused_after_the_next_roll() -> None:
    app, _ = app_with(seed=9)
    app.lobby.new_game(["Ann", "Bo"])
    app.moves.roll()
    app.moves.choose(Category.YARBOROUGH)
    app.moves.roll()  # Bo's roll
    assert not app.view().can_undo
    app.moves.undo()
    assert app.status == "There is no box to take back now" and len(app.game.history) == 1


def test_undo_of_the_last_box_takes_the_game_out_of_the_high_scores() -> None:
    app, _ = app_with(seed=10)
    while len(app.game.open_boxes(0)) > 1:
        enter(app, (1, 2, 3, 4, 6), app.game.open_boxes(0)[0])
    enter(app, (6, 6, 6, 6, 6), Category.KISMET)
    assert app.game.is_over and len(app.shelf.history) == 1
    app.moves.undo()
    assert not app.game.is_over and app.shelf.history == []
    assert app.view().result is None and app.game.dice == (6, 6, 6, 6, 6)


def test_undo_of_a_computers_box_is_not_offered() -> None:
    app, _ = app_with(seed=11)
    app.lobby.new_game(["Cas", "Me"], ["casual", "human"])
    while app.table.computer_to_move:
        app.computer_step()
    assert app.game.current == 1 and app.game.can_undo() and not app.view().can_undo


def test_a_computer_waits_longer_while_the_person_may_take_back_a_box() -> None:
    app, _ = app_with(seed=12)
    app.lobby.new_game(["Me", "Cas"], ["human", "casual"])
    app.moves.roll()
    app.moves.choose(Category.YARBOROUGH)
    assert app.view().computer_delay == 2500  # time to notice a slip and take it back
    app.computer_step()  # the computer rolls: the chance is gone
    assert app.view().computer_delay == 450


# ------------------------------------------------------- games in progress


def test_a_new_game_during_one_under_way_asks_and_keeps_it() -> None:
    app, storage = app_with(seed=13)
    app.lobby.new_game(["Ann", "Bo"])
    app.moves.roll()
    app.moves.choose(Category.YARBOROUGH)
    app.moves.roll()
    app.moves.toggle_hold(2)
    kept = app.game.state()
    app.lobby.new_game(["Cy"])
    assert app.moves.pending is not None and app.moves.pending.ask is Ask.PUT_ASIDE
    confirm = app.view().confirm
    assert confirm is not None and confirm.title == "Start a new game?"
    assert "Ann and Bo" in confirm.question and app.game.players == ("Ann", "Bo")
    app.moves.cancel()
    assert app.game.players == ("Ann", "Bo") and not app.view().aside
    app.lobby.new_game(["Cy"])
    app.moves.confirm()
    assert app.game.players == ("Cy",)
    [aside] = app.view().aside
    assert (aside.players, aside.turn) == ("Ann and Bo", 1)
    again = Session(storage, clock=Clock())  # kept across a reload
    again.moves.roll()  # Cy's game is under way too: taking up Ann's puts Cy's aside
    again.lobby.resume(aside.id)
    assert again.game.state() == kept and again.status.startswith("Back to the game of Ann")
    assert [p.players for p in again.view().aside] == ["Cy"]


def test_a_new_game_replaces_one_not_begun_without_asking() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann"])
    assert app.moves.pending is None and app.game.players == ("Ann",) and not app.view().aside


def test_bad_names_are_refused_before_anything_is_asked() -> None:
    app, _ = app_with()
    app.moves.roll()
    app.lobby.new_game(["x" * 41])
    assert app.moves.pending is None and "longer than 40" in app.status


# ------------------------------------------------------------- computers


def test_computer_seats_are_named_as_computers_in_the_pages_language() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Player 2", "", "Zed"], ["human", "good", "good", "casual"])
    assert app.game.players == ("Ann", "Good (computer)", "Good (computer) 2", "Zed")
    roster = app.lobby.roster()
    assert roster.renamed("ko").names == ("Ann", "잘함 (컴퓨터)", "잘함 (컴퓨터) 2", "Zed")
    ko = Session(MemoryStorage(), lang="ko", clock=Clock())
    assert ko.game.players == ("참가자 1",)
    assert Roster(("Player 1", "Bo"), (None, None)).renamed("ko").names == ("참가자 1", "Bo")


def test_one_skip_plays_every_computer_up_to_the_next_person() -> None:
    app, _ = app_with(seed=14)
    app.lobby.new_game(["Me", "A", "B"], ["human", "casual", "casual"])
    app.moves.roll()
    app.moves.choose(Category.YARBOROUGH)
    app.moves.skip()
    steps = 0
    while app.table.computer_to_move:
        assert app.view().computer_delay == 0  # no pause for either computer
        app.computer_step()
        steps += 1
    assert app.game.current == 0 and steps >= 2 and not app.computers.skipping


def test_high_scores_are_peoples_and_a_computers_total_takes_no_place() -> None:
    app, _ = app_with(seed=15)
    app.lobby.new_game(["Me", "Deep"], ["human", "casual"])
    while not app.game.is_over:
        if app.table.computer_to_move:
            app.computer_step()
        else:
            enter(app, (1, 2, 3, 4, 6), app.game.open_boxes(0)[0])  # a poor game: Deep wins
    assert app.game.winners == [1]
    lines = app.shelf.high_scores()
    assert [(line.name, line.computer) for line in lines] == [("Me", False)]
    mine = app.game.total(0)
    # The game over places the person's total, not the winning computer's.
    assert app.view().finale.rank_line in ("", f"{mine} is #1 on this device's high scores.")
    assert str(app.game.total(1)) not in app.view().finale.rank_line


# -------------------------------------------------------------- game over


def play_solo(app: Session, dice: tuple[int, ...]) -> None:
    app.lobby.new_game(["Ann"])
    while not app.game.is_over:
        enter(app, dice, app.game.open_boxes(0)[0])


def test_a_solo_game_ends_with_your_score_and_your_best() -> None:
    app, _ = app_with()
    play_solo(app, (1, 2, 3, 4, 6))
    first = app.game.total(0)
    assert app.view().result == f"You scored {first}."
    play_solo(app, (6, 6, 6, 5, 5))
    assert app.view().result == f"You scored {app.game.total(0)}: a new best!"
    best = app.game.total(0)
    play_solo(app, (1, 2, 3, 4, 6))
    assert app.view().result == f"You scored {first}. Your best is {best}."
    view = app.view()
    assert view.board.turn_line == "" and not view.board.can_roll and not view.board.can_hint


# -------------------------------------------------------------- feedback


def test_the_box_just_filled_and_a_kismet_are_marked() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Bo"])
    enter(app, FIVE_THREES, Category.KISMET)
    view = app.view()
    assert view.sheet.columns[0].cells[Category.KISMET].fresh and view.celebrate == "Kismet!"
    assert view.board.handoff and view.board.turn_line == "Bo's turn"
    enter(app, (1, 2, 3, 4, 6), Category.ONES)
    enter(app, FIVE_THREES, Category.FULL_HOUSE)
    view = app.view()
    assert view.celebrate == "Extra Kismet!" and not view.board.handoff  # Ann rolls again
    fresh = [b for b, cell in view.sheet.columns[1].cells.items() if cell.fresh]
    assert fresh == [Category.TWOS]  # Bo's penalty zero, marked with Ann's joker
    app.moves.roll()
    assert app.view().celebrate == "" and not any(
        c.fresh for col in app.view().sheet.columns for c in col.cells.values()
    )


# ------------------------------------------------------------- real dice


def test_real_dice_on_screen_are_always_what_the_sheet_scores() -> None:
    app, _ = app_with()
    app.moves.set_mode(Mode.SHEET)
    app.moves.enter_roll("33456")
    options = {b: c.option for b, c in app.view().sheet.columns[0].cells.items()}
    assert options[Category.FIVES] == 5
    app.moves.tap_die(2)  # 4 -> 5: the dice now show 3 3 5 5 6, not yet entered
    view = app.view()
    assert view.faces == (3, 3, 5, 5, 6)
    assert all(c.option is None for c in view.sheet.columns[0].cells.values())
    assert view.board.entry_note == "Enter these dice to score them."
    app.moves.choose(Category.FIVES)
    assert app.game.sheet(0)[Category.FIVES] is None and "Enter these dice" in app.status
    app.moves.enter_roll()
    options = {b: c.option for b, c in app.view().sheet.columns[0].cells.items()}
    assert options[Category.FIVES] == 10 and app.view().board.entry_note == ""


# ----------------------------------------------------------- the language


def test_a_change_of_language_is_not_a_new_visit() -> None:
    app, storage = app_with()
    app.moves.roll()
    assert "Welcome back" in Session(storage, clock=Clock()).status
    quiet = Session(storage, lang="ko", clock=Clock(), greet=False)
    assert quiet.status == "Player 1 차례: 주사위를 굴리세요."


# ------------------------------------------------ the daily game, challenges


def finish_randomly(app: Session, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not app.game.is_over:
        app.moves.roll()
        if app.game.rolls_left and rng.random() < 0.5:
            app.moves.toggle_hold(rng.randrange(5))
            app.moves.roll()
        app.moves.choose(rng.choice(app.game.open_boxes(0)))
        if app.moves.pending is not None:
            app.moves.confirm()


def test_the_daily_game_has_the_same_dice_for_everyone() -> None:
    day = date(2026, 12, 3)
    a, _ = app_with()
    b, _ = app_with(seed=99)  # another device: its own dice elsewhere
    a.lobby.play_daily(day)
    b.lobby.play_daily(day)
    assert a.game.linked and a.table.daily == 4
    a.moves.roll()
    b.moves.roll()
    assert a.game.dice == b.game.dice
    assert a.view().linked.title == "Kismet daily #4"


def test_the_daily_list_knows_what_was_played() -> None:
    app, storage = app_with()
    day = date(2026, 12, 3)
    today = app.lobby.dailies(day)[0]
    assert (today.number, today.waiting, today.best) == (4, False, None)
    app.lobby.play_daily(day)
    app.moves.roll()
    assert app.lobby.dailies(day)[0].waiting
    app.lobby.play_daily(day - timedelta(days=1))  # an earlier day, while today's is under way
    assert app.moves.pending is not None and app.moves.pending.ask is Ask.PUT_ASIDE
    app.moves.confirm()
    assert app.table.daily == 3
    finish_randomly(app)
    days = Session(storage, clock=Clock()).lobby.dailies(day)
    assert days[0].waiting and days[1].best == app.game.total(0)
    app.lobby.play_daily(day)  # today's again: taken up where it was
    assert app.table.daily == 4 and app.game.dice
    assert [d.number for d in app.lobby.dailies(date(2026, 11, 30))] == [1]


def test_a_finished_daily_game_is_shared_as_a_link_and_a_line() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann"])
    app.lobby.play_daily(date(2026, 12, 5))
    finish_randomly(app)
    share = app.view().linked.share
    assert share is not None and len(share.code) < 100
    assert share.text.startswith(f"Kismet daily #6: {app.game.total(0)}")
    assert replay_challenge(decode(share.code)).total(0) == app.game.total(0)
    assert not any(str(face) * 5 in share.text for face in range(1, 7))  # no dice in it


def test_a_challenge_is_offered_played_and_compared() -> None:
    sender, _ = app_with()
    sender.lobby.new_game(["Ann"])
    sender.lobby.play_daily(date(2026, 12, 6))
    finish_randomly(sender, seed=5)
    code = sender.view().linked.share.code
    friend, _ = app_with(seed=3)
    friend.lobby.new_game(["Bo"])
    friend.moves.roll()  # a game under way: kept
    friend.lobby.open_link(code)
    offer = friend.view().linked.offer
    assert offer is not None and (offer.name, offer.total) == ("Ann", sender.game.total(0))
    friend.lobby.accept_challenge()
    assert friend.moves.pending is not None and friend.moves.pending.ask is Ask.PUT_ASIDE
    friend.moves.confirm()
    assert friend.game.players == ("Bo",) and friend.table.challenge == code
    assert [p.players for p in friend.view().aside] == ["Bo"]
    assert friend.view().linked.title == "Ann's challenge"
    finish_randomly(friend, seed=6)
    view = friend.view()
    versus = view.linked.versus
    assert versus is not None and versus.theirs.total(0) == sender.game.total(0)
    assert [c.name for c in view.sheet.columns] == ["Ann", "Bo"]
    a, b = sender.game.total(0), friend.game.total(0)
    (high, winner), (low, loser) = sorted([(a, "Ann"), (b, "Bo")], reverse=True)
    won = f"{winner} beats {loser}, {high} to {low}!"
    assert versus.line == (f"Bo and Ann tie at {a}!" if a == b else won)
    assert view.result == versus.line  # the headline, both names in it
    assert view.linked.share is not None  # and the friend can share back
    assert "Ann's Kismet challenge: I scored" in view.linked.share.text


def test_a_bad_link_is_refused_in_one_line_and_changes_nothing() -> None:
    app, storage = app_with()
    app.moves.roll()
    before = dict(storage.items)
    for code in ("nonsense!", "AQ", "x" * 5000):
        app.lobby.open_link(code)
        view = app.view()
        assert view.linked.offer is None and view.linked.notice.startswith("This link cannot")
        assert "\n" not in view.linked.notice
    assert storage.items == before and app.game.dice


def test_perfect_plays_the_same_dice_a_turn_at_a_time(advisor: Advisor) -> None:
    app, _ = app_with()
    app.lobby.play_daily(date(2026, 12, 7))
    finish_randomly(app)
    assert app.wants_table and app.view().linked.thinking
    app.attach(advisor)
    turns = 0
    while app.perfect_turn():
        turns += 1
    expected = Game(["Perfect"], seed=daily_seed(date(2026, 12, 7)), linked=True)
    play_out(expected, Level.PERFECT, advisor, random.Random(0))
    view = app.view()
    assert turns == 15 and view.linked.perfect == expected.total(0)
    assert f"Perfect on the same dice: {expected.total(0)}" in view.linked.share.text
    assert len(view.linked.turns) == 15 and view.linked.turns[0][0] == 1


def test_the_view_is_made_of_small_views_each_read_alone() -> None:
    from kismet.app.screen.view import board_view, confirm_view

    app, _ = app_with(seed=2)
    app.lobby.new_game(["Ann", "Bo"])
    board = board_view(app.table, app.ui, "en")
    assert board.turn_line == "Ann's turn" and board.can_roll and not board.can_hold
    assert all(die.face is None for die in board.dice) and confirm_view(app.ui, "", "en") is None
    app.moves.roll()
    board = board_view(app.table, app.ui, "en")
    assert board.can_hold and [d.face for d in board.dice] == list(app.game.dice)
    app.game.set_dice([1, 1, 2, 2, 3])
    app.moves.choose(Category.KISMET)  # a zero while other boxes score: asked first
    asked = confirm_view(app.ui, app.status, "en")
    assert asked is not None and asked.question == app.status
    assert app.view().board == board_view(app.table, app.ui, "en")
