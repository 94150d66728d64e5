"""Keeping the player's games safe: whether the browser keeps them for good, what the
whole site takes, and the reminder to make a backup (``kismet.app.keeping.backup``).

The browser's word (``Kept``) comes from the page: ``navigator.storage.persisted()`` at
start and ``persist()``'s answer once asked (the page asks after a game is finished here),
and whether this is Safari outside the Home Screen, which deletes a site's data after seven
days without a visit. The reminder's state is stored as ``kismet:v1:reminder``::

    {"backed_up": "2026-12-05T20:00:00+00:00" | "", "games": 12, "dismissed": 10}

``games``: the finished games kept when the last backup was made; ``dismissed``: the count
when the reminder was last put off. The reminder is due after ``EVERY`` finished games
since the later of the two, or, with storage the browser may clear, once a game was
finished since a backup more than ``STALE_DAYS`` old.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple

from ...rules import SaveError, SaveProblem
from ...rules.save import Fields
from .storage import PREFIX, REMINDER_KEY

if TYPE_CHECKING:
    from ..base.table import Table
    from .shelf import Shelf

EVERY = 10
"""Finished games between reminders."""
STALE_DAYS = 7
"""A backup older than this is reminded of when the browser may clear the storage."""


class Kept(NamedTuple):
    """What the browser says of the site's storage."""

    persisted: bool = False
    """The browser keeps the storage for good (``navigator.storage.persisted()``)."""
    can_persist: bool = False
    """The browser can be asked to keep it (``navigator.storage.persist`` exists)."""
    site_bytes: int | None = None
    """What the whole site takes, with its offline copy (``navigator.storage.estimate()``)."""
    clears_unvisited: bool = False
    """Safari outside the Home Screen: it deletes a site's data after seven days unvisited."""


class KeepingView(NamedTuple):
    """What the page shows of it: the storage's line (the browser's word, and what the
    games and the whole site take), the reminder, the word after a wipe."""

    kept: Kept = Kept()
    games_bytes: int = 0
    """What the site's keys take (keys and values)."""
    reminder: bool = False
    """Remind the player to make a backup (between games only)."""
    wiped: bool = False
    """Say that this browser's storage was cleared, and offer to open a backup."""
    ask_persist: bool = False
    """Ask the browser now to keep the storage for good."""


class Reminder(NamedTuple):
    """The reminder's state (see the module's docstring)."""

    backed_up: str = ""
    games: int = 0
    dismissed: int = 0

    def to_dict(self) -> dict[str, object]:
        return {"backed_up": self.backed_up, "games": self.games, "dismissed": self.dismissed}

    @classmethod
    def from_dict(cls, data: object) -> Reminder:
        """Read a stored state; raises ``SaveError`` for anything else."""
        fields = Fields(data, "reminder", cls._fields)
        backed_up = fields.text("backed_up")
        games, dismissed = fields.integer("games"), fields.integer("dismissed")
        if games < 0 or dismissed < 0 or (backed_up and _when(backed_up) is None):
            raise SaveError(SaveProblem.BAD_VALUE, "reminder")
        return cls(backed_up, games, dismissed)


def _when(stamp: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def due(reminder: Reminder, finished: int, kept: Kept, now: str) -> bool:
    """Whether to remind the player to make a backup, with ``finished`` games kept."""
    since = max(reminder.games, reminder.dismissed)
    if finished - since >= EVERY:
        return True
    backed_up, today = _when(reminder.backed_up), _when(now)
    if kept.persisted or backed_up is None or today is None or finished <= since:
        return False
    return today - backed_up > timedelta(days=STALE_DAYS)


class Safekeeping:
    """The reminder's state, read from the storage each time (another tab may have made a
    backup), and the browser's word on the storage."""

    def __init__(self, shelf: Shelf, kept: Kept | None = None) -> None:
        self.shelf, self.store, self.kept = shelf, shelf.store, kept or Kept()
        self.asked = False
        """``persist()`` was asked for on this visit (at most once a visit)."""
        self.finished_before = self.finished
        """The finished games kept when the page started."""

    @property
    def finished(self) -> int:
        """The finished games kept, in detail or folded into the statistics."""
        return len(self.shelf.history) + len(self.shelf.folded.ids)

    def view(self, table: Table, wiped: bool, now: str) -> KeepingView:
        """What the page shows: the reminder and the word after a wipe between games only
        (never during a turn), the latter until a game is kept again."""
        store, shelf = self.store, self.shelf
        size = sum(len(key) + len(store.raw(key) or "") for key in store.keys(PREFIX))
        between = not table.unfinished
        wiped = wiped and between and not shelf.history and not shelf.aside.tables
        return KeepingView(
            kept=self.kept,
            games_bytes=size,
            reminder=between and not wiped and self.due(now),
            wiped=wiped,
            ask_persist=self.ask_persist(self.finished > self.finished_before),
        )

    def reminder(self) -> Reminder:
        found, _ = self.store.read(REMINDER_KEY, Reminder.from_dict, "reminder")
        return found or Reminder()

    def made(self, when: str) -> None:
        """A backup was made now."""
        finished = self.finished
        self.store.write(REMINDER_KEY, Reminder(when, finished, finished).to_dict())

    def restored(self, exported: str) -> None:
        """A backup written at ``exported`` was restored onto a device with no finished
        game of its own: what it holds is in the player's backup, so it counts as made."""
        if _when(exported) is not None:
            self.made(exported)

    def later(self) -> None:
        """The reminder put off until ``EVERY`` more games are finished."""
        put_off = self.reminder()._replace(dismissed=self.finished)
        self.store.write(REMINDER_KEY, put_off.to_dict())

    def due(self, now: str) -> bool:
        return due(self.reminder(), self.finished, self.kept, now)

    def ask_persist(self, finished_here: bool) -> bool:
        """Whether to ask the browser now to keep the storage for good: once a visit,
        after a game is finished here, when it does not yet and can be asked."""
        if self.asked or self.kept.persisted or not self.kept.can_persist or not finished_here:
            return False
        self.asked = True
        return True

    def storage_known(self, persisted: bool, site_bytes: int | None) -> None:
        """The browser's answer to ``persist()``."""
        self.kept = self.kept._replace(persisted=persisted, site_bytes=site_bytes)


def site_size(said: object) -> int | None:
    """What the whole site takes in bytes, as the page passes on the browser's word
    (``navigator.storage.estimate()``); None where the browser does not say: -1, as the
    page sends it then, or anything but a whole number of bytes."""
    if isinstance(said, bool) or not isinstance(said, int) or said < 0:
        return None
    return said
