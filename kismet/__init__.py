"""Kismet, the 1964 dice game billed as "the modern game of Yacht", as a pure-Python package.

The rules follow the project's rules page: five dice with coloured pips, up to three rolls a
turn, a 15-box score sheet with a three-tier bonus, colour boxes, and the extra-Kismet joker
and penalty. Nothing here does I/O, so the same code runs in CPython and in the browser.

The package is in layers, each importing only those below it (a test checks it):
``rules`` (the game) <- ``advice`` (strategy, computers, review) and ``text`` (words) <-
``app`` (storage, settings, the session, the view) <- ``html`` (the page). The names of
``rules`` are here too:

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

from .rules import *  # noqa: F403 - the rules' public names are the package's
from .rules import __all__ as __all__
