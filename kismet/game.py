"""A game of Kismet: players, turns, rolls, holds, the score sheet and extra Kismets."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import messages
from .dice import DICE_COUNT, as_roll
from .rng import DiceStream
from .scoring import Category, Totals, score

MIN_PLAYERS = 1
MAX_PLAYERS = 8
ROLLS_PER_TURN = 3
MAX_NAME_LENGTH = 40


class RuleError(ValueError):
    """An action the rules do not allow; the game is left exactly as it was.

    ``str(error)`` is the English message; ``key`` and ``params`` give it in any catalogue
    language through ``error.message(lang)``.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(messages.text(key, **params))

    def message(self, lang: str = messages.DEFAULT_LANGUAGE) -> str:
        """The message in ``lang``."""
        return messages.text(self.key, lang, **self.params)


@dataclass(frozen=True)
class Fill:
    """One filled box of the score sheet, as kept in ``Game.history``."""

    player: int
    """Index of the player whose box was filled."""
    category: Category
    """The box."""
    points: int
    """Points written in the box."""
    dice: tuple[int, ...]
    """The dice scored; empty for a penalty zero."""
    joker: bool = False
    """Scored on an extra Kismet (five of a kind with a Kismet box above zero)."""
    penalty: bool = False
    """A forced zero from another player's extra Kismet: the player's lost turn."""


def _is_control(ch: str) -> bool:
    # Control, format, surrogate and unassigned characters, except the joiners some scripts need.
    return unicodedata.category(ch).startswith("C") and ch not in "\u200c\u200d"


