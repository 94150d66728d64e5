"""A game of Kismet: players, turns, rolls, holds, the score sheet and extra Kismets.

Every action comes in three forms, as in pokerkit: ``verify_roll()`` raises ``RuleError``
with the reason when the rules refuse it, ``can_roll()`` says whether they allow it, and
``roll()`` verifies, then acts. The checks are the same code in all three, and nothing
changes before the check has passed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .dice import DICE_COUNT, as_roll
from .errors import Refusal, RuleError, SaveError, SaveProblem, TurnRule
from .moves import Move, legal_actions
from .rng import DiceStream, LinkedDice
from .scoring import Category, Totals, score
from .values import is_whole

MIN_PLAYERS = 1
MAX_PLAYERS = 8
ROLLS_PER_TURN = 3
MAX_NAME_LENGTH = 40

NO_HOLDS: tuple[bool, ...] = (False,) * DICE_COUNT
"""No die held."""


class Fill(NamedTuple):
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


class UndoPoint(NamedTuple):
    """How the turn stood just before its box was filled: what ``Game.undo`` puts back.

    The player and the dice are those of the last box filled (``Game.history``); the
    penalty zeros it caused follow it there.
    """

    held: tuple[bool, ...]
    rolls_left: int


class GameState(NamedTuple):
    """Everything a game is, as plain values: what a save holds (``kismet.rules.save``)."""

    players: tuple[str, ...]
    history: tuple[Fill, ...]
    current: int
    dice: tuple[int, ...]
    held: tuple[bool, ...]
    rolls_left: int
    stream: int
    """The state of the dice's random stream (``DiceStream.state``)."""
    undo: UndoPoint | None = None
    """While the last box filled may be taken back: how its turn stood before."""
    linked: bool = False
    """The dice are linked (``LinkedDice``): ``stream`` is their seed."""
    apart: bool = False
    """Linked dice of each seat's own (a game played by link)."""
    holds: tuple[tuple[int, ...], ...] = ()
    """For each turn played (each box filled but penalty zeros), the dice held before each
    re-roll, as bit masks (die i is bit i)."""
    turn_holds: tuple[int, ...] = ()
    """The same for the turn in progress."""


def _is_control(ch: str) -> bool:
    # Control, format, surrogate and unassigned characters, except the joiners some scripts need.
    return unicodedata.category(ch).startswith("C") and ch not in "\u200c\u200d"


def check_players(players: Sequence[object]) -> tuple[str, ...]:
    """Check a list of 1-8 player names and return them, each stripped of outer spaces."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RuleError(Refusal.PLAYER_COUNT, count=repr(players))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(Refusal.PLAYER_COUNT, count=len(players))
    names = []
    for number, name in enumerate(players, start=1):
        if not isinstance(name, str):
            raise RuleError(Refusal.PLAYER_NAME_TYPE, number=number)
        name = name.strip()
        if not name:
            raise RuleError(Refusal.PLAYER_NAME_EMPTY, number=number)
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError(Refusal.PLAYER_NAME_LONG, number=number, limit=MAX_NAME_LENGTH)
        if any(_is_control(ch) for ch in name):
            raise RuleError(Refusal.PLAYER_NAME_CONTROL, number=number)
        names.append(name)
    return tuple(names)


class ScoreSheet:
    """The score sheet of a game: a column of 15 boxes per player, in seating order, and
    every box filled, in the order it was filled."""

    def __init__(self, players: Sequence[str]) -> None:
        self._players = check_players(players)
        self._sheets: list[dict[Category, int | None]] = [
            dict.fromkeys(Category) for _ in self._players
        ]
        self._history: list[Fill] = []

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seating order."""
        return self._players

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

    def _player_index(self, player: int) -> int:
        if not is_whole(player):
            raise IndexError(f"No player {player!r}")
        if not 0 <= player < len(self._players):
            last = len(self._players) - 1
            raise IndexError(f"No player {player}: players are numbered 0 to {last}")
        return player

    def _write(self, fill: Fill) -> None:
        self._sheets[fill.player][fill.category] = fill.points
        self._history.append(fill)

    def _erase_from(self, index: int) -> None:
        """Empty the boxes filled from ``index`` of the history on."""
        for taken in self._history[index:]:
            self._sheets[taken.player][taken.category] = None
        del self._history[index:]


