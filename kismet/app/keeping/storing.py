"""The page's side of a commit, in Python: how the page stores a ``Commit`` into
``localStorage`` and the tab's ``sessionStorage`` (the spare), and measures the room left.
``static/storing.mjs`` does the same in JavaScript (``tests/test_commit.py`` holds the two to
the same answers), and the CPython tests use it as the page."""

from __future__ import annotations

import contextlib
import json

from .commit import ROOM_SEEN, Answer, Commit, Outcome, Writes, units, weight
from .storage import (
    PREFIX,
    PROBE_KEY,
    STAMP_KEY,
    Storage,
    StorageFull,
    StorageUnavailable,
)


def store(local: Storage, commit: Commit, session: Storage | None = None) -> Answer:
    """Store ``commit`` as the page does, in one go: the spare's writes whatever happens;
    then, if the stamp is still its base, every write (those that free room first), or
    none of them; then, unless the storage refused them, the spare's copies of what they
    stored are removed (``Commit.spared``)."""
    _spare(session, commit.spare)
    answer = _store_writes(local, commit)
    if answer.outcome not in (Outcome.FULL, Outcome.OFF):
        _spare(session, commit.spared)
    return answer


def _spare(session: Storage | None, writes: Writes) -> None:
    for key, value in writes:
        if session is not None:
            with contextlib.suppress(StorageFull, StorageUnavailable):  # a second chance only
                _write(session, key, value)


def _store_writes(local: Storage, commit: Commit) -> Answer:
    if not commit.writes:
        return Answer(commit.id, Outcome.STORED)
    try:
        if local.get(STAMP_KEY) != commit.base:
            listed = local.keys()  # a Storage, not a dict
            values = {k: local.get(k) for k in listed if k.startswith(PREFIX)}
            stored = {k: v for k, v in values.items() if v is not None}
            return Answer(commit.id, Outcome.STALE, values=stored)
        olds = {key: local.get(key) for key, _ in commit.writes}
    except StorageUnavailable:
        return Answer(commit.id, Outcome.OFF)

    def grows(write: tuple[str, str | None]) -> int:
        return weight(*write) - weight(write[0], olds[write[0]])

    # Those that free room first; the stamp last (other tabs hear of the writes in order).
    ordered = sorted(commit.writes, key=lambda w: (w[0] == STAMP_KEY, grows(w)))
    done: list[str] = []
    try:
        for key, value in ordered:
            done.append(key)
            _write(local, key, value)
    except (StorageFull, StorageUnavailable) as refusal:
        for key in reversed(done):  # each step back is a state that fitted before
            _write(local, key, olds[key])
        if isinstance(refusal, StorageUnavailable):
            return Answer(commit.id, Outcome.OFF)
        return Answer(commit.id, Outcome.FULL, room=measure(local, sum(map(grows, commit.writes))))
    return Answer(commit.id, Outcome.STORED)


def _write(storage: Storage, key: str, value: str | None) -> None:
    if value is None:
        storage.remove(key)
    else:
        storage.set(key, value)


def measure(local: Storage, below: int) -> int:
    """The room left in ``local`` (less than ``below``, which was refused): the longest
    probe it takes, found by halving, then removed."""
    low, high = 0, max(below, 1)  # low fits (nothing), high does not
    key = PROBE_KEY
    while high - low > 1:
        middle = (low + high) // 2
        try:
            local.set(key, "x" * max(0, middle - units(key)))
            low = middle
        except (StorageFull, StorageUnavailable):
            high = middle
    with contextlib.suppress(StorageUnavailable):
        local.remove(key)
    return low


def room_at_start(local: Storage) -> int | None:
    """The room ``local`` has, if it has less than ``ROOM_SEEN`` (None: at least that): one
    probe and its removal, most of the time (other tabs hear of each)."""
    try:
        local.set(PROBE_KEY, "x" * ROOM_SEEN)
        local.remove(PROBE_KEY)
        return None
    except (StorageFull, StorageUnavailable):
        return measure(local, ROOM_SEEN)


def answer_json(answer: Answer) -> str:
    """An answer as the page sends it (for the tests)."""
    fields = {"id": answer.id, "outcome": answer.outcome.value, "room": answer.room}
    return json.dumps({**fields, "values": answer.values})
