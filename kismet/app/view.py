"""What the page shows, as plain data: no HTML here (``kismet.html`` draws it).

The session builds a ``View`` after every action; the browser glue paints it, and the HTML
renderer turns its ``SheetView`` into the score sheet. Words in it (the status, labels) are
already in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import (
    DICE_COUNT,
    ROLLS_PER_TURN,
    Category,
    Game,
    Totals,
    color_of,
    points_to_next_bonus,
)
from ..text import text
from .records import HighScore
from .settings import Settings
from .status import result
from .table import Mode
from .turn import Hint, TurnUI


@dataclass(frozen=True)
class Cell:
    """One box of one player's column."""

    value: int | None = None
    """The points written in it, once filled."""
    option: int | None = None
    """The points it would take now (the player to move's open boxes, after a roll)."""
    joker: bool = False
    """Filled with an extra-Kismet joker."""
    penalty: bool = False
    """Filled with a penalty zero."""
    hinted: bool = False
    """The box the hint says to fill."""


@dataclass(frozen=True)
class Column:
    """One player's column of the score sheet."""

    name: str
    cells: dict[Category, Cell]
    totals: Totals | None
    """None on a blank pad: nothing written in yet."""
    current: bool = False
    """The player to move."""
    winner: bool = False
    to_go: int | None = None
    """Points the Basic subtotal still needs for the next bonus tier (None: not shown)."""
    top_tier: bool = False
    """The Basic subtotal is in the top tier (said while the game goes on)."""


@dataclass(frozen=True)
class SheetView:
    """The score sheet: a column per player."""

    columns: tuple[Column, ...]
    options_enabled: bool = True
    """Whether the player may press the boxes now (not while a computer moves)."""


def sheet_view(game: Game, hint: Hint | None = None, *, enabled: bool = True) -> SheetView:
    """The sheet of a game: its boxes, the points each open box of the player to move
    would score now, the totals, and while it goes on, the way to the next bonus tier."""
    options = game.options()
    playing = not game.is_over
    winners = set(game.winners)
    columns = []
    for player, name in enumerate(game.players):
        current = playing and player == game.current
        fills = {f.category: f for f in game.history if f.player == player}
        cells = {}
        for box in Category:
            fill = fills.get(box)
            if fill is not None:
                cells[box] = Cell(value=fill.points, joker=fill.joker, penalty=fill.penalty)
            else:
                hinted = current and hint is not None and hint.box is box
                cells[box] = Cell(option=options.get(box) if current else None, hinted=hinted)
        totals = game.totals(player)
        need = points_to_next_bonus(totals.basic) if playing else None
        columns.append(
            Column(
                name,
                cells,
                totals,
                current=current,
                winner=player in winners,
                to_go=need,
                top_tier=playing and need is None,
            )
        )
    return SheetView(tuple(columns), options_enabled=enabled)


def empty_sheet(names: Sequence[str], *, blank: bool = False) -> SheetView:
    """The sheet before anything is written: totals 0 and the first tier's distance, or on
    a ``blank`` pad to print, nothing at all."""
    first_tier = points_to_next_bonus(0)
    columns = tuple(
        Column(
            name,
            dict.fromkeys(Category, Cell()),
            None if blank else Totals.of({}),
            to_go=None if blank else first_tier,
        )
        for name in names
    )
    return SheetView(columns)


@dataclass(frozen=True)
class Die:
    """One die on the board."""

    face: int | None
    held: bool = False
    rolled: bool = False
    """It just left the table (it tumbles)."""
    hinted: bool = False
    label: str = ""
    """What a screen reader says: "Die 3: five, red"."""


def die_label(index: int, face: int | None, lang: str) -> str:
    """What a screen reader says for a die: "Die 3: five, red"."""
    if face is None:
        return text("die.label", lang, number=index + 1)
    color = text(f"color.{color_of(face).value}", lang)
    face_word = text(f"face.{face}", lang)
    return text("die.label_face", lang, number=index + 1, face=face_word, color=color)


@dataclass(frozen=True)
class Confirm:
    """The question of a move that waits for the player's yes."""

    title: str
    question: str
    yes: str


@dataclass(frozen=True)
class View:
    """Everything the page shows now."""

    lang: str
    mode: Mode
    settings: Settings
    dice: tuple[Die, ...]
    can_hold: bool
    can_roll: bool
    show_roll: bool
    """The Roll button is there (not while a computer moves)."""
    roll_label: str
    """"2 left", or in real-dice mode "1 of 3 entered"."""
    can_enter: bool
    """Real-dice mode: a roll may be entered."""
    entry_text: str
    can_hint: bool
    show_skip: bool
    turn_line: str
    """Whose turn it is ("Ann's turn"), or "Game over"."""
    status: str
    notice: str
    """A storage problem, while it lasts."""
    sheet: SheetView
    confirm: Confirm | None
    result: str | None
    """The game-over panel's sentence, once the game is over."""
    high_scores: tuple[HighScore, ...]
    hint: tuple[str, ...] | None
    """The hint's lines, while a hint is shown."""
    print_date: str
    computer_delay: int | None
    """Milliseconds before the computer to move takes its next step; None when no
    computer can move now."""
    wants_table: bool
    """A feature in use needs the strategy table, which is not loaded yet."""

    @property
    def faces(self) -> tuple[int | None, ...]:
        """The face of each die (None: not rolled, or not entered yet)."""
        return tuple(die.face for die in self.dice)


def build_view(
    game: Game,
    ui: TurnUI,
    *,
    lang: str,
    mode: Mode,
    settings: Settings,
    status: str,
    notice: str,
    computer: bool,
    delay: int | None,
    wants_table: bool,
    high_scores: tuple[HighScore, ...],
    started: str,
) -> View:
    """The view of a game at a table: the session's state, read for the page."""
    playing, sheet_mode, hint = not game.is_over, mode is Mode.SHEET, ui.hint
    faces = ui.entry.faces if sheet_mode else (game.dice or (None,) * DICE_COUNT)
    dice = tuple(
        Die(
            face, game.held[i], ui.rolled[i], bool(hint and hint.marks[i]), die_label(i, face, lang)
        )
        for i, face in enumerate(faces)
    )
    if sheet_mode:
        roll_label = text("app.rolls_entered", lang, count=ROLLS_PER_TURN - game.rolls_left)
    else:
        roll_label = text("app.rolls_left", lang, count=game.rolls_left)
    if playing:
        turn_line = text("turn.current", lang, name=game.players[game.current])
    else:
        turn_line = text("over.title", lang)
    confirm = None
    if ui.pending is not None:
        ask = ui.pending.ask.value
        title, yes = text(f"dialog.{ask}_title", lang), text(f"dialog.{ask}_yes", lang)
        confirm = Confirm(title, status, yes)
    can_enter = sheet_mode and game.can_set_dice()
    return View(
        lang=lang,
        mode=mode,
        settings=settings,
        dice=dice,
        can_hold=not computer and (can_enter or (not sheet_mode and game.can_hold(0))),
        can_roll=not sheet_mode and game.can_roll(),
        show_roll=not computer,
        roll_label=roll_label,
        can_enter=can_enter,
        entry_text=ui.entry.text,
        can_hint=not computer and bool(game.dice) and playing,
        show_skip=computer,
        turn_line=turn_line,
        status=status,
        notice=notice,
        sheet=sheet_view(game, hint, enabled=not computer),
        confirm=confirm,
        result=None if playing else result(game, lang, panel=True),
        high_scores=high_scores,
        hint=hint.lines if hint else None,
        print_date=started[:10],
        computer_delay=delay,
        wants_table=wants_table,
    )
