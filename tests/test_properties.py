"""Property tests: random games, random illegal actions, fuzzed saves."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kismet import (
    Category,
    Game,
    RuleError,
    SaveError,
    game_from_dict,
    game_to_dict,
    upper_bonus,
)
from kismet.rules.moves import Enter, Hold, Roll, Score

names = st.lists(
    st.sampled_from(["Ann", "Bo", "Cy", "Di", "지민", "<b>x</b>"]), min_size=1, max_size=4
)
faces = st.integers(min_value=1, max_value=6)
five_faces = st.lists(faces, min_size=5, max_size=5)
# Five of a kind often enough to exercise jokers and penalties.
rolls = st.one_of(five_faces, faces.map(lambda f: [f] * 5))


def roll_is_legal(game: Game) -> bool:
    return not game.is_over and game.rolls_left > 0 and not (game.dice and all(game.held))


def hold_is_legal(game: Game) -> bool:
    return not game.is_over and bool(game.dice) and game.rolls_left > 0


def score_is_legal(game: Game, box: Category) -> bool:
    return not game.is_over and bool(game.dice) and game.sheet(game.current)[box] is None


def check_invariants(game: Game) -> None:
    for player in range(len(game.players)):
        column = game.sheet(player)
        basic = sum(column[c] or 0 for c in list(Category)[:6])
        kismet = sum(column[c] or 0 for c in list(Category)[6:])
        assert game.total(player) == basic + upper_bonus(basic) + kismet
    if not game.is_over:
        assert game.open_boxes(game.current), "the player to move has an open box"
    assert len(game.dice) in (0, 5)
    assert (not game.dice) == (game.rolls_left == 3)


def attempt(game: Game, action: str, data: st.DataObject, taken: dict[str, Any]) -> int:
    """Try one action, legal or not; check a refusal changed nothing. Returns the change in
    the number of boxes filled by a turn: 1 for a score, -1 for an undo, else 0.

    ``taken`` remembers the game just before its last box was filled, while that box may
    still be taken back (until the next roll): an undo must give exactly that game again.
    """
    before = game_to_dict(game)
    state = game.state()
    try:
        if action == "undo":
            legal = "before" in taken
            game.undo()
            assert game.state() == taken.pop("before"), "undo did not restore the turn"
        elif action == "roll":
            legal = roll_is_legal(game)
            game.roll()
        elif action == "hold":
            legal = hold_is_legal(game)
            game.toggle_hold(data.draw(st.integers(0, 4)))
        elif action == "dice":
            legal = not game.is_over and game.rolls_left > 0
            game.set_dice(data.draw(rolls))
        else:
            box = data.draw(st.sampled_from(list(Category)))
            legal = score_is_legal(game, box)
            game.score(box)
            taken["before"] = state
    except RuleError:
        assert not legal, f"{action} refused though legal"
        assert game_to_dict(game) == before, "a refused action changed the game"
        return 0
    assert legal, f"{action} allowed though illegal"
    if action in ("roll", "dice"):
        taken.pop("before", None)  # a roll ends the chance to take the box back
    check_invariants(game)
    saved = json.loads(json.dumps(game_to_dict(game)))
    assert game_to_dict(game_from_dict(saved)) == saved
    return {"score": 1, "undo": -1}.get(action, 0)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=names, seed=st.integers(0, 2**64), data=st.data())
def test_random_games_follow_the_rules(players: list[str], seed: int, data: st.DataObject) -> None:
    game = Game(players, seed=seed)
    turns = 0
    taken: dict[str, Any] = {}
    actions = st.lists(st.sampled_from(["roll", "hold", "dice", "score", "undo"]), max_size=6)
    while not game.is_over:
        # Some actions, legal or not, then the turn is sure to end with a legal score.
        for action in data.draw(actions):
            turns += attempt(game, action, data, taken)
        if game.is_over:
            break
        if not game.dice:
            game.roll()
            taken.pop("before", None)
        taken["before"] = game.state()
        game.score(data.draw(st.sampled_from(game.open_boxes(game.current))))
        turns += 1
        check_invariants(game)
    penalties = sum(1 for f in game.history if f.penalty)
    assert len(game.history) == 15 * len(players)
    assert turns == 15 * len(players) - penalties
    assert all(v is not None for p in range(len(players)) for v in game.sheet(p).values())
    best = max(game.total(p) for p in range(len(players)))
    assert game.winners == [p for p in range(len(players)) if game.total(p) == best]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=json_values)
def test_fuzzed_values_are_refused_with_save_error(value: Any) -> None:
    try:
        game_from_dict(value)
    except SaveError:
        return
    raise AssertionError("a random value loaded as a game")


def sample_save() -> dict[str, Any]:
    game = Game(["Ann", "Bo"], seed=5)
    for dice, box in [
        ([2, 2, 2, 2, 2], Category.KISMET),
        ([1, 2, 3, 4, 6], Category.YARBOROUGH),
        ([2, 2, 2, 2, 2], Category.FULL_HOUSE),
        ([2, 2, 5, 5, 5], Category.FIVES),
    ]:
        game.set_dice(dice)
        game.score(box)
    game.roll()
    game.toggle_hold(1)
    return game_to_dict(game)


SAMPLE = sample_save()


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


@settings(max_examples=300, deadline=None)
@given(where=st.sampled_from(paths(SAMPLE)), new=json_values)
def test_mutated_saves_load_only_as_legal_games(where: tuple[Any, ...], new: Any) -> None:
    data = copy.deepcopy(SAMPLE)
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = new
    try:
        game = game_from_dict(data)
    except SaveError:
        return
    # Only a change the rules allow may load, and then it is a game in its own right.
    assert game_to_dict(game_from_dict(game_to_dict(game))) == game_to_dict(game)
    check_invariants(game)


# ------------------------------------------------------------------ moves as values


@settings(max_examples=60, deadline=None)
@given(names, st.integers(min_value=0, max_value=2**32), st.lists(st.integers(0, 999), max_size=80))
def test_legal_actions_agree_with_the_checks_and_apply_plays_them(
    players: list[str], seed: int, picks: list[int]
) -> None:
    # On random positions: a move is listed exactly when its can_ check allows it, every
    # listed move is made by apply without a refusal, and a move not listed is refused by
    # apply and changes nothing.
    game = Game(players, seed=seed)
    for pick in picks:
        moves = game.legal_actions()
        assert (Roll() in moves) == game.can_roll()
        for die in range(5):
            assert (Hold(die) in moves) == game.can_hold(die)
        for box in Category:
            assert (Score(box) in moves) == game.can_score(box)
        assert not any(isinstance(move, Enter) for move in moves)
        refused = [
            m for m in (Roll(), *map(Hold, range(5)), *map(Score, Category)) if m not in moves
        ]
        if refused:
            before = game.state()
            try:
                game.apply(refused[pick % len(refused)])
            except RuleError:
                pass
            else:
                raise AssertionError("a move not listed was made")
            assert game.state() == before
        if not moves:
            assert game.is_over
            break
        game.apply(moves[pick % len(moves)])


def test_a_move_made_as_a_value_is_the_action_itself() -> None:
    by_value, by_action = Game(["Ann", "Bo"], seed=9), Game(["Ann", "Bo"], seed=9)
    by_value.apply(Roll())
    by_action.roll()
    by_value.apply(Hold(2))
    by_action.toggle_hold(2)
    by_value.apply(Score(Category.YARBOROUGH))
    by_action.score(Category.YARBOROUGH)
    assert by_value.state() == by_action.state()
    entering = Game(["Ann"], seed=1)
    assert entering.apply(Enter((4, 4, 4, 4, 4))) == (4, 4, 4, 4, 4)
    assert entering.legal_actions()[0] == Roll()  # real dice are entered, never listed


def test_the_moves_module_examples() -> None:
    import doctest

    import kismet.rules.moves

    failures, tried = doctest.testmod(kismet.rules.moves)
    assert tried > 0 and failures == 0
