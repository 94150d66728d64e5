"""The chances within a turn: they move with the dice.

At a turn start every player's chance comes from their law of a final total
(``kismet.app.guidance.odds``: each playing on by their level or record). Within the turn,
the player to move's law moves by what the dice showing (and the dice held, with a roll
left) change perfect play's expected total since the turn began; the others' laws stay, and
everyone's chances are weighed again over the same tables of the extra Kismets' penalty
zeros. Worked out in a step of its own after each roll or hold, between the page's own
work, as the turn starts' chances are. (The hint's line to win asks another question, in
its own words: the chance if the player plays for the win from here, ``Aim``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.table import Table

if TYPE_CHECKING:
    from ...advice.chances import Law
    from ...advice.strategy import Advisor

Tables = list[tuple[float, list["Law"]]]
"""The penalty tables of a turn start: each one's weight, and the laws it moves."""


class Within:
    """The latest turn start's tables, and the chances weighed from them for the dice."""

    def __init__(self) -> None:
        self._start: tuple[str, int, int | None, Tables] | None = None
        """The latest turn start worked out: its game, its boxes filled, the total a game of
        one plays against, and its penalty tables."""
        self._weighed: tuple[tuple[object, ...], tuple[float, ...]] | None = None
        """The chances within the turn, and the dice they are for (``moment``)."""

    def began(self, game_id: str, turn: int, target: int | None, tables: Tables) -> None:
        """A turn start's tables, as the chances there are worked out from them."""
        self._start = (game_id, turn, target, tables)

    def chances(self, table: Table) -> tuple[float, ...] | None:
        """Each player's chance for the dice at the table now, once weighed."""
        weighed = self._weighed
        return weighed[1] if weighed is not None and weighed[0] == moment(table) else None

    def wanted(self, table: Table) -> bool:
        """Whether the dice at the table wait to be weighed: rolled, in the turn whose start
        was worked out last, and not yet weighed."""
        start, game = self._start, table.game
        if start is None or not game.dice or game.is_over:
            return False
        return (start[0], start[1]) == (table.id, len(game.history)) and (
            self._weighed is None or self._weighed[0] != moment(table)
        )

    def weigh(self, table: Table, advisor: Advisor) -> bool:
        """Weigh the chances for the dice at the table (a step); True once they are there."""
        from ...advice.chances import against, slid_law
        from ...advice.state import State

        if not self.wanted(table) or self._start is None:
            return False
        game, (_, _, target, tables) = table.game, self._start
        state, mover = State.of(game, game.current), game.current
        held = [face for face, kept in zip(game.dice, game.held, strict=True) if kept]
        if held and game.rolls_left:
            expected = advisor.keep_choice(state, held, game.rolls_left).expected
        else:
            expected = advisor.value(game)
        moved = expected - (state.scored + advisor.turn(state).start)
        mixed = [0.0] * len(game.players)
        for weight, laws in tables:
            slid = list(laws)
            slid[mover] = slid_law(laws[mover], moved, state.scored)
            for p, chance in enumerate(against(slid, target)):
                mixed[p] += chance * weight
        self._weighed = (moment(table), tuple(mixed))
        return True


def moment(table: Table) -> tuple[object, ...]:
    """What the chances within a turn are for: the game, its boxes filled, the dice showing,
    the dice held and the rolls left."""
    game = table.game
    return (table.id, len(game.history), game.dice, game.held, game.rolls_left)
