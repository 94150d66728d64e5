"""The optimal strategy: per-turn values against brute force, the table, the 315.10 figure."""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from kismet import Category, Game
from kismet.advice.state import BOXES, FULL, KISMET_BIT, State, box_points
from kismet.advice.strategy import Advisor, ChoiceKind, holds_for, solve_turn, subtotal_limit


def brute_force_start(state: State, lookup) -> float:  # type: ignore[no-untyped-def]
    """The expected outcome of a turn, by plain enumeration of dice positions and outcomes."""
    boxes = state.open_boxes()

    def score_now(roll: tuple[int, ...]) -> float:
        best = float("-inf")
        for box in boxes:
            points = box_points(box, roll, state.joker)
            nxt = state.after(box, points)
            best = max(best, points + lookup(nxt.filled, nxt.subtotal, nxt.joker))
        return best

    @cache
    def showing(roll: tuple[int, ...], left: int) -> float:
        if left == 0:
            return score_now(roll)
        best = score_now(roll)
        for mask in range(32):
            kept = tuple(sorted(roll[i] for i in range(5) if mask >> i & 1))
            best = max(best, rerolled(kept, left - 1))
        return best

    @cache
    def rerolled(kept: tuple[int, ...], left: int) -> float:
        outcomes = list(product(range(1, 7), repeat=5 - len(kept)))
        return sum(showing(tuple(sorted(kept + o)), left) for o in outcomes) / len(outcomes)

    return rerolled((), 2)


def synthetic(filled: int, subtotal: int, joker: bool) -> float:
    """A made-up value of later states, so the per-turn check needs no table."""
    return (filled * 7919 % 97) / 3 + subtotal / 2 + (5 if joker else 0)


@pytest.mark.parametrize(
    "open_boxes,subtotal,joker",
    [
        ([Category.FULL_HOUSE], 40, True),
        ([Category.SIXES, Category.STRAIGHT], 55, False),
        ([Category.ONES, Category.KISMET, Category.FLUSH], 20, False),
        ([Category.TWO_PAIR_SAME_COLOR, Category.FULL_HOUSE_SAME_COLOR, Category.FIVES], 60, True),
    ],
)
def test_per_turn_values_match_brute_force(
    open_boxes: list[Category], subtotal: int, joker: bool
) -> None:
    filled = FULL
    for box in open_boxes:
        filled &= ~(1 << BOXES.index(box))
    if Category.KISMET in open_boxes:
        joker = False
    state = State(filled, subtotal, joker, 0)
    turn = solve_turn(state, synthetic)
    assert turn.start == pytest.approx(brute_force_start(state, synthetic), abs=1e-9)


def test_the_optimal_expected_score_is_315_10(advisor: Advisor) -> None:
    assert round(advisor.value(Game(["Solo"])), 2) == 315.10


def test_the_table_agrees_with_the_per_turn_computation(advisor: Advisor) -> None:
    # Each state's stored value is the per-turn expectation over its successors' values:
    # the numpy solve and the plain-Python turn agree (to the table's 0.01 rounding).
    rng = random.Random(5)
    for _ in range(12):
        filled = rng.getrandbits(15) & ~(1 << rng.randrange(15))
        subtotal = rng.randint(0, subtotal_limit(filled))
        joker = bool(filled & KISMET_BIT) and rng.random() < 0.5
        turn = solve_turn(State(filled, subtotal, joker, 0), advisor.future)
        assert turn.start == pytest.approx(advisor.future(filled, subtotal, joker), abs=0.02)


def test_advice_for_a_game(advisor: Advisor) -> None:
    game = Game(["Solo"], seed=3)
    start = advisor.value(game)
    game.set_dice([6, 6, 6, 2, 1])
    choices = advisor.choices(game)
    assert [c.expected for c in choices] == sorted((c.expected for c in choices), reverse=True)
    assert choices[0].kind is ChoiceKind.KEEP and choices[0].keep[:3] == (6, 6, 6)
    assert advisor.best_holds(game) == (True, True, True, False, False)
    assert advisor.value(game) == pytest.approx(choices[0].expected, abs=1e-6)
    assert advisor.value(game) > start  # three sixes are a good start
    game.set_dice([6, 6, 6, 6, 6])
    game.set_dice([6, 6, 6, 6, 6])
    assert game.rolls_left == 0
    assert advisor.best_box(game) is Category.KISMET
    assert advisor.best_holds(game) == (True,) * 5


def test_holds_for_marks_the_leftmost_matching_dice() -> None:
    assert holds_for([3, 5, 3, 3, 2], (3, 3)) == (True, False, True, False, False)
    assert holds_for([1, 2, 3, 4, 5], ()) == (False,) * 5


def test_perfect_play_scores_in_broad_bounds(advisor: Advisor) -> None:
    totals = []
    for seed in range(8):
        game = Game(["Solo"], seed=seed)
        while not game.is_over:
            game.roll()
            while game.rolls_left and not all(holds := advisor.best_holds(game)):
                for i, hold in enumerate(holds):
                    if hold != game.held[i]:
                        game.toggle_hold(i)
                game.roll()
            game.score(advisor.best_box(game))
        totals.append(game.total(0))
    assert 200 < sum(totals) / len(totals) < 430


def test_a_corrupt_table_is_refused() -> None:
    with pytest.raises(ValueError, match="Not a Kismet strategy table"):
        Advisor.from_bytes(b"XXXX" + bytes(20))
    with pytest.raises(ValueError, match="values"):
        Advisor([0.0] * 10)


def test_the_builds_perfect_games_take_each_turns_values_from_numpy_as_the_advisor_does(
    advisor: Advisor,
) -> None:
    # tools/perfect.py plays the statistics' perfect games with the Perfect computer's own
    # choices, on turn values worked out for many states at once by tools/solve.py's numpy
    # machine: they must be the advisor's own (kismet.advice.strategy.solve_turn's).
    from tools.perfect import machine_of, turns_of

    rng = random.Random(7)
    states = [State(0, 0, False, 0)]
    for _ in range(5):
        filled = rng.randrange(1, FULL) | KISMET_BIT
        states.append(State(filled, rng.randint(0, subtotal_limit(filled)), rng.random() < 0.5, 0))
    turns = turns_of(machine_of(advisor), states)
    for state in states:
        mine, theirs = turns[state], advisor.turn(state)
        for ours, own in zip((*mine.after, *mine.keep), (*theirs.after, *theirs.keep), strict=True):
            assert ours == pytest.approx(own, abs=1e-9), state
