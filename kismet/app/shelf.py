"""The app's stored data: the game in progress, the games put aside, the finished games and
the settings.

Everything is read once when the page opens; what cannot be read is backed up (never
destroyed), replaced by a fresh start, and said in ``notes``.
"""

from __future__ import annotations

from collections.abc import Callable

from .records import HISTORY_LIMIT, Finished, HighScore, high_scores, read_history
from .settings import Settings
from .storage import GAME_KEY, HISTORY_KEY, PAUSED_KEY, SETTINGS_KEY, Storage, Store
from .table import Table, read_paused


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
        """Add a finished game to the history, once (the oldest beyond the limit go)."""
        if any(f.id == finished.id for f in self.history):
            return
        self.history = [*self.history, finished][-HISTORY_LIMIT:]
        self.store.write(HISTORY_KEY, [f.to_dict() for f in self.history])

    def unrecord(self, game_id: str) -> None:
        """Take a game back out of the finished games (its last box was taken back)."""
        if any(f.id == game_id for f in self.history):
            self.history = [f for f in self.history if f.id != game_id]
            self.store.write(HISTORY_KEY, [f.to_dict() for f in self.history])

    def remember(self, settings: Settings) -> None:
        """Store the settings."""
        self.settings = settings
        self.store.write(SETTINGS_KEY, settings.to_dict())

    def high_scores(self) -> tuple[HighScore, ...]:
        """The high-score table."""
        return high_scores(self.history)
