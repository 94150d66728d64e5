"""The player's settings: language, colour shapes, the coach and its margin.

Stored under ``kismet:v1:settings`` as ``{"lang": "en" | "ko", "shapes": bool, "coach": bool,
"coach_margin": 1 | 2 | 5 | 10, "sound": bool, "whole_sheet": bool, "guide": bool,
"chances": bool}``, each
field optional (the defaults below); without "lang" the page follows the browser's language.
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

from ...rules.save import Fields
from ...rules.values import is_number
from ...text import LANGUAGES, text

COACH_MARGINS = (1.0, 2.0, 5.0, 10.0)
"""The margins a player can choose: the coach warns before a move that costs more than this
many expected points."""

COACH_MARGIN = 10.0
"""The margin until the player chooses another: it stops a beginner (the Casual computer
standing in) a median 2.5 times a game, against 6 at 5 points and 11 at 2
(``benchmarks/coach.py``, 200 games)."""

_FIELDS = (
    "lang",
    "shapes",
    "coach",
    "coach_margin",
    "sound",
    "whole_sheet",
    "guide",
    "chances",
    "handover",
)


class Switch(enum.Enum):
    """A setting the page turns on and off with one button (its ``data-action``); the value
    names the field of ``Settings``."""

    COACH = "coach"
    SHAPES = "shapes"
    SOUND = "sound"
    WHOLE_SHEET = "whole_sheet"
    CHANCES = "chances"
    HANDOVER = "handover"

    @property
    def action(self) -> str:
        """The ``data-action`` of its button."""
        return "see-all" if self is Switch.WHOLE_SHEET else self.value


def _margin(value: object) -> float:
    if not is_number(value) or value not in COACH_MARGINS:
        raise ValueError(f"the coach's margin is one of {COACH_MARGINS}, not {value!r}")
    return float(value)


def _language(value: object) -> str:
    if value not in LANGUAGES:
        raise ValueError(f"not an interface language: {value!r}")
    return str(value)


class Settings(NamedTuple):
    """What the player chose (or the defaults)."""

    lang: str | None = None
    """The interface language chosen in the page; None follows the browser."""
    shapes: bool = False
    """Pips of each colour group drawn with their own shape."""
    coach: bool = False
    """The coach warns before costly moves."""
    coach_margin: float = COACH_MARGIN
    """The coach warns before a move that costs more than this many expected points."""
    sound: bool = False
    """A Kismet is celebrated with a sound and a vibration too (off until chosen)."""
    whole_sheet: bool = False
    """On a phone, every player's boxes in one table instead of the card of the player to
    move."""
    guide: bool | None = None
    """The first game's guide: running (True), ended for good (False), or never started
    (None; it starts by itself on a first visit only)."""
    chances: bool = True
    """Each player's chance to win shown beside their total (``kismet.app.guidance.odds``)."""
    handover: bool = True
    """In a game of two or more people on one device, the next person's turn starts with
    their name, their total and "pass the device" until they roll (off: a brief flash)."""

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Read stored settings; raises ``SaveError`` for anything else."""
        fields = Fields(data, "settings", (), _FIELDS)
        return cls(
            lang=fields.parsed("lang", _language, None),
            shapes=fields.flag("shapes", False),
            coach=fields.flag("coach", False),
            coach_margin=fields.parsed("coach_margin", _margin, COACH_MARGIN),
            sound=fields.flag("sound", False),
            whole_sheet=fields.flag("whole_sheet", False),
            guide=fields.flag("guide") if fields.has("guide") else None,
            chances=fields.flag("chances", True),
            handover=fields.flag("handover", True),
        )

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored: only those that are set."""
        data = self._asdict()
        for on in ("chances", "handover"):  # stored only when turned off: nothing grows
            if data[on]:
                del data[on]
        return {name: value for name, value in data.items() if value is not None}

    def change(self, **changes: Any) -> Settings:
        """These settings with some changed; raises ``ValueError`` for a value no setting
        takes."""
        if "coach_margin" in changes:
            changes["coach_margin"] = _margin(changes["coach_margin"])
        if "lang" in changes:
            changes["lang"] = _language(changes["lang"])
        return self._replace(**changes)


def coach_margin_label(points: float, lang: str) -> str:
    """How a margin reads in the coach's menu: "1 point", "5 points"."""
    return text("coach.margin", lang, points=f"{points:g}")
