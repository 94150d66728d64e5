"""The game in progress at a table, with what the app keeps beside it.

Stored under ``kismet:v1:game`` as

``{"id", "started", "mode", "seats", "decisions", "game"}``. ``game`` is
``kismet.rules.save.game_to_dict``; ``mode`` is "dice" (on-screen dice) or "sheet" (real
dice); ``seats`` the code of each seat; ``decisions`` the people's recorded decisions, for
the coach and the review. "mode" came with score-sheet mode, "seats" and "decisions" with
computer players and the review: a save without them is an on-screen game of people with no
decisions kept.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, field
from typing import Any

from ..advice.state import Decision
from ..rules import Game, SaveError, SaveProblem, game_from_dict, game_to_dict
from ..rules.save import Fields
from .roster import HUMAN, Seat, parse_seat, seat_code


class Mode(enum.StrEnum):
    """How the dice are rolled: on screen, or with real dice whose faces are entered."""

    DICE = "dice"
    SHEET = "sheet"


def new_id() -> str:
    """A game's identity: 16 random hex digits."""
    return os.urandom(8).hex()


@dataclass
class Table:
    """A game in progress: the game, who sits in each seat, how the dice are rolled, the
    people's decisions (for the coach and the review), its identity and start."""

    game: Game
    seats: tuple[Seat, ...]
    mode: Mode = Mode.DICE
    decisions: list[Decision] = field(default_factory=list)
    id: str = field(default_factory=new_id)
    started: str = ""
    """When it started (ISO 8601, UTC)."""

    @property
    def seat(self) -> Seat:
        """The seat to move."""
        return self.seats[self.game.current]

    @property
    def computer_to_move(self) -> bool:
        """Whether the seat to move is a computer (and the game goes on)."""
        return not self.game.is_over and self.seat is not None

    def to_dict(self) -> dict[str, Any]:
        """The envelope as stored."""
        return {
            "id": self.id,
            "started": self.started,
            "mode": self.mode.value,
            "seats": [seat_code(s) for s in self.seats],
            "decisions": [d.to_dict() for d in self.decisions],
            "game": game_to_dict(self.game),
        }

    @classmethod
    def from_dict(cls, data: object) -> Table:
        """Read a stored envelope; raises ``SaveError`` for anything else."""
        fields = Fields(data, "envelope", ("id", "started", "game"), ("mode", "seats", "decisions"))
        game = game_from_dict(fields.data["game"])
        codes = fields.items("seats", [HUMAN] * len(game.players))
        try:
            seats = tuple(parse_seat(code) for code in codes)
        except ValueError:
            seats = ()
        if len(seats) != len(game.players):
            raise SaveError(SaveProblem.BAD_VALUE, "envelope", field="seats")
        decisions = fields.items("decisions", [])
        return cls(
            game=game,
            seats=seats,
            mode=fields.parsed("mode", Mode, Mode.DICE),
            decisions=[Decision.from_dict(d, f"decisions[{i}]") for i, d in enumerate(decisions)],
            id=fields.text("id"),
            started=fields.text("started"),
        )
