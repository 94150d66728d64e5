"""One commit per action: how the game, which runs in a worker, stores into the page's
``localStorage`` without ever waiting on the page.

The worker keeps a copy of the site's keys (``Mirror``), read when the page starts and kept
current from the page's ``storage`` events. What an action writes goes into that copy and
is sent to the page with the action's paint, as one ``Commit``: every write of the action
and the new stamp, and the base stamp they were made against. The page stores a commit in
one task, inside an IndexedDB transaction that keeps the last stamp for every tab (docs/storage.md,
"The stamp"), and only if the stored stamp is still the base (compare-and-set), then answers
(``Answer``):

- ``STORED``: every write of it is stored;
- ``STALE``: another tab wrote since; nothing of it is stored, and the answer carries the
  site's keys as they are, so that the tab catches up;
- ``FULL``: the quota refused a write; nothing of it is stored (a write that got in is
  undone in the same task), and the answer says how much room there is, so that the copy
  can tell at once which later writes would be refused (``Mirror.room``);
- ``OFF``: the storage refuses every write (disabled, private mode).

The page's side is ``static/storing.mjs``, the one place that decides whether a commit is
stored (the CPython tests run it under Node: ``tests/storing.py``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import NamedTuple

from .storage import (
    PREFIX,
    SPARE_PREFIX,
    STAMP_KEY,
    Storage,
    StorageFull,
    StorageUnavailable,
)


def units(text: str) -> int:
    """A text's length as browsers count it against the quota (UTF-16 code units): counted
    by the codec, not a character at a time in Python (which took most of each action's
    time in the worker: the old value of every key written is weighed)."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def weight(key: str, value: str | None) -> int:
    """What a key and its value take of the quota (nothing when absent)."""
    return 0 if value is None else units(key) + units(value)


class Outcome(enum.StrEnum):
    """What the page did with a commit."""

    STORED = "stored"
    STALE = "stale"
    FULL = "full"
    OFF = "off"


Writes = tuple[tuple[str, str | None], ...]
"""Keys and their new values, in order (None: the key is removed)."""


class Commit(NamedTuple):
    """Every write of one action, stored by the page all together or not at all."""

    id: int
    base: str | None
    """The stamp the writes were made against: stored only while it is still the stamp."""
    writes: Writes
    """The page's ``localStorage``: stored all or nothing, if the stamp is still ``base``."""
    spare: Writes = ()
    """This tab's ``sessionStorage``: a second chance only, stored whatever happens."""
    spared: Writes = ()
    """The spare's copies of what ``writes`` stores, removed once they are stored (or another
    tab's overtook them), never when the storage refused them: a reload in between still has
    the tab's copy."""

    def to_json(self) -> dict[str, object]:
        """As the page reads it."""
        spares = {"spare": self.spare, "spared": self.spared}
        return {"id": self.id, "base": self.base, "writes": self.writes, **spares}


class Answer(NamedTuple):
    """The page's answer to a commit."""

    id: int
    outcome: Outcome
    room: int | None = None
    """With ``FULL``: the room the storage has left (quota units)."""
    values: Mapping[str, str] | None = None
    """With ``STALE``: every key of the site as stored now."""

    @classmethod
    def from_dict(cls, given: Mapping[str, object]) -> Answer:
        """The answer as the page sends it (raises ValueError for anything else)."""
        number, room = given.get("id"), given.get("room")
        if not isinstance(number, int) or isinstance(number, bool):
            raise ValueError("an answer names its commit")
        outcome = Outcome(str(given.get("outcome")))
        values = stored_items(given.get("values")) if outcome is Outcome.STALE else None
        if outcome is Outcome.STALE and values is None:
            raise ValueError("a stale commit's answer says what is stored")
        if outcome is not Outcome.FULL or not isinstance(room, int) or isinstance(room, bool):
            return cls(number, outcome, None, values)
        return cls(number, outcome, max(0, room), values)


def stored_items(given: object) -> dict[str, str] | None:
    """The site's keys as the page read them (when it started, or with a stale commit's
    answer or another tab's write), None when it sent none (no storage); anything but text
    under a key of the site is left out."""
    if not isinstance(given, dict):
        return None
    return {
        k: v
        for k, v in given.items()
        if isinstance(k, str) and k.startswith(PREFIX) and isinstance(v, str)
    }


