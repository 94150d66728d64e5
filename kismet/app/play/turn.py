"""What the page keeps about the turn beside the game itself: a move waiting for the
player's yes, the faces being entered for real dice, the dice that just rolled, the hint."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

from ...rules import NO_HOLDS, Category
from ..base.entry import Entry
from ..base.table import Table
from ..guidance.hint import Hint
from .finale import Celebration


class Ask(enum.StrEnum):
    """Why a move waits for the player's yes."""

    ZERO = "zero"
    """The box would score 0 while another scores points."""
    COACH = "coach"
    """The coach thinks the move costs more than the player's margin."""
    PUT_ASIDE = "put_aside"
    """A new game would put aside the game under way."""

    @property
    def words(self) -> tuple[str, str]:
        """The message keys of its dialog's title and of its yes button."""
        return _ASK_WORDS[self]


_ASK_WORDS = {
    Ask.ZERO: ("dialog.zero_title", "dialog.zero_yes"),
    Ask.COACH: ("dialog.coach_title", "dialog.coach_yes"),
    Ask.PUT_ASIDE: ("dialog.put_aside_title", "dialog.put_aside_yes"),
}


class Pending(NamedTuple):
    """A move that waits for the player's yes: filling ``box``, the roll (no box), or
    starting the game of ``table`` (which puts the one under way aside)."""

    ask: Ask
    box: Category | None = None
    table: Table | None = None


@dataclass
class TurnUI:
    """The page's state of the turn, written only through its methods: the moves (``Moves``)
    and the table (``Tables``) share one and tell it what happened."""

    pending: Pending | None = None
    entry: Entry = field(default_factory=Entry)
    """Real-dice mode: the faces set on the dice, before they are entered as a roll."""
    rolled: tuple[bool, ...] = NO_HOLDS
    """The dice that left the table in the last roll (they tumble on screen)."""
    hint: Hint | None = None
    fresh: int | None = None
    """The boxes the last move filled: ``Game.history`` from this index (marked a moment)."""
    celebrate: Celebration | None = None
    """A Kismet, an extra Kismet or a bonus tier just scored."""
    handoff: bool = False
    """The turn just passed to another person (their name is shown where the eyes are)."""
    rule: Category | None = None
    """The box whose rule is shown beside its name, after a tap on the name."""

    def begin(
        self,
        entry: Entry | None = None,
        *,
        fresh: int | None = None,
        celebrate: Celebration | None = None,
        handoff: bool = False,
    ) -> None:
        """A turn's start (after the box that ended the last, marked by ``fresh``...), or a
        turn taken up as it stands (``entry``: its dice)."""
        self.pending, self.entry, self.rolled, self.hint = None, entry or Entry(), NO_HOLDS, None
        self.fresh, self.celebrate, self.handoff, self.rule = fresh, celebrate, handoff, None

    def toggle_rule(self, box: Category | None) -> bool:
        """A tap on a box's name: its rule shows beside it (a second tap hides it); None, a
        tap anywhere else: the rule shown goes. Whether what shows changed."""
        before, self.rule = self.rule, None if box is None or self.rule is box else box
        return before is not self.rule

    def settle(self) -> None:
        """The next move is made: what marked the last box goes."""
        self.fresh, self.celebrate, self.handoff = None, None, False

    def rolled_now(self, rolled: tuple[bool, ...]) -> None:
        """The dice rolled (``rolled``: those that left the table): the hint, a question
        and a rule shown go with the last move's marks."""
        self.hint = self.pending = self.rule = None
        self.settle()
        self.rolled = rolled

    def still(self) -> None:
        """A move that rolls nothing: no die tumbles when it is painted."""
        self.rolled = NO_HOLDS

    def held(self) -> None:
        """A die held or released: the question waiting goes, with the last move's marks."""
        self.pending = None
        self.settle()

    def entered(self, entry: Entry) -> None:
        """Real dice entered as a roll: the faces set are the roll's."""
        self.pending, self.entry = None, entry
        self.settle()

    def new_entry(self) -> None:
        """The dice change mode: no faces are set for real dice."""
        self.entry = Entry()

    def ask(self, pending: Pending | None) -> None:
        """A move waits for the player's yes (None: no longer)."""
        self.pending = pending

    def show_hint(self, hint: Hint | None) -> None:
        self.hint = hint


class StatusLine:
    """What the status line says; every part that has news says it here."""

    def __init__(self) -> None:
        self.text = ""

    def say(self, line: str) -> None:
        self.text = line
