"""What the page reports, as data: ``static/events.mjs`` reads each event of the page into
one JSON object, and ``Event.from_json`` reads it here. Nothing of the page crosses but
strings, numbers and booleans, so an event can go to a worker as it is."""

from __future__ import annotations

import enum
import json
from typing import Any, NamedTuple

from ..app.base.keys import Pressed
from ..app.base.roster import Roster
from ..app.keeping.commit import stored_items
from ..app.keeping.safekeeping import site_size
from ..app.screen.actions import FIELDS, Clicked
from ..rules import RuleError


class Kind(enum.StrEnum):
    """What happened on the page."""

    CLICK = "click"
    """A click (or a tap, or Enter on a button) anywhere on the page."""
    KEY = "key"
    """A key pressed (``keydown``)."""
    SUBMIT = "submit"
    """A form sent: ``form`` is "new-game", "entry" or "print"."""
    INPUT = "input"
    """The real dice's faces being typed."""
    CHANGE = "change"
    """A choice changed: ``field`` is the ``data-testid`` of the select (or "seat")."""
    RESTORE = "restore"
    """A backup file chosen to restore, read by the page (``text``: None when it could not
    be)."""
    CANCEL = "cancel"
    """Escape on the question before a zero (the same as "Go back")."""
    CLOSED = "closed"
    """A dialog closed (``id``), however it was closed."""
    HASH = "hash"
    """The address's fragment changed (``text``: the new one)."""
    STORAGE = "storage"
    """Another tab wrote to the storage (``key``, None when it was cleared; ``text``, its
    value as stored now; with the stamp, or a clear, ``stored``: every key of the site)."""
    ONLINE = "online"
    """The browser is online again."""
    KEPT = "kept"
    """The browser answered the page's ask to keep the storage for good (``persisted``,
    ``site_bytes``)."""
    BACKUP = "backup"
    """The backup file left the page (``made``: downloaded, or sent from the share sheet)
    or stayed (``made`` false: the player cancelled the share sheet)."""
    DUE = "due"
    """A timer of the game came due (``timer``): its work's turn (``kismet.page.turns``)."""
    STORED = "stored"
    """The page's word on the last commit (``answer``: ``kismet.app.keeping.commit.Answer``)."""


VALUES = (
    "entry-faces",
    "stats-player",
    "challenge-name",
    "coach-margin",
    "language",
    "print-what",
    "print-players",
)
"""The fields whose values the page sends with every event (by ``data-testid``; for
"print-what", the radio button checked), as they were when it happened."""


class Event(NamedTuple):
    """One event of the page, with what the page read with it."""

    kind: Kind
    action: str = ""
    """A click's ``data-action`` (of the element clicked or its nearest ancestor with
    one): "" when there is none."""
    disabled: bool = False
    """The element of that action is disabled: the click does nothing but close the menu."""
    die: int | None = None
    box: str | None = None
    seat: int = 0
    """The ``data-index`` of the element clicked (a seat of the New game dialog)."""
    id: str = ""
    """The ``data-id`` of a game put aside."""
    dialog: str = ""
    """The id of the dialog the click was in, or of the dialog that closed."""
    day: str = ""
    """The ``data-day`` of a daily game."""
    today: str = ""
    """The page's local calendar date (YYYY-MM-DD), which names the daily game."""
    in_header: bool = False
    """The click was inside the page's header."""
    form: str = ""
    field: str = ""
    key: str | None = None
    """The storage key another tab wrote."""
    text: str | None = None
    """A file's text (restore), the address's new fragment (hash), or the value another
    tab wrote (storage)."""
    stored: dict[str, str] | None = None
    """Every key of the site as stored when the page heard of another tab's stamp (or of a
    clear): the page reads a value when it hears of its write, so by the first of two
    commits' stamps it may read the second's stamp, and only all the keys read then agree
    with it."""
    timer: int | None = None
    """The timer that came due."""
    answer: dict[str, Any] | None = None
    """The page's answer to a commit."""
    pressed: Pressed | None = None
    values: dict[str, str] = {}  # noqa: RUF012 (a NamedTuple's default is never mutated)
    """The fields of ``VALUES``, as they were."""
    roster: Roster | None = None
    """The New game dialog's seats as they are on the page, when it is open."""
    persisted: bool = False
    """The browser keeps the site's storage for good."""
    site_bytes: int | None = None
    """What the whole site takes, in bytes (None: the browser does not say)."""
    made: bool = False
    """The backup file left the page (``BACKUP``)."""

    @classmethod
    def from_json(cls, message: str) -> Event:
        """Read an event the page sent; raises ValueError for one the page cannot send."""
        given = json_object(message, "an event")
        kind = Kind(str(given.get("kind")))
        return cls(
            kind,
            action=_text(given, "action"),
            die=_number(given, "die"),
            box=_text(given, "box") or None,
            seat=_number(given, "index") or 0,
            disabled=given.get("disabled") is True,
            id=_text(given, "id"),
            dialog=_text(given, "dialog"),
            day=_text(given, "day"),
            today=_text(given, "today"),
            in_header=given.get("in_header") is True,
            form=_text(given, "form"),
            field=_text(given, "field"),
            key=given["key"] if isinstance(given.get("key"), str) else None,
            text=given["text"] if isinstance(given.get("text"), str) else None,
            pressed=_pressed(given.get("pressed")),
            values=_values(given.get("values")),
            roster=_roster(given.get("roster")),
            stored=stored_items(given.get("stored")),
            timer=_number(given, "timer"),
            answer=given["answer"] if isinstance(given.get("answer"), dict) else None,
            persisted=given.get("persisted") is True,
            site_bytes=site_size(given.get("site_bytes")),
            made=given.get("made") is True,
        )

    def kept(self) -> tuple[bool, int | None]:
        """The browser's answer on the storage, as ``Safekeeping.storage_known`` takes it."""
        return self.persisted, self.site_bytes

    def clicked(self) -> Clicked:
        """The click as the session's actions read it."""
        field = self.value(FIELDS[self.action]) if self.action in FIELDS else ""
        return Clicked(self.action, die=self.die, box=self.box, field=field, seat=self.seat)

    def value(self, name: str) -> str:
        """A field's value as it was ("" when the page has none)."""
        return self.values.get(name, "")


def json_object(message: str, what: str) -> dict[str, Any]:
    """The JSON object the page sent as ``what`` (raises ValueError for anything else)."""
    given = json.loads(message)
    if not isinstance(given, dict):
        raise ValueError(f"{what} is not a JSON object")
    return given


def _text(given: dict[str, Any], name: str) -> str:
    value = given.get(name)
    return value if isinstance(value, str) else ""


def _number(given: dict[str, Any], name: str) -> int | None:
    value = given.get(name)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _values(given: object) -> dict[str, str]:
    if not isinstance(given, dict):
        return {}
    return {
        name: value for name, value in given.items() if name in VALUES and isinstance(value, str)
    }


def _pressed(given: object) -> Pressed | None:
    if not isinstance(given, dict) or not isinstance(given.get("key"), str):
        return None
    flags = {name: given.get(name) is True for name in Pressed._fields[1:]}
    return Pressed(given["key"], **flags)


def _roster(given: object) -> Roster | None:
    if not isinstance(given, list):
        return None
    rows = [row for row in given if isinstance(row, list) and len(row) == 2]
    names = [str(name) for name, _ in rows]
    seats = [str(seat) for _, seat in rows]
    try:
        return Roster.of(names, seats)
    except RuleError:  # a seat no dialog offers
        return None
