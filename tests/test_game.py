"""Turns, players and the extra-Kismet rules, through scripted games."""

from __future__ import annotations

import json

import pytest

from kismet import (
    BASIC_BOXES,
    Category,
    Fill,
    Game,
    Refusal,
    RuleError,
    game_from_dict,
    game_to_dict,
)
from kismet.text import explain
from tests.helpers import FIVE_THREES, fill_in_order, play, refused
from tests.test_scoring import plain_joker_score

# ---------------------------------------------------------------- a turn


def test_a_turn_has_at_most_three_rolls() -> None:
    game = Game(["Ann"], seed=1)
    assert (game.dice, game.rolls_left) == ((), 3)
    for left in (2, 1, 0):
        game.roll()
        assert len(game.dice) == 5 and game.rolls_left == left
    with refused("You have no rolls left this turn"):
        game.roll()
    with refused("You have no rolls left this turn"):
        game.set_dice([1, 2, 3, 4, 5])


def test_the_first_roll_throws_all_five_dice_and_held_dice_stay() -> None:
    game = Game(["Ann"], seed=2)
    first = game.roll()
    assert game.held == (False,) * 5
    assert game.toggle_hold(0) is True
    assert game.toggle_hold(3) is True
    assert game.held == (True, False, False, True, False)
    for _ in range(2):
        dice = game.roll()
        assert (dice[0], dice[3]) == (first[0], first[3])


def test_holds_can_change_between_rolls() -> None:
    game = Game(["Ann"], seed=3)
    game.roll()
    game.toggle_hold(1)
    second = game.roll()
    assert game.toggle_hold(1) is False  # released
    game.toggle_hold(2)
    third = game.roll()
    assert third[2] == second[2]
    assert game.held == (False, False, True, False, False)


def test_unheld_dice_are_rolled() -> None:
    # Over many rolls of a seeded stream, each free die sometimes changes.
    game = Game(["Ann"], seed=4)
    changed = [False] * 5
    for _ in range(30):
        before = game.roll()
        after = game.roll()
        changed = [c or a != b for c, a, b in zip(changed, before, after, strict=True)]
        game.score(game.open_boxes(0)[-1])
        if game.is_over:
            break
    assert all(changed)


def test_nothing_can_be_scored_or_held_before_the_first_roll() -> None:
    game = Game(["Ann"], seed=5)
    with refused("Roll the dice before you score"):
        game.score(Category.YARBOROUGH)
    with refused("no dice to hold"):
        game.toggle_hold(0)
    assert game.options() == {}


def test_after_the_third_roll_the_player_must_score() -> None:
    game = Game(["Ann"], seed=6)
    for _ in range(3):
        game.roll()
    with refused("last roll"):
        game.toggle_hold(0)
    game.score(Category.YARBOROUGH)
    assert game.rolls_left == 3 and game.dice == ()


def test_all_dice_held_cannot_roll() -> None:
    game = Game(["Ann"], seed=7)
    game.roll()
    for i in range(5):
        game.toggle_hold(i)
    with refused("All five dice are held"):
        game.roll()


@pytest.mark.parametrize("die", [-1, 5, True, "0", 1.0])
def test_no_such_die(die: object) -> None:
    game = Game(["Ann"], seed=8)
    game.roll()
    with refused("There is no die"):
        game.toggle_hold(die)  # type: ignore[arg-type]


def test_scoring_fills_one_box_with_its_points_or_zero_and_ends_the_turn() -> None:
    game = Game(["Ann", "Bo"], seed=9)
    assert play(game, (2, 3, 4, 5, 6), Category.STRAIGHT) == 30
    assert game.sheet(0)[Category.STRAIGHT] == 30
    assert game.current == 1
    assert play(game, (2, 3, 4, 5, 6), Category.KISMET) == 0  # any open box takes a zero
    assert game.sheet(1)[Category.KISMET] == 0
    assert game.current == 0
    assert game.history == (
        Fill(0, Category.STRAIGHT, 30, (2, 3, 4, 5, 6)),
        Fill(1, Category.KISMET, 0, (2, 3, 4, 5, 6)),
    )


