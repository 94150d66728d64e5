"""What the page keeps about the turn beside the game itself: a move waiting for the
player's yes, the faces being entered for real dice, the dice that just rolled, the hint."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..rules import NO_HOLDS, Category
from .entry import Entry


class Ask(enum.StrEnum):
    """Why a move waits for the player's yes."""

    ZERO = "zero"
    """The box would score 0 while another scores points."""
    COACH = "coach"
    """The coach thinks the move costs more than the player's margin."""


@dataclass(frozen=True)
class Pending:
    """A move that waits for the player's yes: filling ``box``, or the roll (no box)."""

    ask: Ask
    box: Category | None = None


@dataclass(frozen=True)
class Hint:
    """What the Hint button shows: dice to hold (or the box to fill) and the alternatives."""

    marks: tuple[bool, ...]
    """The dice the best choice holds."""
    box: Category | None
    """The box the best choice fills, when it is to score now."""
    lines: tuple[str, ...]
    """The best choices, best first, in words."""


@dataclass
class TurnUI:
    """The page's state of the turn; a new one is the state at a turn's start."""

    pending: Pending | None = None
    entry: Entry = field(default_factory=Entry)
    """Real-dice mode: the faces set on the dice, before they are entered as a roll."""
    rolled: tuple[bool, ...] = NO_HOLDS
    """The dice that left the table in the last roll (they tumble on screen)."""
    hint: Hint | None = None
