"""The rules of Kismet: dice, the score sheet, the dice's stream, a game, and its saves.

Standard library only, and no words: refusals are ``RuleError``/``SaveError`` with a
reason and parameters, which ``kismet.text`` turns into sentences.
"""

from .dice import DICE_COUNT, FACES, Color, as_roll, color_of, is_five_of_a_kind
from .errors import Refusal, RuleError, SaveError, SaveProblem
from .game import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_HOLDS,
    ROLLS_PER_TURN,
    Fill,
    Game,
    GameState,
)
from .link import Challenge, challenge_of, replay_challenge
from .rng import LinkedDice
from .save import SAVE_VERSION, game_from_dict, game_to_dict, replay_history
from .scoring import (
    BASIC_BOXES,
    BONUS_TIERS,
    KISMET_BOXES,
    Category,
    Section,
    Totals,
    joker_fits,
    points_to_next_bonus,
    score,
    upper_bonus,
)

__all__ = [
    "BASIC_BOXES",
    "BONUS_TIERS",
    "DICE_COUNT",
    "FACES",
    "KISMET_BOXES",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_HOLDS",
    "ROLLS_PER_TURN",
    "SAVE_VERSION",
    "Category",
    "Challenge",
    "Color",
    "Fill",
    "Game",
    "GameState",
    "LinkedDice",
    "Refusal",
    "RuleError",
    "SaveError",
    "SaveProblem",
    "Section",
    "Totals",
    "as_roll",
    "challenge_of",
    "color_of",
    "game_from_dict",
    "game_to_dict",
    "is_five_of_a_kind",
    "joker_fits",
    "points_to_next_bonus",
    "replay_challenge",
    "replay_history",
    "score",
    "upper_bonus",
]