class Mirror:
    """The page's storage as this tab last heard of it, with this tab's own writes since:
    a ``Storage`` that answers at once. Its writes are gathered (``take_writes``) into the next
    commit. It refuses a write the storage is known to have no room for (``room``), and
    raises ``StorageUnavailable`` throughout when the page has no storage (``None``)."""

    def __init__(self, items: Mapping[str, str] | None) -> None:
        self.items: dict[str, str] | None = None if items is None else dict(items)
        self.room: int | None = None
        """The quota left, once the page measured it (after a refusal); None: not known,
        and the page decides."""
        self.refusing = False
        """The storage refused a write as no quota would (disabled, private mode): every
        write is refused here too, until another tab is heard writing."""
        self.before: dict[str, str | None] = {}
        """Each key written since the last ``take_writes``, with its value before."""

    def _items(self) -> dict[str, str]:
        if self.items is None:
            raise StorageUnavailable()
        return self.items

    def get(self, key: str) -> str | None:
        return self._items().get(key)

    def keys(self) -> list[str]:
        return list(self._items())

    def set(self, key: str, value: str) -> None:
        self.write_all({key: value})

    def remove(self, key: str) -> None:
        self.write_all({key: None})

    def write_all(self, writes: Mapping[str, str | None]) -> None:
        """Take every one of ``writes``, or none when the room the page measured is too
        small for all of them together (the page, storing the commit, decides in the end)."""
        items = self._items()
        if self.refusing:
            raise StorageUnavailable()
        if self.room is not None:
            grows = sum(
                weight(key, value) - weight(key, items.get(key)) for key, value in writes.items()
            )
            if grows > self.room:
                raise StorageFull()
            self.room -= grows
        for key, value in writes.items():
            self.before.setdefault(key, items.get(key))
            if value is None:
                items.pop(key, None)
            else:
                items[key] = value

    def take_writes(self) -> dict[str, tuple[str | None, str | None]]:
        """The writes since the last take: each key's value before and now (keys written
        back as they were are left out)."""
        items = self._items() if self.before else {}
        changes = {k: (old, items.get(k)) for k, old in self.before.items() if old != items.get(k)}
        self.before = {}
        return changes

    def put_back(self, key: str, value: str | None) -> None:
        """A value as the storage holds it (a write of this tab's that it did not take, or
        another tab's): not a write of this tab's."""
        if self.items is None:
            return
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def measured(self, room: int | None, *, refusing: bool = False) -> None:
        """What the storage was found to take: ``room`` characters more (None: not known),
        or nothing at all (``refusing``)."""
        self.room, self.refusing = room, refusing

    def other_tab_wrote(
        self, key: str | None, value: str | None, stored: Mapping[str, str] | None = None
    ) -> None:
        """Another tab wrote ``key`` (None: the storage was cleared): the room is not known
        any more. With ``stored``, every key of the site as stored then replaces this copy
        (what the page sends with a stamp: the value alone may be of a later commit)."""
        self.room, self.refusing = None, False
        if stored is not None:
            self.replace(stored)
        elif key is None:
            if self.items is not None:
                self.items = {}
        elif key.startswith(PREFIX):
            self.put_back(key, value)

    def replace(self, items: Mapping[str, str]) -> None:
        """Every key of the site as stored now (the answer to a stale commit)."""
        if self.items is not None:
            self.items = dict(items)
        self.room = None


ROOM_SEEN = 1024
"""How much room the page looks for when it starts: less, and the game knows from its
first write which writes the storage would refuse (``Mirror.room``)."""


Changes = dict[str, tuple[str | None, str | None]]
"""Keys written, each with its value before and after."""


def spare_writes(spare: Changes, changes: Changes) -> tuple[Writes, Writes]:
    """The spare's writes (``Commit.spare``), and its copies of what ``changes`` stores,
    removed only once they are stored (``Commit.spared``)."""
    copies = {SPARE_PREFIX + key for key in changes}
    later = {key for key, (_, new) in spare.items() if new is None and key in copies}
    first = tuple((k, new) for k, (_, new) in spare.items() if k not in later)
    return first, tuple((k, None) for k in later)


