"""The daily game: one solo game on linked dice a day, the same for everyone everywhere.

Its seed comes from the local calendar date alone, so anyone who opens the daily game on a
date, on any device and offline too, rolls the same dice. The days are numbered from the
first one ("Kismet daily #1" was 30 November 2026).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date, timedelta
from typing import NamedTuple

from ...rules import SaveError, SaveProblem
from ...rules.link import MAX_LINK_LENGTH

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


def daily_of(seed: int, today: date) -> int | None:
    """The number of the daily game rolled on ``seed``, from the first day to the day after
    ``today`` (a friend's calendar may be a day ahead); None for another game's seed."""
    for back in range(-1, (today - FIRST_DAY).days + 1):
        day = today - timedelta(days=back)
        if daily_seed(day) == seed:
            return daily_number(day)
    return None


def parse_day(text: str) -> date:
    """A local date as the page gives it ("2026-11-30"); raises ``ValueError``."""
    day = date.fromisoformat(text)
    if day < FIRST_DAY:
        raise ValueError(f"no daily game before {FIRST_DAY.isoformat()}")
    return day


class Row(NamedTuple):
    """One player's total on a day's dice."""

    name: str
    total: int
    here: bool
    """Played on this device (not a friend's link)."""


class DayTable(NamedTuple):
    """A day's daily game with friends: every total, the best first, and Perfect's."""

    number: int
    rows: tuple[Row, ...]
    perfect: int | None
    """Perfect's total on the same dice (None until it has played them)."""


class Standing(NamedTuple):
    """One player over the week: the days played and how many of the others they beat."""

    name: str
    days: int
    beaten: int


def standing(tables: Sequence[DayTable]) -> tuple[Standing, ...]:
    """The week's standing: each player's days played and the others they beat, the most
    beaten first."""
    days: dict[str, int] = {}
    beaten: dict[str, int] = {}
    for table in tables:
        for row in table.rows:
            days[row.name] = days.get(row.name, 0) + 1
            beaten[row.name] = beaten.get(row.name, 0) + sum(
                other.total < row.total for other in table.rows
            )
    order = sorted(days, key=lambda name: (-beaten[name], -days[name], name))
    return tuple(Standing(name, days[name], beaten[name]) for name in order)


def read_friends(data: object) -> list[tuple[int, str]]:
    """Friends' daily results as stored or in a backup (day number, link); raises
    ``SaveError`` for anything else (the links are replayed where they are used)."""
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, list):
        raise SaveError(SaveProblem.NOT_AN_OBJECT, "friends")
    found = []
    for entry in results:
        number = entry.get("daily") if isinstance(entry, dict) else None
        code = entry.get("code") if isinstance(entry, dict) else None
        if type(number) is not int or number < 1 or not isinstance(code, str):
            raise SaveError(SaveProblem.BAD_VALUE, "friends", field="results")
        if len(code) > MAX_LINK_LENGTH:
            raise SaveError(SaveProblem.BAD_VALUE, "friends", field="code")
        found.append((number, code))
    return found
