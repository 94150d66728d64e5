"""Which game is at the table: the first visit's, a new one, one put aside and taken up
again; and the finished games' record. ``Session`` adds the moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules import Category, Game, RuleError
from ..text import explain, join_names, text
from .computer import Computers
from .entry import Entry
from .records import Finished
from .roster import Roster, default_name
from .shelf import Shelf
from .storage import Storage
from .table import Mode, Paused, Table
from .turn import Ask, Pending, TurnUI


class Tables:
    """The game at the table and the games put aside: starting, putting aside, taking up.

    Nothing unfinished is ever dropped: starting a game while one is under way asks first
    (``Ask.PUT_ASIDE``), then keeps the old one among the games in progress.
    """

    def __init__(
        self,
        storage: Storage,
        *,
        seed: int | None,
        lang: str,
        clock: Callable[[], str],
        greet: bool = True,
    ) -> None:
        self.shelf = Shelf(storage, clock)
        self.seed, self.lang, self.clock = seed, lang, clock
        self.ui = TurnUI()
        self.computers = Computers()
        table = self.shelf.load_game()
        self.status = " ".join(text(key, lang) for key in self.shelf.notes)
        if table is None:
            self._new(Roster.of([default_name(1, lang)]), Mode.DICE, announce=not self.status)
            return
        self._sit(table)
        if not self.status:
            self.status = text("status.restored", lang) if greet else self._ready()
        self._record_if_over()

    @property
    def game(self) -> Game:
        """The game in progress."""
        return self.table.game

    def _ready(self) -> str:
        """What the status line says at a turn's start: whose turn it is, or who won."""
        if self.game.is_over:
            return text("over.title", self.lang)
        return text("status.ready", self.lang, name=self.game.players[self.game.current])

    def _sit(self, table: Table) -> None:
        """Put ``table`` in front of the players, with its turn as it stands."""
        self.table = table
        self.ui = TurnUI(entry=Entry(table.game.dice))
        self.computers.forget()

    def _new(self, roster: Roster, mode: Mode, *, announce: bool = True) -> None:
        game = Game(roster.players(self.lang), seed=self.seed)
        self._sit(Table(game, roster.seats, mode, started=self.clock()))
        if announce:
            self.status = self._ready()
        self.shelf.save_game(self.table)

    def _record_if_over(self) -> None:
        if self.game.is_over:
            finished = Finished.of(self.table.id, self.clock(), self.game, self.table.codes)
            self.shelf.record(finished)

    # ------------------------------------------------------------- games

    def new_game(self, names: Sequence[str], seats: Sequence[str] | None = None) -> None:
        """Start a game for these names (blank names become "Player N"), each seat's code a
        person or a computer level; refuses bad lists and keeps the game as it was."""
        try:
            self.start(Roster.of(names, seats))
        except RuleError as error:
            self.status = explain(error, self.lang)

    def start(self, roster: Roster) -> None:
        """Start a game for the seats of the New game dialog. With a game under way, ask
        first (then ``put_aside_and_start``); refuses bad names and keeps the game."""
        try:
            Game(roster.players(self.lang))  # the names are checked before anything asks
        except RuleError as error:
            self.status = explain(error, self.lang)
            return
        if self.table.unfinished:
            self.ui.pending = Pending(Ask.PUT_ASIDE, roster=roster)
            names = join_names(list(self.game.players), self.lang)
            self.status = text("status.put_aside", self.lang, names=names)
            return
        self._new(roster, self.table.mode)

    def put_aside_and_start(self, roster: Roster) -> None:
        """Keep the game under way among the games in progress, and start another."""
        self.shelf.put_aside(self.table)
        self._new(roster, self.table.mode)

    def play_again(self) -> None:
        """A new game with the same players (and computers) in the same order."""
        self._new(Roster(self.game.players, self.table.seats), self.table.mode)

    def roster(self) -> Roster:
        """This game's seats, as the New game dialog starts from them (names the app gave
        in the page's language)."""
        return Roster(self.game.players, self.table.seats).renamed(self.lang)

    def paused(self) -> tuple[Paused, ...]:
        """The games put aside, the latest first."""
        return tuple(
            Paused(
                id=table.id,
                players=join_names(list(table.game.players), self.lang),
                turn=len(Category) + 1 - len(table.game.open_boxes(table.game.current)),
                started=table.started[:10],
            )
            for table in self.shelf.paused
        )

    def resume(self, game_id: str) -> None:
        """Take up a game put aside; the one at the table, if under way, is put aside."""
        table = self.shelf.take_up(game_id)
        if table is None:
            return
        if self.table.unfinished:
            self.shelf.put_aside(self.table)
        self._sit(table)
        self.shelf.save_game(table)
        names = join_names(list(table.game.players), self.lang)
        self.status = f"{text('status.resumed', self.lang, names=names)} {self._ready()}"
