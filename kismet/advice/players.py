"""Computer players: how a seat at each level plays its turn, one visible step at a time.

- **Win** plays for the best chance to win (``kismet.advice.winning.Aim``), given the aim of
  its seat at the table; without one (alone at the table), as Perfect.
- **Perfect** follows the optimal strategy (``kismet.advice.strategy.Advisor``).
- **Good** picks at random among the moves within ``GOOD_MARGIN`` expected points of the
  best, so it plays well but not perfectly.
- **Casual** plays for immediate points: it keeps its most common face, stops when the dice
  already score well, and fills the box that scores most now. It needs no table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from ..rules import DICE_COUNT, Category, Game
from .level import Level, Step, StepKind
from .state import State
from .strategy import KEEP_INDEX, Advisor, holds_for, sub_multisets

T = TypeVar("T")


class Weighing(Protocol):
    """The Win level's weighing of a turn's choices (``kismet.advice.winning.Aim``)."""

    def best_keep(self, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]: ...
    def best_box(self, dice: Sequence[int]) -> Category: ...


GOOD_MARGIN = 2.5
"""Good plays any move whose expected final total is within this many points of the best."""

CASUAL_STOP = 15
"""Casual stops rolling once some box would score at least this much."""


def play_out(game: Game, level: Level, advisor: Advisor | None, rng: random.Random) -> None:
    """Play every remaining turn of a game (all seats) at this level, as fast as it goes."""
    while not game.is_over:
        for step in plan(game, level, advisor, rng):
            step.apply(game)


def play_perfect_turn(game: Game, advisor: Advisor) -> None:
    """One whole turn of the player to move, played perfectly (its choices take no chance)."""
    player, filled = game.current, len(game.history)
    rng = random.Random(0)
    while not game.is_over and game.current == player and len(game.history) == filled:
        for step in plan(game, Level.PERFECT, advisor, rng):
            step.apply(game)


def plan(
    game: Game,
    level: Level,
    advisor: Advisor | None,
    rng: random.Random,
    aim: Weighing | None = None,
) -> list[Step]:
    """The steps from now to the next roll or to the filled box: holds to change, then
    a roll, or just the box to score. ``aim``: the Win level's weighing of this turn's
    choices (without one it plays as Perfect)."""
    if not game.dice:
        return [Step(StepKind.ROLL)]
    if level is Level.CASUAL:
        holds, box = _casual(game)
    elif level is Level.WIN and aim is not None:
        holds, box = _to_win(game, aim)
    else:
        if advisor is None:
            raise ValueError(f"A {level} computer needs the strategy table")
        holds, box = _from_table(game, advisor, level, rng)
    if box is not None:
        return [Step(StepKind.SCORE, box=box)]
    changes = [i for i, (want, now) in enumerate(zip(holds, game.held, strict=True)) if want != now]
    return [*(Step(StepKind.HOLD, die=i) for i in changes), Step(StepKind.ROLL)]


def _from_table(
    game: Game, advisor: Advisor, level: Level, rng: random.Random
) -> tuple[tuple[bool, ...], Category | None]:
    """Perfect takes the best option; Good any option within ``GOOD_MARGIN`` of the best.
    With rolls left the options are the keeps (keeping all five means stopping to score);
    then the options are the open boxes."""

    state = State.of(game, game.current)
    roll = tuple(sorted(game.dice))
    if game.rolls_left > 0:
        values = advisor.turn(state).keep[game.rolls_left - 1]
        keeps = [(values[KEEP_INDEX[k]], KEEP_INDEX[k], k) for k in sub_multisets(roll)]
        keep = _pick(keeps, level, rng)
        if len(keep) < DICE_COUNT:
            return holds_for(game.dice, keep), None
    boxes = [
        (state.value_after(box, roll, advisor.future), index, box)
        for index, box in enumerate(state.open_boxes())
    ]
    return game.held, _pick(boxes, level, rng)


def _to_win(game: Game, aim: Weighing) -> tuple[tuple[bool, ...], Category | None]:
    """The Win level: the keep, then the box, of the highest worth to ``aim``."""
    if game.rolls_left > 0:
        keep = aim.best_keep(game.dice, game.rolls_left)
        if len(keep) < DICE_COUNT:
            return holds_for(game.dice, keep), None
    return game.held, aim.best_box(game.dice)


def _pick(options: Sequence[tuple[float, int, T]], level: Level, rng: random.Random) -> T:
    """(value, tie-break order, option): the first best, or for Good any near-best one."""
    best = max(value for value, _, _ in options)
    if level is Level.GOOD:
        near = sorted((o for o in options if o[0] >= best - GOOD_MARGIN), key=lambda o: o[1])
        return rng.choice(near)[2]
    return min((o for o in options if o[0] == best), key=lambda o: o[1])[2]


def _casual(game: Game) -> tuple[tuple[bool, ...], Category | None]:
    options = game.options()
    best = max(options, key=lambda c: (options[c], -list(Category).index(c)))
    face = casual_keep(game.dice, options[best], game.rolls_left)
    if face is None:
        return game.held, best
    return tuple(d == face for d in game.dice), None


def casual_keep(dice: Sequence[int], best_points: int, rolls_left: int) -> int | None:
    """Casual's rule: the face whose dice it keeps to roll again (its most common, the
    highest of equals), or None when it scores now: on its last roll, once some box is worth
    ``CASUAL_STOP``, or with five alike."""
    if rolls_left == 0 or best_points >= CASUAL_STOP:
        return None
    face = max(set(dice), key=lambda f: (dice.count(f), f))
    return None if dice.count(face) == len(dice) else face
