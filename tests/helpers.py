"""Small helpers shared by the rules tests."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import pytest

from kismet import Category, Game, RuleError
from kismet.text import explain

FIVE_THREES = (3, 3, 3, 3, 3)


def play(game: Game, dice: Iterable[int], box: Category) -> int:
    """One turn with physical dice: enter the five faces, then score ``box``."""
    game.set_dice(list(dice))
    return game.score(box)


def fill_in_order(game: Game, player: int, boxes: Iterable[Category]) -> None:
    """Have ``player`` score ``boxes`` with plain 1-2-3-4-6 on each of their turns, while
    every other player scores the same junk in their own topmost open box."""
    wanted = list(boxes)
    while wanted:
        if game.current == player:
            play(game, (1, 2, 3, 4, 6), wanted.pop(0))
        else:
            play(game, (1, 2, 3, 4, 6), game.open_boxes(game.current)[-1])


@contextmanager
def refused(pattern: str) -> Iterator[None]:
    """The block raises ``RuleError``, whose English explanation matches ``pattern``."""
    with pytest.raises(RuleError) as caught:
        yield
    words = explain(caught.value)
    assert re.search(pattern, words), f"{pattern!r} not in {words!r}"


def almost_finished(seed: int = 11, name: str = "Player 1") -> str:
    """A stored game at the table (``kismet:v1:game``): one player, 14 boxes filled, the
    last turn not begun."""
    import json

    from kismet.app.base.table import Table

    game = Game([name], seed=seed)
    for _ in range(14):
        game.roll()
        game.score(game.open_boxes(0)[0])
    return json.dumps(Table(game, (None,), started="2026-12-01T08:00:00+00:00").to_dict())