class Game(ScoreSheet):
    """A game of Kismet for 1 to 8 players in seating order: the score sheet, and the turn.
    Actions (``roll``, ``toggle_hold``, ``set_dice``, ``score``, ``undo``, or a move as a
    value to ``apply``) follow the rules or raise ``RuleError`` before anything changes."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        seed: int | None = None,
        linked: bool = False,
        apart: bool = False,
    ) -> None:
        super().__init__(players)
        self._stream: DiceStream | LinkedDice = DiceStream.from_seed(seed)
        if linked or apart:
            if seed is None or not linked:
                raise ValueError("Linked dice need a seed; each seat's own are linked dice")
            self._stream = LinkedDice(seed & (2**64 - 1), apart=apart)
        self._holds: list[tuple[int, ...]] = []
        self._turn_holds: list[int] = []
        self._current = 0
        self._dice: tuple[int, ...] = ()
        self._held = NO_HOLDS
        self._rolls_left = ROLLS_PER_TURN
        self._undo: UndoPoint | None = None

    # ----------------------------------------------------------------- state

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
    def is_extra_kismet(self) -> bool:
        """True when scoring now would be an extra Kismet: five of a kind showing, and the
        current player's Kismet box already holds more than zero."""
        kismet = self._sheets[self._current][Category.KISMET]
        return bool(self._dice) and len(set(self._dice)) == 1 and bool(kismet)

    def options(self) -> dict[Category, int]:
        """Points each open box of the current player would get for the dice showing now
        (empty before the turn's first roll and after the game ends)."""
        if not self._dice or self.is_over:
            return {}
        joker = self.is_extra_kismet
        return {c: score(c, self._dice, joker=joker) for c in self.open_boxes(self._current)}

    @property
    def undoable(self) -> Fill | None:
        """The box ``undo()`` would take back now (None when none may be)."""
        if self._undo is None:
            return None
        return next(f for f in reversed(self._history) if not f.penalty)

    def state(self) -> GameState:
        """The whole game as plain values (``Game.resume`` and a replay rebuild it)."""
        return GameState(
            players=self._players,
            history=tuple(self._history),
            current=self._current,
            dice=self._dice,
            held=self._held,
            rolls_left=self._rolls_left,
            stream=self._stream.state,
            undo=self._undo,
            linked=self.linked,
            apart=self.apart,
            holds=tuple(self._holds),
            turn_holds=tuple(self._turn_holds),
        )

    @property
    def apart(self) -> bool:
        """Whether each seat rolls linked dice of its own (a game played by link)."""
        return isinstance(self._stream, LinkedDice) and self._stream.apart

    @property
    def linked(self) -> bool:
        """Whether the dice are linked: their faces depend only on the seed and where they
        fall, so that two games on one seed can be compared (see ``LinkedDice``)."""
        return isinstance(self._stream, LinkedDice)

    @property
    def turn_number(self) -> int:
        """The player to move's turns played before this one (0 for their first)."""
        return sum(1 for f in self._history if f.player == self._current and not f.penalty)

    # ---------------------------------------------------------------- checks

    def verify_roll(self) -> None:
        """Raise ``RuleError`` unless the dice that are not held may be rolled now."""
        self._verify_playing()
        if self._rolls_left == 0:
            raise RuleError(Refusal.NO_ROLLS_LEFT)
        if self._dice and all(self._held):
            raise RuleError(Refusal.ALL_HELD)

    def verify_hold(self, die: int) -> None:
        """Raise ``RuleError`` unless die ``die`` (0-4) may be held or released now."""
        self._verify_playing()
        if not is_whole(die) or not 0 <= die < DICE_COUNT:
            raise RuleError(Refusal.NO_SUCH_DIE, die=repr(die))
        if not self._dice:
            raise RuleError(Refusal.NO_DICE_TO_HOLD)
        if self._rolls_left == 0:
            raise RuleError(Refusal.HOLD_AFTER_LAST_ROLL)

    def verify_entry(self) -> None:
        """Raise ``RuleError`` unless a roll of real dice may be entered now (never in a
        game of linked dice, whose faces come from their seed)."""
        self._verify_playing()
        if self.linked:
            raise RuleError(Refusal.LINKED_DICE)
        if self._rolls_left == 0:
            raise RuleError(Refusal.NO_ROLLS_LEFT)

    def verify_set_dice(self, faces: Sequence[int]) -> tuple[int, ...]:
        """Raise ``RuleError`` unless ``faces`` may be entered now as a roll of real dice;
        returns them checked."""
        self.verify_entry()
        try:
            return as_roll(faces)
        except ValueError:
            raise RuleError(Refusal.BAD_ROLL) from None

    def verify_score(self, category: Category) -> None:
        """Raise ``RuleError`` unless ``category`` may be filled now."""
        self._verify_playing()
        if not isinstance(category, Category):
            raise RuleError(Refusal.NOT_A_BOX, box=repr(category))
        if not self._dice:
            raise RuleError(Refusal.SCORE_BEFORE_ROLL)
        if self._sheets[self._current][category] is not None:
            raise RuleError(Refusal.BOX_FILLED, box=category)

    def verify_undo(self) -> UndoPoint:
        """Raise ``RuleError`` unless the last box filled may be taken back now: only until
        the next roll (of anyone), and never to see other dice. Returns how its turn stood."""
        if self._undo is None:
            raise RuleError(Refusal.NOTHING_TO_UNDO)
        return self._undo

    def can_roll(self) -> bool:
        """Whether ``roll()`` is allowed now."""
        return _allowed(self.verify_roll)

    def can_hold(self, die: int) -> bool:
        """Whether ``toggle_hold(die)`` is allowed now."""
        return _allowed(lambda: self.verify_hold(die))

    def can_set_dice(self) -> bool:
        """Whether a roll of real dice may be entered now."""
        return _allowed(self.verify_entry)

    def can_score(self, category: Category) -> bool:
        """Whether ``score(category)`` is allowed now."""
        return _allowed(lambda: self.verify_score(category))

    def can_undo(self) -> bool:
        """Whether ``undo()`` is allowed now."""
        return _allowed(self.verify_undo)

    def legal_actions(self) -> list[Move]:
        """The moves allowed now, as values (``kismet.rules.moves``; never ``Enter``)."""
        return legal_actions(self)

    def apply(self, move: Move) -> object:
        """Make ``move`` through its action, with that action's checks."""
        return move.apply(self)

    # --------------------------------------------------------------- actions

    def roll(self) -> tuple[int, ...]:
        """Roll every die that is not held; returns the dice showing."""
        self.verify_roll()
        if self._dice:
            self._turn_holds.append(sum(1 << i for i, held in enumerate(self._held) if held))
        old = self._dice or (0,) * DICE_COUNT
        roll = ROLLS_PER_TURN - self._rolls_left
        self._dice = self._stream.throw(old, self._held, self.turn_number, roll, self._current)
        self._rolls_left -= 1
        self._undo = None
        return self._dice

    def toggle_hold(self, die: int) -> bool:
        """Hold a die that is free, or release one that is held; returns whether it is held."""
        self.verify_hold(die)
        held = list(self._held)
        held[die] = not held[die]
        self._held = tuple(held)
        return held[die]

    def set_dice(self, faces: Sequence[int]) -> tuple[int, ...]:
        """Record five faces rolled with physical dice as one of the turn's rolls: they
        replace all five dice, every hold released (the player handles the real dice)."""
        dice = self.verify_set_dice(faces)
        if self._dice:
            self._turn_holds.append(0)  # real dice are all taken up again
        self._dice, self._held = dice, NO_HOLDS
        self._rolls_left -= 1
        self._undo = None
        return self._dice

    def score(self, category: Category) -> int:
        """Fill one of the current player's open boxes with the dice showing, ending the
        turn; returns the points. On an extra Kismet the dice score as a joker, every other
        player takes a zero in their topmost open box, and the roller plays again."""
        self.verify_score(category)
        roller = self._current
        point = UndoPoint(self._held, self._rolls_left)
        extra = self.is_extra_kismet
        points = score(category, self._dice, joker=extra)
        self._write(Fill(roller, category, points, self._dice, joker=extra))
        self._holds.append(tuple(self._turn_holds))
        self._turn_holds = []
        if extra and len(self._players) > 1:
            for offset in range(1, len(self._players)):
                other = (roller + offset) % len(self._players)
                boxes = self.open_boxes(other)
                if boxes:
                    self._write(Fill(other, boxes[0], 0, (), penalty=True))
        self._next_turn(again=extra)
        self._undo = point
        return points

    def undo(self) -> Fill:
        """Take back the last box filled, and the penalty zeros it caused: the turn is again
        as it stood (the same dice, holds and rolls left). Allowed until the next roll;
        returns the fill taken back."""
        point = self.verify_undo()
        index = max(i for i, f in enumerate(self._history) if not f.penalty)
        fill = self._history[index]  # the box filled; penalty zeros it caused follow it
        self._erase_from(index)
        self._turn_holds = list(self._holds.pop())
        self._current, self._dice = fill.player, fill.dice
        self._held, self._rolls_left = point.held, point.rolls_left
        self._undo = None
        return fill

    def resume(self, state: GameState) -> None:
        """Put back what a save kept beyond the boxes: the turn in progress, the dice (a
        stream's state, or linked dice's seed), the way to take back the last box, and the
        holds of every turn. Only at the start of a turn, after a replay of the history
        (``kismet.rules.save.replay_history``); raises ``SaveError`` when the state is not one the
        rules could have produced from this game."""
        if self._dice or self._rolls_left != ROLLS_PER_TURN:
            raise SaveError(SaveProblem.TURN, rule=TurnRule.RESUME_MID_TURN)
        if state.current != self._current:
            raise SaveError(SaveProblem.CURRENT, saved=state.current, expected=self._current)
        faces, holds = _check_turn(state.dice, state.held, state.rolls_left, over=self.is_over)
        _check_marks(state, self._history, rolled=bool(faces))
        linked = LinkedDice(state.stream, apart=state.apart) if state.linked else None
        self._stream = linked or DiceStream(state.stream)
        self._dice, self._held, self._rolls_left = faces, holds, state.rolls_left
        self._holds, self._turn_holds = list(state.holds), list(state.turn_holds)
        self._undo = state.undo

    # -------------------------------------------------------------- internals

    def _verify_playing(self) -> None:
        if self.is_over:
            raise RuleError(Refusal.GAME_OVER)

    def _next_turn(self, *, again: bool) -> None:
        self._dice, self._held, self._rolls_left = (), NO_HOLDS, ROLLS_PER_TURN
        count = len(self._players)
        start = 0 if again else 1
        for offset in range(start, start + count):
            player = (self._current + offset) % count
            if self.open_boxes(player):
                self._current = player
                return

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is not hashable

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"current={self._current}, dice={self._dice}"
        return f"<Game players={list(self._players)!r} {state} filled={len(self._history)}>"