def test_a_filled_box_never_changes() -> None:
    game = Game(["Ann"], seed=10)
    play(game, (5, 5, 5, 1, 2), Category.FIVES)
    game.set_dice([5, 5, 5, 5, 2])
    with refused("Fives is already filled"):
        game.score(Category.FIVES)
    assert game.sheet(0)[Category.FIVES] == 15
    assert Category.FIVES not in game.options()


def test_set_dice_is_one_roll_and_releases_holds() -> None:
    game = Game(["Ann"], seed=11)
    game.roll()
    game.toggle_hold(0)
    assert game.set_dice((6, 6, 1, 1, 2)) == (6, 6, 1, 1, 2)
    assert game.rolls_left == 1 and game.held == (False,) * 5
    assert game.options()[Category.TWO_PAIR_SAME_COLOR] == 16


@pytest.mark.parametrize("faces", [[1, 2, 3], [1, 2, 3, 4, 7], [0, 1, 1, 1, 1], "11111", None])
def test_set_dice_refuses_anything_but_five_faces(faces: object) -> None:
    game = Game(["Ann"], seed=12)
    before = game_to_dict(game)
    with pytest.raises(RuleError):
        game.set_dice(faces)  # type: ignore[arg-type]
    assert game_to_dict(game) == before


def test_options_are_the_points_of_every_open_box() -> None:
    game = Game(["Ann"], seed=13)
    play(game, (1, 1, 1, 1, 2), Category.ONES)
    game.set_dice([2, 2, 2, 5, 5])
    options = game.options()
    assert list(options) == [c for c in Category if c is not Category.ONES]
    assert options[Category.FULL_HOUSE_SAME_COLOR] == 36
    assert options[Category.FULL_HOUSE] == 31
    assert options[Category.FLUSH] == 35
    assert options[Category.TWOS] == 6


# ---------------------------------------------------------------- players


def test_turns_pass_in_seating_order() -> None:
    game = Game(["Ann", "Bo", "Cy"], seed=14)
    seen = []
    for _ in range(7):
        seen.append(game.current)
        play(game, (1, 2, 3, 4, 6), game.open_boxes(game.current)[0])
    assert seen == [0, 1, 2, 0, 1, 2, 0]


@pytest.mark.parametrize(
    "players,message",
    [
        ([], "1 to 8 players, not 0"),
        ([f"P{i}" for i in range(9)], "1 to 8 players, not 9"),
        (["Ann", ""], "Player 2 needs a name"),
        (["   "], "Player 1 needs a name"),
        (["Ann", 7], "Player 2's name must be text"),
        (["x" * 41], "longer than 40"),
        (["Ann\nBo"], "control character"),
        ("Ann", "1 to 8 players"),
    ],
)
def test_players_are_one_to_eight_named(players: object, message: str) -> None:
    with refused(message):
        Game(players)  # type: ignore[arg-type]


def test_names_are_kept_as_text_and_trimmed() -> None:
    game = Game(["  <img src=x onerror=alert(1)>  ", "지민", "Ann"])
    assert game.players == ("<img src=x onerror=alert(1)>", "지민", "Ann")


def test_the_game_ends_when_every_box_is_filled_and_totals_decide() -> None:
    game = Game(["Ann", "Bo"], seed=15)
    while not game.is_over:
        dice = (6, 6, 6, 5, 5) if game.current == 0 else (1, 1, 1, 2, 3)
        play(game, dice, game.open_boxes(game.current)[0])
    assert len(game.history) == 30
    assert game.total(0) > game.total(1)
    assert game.winners == [0]
    with refused("The game is over"):
        game.roll()
    assert game.options() == {}


