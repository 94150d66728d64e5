"""Finished games, and the high-score table drawn from them.

Stored under ``kismet:v1:history``, newest last: ``[{"id", "finished", "players", "totals",
"winners"}]``, at most ``HISTORY_LIMIT`` of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import MAX_PLAYERS, MIN_PLAYERS, Game, SaveError, SaveProblem
from ..rules.save import Fields

HISTORY_LIMIT = 200
"""Finished games kept (the oldest go first)."""

HIGH_SCORES = 10
"""Lines in the high-score table."""

_FIELDS = ("id", "finished", "players", "totals", "winners")


@dataclass(frozen=True)
class Finished:
    """One finished game: who played, their totals and who won."""

    id: str
    finished: str
    """When it ended (ISO 8601, UTC)."""
    players: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, game_id: str, when: str, game: Game) -> Finished:
        """The record of a game that is over."""
        totals = tuple(game.total(p) for p in range(len(game.players)))
        return cls(game_id, when, game.players, totals, tuple(game.winners))

    def to_dict(self) -> dict[str, Any]:
        """The record as stored."""
        return {
            "id": self.id,
            "finished": self.finished,
            "players": list(self.players),
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "history") -> Finished:
        """Read a stored record; raises ``SaveError`` for anything else."""
        fields = Fields(data, where, _FIELDS)
        players = fields.items("players")
        totals = fields.items("totals")
        winners = fields.items("winners")
        if (
            not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
            or not all(isinstance(n, str) for n in players)
            or len(totals) != len(players)
            or not all(_whole(t) for t in totals)
            or not all(_whole(w) and 0 <= w < len(players) for w in winners)
        ):
            raise SaveError(SaveProblem.BAD_VALUE, where)
        return cls(
            fields.text("id"),
            fields.text("finished"),
            tuple(players),
            tuple(totals),
            tuple(winners),
        )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_history(data: object) -> list[Finished]:
    """The stored list of finished games; raises ``SaveError`` for anything else."""
    if not isinstance(data, list):
        raise SaveError(SaveProblem.NOT_AN_OBJECT, "history")
    return [Finished.from_dict(entry, f"history[{i}]") for i, entry in enumerate(data)]


@dataclass(frozen=True)
class HighScore:
    """One line of the high-score table."""

    name: str
    points: int
    date: str


def high_scores(history: list[Finished]) -> tuple[HighScore, ...]:
    """The best ``HIGH_SCORES`` totals of finished games: name, points, date."""
    lines = [
        HighScore(name, total, record.finished[:10])
        for record in history
        for name, total in zip(record.players, record.totals, strict=True)
    ]
    lines.sort(key=lambda h: (-h.points, h.date))
    return tuple(lines[:HIGH_SCORES])
