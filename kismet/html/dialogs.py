"""The dialogs' contents as ops (``kismet.html.paint``): what each dialog shows when it
opens, made here from the session's answers and carried out by the page's
``Kismet.apply`` like any paint. The page (static/events.mjs) only reads what it holds (a
typed name, a chosen file) and does what only a browser can (share, copy, save, print)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .dailies import dailies_html
from .ops import Op, of_testid
from .page import aside_html, compare_html, review_html, roster_html
from .paint import opened

if TYPE_CHECKING:
    from ..app.base.daily import Standing
    from ..app.base.roster import Roster
    from ..app.base.table import AsideGame, Daily
    from ..app.guidance.coaching import Review
    from ..app.guidance.compare import Side

NEW_GAME_TITLE = "#new-game-title"
"""The New game dialog's first name, which has the focus when it opens."""


def share(line: str, link: str, *, can_send: bool) -> list[Op]:
    """The Share dialog: the line and the link, and Send only where the browser shares."""
    return [
        ("text", of_testid("share-text"), line),
        ("value", of_testid("share-link"), link),
        ("text", of_testid("share-done"), ""),
        ("hidden", of_testid("send-share"), not can_send),
        opened("share-dialog", "#share-title"),
    ]


def compare(sides: Sequence[Side], lang: str, expected: float | None) -> list[Op]:
    return [
        ("html", of_testid("compare-table"), compare_html(sides, lang, expected)),
        opened("compare-dialog", "#compare-title"),
    ]


def stats_opened() -> list[Op]:
    """The statistics dialog, its last backup's or restore's notice cleared."""
    return [("text", of_testid("backup-notice"), ""), opened("stats-dialog", "#stats-title")]


def roster(seats: Roster, lang: str) -> list[Op]:
    """The New game dialog's seats, and Add player while there is room for one."""
    return [
        ("html", "#player-list", roster_html(seats, lang)),
        ("disabled", of_testid("add-player"), seats.full),
    ]


def new_game(seats: Roster, lang: str) -> list[Op]:
    """The New game dialog, the focus on its title: not on a name, which would open a
    phone's keyboard over the one-tap games against the computer."""
    return [*roster(seats, lang), opened("new-game-dialog", NEW_GAME_TITLE)]


def edited(seats: Roster, lang: str) -> list[Op]:
    """The seats after an edit, the focus on the last name (a new seat's, to type)."""
    last = of_testid(f"player-name-{len(seats.names) - 1}")
    return [*roster(seats, lang), ("focus", last)]


def review(shown: Review | None, lang: str) -> list[Op]:
    return [
        ("html", of_testid("review"), review_html(shown, lang) if shown else ""),
        opened("review-dialog", "#review-title"),
    ]


def games(aside: Sequence[AsideGame], lang: str) -> list[Op]:
    return [
        ("html", of_testid("games-list"), aside_html(aside, lang)),
        opened("games-dialog", "#games-title"),
    ]


def dailies(days: Sequence[Daily], standing: Sequence[Standing], lang: str) -> list[Op]:
    return [
        ("html", of_testid("daily-list"), dailies_html(days, standing, lang)),
        opened("daily-dialog", "#daily-title"),
    ]
