"""The finished games as stored: the detailed list (``kismet:v1:history``, newest last, at
most ``HISTORY_LIMIT``) and the tallies of folded ones, read record by record and changed
so that no other tab's writes are lost.

Another tab of the same site writes the same keys, so the list is never written back whole
as an old copy: each change is an operation (add, replace, remove) applied to the list as
stored *now*, read again just before the write. The operations are kept until the storage
has taken them (over a mirror: until the page stored their commit), so a write refused, or
overtaken by another tab's, is made again from them. Folding old games into the statistics
writes the tallies and the shorter list together (one commit); a record whose identity the
tallies already hold is dropped when read, so even two separate writes cut short between
them count every game once.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from ...rules import SaveError, SaveProblem
from ..base.finished import Finished, each_once
from .folded import Folded
from .storage import FOLDED_KEY, FULL, HISTORY_KEY
from .store import Damage, Store, parse_stored

HISTORY_LIMIT = 1000
"""Finished games kept in detail; older ones are folded into the statistics. Every page
load reads the detailed ones and every finished game writes them again: at this count
neither grows into the start (docs/figures.md, "Behind the code's choices")."""

FOLD_SHARE = 4
"""When storage runs short, a quarter of the detailed games (the oldest) is folded."""

T = TypeVar("T")

Note = tuple[str, dict[str, Any]]
"""A message key and its parameters."""

Operation = Callable[[list[Finished]], list[Finished]]
"""A change to the list of finished games."""


class Area(enum.Enum):
    """What stored data could not be read; the value: what is said when it was kept as a
    copy, and when it was left where it is for want of room."""

    SAVE = ("status.save_corrupt", "status.save_unkept")
    SETTINGS = ("status.settings_corrupt", "status.settings_unkept")
    HISTORY = ("status.history_corrupt", "status.history_unkept")
    FOLDED = ("status.folded_corrupt", "status.folded_unkept")
    RECORDS = ("status.records_corrupt", "status.records_unkept")
    ASIDE = ("status.aside_corrupt", "status.aside_unkept")


def damage_note(area: Area, damage: Damage, **params: Any) -> Note:
    """The note for unreadable data: kept as a copy, or left where it is for want of room."""
    kept, unkept = area.value
    return (kept if damage.kept else unkept, params)


class History(NamedTuple):
    """A stored list of finished games, read record by record: one unreadable record never
    costs the others."""

    records: list[Finished]
    """The readable records, each identity once (the first kept)."""
    unreadable: list[object]
    """The records that could not be read, as they were stored."""


def read_records(data: object) -> History:
    """The stored list of finished games, what can be read of it; raises ``SaveError``
    only when it is not a list at all."""
    if not isinstance(data, list):
        raise SaveError(SaveProblem.NOT_AN_OBJECT, "history")
    records: list[Finished] = []
    unreadable: list[object] = []
    for i, entry in enumerate(data):
        try:
            records.append(Finished.from_dict(entry, f"history[{i}]"))
        except SaveError:
            unreadable.append(entry)
    return History(each_once(records), unreadable)


class Ledger:
    """The finished games of a ``Store``: in detail (``history``) and folded (``folded``)."""

    def __init__(self, store: Store, notes: list[Note]) -> None:
        self.store = store
        self.notes = notes
        """Where what could not be read is said (shared with the shelf)."""
        self._operations: list[Operation] = []
        """Changes the storage has not taken yet (applied again with every write: each
        gives the same list however often it is applied)."""
        self._carried = 0
        """How many of the first operations went with the commit ``_carrier``."""
        self._carrier = 0
        self._turned_down = False
        """Whether the storage refused the operations waiting (their next save tries them
        again: ``Commits.tried_again``)."""
        self.folded = self._read_folded()
        self._base = self._read_history()
        """The list as this tab last read or wrote it."""
        self.history: list[Finished] = list(self._base)
        """The list as this tab shows it: the stored one with the waiting changes."""

    @property
    def waiting(self) -> bool:
        """Whether a change waits for room."""
        self._prune()
        return len(self._operations) > self._carried

    def _prune(self) -> None:
        """Forget the operations whose commit the storage took."""
        if self._carried and self.store.commits.stored >= self._carrier:
            del self._operations[: self._carried]
            self._carried = 0

    def refresh(self) -> None:
        """Read again what another tab changed."""
        self._fresh_folded()
        self.history = self._apply(self._fresh_history())

    def refused(self, commit: int, *, stale: bool) -> None:
        """The commit that carried the last write was not stored: the operations wait
        again, and the finished games are read again as stored (with another tab's writes,
        when ``stale``), to apply them to (``save``). Operations an earlier commit carried
        (stored already) are forgotten first."""
        self._prune()
        if self._carrier >= commit:
            self._carried = 0
            self._turned_down = self._turned_down or not stale
        folded = self._stored(FOLDED_KEY, Folded.from_dict, Folded())
        history = self._stored(HISTORY_KEY, read_records, History([], []))
        if folded is not None:
            self.folded = folded
        if history is not None:
            ids = set(self.folded.ids)
            self._base = [f for f in history.records if f.id not in ids]
        self.history = self._apply(self._base)

    def _stored(self, key: str, parse: Callable[[object], T], empty: T) -> T | None:
        """The value under ``key`` as stored now (``empty`` when there is none), read
        quietly: what cannot be read was said and kept when first read (None: what this
        tab has stands)."""
        raw = self.store.read_noted(key)
        if raw is None:
            return empty
        try:
            return parse(parse_stored(raw, key))
        except SaveError:
            return None

    # ------------------------------------------------------------- reading

    def _read_folded(self) -> Folded:
        folded, damage = self.store.read(FOLDED_KEY, Folded.from_dict, "folded")
        if damage:
            self.notes.append(damage_note(Area.FOLDED, damage))
        return folded or Folded()

    def _read_history(self) -> list[Finished]:
        found, damage = self.store.read(HISTORY_KEY, read_records, "history")
        if damage:
            self.notes.append(damage_note(Area.HISTORY, damage))
        history = found or History([], [])
        if history.unreadable:
            text = json.dumps(history.unreadable, separators=(",", ":"))
            damage = self.store.keep_copy(HISTORY_KEY, "history", text)
            count, kept = len(history.unreadable), len(history.records)
            self.notes.append(damage_note(Area.RECORDS, damage, count=count, kept=kept))
            if damage.kept:
                self.store.write(HISTORY_KEY, [f.to_dict() for f in history.records])
        folded = set(self.folded.ids)
        return [f for f in history.records if f.id not in folded]

    def _fresh_history(self) -> list[Finished]:
        """The finished games as stored now (read again if another tab wrote them)."""
        if self.store.raw(HISTORY_KEY) != self.store.seen.get(HISTORY_KEY):
            self._base = self._read_history()
        return self._base

    def _fresh_folded(self) -> Folded:
        if self.store.raw(FOLDED_KEY) != self.store.seen.get(FOLDED_KEY):
            self.folded = self._read_folded()
        return self.folded

    def _apply(self, history: list[Finished]) -> list[Finished]:
        for operation in self._operations:
            history = operation(history)
        folded = set(self.folded.ids)
        return [f for f in history if f.id not in folded]

    def _change(self, operation: Operation) -> bool:
        self._operations.append(operation)
        return self.save()

    def save(self) -> bool:
        """Apply the waiting operations to the finished games as stored now, and store
        them; while the storage is too full, fold the oldest into the statistics first.
        Whether they are stored (else the operations wait for the next write)."""
        self._prune()
        for _ in range(2 * FOLD_SHARE + HISTORY_LIMIT.bit_length()):  # each pass folds a share
            self._fresh_folded()
            result = self._apply(self._fresh_history())
            excess = len(result) - HISTORY_LIMIT
            if excess > 0 and self._fold(result[:excess]):
                continue
            self.history = result
            text = json.dumps([f.to_dict() for f in result], separators=(",", ":"))
            if self.store.put(HISTORY_KEY, text, again=False):  # else the operations wait
                self._carried, self._carrier = len(self._operations), self.store.commits.epoch
                self._prune()
                self._base = result
                if self._turned_down:
                    self.store.commits.tried_again()
                    self._turned_down = False
                return True
            full = self.store.why == FULL and HISTORY_KEY not in self.store.guarded
            if not full or len(result) <= 1:
                break
            if not self._fold(result[: max(1, len(result) // FOLD_SHARE)]):
                break
        self._turned_down = True
        return False

    def _fold(self, records: list[Finished]) -> bool:
        """Fold these finished games into the statistics: the tallies with them and the list
        without them, stored together or not at all. Whether the fold is stored."""
        folded = self._fresh_folded()
        ids = {r.id for r in records}
        base = self._fresh_history()
        without = [f for f in base if f.id not in ids]
        merged = Folded.from_dict(folded.to_dict())
        merged.fold([r for r in records if r.id not in set(folded.ids)])
        texts = {FOLDED_KEY: merged.to_dict(), HISTORY_KEY: [f.to_dict() for f in without]}
        writes = {key: json.dumps(value, separators=(",", ":")) for key, value in texts.items()}
        if not self.store.put_all(dict(writes), again=False):
            return False
        self.folded, self._base = merged, without
        return True

    def _put(self, key: str, value: object) -> bool:
        """One write of a fold (not tried again by itself: the fold is retried whole)."""
        return self.store.write(key, value, again=False)

    # ------------------------------------------------------------ changes

    def record(self, finished: Finished) -> bool:
        """Add a finished game to the history, once (the oldest beyond the limit, or when
        storage runs short, are folded into the statistics); whether it is stored."""
        if finished.id in self.known_ids():
            return True

        def add(history: list[Finished]) -> list[Finished]:
            if any(f.id == finished.id for f in history):
                return history
            return [*history, finished]

        return self._change(add)

    def revise(self, finished: Finished) -> None:
        """Replace a finished game's record (its decisions priced)."""

        def replace(history: list[Finished]) -> list[Finished]:
            return [finished if f.id == finished.id else f for f in history]

        if any(f.id == finished.id for f in self.history):
            self._change(replace)

    def find(self, game_id: str) -> Finished | None:
        """A finished game's record (None once folded, or before it is recorded)."""
        return next((f for f in self.history if f.id == game_id), None)

    def unrecord(self, game_id: str) -> None:
        """Take a game back out of the finished games (its last box was taken back)."""

        def remove(history: list[Finished]) -> list[Finished]:
            return [f for f in history if f.id != game_id]

        if any(f.id == game_id for f in self.history):
            self._change(remove)

    def known_ids(self) -> set[str]:
        """The identities of every finished game kept, in detail or folded."""
        return {f.id for f in self.history} | set(self.folded.ids)

    def fold_older_half(self) -> int:
        """Fold the older half of the detailed games into the statistics (to make room);
        how many were folded."""
        history = self._fresh_history()
        half = len(history) // 2
        if half and self._fold(history[:half]):
            return half
        return 0

    def merge(self, new: list[Finished], folded: Folded | None) -> bool:
        """Add a restored backup's games (by identity, in order of their end) and folded tallies
        (when none of their games is known here); whether all of it is stored."""
        saved = True
        known = self.known_ids() | set(self._fresh_folded().ids)
        if folded is not None and not known & set(folded.ids):
            merged = self.folded.merge(folded)
            saved = self._put(FOLDED_KEY, merged.to_dict())
            if saved:
                self.folded = merged
        if new:

            def add(history: list[Finished]) -> list[Finished]:
                here = {f.id for f in history}
                fresh = [f for f in new if f.id not in here]
                return sorted([*history, *fresh], key=lambda f: f.finished)

            saved = self._change(add) and saved
        return saved
