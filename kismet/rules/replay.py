"""The one replay: a game played through the rules from a list of moves.

Saves, finished-game records and challenge links each keep a game in their own short form;
each turns it into moves (``kismet.rules.moves``) and has them played here, so every stored
game is proven the same way: by the rules themselves, move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .errors import RuleError, SaveError, SaveProblem
from .game import Game
from .moves import Move

Moves = Callable[[Game], Iterable[tuple[str, Move]]]
"""The moves of a stored game, each with where it is stored (named when it is refused).
Given the game being replayed, so that a codec can look at it between moves and refuse
what the rules would not have produced (``SaveError``)."""


def replay(
    players: Sequence[str],
    moves: Moves,
    *,
    seed: int = 0,
    linked: bool = False,
    apart: bool = False,
    where: str = "players",
) -> Game:
    """The game of ``moves`` played through the rules from its start; raises ``SaveError``
    for players the game refuses (at ``where``) or a move it refuses (at the move's
    place)."""
    try:
        game = Game(players, seed=seed, linked=linked, apart=apart)
    except RuleError as error:
        raise SaveError(SaveProblem.PLAYERS, where, reason=error.reason) from None
    for place, move in moves(game):
        try:
            game.apply(move)
        except RuleError as error:
            raise SaveError(SaveProblem.REFUSED, place, reason=error.reason) from None
    return game
