"""Who sits at the table: names and seats (a person, or a computer at a level), and the
edits of the New game dialog.

A seat is ``None`` for a person or a ``Level`` for a computer; in storage and in the page
it is a code: ``"human"`` or the level's value.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..advice.level import Level
from ..rules import MAX_PLAYERS, Refusal, RuleError
from ..text import text

HUMAN = "human"
"""The code of a person's seat."""

SEAT_CODES: tuple[str, ...] = (HUMAN, *(level.value for level in Level))
"""Every seat's code, a person first, then the computers strongest first."""

Seat = Level | None
"""A person (None) or a computer at a level."""


def seat_code(seat: Seat) -> str:
    """The code of a seat, as stored and as the page's menus name it."""
    return HUMAN if seat is None else seat.value


def parse_seat(code: object) -> Seat:
    """The seat of a code; raises ``ValueError`` for anything else."""
    if code == HUMAN:
        return None
    if not isinstance(code, str):
        raise ValueError(f"not a seat: {code!r}")
    return Level(code)


def default_name(number: int, lang: str) -> str:
    """The name a seat gets when none is typed: "Player 2"."""
    return text("dialog.default_name", lang, number=number)


class Edit(enum.StrEnum):
    """The New game dialog's edits of the list of seats."""

    ADD = "add-player"
    REMOVE = "remove-player"
    MOVE_UP = "move-up"


@dataclass(frozen=True)
class Roster:
    """The seats of the New game dialog, in turn order: each a name as typed and a seat."""

    names: tuple[str, ...]
    seats: tuple[Seat, ...]

    @classmethod
    def of(cls, names: Sequence[str], codes: Sequence[str] | None = None) -> Roster:
        """A roster from the dialog's fields: names as typed, and seat codes (all people
        when None); raises ``RuleError`` when the codes do not fit the names."""
        if codes is None:
            codes = [HUMAN] * len(names)
        try:
            seats = tuple(parse_seat(code) for code in codes)
        except ValueError:
            raise RuleError(Refusal.PLAYER_COUNT, count=len(codes)) from None
        if len(seats) != len(names):
            raise RuleError(Refusal.PLAYER_COUNT, count=len(seats))
        return cls(tuple(names), seats)

    @property
    def full(self) -> bool:
        """Whether no seat can be added."""
        return len(self.names) >= MAX_PLAYERS

    def edit(self, edit: Edit, index: int, lang: str) -> Roster:
        """The roster after an edit: a person added at the end, seat ``index`` removed, or
        moved one place up."""
        names, seats = list(self.names), list(self.seats)
        if edit is Edit.ADD and not self.full:
            names.append(default_name(len(names) + 1, lang))
            seats.append(None)
        elif edit is Edit.REMOVE and len(names) > 1 and 0 <= index < len(names):
            del names[index], seats[index]
        elif edit is Edit.MOVE_UP and 0 < index < len(names):
            names[index - 1], names[index] = names[index], names[index - 1]
            seats[index - 1], seats[index] = seats[index], seats[index - 1]
        return Roster(tuple(names), tuple(seats))

    def players(self, lang: str) -> tuple[str, ...]:
        """The names to play under: blank ones become "Player N"."""
        return tuple(
            name.strip() or default_name(number, lang)
            for number, name in enumerate(self.names, start=1)
        )
