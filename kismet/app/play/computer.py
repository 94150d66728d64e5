"""The computer seats' turns as the page shows them: one step at a time, at a readable
pace, or all at once while the player skips (up to the next person's turn)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from ...advice.level import Level, StepKind
from ...rules import Category, Game
from ..base.table import Table

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...advice.level import Step
    from ...advice.strategy import Advisor
    from ...advice.winning import Aim

    Aiming = Callable[[], Aim | None]
    """The Win level's weighing of the turn's choices, asked for when it plans."""

PACE_MS = 450
"""The pause before each step of a computer's turn."""

UNDO_GRACE_MS = 2500
"""The pause before a computer's first roll while the person before it may still take
their box back (Undo), so a slip of the finger can be mended."""


class Hands(Protocol):
    """The people's actions, which a computer's steps go through (so they are said, saved
    and checked the same way)."""

    def toggle_hold(self, die: int) -> None: ...
    def roll(self) -> None: ...
    def fill(self, box: Category) -> None: ...


class Computers:
    """The steps planned for the computer to move, and whether the player is skipping."""

    def __init__(self) -> None:
        self._steps: list[Step] = []
        self.skipping = False
        """Skip was pressed: the computers play without pauses until a person's turn."""

    def delay(self, *, grace: bool = False) -> int:
        """Milliseconds before the next step: none while skipping, longer while the last
        box may be taken back (``grace``)."""
        if self.skipping:
            return 0
        return UNDO_GRACE_MS if grace else PACE_MS

    def next_step(
        self,
        game: Game,
        level: Level,
        advisor: Advisor | None,
        game_id: str,
        aim: Aiming | None = None,
    ) -> Step:
        """The computer's next step, planning its next stretch (up to a roll or a box) when
        the last one is used up. Its random choices are seeded by the game and the moment,
        so a reload replays them the same way. ``aim``: the Win level's weighing (without
        it, or when it gives none, the Win level plays as Perfect)."""
        if not self._steps:
            from ...advice.players import plan

            rng = random.Random(f"{game_id}:{len(game.history)}:{game.rolls_left}")
            weighed = aim() if aim is not None and level is Level.WIN else None
            self._steps = plan(game, level, advisor, rng, weighed)
        step = self._steps.pop(0)
        if step.box is not None:
            self._steps = []
        return step

    def step(
        self, table: Table, advisor: Advisor | None, hands: Hands, aim: Aiming | None = None
    ) -> bool:
        """The next step of the computer to move, taken with ``hands``; False when no
        computer is to move. Skipping ends when a person is to move (or the game ends)."""
        level = table.seat
        if level is None or not table.computer_to_move:
            return False
        step = self.next_step(table.game, level, advisor, table.id, aim)
        if step.box is not None:
            hands.fill(step.box)
        elif step.kind is StepKind.HOLD:
            hands.toggle_hold(step.die)
        else:
            hands.roll()
        if not table.computer_to_move:
            self.skipping = False
        return True

    def skip(self) -> None:
        """The Skip button: the computers finish without pauses, up to a person's turn."""
        self.skipping = True

    def forget(self) -> None:
        """Drop the planned steps (a new game)."""
        self._steps = []
        self.skipping = False
