"""Finished games, and the high-score table drawn from them.

Stored under ``kismet:v1:history``, newest last: ``[{"id", "finished", "players", "totals",
"winners", "seats"}]``, at most ``HISTORY_LIMIT`` of them. "seats" (each seat's code: a person
or a computer level) came with computer players; a record without it is all people.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..rules import MAX_PLAYERS, MIN_PLAYERS, Game, SaveError, SaveProblem
from ..rules.save import Fields
from .roster import HUMAN, SEAT_CODES

HISTORY_LIMIT = 200
"""Finished games kept (the oldest go first)."""

HIGH_SCORES = 10
"""Lines in the high-score table."""

_FIELDS = ("id", "finished", "players", "totals", "winners")
_OPTIONAL = ("seats", "daily")


class Finished(NamedTuple):
    """One finished game: who played, their totals and who won."""

    id: str
    finished: str
    """When it ended (ISO 8601, UTC)."""
    players: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    seats: tuple[str, ...] = ()
    """Each seat's code (``kismet.app.roster``); empty: all people."""
    daily: int | None = None
    """The daily game's number, for a daily game."""

    @classmethod
    def of(
        cls, game_id: str, when: str, game: Game, seats: tuple[str, ...], daily: int | None
    ) -> Finished:
        """The record of a game that is over, with each seat's code."""
        totals = tuple(game.total(p) for p in range(len(game.players)))
        return cls(game_id, when, game.players, totals, tuple(game.winners), seats, daily)

    def is_person(self, player: int) -> bool:
        """Whether a person (not a computer) played in seat ``player``."""
        return not self.seats or self.seats[player] == HUMAN

    def to_dict(self) -> dict[str, Any]:
        """The record as stored."""
        return {
            "id": self.id,
            "finished": self.finished,
            "players": list(self.players),
            "totals": list(self.totals),
            "winners": list(self.winners),
            "seats": list(self.seats),
            "daily": self.daily,
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "history") -> Finished:
        """Read a stored record; raises ``SaveError`` for anything else."""
        fields = Fields(data, where, _FIELDS, _OPTIONAL)
        players = fields.items("players")
        totals = fields.items("totals")
        winners = fields.items("winners")
        seats = fields.items("seats", [])
        if (
            not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
            or not all(isinstance(n, str) for n in players)
            or len(totals) != len(players)
            or not all(_whole(t) for t in totals)
            or not all(_whole(w) and 0 <= w < len(players) for w in winners)
            or (seats and (len(seats) != len(players) or any(s not in SEAT_CODES for s in seats)))
        ):
            raise SaveError(SaveProblem.BAD_VALUE, where)
        return cls(
            fields.text("id"),
            fields.text("finished"),
            tuple(players),
            tuple(totals),
            tuple(winners),
            tuple(seats),
            fields.count("daily"),
        )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_history(data: object) -> list[Finished]:
    """The stored list of finished games; raises ``SaveError`` for anything else."""
    if not isinstance(data, list):
        raise SaveError(SaveProblem.NOT_AN_OBJECT, "history")
    return [Finished.from_dict(entry, f"history[{i}]") for i, entry in enumerate(data)]


class HighScore(NamedTuple):
    """One line of the high-score table."""

    name: str
    points: int
    date: str
    computer: bool = False
    """Scored by a computer seat (marked as such in the table)."""


def high_scores(history: list[Finished]) -> tuple[HighScore, ...]:
    """The best ``HIGH_SCORES`` totals of finished games: name, points, date, and whether a
    computer scored it."""
    lines = [
        HighScore(name, total, record.finished[:10], not record.is_person(p))
        for record in history
        for p, (name, total) in enumerate(zip(record.players, record.totals, strict=True))
    ]
    lines.sort(key=lambda h: (-h.points, h.date))
    return tuple(lines[:HIGH_SCORES])


def best_of(history: list[Finished], name: str) -> int | None:
    """A person's best total in these finished games (None before their first)."""
    totals = [
        total
        for record in history
        for p, (who, total) in enumerate(zip(record.players, record.totals, strict=True))
        if who == name and record.is_person(p)
    ]
    return max(totals, default=None)
