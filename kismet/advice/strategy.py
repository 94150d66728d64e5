"""Perfect play: the exact optimal solitaire strategy (maximise the expected grand total).

The whole-game table holds, for every turn-start state, the expected points still to come
under perfect play: ``V(filled boxes, Basic subtotal capped at 78, joker)`` where "joker"
means the Kismet box holds more than 0 (later five-of-a-kinds are extra Kismets). The build
computes it once with numpy (``tools/solve.py``); this module reads it and does the
per-turn computation in plain Python, so the same advice is given in CPython and in the
browser:

- after the last roll, the best box is the one maximising its points plus V of the state
  it leads to;
- before the second and third rolls, the best keep is the sub-multiset of the dice whose
  expected value over the re-rolled dice is highest.

In a game of several players the advice maximises the player's own expected total: the
table knows nothing of penalty zeros from other players' extra Kismets.
"""

from __future__ import annotations

import enum
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from ..rules import DICE_COUNT, FACES, NO_HOLDS, Category, Game, upper_bonus
from .state import BOXES, FULL, KISMET_BIT, SUBTOTAL_CAP, Lookup, State, box_points, turn_key

TABLE_PATH = "static/strategy.bin"
"""Where the build writes the table, relative to ``dist/``."""

TABLE_MAGIC = b"KSMT"
TABLE_VERSION = 1
TABLE_SCALE = 100
"""Values are stored as unsigned 16-bit hundredths of a point."""

ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(FACES, DICE_COUNT))
"""The 252 distinct rolls of five dice, as sorted tuples."""

KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep for size in range(DICE_COUNT + 1) for keep in combinations_with_replacement(FACES, size)
)
"""The 462 multisets of 0 to 5 dice a player can keep, smallest first."""

KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}
ROLL_KEEP = tuple(KEEP_INDEX[r] for r in ROLLS)
"""For each roll, its index among the keeps (keeping all five)."""

# For a keep of fewer than five dice: the keeps with one die more (one per face).
CHILDREN: tuple[tuple[int, ...], ...] = tuple(
    tuple(KEEP_INDEX[tuple(sorted((*k, f)))] for f in FACES) if len(k) < DICE_COUNT else ()
    for k in KEEPS
)
# For a keep of one die or more: the keeps with one die fewer (duplicates removed).
PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({KEEP_INDEX[k[:i] + k[i + 1 :]] for i in range(len(k))})) for k in KEEPS
)


_LIMITS = tuple(
    min(SUBTOTAL_CAP, sum(DICE_COUNT * face for i, face in enumerate(FACES) if basic >> i & 1))
    for basic in range(1 << len(FACES))
)
"""``subtotal_limit`` for each set of filled Basic boxes (their bits, the lowest)."""


def subtotal_limit(filled: int) -> int:
    """The highest Basic subtotal (capped) that the filled Basic boxes can hold."""
    return _LIMITS[filled & (1 << len(FACES)) - 1]


def table_layout() -> tuple[list[int], int]:
    """The offset of each filled-box set's values in the table, and the table's length.

    For each set (in numeric order): for joker 0 (and 1 if Kismet is filled), the values
    for subtotals 0 to ``subtotal_limit(set)``.
    """
    offsets = []
    total = 0
    for filled in range(FULL + 1):
        offsets.append(total)
        jokers = 2 if filled & KISMET_BIT else 1
        total += jokers * (subtotal_limit(filled) + 1)
    return offsets, total


@dataclass(frozen=True)
class TurnValues:
    """The exact values inside one turn, for one state: the heart of every decision.

    ``after[s][r]`` is the expected final outcome (points still to come) with roll ``r``
    showing and ``s`` rolls left, playing perfectly; ``keep[s][k]`` is the same before
    rolling the dice not in keep ``k`` with ``s`` rolls left after that roll.
    """

    state: State
    after: tuple[tuple[float, ...], ...]  # [rolls left 0..2][roll index]
    keep: tuple[tuple[float, ...], ...]  # [rolls left after the roll 0..2][keep index]

    @property
    def start(self) -> float:
        """Expected points still to come before the turn's first roll."""
        return self.keep[2][KEEP_INDEX[()]]


def expect(values: Sequence[float]) -> list[float]:
    """Keep values from roll values: the mean over the re-rolled dice, largest keeps first."""
    out = [0.0] * len(KEEPS)
    for r, k in enumerate(ROLL_KEEP):
        out[k] = values[r]
    for i in _EXPECT_ORDER:  # the six keeps with one die more, one for each face
        a, b, c, d, e, f = CHILDREN[i]
        out[i] = (out[a] + out[b] + out[c] + out[d] + out[e] + out[f]) / 6
    return out


