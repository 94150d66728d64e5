"""Kismet, the 1964 dice game billed as "the modern game of Yacht", as a pure-Python package.

The rules follow the project's rules page: five dice with coloured pips, up to three rolls a
turn, a 15-box score sheet with a three-tier bonus, colour boxes, and the extra-Kismet joker
and penalty. Nothing here does I/O, so the same code runs in CPython and in the browser.

>>> from kismet import Category, Game, score
>>> score(Category.FULL_HOUSE_SAME_COLOR, [2, 2, 2, 5, 5])
36
>>> game = Game(["Ann", "Bo"], seed=7)
>>> game.set_dice([3, 3, 3, 3, 3])
(3, 3, 3, 3, 3)
>>> game.score(Category.KISMET)
65
>>> game.players[game.current]
'Bo'
"""

from .dice import Color, as_roll, color_of, is_five_of_a_kind
from .game import MAX_PLAYERS, MIN_PLAYERS, ROLLS_PER_TURN, Fill, Game, RuleError
from .save import SAVE_VERSION, SaveError
from .scoring import (
    BASIC_BOXES,
    BONUS_TIERS,
    KISMET_BOXES,
    Category,
    Section,
    Totals,
    joker_fits,
    points_to_next_bonus,
    score,
    upper_bonus,
)

__all__ = [
    "BASIC_BOXES",
    "BONUS_TIERS",
    "KISMET_BOXES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROLLS_PER_TURN",
    "SAVE_VERSION",
    "Category",
    "Color",
    "Fill",
    "Game",
    "RuleError",
    "SaveError",
    "Section",
    "Totals",
    "as_roll",
    "color_of",
    "is_five_of_a_kind",
    "joker_fits",
    "points_to_next_bonus",
    "score",
    "upper_bonus",
]
