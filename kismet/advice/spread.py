"""The spread table: the standard deviation of the points still to come from every
turn-start state, under the strategy table's choices (``tools/spread.py`` solves it at
build time). Its format lives here, apart from the chances worked out from it
(``kismet.advice.chances``), so that the build solves it again only when it changes."""

from __future__ import annotations

import struct
from collections.abc import Sequence

from .state import FULL
from .strategy import subtotal_limit, table_layout

SPREAD_PATH = "static/spread.bin"
"""Where the build writes the spread table, relative to ``dist/``."""

SPREAD_MAGIC = b"KSPR"
SPREAD_VERSION = 1
SPREAD_STEP = 0.5
"""Standard deviations are stored in steps of half a point, one byte each."""


class Spread:
    """The standard deviation of the points still to come from every turn-start state."""

    def __init__(self, values: Sequence[int]) -> None:
        self._values = values
        self._offsets, length = table_layout()
        if len(values) != length:
            raise ValueError(f"A spread table has {length} values, not {len(values)}")

    @classmethod
    def from_bytes(cls, data: bytes) -> Spread:
        """Read the table as the build writes it (``SPREAD_PATH``)."""
        if data[:4] != SPREAD_MAGIC:
            raise ValueError("Not a Kismet spread table")
        version, count = struct.unpack_from("<II", data, 4)
        if version != SPREAD_VERSION:
            raise ValueError(f"Unknown spread table version {version}")
        body = memoryview(data)[12:]
        if len(body) != count:
            raise ValueError("The spread table is truncated")
        return cls(body)

    def sd(self, filled: int, subtotal: int, joker: bool) -> float:
        """The standard deviation of the points still to come (0 on a full sheet)."""
        if filled == FULL:
            return 0.0
        index = self._offsets[filled] + subtotal
        if joker:
            index += subtotal_limit(filled) + 1
        return self._values[index] * SPREAD_STEP
