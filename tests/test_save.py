"""Saving and loading: exact round trips, and clear errors for anything that is not a save."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from kismet import (
    SAVE_VERSION,
    Category,
    Game,
    SaveError,
    SaveProblem,
    game_from_dict,
    game_to_dict,
)
from kismet.text import explain
from tests.helpers import FIVE_THREES, play


def mid_game() -> Game:
    """Two players, an extra Kismet with its penalty behind them, Bo mid-turn with a hold."""
    game = Game(["Ann", "Bo"], seed=31)
    play(game, FIVE_THREES, Category.KISMET)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    play(game, FIVE_THREES, Category.FULL_HOUSE)
    play(game, (2, 2, 5, 5, 5), Category.FIVES)
    game.roll()
    game.roll()
    game.toggle_hold(2)
    return game


def test_round_trip_is_exact_and_json_safe() -> None:
    game = mid_game()
    data = game_to_dict(game)
    assert data["format"] == "kismet.game" and data["version"] == SAVE_VERSION
    restored = game_from_dict(json.loads(json.dumps(data)))
    assert game_to_dict(restored) == data
    assert restored == game
    for who in range(2):
        assert restored.sheet(who) == game.sheet(who)
    assert (restored.dice, restored.held, restored.rolls_left, restored.current) == (
        game.dice, game.held, game.rolls_left, game.current,
    )  # fmt: skip
    assert restored.history == game.history


def test_a_reloaded_game_rolls_the_dice_it_would_have_rolled() -> None:
    game = mid_game()
    restored = game_from_dict(game_to_dict(game))
    assert restored.roll() == game.roll()
    restored.score(Category.STRAIGHT)
    game.score(Category.STRAIGHT)
    assert [restored.roll() for _ in range(3)] == [game.roll() for _ in range(3)]


def test_stream_state_is_hex_text_so_javascript_keeps_it_exact() -> None:
    stream = game_to_dict(Game(["Ann"], seed=2**64 - 1))["stream"]
    assert isinstance(stream, str) and len(stream) == 16


def edited(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(game_to_dict(mid_game()))
    change(data)
    return data


BAD_SAVES = {
    "not an object": lambda d: d.clear() or d.update(x=1),
    "unknown version": lambda d: d.update(version=99),
    "version as text": lambda d: d.update(version="1"),
    "other format": lambda d: d.update(format="yahtzee"),
    "missing field": lambda d: d.pop("held"),
    "extra field": lambda d: d.update(cheat=True),
    "players not a list": lambda d: d.update(players="Ann"),
    "no players": lambda d: d.update(players=[]),
    "nine players": lambda d: d.update(players=[str(i) for i in range(9)]),
    "empty name": lambda d: d.update(players=["Ann", ""]),
    "current wrong": lambda d: d.update(current=0),
    "current as bool": lambda d: d.update(current=True),
    "rolls_left too many": lambda d: d.update(rolls_left=4),
    "rolls_left negative": lambda d: d.update(rolls_left=-1),
    "dice with a seven": lambda d: d.update(dice=[7, 1, 1, 1, 1]),
    "four dice": lambda d: d.update(dice=[1, 1, 1, 1]),
    "dice but three rolls left": lambda d: d.update(rolls_left=3),
    "no dice but rolls used": lambda d: d.update(dice=[], held=[False] * 5),
    "held before rolling": lambda d: d.update(dice=[], rolls_left=3, held=[True] + [False] * 4),
    "held as numbers": lambda d: d.update(held=[1, 0, 0, 0, 0]),
    "four holds": lambda d: d.update(held=[False] * 4),
    "stream not hex": lambda d: d.update(stream="xyz"),
    "stream too long": lambda d: d.update(stream="1" * 17),
    "stream as number": lambda d: d.update(stream=12),
    "history not a list": lambda d: d.update(history={}),
    "points changed": lambda d: d["history"][0].update(points=80),
    "box unknown": lambda d: d["history"][0].update(box="chance"),
    "box filled twice": lambda d: d["history"][4].update(box="kismet"),
    "wrong player": lambda d: d["history"][1].update(player=0),
    "joker flag lies": lambda d: d["history"][2].update(joker=False),
    "penalty removed": lambda d: d["history"].pop(3),
    "penalty invented": lambda d: d["history"].insert(
        1, {"player": 1, "box": "ones", "points": 0, "dice": [], "joker": False, "penalty": True}
    ),
    "penalty in wrong box": lambda d: d["history"][3].update(box="twos"),
    "scored without dice": lambda d: d["history"][1].update(dice=[]),
    "history entry not an object": lambda d: d["history"].append(5),
    "history entry missing field": lambda d: d["history"][0].pop("joker"),
    "dice in history not a list": lambda d: d["history"][0].update(dice="33333"),
    "player index out of range": lambda d: d["history"][0].update(player=5),
    "undo after a roll": lambda d: d.update(undo={"held": [False] * 5, "rolls_left": 1}),
    "undo with four holds": lambda d: d.update(
        dice=[], held=[False] * 5, rolls_left=3, undo={"held": [False] * 4, "rolls_left": 1}
    ),
    "undo before any roll": lambda d: d.update(
        dice=[], held=[False] * 5, rolls_left=3, undo={"held": [False] * 5, "rolls_left": 3}
    ),
    "undo as a list": lambda d: d.update(dice=[], held=[False] * 5, rolls_left=3, undo=[1]),
    "undo missing": lambda d: d.pop("undo"),
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_bad_saves_raise_save_error_naming_the_problem(name: str) -> None:
    data = edited(BAD_SAVES[name])
    with pytest.raises(SaveError) as caught:
        game_from_dict(data)
    assert str(caught.value)  # a message, never empty
    assert isinstance(caught.value, ValueError) and caught.value.problem in SaveProblem
    for lang in ("en", "ko"):
        assert "{" not in explain(caught.value, lang)  # every parameter filled in


@pytest.mark.parametrize("value", [None, 5, "save", [], [1, 2], b"{}", 3.5])
def test_things_that_are_not_objects_are_refused(value: object) -> None:
    with pytest.raises(SaveError):
        game_from_dict(value)


def test_unknown_version_is_named() -> None:
    data = game_to_dict(mid_game())
    data["version"] = 3
    with pytest.raises(SaveError) as caught:
        game_from_dict(data)
    assert caught.value.problem is SaveProblem.VERSION
    assert "format 3" in explain(caught.value) and "reads format 2" in explain(caught.value)


def test_a_version_1_save_loads_with_nothing_to_take_back() -> None:
    data = game_to_dict(mid_game())
    data["version"] = 1
    for field in ("undo", "linked", "holds", "turn_holds"):
        del data[field]
    game = game_from_dict(data)
    known = mid_game().state()
    # Version 1 kept no holds: each turn's are taken as none.
    assert game.state() == known._replace(holds=((),) * len(known.holds), turn_holds=(0,))
    assert not game.can_undo() and not game.linked
    data["undo"] = None  # version 1 has no such field
    with pytest.raises(SaveError):
        game_from_dict(data)


def test_a_finished_game_round_trips() -> None:
    game = Game(["Ann", "Bo"], seed=32)
    while not game.is_over:
        game.roll()
        game.score(next(iter(game.options())))
    restored = game_from_dict(game_to_dict(game))
    assert restored.is_over and restored.winners == game.winners
    assert [restored.total(p) for p in range(2)] == [game.total(p) for p in range(2)]
