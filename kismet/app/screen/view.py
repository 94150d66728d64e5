"""What the page shows, as plain data: no HTML here (``kismet.html`` draws it).

The session builds a ``View`` after every action; the browser glue paints it, and the HTML
renderer turns its ``SheetView`` into the score sheet. Words in it (the status, labels) are
already in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...rules import (
    DICE_COUNT,
    ROLLS_PER_TURN,
    Game,
    color_of,
)
from ...text import join_names, text
from ..base.finished import HighScore
from ..base.settings import Settings
from ..base.table import AsideGame, Mode, Table
from ..guidance.guide import GuideView
from ..guidance.hint import Hint
from ..guidance.linked import Scene
from ..guidance.luck import Luck
from ..guidance.odds import Chances, Due, chance_line
from ..keeping.safekeeping import KeepingView
from ..play.by_link import ByLinkView
from ..play.finale import KISMET_CHEERS, Finale
from ..play.turn import TurnUI
from .sheet_view import SheetView, sheet_view, versus_sheet, with_chances


class Die(NamedTuple):
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


class Confirm(NamedTuple):
    """The question of a move that waits for the player's yes."""

    title: str
    question: str
    yes: str


class Board(NamedTuple):
    """The board: the dice, Roll (or the real dice's entry), Hint, Skip and whose turn."""

    dice: tuple[Die, ...]
    dice_kept: bool
    """The dice on the board are the Kismet just scored, kept a moment to be seen (until
    the next roll), not a roll of this turn."""
    can_hold: bool
    can_roll: bool
    show_roll: bool
    """The Roll button is there (not while a computer moves)."""
    roll_label: str
    """"2 left", or in real-dice mode "1 of 3 entered"."""
    can_enter: bool
    """Real-dice mode: a roll may be entered."""
    entry_text: str
    entry_note: str
    """Real-dice mode: why the sheet offers nothing (the dice set are not entered yet)."""
    can_hint: bool
    show_skip: bool
    turn_line: str
    """Whose turn it is ("Ann's turn"); empty once the game is over."""
    handoff: bool
    """The turn just passed to another person: their name is shown where the eyes are."""


class View(NamedTuple):
    """Everything the page shows now."""

    lang: str
    mode: Mode
    settings: Settings
    board: Board
    """The dice, Roll and whose turn it is."""
    can_undo: bool
    """Undo may take back the last box (a person's, until the next roll)."""
    celebrate: str
    """A Kismet, an extra Kismet or a bonus tier just scored ("Kismet!"), else empty."""
    status: str
    notice: str
    """A storage problem, while it lasts."""
    sheet: SheetView
    confirm: Confirm | None
    result: str | None
    """The game-over panel's headline, once the game is over."""
    high_scores: tuple[HighScore, ...]
    aside: tuple[AsideGame, ...]
    """The games put aside."""
    linked: Scene
    """The daily game's or a challenge's title, link offered, share, result, Perfect."""
    hint: tuple[str, ...] | None
    """The hint's lines, while a hint is shown."""
    hint_note: str
    hint_both: bool
    """The hint's first two lines are the move that wins most and the one that scores most
    (a phone shows both)."""
    print_date: str
    computer_delay: int | None
    """Milliseconds before the computer to move takes its next step; None when no
    computer can move now."""
    wants_table: bool
    """A feature in use needs the strategy table, which is not loaded yet."""
    price_due: bool = False
    """The finished game's decisions wait to be priced (the page starts it after painting)."""
    luck: Luck | None = None
    """A finished game's luck against skill (or why it has none)."""
    layout: str = "card"
    """How a phone shows the sheet: "card" (the 15 boxes of ``sheet.focus``) or "table"."""
    can_see_all: bool = False
    """A phone may switch between the card and every player's boxes (2 players or more)."""
    status_quiet: bool = False
    """The status line only says whose turn it is, as the turn line above it does: it is
    read out, not shown twice."""
    can_free: bool = False
    """The storage is full: the page offers to free space and to make a backup."""
    finale: Finale | None = None
    """The game-over panel's words and figures, once the game is over."""
    guide: GuideView | None = None
    """The first game's guide, while it runs."""
    rival: str = ""
    """A challenge under way: the sender's total after the same turn, beside this one."""
    chances_due: Due | None = None
    """What the win chances wait for (``kismet.app.guidance.odds``): the page starts it after
    painting, between its own work."""
    by_link: ByLinkView | None = None
    """A game by link: which seat is this device's, whose turn it waits for, what to send."""
    keeping: KeepingView = KeepingView()
    """Where the player's data stands, and the reminder to back it up."""

    @property
    def faces(self) -> tuple[int | None, ...]:
        """The face of each die (None: not rolled, or not entered yet)."""
        return tuple(die.face for die in self.board.dice)


