"""The daily game: one solo game on linked dice a day, the same for everyone everywhere.

Its seed comes from the local calendar date alone, so anyone who opens the daily game on a
date, on any device and offline too, rolls the same dice. The days are numbered from the
first one ("Kismet daily #1" was 30 November 2026).
"""

from __future__ import annotations

import hashlib
from datetime import date

FIRST_DAY = date(2026, 11, 30)
"""The day of daily game number 1."""

DAYS_SHOWN = 7
"""The daily games offered: today's and the days before."""


def daily_seed(day: date) -> int:
    """The seed of a day's game: 64 bits of a hash of its date."""
    digest = hashlib.sha256(f"kismet daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def daily_number(day: date) -> int:
    """The number of a day's game (1 for the first day)."""
    return (day - FIRST_DAY).days + 1


def parse_day(text: str) -> date:
    """A local date as the page gives it ("2026-11-30"); raises ``ValueError``."""
    day = date.fromisoformat(text)
    if day < FIRST_DAY:
        raise ValueError(f"no daily game before {FIRST_DAY.isoformat()}")
    return day
