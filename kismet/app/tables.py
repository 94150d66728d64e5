"""Which game is at the table: the first visit's, a new one, one put aside and taken up
again; and the finished games' record. ``Tables`` is one part of a ``Session``, which
plays the moves on the game it seats."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from ..rules import Category, Game, RuleError
from ..text import LANGUAGES, explain, join_names, text
from .commit import Answer, Commit
from .computer import Computers
from .daily import DAYS_SHOWN, daily_number, daily_seed
from .entry import Entry
from .linked import Linked
from .progress import Progress
from .records import Finished
from .roster import Roster, default_name, is_default_name
from .settings import Settings, Switch
from .shelf import Shelf
from .storage import FULL, OFF, Storage
from .table import Daily, Mode, Paused, Table
from .turn import Ask, Pending, TurnUI

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
    """An action that does not depend on the turn shown (a new game, settings, an import):
    the tab catches up with other tabs first, then acts."""

    @functools.wraps(action)
    def checked(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        self.sync()
        action(self, *args, **kwargs)

    return checked


def last_name(person: str, history: Sequence[Finished]) -> str:
    """The name last used by a person on this device: ``person`` (at the table), else the
    latest finished game's; empty when every one is a name the app gave."""
    used = [person]
    used += [n for f in reversed(history) for p, n in enumerate(f.players) if f.is_person(p)]
    return next((name for name in used if not is_default_name(name)), "")


