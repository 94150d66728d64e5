"""What a click does, as data: the glue reads the clicked element's ``data-action`` (with
the die, box or field it carries) into a ``Clicked`` and hands it to ``act``, which does the
session's part. Each click is named once, where it is done: the session's here
(``SESSION_ACTIONS``); those that work the page (its menu, dialogs, files, printing, and
those waiting for the strategy table) in ``kismet.page.page.Page``'s ``clicks``; and those
the browser allows only within the tap itself (share, copy, the file chooser) in
static/events.mjs's ``ON_THE_PAGE``. A click is plain strings and numbers, so it can cross
to a worker as it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ...rules import Category
from ..base.settings import Switch

if TYPE_CHECKING:
    from .session import Session


class Clicked(NamedTuple):
    """A click on an element with a ``data-action``, as the glue reads it."""

    action: str
    die: int | None = None
    """Its ``data-die``: which die (a hold)."""
    box: str | None = None
    """Its ``data-box``: which box of the sheet (a score, a rule)."""
    field: str = ""
    """The value of the field ``FIELDS`` names for this action (the name typed)."""
    seat: int = 0
    """Its ``data-index``: which seat (of a game by link)."""


FIELDS: dict[str, str] = {"accept-challenge": "challenge-name"}
"""Action -> the ``data-testid`` of the field whose value goes with its click."""


def _box(clicked: Clicked) -> Category:
    return Category(str(clicked.box))


def _die(clicked: Clicked) -> int:
    if clicked.die is None:
        raise ValueError(f"a {clicked.action!r} click names no die")
    return clicked.die


def _switch(switch: Switch) -> Callable[[Session, Clicked], object]:
    return lambda session, _: session.lobby.switch(switch)


SESSION_ACTIONS: dict[str, Callable[[Session, Clicked], object]] = {
    "roll": lambda session, _: session.moves.roll(),
    "hold": lambda session, clicked: session.moves.tap_die(_die(clicked)),
    "mode": lambda session, _: session.moves.toggle_mode(),
    "score": lambda session, clicked: session.moves.choose(_box(clicked)),
    "confirm": lambda session, _: session.moves.confirm(),
    "cancel": lambda session, _: session.moves.cancel(),
    "play-again": lambda session, _: session.lobby.play_again(),
    "skip": lambda session, _: session.moves.skip(),
    "undo": lambda session, _: session.moves.undo(),
    "accept-challenge": lambda session, clicked: session.lobby.accept_challenge(clicked.field),
    "guide-end": lambda session, _: session.lobby.change_settings(guide=False),  # Skip
    "dismiss-offer": lambda session, _: session.linked.dismiss(),
    "choose-seat": lambda session, clicked: session.by_link.choose(clicked.seat),
    "rule": lambda session, clicked: session.ui.toggle_rule(_box(clicked)),
    "free-space": lambda session, _: session.lobby.free_space(),
    "backup-later": lambda session, _: session.safekeeping.later(),
    **{switch.action: _switch(switch) for switch in Switch},
}
"""The clicks that are the session's: one call each, then the page is painted again."""


def act(session: Session, clicked: Clicked) -> bool:
    """Do a click's part on the session; False when it is not the session's (the page's
    own, or no action at all), so nothing was done."""
    action = SESSION_ACTIONS.get(clicked.action)
    if action is None:
        return False
    action(session, clicked)
    return True
