"""The dice's randomness: small, exact and the same in every Python.

The game keeps its own generator (SplitMix64) rather than ``random.Random`` so that its whole
state is one 64-bit number: it saves as 16 hex digits, and a seed gives the same dice in
CPython and in the browser's Pyodide, whatever their versions.

``DiceStream`` draws faces one after another. ``LinkedDice`` gives the face of a die from
where it falls (turn, roll, position), so two games on one seed see the same faces however
their holds differ: the dice of the daily game and of challenge links.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from .dice import FACES
from .values import is_whole

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
# The largest multiple of 6 (the faces) that fits in 64 bits: draws at or above it are redrawn,
# so every face is exactly equally likely.
_LIMIT = (1 << 64) - (1 << 64) % len(FACES)


def _mix(z: int) -> int:
    """SplitMix64's finalizer: a 64-bit number scrambled so that every bit of the result
    depends on every bit of ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _seed64(seed: object) -> int:
    if not is_whole(seed) or not 0 <= seed <= _MASK:
        raise ValueError(f"A seed is a 64-bit whole number, not {seed!r}")
    return seed


class DiceStream:
    """A reproducible stream of die faces: ``DiceStream(s.state)`` resumes stream ``s``."""

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        if not is_whole(state) or not 0 <= state <= _MASK:
            raise ValueError(f"A dice stream state is a 64-bit whole number, not {state!r}")
        self._state = state

    @classmethod
    def from_seed(cls, seed: int | None) -> DiceStream:
        """A stream for a seed (any whole number), or an unpredictable one for ``None``."""
        if seed is None:
            return cls(int.from_bytes(os.urandom(8), "little"))
        if not is_whole(seed):
            raise ValueError(f"A seed is a whole number, not {seed!r}")
        return cls(seed & _MASK)

    @property
    def state(self) -> int:
        """The whole state: a stream made from it draws the same faces as this one."""
        return self._state

    def _next64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        return _mix(self._state)

    def face(self) -> int:
        """The next die face, 1 to 6, each equally likely."""
        while True:
            draw = self._next64()
            if draw < _LIMIT:
                return FACES[draw % len(FACES)]

    def throw(
        self, dice: Sequence[int], held: Sequence[bool], turn: int, roll: int, seat: int = 0
    ) -> tuple[int, ...]:
        """The dice after a roll: the held ones stay, the others take the stream's next
        faces, left to right (``turn``, ``roll`` and ``seat`` play no part)."""
        return tuple(face if keep else self.face() for face, keep in zip(dice, held, strict=True))

    def __repr__(self) -> str:
        return f"DiceStream({self._state:#x})"


class LinkedDice:
    """Dice whose faces depend only on a seed and on where they fall: the player's turn
    number (0 for their first turn), the roll within the turn (0, 1, 2) and the die's
    position (0-4). Two games on one seed show the same face at the same place, so the dice
    two players both re-roll come up the same whatever each held.

    ``apart``: each seat has dice of its own (the seat's number is mixed into the seed), so
    that in a game played by link no player learns their own dice from another's turn; the
    same seat of two games on one seed still rolls alike."""

    __slots__ = ("_apart", "_seed")

    def __init__(self, seed: int, *, apart: bool = False) -> None:
        self._seed = _seed64(seed)
        self._apart = apart

    @property
    def apart(self) -> bool:
        """Whether each seat has dice of its own."""
        return self._apart

    @property
    def seed(self) -> int:
        """The seed: the whole of these dice."""
        return self._seed

    @property
    def state(self) -> int:
        """What a save keeps of these dice: the seed."""
        return self._seed

    def throw(
        self, dice: Sequence[int], held: Sequence[bool], turn: int, roll: int, seat: int = 0
    ) -> tuple[int, ...]:
        """The dice after roll ``roll`` of turn ``turn`` (the ``seat``'s own turn number):
        the held ones stay, each other die shows the face of its place."""
        return tuple(
            face if keep else self.face(turn, roll, die, seat)
            for die, (face, keep) in enumerate(zip(dice, held, strict=True))
        )

    def face(self, turn: int, roll: int, die: int, seat: int = 0) -> int:
        """The face at that place, 1 to 6, each equally likely (of ``seat``'s dice, when
        each seat has its own)."""
        seed = _mix(self._seed ^ _mix((seat + 1) * _GOLDEN & _MASK)) if self._apart else self._seed
        place = _mix(seed ^ _mix(((((turn << 2) | roll) << 3 | die) + _GOLDEN) & _MASK))
        attempt = 0
        while True:
            draw = _mix((place + attempt * _GOLDEN) & _MASK)
            if draw < _LIMIT:
                return FACES[draw % len(FACES)]
            attempt += 1

    def __repr__(self) -> str:
        apart = ", apart=True" if self._apart else ""
        return f"LinkedDice({self._seed:#x}{apart})"