class Tables:
    """The game at the table and the games put aside: starting, putting aside, taking up;
    with what the table shows of it (``ui``, ``status``), which the moves change too.

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
        spare: Storage | None = None,
    ) -> None:
        self.shelf = Shelf(storage, clock, spare)
        self.seed, self.lang, self.clock = seed, lang, clock
        self.ui = TurnUI()
        self.if_refused: tuple[int, str] | None = None
        """What the status line says instead if the commit named is refused (an action
        that said its writes were stored, until the page answered)."""
        self.left: tuple[int, Table] | None = None
        """The game put aside to make way for another, and the commit that carries that
        (until the page answered it)."""
        self.computers = Computers()
        self.linked = Linked(lang)
        self.progress = Progress(self.shelf)
        table = self.shelf.load_game()
        self.status = self._notes()
        if table is None:
            self._new(Roster.of([default_name(1, lang)]), Mode.DICE, announce=not self.status)
            return
        self._sit(table)
        self.shelf.drop_paused(table.id)  # a move cut short between its two writes
        if not self.status:
            # Only a storage that takes writes can have kept every move (another tab may
            # have made moves a full storage refused).
            restored = "status.restored" if self.shelf.store.has_room() else "status.restored_full"
            self.status = text(restored, lang) if greet else self.ready_line()
        self.record_if_over()

    def _notes(self) -> str:
        """What the shelf could not read, said once."""
        notes, self.shelf.notes = self.shelf.notes, []
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
            self.status = self._notes()
            self.shelf.save_game(self.table)
            return False
        old = self.table
        self.shelf.forget_game_write()
        self._sit(table)
        if table.id == old.id:
            key = "status.synced"
        elif old.id in self.shelf.known_ids():
            key = "status.synced_finished"
        elif any(t.id == old.id for t in self.shelf.paused):
            key = "status.synced_paused"
        else:
            key = "status.synced_other"
        self.status = " ".join(filter(None, (text(key, self.lang), self._notes())))
        self.record_if_over()
        return True

    def commit(self) -> Commit | None:
        """What the actions since the last commit wrote, for the page to store at once."""
        return self.shelf.store.commit()

    def told(self, key: str | None, value: str | None) -> None:
        """Another tab wrote ``key`` (None: it cleared the storage): what the page says is
        stored there now."""
        self.shelf.store.told(key, value)

    def settle(self, answer: Answer) -> None:
        """The page's answer to the last commit: a refused one is written again (the
        shelf's ``settle``); when another tab had written in between, the table catches
        up, and says so if the game at the table went on there."""
        left, self.left = self.left, None
        refused, self.if_refused = self.if_refused, None
        if self.shelf.settle(answer):
            self.sync(anyway=True)
        elif left is not None and left[0] == answer.id and self.shelf.problem is FULL:
            # The game under way could not be put aside after all: it takes the table back,
            # and what the move wrote is dropped (nothing of it was stored).
            self.shelf.drop_waiting()
            self._sit(left[1])
            self.status = text("status.full_keep", self.lang)
        elif refused is not None and refused[0] == answer.id and self.shelf.waiting:
            self.status = refused[1]  # it was said too soon

    def _make_way(self) -> bool:
        """Whether the game at the table may leave it: nothing of it waits to be stored,
        and one under way is put aside first. When not, the player is told why and the
        game stays (a full storage would otherwise lose it on the next reload)."""
        shelf = self.shelf
        if shelf.problem is OFF:  # nothing is ever stored: games live in this page only
            return not self.table.unfinished or shelf.put_aside(self.table)
        if shelf.waiting:
            shelf.store.retry()
            shelf.save_game(self.table)
        if shelf.waiting or (self.table.unfinished and not shelf.put_aside(self.table)):
            self.status = text("status.full_keep", self.lang)
            return False
        self.left = (shelf.store.epoch, self.table)
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

    def _sit(self, table: Table) -> None:
        """Put ``table`` in front of the players, with its turn as it stands."""
        self.table = table
        self.ui = TurnUI(entry=Entry(table.game.dice))
        self.computers.forget()

    def _new(self, roster: Roster, mode: Mode, *, announce: bool = True) -> None:
        self._sit_new(self._table(roster, mode), announce=announce)

    def _table(self, roster: Roster, mode: Mode) -> Table:
        """A new game for these seats (raises ``RuleError`` for bad names)."""
        game = Game(roster.players(self.lang), seed=self.seed)
        return Table(game, roster.seats, mode, started=self.clock())

    def _sit_new(self, table: Table, *, announce: bool = True) -> None:
        if hasattr(self, "table") and not self._make_way():
            return
        self._sit(table)
        if announce:
            self.status = self.ready_line()
        self.shelf.save_game(self.table)

    def _offer(self, table: Table) -> None:
        """Start ``table``'s game; with a game under way, ask first (``Ask.PUT_ASIDE``, then
        ``put_aside_and_sit``), so that nothing unfinished is ever lost."""
        if not self.table.unfinished:
            self._sit_new(table)
            return
        self.ui.pending = Pending(Ask.PUT_ASIDE, table=table)
        names = join_names(list(self.game.players), self.lang)
        self.status = text("status.put_aside", self.lang, names=names)

    def record_if_over(self) -> None:
        if self.game.is_over:
            table = self.table
            finished = Finished.of(table.id, self.clock(), self.game, table.codes, table.daily)
            self.shelf.record(finished)

    # ------------------------------------------------------------ settings

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self.shelf.settings

    @caught_up
    def change_settings(self, /, **changes: Any) -> None:
        """Change settings (``shapes=True``, ``coach_margin=2``...) and remember them;
        raises ``ValueError`` for a value no setting takes."""
        self.shelf.remember(self.settings.change(**changes))

    def switch(self, switch: Switch) -> None:
        """Turn a setting of one button on or off."""
        self.change_settings(**{switch.value: not getattr(self.settings, switch.value)})

    def set_language(self, lang: str) -> None:
        """Remember the interface language chosen in the page (the glue then loads its page)."""
        if lang in LANGUAGES:
            self.change_settings(lang=lang)

    # ------------------------------------------------------------- games

    def new_game(self, names: Sequence[str], seats: Sequence[str] | None = None) -> None:
        """Start a game for these names (blank names become "Player N"), each seat's code a
        person or a computer level; refuses bad lists and keeps the game as it was."""
        try:
            self.start(Roster.of(names, seats))
        except RuleError as error:
            self.status = explain(error, self.lang)

    @caught_up
    def start(self, roster: Roster) -> None:
        """Start a game for the seats of the New game dialog (asking first when a game is
        under way); refuses bad names and keeps the game."""
        try:
            table = self._table(roster, self.table.mode)
        except RuleError as error:
            self.status = explain(error, self.lang)
            return
        self._offer(table)

    def put_aside_and_sit(self, table: Table) -> None:
        """Keep the game under way among the games in progress, and start ``table``'s
        (when the game under way cannot be stored, it stays, and the player is told)."""
        self._sit_new(table)

    @on_the_table
    def play_again(self) -> None:
        """A new game with the same players (and computers) in the same order; a daily game
        or a challenge again on the same dice."""
        old = self.table
        if old.linked:
            game = Game(old.game.players, seed=old.game.state().stream, linked=True)
            table = Table(game, old.seats, started=self.clock(), daily=old.daily,
                          challenge=old.challenge)  # fmt: skip
            self._offer(table)
            return
        self._new(Roster(old.game.players, old.seats), old.mode)

    # ------------------------------------------------- daily games, challenges

    def person(self) -> str:
        """The name a solo game is played under: that of the first person at the table."""
        names = [n for n, s in zip(self.game.players, self.table.seats, strict=True) if s is None]
        return names[0] if names else default_name(1, self.lang)

    @caught_up
    def play_daily(self, day: date) -> None:
        """A day's daily game: taken up again when it is under way, else started (asking
        first when another game is under way); played days can be played again."""
        number = daily_number(day)
        if self.table.daily == number and not self.game.is_over:
            return
        waiting = next((t for t in self.shelf.paused if t.daily == number), None)
        if waiting is not None:
            self.resume(waiting.id)
            return
        game = Game([self.person()], seed=daily_seed(day), linked=True)
        self._offer(Table(game, (None,), started=self.clock(), daily=number))

    def open_link(self, code: str) -> None:
        """A challenge link opened in the page: replayed, then offered with the name last
        used on this device ready to change (or refused with one line, nothing changed)."""
        self.linked.open(code, friend=last_name(self.person(), self.shelf.history))

    @caught_up
    def accept_challenge(self, name: str = "") -> None:
        """Play the dice of the challenge offered under the friend's ``name`` (asking first
        when a game is under way); a name the game refuses is said, and the offer stays."""
        offer = self.linked.offer
        try:
            game = self.linked.answer(name, self.lang)
        except RuleError as error:
            self.linked.notice = explain(error, self.lang)
            return
        if offer is not None and game is not None:
            self.linked.offer, self.linked.notice = None, ""
            self._offer(Table(game, (None,), started=self.clock(), challenge=offer.code))

    def dismiss_offer(self) -> None:
        """Not now: the challenge offered is put away (the link still works later)."""
        self.linked.offer = None

    def dailies(self, today: date) -> tuple[Daily, ...]:
        """Today's daily game and the days before, each new, under way, or played (with the
        best total)."""
        days = []
        for back in range(DAYS_SHOWN):
            day = today - timedelta(days=back)
            number = daily_number(day)
            if number < 1:
                break
            totals = [max(f.totals) for f in self.shelf.history if f.daily == number]
            waiting = any(t.daily == number for t in [self.table, *self.shelf.paused]
                          if t.unfinished)  # fmt: skip
            days.append(Daily(number, day.isoformat(), waiting, max(totals, default=None)))
        return tuple(days)

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

    @caught_up
    def import_file(self, raw: str | None) -> None:
        """Merge an export file into what is kept, and say what it added (or why not);
        None is a file the browser could not read (moved, unreadable)."""
        if raw is None:
            self.status = text("import.read_failed", self.lang)
            return
        self.status, _ = self.progress.import_text(raw, self.table, self.lang)
        unsaved = f"{self.status} {text('import.unsaved', self.lang)}"
        if not self.shelf.waiting:
            self.if_refused = (self.shelf.store.epoch, unsaved)

    @caught_up
    def free_space(self) -> None:
        """The Free space button of a full storage: fold older finished games into the
        statistics, store what waits, and say what happened."""
        freed = self.shelf.free_space()
        if not self.shelf.waiting:
            self.shelf.save_game(self.table)
        key = "status.freed" if not self.shelf.waiting else "status.still_full"
        self.status = text(key, self.lang, count=freed.folded)
        still = text("status.still_full", self.lang, count=freed.folded)
        self.if_refused = (self.shelf.store.epoch, still)

    @caught_up
    def resume(self, game_id: str) -> None:
        """Take up a game put aside; the one at the table, if under way, is put aside.
        The game's own key goes only once it is stored at the table, so a write cut short
        leaves it in one place or both, never in none."""
        table = self.shelf.waiting_game(game_id)
        if table is None:
            self.shelf.paused = [t for t in self.shelf.paused if t.id != game_id]
            return
        if not self._make_way():
            return
        self._sit(table)
        if self.shelf.save_game(table):
            self.shelf.drop_paused(game_id)
        else:  # its key stays until the table's write is stored: a reload then has it
            self.shelf.paused = [t for t in self.shelf.paused if t.id != game_id]
        names = join_names(list(table.game.players), self.lang)
        self.status = f"{text('status.resumed', self.lang, names=names)} {self.ready_line()}"
