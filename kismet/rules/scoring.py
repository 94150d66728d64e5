"""The score sheet: its 15 boxes, what each scores, the bonus and the totals."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from .dice import FACES, as_roll, color_of, counts, partner
from .values import is_whole


class Section(enum.Enum):
    """The two sections of the score sheet."""

    BASIC = "basic"
    KISMET = "kismet"


class Category(enum.Enum):
    """A box of the score sheet; iteration order is the order on the sheet, top to bottom."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    TWO_PAIR_SAME_COLOR = "two_pair_same_color"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FULL_HOUSE_SAME_COLOR = "full_house_same_color"
    FOUR_OF_A_KIND = "four_of_a_kind"
    YARBOROUGH = "yarborough"
    KISMET = "kismet"

    @property
    def section(self) -> Section:
        """The section of the sheet this box belongs to."""
        return Section.BASIC if self in BASIC_BOXES else Section.KISMET

    @property
    def face(self) -> int | None:
        """For a Basic box, the face it counts (Ones -> 1); None for a Kismet-section box."""
        return FACES[BASIC_BOXES.index(self)] if self in BASIC_BOXES else None

    @classmethod
    def for_face(cls, face: int) -> Category:
        """The Basic box that counts ``face`` (1 -> Ones)."""
        return BASIC_BOXES[FACES.index(face)]


BASIC_BOXES: tuple[Category, ...] = tuple(Category)[:6]
"""Ones through Sixes, in sheet order."""

KISMET_BOXES: tuple[Category, ...] = tuple(Category)[6:]
"""Two Pair Same Color through Kismet, in sheet order."""

BONUS_TIERS: tuple[tuple[int, int], ...] = ((78, 75), (71, 55), (63, 35))
"""(lowest Basic subtotal, bonus) for each bonus tier, highest tier first."""

TOP_TIER_AT = BONUS_TIERS[0][0]
"""The Basic subtotal of the top bonus tier (78): more than that earns nothing more."""

STRAIGHT_POINTS = 30
FLUSH_POINTS = 35
FULL_HOUSE_EXTRA = 15
FULL_HOUSE_SAME_COLOR_EXTRA = 20
FOUR_OF_A_KIND_EXTRA = 25
KISMET_EXTRA = 50


def _is_full_house(dice: tuple[int, ...]) -> bool:
    return sorted(counts(dice).values()) == [2, 3]


def _fits(category: Category, dice: tuple[int, ...]) -> bool:
    """Whether the dice fit a Kismet-section box without any joker."""
    c = counts(dice)
    most = max(c.values())
    if category is Category.TWO_PAIR_SAME_COLOR:
        # Two pairs from one colour's two faces (a face may give both pairs).
        return any(c[face] // 2 + c[partner(face)] // 2 >= 2 for face in FACES[:3])
    if category is Category.THREE_OF_A_KIND:
        return most >= 3
    if category is Category.STRAIGHT:
        return sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])
    if category is Category.FLUSH:
        return len({color_of(face) for face in dice}) == 1
    if category is Category.FULL_HOUSE:
        return _is_full_house(dice)
    if category is Category.FULL_HOUSE_SAME_COLOR:
        return _is_full_house(dice) and len({color_of(face) for face in dice}) == 1
    if category is Category.FOUR_OF_A_KIND:
        return most >= 4
    if category is Category.YARBOROUGH:
        return True
    if category is Category.KISMET:
        return most == 5
    raise ValueError(f"{category} is a Basic box")  # pragma: no cover - callers check


# For each Kismet-section box, when the dice fit it: (counts the dice total?, points added).
_POINTS_WHEN_FIT: dict[Category, tuple[bool, int]] = {
    Category.TWO_PAIR_SAME_COLOR: (True, 0),
    Category.THREE_OF_A_KIND: (True, 0),
    Category.STRAIGHT: (False, STRAIGHT_POINTS),
    Category.FLUSH: (False, FLUSH_POINTS),
    Category.FULL_HOUSE: (True, FULL_HOUSE_EXTRA),
    Category.FULL_HOUSE_SAME_COLOR: (True, FULL_HOUSE_SAME_COLOR_EXTRA),
    Category.FOUR_OF_A_KIND: (True, FOUR_OF_A_KIND_EXTRA),
    Category.YARBOROUGH: (True, 0),
    Category.KISMET: (True, KISMET_EXTRA),
}


def joker_fits(category: Category, dice: Iterable[object]) -> bool:
    """Whether an extra Kismet of ``dice`` may be scored in ``category`` as a joker.

    A joker fits every Kismet-section box but Straight, and the Basic box of the rolled face.
    """
    roll = as_roll(dice)
    if len(set(roll)) != 1:
        return False
    if category.section is Section.BASIC:
        return category.face == roll[0]
    return category is not Category.STRAIGHT


def score(category: Category, dice: Iterable[object], *, joker: bool = False) -> int:
    """Points that ``category`` gives for five faces (any order), 0 if they do not fit.

    With ``joker=True`` the dice are an extra Kismet (five of a kind): they count as fitting
    every box except Straight and the Basic boxes of other faces.
    """
    if not isinstance(category, Category):
        raise ValueError(f"Not a box of the score sheet: {category!r}")
    roll = as_roll(dice)
    if joker and len(set(roll)) != 1:
        raise ValueError("Only five of a kind can be scored as a joker")
    face = category.face
    if face is not None:
        return roll.count(face) * face
    total = sum(roll)
    if _fits(category, roll) or (joker and joker_fits(category, roll)):
        counts_total, extra = _POINTS_WHEN_FIT[category]
        return (total if counts_total else 0) + extra
    return 0


def upper_bonus(basic_subtotal: int) -> int:
    """The bonus for a Basic subtotal: 63-70 gives 35, 71-77 gives 55, 78 or more 75."""
    if not is_whole(basic_subtotal):
        raise ValueError(f"A Basic subtotal is a whole number, not {basic_subtotal!r}")
    for lowest, bonus in BONUS_TIERS:
        if basic_subtotal >= lowest:
            return bonus
    return 0


def points_to_next_bonus(basic_subtotal: int) -> int | None:
    """Points the Basic subtotal still needs to reach the next bonus tier (None at the top)."""
    above = [lowest for lowest, _ in BONUS_TIERS if lowest > basic_subtotal]
    return min(above) - basic_subtotal if above else None


class Totals(NamedTuple):
    """The subtotals, bonus and grand total of one column of the score sheet."""

    basic: int
    """Basic subtotal: Ones through Sixes."""
    bonus: int
    """Bonus earned by the Basic subtotal."""
    kismet: int
    """Kismet subtotal: Two Pair Same Color through Kismet."""
    grand: int
    """Grand total: Basic subtotal + bonus + Kismet subtotal."""

    @classmethod
    def of(cls, column: Mapping[Category, int | None]) -> Totals:
        """Totals of a column, counting empty boxes as 0."""
        basic = sum(column.get(c) or 0 for c in BASIC_BOXES)
        kismet = sum(column.get(c) or 0 for c in KISMET_BOXES)
        bonus = upper_bonus(basic)
        return cls(basic=basic, bonus=bonus, kismet=kismet, grand=basic + bonus + kismet)
