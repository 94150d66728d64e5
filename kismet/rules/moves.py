"""Moves as values: what a player does, as data that can be listed, compared, stored and
made (``Game.legal_actions()``, ``Game.apply(move)``).

    >>> from kismet import Category, Game
    >>> from kismet.rules.moves import Hold, Roll, Score
    >>> game = Game(["Ann"], seed=1)
    >>> game.legal_actions()
    [Roll()]
    >>> game.apply(Roll())
    (6, 2, 1, 6, 4)
    >>> Hold(0) in game.legal_actions() and Score(Category.STRAIGHT) in game.legal_actions()
    True

A move is made through the game's own action (``roll``, ``toggle_hold``, ``set_dice``,
``score``), so it is checked exactly as that action is and changes nothing when refused.
Entering real dice (``Enter``) is never listed: its faces are the player's to say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .dice import DICE_COUNT
from .scoring import Category


class Playable(Protocol):
    """What moves are made on (a ``Game``; named here so this module needs no import of
    it)."""

    def roll(self) -> tuple[int, ...]: ...
    def toggle_hold(self, die: int) -> bool: ...
    def set_dice(self, faces: Sequence[int]) -> tuple[int, ...]: ...
    def score(self, category: Category) -> int: ...
    def can_roll(self) -> bool: ...
    def can_hold(self, die: int) -> bool: ...
    def can_score(self, category: Category) -> bool: ...


class Roll(NamedTuple):
    """Roll every die that is not held."""

    def apply(self, game: Playable) -> tuple[int, ...]:
        return game.roll()


class Hold(NamedTuple):
    """Hold a free die, or release a held one."""

    die: int

    def apply(self, game: Playable) -> bool:
        return game.toggle_hold(self.die)


class Enter(NamedTuple):
    """Enter the five faces of a roll of real dice."""

    faces: tuple[int, ...]

    def apply(self, game: Playable) -> tuple[int, ...]:
        return game.set_dice(self.faces)


class Score(NamedTuple):
    """Fill a box with the dice showing."""

    box: Category

    def apply(self, game: Playable) -> int:
        return game.score(self.box)


Move = Roll | Hold | Enter | Score
"""Any move."""


def legal_actions(game: Playable) -> list[Move]:
    """The moves the rules allow now: the roll, each die that may be held or released, and
    each box that may be filled (never ``Enter``, whose faces are the player's)."""
    moves: list[Move] = [Roll()] if game.can_roll() else []
    moves += [Hold(die) for die in range(DICE_COUNT) if game.can_hold(die)]
    moves += [Score(box) for box in Category if game.can_score(box)]
    return moves


def hold_moves(held: Sequence[bool], mask: int) -> list[Hold]:
    """The holds and releases that leave exactly the dice of a bit mask held (die i is bit
    i): a turn's recorded holds, played again."""
    return [Hold(die) for die in range(DICE_COUNT) if bool(mask >> die & 1) != held[die]]
