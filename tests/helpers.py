"""Small helpers shared by the rules tests."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
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


# ------------------------------------------------ a plain player's choices, for games by link


def greedy_mask(dice: tuple[int, ...]) -> int:
    """The dice a player after a Kismet keeps: every die of the commonest face (the highest
    of equals), as a mask (die i is bit i)."""
    face = max(set(dice), key=lambda f: (dice.count(f), f))
    return sum(1 << i for i, d in enumerate(dice) if d == face)


def greedy_box(game: Game) -> Category:
    """The open box that scores most now (the first on the sheet of equals)."""
    options = game.options()
    return max(options, key=lambda box: (options[box], -list(Category).index(box)))


def greedy_turn(
    game: Game,
    roll: Callable[[], object] | None = None,
    hold: Callable[[int], object] | None = None,
    score: Callable[[Category], object] | None = None,
) -> None:
    """A whole turn of that player: roll, keep the commonest face while rolls are left and
    the dice are not all alike, then the best box. On a plain ``Game``, or through other
    hands (a session's moves, a page's clicks) that ``roll``, ``hold`` a die and ``score``
    a box of ``game``."""
    roll, hold, score = roll or game.roll, hold or game.toggle_hold, score or game.score
    roll()
    while game.rolls_left and len(set(game.dice)) > 1:
        mask = greedy_mask(game.dice)
        for die in range(5):
            if game.held[die] != bool(mask >> die & 1):
                hold(die)
        roll()
    score(greedy_box(game))


def seed_with_extra_kismet(names: tuple[str, ...], start: int = 0) -> int:
    """The first seed from ``start`` on which a game by link of ``names``, played by
    ``greedy_turn``, has an extra Kismet (its penalties and extra turn)."""
    for seed in range(start, start + 5000):
        game = Game(list(names), seed=seed, linked=True, apart=True)
        while not game.is_over:
            greedy_turn(game)
        if any(fill.joker for fill in game.history):
            return seed
    raise AssertionError("no extra Kismet in 5000 games")
