"""Keyboard shortcuts: which key does what (the glue performs it)."""

from __future__ import annotations

import enum

from ..rules import DICE_COUNT


class Key(enum.StrEnum):
    """What a shortcut does."""

    ROLL = "roll"
    HOLD = "hold"
    NEW_GAME = "new-game"
    HELP = "help"
    MOVE = "move"


SHORTCUTS: dict[str, tuple[Key, int]] = {
    " ": (Key.ROLL, 0),
    "r": (Key.ROLL, 0),
    "R": (Key.ROLL, 0),
    **{str(n): (Key.HOLD, n - 1) for n in range(1, DICE_COUNT + 1)},
    "n": (Key.NEW_GAME, 0),
    "N": (Key.NEW_GAME, 0),
    "?": (Key.HELP, 0),
    "ArrowDown": (Key.MOVE, 1),
    "ArrowRight": (Key.MOVE, 1),
    "ArrowUp": (Key.MOVE, -1),
    "ArrowLeft": (Key.MOVE, -1),
}
"""Key (as ``KeyboardEvent.key`` names it) -> (action, argument): the die for a hold, the
step through the open boxes for a move. Enter on a focused box fills it, as any button."""


def shortcut(key: str) -> tuple[Key, int] | None:
    """The action of a key, or None for a key that is not a shortcut."""
    return SHORTCUTS.get(key)
