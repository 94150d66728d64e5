"""The dice's random stream: small, exact and the same in every Python.

The game keeps its own generator (SplitMix64) rather than ``random.Random`` so that its whole
state is one 64-bit number: it saves as 16 hex digits, and a seed gives the same dice in
CPython and in the browser's Pyodide, whatever their versions.
"""

from __future__ import annotations

import os

from .dice import FACES

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
# The largest multiple of 6 (the faces) that fits in 64 bits: draws at or above it are redrawn,
# so every face is exactly equally likely.
_LIMIT = (1 << 64) - (1 << 64) % len(FACES)


class DiceStream:
    """A reproducible stream of die faces: ``DiceStream(s.state)`` resumes stream ``s``."""

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state <= _MASK:
            raise ValueError(f"A dice stream state is a 64-bit whole number, not {state!r}")
        self._state = state

    @classmethod
    def from_seed(cls, seed: int | None) -> DiceStream:
        """A stream for a seed (any whole number), or an unpredictable one for ``None``."""
        if seed is None:
            return cls(int.from_bytes(os.urandom(8), "little"))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"A seed is a whole number, not {seed!r}")
        return cls(seed & _MASK)

    @property
    def state(self) -> int:
        """The whole state: a stream made from it draws the same faces as this one."""
        return self._state

    def _next64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def face(self) -> int:
        """The next die face, 1 to 6, each equally likely."""
        while True:
            draw = self._next64()
            if draw < _LIMIT:
                return FACES[draw % len(FACES)]

    def __repr__(self) -> str:
        return f"DiceStream({self._state:#x})"
