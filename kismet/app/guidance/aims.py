"""Choices weighed by the chance to win, at a table with others: for the Shark, the hint and
the coach during a turn, and for the review of a finished game.

The weighing (``kismet.advice.winning.Aim``) needs both built tables, the strategy table
and the spread table, which the win chances fetch (``kismet.app.guidance.odds``); at a
table of two or more seats the spread table comes with the strategy table. Until it is
there the Shark waits (``waits``); if it cannot be had, the Shark plays as Perfect and the
hint and the coach speak of points only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...advice.level import Level
from ...advice.state import State
from ...rules import Game
from ..base.table import Table
from .odds import Odds

if TYPE_CHECKING:
    from ...advice.skill import Skill
    from ...advice.state import Decision
    from ...advice.strategy import Advisor
    from ...advice.winning import Aim
    from .luck import AimAt


def turn_tables(game: Game) -> dict[tuple[int, int], tuple[State, ...]]:
    """Every seat's state at the start of each turn of the game so far, by the player to
    move and their filled boxes then (a turn's key: a player's filled boxes only grow)."""
    states = [State(0, 0, False, 0)] * len(game.players)
    found = {}
    for fill in game.history:
        if not fill.penalty:
            found[(fill.player, states[fill.player].filled)] = tuple(states)
        states[fill.player] = states[fill.player].after(fill.category, fill.points)
    return found


class Aims:
    """The weighing of the turn at the table for the win, kept for the turn, over the
    tables the win chances hold (``odds``)."""

    def __init__(self, odds: Odds) -> None:
        self.odds = odds
        self._kept: tuple[object, Aim] | None = None
        """The turn the last weighing was for, and the weighing."""

    def waits(self, table: Table) -> bool:
        """Whether the Shark to move waits for the spread table (fetched, not failed);
        without it, it plays as Perfect."""
        seat = table.seat if table.computer_to_move else None
        odds = self.odds
        return seat is Level.WIN and odds.aimed(table) and odds.spread is None and not odds.failed

    def aim(
        self, table: Table, advisor: Advisor | None, skills: Callable[[], Sequence[Skill]]
    ) -> Aim | None:
        """The choices of the player to move weighed by their chance to win against the
        other seats (``skills``: each seat's, asked once a turn); None alone at the table,
        at the game's end, or without both tables."""
        game, spread = table.game, self.odds.spread
        if advisor is None or spread is None or not self.odds.aimed(table) or game.is_over:
            return None
        key = (table.id, game.history, game.current)
        if self._kept is None or self._kept[0] != key:
            from ...advice.winning import Aim

            forecast = self.odds.forecast_of(advisor, spread)
            self._kept = (key, Aim.of(forecast, game, skills(), game.current))
        return self._kept[1]

    def at_each_turn(
        self, table: Table, advisor: Advisor | None, skills: Callable[[], Sequence[Skill]]
    ) -> AimAt | None:
        """For a finished game's review: each decision's table as the decision found it,
        weighed for the win (one weighing a turn); None alone at the table, or without
        both tables."""
        spread = self.odds.spread
        if advisor is None or spread is None or not self.odds.aimed(table):
            return None
        from ...advice.winning import Aim

        forecast = self.odds.forecast_of(advisor, spread)
        tables, known = turn_tables(table.game), tuple(skills())
        weighed: dict[tuple[int, int], Aim | None] = {}

        def at(decision: Decision) -> Aim | None:
            key = (decision.player, decision.state.filled)
            if key not in weighed:
                states = tables.get(key)
                weighed[key] = None if states is None else Aim(forecast, states, known, key[0])
            return weighed[key]

        return at
