"""What the Print dialog prints: this game's sheet, a blank sheet, or the statistics.

The page's style sheet shows one of them for the browser's Print, by ``body[data-print]``
(static/kismet.css); the glue sets it from a ``Printout`` and calls the browser's print.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from ...rules import MAX_PLAYERS


class Printed(enum.StrEnum):
    """What the printed page shows (the value of ``body[data-print]``)."""

    GAME = "game"
    """The game at the table, as the sheet shows it (what the browser's own Print gives)."""
    BLANK = "blank"
    """An empty sheet to fill in by hand."""
    STATS = "stats"
    """The statistics dialog."""


class Printout(NamedTuple):
    """One press of the Print dialog's Print: the page, and for a blank sheet its shape."""

    page: Printed
    columns: int = 0
    """A blank sheet's columns: one per player, or the six games of one player."""
    six_games: bool = False


SIX_GAMES_CHOICE = "six"
"""The dialog's choice of one player's six games on one blank sheet."""


def printout(choice: str, players: str) -> Printout:
    """The dialog's radio choice (``game``, ``blank`` or ``six``) and its number of players,
    as the form gives them, read into what to print; anything else prints the game."""
    if choice == SIX_GAMES_CHOICE:
        return Printout(Printed.BLANK, 1, six_games=True)
    if choice != Printed.BLANK:
        return Printout(Printed.GAME)
    count = int(players) if players.isdigit() else 1
    return Printout(Printed.BLANK, min(max(count, 1), MAX_PLAYERS))
