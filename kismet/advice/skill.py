"""How a player plays, as the win chances take it: the points they lose against perfect
play over the rest of a game, and how widely their totals spread.

A player's final total is perfect play's law from their position (``kismet.advice.chances``)
moved down by the points they are expected to lose over the boxes still open, its spread
scaled as their play spreads their totals against perfect play's. Both depend on the boxes
still open (Casual's loss on which ones, and on whether its Kismet box holds points); for
each computer level they were measured by playing it
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
    jokers: tuple[float, ...] = ()
    """The points more lost while each box is open and the Kismet box holds points (its
    extra Kismets score as jokers): on top of ``boxes`` (none: the same either way)."""
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
            tuple(x * share for x in self.jokers),
        )

    def at(self, filled: int, joker: bool = False) -> tuple[float, float]:
        """The mean loss and the scale of the spread from a turn start with these boxes
        filled (bit i for the i-th ``Category``), and points in the Kismet box or not."""
        count = BOXES - filled.bit_count()
        open_boxes = [i for i in range(BOXES) if not filled >> i & 1]
        more = sum(self.boxes[i] for i in open_boxes) if self.boxes else 0.0
        if joker and self.jokers:
            more += sum(self.jokers[i] for i in open_boxes)
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
# Casual by which boxes are open too, and with points in its Kismet box or not:
# `.venv/bin/python benchmarks/skill.py --games 24000 --levels casual` (seeds 1,000,003 on;
# the terms by count are small once each box carries its own; they fit least squares, so
# one alone means little, their sum is the loss). The Kismet box and Yarborough open cost
# the most: Casual stops at the first 15 points.
CASUAL = Skill(
    (0.00, -1.97, -2.09, -1.24, 2.61, 1.64, 0.96, 0.53, 0.09, -0.29, -0.31, -0.08, 0.33, 0.82,
     1.51, 2.46),
    (1.000, 0.918, 0.947, 0.984, 1.146, 1.120, 1.087, 1.061, 1.042, 1.022, 1.001, 0.982, 0.966,
     0.951, 0.930, 0.901),
    (2.17, 2.64, 3.36, 4.57, 6.18, 8.17, 5.32, 8.09, 8.05, 6.84, 2.00, 9.90, -0.24, 15.75, 2.26),
    (0.44, 0.35, 1.20, 1.60, 0.92, -0.75, -1.84, 1.21, -0.03, -0.90, 0.25, -2.65, -2.98, 1.40,
     0.00),
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
    return Skill(lost, scale, mixed(GOOD.boxes, CASUAL.boxes), mixed(GOOD.jokers, CASUAL.jokers))
