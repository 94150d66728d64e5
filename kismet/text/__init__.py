"""Words: the message catalogues (English, Korean) and the function that speaks them.

Code refers to messages by key; ``text(key, lang, **params)`` formats one. A parameter that
is a ``Category`` is replaced by that box's name in the same language. ``explain`` turns the
rules' refusals (``RuleError``, ``SaveError``) into a sentence.
"""

from __future__ import annotations

import string
from functools import cache
from typing import Any

from ..rules import Category, RuleError, SaveError
from .en import EN
from .ko import KO

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "ko")
"""The interface languages, each with a catalogue and a page built for it."""

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ko": KO}
"""Every catalogue by language code; each has exactly the keys of ``EN``."""


def text(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English when that language lacks it), formatted."""
    if not params:
        return _plain(key, lang)
    return _formatted(key, lang, params)


@cache
def _plain(key: str, lang: str) -> str:
    """A message without parameters, made once (a paint asks for about a hundred)."""
    return _formatted(key, lang, {})


def _formatted(key: str, lang: str, params: dict[str, Any]) -> str:
    catalogue = CATALOGUES.get(lang, EN)
    template = catalogue.get(key, EN[key])
    named = {
        name: box_name(value, lang) if isinstance(value, Category) else value
        for name, value in params.items()
    }
    if "|" in template:  # a counted phrase (below): the slower formatter, only here
        return _COUNTING.vformat(template, (), named)
    return template.format(**named)


class _Counting(string.Formatter):
    """Counted phrases, the catalogues' one way to say a number of things: ``{count:# game|#
    games}`` says "1 game", "0 games", "2 games" ("#" is the number, the form before the bar
    is for exactly one). English has the two forms; a language whose nouns do not change
    with the number (Korean, with its counters: ``{count}판``) needs none."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        one, other = format_spec.split("|", 1)
        return (one if str(value) == "1" else other).replace("#", str(value))


_COUNTING = _Counting()


def figure(value: float, places: int = 1) -> str:
    """A number for people, to ``places`` decimals: never "-0.0" (a small loss rounded to
    nothing is nothing)."""
    shown = f"{value:.{places}f}"
    return shown[1:] if shown.startswith("-") and float(shown) == 0 else shown


def date_words(iso: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A date for people ("1 December 2026", "2026년 12월 1일") from "2026-12-01"."""
    year, month, day = (int(part) for part in iso[:10].split("-"))
    months = text("date.months", lang).split()
    return text("date.format", lang, year=year, month=months[month - 1], number=month, day=day)


def explain(error: RuleError | SaveError, lang: str = DEFAULT_LANGUAGE) -> str:
    """The sentence that tells a player why the rules refused something."""
    if isinstance(error, SaveError):
        return text(error.key, lang, where=error.where, **error.params)
    return text(error.key, lang, **error.params)


def join_names(names: list[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Names joined for a sentence: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    if len(names) == 1:
        return names[0]
    return text("list.and", lang, first=", ".join(names[:-1]), last=names[-1])


def box_name(category: Category, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name of a box of the score sheet in ``lang``."""
    return text(f"box.{category.value}", lang)