def test_equal_highest_totals_share_the_win() -> None:
    game = Game(["Ann", "Bo", "Cy"], seed=16)
    while not game.is_over:
        dice = (1, 2, 3, 4, 6) if game.current < 2 else (1, 1, 2, 3, 4)
        play(game, dice, game.open_boxes(game.current)[0])
    assert game.total(0) == game.total(1) > game.total(2)
    assert game.winners == [0, 1]


def test_winners_is_empty_while_playing() -> None:
    game = Game(["Ann"], seed=17)
    assert game.winners == []


def test_a_solo_game_takes_fifteen_turns() -> None:
    game = Game(["Ann"], seed=18)
    turns = 0
    while not game.is_over:
        game.roll()
        game.score(next(iter(game.options())))
        turns += 1
    assert turns == 15
    assert game.total(0) == sum(v or 0 for v in game.sheet(0).values()) + game.totals(0).bonus


# ---------------------------------------------------------------- extra Kismets


def kismet_then_turn_back(players: list[str]) -> Game:
    """Ann scores 3-3-3-3-3 in Kismet (65); the others score junk; Ann is to move again."""
    game = Game(players, seed=19)
    play(game, FIVE_THREES, Category.KISMET)
    while game.current != 0:
        play(game, (1, 2, 3, 4, 6), game.open_boxes(game.current)[-1])
    return game


@pytest.mark.parametrize(
    "category", [c for c in Category if c is not Category.KISMET], ids=lambda c: c.value
)
def test_joker_in_each_box(category: Category) -> None:
    game = kismet_then_turn_back(["Ann", "Bo"])
    game.set_dice(list(FIVE_THREES))
    assert game.is_extra_kismet
    expected = plain_joker_score(category.value, 3)
    assert game.options()[category] == expected
    assert game.score(category) == expected
    assert game.history[-2] == Fill(0, category, expected, FIVE_THREES, joker=True)


def test_straight_is_refused_as_a_joker() -> None:
    game = kismet_then_turn_back(["Ann"])
    game.set_dice(list(FIVE_THREES))
    assert game.options()[Category.STRAIGHT] == 0
    assert game.score(Category.STRAIGHT) == 0


def test_joker_scores_only_the_basic_box_of_its_face() -> None:
    game = kismet_then_turn_back(["Ann"])
    game.set_dice(list(FIVE_THREES))
    options = game.options()
    assert [options[c] for c in BASIC_BOXES] == [0, 0, 15, 0, 0, 0]


def test_penalty_zero_goes_to_each_other_players_topmost_open_box() -> None:
    game = kismet_then_turn_back(["Ann", "Bo", "Cy"])
    play(game, FIVE_THREES, Category.FULL_HOUSE)
    penalties = [f for f in game.history if f.penalty]
    assert penalties == [
        Fill(1, Category.ONES, 0, (), penalty=True),
        Fill(2, Category.ONES, 0, (), penalty=True),
    ]
    assert game.sheet(1)[Category.ONES] == 0


def test_penalty_lands_in_the_kismet_section_when_basic_is_full() -> None:
    game = Game(["Ann", "Bo"], seed=20)
    play(game, FIVE_THREES, Category.KISMET)
    fill_in_order(game, 1, BASIC_BOXES)  # Bo fills Ones to Sixes; Ann is to move
    play(game, FIVE_THREES, Category.THREES)
    assert game.history[-1] == Fill(1, Category.TWO_PAIR_SAME_COLOR, 0, (), penalty=True)


def test_the_roller_of_an_extra_kismet_plays_again() -> None:
    game = kismet_then_turn_back(["Ann", "Bo"])
    play(game, FIVE_THREES, Category.FOURS)
    assert game.current == 0
    assert game.rolls_left == 3 and game.dice == ()
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    assert game.current == 1


def test_extra_kismet_in_the_last_open_box_gives_no_extra_turn() -> None:
    # Penalties fill every other sheet at the roller's pace, so whoever fills a last box
    # with an extra Kismet also fills the others' last boxes: the game ends there.
    game = Game(["Ann", "Bo"], seed=21)
    play(game, FIVE_THREES, Category.KISMET)
    last = Category.YARBOROUGH
    fill_in_order(game, 0, [c for c in Category if c not in (Category.KISMET, last)])
    while game.current != 0:
        play(game, (1, 2, 3, 4, 6), game.open_boxes(game.current)[-1])
    assert len(game.open_boxes(1)) == 1
    play(game, FIVE_THREES, last)
    assert game.history[-1] == Fill(1, game.history[-1].category, 0, (), penalty=True)
    assert game.is_over
    with refused("The game is over"):
        game.roll()


def test_a_player_with_no_open_box_takes_no_penalty() -> None:
    game = Game(["Ann", "Bo", "Cy"], seed=22)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    play(game, FIVE_THREES, Category.KISMET)  # Cy
    while game.open_boxes(1):  # the last round: Ann and Bo fill their sheets
        play(game, (1, 2, 3, 4, 6), game.open_boxes(game.current)[0])
    assert game.current == 2 and len(game.open_boxes(2)) == 1
    filled = len(game.history)
    play(game, FIVE_THREES, game.open_boxes(2)[0])
    assert game.history[-1].joker
    assert len(game.history) == filled + 1  # no penalty zero for full sheets
    assert game.is_over


def test_a_player_whose_sheet_a_penalty_filled_is_passed_over() -> None:
    # Penalties keep the sheets filling at one pace, so a full sheet is met only in the
    # last round: here Ann's last box takes a penalty and Bo, then Cy, finish without her.
    game = Game(["Ann", "Bo", "Cy"], seed=28)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    play(game, FIVE_THREES, Category.KISMET)  # Bo
    while len(game.history) < 3 * 13 + 1:
        play(game, (1, 2, 3, 4, 6), game.open_boxes(game.current)[-1])
    assert game.current == 1 and len(game.open_boxes(0)) == 1
    play(game, FIVE_THREES, game.open_boxes(1)[0])  # Ann's last box takes the penalty
    assert not game.open_boxes(0)
    assert game.current == 1  # Bo's extra turn
    play(game, (1, 2, 3, 4, 6), game.open_boxes(1)[0])
    assert game.current == 2
    play(game, (1, 2, 3, 4, 6), game.open_boxes(2)[0])
    assert game.is_over


def test_penalties_can_finish_a_players_sheet_so_others_play_on() -> None:
    game = Game(["Ann", "Bo"], seed=23)
    play(game, FIVE_THREES, Category.KISMET)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    # Ann rolls an extra Kismet every turn: Bo loses a box each time.
    for box in [c for c in Category if c is not Category.KISMET][:14]:
        if not game.open_boxes(1):
            break
        assert game.current == 0
        play(game, FIVE_THREES, box)
    assert not game.open_boxes(1)
    assert game.current == 0
    while not game.is_over:
        assert game.current == 0
        play(game, (1, 2, 3, 4, 6), game.open_boxes(0)[0])


def test_a_zeroed_kismet_box_makes_no_joker() -> None:
    game = Game(["Ann", "Bo"], seed=24)
    play(game, (1, 2, 3, 4, 6), Category.KISMET)  # Kismet box 0
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    game.set_dice(list(FIVE_THREES))
    assert not game.is_extra_kismet
    assert game.options()[Category.FULL_HOUSE] == 0
    game.score(Category.FULL_HOUSE)
    assert not any(f.penalty for f in game.history)
    assert game.current == 1  # no extra turn


def test_first_five_of_a_kind_is_a_plain_kismet() -> None:
    game = Game(["Ann", "Bo"], seed=25)
    game.set_dice(list(FIVE_THREES))
    assert not game.is_extra_kismet
    assert game.options()[Category.FULL_HOUSE] == 0
    game.score(Category.FULL_HOUSE)
    assert game.current == 1 and not any(f.penalty for f in game.history)


