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
    """Points lost against perfect play from a turn start, by the boxes still open: how
    many, and (``boxes``) which."""

    lost: tuple[float, ...]
    """The mean points lost over the rest of a game, with 0, 1, ... 15 boxes open (beyond
    what ``boxes`` adds)."""
    scale: tuple[float, ...]
    """The standard deviation of the points to come over perfect play's, by boxes open."""
    boxes: tuple[float, ...] = ()
    """The points more lost while each box (in ``Category`` order) is open: what a level
    loses depends on which boxes are left, not only on how many (none: by the count only)."""
    casual: bool = False
    """The Casual computer: its rule needs no table, so its last turns are worked out
    exactly (``kismet.advice.chances``), not moved from perfect play's."""

    def scaled(self, share: float) -> Skill:
        """This skill's departure from perfect play ``share`` times over (0: perfect)."""
        share = max(0.0, share)
        return Skill(
            tuple(x * share for x in self.lost),
            tuple(min(SCALES[1], max(SCALES[0], 1 + (x - 1) * share)) for x in self.scale),
            tuple(x * share for x in self.boxes),
        )

    def at(self, filled: int) -> tuple[float, float]:
        """The mean loss and the scale of the spread from a turn start with these boxes
        filled (bit i for the i-th ``Category``)."""
        count = BOXES - filled.bit_count()
        more = sum(x for i, x in enumerate(self.boxes) if not filled >> i & 1)
        return (max(0.0, self.lost[count] + more) if count else 0.0), self.scale[count]

    @property
    def per_game(self) -> float:
        """The mean points lost over a whole game (every box open)."""
        return self.at(0)[0]


PERFECT = Skill((0.0,) * (BOXES + 1), (1.0,) * (BOXES + 1))

# Measured by `.venv/bin/python benchmarks/skill.py --games 3000` (3,000 games of each
# level): with 0, 1, ... 15 boxes open. The standard errors are about 0.3 points
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
# Casual by which boxes are open too: `.venv/bin/python benchmarks/skill.py --games 12000
# --levels casual` (seeds 1,000,003 on; the terms by count are small once each box
# carries its own; they fit least squares, so one alone means little, their sum is the loss).
# The Kismet box and Yarborough open cost the most: Casual stops at the first 15 points.
CASUAL = Skill(
    (0.00, -3.72, -3.49, -2.52, 1.45, 0.76, 0.42, 0.07, -0.41, -0.67, -0.49, -0.09, 0.47, 1.11,
     2.16, 3.64),
    (1.000, 0.931, 0.949, 0.988, 1.152, 1.123, 1.083, 1.061, 1.046, 1.021, 0.998, 0.981, 0.963,
     0.951, 0.930, 0.902),
    (1.94, 2.48, 3.29, 4.40, 5.92, 8.88, 4.84, 7.53, 7.80, 6.98, 2.35, 9.19, -0.82, 15.15, 4.09),
    casual=True,
)  # fmt: skip

LEVELS = {Level.WIN: PERFECT, Level.PERFECT: PERFECT, Level.GOOD: GOOD, Level.CASUAL: CASUAL}


def of_level(level: Level) -> Skill:
    """A computer's skill."""
    return LEVELS[level]


def of_person(lost_per_game: float | None) -> Skill:
    """A person's skill from their record: the points their decisions cost per game (None:
    no record yet, taken as a good player). Up to Good's loss, Good's shape scaled; from
    Good's to Casual's, the two mixed in proportion; beyond, Casual's scaled."""
    if lost_per_game is None:
        return GOOD
    good, casual = GOOD.per_game, CASUAL.per_game
    if lost_per_game <= good:
        return GOOD.scaled(lost_per_game / good)
    if lost_per_game >= casual:
        return CASUAL.scaled(lost_per_game / casual)
    share = (lost_per_game - good) / (casual - good)

    def mixed(g: tuple[float, ...], c: tuple[float, ...]) -> tuple[float, ...]:
        g = g or (0.0,) * len(c)
        return tuple(a + (b - a) * share for a, b in zip(g, c, strict=True))

    lost, scale = mixed(GOOD.lost, CASUAL.lost), mixed(GOOD.scale, CASUAL.scale)
    return Skill(lost, scale, mixed(GOOD.boxes, CASUAL.boxes))
