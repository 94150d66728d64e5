"""The app's stored data: the game in progress, the games put aside, the finished games and
the settings.

Everything is read once when the page opens; what cannot be read is backed up (never
destroyed), replaced by a fresh start, and said in ``notes``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .records import HISTORY_LIMIT, Finished, HighScore, read_history
from .settings import Settings
from .stats import Folded, high_scores_with
from .storage import FOLDED_KEY, GAME_KEY, HISTORY_KEY, PAUSED_KEY, SETTINGS_KEY, Storage, Store
from .table import Table, read_paused
from .transfer import Imported

FOLD_SHARE = 4
"""When storage runs short, a quarter of the detailed games (the oldest) is folded."""


class Merged(NamedTuple):
    """What an import added: finished games, those already here, games put aside."""

    added: int
    known: int
    paused: int
    settings: bool


class Shelf:
    """Reads and writes the app's stored values through a ``Store``."""

    def __init__(self, storage: Storage, clock: Callable[[], str]) -> None:
        self.store = Store(storage, clock)
        self.clock = clock
        self.notes: list[str] = []
        """Message keys of what could not be read when the page opened."""
        settings, bad = self.store.read(SETTINGS_KEY, Settings.from_dict, "settings")
        if bad:
            self.notes.append("status.settings_corrupt")
            self.store.write(SETTINGS_KEY, {})
        self.settings = settings or Settings()
        history, bad = self.store.read(HISTORY_KEY, read_history, "history")
        if bad:
            self.notes.append("status.history_corrupt")
            self.store.write(HISTORY_KEY, [])
        self.history: list[Finished] = history or []
        folded, bad = self.store.read(FOLDED_KEY, Folded.from_dict, "folded")
        if bad:
            self.notes.append("status.history_corrupt")
        self.folded = folded or Folded()
        paused, bad = self.store.read(PAUSED_KEY, read_paused, "paused")
        if bad:
            self.notes.append("status.paused_corrupt")
            self.store.write(PAUSED_KEY, [])
        self.paused: list[Table] = paused or []
        """Unfinished games put aside, the latest first."""

    @property
    def problem(self) -> str | None:
        """The message key of the storage's refusal, while it lasts."""
        return self.store.problem

    def load_game(self) -> Table | None:
        """The stored game in progress; None when there is none or it cannot be read."""
        table, bad = self.store.read(GAME_KEY, Table.from_dict, "game")
        if bad:
            self.notes.append("status.save_corrupt")
        return table

    def save_game(self, table: Table) -> None:
        """Store the game in progress."""
        self.store.write(GAME_KEY, table.to_dict())

    def put_aside(self, table: Table) -> None:
        """Keep an unfinished game among the games in progress."""
        self.paused = [table, *(t for t in self.paused if t.id != table.id)]
        self.store.write(PAUSED_KEY, [t.to_dict() for t in self.paused])

    def take_up(self, game_id: str) -> Table | None:
        """Take a game out of the games in progress (None if it is not there)."""
        found = next((t for t in self.paused if t.id == game_id), None)
        if found is not None:
            self.paused = [t for t in self.paused if t.id != game_id]
            self.store.write(PAUSED_KEY, [t.to_dict() for t in self.paused])
        return found

    def record(self, finished: Finished) -> None:
        """Add a finished game to the history, once (the oldest beyond the limit, or when
        storage runs short, are folded into the statistics)."""
        if finished.id in self.known_ids():
            return
        self._keep([*self.history, finished])

    def update(self, finished: Finished) -> None:
        """Replace a finished game's record (its decisions priced)."""
        if any(f.id == finished.id for f in self.history):
            self._keep([finished if f.id == finished.id else f for f in self.history])

    def find(self, game_id: str) -> Finished | None:
        """A finished game's record (None once folded, or before it is recorded)."""
        return next((f for f in self.history if f.id == game_id), None)

    def unrecord(self, game_id: str) -> None:
        """Take a game back out of the finished games (its last box was taken back)."""
        if any(f.id == game_id for f in self.history):
            self._keep([f for f in self.history if f.id != game_id])

    def known_ids(self) -> set[str]:
        """The identities of every finished game kept, in detail or folded."""
        return {f.id for f in self.history} | set(self.folded.ids)

    def _keep(self, history: list[Finished]) -> None:
        """Store the finished games; beyond ``HISTORY_LIMIT``, or while storage refuses
        them for want of space, fold the oldest into the statistics (never just drop)."""
        excess = len(history) - HISTORY_LIMIT
        if excess > 0:
            self._fold(history[:excess])
            history = history[excess:]
        self.history = history
        self.store.write(HISTORY_KEY, [f.to_dict() for f in history])
        while self.store.problem == "status.storage_full" and len(self.history) > 1:
            share = max(1, len(self.history) // FOLD_SHARE)
            self._fold(self.history[:share])
            self.history = self.history[share:]
            self.store.write(HISTORY_KEY, [f.to_dict() for f in self.history])

    def _fold(self, records: list[Finished]) -> None:
        self.folded.fold(records)
        self.store.write(FOLDED_KEY, self.folded.to_dict())

    def merge(self, found: Imported, current: Table) -> Merged:
        """Add what an imported file holds that is not here yet: finished games by their
        identity, the folded ones when none of them is known, games in progress (put
        aside; the one at the table stays), and the settings while these are untouched."""
        known = self.known_ids()
        new = [f for f in found.history if f.id not in known]
        if found.folded is not None and not known & set(found.folded.ids):
            merged = self.folded.merge(found.folded)
            self.folded = merged
            self.store.write(FOLDED_KEY, merged.to_dict())
        if new:
            self._keep(sorted([*self.history, *new], key=lambda f: f.finished))
        here = {current.id} | {t.id for t in self.paused}
        tables = [t for t in (found.game, *found.paused) if t is not None and t.id not in here]
        waiting = [t for t in tables if t.unfinished]
        for table in reversed(waiting):
            self.put_aside(table)
        fresh = self.settings == Settings() and found.settings != Settings()
        if fresh:
            self.remember(found.settings)
        return Merged(len(new), len(found.history) - len(new), len(waiting), fresh)

    def remember(self, settings: Settings) -> None:
        """Store the settings."""
        self.settings = settings
        self.store.write(SETTINGS_KEY, settings.to_dict())

    def high_scores(self) -> tuple[HighScore, ...]:
        """The high-score table (games folded into the statistics keep their lines)."""
        return high_scores_with(self.history, self.folded.high)