def test_extra_kismet_is_judged_on_the_dice_when_the_box_is_filled() -> None:
    game = kismet_then_turn_back(["Ann", "Bo"])
    game.set_dice(list(FIVE_THREES))
    game.set_dice([3, 3, 3, 3, 4])  # broken up again
    assert not game.is_extra_kismet
    game.score(Category.FOURS)
    assert game.current == 1 and not any(f.penalty for f in game.history)
    play(game, (1, 2, 3, 4, 6), Category.FIVES)
    game.set_dice([1, 2, 3, 4, 6])
    game.set_dice(list(FIVE_THREES))  # made on the last roll
    assert game.is_extra_kismet
    game.score(Category.THREES)
    assert game.history[-1].penalty and game.current == 0


def test_every_later_extra_kismet_counts_too() -> None:
    game = kismet_then_turn_back(["Ann", "Bo"])
    for box in (Category.FULL_HOUSE, Category.FLUSH, Category.SIXES):
        play(game, (6, 6, 6, 6, 6) if box is Category.SIXES else FIVE_THREES, box)
        assert game.current == 0
    assert [f.category for f in game.history if f.penalty] == [
        Category.ONES, Category.TWOS, Category.THREES,
    ]  # fmt: skip
    assert game.sheet(0)[Category.SIXES] == 30


def test_solo_extra_kismet_has_no_penalty() -> None:
    game = kismet_then_turn_back(["Ann"])
    play(game, FIVE_THREES, Category.FULL_HOUSE)
    assert game.sheet(0)[Category.FULL_HOUSE] == 30
    assert not any(f.penalty for f in game.history)
    assert game.history[-1].joker


def test_eight_players_seven_penalties() -> None:
    names = [f"P{i}" for i in range(1, 9)]
    game = kismet_then_turn_back(names)
    play(game, FIVE_THREES, Category.FULL_HOUSE_SAME_COLOR)
    assert game.sheet(0)[Category.FULL_HOUSE_SAME_COLOR] == 35
    penalties = [f for f in game.history if f.penalty]
    assert [f.player for f in penalties] == [1, 2, 3, 4, 5, 6, 7]
    assert all(f.category is Category.ONES for f in penalties)
    assert game.current == 0
    while not game.is_over:
        game.roll()
        game.score(max(game.options(), key=lambda c: game.options()[c]))
    assert all(not game.open_boxes(p) for p in range(8))
    assert len(game.history) == 8 * 15


def test_failed_actions_change_nothing() -> None:
    game = Game(["Ann", "Bo"], seed=26)
    game.roll()
    before = game_to_dict(game)
    for action in (
        lambda: game.toggle_hold(9),
        lambda: game.score("fives"),  # type: ignore[arg-type]
        lambda: game.set_dice([9, 9, 9, 9, 9]),
    ):
        with pytest.raises(RuleError):
            action()
        assert game_to_dict(game) == before


def test_same_seed_same_dice() -> None:
    a, b = Game(["Ann"], seed=99), Game(["Ann"], seed=99)
    assert [a.roll() for _ in range(3)] == [b.roll() for _ in range(3)]
    assert Game(["Ann"], seed=99).roll() != Game(["Ann"], seed=100).roll()


def test_rule_error_carries_a_catalogue_key() -> None:
    game = Game(["Ann"], seed=27)
    play(game, (5, 5, 5, 1, 2), Category.FIVES)
    game.roll()
    with pytest.raises(RuleError) as caught:
        game.score(Category.FIVES)
    assert caught.value.reason is Refusal.BOX_FILLED and caught.value.key == "error.box_filled"
    assert explain(caught.value) == "Fives is already filled"
    assert explain(caught.value, "ko") == "파이브 칸은 이미 채워졌습니다"
    assert isinstance(caught.value, ValueError)


