"""What the Hint button shows, as the coach works it out (``kismet.app.guidance.coaching``)
and the turn keeps it (``kismet.app.play.turn``)."""

from __future__ import annotations

from typing import NamedTuple

from ...rules import Category


class Hint(NamedTuple):
    """What the Hint button shows: dice to hold (or the box to fill) and the alternatives."""

    marks: tuple[bool, ...]
    """The dice the best choice holds."""
    box: Category | None
    """The box the best choice fills, when it is to score now."""
    lines: tuple[str, ...]
    """The best choices, best first, in words (the first with its reason)."""
    note: str = ""
    """What perfect play expects from here (said apart from the choices)."""
    both: bool = False
    """The first line is the move that wins most and the second the one that scores most:
    a phone, which shows one line, shows both."""
