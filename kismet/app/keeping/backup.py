"""The backup: the file that keeps a player's games beyond this browser, made
(``Backups.file``) and restored (``Backups.restore``) here, and its format, written, read
and checked. (Whether the browser keeps the games, and the reminder to make a backup:
``kismet.app.keeping.safekeeping``.)

The file (``kismet-YYYY-MM-DD.json``)::

    {"format": "kismet.export", "version": 1, "exported": "2026-11-30T19:00:00+00:00",
     "history": [finished games, as kismet:v1:history keeps them],
     "folded": {the games folded into the statistics} | null,
     "game": {the game at the table, as kismet:v1:game} | null,
     "paused": [games put aside], "settings": {...},
     "friends": [{"daily": 3, "code": "<a friend's daily result link>"}, ...]}

"friends" came with the daily game with friends: a file without it has none.

Reading one checks everything as the stored values are checked, and more: each finished
game is replayed through the rules (``Finished.verify``), each game in progress loads
through the rules. The text is measured before it is parsed (``kismet.rules.bounded``), so
no file can exhaust the stack. Any problem raises ``RestoreProblem`` with the message key to
say, and nothing is merged. Merging (``Backups.restore``) adds what is not there yet, by
each game's identity, so restoring the same file again changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ...rules import SaveError, SaveProblem
from ...rules.bounded import load_json
from ...rules.link import decode, replay_challenge
from ...rules.save import Fields
from ...rules.values import is_whole
from ..base.daily import read_friends
from ..base.finished import Finished, each_once
from ..base.settings import Settings
from ..base.table import Table, read_aside
from .folded import Folded
from .shelf import Shelf

if TYPE_CHECKING:
    from .friends import Friends
    from .safekeeping import Safekeeping

BACKUP_FORMAT = "kismet.export"
BACKUP_VERSION = 1
MAX_BACKUP_BYTES = 8_000_000
"""Larger files are refused before they are read (a few thousand games take about 1 MB)."""

_FIELDS = ("format", "version", "exported", "history", "folded", "game", "paused", "settings")


class BackupContents(NamedTuple):
    """What a file holds, checked."""

    history: tuple[Finished, ...]
    folded: Folded | None
    tables: tuple[Table, ...]
    """The games under way: the one at the table when the backup was made and those put aside."""
    settings: Settings
    unchecked: int = 0
    """Finished games left out because they could not be replayed (from before the
    statistics, they keep no fills)."""
    friends: tuple[tuple[int, str], ...] = ()
    """Friends' daily results (day number, link), each replayed."""
    at_table: str | None = None
    """The identity of the game that was at the table when the file was written."""
    exported: str = ""
    """When the file was written (as the file says)."""


class Merged(NamedTuple):
    """What a restore added: finished games, those already here, games put aside."""

    added: int
    known: int
    aside: int
    settings: bool
    unchecked: int = 0
    saved: bool = True
    """Whether all of it is stored (else storage refused, and it waits in this tab)."""
    by_link: int = 0
    """Of the games in progress added, those by link."""


class RestoreProblem(Exception):
    """A file that cannot be imported: ``key`` is the message to say, with ``params``."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def backup_file_name(when: str) -> str:
    """The file's name, with the day it was written."""
    return f"kismet-{when[:10]}.json"


def backup_data(
    history: list[Finished],
    folded: Folded,
    game: Table | None,
    aside: list[Table],
    settings: Settings,
    when: str,
    friends: list[tuple[int, str]] | None = None,
) -> dict[str, Any]:
    """The backup file's contents."""
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported": when,
        "history": [f.to_dict() for f in history],
        "folded": folded.to_dict() if folded.ids else None,
        "game": game.to_dict() if game is not None else None,
        "paused": [t.to_dict() for t in aside],
        "settings": settings.to_dict(),
        "friends": [{"daily": n, "code": c} for n, c in friends or []],
    }


def read_backup(raw: str) -> BackupContents:
    """Read a backup file's text; raises ``RestoreProblem`` for anything else.

    Every finished game is replayed through the rules; a record from before the statistics
    (no fills, so nothing to replay) cannot be checked and is left out, counted in
    ``unchecked``. A game's identity given twice in the file is read once."""
    data = _backup_data(raw)
    try:
        fields = Fields(data, "file", _FIELDS, ("friends",))
        if fields.integer("version") != BACKUP_VERSION:
            raise RestoreProblem("restore.not_kismet")
        history, unchecked = _checked_history(fields.items("history"))
        folded = data["folded"]
        game = data["game"]
        tables = [Table.from_dict(game)] if game is not None else []
        tables += read_aside(fields.items("paused"))
        friends = read_friends({"results": fields.items("friends", [])})
        for _, code in friends:  # each a whole, legal game, or the file is refused
            replay_challenge(decode(code))
        return BackupContents(
            tuple(history),
            None if folded is None else Folded.from_dict(folded),
            tuple(_furthest(tables)),
            Settings.from_dict(data["settings"]),
            unchecked,
            tuple(friends),
            None if game is None else tables[0].id,
            data["exported"] if isinstance(data["exported"], str) else "",
        )
    except SaveError as error:
        raise RestoreProblem("restore.bad_game", where=error.where) from None