def check_players(players: Sequence[object]) -> tuple[str, ...]:
    """Check a list of 1-8 player names and return them, each stripped of outer spaces."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RuleError("error.player_count", count=repr(players))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("error.player_count", count=len(players))
    names = []
    for number, name in enumerate(players, start=1):
        if not isinstance(name, str):
            raise RuleError("error.player_name_type", number=number)
        name = name.strip()
        if not name:
            raise RuleError("error.player_name_empty", number=number)
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError("error.player_name_long", number=number, limit=MAX_NAME_LENGTH)
        if any(_is_control(ch) for ch in name):
            raise RuleError("error.player_name_control", number=number)
        names.append(name)
    return tuple(names)


class Game:
    """A game of Kismet for 1 to 8 players in seating order.

    Actions (``roll``, ``toggle_hold``, ``set_dice``, ``score``) either follow the rules or
    raise ``RuleError`` before anything changes.
    """

    def __init__(self, players: Sequence[str], *, seed: int | None = None) -> None:
        self._players = check_players(players)
        self._stream = DiceStream.from_seed(seed)
        self._sheets: list[dict[Category, int | None]] = [
            dict.fromkeys(Category) for _ in self._players
        ]
        self._current = 0
        self._history: list[Fill] = []
        self._dice: tuple[int, ...] = ()
        self._held: tuple[bool, ...] = (False,) * DICE_COUNT
        self._rolls_left = ROLLS_PER_TURN

    # ----------------------------------------------------------------- state

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seating order."""
        return self._players

    @property
    def current(self) -> int:
        """Index of the player to move (after the game ends, of the last player who moved)."""
        return self._current

    @property
    def dice(self) -> tuple[int, ...]:
        """The five faces showing, or ``()`` before the turn's first roll."""
        return self._dice

    @property
    def held(self) -> tuple[bool, ...]:
        """For each die, whether it is held (kept out of the next roll)."""
        return self._held

    @property
    def rolls_left(self) -> int:
        """Rolls the current player still has this turn (3 before the first)."""
        return self._rolls_left

    @property
    def history(self) -> tuple[Fill, ...]:
        """Every filled box in the order it was filled, penalty zeros included."""
        return tuple(self._history)

    def sheet(self, player: int) -> dict[Category, int | None]:
        """A player's score sheet column: points in each box, ``None`` while it is open."""
        return dict(self._sheets[self._player_index(player)])

    def open_boxes(self, player: int) -> tuple[Category, ...]:
        """A player's open boxes in sheet order."""
        column = self._sheets[self._player_index(player)]
        return tuple(c for c in Category if column[c] is None)

    def totals(self, player: int) -> Totals:
        """A player's subtotals, bonus and grand total so far."""
        return Totals.of(self._sheets[self._player_index(player)])

    def total(self, player: int) -> int:
        """A player's grand total so far."""
        return self.totals(player).grand

    @property
    def is_over(self) -> bool:
        """True when every box of every player is filled."""
        return all(v is not None for column in self._sheets for v in column.values())

    @property
    def winners(self) -> list[int]:
        """Indexes of the players with the highest grand total once the game is over, else []."""
        if not self.is_over:
            return []
        best = max(self.total(p) for p in range(len(self._players)))
        return [p for p in range(len(self._players)) if self.total(p) == best]

    @property
    def is_extra_kismet(self) -> bool:
        """True when scoring now would be an extra Kismet: five of a kind showing, and the
        current player's Kismet box already holds more than zero."""
        kismet = self._sheets[self._current][Category.KISMET]
        return bool(self._dice) and len(set(self._dice)) == 1 and bool(kismet)

    def options(self) -> dict[Category, int]:
        """Points each open box of the current player would get for the dice showing now.

        Empty before the turn's first roll and after the game ends.
        """
        if not self._dice or self.is_over:
            return {}
        joker = self.is_extra_kismet
        return {c: score(c, self._dice, joker=joker) for c in self.open_boxes(self._current)}

    # --------------------------------------------------------------- actions

    def roll(self) -> tuple[int, ...]:
        """Roll every die that is not held; returns the dice showing."""
        self._check_playing()
        if self._rolls_left == 0:
            raise RuleError("error.no_rolls_left")
        if self._dice and all(self._held):
            raise RuleError("error.all_held")
        old = self._dice or (0,) * DICE_COUNT
        pairs = zip(old, self._held, strict=True)
        self._dice = tuple(face if held else self._stream.face() for face, held in pairs)
        self._rolls_left -= 1
        return self._dice

    def toggle_hold(self, die: int) -> bool:
        """Hold a die that is free, or release one that is held; returns whether it is held."""
        self._check_playing()
        if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die < DICE_COUNT:
            raise RuleError("error.no_such_die", die=repr(die))
        if not self._dice:
            raise RuleError("error.no_dice_to_hold")
        if self._rolls_left == 0:
            raise RuleError("error.hold_after_last_roll")
        held = list(self._held)
        held[die] = not held[die]
        self._held = tuple(held)
        return held[die]

    def set_dice(self, faces: Sequence[int]) -> tuple[int, ...]:
        """Record five faces rolled with physical dice, as one of the turn's rolls.

        The faces replace all five dice and every hold is released (the player handles the
        real dice). Returns the dice showing.
        """
        self._check_playing()
        if self._rolls_left == 0:
            raise RuleError("error.no_rolls_left")
        try:
            dice = as_roll(faces)
        except ValueError:
            raise RuleError("error.bad_roll") from None
        self._dice = dice
        self._held = (False,) * DICE_COUNT
        self._rolls_left -= 1
        return dice

    def score(self, category: Category) -> int:
        """Fill one of the current player's open boxes with the dice showing; ends the turn.

        On an extra Kismet the dice score as a joker, every other player takes a zero in
        their topmost open box, and the roller plays again if they have an open box.
        Returns the points written in the box.
        """
        self._check_playing()
        if not isinstance(category, Category):
            raise RuleError("error.not_a_box", box=repr(category))
        if not self._dice:
            raise RuleError("error.score_before_roll")
        if self._sheets[self._current][category] is not None:
            raise RuleError("error.box_filled", box=category)
        return self._fill(category)

    # -------------------------------------------------------------- internals

    def _player_index(self, player: int) -> int:
        if isinstance(player, bool) or not isinstance(player, int):
            raise IndexError(f"No player {player!r}")
        if not 0 <= player < len(self._players):
            last = len(self._players) - 1
            raise IndexError(f"No player {player}: players are numbered 0 to {last}")
        return player

    def _check_playing(self) -> None:
        if self.is_over:
            raise RuleError("error.game_over")

    def _write(self, fill: Fill) -> None:
        self._sheets[fill.player][fill.category] = fill.points
        self._history.append(fill)

    def _fill(self, category: Category) -> int:
        """Score ``category`` with the dice showing (already checked legal) and end the turn."""
        roller = self._current
        extra = self.is_extra_kismet
        points = score(category, self._dice, joker=extra)
        self._write(Fill(roller, category, points, self._dice, joker=extra))
        if extra and len(self._players) > 1:
            for offset in range(1, len(self._players)):
                other = (roller + offset) % len(self._players)
                boxes = self.open_boxes(other)
                if boxes:
                    self._write(Fill(other, boxes[0], 0, (), penalty=True))
        self._next_turn(again=extra)
        return points

    def _next_turn(self, *, again: bool) -> None:
        self._dice = ()
        self._held = (False,) * DICE_COUNT
        self._rolls_left = ROLLS_PER_TURN
        count = len(self._players)
        start = 0 if again else 1
        for offset in range(start, start + count):
            player = (self._current + offset) % count
            if self.open_boxes(player):
                self._current = player
                return

    # ------------------------------------------------------------ save/load

    def to_dict(self) -> dict[str, Any]:
        """The whole game as a JSON-safe dict carrying a format version (see ``kismet.save``)."""
        from .save import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild a game saved by ``to_dict``; raises ``SaveError`` for anything else."""
        from .save import game_from_dict

        return game_from_dict(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"current={self._current}, dice={self._dice}"
        return f"<Game players={list(self._players)!r} {state} filled={len(self._history)}>"
