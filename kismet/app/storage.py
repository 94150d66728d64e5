"""Where the app keeps things: text values by key (``localStorage`` in the browser).

Stored values (all JSON, keys namespaced and versioned):

- ``kismet:v1:game``: the game at the table (``kismet.app.table``).
- ``kismet:v1:paused:<id>``: each unfinished game put aside, one key a game (the same
  format). Before, they were one list under ``kismet:v1:paused``; it is moved on load.
- ``kismet:v1:history``: finished games, newest last (``kismet.app.records``).
- ``kismet:v1:folded``: older finished games folded into the statistics (``kismet.app.stats``).
- ``kismet:v1:settings``: the player's choices (``kismet.app.settings``).
- ``kismet:v1:stamp``: changes with every write, so another tab can tell cheaply that
  something changed since it last looked.
- ``kismet:v1:backup:<name>:<time>``: a stored value that could not be read, kept, never
  destroyed.

What ``Store`` promises (the README's "What the storage promises" says it for players):

- Every value is read within bounds (``LIMITS``, ``kismet.rules.bounded``), so no stored
  text can stop the page from starting.
- A value that cannot be read is copied to a backup before anything replaces it. When
  there is no room for the copy, the value is left where it is and the key is *guarded*:
  every later write to it first tries the copy again, and is refused until it succeeds.
- A write the browser refuses changes nothing stored (``localStorage`` keeps the old
  value). Its text is kept as *pending* and tried again with every later write; the problem
  is shown until nothing is pending, not merely until some other write succeeds. A pending
  game is also kept in the tab's ``sessionStorage`` (the *spare*), so a reload of that tab
  still has the last moves.
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
from collections.abc import Callable
from typing import NamedTuple, Protocol, TypeVar

from ..rules import SaveError
from ..rules.bounded import load_json

PREFIX = "kismet:v1:"
GAME_KEY = PREFIX + "game"
PAUSED_KEY = PREFIX + "paused"
"""The list of games put aside, as stored before they had a key each (moved on load)."""
PAUSED_PREFIX = PREFIX + "paused:"
HISTORY_KEY = PREFIX + "history"
FOLDED_KEY = PREFIX + "folded"
SETTINGS_KEY = PREFIX + "settings"
STAMP_KEY = PREFIX + "stamp"
PROBE_KEY = PREFIX + "probe"
BACKUP_PREFIX = PREFIX + "backup:"
SPARE_PREFIX = PREFIX + "unsaved:"
"""In the spare storage: a value the main storage refused, kept for this tab."""

GAME_LIMIT = 400_000
"""The longest game value read (8 players' whole games with every decision take ~60 KB)."""

LIMITS = {
    GAME_KEY: GAME_LIMIT,
    PAUSED_KEY: 40 * GAME_LIMIT,
    HISTORY_KEY: 4_000_000,
    FOLDED_KEY: 2_000_000,
    SETTINGS_KEY: 10_000,
}
"""The longest text read under each key (a paused game's key: ``GAME_LIMIT``); a longer one
is unreadable. 1,000 detailed finished games take 0.4 to 1.5 MB."""


class Problem(enum.Enum):
    """Why the storage does not keep what the page writes (the value: what the page says)."""

    FULL = "status.storage_full"
    """It is full: what waits is kept in this page and tried again with every write."""
    OFF = "status.storage_off"
    """It refuses every read and write (disabled, or private browsing)."""


FULL, OFF = Problem.FULL, Problem.OFF

T = TypeVar("T")


class StorageFull(Exception):
    """The browser's storage quota is used up."""


class StorageUnavailable(Exception):
    """The browser refuses storage (disabled, or private mode)."""


class Storage(Protocol):
    """Text values by key, as ``localStorage`` keeps them; writes may raise the two errors.
    A write that raises leaves the value stored before it as it was."""

    def get(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``; raises ``StorageFull`` or ``StorageUnavailable``."""

    def remove(self, key: str) -> None:
        """Forget ``key`` (nothing happens when it is absent)."""

    def keys(self) -> list[str]:
        """Every key stored."""


class MemoryStorage:
    """A ``Storage`` in a dict, for the tests and tools (the page's is ``LocalStorage`` in
    static/glue/dom.py, which reports a browser without storage as unavailable)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


class Damage(NamedTuple):
    """A stored value that could not be read (or a part of it): whether a copy was kept."""

    kept: bool
    """A backup holds it; else there was no room, and it stays stored as it is."""


class Store:
    """The app's side of a ``Storage``: bounded JSON in and out, backups, pending writes,
    and what went wrong."""

    def __init__(
        self, storage: Storage, clock: Callable[[], str], spare: Storage | None = None
    ) -> None:
        self.storage = storage
        self.spare = spare
        self.clock = clock
        self.pending: dict[str, str] = {}
        """Texts the storage refused, by key: tried again with every write."""
        self.guarded: dict[str, str] = {}
        """Keys holding a value that could not be read and could not be copied yet: the
        backup's name to try again before the key may be written."""
        self.refused: Problem | None = None
        """A read the storage refused (disabled storage)."""
        self.seen: dict[str, str | None] = {}
        """The text last read or written under each key by this tab."""
        self.stamp = self.raw(STAMP_KEY)

    # ----------------------------------------------------------- the problem

    @property
    def problem(self) -> Problem | None:
        """The storage's refusal, while anything waits to be stored."""
        if self.refused is not None:
            return self.refused
        if self.pending or self.guarded:
            return self.why or FULL
        return None

    why: Problem | None = None
    """Why the last write was refused: the storage is full, or refuses all writes."""

    # ------------------------------------------------------------- reading

    def raw(self, key: str) -> str | None:
        """The text stored under ``key`` (None when absent, or storage is refused)."""
        try:
            return self.storage.get(key)
        except StorageUnavailable:
            self.refused = OFF
            return None

    def keys(self, prefix: str) -> list[str]:
        """The stored keys that start with ``prefix``, sorted."""
        try:
            return sorted(k for k in list(self.storage.keys()) if k.startswith(prefix))
        except StorageUnavailable:
            self.refused = OFF
            return []

    def read(
        self, key: str, parse: Callable[[object], T], backup: str, limit: int | None = None
    ) -> tuple[T | None, Damage | None]:
        """The value under ``key`` read by ``parse`` (None when there is none), and the
        damage when it could not be read: then it is copied to a backup named ``backup``
        if there is room (else the key is guarded) and the value is None."""
        raw = self.raw(key)
        self.seen[key] = raw
        if raw is None:
            return None, None
        try:
            return parse(self.parse(raw, key, limit)), None
        except SaveError:
            return None, self.back_up(key, backup, raw)

    @staticmethod
    def parse(raw: str, key: str, limit: int | None = None) -> object:
        """The JSON value of a stored text, within the key's bounds (raises ``SaveError``)."""
        return load_json(raw, key, limit or LIMITS.get(key, GAME_LIMIT))

    def back_up(self, key: str, name: str, text: str) -> Damage:
        """Copy ``text`` (unreadable data from ``key``) to a backup; without room, guard
        the key so that nothing overwrites the data before the copy is made."""
        first = backup = f"{BACKUP_PREFIX}{name}:{self.clock()}"
        taken, number = set(self.keys(first)), 1
        while backup in taken:  # two copies in one second: the second gets a number
            number += 1
            backup = f"{first}-{number}"
        if self._try(backup, text):
            self.guarded.pop(key, None)
            return Damage(kept=True)
        self.guarded[key] = backup
        return Damage(kept=False)

    def has_room(self) -> bool:
        """Whether the storage takes a new value at all (a probe, removed at once)."""
        if not self._try(PROBE_KEY, "1"):
            return False
        with contextlib.suppress(StorageUnavailable):
            self.storage.remove(PROBE_KEY)
        return True

    def changed_elsewhere(self) -> bool:
        """Whether another tab wrote since this one last looked (and look again)."""
        stamp = self.raw(STAMP_KEY)
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        return True

    # ------------------------------------------------------------- writing

    def write(self, key: str, value: object, *, again: bool = True) -> bool:
        """Store ``value`` as compact JSON; whether it was stored. A refusal is remembered
        (the text stays pending), never raised; with ``again=False`` it is not tried again
        (the caller retries the whole change, or keeps what it had)."""
        return self.put(key, json.dumps(value, separators=(",", ":")), again=again)

    def put(self, key: str, text: str, *, again: bool = True) -> bool:
        """Store a text; whether it was stored (else it stays pending, see the module)."""
        if not self._unguard(key) or not self._try(key, text):
            if again:
                self.pending[key] = text
                self._spare(key, text)
            return False
        self.pending.pop(key, None)
        self._spare(key, None)
        self.seen[key] = text
        self._stamp()
        self.retry()
        return True

    def remove(self, key: str) -> None:
        """Forget a key (always possible: it frees room)."""
        try:
            self.storage.remove(key)
        except StorageUnavailable:
            self.refused = OFF
            return
        self.pending.pop(key, None)
        self.seen[key] = None
        self._stamp()

    def retry(self) -> None:
        """Try the pending writes again (after a write succeeded, or room was freed)."""
        for key, text in list(self.pending.items()):
            if self._unguard(key) and self._try(key, text):
                del self.pending[key]
                self._spare(key, None)
                self.seen[key] = text
        for key in list(self.guarded):
            self._unguard(key)

    def spared(self, key: str) -> str | None:
        """The text this tab could not store under ``key`` before it was reloaded."""
        if self.spare is None:
            return None
        try:
            return self.spare.get(SPARE_PREFIX + key)
        except StorageUnavailable:
            return None

    def _spare(self, key: str, text: str | None) -> None:
        if self.spare is None or key != GAME_KEY:
            return
        try:
            if text is None:
                self.spare.remove(SPARE_PREFIX + key)
            else:
                self.spare.set(SPARE_PREFIX + key, text)
        except (StorageFull, StorageUnavailable):
            pass  # the spare is a second chance only

    def _unguard(self, key: str) -> bool:
        """Whether ``key`` may be written: not guarded, or its unreadable value now copied."""
        backup = self.guarded.get(key)
        if backup is None:
            return True
        stored = self.raw(key)
        if stored is None or self._try(backup, stored):
            del self.guarded[key]
            return True
        return False

    def _try(self, key: str, text: str) -> bool:
        try:
            self.storage.set(key, text)
        except StorageFull:
            self.why = FULL
            return False
        except StorageUnavailable:
            self.why = OFF
            return False
        return True

    def _stamp(self) -> None:
        # The same length every time: replacing it never needs more room.
        self.stamp = os.urandom(6).hex()
        if not self._try(STAMP_KEY, self.stamp):
            self.stamp = self.raw(STAMP_KEY)
