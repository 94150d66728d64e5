"""Where the app keeps things: text values by key (``localStorage`` in the browser).

Stored values (all JSON, keys namespaced and versioned):

- ``kismet:v1:game``: the game in progress (``kismet.app.table``).
- ``kismet:v1:paused``: unfinished games put aside, the latest first (the same format).
- ``kismet:v1:history``: finished games, newest last (``kismet.app.records``).
- ``kismet:v1:folded``: older finished games folded into the statistics (``kismet.app.stats``).
- ``kismet:v1:settings``: the player's choices (``kismet.app.settings``).
- ``kismet:v1:backup:<name>:<time>``: a stored value that could not be read, kept, never
  destroyed.

``Store`` reads every one of them the same way: JSON, then a parser that raises
``SaveError`` (built on ``kismet.rules.save.Fields``); a value that fails either is backed
up, and the caller starts afresh and says so. A storage that refuses (full, or blocked)
never stops play: the problem is remembered for the page to show.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol, TypeVar

from ..rules import SaveError

PREFIX = "kismet:v1:"
GAME_KEY = PREFIX + "game"
PAUSED_KEY = PREFIX + "paused"
HISTORY_KEY = PREFIX + "history"
FOLDED_KEY = PREFIX + "folded"
SETTINGS_KEY = PREFIX + "settings"
BACKUP_PREFIX = PREFIX + "backup:"

T = TypeVar("T")


class StorageFull(Exception):
    """The browser's storage quota is used up."""


class StorageUnavailable(Exception):
    """The browser refuses storage (disabled, or private mode)."""


class Storage(Protocol):
    """Text values by key, as ``localStorage`` keeps them; writes may raise the two errors."""

    def get(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``; raises ``StorageFull`` or ``StorageUnavailable``."""


class MemoryStorage:
    """A ``Storage`` in a dict: for tests, and for when the browser has no storage at all."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value


class Store:
    """The app's side of a ``Storage``: JSON in and out, backups, and what went wrong."""

    def __init__(self, storage: Storage, clock: Callable[[], str]) -> None:
        self.storage = storage
        self.clock = clock
        self.problem: str | None = None
        """The message key of the storage's last refusal, until a write succeeds again."""

    def write(self, key: str, value: object) -> None:
        """Store ``value`` as compact JSON; a refusal is remembered, never raised."""
        self._put(key, json.dumps(value, separators=(",", ":")))

    def raw(self, key: str) -> str | None:
        """The text stored under ``key`` (None when absent, or storage is refused)."""
        try:
            return self.storage.get(key)
        except StorageUnavailable:
            self.problem = "status.storage_off"
            return None

    def read(self, key: str, parse: Callable[[object], T], backup: str) -> tuple[T | None, bool]:
        """The value under ``key`` read by ``parse``, and whether it was unreadable: then it
        is kept as a backup named ``backup`` and the value is None (as when there is none)."""
        raw = self.raw(key)
        if raw is None:
            return None, False
        try:
            return parse(json.loads(raw)), False
        except (ValueError, SaveError):  # json's errors are ValueErrors too
            self._put(f"{BACKUP_PREFIX}{backup}:{self.clock()}", raw)  # the exact text, kept
            return None, True

    def _put(self, key: str, text: str) -> None:
        try:
            self.storage.set(key, text)
        except StorageFull:
            self.problem = "status.storage_full"
        except StorageUnavailable:
            self.problem = "status.storage_off"
        else:
            self.problem = None
