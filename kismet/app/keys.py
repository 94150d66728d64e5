"""Keyboard shortcuts: which key does what (the glue performs it)."""

from __future__ import annotations

SHORTCUTS: dict[str, tuple[str, int]] = {
    " ": ("roll", 0),
    "r": ("roll", 0),
    "R": ("roll", 0),
    **{str(n): ("hold", n - 1) for n in range(1, 6)},
    "n": ("new-game", 0),
    "N": ("new-game", 0),
    "?": ("help", 0),
    "ArrowDown": ("move", 1),
    "ArrowRight": ("move", 1),
    "ArrowUp": ("move", -1),
    "ArrowLeft": ("move", -1),
}
"""Key (as ``KeyboardEvent.key`` names it) -> (action, argument): the die for "hold", the
step through the open boxes for "move". Enter on a focused box fills it, as any button."""


def shortcut(key: str) -> tuple[str, int] | None:
    """The action of a key, or None for a key that is not a shortcut."""
    return SHORTCUTS.get(key)
