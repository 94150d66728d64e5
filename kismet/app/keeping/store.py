"""The app's side of a ``Storage``: bounded JSON in and out, copies of damaged values,
writes the storage refused, and what went wrong; and, over a
``kismet.app.keeping.commit.Mirror``, the commits that carry each action's writes to the
page's storage and what the page answered.

What ``Store`` promises (docs/storage.md says it for players):

- Every value is read within bounds (``LIMITS``, ``kismet.rules.bounded``), so no stored
  text can stop the page from starting.
- A value that cannot be read is kept as a copy before anything replaces it. When
  there is no room for the copy, the value is left where it is and the key is *guarded*:
  every later write to it first tries the copy again, and is refused until it succeeds.
- A write the storage refuses changes nothing stored (``localStorage`` keeps the old
  value). Its text is kept *waiting* and tried again with every later write; the problem
  is shown until nothing waits, not merely until some other write succeeds (over a
  mirror, until the page stores the commit that tries it again: ``Commits.retrying``).
  A waiting game is also kept in the tab's ``sessionStorage`` (the *spare*), so a reload
  of that tab still has the last moves.
- Over a mirror, an action's writes are one commit, stored all or not at all (``settle``):
  a refused commit's writes are written again into the mirror, where the room the page
  measured now refuses those that do not fit, as above; another tab's writes since are
  taken, and this tab's writes of the same keys give way to them.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from typing import NamedTuple, TypeVar

from ...rules import SaveError
from ...rules.bounded import load_json
from .commit import Answer, Commit, Commits, Outcome
from .storage import (
    COPY_PREFIX,
    FULL,
    GAME_KEY,
    GAME_LIMIT,
    LIMITS,
    OFF,
    PROBE_KEY,
    SPARE_PREFIX,
    STAMP_KEY,
    Problem,
    Storage,
    StorageFull,
    StorageUnavailable,
)

T = TypeVar("T")

OVERTAKEN = "\0overtaken"
"""What this tab takes a key to hold when it must be read again (never a stored text)."""


def has_room(storage: Storage) -> bool:
    """Whether ``storage`` takes a new value at all (a probe, removed at once)."""
    try:
        storage.set(PROBE_KEY, "1")
    except (StorageFull, StorageUnavailable):
        return False
    with contextlib.suppress(StorageUnavailable):
        storage.remove(PROBE_KEY)
    return True


def parse_stored(raw: str, key: str, limit: int | None = None) -> object:
    """The JSON value of a stored text, within the key's bounds (raises ``SaveError``)."""
    return load_json(raw, key, limit or LIMITS.get(key, GAME_LIMIT))


class Damage(NamedTuple):
    """A stored value that could not be read (or a part of it): whether a copy was kept."""

    kept: bool
    """A copy holds it; else there was no room, and it stays stored as it is."""


