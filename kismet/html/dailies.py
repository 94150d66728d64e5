"""The daily games' dialog: today's daily game and the days before, each with the button
that plays it and its table with friends' results opened here, then the standing over
those days (``kismet.app.guidance.day_tables``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text import date_words
from .escape import esc, t

if TYPE_CHECKING:
    from ..app.base.daily import DayTable, Standing
    from ..app.base.table import Daily


def dailies_html(days: Sequence[Daily], standing: Sequence[Standing], lang: str) -> str:
    """Today's daily game and the days before: each with the button that plays it and its
    table with friends; then the standing over those days."""
    rows = []
    for day in days:
        if day.waiting:
            state, button = t("daily.waiting", lang), t("daily.resume", lang)
        elif day.best is not None:
            state, button = t("daily.played", lang, best=day.best), t("daily.again", lang)
        else:
            state, button = t("daily.new", lang), t("daily.play", lang)
        rows.append(
            f"<li><span><strong>"
            f"{t('daily.day', lang, number=day.number, day=date_words(day.day, lang))}</strong>"
            f" {state}</span> "
            f'<button type="button" data-action="play-daily" data-day="{esc(day.day)}" '
            f'data-testid="daily-play-{day.number}">{button}</button>'
            + (friends_html(day.friends, lang) if day.friends else "")
            + "</li>"
        )
    return (
        f'<p>{t("daily.intro", lang)}</p><ul class="listing">{"".join(rows)}</ul>'
        + standing_html(standing, lang)
    )


def friends_html(table: DayTable, lang: str) -> str:
    """A day's totals with friends, the best first (a tie shares a place), and Perfect's."""
    rows = []
    for row in table.rows:
        name = esc(row.name) + (f" <small>{t('friends.here', lang)}</small>" if row.here else "")
        rows.append(f"<li>{name}: <strong>{row.total}</strong></li>")
    if table.perfect is not None:
        perfect = t("friends.perfect", lang, total=table.perfect)
        rows.append(
            f'<li class="perfect" data-testid="friends-perfect-{table.number}">{perfect}</li>'
        )
    return f'<ol class="friends" data-testid="friends-{table.number}">{"".join(rows)}</ol>'


def standing_html(standing: Sequence[Standing], lang: str) -> str:
    """The standing over the days listed: days played and the others beaten."""
    if not standing:
        return ""
    rows = "".join(
        f"<tr><th scope='row'>{esc(s.name)}</th><td>{s.days}</td><td>{s.beaten}</td></tr>"
        for s in standing
    )
    head = "".join(
        f"<th scope='col'>{t(f'friends.{key}', lang)}</th>" for key in ("name", "days", "beaten")
    )
    return (
        f'<h3>{t("friends.standing", lang)}</h3><table class="standing" data-testid="standing">'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )
