"""A player's position as the strategy sees it, and a recorded decision taken in one.

This module is light on purpose: the app keeps decisions from the first move (for the
coach and the review) without loading the strategy table or its machinery.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..rules import (
    BASIC_BOXES,
    DICE_COUNT,
    FACES,
    ROLLS_PER_TURN,
    Category,
    Game,
    SaveError,
    SaveProblem,
    score,
)
from ..rules.save import Fields
from ..rules.scoring import TOP_TIER_AT
from ..rules.values import is_whole

SUBTOTAL_CAP = TOP_TIER_AT
"""The Basic subtotal matters up to 78, the top bonus tier."""

BOXES: tuple[Category, ...] = tuple(Category)
"""The boxes in sheet order: bit i of a filled-box set stands for ``BOXES[i]``."""

KISMET_BIT = 1 << BOXES.index(Category.KISMET)
FULL = (1 << len(BOXES)) - 1
"""The filled-box set of a finished column."""

Lookup = Callable[[int, int, bool], float]
"""V(filled, subtotal, joker): expected points still to come from a turn start."""


_POINTS: dict[tuple[Category, tuple[int, ...], bool], int] = {}
"""``box_points`` worked out so far: at most 15 boxes x 252 sorted rolls x 2, and asked
for again and again (every choice of the strategy, the computers, the hints and the win
chances weighs each open box for each roll), so kept instead of scored through the
rules' checks each time."""


def box_points(box: Category, roll: Sequence[int], joker: bool) -> int:
    """Points of ``box`` for a roll, as a joker when it is an extra Kismet."""
    key = (box, tuple(sorted(roll)), joker)
    points = _POINTS.get(key)
    if points is None:
        points = _POINTS[key] = score(box, roll, joker=joker and len(set(roll)) == 1)
    return points


class State(NamedTuple):
    """A player's position at the start of a turn, as the table sees it."""

    filled: int
    """Bit set of filled boxes (bit i for ``BOXES[i]``)."""
    subtotal: int
    """Basic subtotal, capped at 78."""
    joker: bool
    """The Kismet box holds more than 0."""
    scored: int
    """Points already in the boxes (bonus not included)."""

    @classmethod
    def of(cls, game: Game, player: int) -> State:
        """The position of ``player`` in ``game``."""
        sheet = game.sheet(player)
        filled = sum(1 << i for i, box in enumerate(BOXES) if sheet[box] is not None)
        basic = sum(sheet[box] or 0 for box in BASIC_BOXES)
        return cls(
            filled=filled,
            subtotal=min(SUBTOTAL_CAP, basic),
            joker=bool(sheet[Category.KISMET]),
            scored=sum(v or 0 for v in sheet.values()),
        )

    def after(self, box: Category, points: int) -> State:
        """The state after writing ``points`` in the open ``box``."""
        subtotal = self.subtotal
        if box.face is not None:
            subtotal = min(SUBTOTAL_CAP, subtotal + points)
        return State(
            filled=self.filled | 1 << BOXES.index(box),
            subtotal=subtotal,
            joker=self.joker or (box is Category.KISMET and points > 0),
            scored=self.scored + points,
        )

    def open_boxes(self) -> list[Category]:
        """The open boxes, in sheet order."""
        return [box for i, box in enumerate(BOXES) if not self.filled >> i & 1]

    def value_after(self, box: Category, roll: Sequence[int], future: Lookup) -> float:
        """What filling ``box`` with ``roll`` is worth from here: its points, plus the
        expected points still to come (``future``) from the state it leads to."""
        points = box_points(box, roll, self.joker)
        nxt = self.after(box, points)
        return points + future(nxt.filled, nxt.subtotal, nxt.joker)


def turn_key(state: State) -> State:
    """A state as a turn's values are kept: the points scored so far do not matter."""
    return State(state.filled, state.subtotal, state.joker, 0)


class Decision(NamedTuple):
    """One decision of a person, as recorded during the game: the dice kept before a
    re-roll (``keep``), or the box filled (``box``)."""

    player: int
    state: State
    dice: tuple[int, ...]
    """The dice showing, sorted."""
    rolls_left: int
    keep: tuple[int, ...] | None = None
    box: Category | None = None

    def to_dict(self) -> dict[str, Any]:
        """The decision as a JSON-safe dict."""
        s = self.state
        return {
            "player": self.player,
            "state": [s.filled, s.subtotal, s.joker, s.scored],
            "dice": list(self.dice),
            "rolls_left": self.rolls_left,
            "keep": None if self.keep is None else list(self.keep),
            "box": None if self.box is None else self.box.value,
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "decision") -> Decision:
        """Read a recorded decision; raises ``SaveError`` for anything else."""
        record = Fields(data, where, ("player", "state", "dice", "rolls_left", "keep", "box"))
        decision = cls(
            player=record.integer("player"),
            state=record.parsed("state", _state),
            dice=record.parsed("dice", _faces),
            rolls_left=record.integer("rolls_left", low=0, high=ROLLS_PER_TURN - 1),
            keep=record.parsed("keep", lambda k: None if k is None else _faces(k, exact=False)),
            box=record.parsed("box", lambda b: None if b is None else Category(b)),
        )
        if (decision.keep is None) == (decision.box is None):
            raise SaveError(SaveProblem.BAD_VALUE, where, field="keep")
        return decision


def _faces(values: object, *, exact: bool = True) -> tuple[int, ...]:
    """Sorted faces from a stored list (five of them when ``exact``)."""
    if not isinstance(values, list) or any(not is_whole(v) or v not in FACES for v in values):
        raise ValueError("not faces")
    if (exact and len(values) != DICE_COUNT) or len(values) > DICE_COUNT:
        raise ValueError("not five faces")
    return tuple(sorted(values))


def _state(values: object) -> State:
    """A stored ``[filled, subtotal, joker, scored]``."""
    if not isinstance(values, list) or len(values) != 4:
        raise ValueError("not a state")
    filled, subtotal, joker, scored = values
    if not all(is_whole(v) for v in (filled, subtotal, scored)) or not isinstance(joker, bool):
        raise ValueError("not a state")
    if not (0 <= filled <= FULL and 0 <= subtotal <= SUBTOTAL_CAP and scored >= 0):
        raise ValueError("not a state")
    return State(filled, subtotal, joker, scored)
