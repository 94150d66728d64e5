"""Choosing the game at the table: a new one, the same again, a daily game, a challenge, a
game put aside; and what the menu's dialogs list of them (the days, the games in
progress, the seats). ``Lobby`` is one part of a ``Session``: it asks ``Tables`` to seat
the game chosen, which puts the one under way aside first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from ...rules import Category, Game, RuleError
from ...text import LANGUAGES, explain, join_names, text
from ..base.daily import (
    DAYS_SHOWN,
    Standing,
    daily_number,
    daily_of,
    daily_seed,
    standing,
)
from ..base.finished import Finished
from ..base.roster import Roster, default_name, is_default_name
from ..base.settings import Settings, Switch
from ..base.table import AsideGame, Daily, Table
from ..guidance.day_tables import DayTables
from ..guidance.linked import Linked
from ..keeping.backup import Backups, Restored, RestoreProblem
from ..keeping.friends import Friends
from .tables import AtTable, Tables, caught_up, on_the_table
from .turn import StatusLine


def last_name(person: str, history: Sequence[Finished]) -> str:
    """The name last used by a person on this device: ``person`` (at the table), else the
    latest finished game's; empty when every one is a name the app gave."""
    used = [person]
    used += [n for f in reversed(history) for p, n in enumerate(f.players) if f.is_person(p)]
    return next((name for name in used if not is_default_name(name)), "")