def _backup_data(raw: str) -> dict[str, Any]:
    """A backup file's JSON object, of a version this page reads; raises
    ``RestoreProblem`` for anything else (too big, not JSON, too deep, another format, a
    newer version)."""
    if len(raw) > MAX_BACKUP_BYTES:
        raise RestoreProblem("restore.too_big", size=f"{len(raw) / 1e6:.1f}")
    try:
        data = load_json(raw, "file", MAX_BACKUP_BYTES)
    except SaveError as error:  # not JSON, or nested deeper than any backup
        not_json = error.problem is SaveProblem.NOT_JSON
        raise RestoreProblem("restore.not_json" if not_json else "restore.not_kismet") from None
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise RestoreProblem("restore.not_kismet")
    version = data.get("version")
    if is_whole(version) and version > BACKUP_VERSION:
        raise RestoreProblem("restore.newer", version=version)
    return data


def _checked_history(items: list[Any]) -> tuple[list[Finished], int]:
    """The finished games of a backup file, each replayed through the rules (raises
    ``SaveError`` for one that does not replay), each identity once; and how many could
    not be checked (from before the statistics: no fills), left out."""
    history: list[Finished] = []
    unchecked = 0
    for i, entry in enumerate(items):
        record = Finished.from_dict(entry, f"history[{i}]")
        if record.fills:
            record.verify(f"history[{i}]")
            history.append(record)
        else:
            unchecked += 1
    return each_once(history), unchecked


def _furthest(tables: list[Table]) -> list[Table]:
    """Each game once: of two copies with one identity, the one further along."""
    best: dict[str, Table] = {}
    for table in tables:
        kept = best.get(table.id)
        if kept is None or len(table.game.history) > len(kept.game.history):
            best[table.id] = table
    return list(best.values())


class BackupFile(NamedTuple):
    """The backup file: its name and its text."""

    name: str
    text: str


class Restored(NamedTuple):
    """What a restore added, with the friends' results new here and the game to take to
    the table."""

    merged: Merged
    friends: int = 0
    resumed: str | None = None


class Backups:
    """The backup file, made and restored."""

    def __init__(self, shelf: Shelf, friends: Friends, safekeeping: Safekeeping) -> None:
        self.shelf, self.friends, self.safekeeping = shelf, friends, safekeeping

    def file(self, current: Table, when: str) -> BackupFile:
        """The backup file of everything kept (finished games, games in progress, settings,
        friends' results), named with ``when``'s date. It counts as made once it has left
        the page (``Safekeeping.made``)."""
        shelf = self.shelf
        game = current if current.unfinished else None
        data = backup_data(
            shelf.history,
            shelf.folded,
            game,
            shelf.aside.tables,
            shelf.settings,
            when,
            self.friends.results(),
        )
        return BackupFile(backup_file_name(when), json.dumps(data, separators=(",", ":")))

    def restore(self, raw: str, current: Table) -> Restored:
        """Merge a backup file's text: what it added, and the game to take to the table
        (the file's, put aside now, when none is under way here). A bad file changes
        nothing: ``RestoreProblem`` says why."""
        found = read_backup(raw)
        fresh = self.safekeeping.finished == 0
        merged = self._merge(found, current)
        if fresh and merged.added:
            self.safekeeping.restored(found.exported)
        friends = self.friends.add(found.friends)
        put = {t.id for t in self.shelf.aside.tables}
        resumed = found.at_table if found.at_table in put and not current.unfinished else None
        return Restored(merged, friends, resumed)

    def _merge(self, found: BackupContents, current: Table) -> Merged:
        """Add what a backup file holds that is not here yet: finished games by their
        identity, the folded ones when none of them is known, games in progress (put
        aside, or in place of the copy put aside here when further along; the one at the
        table stays; none that was finished here), and the settings while these are
        untouched (the guide aside)."""
        shelf = self.shelf
        known = shelf.ledger.known_ids()
        new = [f for f in found.history if f.id not in known]
        saved = shelf.ledger.merge(new, found.folded)
        here = {current.id} | known | {f.id for f in new}
        waiting = _further(found.tables, here, shelf.aside.tables)
        put = [t for t in reversed(waiting) if shelf.aside.put(t)]
        fresh = _settings_taken(found.settings, shelf.settings)
        if fresh:
            shelf.remember(found.settings)
        return Merged(
            len(new),
            len(found.history) - len(new),
            len(put),
            fresh,
            found.unchecked,
            saved and len(put) == len(waiting),
            sum(t.by_link for t in put),
        )


def _further(tables: Sequence[Table], here: set[str], aside: Sequence[Table]) -> list[Table]:
    """The games in progress of a backup file to put aside: none that is at the table or
    finished here (``here``), and one put aside here too only when further along."""
    moves = {t.id: len(t.game.history) for t in aside}
    return [
        t
        for t in tables
        if t.id not in here and t.unfinished and len(t.game.history) > moves.get(t.id, -1)
    ]


def _settings_taken(found: Settings, settings: Settings) -> bool:
    """Whether a backup file's settings replace these: only while these are untouched, the
    defaults but for the first game's guide (which a new device runs), and the file's are
    not."""
    untouched = settings._replace(guide=None) == Settings()
    changed = found._replace(guide=None) != Settings() and found != settings
    return untouched and changed
