"""Saving and loading games as plain JSON-safe dicts, with a format version.

A save holds the players, every filled box (``history``), the turn in progress and the
random stream. Loading replays the history through the rules, so a save that loads is a
game the rules could have produced; anything else raises ``SaveError`` naming the problem.

Format version 2::

    {"format": "kismet.game", "version": 2,
     "players": ["Ann", "Bo"], "current": 0,
     "dice": [5, 5, 2, 5, 1], "held": [true, true, false, true, false], "rolls_left": 1,
     "stream": "9e3779b97f4a7c15",
     "history": [{"player": 0, "box": "fives", "points": 15, "dice": [5, 5, 5, 1, 2],
                  "joker": false, "penalty": false}, ...],
     "undo": null, "linked": false, "holds": [[0b00111], ...], "turn_holds": [3]}

``undo`` is ``{"held": [...], "rolls_left": n}`` while the last box filled may be taken back
(``Game.undo``): how its turn stood before. ``linked`` says the dice are linked (``stream``
is then their seed). ``holds`` has, for each turn played, the dice held before each re-roll
(bit masks), and ``turn_holds`` the same for the turn in progress. Version 1 had none of
these four: it loads with nothing to take back, stream dice, and its holds unknown (none).

``Fields`` reads any stored JSON object this way (the app's envelopes, settings and
records use it too), so stored data is checked in one way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from .dice import as_roll
from .errors import SaveError, SaveProblem
from .game import ROLLS_PER_TURN, Fill, Game, GameState, UndoPoint
from .moves import Enter, Move, Score
from .replay import replay
from .scoring import Category
from .values import is_whole

SAVE_FORMAT = "kismet.game"
"""The ``format`` field of every saved game."""

SAVE_VERSION = 2
"""The save format version this code writes (it reads every version up to it)."""

READABLE_VERSIONS = (1, 2)
"""The save format versions this code reads; each older one is migrated as it loads."""

_GAME_FIELDS: dict[int, tuple[str, ...]] = {
    1: (
        "format",
        "version",
        "players",
        "current",
        "dice",
        "held",
        "rolls_left",
        "stream",
        "history",
    ),
}
_GAME_FIELDS[2] = (*_GAME_FIELDS[1], "undo", "linked", "holds", "turn_holds")
_FILL_FIELDS = ("player", "box", "points", "dice", "joker", "penalty")
_HEX = frozenset("0123456789abcdef")
_STREAM_DIGITS = 16

T = TypeVar("T")
_MISSING: Any = object()


class Fields:
    """A stored JSON object, read field by field: each getter checks the field's type and
    raises ``SaveError`` naming the field (and ``where`` the object is) when it is wrong."""

    def __init__(
        self, data: object, where: str, required: Iterable[str], optional: Iterable[str] = ()
    ) -> None:
        if not isinstance(data, Mapping):
            raise SaveError(SaveProblem.NOT_AN_OBJECT, where, found=type(data).__name__)
        wanted, maybe = set(required), set(optional)
        keys = set(data)
        if not wanted <= keys <= wanted | maybe:
            missing, extra = sorted(wanted - keys), sorted(map(str, keys - wanted - maybe))
            raise SaveError(SaveProblem.FIELDS, where, missing=missing, extra=extra)
        self.data: Mapping[str, Any] = data
        self.where = where

    def has(self, name: str) -> bool:
        """Whether the (optional) field is there."""
        return name in self.data

    def get(self, name: str, kind: type[T], default: T = _MISSING) -> T:
        """The field, which must be a ``kind`` (a bool is not an int); ``default`` when an
        optional field is absent."""
        if name not in self.data and default is not _MISSING:
            return default
        value = self.data[name]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            raise SaveError(SaveProblem.FIELD_TYPE, self.where, field=name, kind=kind.__name__)
        return value

    def integer(self, name: str, default: int = _MISSING, *, low: int = 0, high: int = 0) -> int:
        """A whole number field, from ``low`` to ``high`` when ``high`` is given."""
        value = self.get(name, int, default)
        if high and not low <= value <= high:
            raise SaveError(SaveProblem.BAD_VALUE, self.where, field=name)
        return value

    def text(self, name: str, default: str = _MISSING) -> str:
        """A text field."""
        return self.get(name, str, default)

    def flag(self, name: str, default: bool = _MISSING) -> bool:
        """A true/false field."""
        return self.get(name, bool, default)

    def count(self, name: str) -> int | None:
        """An optional field that is a whole number from 1 up, or null (None when absent)."""
        value = self.data.get(name)
        if value is None:
            return None
        if not is_whole(value) or value < 1:
            raise SaveError(SaveProblem.BAD_VALUE, self.where, field=name)
        return value

    def items(self, name: str, default: list[Any] = _MISSING) -> list[Any]:
        """A list field (its items are checked by the caller)."""
        return self.get(name, list, default)

    def list_of(
        self, name: str, item: Callable[[Any], bool], *, length: int | None = None
    ) -> list[Any]:
        """A list field whose every item passes ``item`` (and of ``length`` items, when
        given); else ``SaveError`` naming the field."""
        values = self.items(name)
        if (length is not None and len(values) != length) or not all(map(item, values)):
            raise SaveError(SaveProblem.BAD_VALUE, self.where, field=name)
        return values

    def per_player(self, name: str, players: int, item: Callable[[Any], bool]) -> list[Any]:
        """An optional list of one item per player, each passing ``item`` (absent or empty:
        not kept, ``[]``); else ``SaveError`` naming the field."""
        if not self.data.get(name):
            return self.items(name, [])
        return self.list_of(name, item, length=players)

    def parsed(self, name: str, parse: Callable[[Any], T], default: T = _MISSING) -> T:
        """A field read by ``parse``, whose ``ValueError`` (or ``IndexError``, ``TypeError``)
        means a bad value."""
        if name not in self.data and default is not _MISSING:
            return default
        try:
            return parse(self.data[name])
        except (ValueError, IndexError, TypeError):
            raise SaveError(SaveProblem.BAD_VALUE, self.where, field=name) from None


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


def fill_from_dict(data: object, where: str = "history") -> Fill:
    """One history record from ``fill_to_dict``; raises ``SaveError`` for anything else."""
    record = Fields(data, where, _FILL_FIELDS)
    return Fill(
        player=record.integer("player"),
        category=record.parsed("box", Category),
        points=record.integer("points"),
        dice=record.parsed("dice", lambda d: as_roll(d) if d != [] else ()),
        joker=record.flag("joker"),
        penalty=record.flag("penalty"),
    )


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole game as a JSON-safe dict (see the module docstring)."""
    state = game.state()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "players": list(state.players),
        "current": state.current,
        "dice": list(state.dice),
        "held": list(state.held),
        "rolls_left": state.rolls_left,
        "stream": f"{state.stream:0{_STREAM_DIGITS}x}",
        "history": [fill_to_dict(f) for f in state.history],
        "undo": None
        if state.undo is None
        else {"held": list(state.undo.held), "rolls_left": state.undo.rolls_left},
        "linked": state.linked,
        "holds": [list(turn) for turn in state.holds],
        "turn_holds": list(state.turn_holds),
    } | ({"apart": True} if state.apart else {})