class Sent(NamedTuple):
    """A commit sent to the page and not answered yet."""

    id: int
    changes: Changes
    seen: dict[str, str | None]
    """What this tab took each key to hold when the commit's first write of it was made
    (``Store.seen``: the mirror may hold another tab's write, heard but not taken up yet)."""


class Commits:
    """Over a ``Mirror`` (the game in its worker), the writes gathered into commits for the
    page to store, and the page's answers; over any other storage, nothing: each write is
    stored at once."""

    def __init__(self, storage: Storage, spare: Storage | None) -> None:
        self.mirror = storage if isinstance(storage, Mirror) else None
        self.spare_mirror = spare if isinstance(spare, Mirror) else None
        self.sent: list[Sent] = []
        """Commits sent to the page and not answered yet (the page answers each before it
        sends the next event: one at a time)."""
        self.made = 0
        """Commits made so far."""
        self.stored = 0
        """The latest commit the page stored."""
        self.seen: dict[str, str | None] = {}
        """For the commit being gathered, ``Sent.seen``."""
        self.retrying: int | None = None
        """The commit that tries writes the storage refused again, until the page answers
        it: what the player was told of the refusal stands until then (``Store.problem``;
        the paint sent with the commit would otherwise take it back, only for the answer
        to say it again)."""

    @property
    def epoch(self) -> int:
        """The commit the writes made now go into (0 over a storage written at once)."""
        return 0 if self.mirror is None else self.made + 1

    def wrote(self, key: str, seen: str | None) -> None:
        """This tab writes ``key``, which it took to hold ``seen`` (``Sent.seen``)."""
        if self.mirror is not None:
            self.seen.setdefault(key, seen)

    def tried_again(self) -> None:
        """The writes just made were refused before: the refusal stands until the page
        answers their commit (over a storage written at once, they are stored)."""
        if self.mirror is not None:
            self.retrying = self.epoch

    def make(self, stamp: Callable[[], str | None]) -> Commit | None:
        """Every write since the last commit, as one commit based on the stamp before its
        writes (``stamp``: the one stored now, when the commit does not write it)."""
        if self.mirror is None:
            return None
        changes = self.mirror.take_writes()
        spare = self.spare_mirror.take_writes() if self.spare_mirror is not None else {}
        seen, self.seen = self.seen, {}
        if not changes and not spare:
            if self.retrying == self.epoch:  # the writes came to nothing: nothing to answer
                self.retrying = None
            return None
        self.made += 1
        base = changes[STAMP_KEY][0] if STAMP_KEY in changes else stamp()
        if changes:
            self.sent.append(Sent(self.made, changes, seen))
        writes = tuple((key, new) for key, (_, new) in changes.items())
        return Commit(self.made, base, writes, *spare_writes(spare, changes))

    def answered(self, answer: Answer) -> Sent | None:
        """The commit the page answered, when it was refused (None: stored, or not one of
        this tab's). Refused, the mirror is put back as the storage holds it: another
        tab's writes taken, with ``STALE``; the room the page measured, with ``FULL``."""
        if self.retrying is not None and answer.id >= self.retrying:
            self.retrying = None  # stored; or refused, and what it carried waits again
        sent = next((s for s in self.sent if s.id == answer.id), None)
        if sent is None or self.mirror is None:
            return None
        self.sent.remove(sent)
        if answer.outcome is Outcome.STORED:
            self.stored = max(self.stored, sent.id)
            return None
        if answer.outcome is Outcome.STALE:
            self.mirror.replace(answer.values or {})
        else:
            for key, (old, _) in reversed(sent.changes.items()):
                self.mirror.put_back(key, old)
            self.mirror.measured(answer.room, refusing=answer.outcome is Outcome.OFF)
        return sent

    def measure_again(self) -> None:
        """The room the storage has is to be found again (it may have grown)."""
        if self.mirror is not None:
            self.mirror.measured(None)

    def other_tab_wrote(
        self, key: str | None, value: str | None, stored: Mapping[str, str] | None = None
    ) -> None:
        """Another tab wrote ``key`` (None: it cleared the storage), as the page heard
        (``stored``: with every key of the site)."""
        if self.mirror is not None:
            self.mirror.other_tab_wrote(key, value, stored)
