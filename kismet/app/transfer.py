"""Export and import: everything a player keeps, in one JSON file to carry elsewhere.

The file (``kismet-YYYY-MM-DD.json``)::

    {"format": "kismet.export", "version": 1, "exported": "2026-11-30T19:00:00+00:00",
     "history": [finished games, as kismet:v1:history keeps them],
     "folded": {the games folded into the statistics} | null,
     "game": {the game at the table, as kismet:v1:game} | null,
     "paused": [games put aside], "settings": {...}}

Reading one checks everything as the stored values are checked, and more: each finished
game is replayed through the rules (``Finished.verify``), each game in progress loads
through the rules. Any problem raises ``ImportProblem`` with the message key to say, and
nothing is merged. Merging (``kismet.app.shelf.Shelf.merge``) adds what is not there yet,
by each game's identity, so importing the same file again changes nothing.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..rules import SaveError
from ..rules.save import Fields
from .records import Finished, read_history
from .settings import Settings
from .stats import Folded
from .table import Table, read_paused

EXPORT_FORMAT = "kismet.export"
EXPORT_VERSION = 1
MAX_IMPORT_BYTES = 8_000_000
"""Larger files are refused before they are read (a few thousand games take about 1 MB)."""

_FIELDS = ("format", "version", "exported", "history", "folded", "game", "paused", "settings")


class ImportProblem(Exception):
    """A file that cannot be imported: ``key`` is the message to say, with ``params``."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Imported(NamedTuple):
    """What a file holds, checked."""

    history: tuple[Finished, ...]
    folded: Folded | None
    game: Table | None
    paused: tuple[Table, ...]
    settings: Settings


def export_file_name(when: str) -> str:
    """The file's name, with the day it was written."""
    return f"kismet-{when[:10]}.json"


def export_data(
    history: list[Finished],
    folded: Folded,
    game: Table | None,
    paused: list[Table],
    settings: Settings,
    when: str,
) -> dict[str, Any]:
    """The export file's contents."""
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported": when,
        "history": [f.to_dict() for f in history],
        "folded": folded.to_dict() if folded.ids else None,
        "game": game.to_dict() if game is not None else None,
        "paused": [t.to_dict() for t in paused],
        "settings": settings.to_dict(),
    }


def read_import(raw: str) -> Imported:
    """Read an export file's text; raises ``ImportProblem`` for anything else."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportProblem("import.too_big", size=f"{len(raw) / 1e6:.1f}")
    try:
        data = json.loads(raw)
    except ValueError:
        raise ImportProblem("import.not_json") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ImportProblem("import.not_kismet")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > EXPORT_VERSION:
        raise ImportProblem("import.newer", version=version)
    try:
        fields = Fields(data, "file", _FIELDS)
        if fields.integer("version") != EXPORT_VERSION:
            raise ImportProblem("import.not_kismet")
        history = read_history(fields.items("history"))
        for i, record in enumerate(history):
            record.verify(f"history[{i}]")
        folded = data["folded"]
        game = data["game"]
        return Imported(
            tuple(history),
            None if folded is None else Folded.from_dict(folded),
            None if game is None else Table.from_dict(game),
            tuple(read_paused(fields.items("paused"))),
            Settings.from_dict(data["settings"]),
        )
    except SaveError as error:
        raise ImportProblem("import.bad_game", where=error.where) from None
