"""Why the rules refuse something: errors by cause, each a key with parameters, never words.

A ``RuleError`` is an action the rules do not allow (its ``reason`` says which); a
``SaveError`` is stored data that is not a game the rules could have produced (its
``problem`` says what is wrong). Both are ``ValueError``s. Turning them into a sentence in
the player's language is the job of ``kismet.text.explain``; ``str()`` of either is the
key and its parameters, for developers and logs.
"""

from __future__ import annotations

import enum
from typing import Any


class Refusal(enum.StrEnum):
    """Each reason the rules refuse an action; the value is the message key's last part."""

    GAME_OVER = "game_over"
    NO_ROLLS_LEFT = "no_rolls_left"
    ALL_HELD = "all_held"
    NO_DICE_TO_HOLD = "no_dice_to_hold"
    HOLD_AFTER_LAST_ROLL = "hold_after_last_roll"
    NO_SUCH_DIE = "no_such_die"
    SCORE_BEFORE_ROLL = "score_before_roll"
    BOX_FILLED = "box_filled"
    NOT_A_BOX = "not_a_box"
    BAD_ROLL = "bad_roll"
    TYPED_ROLL = "typed_roll"
    NOTHING_TO_UNDO = "nothing_to_undo"
    LINKED_DICE = "linked_dice"
    PLAYER_COUNT = "player_count"
    PLAYER_NAME_TYPE = "player_name_type"
    PLAYER_NAME_EMPTY = "player_name_empty"
    PLAYER_NAME_LONG = "player_name_long"
    PLAYER_NAME_CONTROL = "player_name_control"


class SaveProblem(enum.StrEnum):
    """Each thing that can be wrong with stored data; the value is the message key's last part."""

    NOT_AN_OBJECT = "not_an_object"
    NOT_A_GAME = "not_a_game"
    VERSION = "version"
    FIELDS = "fields"
    FIELD_TYPE = "field_type"
    BAD_VALUE = "bad_value"
    PLAYERS = "players"
    WRONG_PLAYER = "wrong_player"
    REFUSED = "refused"
    DIFFERS = "differs"
    STRAY_PENALTY = "stray_penalty"
    MISSING_PENALTY = "missing_penalty"
    CURRENT = "current"
    TURN = "turn"
    STREAM = "stream"
    LINK = "link"
    CHECKSUM = "checksum"
    UNFINISHED = "unfinished"
    TOO_BIG = "too_big"
    TOO_DEEP = "too_deep"
    NOT_JSON = "not_json"


def _describe(key: str, params: dict[str, Any]) -> str:
    if not params:
        return key
    return f"{key} ({', '.join(f'{name}={value!r:.60}' for name, value in params.items())})"


class RuleError(ValueError):
    """An action the rules do not allow; the game is left exactly as it was."""

    def __init__(self, reason: Refusal, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(_describe(reason.value, params))

    @property
    def key(self) -> str:
        """The catalogue key of the message that explains it."""
        return f"error.{self.reason.value}"


class SaveError(ValueError):
    """Stored data that cannot be loaded: malformed, inconsistent, or of an unknown version.

    ``where`` names the part of the data (``"history[3]"``), when it is one part.
    """

    def __init__(self, problem: SaveProblem, where: str = "", **params: Any) -> None:
        self.problem = problem
        self.where = where
        self.params = params
        place = f"{where}: " if where else ""
        super().__init__(place + _describe(problem.value, params))

    @property
    def key(self) -> str:
        """The catalogue key of the message that explains it."""
        return f"save.{self.problem.value}"


class TurnRule(enum.StrEnum):
    """Which rule of a turn a stored turn in progress breaks (``SaveProblem.TURN``'s
    ``rule``: for the engineer reading the error; the player's words are the problem's)."""

    RESUME_MID_TURN = "resume_mid_turn"
    HOLDS_OF_EACH_TURN = "holds_of_each_turn"
    HOLDS_OF_THIS_TURN = "holds_of_this_turn"
    HOLDS = "holds"
    ROLLS_LEFT = "rolls_left"
    DICE_SHOW_AFTER_A_ROLL = "dice_show_after_a_roll"
    HELD_BEFORE_ROLLING = "held_before_rolling"
    DICE_AFTER_THE_END = "dice_after_the_end"
    UNDO_AFTER_A_ROLL = "undo_after_a_roll"
    UNDO_HOLDS = "undo_holds"
    UNDO_ROLLS_LEFT = "undo_rolls_left"


class LinkFault(enum.StrEnum):
    """What is wrong with a challenge link's text (``SaveProblem.LINK``'s ``reason``)."""

    TOO_LONG = "too_long"
    NOT_BASE64 = "not_base64"
    SHORT = "short"
    TURNS = "turns"
    TRAILING = "trailing"
