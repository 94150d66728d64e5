"""The score sheet as the page shows it, as plain data: each player's column of boxes,
the bonus and the totals, what may be filled now, and each player's chance to win
(``kismet.html.sheet`` draws it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ...rules import Category, Game, Totals, points_to_next_bonus
from ..base.settings import Settings
from ..guidance.hint import Hint
from ..guidance.odds import Chances, chance_line


class Cell(NamedTuple):
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
    fresh: bool = False
    """Filled by the last move (marked for a moment)."""


class Column(NamedTuple):
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
    computer: bool = False
    """A computer plays this seat."""
    chance: float | None = None
    """The chance to win from the start of the turn (in a challenge, to beat the sender);
    None: not shown."""
    chance_line: str = ""
    """The chance as a screen reader says it ("Chance to win: 43%")."""


class SheetView(NamedTuple):
    """The score sheet: a column per player."""

    columns: tuple[Column, ...]
    options_enabled: bool = True
    """Whether the player may press the boxes now (not while a computer moves)."""
    focus: int | None = None
    """The column a phone shows alone, as a card of 15 boxes: the player to move, or at the
    end the (first) winner; None: the whole table."""
    rule: Category | None = None
    """The box whose rule is shown beside its name (tapped)."""
    blank: bool = False
    """A pad to print: names are plain text."""
    chances: bool = False
    """Each player's chance to win has its place beside their total (``Column.chance``,
    None until worked out)."""

    @property
    def marked(self) -> bool:
        """Whether a box holds a joker or a penalty zero (the legend says what they mean)."""
        cells = (cell for column in self.columns for cell in column.cells.values())
        return any(cell.joker or cell.penalty for cell in cells)


def sheet_view(
    game: Game,
    hint: Hint | None = None,
    *,
    enabled: bool = True,
    offer: bool = True,
    fresh: int | None = None,
    computers: Sequence[bool] = (),
    rule: Category | None = None,
) -> SheetView:
    """The sheet of a game: its boxes, the points each open box of the player to move
    would score now (unless not to ``offer`` them), the totals, and while it goes on, the
    way to the next bonus tier. History from index ``fresh`` is marked as just filled;
    ``computers`` says which seats computers play; ``rule`` is the box whose rule shows."""
    options = game.options() if offer else {}
    new = set(range(fresh, len(game.history))) if fresh is not None else set()
    columns = tuple(
        _column(game, player, _cells(game, player, options, hint, new), computers)
        for player in range(len(game.players))
    )
    return SheetView(columns, options_enabled=enabled, focus=_focus(game, computers), rule=rule)


def _cells(
    game: Game, player: int, options: Mapping[Category, int], hint: Hint | None, new: set[int]
) -> dict[Category, Cell]:
    """A player's 15 boxes: what each filled one holds (``new``: the history's indices
    just filled), and for the player to move what each open one would score now."""
    fills = {f.category: (i, f) for i, f in enumerate(game.history) if f.player == player}
    current = not game.is_over and player == game.current
    cells = {}
    for box in Category:
        if box in fills:
            index, fill = fills[box]
            cells[box] = Cell(
                value=fill.points, joker=fill.joker, penalty=fill.penalty, fresh=index in new
            )
        elif current:
            hinted = hint is not None and hint.box is box
            cells[box] = Cell(option=options.get(box), hinted=hinted)
        else:
            cells[box] = Cell()
    return cells


def _column(
    game: Game, player: int, cells: dict[Category, Cell], computers: Sequence[bool]
) -> Column:
    """A player's column: the boxes, the totals, and while the game goes on the way to
    the next bonus tier."""
    playing = not game.is_over
    totals = game.totals(player)
    need = points_to_next_bonus(totals.basic) if playing else None
    return Column(
        game.players[player],
        cells,
        totals,
        current=playing and player == game.current,
        winner=player in game.winners and len(game.players) > 1,
        to_go=need,
        top_tier=playing and need is None,
        computer=bool(computers) and computers[player],
    )


def _focus(game: Game, computers: Sequence[bool]) -> int:
    """The column a phone shows alone: the player to move; at the end a person's card (a
    winning person's first), never a computer's while a person played: their own sheet is
    what they look for."""
    if not game.is_over:
        return game.current
    winners = sorted(game.winners)
    people = [p for p in range(len(game.players)) if not (computers and computers[p])]
    ended = [p for p in winners if p in people] or people or winners or [0]
    return ended[0]


def versus_sheet(theirs: Game, mine: Game) -> SheetView:
    """A challenge answered: the sender's column beside this game's, the winner marked."""
    a, b = theirs.total(0), mine.total(0)
    left = sheet_view(theirs).columns[0]._replace(winner=a >= b)
    right = sheet_view(mine).columns[0]._replace(winner=b >= a)
    return SheetView((left, right))


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
    return SheetView(columns, focus=0 if len(names) == 1 and not blank else None, blank=blank)


def with_chances(
    sheet: SheetView, chances: Chances | None, target: str | None, lang: str
) -> SheetView:
    """The sheet with a place for each player's chance beside their total, and the chances
    worked out (None: none yet)."""
    if chances is None:
        return sheet._replace(chances=True)
    columns = tuple(
        column._replace(chance=value, chance_line=chance_line(value, target, lang))
        for column, value in zip(sheet.columns, chances.values, strict=True)
    )
    return sheet._replace(columns=columns, chances=True)


def sheet_layout(sheet: SheetView, settings: Settings) -> str:
    """How a phone shows the sheet: the card of the player in focus, unless the player
    chose every player's boxes (or the sheet has no one in focus: a challenge answered,
    its two games side by side)."""
    whole = settings.whole_sheet and len(sheet.columns) > 1
    return "card" if sheet.focus is not None and not whole else "table"
