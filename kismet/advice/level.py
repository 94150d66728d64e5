"""The computer players' levels and the steps of their turns (``kismet.advice.players``
plans them)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from ..rules import Category, Game


class Level(enum.StrEnum):
    """How well a computer seat plays, strongest first.

    - **Perfect** follows the optimal strategy.
    - **Good** picks among the moves within ``GOOD_MARGIN`` expected points of the best.
    - **Casual** plays for immediate points, and needs no strategy table.
    """

    PERFECT = "perfect"
    GOOD = "good"
    CASUAL = "casual"

    @property
    def needs_table(self) -> bool:
        """Whether this level plays from the strategy table."""
        return self is not Level.CASUAL


class StepKind(enum.StrEnum):
    """What one visible step of a computer's turn does."""

    HOLD = "hold"
    """Hold or release one die."""
    ROLL = "roll"
    SCORE = "score"


class Step(NamedTuple):
    """One visible action of a computer's turn: a die to toggle, a roll, or a box to fill."""

    kind: StepKind
    die: int = 0
    """The die, for a hold."""
    box: Category | None = None
    """The box, for a score."""

    def apply(self, game: Game) -> None:
        """Take this step in ``game`` (through its actions, so the rules check it)."""
        if self.kind is StepKind.HOLD:
            game.toggle_hold(self.die)
        elif self.kind is StepKind.ROLL:
            game.roll()
        elif self.box is not None:
            game.score(self.box)
