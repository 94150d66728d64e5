"""Who sits at the table: names and seats (a person, or a computer at a level), and the
edits of the New game dialog.

A seat is ``None`` for a person or a ``Level`` for a computer; in storage and in the page
it is a code: ``"human"`` or the level's value.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from ...advice.level import Level
from ...rules import MAX_PLAYERS, Refusal, RuleError
from ...text import CATALOGUES, text

HUMAN = "human"
"""The code of a person's seat."""

OTHER_DEVICE = "away"
"""The code, in a finished game's record only, of a person who played a game by link on a
device of their own: the game is theirs there, not on this device (not in its statistics)."""

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


def default_name(number: int, lang: str, seat: Seat = None) -> str:
    """The name seat ``number`` gets when none is typed: "Player 2" for a person, "Good
    (computer)" for a computer."""
    if seat is None:
        return text("dialog.default_name", lang, number=number)
    return text("seat.computer_name", lang, level=text(f"level.{seat.value}", lang))


@functools.cache
def _given_names() -> re.Pattern[str]:
    """Every name the app gives, in every language, as one pattern."""
    alternatives = []
    for catalogue in CATALOGUES.values():
        person = re.escape(catalogue["dialog.default_name"])
        levels = "|".join(re.escape(catalogue[f"level.{level.value}"]) for level in Level)
        computer = re.escape(catalogue["seat.computer_name"])
        alternatives.append(person.replace(re.escape("{number}"), r"\d+"))
        alternatives.append(computer.replace(re.escape("{level}"), f"(?:{levels})") + r"(?: \d+)?")
    return re.compile("|".join(alternatives))


def is_default_name(name: str) -> bool:
    """Whether a name is one the app gave (in any language): "Player 2", "참가자 2",
    "Good (computer)"; such a name follows its seat and the page's language."""
    return _given_names().fullmatch(name.strip()) is not None


class Edit(enum.StrEnum):
    """The New game dialog's edits of the list of seats."""

    ADD = "add-player"
    REMOVE = "remove-player"
    MOVE_UP = "move-up"


class Roster(NamedTuple):
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

    def renamed(self, lang: str) -> Roster:
        """The roster with every name the app gave (or none) given again for its seat in
        ``lang``: "Player 2" for a person, "Good (computer)" for a computer; a computer
        level twice is told apart by a number."""
        names: list[str] = []
        for number, (name, seat) in enumerate(zip(self.names, self.seats, strict=True), 1):
            if name.strip() and not is_default_name(name):
                names.append(name)
                continue
            given = default_name(number, lang, seat)
            twins = sum(1 for n in names if n == given or n.startswith(f"{given} "))
            names.append(f"{given} {twins + 1}" if twins and seat is not None else given)
        return Roster(tuple(names), self.seats)

    def players(self, lang: str) -> tuple[str, ...]:
        """The names to play under: a blank name, or one the app gave, is given for its
        seat (see ``renamed``); the rest as typed."""
        return tuple(name.strip() for name in self.renamed(lang).names)
