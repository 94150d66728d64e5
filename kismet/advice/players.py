"""Computer players: how a seat at each level plays its turn, one visible step at a time.

- **Perfect** follows the optimal strategy (``kismet.strategy.Advisor``).
- **Good** picks at random among the moves within ``GOOD_MARGIN`` expected points of the
  best, so it plays well but not perfectly.
- **Casual** plays for immediate points: it keeps its most common face, stops when the dice
  already score well, and fills the box that scores most now. It needs no table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .game import Game
from .scoring import Category
from .strategy import KEEP_INDEX, Advisor, State, box_points, holds_for, sub_multisets

T = TypeVar("T")

LEVELS = ("perfect", "good", "casual")
"""The computer levels, strongest first."""

GOOD_MARGIN = 2.5
"""Good plays any move whose expected final total is within this many points of the best."""

CASUAL_STOP = 15
"""Casual stops rolling once some box would score at least this much."""


@dataclass(frozen=True)
class Step:
    """One visible action of a computer's turn."""

    kind: str
    """"hold" (toggle one die), "roll", or "score"."""
    die: int | None = None
    box: Category | None = None


def play_out(game: Game, level: str, advisor: Advisor | None, rng: random.Random) -> None:
    """Play every remaining turn of a game (all seats) at this level, as fast as it goes."""
    while not game.is_over:
        for step in plan(game, level, advisor, rng):
            if step.kind == "hold" and step.die is not None:
                game.toggle_hold(step.die)
            elif step.kind == "roll":
                game.roll()
            elif step.box is not None:
                game.score(step.box)


def needs_table(level: str) -> bool:
    """Whether this level plays from the strategy table."""
    return level in ("perfect", "good")


def plan(game: Game, level: str, advisor: Advisor | None, rng: random.Random) -> list[Step]:
    """The steps from now to the next roll or to the filled box: holds to change, then
    "roll", or just "score"."""
    if not game.dice:
        return [Step("roll")]
    if level == "casual":
        holds, box = _casual(game)
    else:
        if advisor is None:
            raise ValueError(f"A {level} computer needs the strategy table")
        holds, box = _from_table(game, advisor, level, rng)
    if box is not None:
        return [Step("score", box=box)]
    steps = [Step("hold", die=i) for i in range(5) if holds[i] != game.held[i]]
    return [*steps, Step("roll")]


def _from_table(
    game: Game, advisor: Advisor, level: str, rng: random.Random
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
        if len(keep) < 5:
            return holds_for(game.dice, keep), None
    boxes = []
    for index, box in enumerate(state.open_boxes()):
        points = box_points(box, roll, state.joker)
        nxt = state.after(box, points)
        boxes.append((points + advisor.future(nxt.filled, nxt.subtotal, nxt.joker), index, box))
    return game.held, _pick(boxes, level, rng)


def _pick(options: Sequence[tuple[float, int, T]], level: str, rng: random.Random) -> T:
    """(value, tie-break order, option): the first best, or for Good any near-best one."""
    best = max(value for value, _, _ in options)
    if level == "good":
        near = sorted((o for o in options if o[0] >= best - GOOD_MARGIN), key=lambda o: o[1])
        return rng.choice(near)[2]
    return min((o for o in options if o[0] == best), key=lambda o: o[1])[2]


def _casual(game: Game) -> tuple[tuple[bool, ...], Category | None]:
    options = game.options()
    best = max(options, key=lambda c: (options[c], -list(Category).index(c)))
    if game.rolls_left == 0 or options[best] >= CASUAL_STOP:
        return game.held, best
    counts = Counter(game.dice)
    face = max(counts, key=lambda f: (counts[f], f))
    holds = tuple(d == face for d in game.dice)
    if all(holds):
        return game.held, best
    return holds, None