def game_from_dict(data: object) -> Game:
    """Rebuild a game from ``game_to_dict`` output; raises ``SaveError`` for anything else."""
    if not isinstance(data, Mapping):
        raise SaveError(SaveProblem.NOT_AN_OBJECT, "save", found=type(data).__name__)
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(SaveProblem.NOT_A_GAME, "save", format=data.get("format"))
    version = data.get("version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise SaveError(SaveProblem.VERSION, "save", version=version, readable=SAVE_VERSION)
    save = Fields(data, "save", _GAME_FIELDS[version], ("apart",) if version >= 2 else ())
    history = [fill_from_dict(r, f"history[{i}]") for i, r in enumerate(save.items("history"))]
    game = replay_history(save.items("players"), history)
    stream = save.text("stream")
    if not 1 <= len(stream) <= _STREAM_DIGITS or not set(stream) <= _HEX:
        raise SaveError(SaveProblem.STREAM, "save")
    # Before version 2 no holds were kept: those of each turn are unknown, taken as none.
    turns = sum(1 for fill in history if not fill.penalty)
    rerolls = max(0, ROLLS_PER_TURN - save.integer("rolls_left") - 1)
    state = GameState(
        players=game.players,
        history=game.history,
        current=save.integer("current"),
        dice=save.parsed("dice", lambda d: as_roll(d) if d != [] else ()),
        held=tuple(save.items("held")),
        rolls_left=save.integer("rolls_left"),
        stream=int(stream, 16),
        undo=save.parsed("undo", _undo_point, None),
        linked=save.flag("linked", False),
        apart=save.flag("apart", False),
        holds=save.parsed("holds", _holds_of_turns, ((),) * turns),
        turn_holds=save.parsed("turn_holds", _holds, (0,) * rerolls),
    )
    game.resume(state)
    return game


def _holds(data: object) -> tuple[int, ...]:
    """A turn's holds as stored (``Game.resume`` checks the masks)."""
    if not isinstance(data, list):
        raise ValueError("not a turn's holds")
    return tuple(data)


def _holds_of_turns(data: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(data, list):
        raise ValueError("not the holds of each turn")
    return tuple(_holds(turn) for turn in data)


def _undo_point(data: object) -> UndoPoint | None:
    """A saved ``undo``: null, or how the last filled box's turn stood."""
    if data is None:
        return None
    point = Fields(data, "undo", ("held", "rolls_left"))
    return UndoPoint(tuple(point.items("held")), point.integer("rolls_left"))


def replay_history(players: Sequence[str], history: Sequence[Fill]) -> Game:
    """A game played through the rules from a recorded history, checking each record is
    what the rules give; raises ``SaveError`` naming the first record that is not."""

    def moves(game: Game) -> Iterator[tuple[str, Move]]:
        for index, record in enumerate(history):
            where = f"history[{index}]"
            if index < len(game.history):
                continue  # a penalty zero the replay has already written
            if record.penalty:
                raise SaveError(SaveProblem.STRAY_PENALTY, where)
            if record.player != game.current:
                raise SaveError(
                    SaveProblem.WRONG_PLAYER, where, player=record.player, expected=game.current
                )
            yield where, Enter(record.dice)
            yield where, Score(record.category)
            for offset, produced in enumerate(game.history[index:], start=index):
                if offset < len(history) and history[offset] != produced:
                    raise SaveError(SaveProblem.DIFFERS, f"history[{offset}]")

    game = replay(players, moves)
    if len(game.history) != len(history):
        raise SaveError(SaveProblem.MISSING_PENALTY, "history")
    return game
