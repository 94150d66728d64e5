"""What a value read from outside (JSON, a caller) must be, checked one way everywhere:
JSON's ``true`` is Python's ``True``, which is an ``int`` too, so ``isinstance`` alone would
take it for the number 1."""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number (never a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """A whole or decimal number (never a bool)."""
    return isinstance(value, int | float) and not isinstance(value, bool)
