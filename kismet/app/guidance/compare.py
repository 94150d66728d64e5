"""A finished game of one beside Perfect's on the same dice, turn by turn, to learn from.

On linked dice (a daily game, a challenge) every turn starts with the same first roll for
both players; the dice after it depend on what each kept. So each turn shows both players'
rolls with the dice they kept, the box each filled and the running totals, marks the turns
where the choices part, and prices this game's decisions with the strategy table: the
expected points each turn's choices cost against perfect play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...rules import NO_HOLDS, Category, Game
from ...rules.moves import hold_moves

if TYPE_CHECKING:
    from ...advice.strategy import Advisor


class Throw(NamedTuple):
    """One roll of a turn as it fell: the dice showing, and which of them were kept for
    the next roll (none on the last one)."""

    dice: tuple[int, ...]
    kept: tuple[bool, ...]

    @property
    def faces_kept(self) -> tuple[int, ...]:
        """The faces kept, sorted."""
        return tuple(sorted(d for d, k in zip(self.dice, self.kept, strict=True) if k))


class Play(NamedTuple):
    """One player's turn: the rolls, the box filled, its points, the total after it."""

    rolls: tuple[Throw, ...]
    box: Category
    points: int
    total: int


class Side(NamedTuple):
    """A turn of this game beside Perfect's."""

    turn: int
    mine: Play
    perfect: Play
    differs: bool
    """The two players kept different dice or filled different boxes."""
    cost: float | None
    """The expected points this turn's choices cost against perfect play (None: no
    strategy table to price them)."""


def plays(game: Game, advisor: Advisor | None = None) -> tuple[list[Play], list[float]]:
    """Each turn of a finished solo game on linked dice, replayed from its seed and holds;
    with the strategy table, also what each turn's decisions cost."""
    state = game.state()
    again = Game(game.players, seed=state.stream, linked=True)
    turns, costs = [], []
    for fill, masks in zip(game.history, state.holds, strict=True):
        rolls, cost = [], 0.0
        again.roll()
        for mask in masks:
            for hold in hold_moves(again.held, mask):
                again.apply(hold)
            rolls.append(Throw(again.dice, again.held))
            if advisor is not None:
                cost += _price(again, advisor, keep=rolls[-1].faces_kept)
            again.roll()
        rolls.append(Throw(again.dice, NO_HOLDS))
        if advisor is not None:
            cost += _price(again, advisor, box=fill.category)
        again.score(fill.category)
        turns.append(Play(tuple(rolls), fill.category, fill.points, again.total(0)))
        costs.append(cost)
    return turns, costs


def _price(
    game: Game,
    advisor: Advisor,
    *,
    keep: tuple[int, ...] | None = None,
    box: Category | None = None,
) -> float:
    """What the decision about to be taken cost against the best one."""
    from ...advice.review import price
    from ...advice.state import Decision, State

    dice, player = tuple(sorted(game.dice)), game.current
    choice = Decision(player, State.of(game, player), dice, game.rolls_left, keep=keep, box=box)
    return price(choice, advisor).cost


def side_by_side(mine: Game, perfect: Game, advisor: Advisor | None) -> tuple[Side, ...]:
    """The two finished games turn by turn."""
    ours, costs = plays(mine, advisor)
    theirs, _ = plays(perfect)
    return tuple(
        Side(number, a, b, _differ(a, b), costs[number - 1] if advisor is not None else None)
        for number, (a, b) in enumerate(zip(ours, theirs, strict=True), start=1)
    )


def _differ(a: Play, b: Play) -> bool:
    kept = [[roll.faces_kept for roll in play.rolls] for play in (a, b)]
    return a.box is not b.box or kept[0] != kept[1]
