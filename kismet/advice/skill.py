"""How a player plays, as the win chances take it: the points they lose against perfect
play over the rest of a game, and how widely their totals spread.

A player's final total is perfect play's law from their position (``kismet.advice.chances``)
moved down by the points they are expected to lose over the boxes still open, its spread
scaled as their play spreads their totals against perfect play's. Both depend on the boxes
still open; for each computer level they were measured by playing it
(``benchmarks/skill.py``: thousands of games of the real computers, every turn start's
points to come against perfect play's law from there). A person is taken from their own
record on this device: the points their decisions cost per game against perfect play, from
the statistics; someone without a record as a good player.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules import Category
from .level import Level

BOXES = len(Category)

SCALES = (0.5, 1.5)
"""A person's scale of spread is kept within these (a record far from Good's)."""

RECORD_GAMES = 3
"""A person's record counts once it prices this many of their games."""


class Skill(NamedTuple):
    """Points lost against perfect play from a turn start, by the boxes still open."""

    lost: tuple[float, ...]
    """The mean points lost over the rest of a game, with 0, 1, ... 15 boxes open."""
    scale: tuple[float, ...]
    """The standard deviation of the points to come over perfect play's, by boxes open."""

    def scaled(self, share: float) -> Skill:
        """This skill's departure from perfect play ``share`` times over (0: perfect)."""
        share = max(0.0, share)
        return Skill(
            tuple(x * share for x in self.lost),
            tuple(min(SCALES[1], max(SCALES[0], 1 + (x - 1) * share)) for x in self.scale),
        )

    def of(self, open_boxes: int) -> tuple[float, float]:
        """The mean loss and the scale of the spread with this many boxes open."""
        return self.lost[open_boxes], self.scale[open_boxes]


PERFECT = Skill((0.0,) * (BOXES + 1), (1.0,) * (BOXES + 1))

# Measured by `.venv/bin/python benchmarks/skill.py --games 3000` (2026-12-04, 3,000 games
# of each level): with 0, 1, ... 15 boxes open. The standard errors are about 0.3 points
# (one box open) to 1.0 (fifteen) for the loss and 0.012 for the scale (docs/figures.md, "Win
# chances"). Perfect loses nothing by its definition.
GOOD = Skill(
    (
        0.0,
        1.76,
        3.08,
        4.78,
        7.94,
        9.15,
        10.65,
        12.46,
        14.26,
        15.43,
        16.84,
        18.76,
        20.68,
        22.36,
        23.95,
        25.81,
    ),
    (
        1.0,
        0.945,
        0.959,
        0.956,
        1.013,
        0.976,
        0.960,
        0.969,
        0.956,
        0.952,
        0.946,
        0.950,
        0.953,
        0.954,
        0.949,
        0.951,
    ),
)
CASUAL = Skill(
    (0.0, 1.16, 7.98, 15.10, 24.32, 27.63, 31.33, 34.78, 38.63, 43.09, 47.92, 53.40, 58.99,
     66.02, 75.09, 88.05),
    (1.0, 0.961, 0.997, 0.999, 1.151, 1.113, 1.078, 1.057, 1.042, 1.007, 0.987, 0.967, 0.946,
     0.936, 0.914, 0.889),
)  # fmt: skip

LEVELS = {Level.PERFECT: PERFECT, Level.GOOD: GOOD, Level.CASUAL: CASUAL}


def of_level(level: Level) -> Skill:
    """A computer's skill."""
    return LEVELS[level]


def of_person(lost_per_game: float | None) -> Skill:
    """A person's skill from their record: the points their decisions cost per game (None:
    no record yet, taken as a good player). Up to Good's loss, Good's shape scaled; from
    Good's to Casual's, the two mixed in proportion; beyond, Casual's scaled."""
    if lost_per_game is None:
        return GOOD
    good, casual = GOOD.lost[BOXES], CASUAL.lost[BOXES]
    if lost_per_game <= good:
        return GOOD.scaled(lost_per_game / good)
    if lost_per_game >= casual:
        return CASUAL.scaled(lost_per_game / casual)
    share = (lost_per_game - good) / (casual - good)
    return Skill(
        tuple(g + (c - g) * share for g, c in zip(GOOD.lost, CASUAL.lost, strict=True)),
        tuple(g + (c - g) * share for g, c in zip(GOOD.scale, CASUAL.scale, strict=True)),
    )
