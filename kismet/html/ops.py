"""An op, the unit of a paint (``kismet.html.paint``): its name, the CSS selector of the
element it changes (None for the page as a whole), then its arguments."""

from __future__ import annotations

Value = str | int | bool | None | tuple[str, ...]
Op = tuple[Value, ...]


def of_testid(name: str) -> str:
    """The selector of the element with that ``data-testid``."""
    return f'[data-testid="{name}"]'