_EXPECT_ORDER = tuple(i for i in range(len(KEEPS) - 1, -1, -1) if CHILDREN[i])
"""The keeps of fewer than five dice, largest first (each one's children come before it)."""


def _best_subkeep(keep_values: Sequence[float]) -> list[float]:
    """For each roll, the value of its best sub-multiset to keep."""
    best = list(keep_values)
    for i, parents in enumerate(PARENTS):
        for p in parents:
            if best[p] > best[i]:
                best[i] = best[p]
    return [best[k] for k in ROLL_KEEP]


ROLL_POINTS: dict[Category, tuple[int, ...]] = {
    box: tuple(box_points(box, roll, False) for roll in ROLLS) for box in BOXES
}
"""Each box's points for each roll (``ROLLS``), without a joker."""

FIVE_ALIKE = tuple(r for r, roll in enumerate(ROLLS) if len(set(roll)) == 1)
"""The rolls of five of a kind, which are extra Kismets when the Kismet box holds more than
0 (their points then are the joker's)."""

Worth = Callable[[Category, int, bool], float]
"""What filling a box with so many points is worth (``True``: with an extra Kismet)."""


def box_rows(state: State, worth: Worth) -> list[tuple[Category, list[float]]]:
    """For each open box, in sheet order, what filling it is worth for each roll: ``worth``
    is asked once for each distinct number of points the box can take (and for each extra
    Kismet)."""
    rows = []
    for box in state.open_boxes():
        points = ROLL_POINTS[box]
        known = {p: worth(box, p, False) for p in set(points)}
        values = [known[p] for p in points]
        if state.joker:
            for r in FIVE_ALIKE:
                values[r] = worth(box, box_points(box, ROLLS[r], True), True)
        rows.append((box, values))
    return rows


def best_of_rows(rows: Sequence[tuple[Category, Sequence[float]]]) -> list[float]:
    """For each roll, the highest worth among the boxes."""
    best = list(rows[0][1])
    for _, values in rows[1:]:
        best = list(map(max, best, values))
    return best


def best_keeps(keep_values: Sequence[float]) -> list[int]:
    """For each roll, the index of its best sub-multiset to keep (the first in ``KEEPS``
    among equals, as the computers choose)."""
    best = list(range(len(KEEPS)))
    for i, parents in enumerate(PARENTS):
        b = best[i]
        for p in parents:
            c = best[p]
            if keep_values[c] > keep_values[b] or (keep_values[c] == keep_values[b] and c < b):
                b = c
        best[i] = b
    return [best[k] for k in ROLL_KEEP]


def solve_turn(state: State, lookup: Lookup) -> TurnValues:
    """The exact expected values of every roll and keep in this state's turn."""

    def worth(box: Category, points: int, extra: bool) -> float:
        nxt = state.after(box, points)
        return points + lookup(nxt.filled, nxt.subtotal, nxt.joker)

    return turn_from_last(state, best_of_rows(box_rows(state, worth)))


def turn_from_last(state: State, last: Sequence[float]) -> TurnValues:
    """A turn's values from the worth of each roll after the last one (its best box): the
    best keep before each earlier roll, the mean over the dice rolled of what follows."""
    keep0 = expect(last)
    second = _best_subkeep(keep0)
    keep1 = expect(second)
    first = _best_subkeep(keep1)
    keep2 = expect(first)
    after = (tuple(last), tuple(second), tuple(first))
    return TurnValues(state, after, (tuple(keep0), tuple(keep1), tuple(keep2)))


class ChoiceKind(enum.StrEnum):
    """What a choice is: dice to keep before rolling the rest, or the box to fill now."""

    KEEP = "keep"
    BOX = "box"


@dataclass(frozen=True)
class Choice:
    """One option a player has now, with the expected final grand total it leads to."""

    kind: ChoiceKind
    keep: tuple[int, ...]
    """The faces kept, for a keep; the dice showing, for a box."""
    box: Category | None
    """The box, for a box choice."""
    expected: float
    """Expected final grand total after this choice, playing perfectly afterwards."""
    points: int = 0
    """The points the box takes now, for a box choice."""