class Lobby(AtTable):
    """The New game, Daily game, Games in progress and challenge commands, the settings,
    and the restore and Free space of the storage; each catches up with other tabs first."""

    def __init__(
        self,
        tables: Tables,
        *,
        linked: Linked,
        friends: Friends,
        day_tables: DayTables,
        backups: Backups,
        line: StatusLine,
    ) -> None:
        self.tables, self.linked, self.backups, self.line = tables, linked, backups, line
        self.friends, self.day_tables = friends, day_tables
        self.shelf, self.lang, self.clock = tables.shelf, tables.lang, tables.clock

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
            self.line.say(explain(error, self.lang))

    @caught_up
    def start(self, roster: Roster) -> None:
        """Start a game for the seats of the New game dialog (asking first when a game is
        under way); refuses bad names and keeps the game."""
        try:
            table = self.tables.new_table(roster, self.table.mode)
        except RuleError as error:
            self.line.say(explain(error, self.lang))
            return
        self.tables.offer(table)

    @on_the_table
    def play_again(self) -> None:
        """A new game with the same players (and computers) in the same order; a daily game
        or a challenge again on the same dice."""
        old = self.table
        if old.daily_or_challenge:
            game = Game(old.game.players, seed=old.game.state().stream, linked=True)
            table = Table(
                game, old.seats, started=self.clock(), daily=old.daily, challenge=old.challenge
            )
            self.tables.offer(table)
            return
        self.tables.new(Roster(old.game.players, old.seats), old.mode)

    @caught_up
    def resume(self, game_id: str) -> None:
        """Resume a game put aside; the one at the table, if under way, is put aside
        (``Tables.resume``)."""
        table = self.shelf.aside.stored(game_id)
        if table is None:
            self.shelf.aside.unlist(game_id)
            return
        if not self.tables.resume(table):
            return
        names = join_names(list(table.game.players), self.lang)
        resumed = text("status.resumed", self.lang, names=names)
        self.line.say(f"{resumed} {self.tables.ready_line()}")

    # ------------------------------------------------- daily games, challenges

    def person(self) -> str:
        """The name a solo game is played under: that of the first person at the table."""
        names = [n for n, s in zip(self.game.players, self.table.seats, strict=True) if s is None]
        return names[0] if names else default_name(1, self.lang)

    @caught_up
    def play_daily(self, day: date) -> None:
        """A day's daily game: resumed when it is under way, else started (asking
        first when another game is under way); played days can be played again."""
        number = daily_number(day)
        if self.table.daily == number and not self.game.is_over:
            return
        waiting = next((t for t in self.shelf.aside.tables if t.daily == number), None)
        if waiting is not None:
            self.resume(waiting.id)
            return
        game = Game([self.person()], seed=daily_seed(day), linked=True)
        self.tables.offer(Table(game, (None,), started=self.clock(), daily=number))

    def open_link(self, code: str) -> None:
        """A challenge link opened in the page: replayed, then offered with the name last
        used on this device ready to change (or refused with one line, nothing changed)."""
        self.linked.open(code, friend=last_name(self.person(), self.shelf.history))
        offer = self.linked.offer
        number = None if offer is None else daily_of(self.linked.seed(code), self.today())
        if number is not None:  # a friend's daily result: kept for that day's table
            self.friends.add([(number, code)])

    def today(self) -> date:
        """The host's calendar date, from the session's clock (else the system's)."""
        try:
            return date.fromisoformat(self.clock()[:10])
        except ValueError:
            return date.today()

    @caught_up
    def accept_challenge(self, name: str = "") -> None:
        """Play the dice of the challenge offered under the friend's ``name`` (asking first
        when a game is under way); a name the game refuses is said, and the offer stays."""
        accepted = self.linked.accept(name, self.lang)
        if accepted is not None:
            game, code = accepted
            self.tables.offer(Table(game, (None,), started=self.clock(), challenge=code))

    # ------------------------------------------------------ what dialogs list

    def dailies(self, today: date) -> tuple[Daily, ...]:
        """Today's daily game and the days before, each new, under way, or played (with the
        best total), and its table with friends' results."""
        here: dict[int, dict[str, int]] = {}  # each daily game's best totals, by person
        for f in self.shelf.history:
            for p, (name, total) in enumerate(zip(f.players, f.totals, strict=True)):
                if f.daily is not None and f.is_person(p):
                    totals = here.setdefault(f.daily, {})
                    totals[name] = max(totals.get(name, 0), total)
        results, days = self.friends.results(), []
        for back in range(DAYS_SHOWN):
            day = today - timedelta(days=back)
            number = daily_number(day)
            if number < 1:
                break
            mine = here.get(number, {})
            waiting = any(
                t.daily == number for t in [self.table, *self.shelf.aside.tables] if t.unfinished
            )
            friends = self.day_tables.table(number, daily_seed(day), list(mine.items()), results)
            best = max(mine.values(), default=None)
            days.append(Daily(number, day.isoformat(), waiting, best, friends))
        return tuple(days)

    @staticmethod
    def standing(days: tuple[Daily, ...]) -> tuple[Standing, ...]:
        """The standing over the days listed, from their tables with friends."""
        return standing([d.friends for d in days if d.friends is not None])

    @staticmethod
    def friends_seeds(days: tuple[Daily, ...]) -> list[int]:
        """The seeds of the days listed that have friends' results (Perfect plays them)."""
        return [daily_seed(date.fromisoformat(d.day)) for d in days if d.friends]

    def roster(self) -> Roster:
        """This game's seats, as the New game dialog starts from them (names the app gave
        in the page's language)."""
        return Roster(self.game.players, self.table.seats).renamed(self.lang)

    def aside(self) -> tuple[AsideGame, ...]:
        """The games put aside, the latest first."""
        return tuple(
            AsideGame(
                id=table.id,
                players=join_names(list(table.game.players), self.lang),
                turn=len(Category) + 1 - len(table.game.open_boxes(table.game.current)),
                started=table.started[:10],
                state=self.link_state(table),
            )
            for table in self.shelf.aside.tables
        )

    def link_state(self, table: Table) -> str:
        """Where a game by link stands for this device: its turn, or whose it waits for."""
        if not table.by_link or table.game.is_over:
            return ""
        if not table.turn_elsewhere:
            return text("by_link.your_turn", self.lang)
        return text("by_link.waiting_for", self.lang, name=table.game.players[table.game.current])

    # ------------------------------------------------------------- storage

    @caught_up
    def restore_file(self, raw: str | None) -> None:
        """Merge a backup file into what is kept, and say what it added (or why not);
        None is a file the browser could not read (moved, unreadable)."""
        if raw is None:
            self.line.say(text("restore.read_failed", self.lang))
            return
        try:
            restored = self.backups.restore(raw, self.table)
        except RestoreProblem as problem:
            said = text(problem.key, self.lang, **problem.params)
        else:
            if restored.resumed is not None:
                self.resume(restored.resumed)
            said = restore_words(restored, self.lang)
        self.line.say(said)
        if not self.shelf.waiting:
            self.tables.say_if_refused(f"{said} {text('restore.unsaved', self.lang)}")

    @caught_up
    def free_space(self) -> None:
        """The Free space button of a full storage: fold older finished games into the
        statistics, store what waits, and say what happened."""
        freed = self.shelf.free_space()
        if not self.shelf.waiting:
            self.shelf.save_game(self.table)
        none = "" if freed.folded else "_none"  # nothing was left to fold: said so
        key = "status.freed" if not self.shelf.waiting else "status.still_full"
        self.line.say(text(key + none, self.lang, count=freed.folded))
        self.tables.say_if_refused(text("status.still_full" + none, self.lang, count=freed.folded))


def restore_words(restored: Restored, lang: str) -> str:
    """What a restore says it added."""
    merged = restored.merged
    words = [text("restore.done", lang, added=merged.added, known=merged.known)]
    counted = (
        ("restore.friends", restored.friends),
        ("restore.aside", merged.aside),
        ("restore.by_link", merged.by_link),
    )
    words += [text(key, lang, count=count) for key, count in counted if count]
    if merged.settings:
        words.append(text("restore.settings", lang))
    if merged.unchecked:
        words.append(text("restore.unchecked", lang, count=merged.unchecked))
    if not merged.saved:
        words.append(text("restore.unsaved", lang))
    return " ".join(words)
