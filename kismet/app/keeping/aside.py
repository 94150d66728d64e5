"""The unfinished games put aside, each under a key of its own (putting one aside writes
one key, taking one up removes one), so that no tab writes back a list it read earlier."""

from __future__ import annotations

from collections.abc import Callable

from ..base.table import Table, read_aside
from .ledger import Area, Note, damage_note
from .storage import ASIDE_KEY, ASIDE_PREFIX, OFF
from .store import Store


class Aside:
    """The games put aside, as this tab last read them, and their keys."""

    def __init__(self, store: Store, notes: list[Note], clock: Callable[[], str]) -> None:
        self.store, self.notes, self.clock = store, notes, clock
        self.tables: list[Table] = []
        """Unfinished games put aside, the latest first."""
        self.read()

    def read(self) -> None:
        """Read every game put aside again, the latest first (the old one-list key moved
        first)."""
        self._move_old_list()
        found: dict[str, Table] = {}
        for key in reversed(self.store.keys(ASIDE_PREFIX)):  # the latest first
            table, damage = self.store.read(key, Table.from_dict, "paused")
            if damage:
                self.notes.append(damage_note(Area.ASIDE, damage))
            elif table is not None and table.id not in found:
                found[table.id] = table
        self.tables = list(found.values())

    def _move_old_list(self) -> None:
        """Games put aside were one list before; each gets its own key (the list goes once
        every one of them is stored)."""
        if self.store.raw(ASIDE_KEY) is None:
            return
        tables, damage = self.store.read(ASIDE_KEY, read_aside, "paused")
        if damage:
            self.notes.append(damage_note(Area.ASIDE, damage))
            return
        stored = all([self._write(t) for t in reversed(tables or [])])
        if stored:
            self.store.remove(ASIDE_KEY)

    def _write(self, table: Table) -> bool:
        """Store a game put aside under a key of its own (the time first, so that the keys
        sort by when each game was put aside); any older key of the same game goes."""
        old = self._keys(table.id)
        key = f"{ASIDE_PREFIX}{self.clock()}:{table.id}"
        if not self.store.write(key, table.to_dict(), again=False):  # the caller keeps it
            return False
        for stale in old:
            if stale != key:
                self.store.remove(stale)
        return True

    def _keys(self, game_id: str) -> list[str]:
        return [k for k in self.store.keys(ASIDE_PREFIX) if k.rsplit(":", 1)[-1] == game_id]

    def put(self, table: Table) -> bool:
        """Keep an unfinished game among the games in progress; whether it is stored (when
        not, nothing changed and the caller must keep the game where it is). A storage that
        refuses everything keeps it in this page alone, which is all there is."""
        if not self._write(table) and self.store.problem is not OFF:
            return False
        self.tables = [table, *(t for t in self.tables if t.id != table.id)]
        return True

    def stored(self, game_id: str) -> Table | None:
        """A game put aside, as stored now (None if it is not there: another tab may have
        taken it up)."""
        for key in self._keys(game_id):
            table, _ = self.store.read(key, Table.from_dict, "paused")
            if table is not None:
                return table
        if self.store.problem is OFF:  # nothing is stored: the games live in this page only
            return next((t for t in self.tables if t.id == game_id), None)
        return None

    def drop(self, game_id: str) -> None:
        """The game put aside is at the table now: its own key goes."""
        for key in self._keys(game_id):
            self.store.remove(key)
        self.unlist(game_id)

    def unlist(self, game_id: str) -> None:
        """The game put aside leaves this tab's list (its key, if any, stays)."""
        self.tables = [t for t in self.tables if t.id != game_id]
