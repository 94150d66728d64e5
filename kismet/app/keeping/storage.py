"""Where the app keeps things: text values by key (``localStorage`` in the browser), all
JSON, under keys namespaced and versioned (each key below says what it holds).

What is kept, and how, is ``kismet.app.keeping.store.Store``'s; how the game in its worker
stores into the page's storage is ``kismet.app.keeping.commit``'s.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Protocol

PREFIX = "kismet:v1:"
DATABASE = PREFIX.rstrip(":")
"""The site's IndexedDB database: the last commit's stamp (``static/storing.mjs``)."""
GAME_KEY = PREFIX + "game"
"""The game at the table (``kismet.app.base.table``)."""
ASIDE_PREFIX = PREFIX + "paused:"
"""Each unfinished game put aside, a key a game (``kismet.app.keeping.aside``)."""
ASIDE_KEY = PREFIX + "paused"
"""The list of games put aside, as stored before they had a key each (moved on load)."""
HISTORY_KEY = PREFIX + "history"
"""The finished games, newest last (``kismet.app.keeping.ledger``)."""
FOLDED_KEY = PREFIX + "folded"
"""Older finished games folded into the statistics (``kismet.app.keeping.folded``)."""
SETTINGS_KEY = PREFIX + "settings"
"""The player's choices (``kismet.app.base.settings``)."""
FRIENDS_KEY = PREFIX + "friends"
"""Friends' daily result links opened here (``kismet.app.keeping.friends``)."""
REMINDER_KEY = PREFIX + "reminder"
"""When the player last made a backup, and put off the reminder to (``safekeeping.Reminder``)."""
STAMP_KEY = PREFIX + "stamp"
"""Changes with every write, so that another tab can tell cheaply that something changed
since it last looked."""
PROBE_KEY = PREFIX + "probe"
"""Written and removed at once: whether the storage takes a value, and how long a one
(``static/storing.mjs``'s room probe)."""
COPY_PREFIX = PREFIX + "backup:"
"""``<name>:<time>``: a stored value that could not be read, kept, never destroyed (the key's
word from before the backup file the player holds)."""
SPARE_PREFIX = PREFIX + "unsaved:"
"""In the spare storage: a value the main storage refused, kept for this tab."""
SWITCHED_KEY = PREFIX + "switched"
"""In the spare storage (this tab's ``sessionStorage``): the page was loaded only to change
language (written by ``static/paint.js``)."""

GAME_LIMIT = 400_000
"""The longest game value read (8 players' whole games with every decision take ~60 KB)."""

LIMITS = {
    GAME_KEY: GAME_LIMIT,
    ASIDE_KEY: 40 * GAME_LIMIT,
    HISTORY_KEY: 4_000_000,
    FOLDED_KEY: 2_000_000,
    SETTINGS_KEY: 10_000,
    FRIENDS_KEY: 200_000,
    REMINDER_KEY: 1_000,
}
"""The longest text read under each key (a key of a game put aside: ``GAME_LIMIT``); a longer one
is unreadable. 1,000 detailed finished games take 0.4 to 1.5 MB."""


class Problem(enum.Enum):
    """Why the storage does not keep what the page writes (the value: what the page says)."""

    FULL = "status.storage_full"
    """It is full: what waits is kept in this page and tried again with every write."""
    OFF = "status.storage_off"
    """It refuses every read and write (disabled, or private browsing)."""


FULL, OFF = Problem.FULL, Problem.OFF


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

    def write_all(self, writes: Mapping[str, str | None]) -> None:
        """Store every one of ``writes`` (None: forget the key), or raise as ``set`` does
        and store none of them."""


class MemoryStorage:
    """A ``Storage`` in a dict, for the tests and tools (the game in the browser writes into
    a ``kismet.app.keeping.commit.Mirror`` of the page's storage)."""

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

    def write_all(self, writes: Mapping[str, str | None]) -> None:
        """Each write in turn: a ``MemoryStorage`` takes every write, and one made to refuse
        (a test's) refuses them all."""
        for key, value in writes.items():
            if value is None:
                self.remove(key)
            else:
                self.set(key, value)


def first_visit(storage: Storage) -> bool:
    """Whether the site has stored nothing yet in this browser."""
    try:
        stored = storage.keys()  # a Storage, not a dict
    except (StorageFull, StorageUnavailable):
        return False  # no storage: nothing could keep the guide's end either
    return not any(key.startswith(PREFIX) for key in stored)


def switched(spare: Storage) -> bool:
    """Whether this tab's page was loaded only to change language (then no welcome); the
    mark goes with the first commit."""
    try:
        marked = spare.get(SWITCHED_KEY) is not None
        spare.remove(SWITCHED_KEY)
    except StorageUnavailable:
        return False
    return marked
