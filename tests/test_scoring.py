"""Every box against every roll, checked by a second, deliberately plain implementation."""

from __future__ import annotations

import itertools

import pytest

from kismet import (
    BASIC_BOXES,
    KISMET_BOXES,
    Category,
    Color,
    Section,
    Totals,
    color_of,
    joker_fits,
    points_to_next_bonus,
    score,
    upper_bonus,
)

# ---------------------------------------------------------------- the plain oracle
# Written from the rules page line by line, sharing nothing with kismet.rules.scoring.

PIP_COLOUR = {1: "black", 6: "black", 2: "red", 5: "red", 3: "green", 4: "green"}


def plain_score(box: str, dice: tuple[int, ...]) -> int:
    total = sum(dice)
    s = sorted(dice)
    how_many = [dice.count(face) for face in range(1, 7)]
    basic = ["ones", "twos", "threes", "fours", "fives", "sixes"]
    if box in basic:
        face = basic.index(box) + 1
        return face * dice.count(face)
    if box == "two_pair_same_color":
        for four in itertools.combinations(dice, 4):
            a, b, c, d = sorted(four)
            if a == b and c == d and PIP_COLOUR[a] == PIP_COLOUR[c]:
                return total
        return 0
    if box == "three_of_a_kind":
        return total if max(how_many) >= 3 else 0
    if box == "straight":
        return 30 if s == [1, 2, 3, 4, 5] or s == [2, 3, 4, 5, 6] else 0
    if box == "flush":
        return 35 if len({PIP_COLOUR[d] for d in dice}) == 1 else 0
    full_house = (s[0] == s[1] == s[2] and s[3] == s[4] and s[2] != s[3]) or (
        s[0] == s[1] and s[2] == s[3] == s[4] and s[1] != s[2]
    )
    if box == "full_house":
        return total + 15 if full_house else 0
    if box == "full_house_same_color":
        return total + 20 if full_house and PIP_COLOUR[s[0]] == PIP_COLOUR[s[4]] else 0
    if box == "four_of_a_kind":
        return total + 25 if max(how_many) >= 4 else 0
    if box == "yarborough":
        return total
    if box == "kismet":
        return total + 50 if max(how_many) == 5 else 0
    raise AssertionError(box)


DISTINCT_ROLLS = list(itertools.combinations_with_replacement(range(1, 7), 5))


def test_the_strategy_knows_the_252_distinct_rolls() -> None:
    # The strategy's rolls against every ordered roll of five dice, sorted.
    from kismet.advice.strategy import ROLLS

    every = {tuple(sorted(roll)) for roll in itertools.product(range(1, 7), repeat=5)}
    assert len(ROLLS) == len(set(ROLLS)) == len(every) == 252 and set(ROLLS) == every


@pytest.mark.parametrize("category", list(Category), ids=lambda c: c.value)
def test_every_box_against_every_distinct_roll(category: Category) -> None:
    for roll in DISTINCT_ROLLS:
        assert score(category, roll) == plain_score(category.value, roll), roll


def test_order_of_the_dice_does_not_matter() -> None:
    for ordered in itertools.product(range(1, 7), repeat=5):
        for category in Category:
            assert score(category, list(ordered)) == score(category, sorted(ordered))


# ---------------------------------------------------------------- the sheet


def test_category_order_and_values_are_the_score_sheet() -> None:
    assert [c.name for c in Category] == [
        "ONES", "TWOS", "THREES", "FOURS", "FIVES", "SIXES",
        "TWO_PAIR_SAME_COLOR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH", "FULL_HOUSE",
        "FULL_HOUSE_SAME_COLOR", "FOUR_OF_A_KIND", "YARBOROUGH", "KISMET",
    ]  # fmt: skip
    assert all(c.value == c.name.lower() for c in Category)
    assert tuple(Category)[:6] == BASIC_BOXES
    assert tuple(Category)[6:] == KISMET_BOXES
    assert {c.section for c in BASIC_BOXES} == {Section.BASIC}
    assert {c.section for c in KISMET_BOXES} == {Section.KISMET}
    assert [c.face for c in BASIC_BOXES] == [1, 2, 3, 4, 5, 6]
    assert [Category.for_face(f) for f in range(1, 7)] == list(BASIC_BOXES)


def test_pip_colours() -> None:
    assert [color_of(f) for f in range(1, 7)] == [
        Color.BLACK, Color.RED, Color.GREEN, Color.GREEN, Color.RED, Color.BLACK,
    ]  # fmt: skip
    for a in range(1, 7):
        for b in range(1, 7):
            assert (color_of(a) == color_of(b)) == (a == b or a + b == 7)


