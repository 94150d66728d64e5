"""Dice: faces, pip colours, and the validation of five faces into a roll."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable

from .values import is_whole

FACES = (1, 2, 3, 4, 5, 6)
"""The faces of a die, lowest first."""

DICE_COUNT = 5
"""How many dice a roll has."""

OPPOSITE_SUM = FACES[0] + FACES[-1]
"""Opposite faces of a die add up to this (7), and share a pip colour."""


class Color(enum.StrEnum):
    """The colour of a face's pips: two faces share a colour exactly when they add up to 7."""

    BLACK = "black"
    RED = "red"
    GREEN = "green"


_COLOR_OF_FACE = {
    1: Color.BLACK,
    6: Color.BLACK,
    2: Color.RED,
    5: Color.RED,
    3: Color.GREEN,
    4: Color.GREEN,
}


def color_of(face: int) -> Color:
    """The pip colour of a face: 1 and 6 black, 2 and 5 red, 3 and 4 green."""
    return _COLOR_OF_FACE[_face(face)]


def partner(face: int) -> int:
    """The other face of the same colour (the opposite side of the die): 7 - face."""
    return OPPOSITE_SUM - _face(face)


def _face(value: object) -> int:
    if not is_whole(value) or value not in FACES:
        raise ValueError(f"A die face is a whole number from 1 to 6, not {value!r}")
    return value


def as_roll(dice: Iterable[object]) -> tuple[int, ...]:
    """Check that ``dice`` are five faces from 1 to 6 and return them as a tuple.

    Raises ``ValueError`` with a readable message for anything else.
    """
    if isinstance(dice, (str, bytes)):
        raise ValueError(f"A roll is five faces from 1 to 6, not the text {dice!r}")
    try:
        faces = tuple(dice)
    except TypeError:
        raise ValueError(f"A roll is five faces from 1 to 6, not {dice!r}") from None
    if len(faces) != DICE_COUNT:
        raise ValueError(f"A roll is exactly {DICE_COUNT} dice, not {len(faces)}")
    return tuple(_face(f) for f in faces)


def counts(dice: tuple[int, ...]) -> Counter[int]:
    """How many dice show each face (faces not showing are absent)."""
    return Counter(dice)


def is_five_of_a_kind(dice: Iterable[object]) -> bool:
    """True when all five dice show the same face."""
    return len(set(as_roll(dice))) == 1
