"""The first game's guide: four short steps the player does on the real game, not reads.

1. Roll the dice. 2. Hold a die (and what the colours mean, before any box is chosen).
3. Roll again. 4. Choose a box.

It starts by itself on the very first visit only (nothing of the site stored yet), and ends
for good when the player skips it or fills their first box (``Settings.guide`` is then
False: ``finished`` says so to the session, which remembers it); the rules offer it again.
A step the player jumps past is jumped past by the guide too: rolling without holding goes
straight to the boxes once no roll is left.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from ...rules import ROLLS_PER_TURN, Game
from ...text import text
from ..base.table import Mode, Table


class GuideStep(enum.IntEnum):
    """The guide's steps, in order."""

    ROLL = 1
    HOLD = 2
    AGAIN = 3
    BOX = 4


_LINES = {
    GuideStep.ROLL: "guide.roll",
    GuideStep.HOLD: "guide.hold",
    GuideStep.AGAIN: "guide.again",
    GuideStep.BOX: "guide.box",
}
"""What each step says."""


class GuideView(NamedTuple):
    """The guide as the page shows it."""

    step: int
    steps: int
    """How many steps there are."""
    heading: str
    """"Step 2 of 5"."""
    line: str
    """What to do now, and why."""


def opening(lang: str) -> GuideView:
    """The guide's first step, as a first visit shows it (drawn into the page at build, so
    that it is there from the first paint)."""
    count = len(GuideStep)
    heading = text("guide.step", lang, step=GuideStep.ROLL.value, count=count)
    return GuideView(GuideStep.ROLL.value, count, heading, text(_LINES[GuideStep.ROLL], lang))


class Guide:
    """Where the player is in the guide. It follows the game as it changes between two
    looks (a roll, a hold, a box), so no action has to tell it."""

    def __init__(self) -> None:
        self.step: GuideStep | None = None
        self._seen: tuple[object, ...] | None = None
        self._game: Game | None = None
        """The game last looked at (the same object while moves are made on it)."""
        self.finished = False
        """The first box is filled: the guide is done, for the session to remember."""

    def _start(self, game: Game) -> GuideStep:
        """The step that fits the turn as it stands."""
        if not game.dice:
            return GuideStep.ROLL
        if game.rolls_left == ROLLS_PER_TURN - 1:
            return GuideStep.AGAIN if any(game.held) else GuideStep.HOLD
        return GuideStep.BOX

    def _next(self, step: GuideStep, seen: tuple[object, ...], game: Game) -> GuideStep:
        """The step after the game changed from ``seen`` to what it is now (a box filled:
        the guide is ``finished``)."""
        filled, _, held, rolls_left = seen
        if len(game.history) != filled:
            self.finished = True
            return step
        if game.rolls_left != rolls_left:  # rolled
            if step is GuideStep.ROLL:
                return GuideStep.HOLD if game.rolls_left else GuideStep.BOX
            if step is GuideStep.AGAIN or (step is GuideStep.HOLD and not game.rolls_left):
                return GuideStep.BOX
        elif game.held != held and step is GuideStep.HOLD and any(game.held):
            return GuideStep.AGAIN
        return step

    def view(self, table: Table, running: bool, lang: str) -> GuideView | None:
        """What the guide says now about the game at the ``table``: None when it is not
        ``running`` (the setting), or not shown at this moment (a computer moves, real
        dice, the game is over, a challenge taken up)."""
        game = table.game
        shown = not table.computer_to_move and table.mode is Mode.DICE and not game.is_over
        # Not over a challenge taken up or a game by link (a friend's link opened on a first
        # visit): that game is the friends'; the guide starts afresh with the player's own.
        if not running or table.challenge is not None or table.by_link:
            self.step = self._seen = None
            self.finished = False
            return None
        seen = (len(game.history), game.dice, game.held, game.rolls_left)
        # A game seated anew (another tab's progress caught up with, a game resumed) is
        # not a move made here: the guide starts on it, and ends only by a box filled here
        # (a tab that ended it on another tab's move would write, and turn that tab's next
        # move into a stale one).
        if self.step is None or self._seen is None or game is not self._game:
            self.step = self._start(game)
        elif seen != self._seen:
            self.step = self._next(self.step, self._seen, game)
        self._seen, self._game = seen, game
        if not shown or self.finished:
            return None
        count = len(GuideStep)
        heading = text("guide.step", lang, step=self.step.value, count=count)
        # A roll still left: the box step says the roll is there too (as the hint may).
        more = self.step is GuideStep.BOX and game.rolls_left > 0
        line = text("guide.box_or_roll" if more else _LINES[self.step], lang)
        return GuideView(self.step.value, count, heading, line)
