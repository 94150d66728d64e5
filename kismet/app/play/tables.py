"""Which game is at the table: the first visit's, one started or resumed (by the
``Lobby``), or the one another tab moved on; what the page stores of it (the commit) and
the finished games' record. ``Tables`` is one part of a ``Session``; the moves
(``kismet.app.play.moves``) are played on the game it seats."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Concatenate, NamedTuple, ParamSpec, Protocol, TypeVar

from ...rules import Game
from ...text import join_names, text
from ..base.entry import Entry
from ..base.finished import Finished
from ..base.roster import Roster, default_name
from ..base.table import Mode, Table
from ..keeping.commit import Answer, Outcome
from ..keeping.shelf import Shelf
from ..keeping.storage import FULL, OFF
from ..keeping.store import has_room
from .computer import Computers
from .turn import Ask, Pending, StatusLine, TurnUI

P = ParamSpec("P")


class Syncing(Protocol):
    """What catches up with other tabs before acting: the tables, and the session."""

    def sync(self) -> bool: ...


S = TypeVar("S", bound=Syncing)


def on_the_table(action: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """An action on the game at the table as this tab shows it: when another tab changed
    that game since, the tab catches up first and the action is not taken (the player
    aimed it at a game that has moved on, and is told)."""

    @functools.wraps(action)
    def checked(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if not self.sync():
            action(self, *args, **kwargs)

    return checked


def caught_up(action: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """An action that does not depend on the turn shown (a new game, settings, a restore):
    the tab catches up with other tabs first, then acts."""

    @functools.wraps(action)
    def checked(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        self.sync()
        action(self, *args, **kwargs)

    return checked


class AtTable:
    """A part that acts on the game ``tables`` seats: it reads it (``table``, ``game``)
    and catches up with other tabs through it (``sync``), for ``on_the_table``."""

    tables: Tables

    def sync(self) -> bool:
        """Catch up with other tabs (see ``Tables.sync``)."""
        return self.tables.sync()

    @property
    def table(self) -> Table:
        """The game at the table, with its seats."""
        return self.tables.table

    @property
    def game(self) -> Game:
        """The game in progress."""
        return self.tables.table.game


class Left(NamedTuple):
    """A game put aside to make way for another, until the page answers the commit."""

    commit: int
    """The commit that carries the move."""
    table: Table
    waited: dict[str, str | None]
    """The writes that waited before the move (``Store.waiting``)."""


class Tables:
    """The game at the table: seated, put aside to make way for another, caught up with
    other tabs; and the commits that store what the actions wrote.

    Nothing unfinished is ever dropped: starting a game while one is under way asks first
    (``Ask.PUT_ASIDE``), then keeps the old one among the games in progress.
    """

    def __init__(
        self,
        shelf: Shelf,
        *,
        ui: TurnUI,
        line: StatusLine,
        computers: Computers,
        seed: int | None,
        lang: str,
        clock: Callable[[], str],
        greet: bool = True,
    ) -> None:
        self.shelf, self.ui, self.line, self.computers = shelf, ui, line, computers
        self.seed, self.lang, self.clock = seed, lang, clock
        self.if_refused: tuple[int, str] | None = None
        """What the status line says instead if the commit named is refused (an action
        that said its writes were stored, until the page answered)."""
        self.left: Left | None = None
        """The game put aside to make way for another (until the page answered it)."""
        table = self.shelf.load_game()
        self.line.say(self._notes())
        if table is None:
            self.new(Roster.of([default_name(1, lang)]), Mode.DICE, announce=not self.line.text)
            return
        self.sit(table)
        self.shelf.aside.drop(table.id)  # a move cut short between its two writes
        if not self.line.text:
            # Only a storage that takes writes can have kept every move (another tab may
            # have made moves a full storage refused).
            room = has_room(self.shelf.store.storage)
            restored = "status.restored" if room else "status.restored_full"
            self.line.say(text(restored, lang) if greet else self.ready_line())
        self.record_if_over()

    def _notes(self) -> str:
        """What the shelf could not read, said once."""
        notes = self.shelf.take_notes()
        return " ".join(text(key, self.lang, **params) for key, params in notes)

    def sync(self, *, anyway: bool = False) -> bool:
        """Catch up with what another tab (or window) of the site stored since this one
        last looked (``anyway``: read everything again, whatever the stamp says). True when
        the game at the table changed there: this tab then shows it as it stands, and the
        action asked of the old one is not taken."""
        if not self.shelf.refresh(anyway=anyway) or not self.shelf.game_changed:
            return False
        table = self.shelf.load_game()
        if table is None:  # removed or unreadable there: this tab's game stays, stored again
            self.line.say(self._notes())
            self.shelf.save_game(self.table)
            return False
        old = self.table
        self.shelf.forget_game_write()
        self.sit(table)
        if table.id == old.id:
            key = "status.synced"
        elif old.id in self.shelf.ledger.known_ids():
            key = "status.synced_finished"
        elif any(t.id == old.id for t in self.shelf.aside.tables):
            key = "status.synced_aside"
        else:
            key = "status.synced_other"
        self.line.say(" ".join(filter(None, (text(key, self.lang), self._notes()))))
        self.record_if_over()
        return True

    def settle(self, answer: Answer) -> bool:
        """The page's answer to the last commit: a refused one is written again (the
        shelf's ``settle``); when another tab had written in between, the table catches
        up, and says so if the game at the table went on there. Whether the page has
        anything new to show: after a refusal, or the end of one (said until the page
        stores what it refused: the paint sent with the commit still says it)."""
        left, self.left = self.left, None
        refused, self.if_refused = self.if_refused, None
        if answer.outcome is Outcome.STORED:
            said = self.shelf.problem
            self.shelf.settle(answer)
            return self.shelf.problem is not said
        if self.shelf.settle(answer):
            self.sync(anyway=True)
        elif left is not None and left.commit == answer.id and self.shelf.problem is FULL:
            # The game under way could not be put aside after all: it takes the table back,
            # and the move is taken back whole; what waited before it waits again (its own
            # refused moves among them: dropping every write waiting lost those).
            self.sit(left.table)
            self.shelf.take_back(left.waited, left.table)
            self.line.say(text("status.full_keep", self.lang))
        elif refused is not None and refused[0] == answer.id and self.shelf.waiting:
            self.line.say(refused[1])  # it was said too soon
        return True

    def make_way(self) -> bool:
        """Whether the game at the table may leave it: nothing of it waits to be stored,
        and one under way is put aside first. When not, the player is told why and the
        game stays (a full storage would otherwise lose it on the next reload)."""
        shelf = self.shelf
        if shelf.problem is OFF:  # nothing is ever stored: games live in this page only
            return not self.table.unfinished or shelf.aside.put(self.table)
        waited = dict(shelf.store.waiting)
        if shelf.waiting:
            shelf.store.retry()
            shelf.save_game(self.table)
        if shelf.waiting or (self.table.unfinished and not shelf.aside.put(self.table)):
            self.line.say(text("status.full_keep", self.lang))
            return False
        self.left = Left(shelf.store.commits.epoch, self.table, waited)
        return True

    @property
    def game(self) -> Game:
        """The game in progress."""
        return self.table.game

    def ready_line(self) -> str:
        """What the status line says at a turn's start: whose turn it is, or who won."""
        if self.game.is_over:
            return text("over.title", self.lang)
        return text("status.ready", self.lang, name=self.game.players[self.game.current])

    def sit(self, table: Table) -> None:
        """Put ``table`` in front of the players, with its turn as it stands."""
        self.table = table
        self.ui.begin(Entry(table.game.dice))
        self.computers.forget()

    def new(self, roster: Roster, mode: Mode, *, announce: bool = True) -> None:
        """A new game for these seats, at the table (when the game under way makes way)."""
        self.sit_new(self.new_table(roster, mode), announce=announce)

    def new_table(self, roster: Roster, mode: Mode) -> Table:
        """A new game for these seats (raises ``RuleError`` for bad names)."""
        game = Game(roster.players(self.lang), seed=self.seed)
        return Table(game, roster.seats, mode, started=self.clock())

    def sit_new(self, table: Table, *, announce: bool = True) -> None:
        """Keep the game under way among the games in progress, and start ``table``'s
        (when the game under way cannot be stored, it stays, and the player is told)."""
        if hasattr(self, "table") and not self.make_way():
            return
        self.sit(table)
        if announce:
            self.line.say(self.ready_line())
        self.shelf.save_game(self.table)

    def offer(self, table: Table) -> None:
        """Start ``table``'s game; with a game under way, ask first (``Ask.PUT_ASIDE``, then
        ``sit_new``), so that nothing unfinished is ever lost."""
        if not self.table.unfinished:
            self.sit_new(table)
            return
        self.ui.ask(Pending(Ask.PUT_ASIDE, table=table))
        names = join_names(list(self.game.players), self.lang)
        self.line.say(text("status.put_aside", self.lang, names=names))

    def resume(self, table: Table) -> bool:
        """Seat a game put aside (or a newer copy of one), putting the one under way aside
        first; whether it is seated. Its own key goes only once it is stored at the table,
        so a write cut short leaves it in one place or both, never in none."""
        if not self.make_way():
            return False
        self.sit(table)
        if self.shelf.save_game(table):
            self.shelf.aside.drop(table.id)
        else:  # its key stays until the table's write is stored: a reload then has it
            self.shelf.aside.unlist(table.id)
        return True

    def say_if_refused(self, line: str) -> None:
        """What the status line says instead if the last action's commit is refused."""
        self.if_refused = (self.shelf.store.commits.epoch, line)

    def record_if_over(self) -> None:
        """The game at the table is over: it joins the finished games."""
        if self.game.is_over:
            table = self.table
            finished = Finished.of(
                table.id, self.clock(), self.game, table.record_codes, table.daily
            )
            self.shelf.ledger.record(finished)
