"""The dice: buttons with nine pip places, and the CSS that shows each face's pips."""

from __future__ import annotations

from ..app.screen.view import die_label
from ..rules import DICE_COUNT, color_of
from .escape import esc

PIPS = {
    1: (4,),
    2: (2, 6),
    3: (2, 4, 6),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}
"""Which of the nine pip places (3 x 3, reading order) show for each face, as on real dice."""

PIP_PLACES = '<span class="pip"></span>' * 9
"""The nine pip places of a die; CSS shows those of its ``data-face``."""


def dice_html(lang: str) -> str:
    """The five dice: buttons with nine pip places each, faces set by ``data-face``."""
    return "".join(
        f'<button type="button" class="die" data-testid="die-{i}" data-action="hold" '
        f'data-die="{i}" data-face="" aria-pressed="false" '
        f'aria-label="{esc(die_label(i, None, lang))}" disabled>{PIP_PLACES}</button>'
        for i in range(DICE_COUNT)
    )


def mini_die(face: int) -> str:
    """A small die showing ``face``, as an illustration (hidden from screen readers)."""
    return f'<span class="die mini" data-face="{face}" aria-hidden="true">{PIP_PLACES}</span>'


def pip_css() -> str:
    """CSS showing each face's pips and giving them the face's colour (from ``PIPS`` and
    ``color_of``, so the drawing and the rules cannot disagree)."""
    rules = []
    for face, places in PIPS.items():
        shown = ", ".join(f'.die[data-face="{face}"] .pip:nth-child({p + 1})' for p in places)
        rules.append(f"{shown} {{ visibility: visible; }}")
        rules.append(f'.die[data-face="{face}"] {{ --pip: var(--pip-{color_of(face).value}); }}')
    return "\n".join(rules)
