"""The app's stored data: the game at the table, the games put aside, the finished games
and the settings, kept safe from other tabs, a full storage and damaged data.

Everything is read when the page opens, and again when another tab has written since
(``refresh``). What cannot be read is backed up before anything replaces it and said in
``notes``; one unreadable finished game never costs the others.

Other tabs of the same site write the same storage, so nothing here writes back a whole
list it read earlier: each game put aside has a key of its own (putting one aside writes
one key, taking one up removes one), and the finished games are changed as
``kismet.app.keeping.ledger`` says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..base.finished import Finished, HighScore, high_scores
from ..base.settings import Settings
from ..base.table import Table
from .aside import Aside
from .commit import Answer, Outcome
from .folded import Folded
from .ledger import Area, Ledger, Note, damage_note
from .storage import (
    FOLDED_KEY,
    FULL,
    GAME_KEY,
    HISTORY_KEY,
    SETTINGS_KEY,
    Problem,
    Storage,
    first_visit,
)
from .store import Store, parse_stored


class Freed(NamedTuple):
    """What freeing space did: games folded into the statistics, and whether everything
    waiting is stored now."""

    folded: int
    saved: bool


class Shelf:
    """Reads and writes the app's stored values through a ``Store`` (see the module)."""

    def __init__(
        self, storage: Storage, clock: Callable[[], str], spare: Storage | None = None
    ) -> None:
        fresh = first_visit(storage)
        self.store = Store(storage, clock, spare)
        self.clock = clock
        self.notes: list[Note] = []
        """What could not be read, said once."""
        self.settings = self._read_settings()
        if fresh and self.settings.guide is None:  # the very first visit: the guide runs
            self.remember(self.settings._replace(guide=True))
        self.ledger = Ledger(self.store, self.notes)
        self.aside = Aside(self.store, self.notes, clock)
        """The unfinished games put aside."""

    @property
    def problem(self) -> Problem | None:
        """The message key of the storage's refusal, while anything waits to be stored."""
        return self.store.problem or (FULL if self.ledger.waiting else None)

    @property
    def waiting(self) -> bool:
        """Whether something this tab did is not stored yet (storage refused it)."""
        return bool(self.store.waiting or self.ledger.waiting)

    @property
    def history(self) -> list[Finished]:
        """The finished games kept in detail, oldest first."""
        return self.ledger.history

    @property
    def folded(self) -> Folded:
        """The finished games folded into the statistics."""
        return self.ledger.folded

    # ------------------------------------------------------------- reading

    def _read_settings(self) -> Settings:
        settings, damage = self.store.read(SETTINGS_KEY, Settings.from_dict, "settings")
        if damage:
            self.notes.append(damage_note(Area.SETTINGS, damage))
        return settings or Settings()

    def refresh(self, *, anyway: bool = False) -> bool:
        """Read again what another tab wrote since this one last looked; whether it had
        (``anyway``: read again, whatever the stamp says). (The game at the table is the
        session's to compare: ``game_changed``.)"""
        if not self.store.changed_elsewhere() and not anyway:
            return False
        if self.store.raw(SETTINGS_KEY) != self.store.seen.get(SETTINGS_KEY):
            self.settings = self._read_settings()
        self.ledger.refresh()
        self.aside.read()
        return True

    @property
    def game_changed(self) -> bool:
        """Whether the stored game at the table is not the one this tab last read or wrote."""
        return self.store.raw(GAME_KEY) != self.store.seen.get(GAME_KEY)

    def settle(self, answer: Answer) -> bool:
        """The page's answer to the last commit. When it was refused, what it carried is
        written again, all together as it was made (the storage keeps all of it or none):
        its copies of damaged values first (a key whose copy is refused is guarded), its
        other writes, and the finished games from their operations (folded to fit, if need
        be). But when another tab wrote any of the same keys in between (a stale commit),
        the move was made on what that tab overtook: its writes are dropped, and the game
        at the table is read again as stored (the finished games still take their
        operations). Whether another tab had written (then the table catches up:
        ``Tables.sync``)."""
        again = self.store.settle(answer)
        if answer.outcome is Outcome.STORED:
            return False
        stale = answer.outcome is Outcome.STALE
        self.ledger.refused(answer.id, stale=stale)
        ledger = (HISTORY_KEY, FOLDED_KEY)
        rest = {key: value for key, value, _ in again if key not in ledger}
        if any(theirs for key, _, theirs in again if key not in ledger):
            self.store.read_again(GAME_KEY)  # the table catches up
            rest = {}
        for key, value in list(rest.items()):
            if key in self.store.copies and value is not None:  # a copy of unreadable data
                del rest[key]
                self.store.copy_again(key, value)  # else its key stays guarded
        if rest:
            self.store.put_all(rest)
        if any(key in ledger for key, _, _ in again) or self.ledger.waiting:
            self.ledger.save()
        # What the page measured served these writes: the room may grow by other means
        # (another app's data going), so the page decides the next ones.
        self.store.commits.measure_again()
        return stale

    def take_back(self, waited: dict[str, str | None], table: Table) -> None:
        """A move the page refused is taken back whole (a game it put aside stays at the
        table): the writes waiting are those that ``waited`` before it, tried again with
        ``table``'s, and the games put aside are read again as stored."""
        self.store.wait_only(waited)
        self.aside.read()
        self.save_game(table)

    # ------------------------------------------------------- the game at the table

    def load_game(self) -> Table | None:
        """The stored game at the table; None when there is none or it cannot be read. A
        later state this tab could not store before it was reloaded is taken instead (and
        stored now, if the storage takes it)."""
        table, damage = self.store.read(GAME_KEY, Table.from_dict, "game")
        if damage:
            self.notes.append(damage_note(Area.SAVE, damage))
        spared = self.store.spare.get(GAME_KEY)
        if spared is None or spared == self.store.seen.get(GAME_KEY):
            return table
        try:
            later = Table.from_dict(parse_stored(spared, GAME_KEY))
        except ValueError:  # SaveError, or anything else the spare holds: not used
            return table
        if table is not None and later.id != table.id:
            return table  # another tab has moved on since: the stored game stands
        self.notes.append(("status.spare_back", {}))
        self.store.put(GAME_KEY, spared)
        return later

    def save_game(self, table: Table) -> bool:
        """Store the game at the table (and what else waits); whether it was stored."""
        saved = self.store.write(GAME_KEY, table.to_dict())
        if self.ledger.waiting:
            self.ledger.save()
        return saved

    def forget_game_write(self) -> None:
        """Another tab stored the game at the table since: this tab's refused write of it
        is out of date and is not tried again."""
        self.store.drop_waiting(GAME_KEY)

    def take_notes(self) -> list[Note]:
        """What could not be read since the last time, to be said once."""
        notes = list(self.notes)
        self.notes.clear()  # the same list the ledger adds to
        return notes

    # ---------------------------------------------------------- finished games

    def free_space(self) -> Freed:
        """Make room when storage is full: fold the older half of the detailed finished
        games into the statistics (their counts, bests and high scores stay), then store
        what waits (the storage is asked again: other data may have gone)."""
        self.store.commits.measure_again()  # the room it had may have grown
        folded = self.ledger.fold_older_half()
        self.store.retry()
        if self.ledger.waiting:
            self.ledger.save()
        return Freed(folded, not self.waiting)

    def remember(self, settings: Settings) -> None:
        """Store the settings."""
        self.settings = settings
        self.store.write(SETTINGS_KEY, settings.to_dict())

    def high_scores(self) -> tuple[HighScore, ...]:
        """The high-score table (games folded into the statistics keep their lines)."""
        return high_scores(self.history, self.folded.high)
