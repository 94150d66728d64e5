"""Saving and loading games as plain JSON-safe dicts, with a format version.

A save holds the players, every filled box (``history``), the turn in progress and the
random stream. Loading replays the history through the rules, so a save that loads is a
game the rules could have produced; anything else raises ``SaveError`` naming the problem.

Format version 1::

    {"format": "kismet.game", "version": 1,
     "players": ["Ann", "Bo"], "current": 0,
     "dice": [5, 5, 2, 5, 1], "held": [true, true, false, true, false], "rolls_left": 1,
     "stream": "9e3779b97f4a7c15",
     "history": [{"player": 0, "box": "fives", "points": 15, "dice": [5, 5, 5, 1, 2],
                  "joker": false, "penalty": false}, ...]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .dice import DICE_COUNT, as_roll
from .game import ROLLS_PER_TURN, Fill, Game, RuleError
from .rng import DiceStream
from .scoring import Category

SAVE_FORMAT = "kismet.game"
"""The ``format`` field of every saved game."""

SAVE_VERSION = 1
"""The save format version this code writes and reads."""

_GAME_FIELDS = {
    "format",
    "version",
    "players",
    "current",
    "dice",
    "held",
    "rolls_left",
    "stream",
    "history",
}
_FILL_FIELDS = {"player", "box", "points", "dice", "joker", "penalty"}

T = TypeVar("T")


class SaveError(ValueError):
    """A saved game that cannot be loaded: malformed, inconsistent, or of an unknown version."""


def fill_to_dict(fill: Fill) -> dict[str, Any]:
    """One history record as a JSON-safe dict."""
    return {
        "player": fill.player,
        "box": fill.category.value,
        "points": fill.points,
        "dice": list(fill.dice),
        "joker": fill.joker,
        "penalty": fill.penalty,
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole game as a JSON-safe dict (see the module docstring)."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "players": list(game.players),
        "current": game.current,
        "dice": list(game.dice),
        "held": list(game.held),
        "rolls_left": game.rolls_left,
        "stream": f"{game._stream.state:016x}",
        "history": [fill_to_dict(f) for f in game.history],
    }


def _field(data: Mapping[str, Any], name: str, kind: type[T], where: str = "the save") -> T:
    value = data[name]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise SaveError(f"{where}: {name!r} should be {kind.__name__}, not {value!r:.60}")
    return value


def _fields(data: object, expected: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise SaveError(f"{where} should be an object, not {type(data).__name__}")
    keys = set(data)
    if keys != expected:
        missing, extra = sorted(expected - keys), sorted(map(str, keys - expected))
        raise SaveError(f"{where}: missing fields {missing}, unexpected fields {extra}")
    return data


def _guard(where: str, check: Callable[[], T]) -> T:
    try:
        return check()
    except (ValueError, IndexError) as error:
        raise SaveError(f"{where}: {error}") from None


def _fill_from_dict(data: object, index: int) -> Fill:
    where = f"history entry {index}"
    record = _fields(data, _FILL_FIELDS, where)
    box = _field(record, "box", str, where)
    dice = _field(record, "dice", list, where)
    return Fill(
        player=_field(record, "player", int, where),
        category=_guard(where, lambda: Category(box)),
        points=_field(record, "points", int, where),
        dice=() if not dice else _guard(where, lambda: as_roll(dice)),
        joker=_field(record, "joker", bool, where),
        penalty=_field(record, "penalty", bool, where),
    )


def game_from_dict(data: object) -> Game:
    """Rebuild a game from ``game_to_dict`` output; raises ``SaveError`` for anything else."""
    if not isinstance(data, Mapping):
        raise SaveError(f"A saved game should be an object, not {type(data).__name__}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"Not a saved Kismet game (format {data.get('format')!r:.40})")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(
            f"Unknown save version {data.get('version')!r:.20} "
            f"(this app reads version {SAVE_VERSION})"
        )
    save = _fields(data, _GAME_FIELDS, "The save")
    players = _field(save, "players", list)
    history = [_fill_from_dict(r, i) for i, r in enumerate(_field(save, "history", list))]
    game = _guard("the players", lambda: Game(players, seed=0))
    _replay(game, history)

    current = _field(save, "current", int)
    if current != game.current:
        raise SaveError(f"the save has player {current} to move, but the rules say {game.current}")
    rolls_left = _field(save, "rolls_left", int)
    if not 0 <= rolls_left <= ROLLS_PER_TURN:
        raise SaveError(f"rolls_left should be 0 to {ROLLS_PER_TURN}, not {rolls_left}")
    raw_dice = _field(save, "dice", list)
    dice = _guard("the dice", lambda: as_roll(raw_dice)) if raw_dice else ()
    held = _field(save, "held", list)
    if len(held) != DICE_COUNT or not all(isinstance(h, bool) for h in held):
        raise SaveError(f"held should be {DICE_COUNT} true/false values, not {held!r:.60}")
    if (not dice) != (rolls_left == ROLLS_PER_TURN):
        raise SaveError("the dice and rolls_left disagree: dice show exactly when a roll was made")
    if not dice and any(held):
        raise SaveError("dice are held before the turn's first roll")
    if game.is_over and dice:
        raise SaveError("the game is over, yet dice are showing")
    stream = _field(save, "stream", str)
    if not 1 <= len(stream) <= 16 or any(ch not in "0123456789abcdef" for ch in stream):
        raise SaveError(f"stream should be up to 16 lower-case hex digits, not {stream!r:.40}")

    game._dice, game._held, game._rolls_left = dice, tuple(held), rolls_left
    game._stream = DiceStream(int(stream, 16))
    return game


def _replay(game: Game, history: list[Fill]) -> None:
    """Play the saved history through the rules, checking each record is what they give."""
    for index, record in enumerate(history):
        if index < len(game.history):
            continue  # a penalty zero the replay has already written
        if record.penalty:
            raise SaveError(f"history entry {index}: a penalty zero with no extra Kismet before it")
        if record.player != game.current:
            raise SaveError(
                f"history entry {index}: player {record.player} scored "
                f"on player {game.current}'s turn"
            )
        try:
            game.set_dice(record.dice)
            game.score(record.category)
        except RuleError as error:
            raise SaveError(f"history entry {index}: {error}") from None
        for offset, produced in enumerate(game.history[index:], start=index):
            if offset < len(history) and history[offset] != produced:
                raise SaveError(
                    f"history entry {offset} should be {fill_to_dict(produced)}, "
                    f"not {fill_to_dict(history[offset])}"
                )
    if len(game.history) != len(history):
        raise SaveError("the history ends before the penalty zeros of its last extra Kismet")
