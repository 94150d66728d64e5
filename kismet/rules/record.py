"""A finished game's score sheet as a short text, replayed through the rules to read it.

The record of a game keeps, in the order they were filled, every box a player chose and the
dice they scored: six characters each, the box's letter (``a`` Ones ... ``o`` Kismet, in
the sheet's order) and the five faces. Penalty zeros are not written: the replay puts them
where the rules do. A solo game takes 90 characters, and a few thousand games fit in a
browser's storage.

``replay_record`` plays the text through the rules, as a game of real dice, so a record
that reads is a game the rules could have produced; anything else raises ``SaveError``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .dice import DICE_COUNT, FACES
from .errors import SaveError, SaveProblem
from .game import Game
from .moves import Enter, Move, Score
from .replay import replay
from .scoring import Category

_LETTERS = "abcdefghijklmno"
_BOXES = tuple(Category)
_STEP = 1 + DICE_COUNT
_DIGITS = frozenset(str(face) for face in FACES)

MAX_RECORD_LENGTH = _STEP * len(_BOXES) * 8
"""The longest record (eight players, every box chosen)."""


def encode_fills(game: Game) -> str:
    """The boxes chosen in ``game`` and their dice, in order (penalty zeros left out)."""
    return "".join(
        _LETTERS[_BOXES.index(fill.category)] + "".join(map(str, fill.dice))
        for fill in game.history
        if not fill.penalty
    )


def replay_record(players: tuple[str, ...], fills: str, where: str = "record") -> Game:
    """The game a record describes, played through the rules; raises ``SaveError`` when the
    text is not a record or the rules would not have produced it."""
    if not isinstance(fills, str) or len(fills) % _STEP or len(fills) > MAX_RECORD_LENGTH:
        raise SaveError(SaveProblem.BAD_VALUE, where, field="fills")
    chosen = []
    for start in range(0, len(fills), _STEP):
        letter, faces = fills[start], fills[start + 1 : start + _STEP]
        if letter not in _LETTERS or not set(faces) <= _DIGITS:
            raise SaveError(SaveProblem.BAD_VALUE, where, field="fills")
        chosen.append((_BOXES[_LETTERS.index(letter)], tuple(int(f) for f in faces)))

    def moves(game: Game) -> Iterator[tuple[str, Move]]:
        for box, dice in chosen:
            if game.is_over:
                raise SaveError(SaveProblem.BAD_VALUE, where, field="fills")
            yield where, Enter(dice)
            yield where, Score(box)

    game = replay(players, moves, where=where)
    if not game.is_over:
        raise SaveError(SaveProblem.UNFINISHED, where)
    return game
