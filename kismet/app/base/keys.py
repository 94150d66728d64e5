"""Keyboard shortcuts and the header's menu: which key or click does what (the glue
performs it)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from ...rules import DICE_COUNT


class Key(enum.StrEnum):
    """What a shortcut does."""

    ROLL = "roll"
    HOLD = "hold"
    NEW_GAME = "new-game"
    HELP = "help"
    MOVE = "move"
    CLOSE_MENU = "close-menu"

    @property
    def on_the_page(self) -> bool:
        """Whether it acts on the page only (the focus, the menu), so nothing is painted."""
        return self in (Key.MOVE, Key.CLOSE_MENU)

    @property
    def keeps_default(self) -> bool:
        """Whether the browser still does what the key does by itself (Escape)."""
        return self is Key.CLOSE_MENU


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


class Pressed(NamedTuple):
    """A key pressed on the page, as the glue reads it from the ``keydown`` event."""

    key: str
    modified: bool = False
    """Ctrl, Meta or Alt is held (the browser's shortcut, not the game's)."""
    typing: bool = False
    """The focus is in a field a player types in (outside a closed dialog)."""
    in_dialog: bool = False
    """A dialog is open: it handles its own keys (Escape closes it)."""
    on_button: bool = False
    """The focus is on a button, which takes Space and Enter itself."""


def command(pressed: Pressed) -> tuple[Key, int] | None:
    """What a key does on the page now, or None when the game leaves it to the browser."""
    if pressed.modified or pressed.typing or pressed.in_dialog:
        return None
    if pressed.key == "Escape":
        return (Key.CLOSE_MENU, 0)
    if pressed.key in (" ", "Enter") and pressed.on_button:
        return None
    return shortcut(pressed.key)


def code(pressed: Pressed) -> str:
    """A key in its context as one string: the key, then a 0 or 1 for each of
    ``modified``, ``typing``, ``in_dialog`` and ``on_button`` ("r|0000")."""
    flags = (pressed.modified, pressed.typing, pressed.in_dialog, pressed.on_button)
    return f"{pressed.key}|{''.join('1' if flag else '0' for flag in flags)}"


def key_table() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every key in every context the game answers (as ``code`` writes them), and those
    of them whose default the browser must not do: the page reads its keys against these,
    at once, wherever the game's Python runs (a worker answers too late to stop a
    browser's default)."""
    answered: list[str] = []
    taken: list[str] = []
    for key in [*SHORTCUTS, "Escape", "Enter"]:
        for n in range(16):
            flags = [bool(n & bit) for bit in (8, 4, 2, 1)]
            pressed = Pressed(key, *flags)
            found = command(pressed)
            if found is not None:
                answered.append(code(pressed))
                if not found[0].keeps_default:
                    taken.append(code(pressed))
    return tuple(answered), tuple(taken)


MENU_STAYS = frozenset({"menu", "coach", "shapes", "sound"})
"""Actions after which the header's menu stays open (a switch, to see it change)."""


def closes_menu(action: str, *, in_header: bool) -> bool:
    """Whether a click closes the header's menu: any click does, but one on a switch of
    the menu, or on the header where nothing acts (its padding, a label)."""
    return action not in MENU_STAYS and not (in_header and not action)
