"""The finish of the words and marks (in CPython): one meaning per mark, one spelling, no
"-0.0", no "1 turns", a computer's name marked once, a past daily not called today's."""

from __future__ import annotations

import re
from pathlib import Path

from kismet.html.stats import marked
from kismet.text import CATALOGUES, EN, figure, text

ROOT = Path(__file__).resolve().parent.parent


def test_a_star_marks_only_a_winner_and_a_joker_has_its_own_mark() -> None:
    css = (ROOT / "static" / "kismet.css").read_text(encoding="utf-8")
    joker = re.search(r"td\.joker::after\s*\{[^}]*content:\s*\"([^\"]*)\"", css)
    assert joker is not None and joker.group(1) and "★" not in joker.group(1)
    for lang, catalogue in CATALOGUES.items():
        assert "★" not in catalogue["print.marks"], lang
        assert catalogue["print.marks"].startswith(joker.group(1)), lang  # the legend says it


def test_a_figure_is_never_minus_zero() -> None:
    assert figure(-0.04) == "0.0"
    assert figure(-0.0) == "0.0"
    assert figure(-0.06) == "-0.1"
    assert figure(12.345, 2) == "12.35" or figure(12.345, 2) == "12.34"  # float rounding
    assert figure(-0.004, 2) == "0.00"


def test_a_computer_named_by_the_game_is_marked_once() -> None:
    given = text("seat.computer_name", "en", level="Good")
    assert given == "Good (computer)"
    assert marked(given, True, "en") == "Good (computer)"
    assert marked("Deep", True, "en") == "Deep (computer)"
    assert marked("Ann", False, "en") == "Ann"


def test_english_spells_color_one_way_as_the_boxes_do() -> None:
    words = " ".join(EN.values())
    assert "Same Color" in words
    assert not re.search(r"colour", words, re.IGNORECASE)


def test_no_sentence_counts_one_turn_as_turns() -> None:
    # Every message with a number: tests/test_access.py; the race's line here, turn by turn.
    for key in ("rival.ahead", "rival.behind", "rival.level"):
        for lang in CATALOGUES:
            one = text(key, lang, name="Ann", theirs=12, gap=3, turn=1)
            assert "1 turns" not in one and "{" not in one, (lang, key)
    assert "after 1 turn:" in text("rival.ahead", "en", name="Ann", theirs=12, gap=3, turn=1)
    assert "after 2 turns:" in text("rival.ahead", "en", name="Ann", theirs=12, gap=3, turn=2)


def test_the_luck_line_says_what_the_dice_are_measured_against() -> None:
    assert not any("than it expects" in value for value in EN.values())


def test_a_past_daily_is_not_called_todays_in_korean() -> None:
    for key in ("daily.day", "daily.title", "share.daily"):
        assert "오늘" not in CATALOGUES["ko"][key], key