def board_view(table: Table, ui: TurnUI, lang: str) -> Board:
    """The board of the game at the ``table``, with the turn's marks ``ui``."""
    game = table.game
    playing, sheet_mode = not game.is_over, table.mode is Mode.SHEET
    computer, not_here = table.computer_to_move, table.computer_to_move or table.turn_elsewhere
    kept = () if sheet_mode or game.dice else kismet_kept(table, ui)
    can_enter = sheet_mode and game.can_set_dice()
    return Board(
        dice=board_dice(table, ui, kept, lang),
        dice_kept=bool(kept),
        can_hold=not not_here and (can_enter or (not sheet_mode and game.can_hold(0))),
        can_roll=not sheet_mode and game.can_roll() and not table.turn_elsewhere,
        show_roll=not computer,
        roll_label=roll_label(game, sheet_mode, lang),
        can_enter=can_enter,
        entry_text=ui.entry.text,
        entry_note=text("app.enter_first", lang) if table.editing(ui.entry) else "",
        can_hint=not not_here and bool(game.dice) and playing,
        show_skip=computer,
        turn_line=turn_line(game, computer, lang),
        handoff=ui.handoff and not table.by_link,  # a game by link: each on their own device
    )


def board_dice(table: Table, ui: TurnUI, kept: tuple[int, ...], lang: str) -> tuple[Die, ...]:
    """The five dice on the board: as rolled, as entered from real dice (the sheet mode),
    the Kismet just scored (``kept``) or none yet; held, just rolled, marked by the hint."""
    game, hint = table.game, ui.hint
    faces: Sequence[int | None] = ui.entry.faces
    if table.mode is not Mode.SHEET:
        faces = game.dice or kept or (None,) * DICE_COUNT
    marks = hint.marks if hint else (False,) * DICE_COUNT
    return tuple(
        Die(face, game.held[i], ui.rolled[i], bool(marks[i]), die_label(i, face, lang))
        for i, face in enumerate(faces)
    )


def turn_line(game: Game, computer: bool, lang: str) -> str:
    """Whose turn it is, a person's or a computer's (nothing once the game is over)."""
    if game.is_over:
        return ""
    key = "turn.computer" if computer else "turn.current"
    return text(key, lang, name=game.players[game.current])


def roll_label(game: Game, sheet_mode: bool, lang: str) -> str:
    """The roll button's line: the rolls left, or in the sheet mode the rolls entered."""
    if sheet_mode:
        return text("app.rolls_entered", lang, count=ROLLS_PER_TURN - game.rolls_left)
    return text("app.rolls_left", lang, count=game.rolls_left)


def confirm_view(ui: TurnUI, status: str, lang: str) -> Confirm | None:
    """The question a move waits on (the status line says what it is about), or None."""
    if ui.pending is None:
        return None
    title_key, yes_key = ui.pending.ask.words
    return Confirm(text(title_key, lang), status, text(yes_key, lang))


def shown_sheet(
    table: Table, ui: TurnUI, scene: Scene, odds: ChancesShown | None, lang: str
) -> SheetView:
    """The sheet as the table shows it: the game's, with what each open box would take and
    the chances to win (``odds``: where they are shown); a challenge answered, the two
    games side by side."""
    game, versus = table.game, scene.versus
    if versus is not None:
        return versus_sheet(versus.theirs, versus.mine)
    computers = [seat is not None for seat in table.seats]
    sheet = sheet_view(
        game,
        ui.hint,
        enabled=not (table.computer_to_move or table.turn_elsewhere),
        offer=not table.editing(ui.entry),
        fresh=ui.fresh,
        computers=computers,
        rule=ui.rule,
    )
    if odds is not None and not game.is_over:  # at the end, the result says it all
        sheet = with_chances(sheet, odds.chances, odds.target, lang)
    return sheet


class ChancesShown(NamedTuple):
    """The win chances where the table shows them: the latest turn's worked out (None
    until they are), and a challenge's sender, whom they are to beat (None otherwise)."""

    chances: Chances | None
    target: str | None


def hint_note(hint: Hint | None, odds: ChancesShown | None, game: Game, lang: str) -> str:
    """What the hint says apart from the choices: perfect play's expected total, then the
    player's chance to win now, the very figure beside their total (where it is shown)."""
    if hint is None:
        return ""
    if odds is None or odds.chances is None or game.is_over:
        return hint.note
    chance = odds.chances.values[game.current]
    return f"{hint.note} {chance_line(chance, odds.target, lang)}."


def kismet_kept(table: Table, ui: TurnUI) -> tuple[int, ...]:
    """The dice of the Kismet (or extra Kismet) the last move scored, while it is
    celebrated: they stay on the board until the next roll instead of vanishing at once."""
    if ui.celebrate is None or ui.fresh is None or ui.celebrate[0] not in KISMET_CHEERS:
        return ()
    return table.game.history[ui.fresh].dice


def celebrated(ui: TurnUI, finale: Finale | None, lang: str, table: Table) -> str:
    """What is shown big for a moment: the last move's Kismet, extra Kismet or bonus tier,
    or at the end a person's win of a game of two or more, and a new best."""
    said = []
    if ui.celebrate is not None:
        key, points = ui.celebrate
        said.append(text(key, lang, points=points))
    game = table.game
    if finale is not None and len(game.players) > 1:
        people = [game.players[p] for p in game.winners if table.seats[p] is None]
        if people:  # a computer's win is no one's cheer here
            said.append(text("celebrate.win", lang, names=join_names(people, lang)))
    if finale is not None and finale.beaten:
        said.append(text("celebrate.best", lang))
    return " ".join(said)