# ------------------------------------------------------------------- undo


def test_undo_takes_back_the_box_and_restores_the_turn_exactly() -> None:
    game = Game(["Ann", "Bo"], seed=41)
    game.roll()
    game.toggle_hold(1)
    game.roll()
    before = game.state()
    points = game.score(Category.YARBOROUGH)
    assert game.current == 1 and game.can_undo()
    taken = game.undo()
    assert taken.category is Category.YARBOROUGH and taken.points == points
    assert game.state() == before
    assert (game.current, game.rolls_left, game.held[1]) == (0, 1, True)
    assert game.sheet(0)[Category.YARBOROUGH] is None and not game.history
    game.score(Category.THREE_OF_A_KIND)  # the box can be filled another way
    assert len(game.history) == 1


def test_undo_is_refused_after_the_next_roll_and_twice() -> None:
    game = Game(["Ann", "Bo"], seed=42)
    with refused("no box to take back"):
        game.undo()
    game.roll()
    game.score(Category.YARBOROUGH)
    game.roll()  # Bo rolls: Ann's box stays
    assert not game.can_undo()
    with refused("no box to take back"):
        game.undo()
    game.score(Category.ONES)
    game.undo()
    with refused("no box to take back"):
        game.undo()  # only the last box, once


def test_undo_never_shows_other_dice() -> None:
    # Filling, taking it back, then rolling again gives the dice a roll would have given
    # without the fill: the dice stream does not move for an undo.
    a, b = Game(["Ann"], seed=43), Game(["Ann"], seed=43)
    a.roll()
    b.roll()
    a.score(Category.YARBOROUGH)
    a.undo()
    assert a.roll() == b.roll()


def test_undo_of_an_extra_kismet_takes_back_its_penalties_and_extra_turn() -> None:
    game = Game(["Ann", "Bo", "Cy"], seed=44)
    play(game, FIVE_THREES, Category.KISMET)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    game.set_dice(FIVE_THREES)
    before = game.state()
    game.score(Category.FULL_HOUSE)
    assert [f.penalty for f in game.history[-3:]] == [False, True, True]
    assert game.current == 0  # Ann rolls again
    game.undo()
    assert game.state() == before
    assert game.sheet(1)[Category.ONES] is None and game.sheet(2)[Category.ONES] is None
    assert game.is_extra_kismet


def test_undo_of_the_last_box_reopens_the_game() -> None:
    game = Game(["Ann"], seed=45)
    while len(game.open_boxes(0)) > 1:
        play(game, (1, 2, 3, 4, 6), game.open_boxes(0)[0])
    game.set_dice((6, 6, 6, 6, 6))
    game.score(game.open_boxes(0)[0])
    assert game.is_over and game.can_undo()
    game.undo()
    assert not game.is_over and game.dice == (6, 6, 6, 6, 6) and game.rolls_left == 2


def test_undo_with_real_dice() -> None:
    game = Game(["Ann", "Bo"], seed=46)
    game.set_dice((2, 2, 2, 5, 5))
    game.set_dice((2, 2, 5, 5, 5))
    before = game.state()
    game.score(Category.FULL_HOUSE_SAME_COLOR)
    game.undo()
    assert game.state() == before and game.rolls_left == 1


def test_undo_survives_a_save_and_a_reload() -> None:
    game = Game(["Ann", "Bo"], seed=47)
    game.roll()
    game.toggle_hold(0)
    game.roll()
    before = game.state()
    game.score(Category.YARBOROUGH)
    saved = json.loads(json.dumps(game_to_dict(game)))
    assert saved["undo"] == {"held": [True, False, False, False, False], "rolls_left": 1}
    again = game_from_dict(saved)
    assert again == game and again.can_undo()
    again.undo()
    assert again.state() == before
    again.roll()
    assert game_from_dict(game_to_dict(again)).state().undo is None
