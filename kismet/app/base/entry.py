"""Real-dice mode: the faces of the players' own dice, set on screen or typed, before they
are entered as one of the turn's rolls."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import DICE_COUNT, FACES, Refusal, RuleError

SEPARATORS = " ,-/"
"""What may stand between typed faces: "3 3 4 5 6", "3,3,4,5,6"."""


def parse_faces(typed: str) -> tuple[int, ...]:
    """Five faces typed as digits ("33456", "3 3 4 5 6", "3,3,4,5,6"); raises ``RuleError``."""
    digits = [int(ch) for ch in typed if ch.isdigit()]
    if len(digits) != DICE_COUNT or any(d not in FACES for d in digits):
        raise RuleError(Refusal.TYPED_ROLL)
    if any(not (ch.isdigit() or ch in SEPARATORS) for ch in typed.strip()):
        raise RuleError(Refusal.TYPED_ROLL)
    return tuple(digits)


class Entry:
    """The five faces being set, each None until it is."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        self.faces: list[int | None] = [*faces, *[None] * (DICE_COUNT - len(faces))]

    def step(self, die: int) -> None:
        """A tap on a die: its face goes up by one (after 6, back to 1)."""
        if 0 <= die < DICE_COUNT:
            face = self.faces[die]
            self.faces[die] = FACES[0] if face is None else FACES[face % len(FACES)]

    def type(self, typed: str) -> None:
        """Text typed in the faces field: the faces so far set the dice, the rest are unset."""
        digits = [int(ch) for ch in typed if ch.isdigit() and int(ch) in FACES]
        self.faces = [*digits[:DICE_COUNT], *[None] * (DICE_COUNT - len(digits[:DICE_COUNT]))]

    def roll(self, typed: str | None = None) -> tuple[int, ...]:
        """The roll to enter: the faces typed, or else those set; raises ``RuleError`` when
        they are not five faces."""
        if typed is not None and typed.strip():
            return parse_faces(typed)
        faces = tuple(f for f in self.faces if f is not None)
        if len(faces) != DICE_COUNT:
            raise RuleError(Refusal.TYPED_ROLL)
        return faces

    @property
    def text(self) -> str:
        """The faces set so far, as they read in the faces field."""
        return "".join(str(f) for f in self.faces if f is not None)
