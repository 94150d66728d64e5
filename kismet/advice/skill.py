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

from ..rules import BASIC_BOXES, BONUS_TIERS, Category
from .level import Level

BOXES = len(Category)

MARGIN_EDGES = (-8, -4, -1, 3)
"""Where the first upper bonus stands, in bins (``bonus_bin``): the open Basic boxes' par
(three of each face) less the points the Basic subtotal still needs, cut at these margins."""

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
    bonus: tuple[float, ...] = ()
    """The points more lost while the first upper bonus is still to make, by how it stands
    (``bonus_bin``): a Basic sheet at par or above is where perfect play makes its bonus and
    a weaker player misses it (none: the same however it stands)."""
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
            tuple(x * share for x in self.bonus),
        )

    def at(self, filled: int, joker: bool = False, subtotal: int = 0) -> tuple[float, float]:
        """The mean loss and the scale of the spread from a turn start with these boxes
        filled (bit i for the i-th ``Category``), points in the Kismet box or not, and this
        Basic subtotal."""
        count = BOXES - filled.bit_count()
        open_boxes = [i for i in range(BOXES) if not filled >> i & 1]
        more = sum(self.boxes[i] for i in open_boxes) if self.boxes else 0.0
        if joker and self.jokers:
            more += sum(self.jokers[i] for i in open_boxes)
        standing = bonus_bin(filled, subtotal) if self.bonus else None
        if standing is not None:
            more += self.bonus[standing]
        return (max(0.0, self.lost[count] + more) if count else 0.0), self.scale[count]

    @property
    def per_game(self) -> float:
        """The mean points lost over a whole game (every box open)."""
        return self.at(0)[0]


def bonus_bin(filled: int, subtotal: int) -> int | None:
    """How the first upper bonus stands on a sheet, as ``Skill.bonus`` counts it: None once
    it is made or with no Basic box open; else the bin (``MARGIN_EDGES``) of the open Basic
    boxes' par less the points still needed."""
    need = BONUS_TIERS[-1][0] - subtotal
    faces = [i + 1 for i in range(len(BASIC_BOXES)) if not filled >> i & 1]
    if need <= 0 or not faces:
        return None
    margin = 3 * sum(faces) - need
    return sum(margin >= edge for edge in MARGIN_EDGES)


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
# Casual by which boxes are open too, with points in its Kismet box or not, and by how its
# first upper bonus stands: `.venv/bin/python benchmarks/skill.py --games 24000 --levels
# casual` (seeds 1,000,003 on; the terms by count are small once each box carries its own;
# they fit least squares, so one alone means little, their sum is the loss). The Kismet box
# and Yarborough open cost the most: Casual stops at the first 15 points; and it plays for
# no bonus, so a Basic sheet at par or above, where perfect play makes it, costs 8-22 more.
CASUAL = Skill(
    (0.00, -2.02, -2.21, -1.51, 2.15, 1.13, 0.69, 0.58, 0.51, 0.46, 0.65, 0.84, 0.87, 0.70,
     0.55, 1.06),
    (1.000, 0.918, 0.947, 0.984, 1.146, 1.120, 1.087, 1.061, 1.042, 1.022, 1.001, 0.982, 0.966,
     0.951, 0.930, 0.901),
    (1.35, 1.86, 2.25, 3.30, 4.09, 5.48, 5.55, 9.23, 7.98, 6.84, 2.12, 9.88, 0.06, 16.10, 2.31),
    (0.52, 0.34, 1.15, 1.74, 1.16, -0.69, -1.89, 0.89, -0.03, -0.89, 0.11, -2.62, -3.13, 0.78,
     0.00),
    (1.66, 2.15, 4.20, 8.07, 22.43),
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
    return Skill(
        lost,
        scale,
        mixed(GOOD.boxes, CASUAL.boxes),
        mixed(GOOD.jokers, CASUAL.jokers),
        mixed(GOOD.bonus, CASUAL.bonus),
    )