def _check_marks(state: GameState, history: Sequence[Fill], *, rolled: bool) -> None:
    """A saved game's marks beyond the boxes, checked against its history: the way to take
    back the last box, and the holds of every turn and of this one; raises ``SaveError``."""
    if state.undo is not None:
        _check_undo(state.undo, filled=bool(history), rolled=rolled)
    turns = sum(1 for f in history if not f.penalty)
    rerolls = max(0, ROLLS_PER_TURN - state.rolls_left - 1)
    if len(state.holds) != turns or not all(map(_masks, state.holds)):
        raise SaveError(SaveProblem.TURN, rule=TurnRule.HOLDS_OF_EACH_TURN)
    if len(state.turn_holds) != rerolls or not _masks(state.turn_holds):
        raise SaveError(SaveProblem.TURN, rule=TurnRule.HOLDS_OF_THIS_TURN)


def _check_turn(
    dice: Sequence[int], held: Sequence[bool], rolls_left: int, *, over: bool
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """A saved turn in progress, checked: the dice and holds; raises ``SaveError``."""
    faces = as_roll(dice) if dice else ()
    holds = tuple(held)
    if len(holds) != DICE_COUNT or not all(isinstance(h, bool) for h in holds):
        raise SaveError(SaveProblem.TURN, rule=TurnRule.HOLDS)
    if not 0 <= rolls_left <= ROLLS_PER_TURN:
        raise SaveError(SaveProblem.TURN, rule=TurnRule.ROLLS_LEFT)
    if (not faces) != (rolls_left == ROLLS_PER_TURN):
        raise SaveError(SaveProblem.TURN, rule=TurnRule.DICE_SHOW_AFTER_A_ROLL)
    if not faces and any(holds):
        raise SaveError(SaveProblem.TURN, rule=TurnRule.HELD_BEFORE_ROLLING)
    if over and faces:
        raise SaveError(SaveProblem.TURN, rule=TurnRule.DICE_AFTER_THE_END)
    return faces, holds


def _check_undo(undo: UndoPoint, *, filled: bool, rolled: bool) -> None:
    """An undo point fits only a game with a box filled, before the next roll."""
    if not filled or rolled:
        raise SaveError(SaveProblem.TURN, rule=TurnRule.UNDO_AFTER_A_ROLL)
    holds = tuple(undo.held)
    if len(holds) != DICE_COUNT or not all(isinstance(h, bool) for h in holds):
        raise SaveError(SaveProblem.TURN, rule=TurnRule.UNDO_HOLDS)
    if not 0 <= undo.rolls_left < ROLLS_PER_TURN:
        raise SaveError(SaveProblem.TURN, rule=TurnRule.UNDO_ROLLS_LEFT)


_ALL_HELD = (1 << DICE_COUNT) - 1


def _masks(masks: Sequence[object]) -> bool:
    """Whether these are a turn's holds: at most two masks of five dice."""
    return len(masks) < ROLLS_PER_TURN and all(is_whole(m) and 0 <= m < _ALL_HELD for m in masks)


def _allowed(check: Callable[[], object]) -> bool:
    """Whether a ``verify_...`` check passes."""
    try:
        check()
    except RuleError:
        return False
    return True