class Advisor:
    """Answers "how good is this position, and what is best?" from the solved table."""

    def __init__(self, values: Sequence[int] | Sequence[float], *, scale: float = 1.0) -> None:
        self._values = values
        self._scale = scale
        self._offsets, length = table_layout()
        if len(values) != length:
            raise ValueError(f"A strategy table has {length} values, not {len(values)}")
        self._turns: dict[State, TurnValues] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> Advisor:
        """Read the table as the build writes it (``TABLE_PATH``)."""
        if data[:4] != TABLE_MAGIC:
            raise ValueError("Not a Kismet strategy table")
        version, count = struct.unpack_from("<II", data, 4)
        if version != TABLE_VERSION:
            raise ValueError(f"Unknown strategy table version {version}")
        body = memoryview(data)[12:]
        if len(body) != 2 * count:
            raise ValueError("The strategy table is truncated")
        values = body.cast("H")
        return cls(values, scale=1 / TABLE_SCALE)

    @classmethod
    def from_file(cls, path: str | Path) -> Advisor:
        """Read the table from a file (CPython)."""
        return cls.from_bytes(Path(path).read_bytes())

    def future(self, filled: int, subtotal: int, joker: bool) -> float:
        """Expected points still to come from a turn start in this state (bonus included)."""
        if filled == FULL:
            return float(upper_bonus(subtotal))
        index = self._offsets[filled] + subtotal
        if joker:
            index += subtotal_limit(filled) + 1
        return self._values[index] * self._scale

    def turn(self, state: State) -> TurnValues:
        """The per-turn values of a state (kept for the states asked about)."""
        found = self._turns.get(state)
        if found is None:
            key = turn_key(state)
            found = self._turns.get(key) or solve_turn(key, self.future)
            if len(self._turns) > 64:
                self._turns.clear()
            self._turns[key] = found
        return found

    # -------------------------------------------------------------- for a game

    def _position(self, game: Game) -> tuple[State, TurnValues]:
        if game.is_over:
            raise ValueError("The game is over")
        state = State.of(game, game.current)
        return state, self.turn(state)

    def value(self, game: Game) -> float:
        """Expected final grand total of the current player under perfect play from now."""
        state, turn = self._position(game)
        if not game.dice:
            return state.scored + turn.start
        stage = game.rolls_left  # 2 after the first roll, 1 after the second, 0 after the last
        return state.scored + turn.after[stage][ROLLS.index(tuple(sorted(game.dice)))]

    def choices(self, game: Game) -> list[Choice]:
        """Every option now, best first: keeps before a re-roll, boxes to fill."""
        state, _ = self._position(game)
        if not game.dice:
            return []
        return self.options(state, game.dice, game.rolls_left)

    def options(self, state: State, dice: Sequence[int], rolls_left: int) -> list[Choice]:
        """Every option with these dice showing in this state, best first."""
        roll = tuple(sorted(dice))
        options = [self.box_choice(state, box, roll) for box in state.open_boxes()]
        if rolls_left > 0:
            for keep in sorted(sub_multisets(roll)):
                if len(keep) == DICE_COUNT:
                    continue  # keeping all five is scoring now, listed as boxes
                options.append(self.keep_choice(state, keep, rolls_left))
        options.sort(key=lambda c: -c.expected)
        return options

    def box_choice(self, state: State, box: Category, dice: Sequence[int]) -> Choice:
        """Filling ``box`` with these dice, and the expected final total it leads to."""
        roll = tuple(sorted(dice))
        expected = state.scored + state.value_after(box, roll, self.future)
        return Choice(ChoiceKind.BOX, roll, box, expected, box_points(box, roll, state.joker))

    def keep_choice(self, state: State, keep: Sequence[int], rolls_left: int) -> Choice:
        """Keeping these faces and rolling the rest (``rolls_left`` before that roll), and
        the expected final total it leads to."""
        kept = tuple(sorted(keep))
        value = self.turn(state).keep[rolls_left - 1][KEEP_INDEX[kept]]
        return Choice(ChoiceKind.KEEP, kept, None, state.scored + value)

    def best_box(self, game: Game) -> Category:
        """The box to fill now with the dice showing."""
        boxes = [c for c in self.choices(game) if c.box is not None]
        if not boxes:
            raise ValueError("Roll the dice first")
        return boxes[0].box  # type: ignore[return-value]

    def best_holds(self, game: Game) -> tuple[bool, ...]:
        """Which dice to hold before the next roll (all five held: score now instead)."""
        best = self.choices(game)
        if not best:
            return NO_HOLDS
        if best[0].kind is ChoiceKind.BOX or game.rolls_left == 0:
            return (True,) * DICE_COUNT
        return holds_for(game.dice, best[0].keep)


@lru_cache(maxsize=512)
def sub_multisets(roll: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Every distinct multiset of dice that can be kept from a sorted roll."""
    return frozenset(keep for n in range(DICE_COUNT + 1) for keep in combinations(roll, n))


def holds_for(dice: Sequence[int], keep: Sequence[int]) -> tuple[bool, ...]:
    """Hold flags for the dice positions that keep these faces (leftmost dice first)."""
    wanted = list(keep)
    held = []
    for face in dice:
        if face in wanted:
            wanted.remove(face)
            held.append(True)
        else:
            held.append(False)
    return tuple(held)