class Store:
    """The app's side of a ``Storage``: bounded JSON in and out, copies of damaged values,
    writes waiting, and what went wrong. Over a ``Mirror`` (the game in its worker), its writes are
    gathered into commits (``commit``) and the page's answers settled (``settle``); over
    any other storage, each write is stored at once."""

    def __init__(
        self, storage: Storage, clock: Callable[[], str], spare: Storage | None = None
    ) -> None:
        self.storage, self.clock = storage, clock
        self.spare = Spare(spare)
        self.waiting: dict[str, str | None] = {}
        """Texts the storage refused, by key (None: a key to forget), in order: tried again,
        all together, with every write."""
        self.guarded: dict[str, str] = {}
        """Keys holding a value that could not be read and could not be copied yet: the
        copy's name to try again before the key may be written."""
        self.refused: Problem | None = None
        """A read the storage refused (disabled storage)."""
        self.why: Problem | None = None
        """Why the last write was refused: the storage is full, or refuses all writes."""
        self.seen: dict[str, str | None] = {}
        """The text last read or written under each key by this tab."""
        self.copies: dict[str, str] = {}
        """Each copy written, with the key whose value it holds."""
        self.commits = Commits(storage, spare)
        self.stamp = self.raw(STAMP_KEY)

    # ----------------------------------------------------------- the problem

    @property
    def problem(self) -> Problem | None:
        """The storage's refusal, while anything waits to be stored."""
        if self.refused is not None:
            return self.refused
        if self.waiting or self.guarded or self.commits.retrying is not None:
            return self.why or FULL
        return None

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
        self, key: str, parse: Callable[[object], T], copy: str, limit: int | None = None
    ) -> tuple[T | None, Damage | None]:
        """The value under ``key`` read by ``parse`` (None when there is none), and the
        damage when it could not be read: then it is kept as a copy named ``copy`` and the
        key cleared if there is room (else the key is guarded), and the value is None."""
        raw = self.read_noted(key)
        if raw is None:
            return None, None
        try:
            return parse(parse_stored(raw, key, limit)), None
        except SaveError:
            damage = self.keep_copy(key, copy, raw)
        if damage.kept:
            self.remove(key)
        return None, damage

    def keep_copy(self, key: str, name: str, text: str) -> Damage:
        """Keep ``text`` (unreadable data from ``key``) as a copy; without room, guard
        the key so that nothing overwrites the data before the copy is made."""
        first = copy = f"{COPY_PREFIX}{name}:{self.clock()}"
        taken, number = set(self.keys(first)), 1
        while copy in taken:  # two copies in one second: the second gets a number
            number += 1
            copy = f"{first}-{number}"
        self.copies[copy] = key
        if self._try({copy: text}):
            self.guarded.pop(key, None)
            return Damage(kept=True)
        self.guarded[key] = copy
        return Damage(kept=False)

    def copy_again(self, copy: str, text: str) -> bool:
        """Write a copy again; whether it is stored (if not, the key it holds stays guarded)."""
        stored = self._try({copy: text})
        if not stored and copy in self.copies:
            self.guarded[self.copies[copy]] = copy
        return stored

    def read_noted(self, key: str) -> str | None:
        """The text stored under ``key`` now, noted as what this tab last read of it."""
        raw = self.seen[key] = self.raw(key)
        return raw

    def read_again(self, key: str) -> None:
        """Take ``key`` as another tab's since this tab read it: the next catch-up reads it."""
        self.seen[key] = OVERTAKEN

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
        (the text waits), never raised; with ``again=False`` it is not tried again
        (the caller retries the whole change, or keeps what it had)."""
        return self.put(key, json.dumps(value, separators=(",", ":")), again=again)

    def put(self, key: str, text: str | None, *, again: bool = True) -> bool:
        """Store a text (None: forget the key); whether it was stored (``put_all``)."""
        return self.put_all({key: text}, again=again)

    def put_all(self, writes: dict[str, str | None], *, again: bool = True) -> bool:
        """Store all of ``writes`` or none of them; whether they were stored. While other
        writes wait, these are stored only together with all of them (a write may rest on
        one that waits: a game takes the table once the one it replaced is put aside);
        refused, they wait with them (with ``again``), or are dropped (the caller keeps
        what it had, or tries the whole change again)."""
        if not self._store_all({**self.waiting, **writes}):
            if again:
                for key, text in writes.items():
                    self.waiting[key] = text
                    self.spare.keep(key, text)
            return False
        for stored in [*self.waiting, *writes]:
            self.spare.keep(stored, None)
        if self.waiting:
            self.commits.tried_again()
        self.waiting.clear()
        self._stamp()
        return True

    def remove(self, key: str) -> None:
        """Forget a key (with the writes that wait, if any)."""
        self.put(key, None)

    def wait_only(self, writes: dict[str, str | None]) -> None:
        """Only ``writes`` wait now: those that waited before a move the page refused,
        taken back whole."""
        self.waiting = dict(writes)

    def drop_waiting(self, key: str) -> None:
        """Forget the write of ``key`` that waits: what made it was taken back, or another
        tab stored a later one."""
        self.waiting.pop(key, None)

    def retry(self) -> None:
        """Try the writes waiting again, all together (room may have been freed)."""
        if self.waiting:
            key, text = next(reversed(self.waiting.items()))
            self.put(key, text)
        for key in list(self.guarded):
            self._unguard(key)

    def _store_all(self, writes: dict[str, str | None]) -> bool:
        """Store every one of ``writes`` or none (``Storage.write_all``: over a mirror, the
        page decides in the end, when it stores the commit)."""
        if not all(self._unguard(key) for key in writes) or not self._try(writes):
            return False
        for key, text in writes.items():
            self.commits.wrote(key, self.seen.get(key))
            self.seen[key] = text
        return True

    def _unguard(self, key: str) -> bool:
        """Whether ``key`` may be written: not guarded, or its unreadable value now copied."""
        copy = self.guarded.get(key)
        if copy is None:
            return True
        stored = self.raw(key)
        if stored is None or self._try({copy: stored}):
            del self.guarded[key]
            self.commits.tried_again()
            return True
        return False

    def _try(self, writes: dict[str, str | None]) -> bool:
        """Whether the storage took ``writes`` (all or none); if not, why is kept."""
        try:
            self.storage.write_all(writes)
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
        if not self._try({STAMP_KEY: self.stamp}):
            self.stamp = self.raw(STAMP_KEY)

    # ------------------------------------------------------------ commits

    def commit(self) -> Commit | None:
        """The writes since the last commit, as one commit (None: none, or stored already)."""
        return self.commits.make(lambda: self.raw(STAMP_KEY))

    def settle(self, answer: Answer) -> list[tuple[str, str | None, bool]]:
        """The page's answer to a commit. Stored: nothing more to do. Refused: the mirror is
        put back as the storage holds it (``Commits.answered``), and the commit's writes
        are returned, in order, each with whether another tab wrote its key since what the
        write was made on (``Sent.seen``, then ``seen`` again: the change shows as theirs)."""
        sent = self.commits.answered(answer)
        if sent is None:
            return []
        if answer.outcome is not Outcome.STALE:
            self.stamp = self.raw(STAMP_KEY)
            self.why = FULL if answer.outcome is Outcome.FULL else OFF
        again = []
        for key, (old, new) in sent.changes.items():
            before = sent.seen.get(key, old)
            if self.seen.get(key) == new:
                self.seen[key] = before
            if key != STAMP_KEY:  # a new stamp comes with any write made again
                again.append((key, new, self.raw(key) != before))
        return again


class Spare:
    """The tab's own copy of the game it could not store (in ``sessionStorage``), so that a
    reload of that tab still has the last moves: a second chance only."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        """The text this tab could not store under ``key`` before it was reloaded."""
        if self.storage is None:
            return None
        try:
            return self.storage.get(SPARE_PREFIX + key)
        except StorageUnavailable:
            return None

    def keep(self, key: str, text: str | None) -> None:
        """Keep ``text`` as the one waiting under ``key`` (None: nothing waits)."""
        if self.storage is None or key != GAME_KEY:
            return
        try:
            if text is None:
                self.storage.remove(SPARE_PREFIX + key)
            else:
                self.storage.set(SPARE_PREFIX + key, text)
        except (StorageFull, StorageUnavailable):
            pass  # the spare is a second chance only
