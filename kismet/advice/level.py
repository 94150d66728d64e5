"""The computer players' levels and the steps of their turns (``kismet.advice.players``
plans them)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from ..rules import Category, Game
from ..rules.moves import Hold, Move, Roll, Score


class Level(enum.StrEnum):
    """How well a computer seat plays, strongest first.

    - **Win** plays to win the game: each choice for the best chance to finish first
      against the table as it stands (``kismet.advice.winning``); alone, as Perfect.
    - **Perfect** follows the optimal strategy: the most points.
    - **Good** picks among the moves within ``GOOD_MARGIN`` expected points of the best.
    - **Casual** plays for immediate points, and needs no strategy table.
    """

    WIN = "win"
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

    @property
    def move(self) -> Move:
        """The step as a move of the rules."""
        if self.kind is StepKind.HOLD:
            return Hold(self.die)
        if self.kind is StepKind.ROLL:
            return Roll()
        if self.box is None:
            raise ValueError("A step that scores names its box")
        return Score(self.box)

    def apply(self, game: Game) -> None:
        """Take this step in ``game`` (as a move, so the rules check it)."""
        game.apply(self.move)