WORKED_EXAMPLES = [
    (Category.ONES, (1, 1, 1, 4, 5), 3),
    (Category.TWOS, (2, 2, 1, 4, 5), 4),
    (Category.THREES, (3, 3, 3, 3, 5), 12),
    (Category.FOURS, (4, 4, 4, 2, 5), 12),
    (Category.FIVES, (5, 5, 1, 4, 6), 10),
    (Category.SIXES, (6, 6, 6, 6, 1), 24),
    (Category.TWO_PAIR_SAME_COLOR, (3, 3, 4, 4, 5), 19),
    (Category.THREE_OF_A_KIND, (1, 1, 1, 2, 3), 8),
    (Category.STRAIGHT, (2, 3, 4, 5, 6), 30),
    (Category.FLUSH, (3, 3, 4, 4, 4), 35),
    (Category.FULL_HOUSE, (2, 2, 2, 4, 4), 29),
    (Category.FULL_HOUSE_SAME_COLOR, (2, 2, 2, 5, 5), 36),
    (Category.FOUR_OF_A_KIND, (4, 4, 4, 4, 5), 46),
    (Category.YARBOROUGH, (4, 4, 2, 5, 6), 21),
    (Category.KISMET, (3, 3, 3, 3, 3), 65),
]


@pytest.mark.parametrize("category,dice,points", WORKED_EXAMPLES, ids=lambda x: str(x))
def test_worked_examples(category: Category, dice: tuple[int, ...], points: int) -> None:
    assert score(category, dice) == points


def test_worked_example_sheet_totals() -> None:
    column = {c: score(c, dice) for c, dice, _ in WORKED_EXAMPLES}
    totals = Totals.of(column)
    assert (totals.basic, totals.bonus, totals.kismet, totals.grand) == (65, 35, 289, 389)


@pytest.mark.parametrize(
    "subtotal,bonus",
    [(0, 0), (62, 0), (63, 35), (70, 35), (71, 55), (77, 55), (78, 75), (105, 75)],
)
def test_bonus_tiers(subtotal: int, bonus: int) -> None:
    assert upper_bonus(subtotal) == bonus


def test_points_to_next_bonus() -> None:
    assert points_to_next_bonus(0) == 63
    assert points_to_next_bonus(62) == 1
    assert points_to_next_bonus(63) == 8
    assert points_to_next_bonus(70) == 1
    assert points_to_next_bonus(71) == 7
    assert points_to_next_bonus(78) is None


def test_totals_count_empty_boxes_as_zero() -> None:
    column: dict[Category, int | None] = dict.fromkeys(Category)
    column[Category.SIXES] = 30
    column[Category.FIVES] = 25
    column[Category.FOURS] = 8
    column[Category.KISMET] = 80
    totals = Totals.of(column)
    assert totals == Totals(basic=63, bonus=35, kismet=80, grand=178)


# ---------------------------------------------------------------- jokers


def plain_joker_score(box: str, face: int) -> int:
    """What an extra Kismet of five ``face``s scores in ``box``, from the rules page."""
    total = 5 * face
    basic = ["ones", "twos", "threes", "fours", "fives", "sixes"]
    if box in basic:
        return total if basic.index(box) + 1 == face else 0
    return {
        "two_pair_same_color": total,
        "three_of_a_kind": total,
        "straight": 0,
        "flush": 35,
        "full_house": total + 15,
        "full_house_same_color": total + 20,
        "four_of_a_kind": total + 25,
        "yarborough": total,
        "kismet": total + 50,
    }[box]


@pytest.mark.parametrize("face", range(1, 7))
def test_joker_scores_every_box_as_its_row_says(face: int) -> None:
    dice = (face,) * 5
    for category in Category:
        assert score(category, dice, joker=True) == plain_joker_score(category.value, face)
        fits = category is not Category.STRAIGHT and category.face in (None, face)
        assert joker_fits(category, dice) is fits


def test_five_of_a_kind_is_no_full_house_without_a_joker() -> None:
    assert score(Category.FULL_HOUSE, (4, 4, 4, 4, 4)) == 0
    assert score(Category.FULL_HOUSE_SAME_COLOR, (4, 4, 4, 4, 4)) == 0
    assert score(Category.FULL_HOUSE, (4, 4, 4, 4, 4), joker=True) == 35


def test_joker_needs_five_of_a_kind() -> None:
    with pytest.raises(ValueError, match="five of a kind"):
        score(Category.FULL_HOUSE, (4, 4, 4, 4, 3), joker=True)
    assert not joker_fits(Category.FULL_HOUSE, (4, 4, 4, 4, 3))


@pytest.mark.parametrize(
    "dice",
    [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7), "12345", (1, 2, 3, 4, 2.0),
     (True, 2, 3, 4, 5), None, 12345],
)  # fmt: skip
def test_bad_dice_are_refused_with_a_clear_message(dice: object) -> None:
    with pytest.raises(ValueError, match=r"five faces|exactly 5 dice|from 1 to 6"):
        score(Category.YARBOROUGH, dice)  # type: ignore[arg-type]


def test_bad_box_and_bad_subtotal_are_refused() -> None:
    with pytest.raises(ValueError, match="Not a box"):
        score("kismet", (1, 1, 1, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        upper_bonus(63.0)  # type: ignore[arg-type]
