"""The message catalogue: every string a player reads, one dictionary per language.

Code refers to messages by key; ``text(key, lang, **params)`` formats one. A parameter that
is a ``Category`` is replaced by that box's name in the same language.
"""

from __future__ import annotations

from typing import Any

from .scoring import Category

DEFAULT_LANGUAGE = "en"

EN: dict[str, str] = {
    # Boxes and sections of the score sheet.
    "box.ones": "Ones",
    "box.twos": "Twos",
    "box.threes": "Threes",
    "box.fours": "Fours",
    "box.fives": "Fives",
    "box.sixes": "Sixes",
    "box.two_pair_same_color": "Two Pair Same Color",
    "box.three_of_a_kind": "Three of a Kind",
    "box.straight": "Straight",
    "box.flush": "Flush",
    "box.full_house": "Full House",
    "box.full_house_same_color": "Full House Same Color",
    "box.four_of_a_kind": "Four of a Kind",
    "box.yarborough": "Yarborough",
    "box.kismet": "Kismet",
    "section.basic": "Basic Section",
    "section.kismet": "Kismet Section",
    # How each box scores, in small print on the sheet.
    "rule.ones": "Count and add only Ones",
    "rule.twos": "Count and add only Twos",
    "rule.threes": "Count and add only Threes",
    "rule.fours": "Count and add only Fours",
    "rule.fives": "Count and add only Fives",
    "rule.sixes": "Count and add only Sixes",
    "rule.two_pair_same_color": "Two pairs of one colour: total of all dice",
    "rule.three_of_a_kind": "Three alike: total of all dice",
    "rule.straight": "1-2-3-4-5 or 2-3-4-5-6: 30",
    "rule.flush": "All dice one colour: 35",
    "rule.full_house": "Three alike and a pair: total + 15",
    "rule.full_house_same_color": "Full house of one colour: total + 20",
    "rule.four_of_a_kind": "Four alike: total + 25",
    "rule.yarborough": "Anything: total of all dice",
    "rule.kismet": "Five alike: total + 50",
    # Sheet rows that are not boxes.
    "sheet.basic_subtotal": "Basic subtotal",
    "sheet.bonus": "Bonus",
    "sheet.bonus_rule": "63-70: 35, 71-77: 55, 78+: 75",
    "sheet.kismet_subtotal": "Kismet subtotal",
    "sheet.grand_total": "Grand total",
    # Colours of the pips.
    "color.black": "black",
    "color.red": "red",
    "color.green": "green",
    # Illegal actions.
    "error.game_over": "The game is over",
    "error.no_rolls_left": "You have no rolls left this turn",
    "error.all_held": "All five dice are held: release one to roll again, or score a box",
    "error.no_dice_to_hold": "Roll first: there are no dice to hold yet",
    "error.hold_after_last_roll": "That was your last roll: choose a box to score",
    "error.no_such_die": "There is no die {die}: the dice are numbered 0 to 4",
    "error.score_before_roll": "Roll the dice before you score",
    "error.box_filled": "{box} is already filled",
    "error.not_a_box": "{box} is not a box of the score sheet",
    "error.bad_roll": "{reason}",
    "error.player_count": "A game has 1 to 8 players, not {count}",
    "error.player_name_type": "Player {number}'s name must be text",
    "error.player_name_empty": "Player {number} needs a name",
    "error.player_name_long": "Player {number}'s name is longer than {limit} characters",
    "error.player_name_control": "Player {number}'s name contains a control character",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}
"""Every catalogue by language code; each has exactly the keys of ``EN``."""


def text(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English when that language lacks it), formatted."""
    catalogue = CATALOGUES.get(lang, EN)
    template = catalogue.get(key, EN[key])
    named = {
        name: box_name(value, lang) if isinstance(value, Category) else value
        for name, value in params.items()
    }
    return template.format(**named)


def box_name(category: Category, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name of a box of the score sheet in ``lang``."""
    return text(f"box.{category.value}", lang)
