"""The review's chart of the chances turn by turn (``kismet.app.guidance.odds.Course``): a line per
player drawn as inline SVG, the turns where the lead changed hands and the costliest box
choices marked, then the same numbers in a table, as the statistics' charts do."""

from __future__ import annotations

from ..app.guidance.odds import Course, percent
from ..text import text
from .charts import (
    Scale,
    axes,
    chart_figure,
    chart_legend,
    data_table,
    polyline,
    x_ends,
    x_positions,
)
from .escape import esc, t

LINES = 8
"""Line styles, one per seat (colour and dashes: the lines stay apart in print)."""


def course_html(course: Course | None, lang: str) -> str:
    """The chart, or why it is not there yet."""
    if course is None:
        return f'<p class="chart-wait">{t("chance.working", lang)}</p>'
    turns = course.turns
    scale = Scale(0, 100)
    xs = x_positions(len(turns))
    lines = "".join(
        polyline(xs, [scale.at(c.values[p] * 100) for c in turns], f"who who-{p % LINES}")
        for p in range(len(course.names))
    )
    changes = "".join(
        f'<line class="lead-change" x1="{xs[i]:.1f}" x2="{xs[i]:.1f}" y1="{scale.top}" '
        f'y2="{scale.bottom}"/>'
        for i in course.lead_changes
    )
    costly = "".join(
        f'<circle class="costly" cx="{xs[i]:.1f}" '
        f'cy="{scale.at(turns[i].values[course.movers[i]] * 100):.1f}" r="4"/>'
        for i in course.costly
    )
    ends = x_ends(text("chance.first_turn", lang), text("chance.end", lang))
    body = axes(scale, 25) + changes + lines + costly + ends
    final = turns[-1].values
    if course.target is None:
        winner = course.names[max(range(len(final)), key=lambda p: final[p])]
        leads, played = len(course.lead_changes), len(turns) - 1
        name = text("chance.chart", lang, count=leads, winner=winner, turns=played)
    else:
        name = text("chance.chart_beat", lang, name=course.target, turns=len(turns) - 1)
    marks = [(f"who who-{p % LINES}", player) for p, player in enumerate(course.names)]
    if course.lead_changes:
        marks.append(("lead-change", text("chance.lead_change", lang)))
    if course.costly:
        marks.append(("costly", text("chance.costly", lang)))
    key = chart_legend(marks)
    return (
        f'<section class="course"><h3>{t("chance.title", lang)}</h3>'
        + chart_figure(name, body, _numbers(course, lang), lang, "chance-chart", key)
        + _costly_lines(course, lang)
        + "</section>"
    )


def _numbers(course: Course, lang: str) -> str:
    """The chart's numbers: every turn start, each player's chance, and what happened."""
    heads = [text("chance.turn", lang), *course.names, text("chance.note", lang)]
    rows = []
    for i, chances in enumerate(course.turns):
        notes = []
        if i in course.lead_changes:
            notes.append(text("chance.lead_change", lang))
        if i in course.costly:
            notes.append(text("chance.costly", lang))
        label = text("chance.start", lang) if i == 0 else str(i)
        rows.append([label, *(percent(v) for v in chances.values), "; ".join(notes)])
    return data_table(heads, rows)


def _costly_lines(course: Course, lang: str) -> str:
    """The costliest choices in words, under the chart."""
    if not course.costly:
        return ""
    items = "".join(
        "<li>"
        + esc(
            text(
                "chance.costly_line",
                lang,
                turn=i,
                name=course.names[course.movers[i]],
                cost=round(course.turns[i].cost * 100),
            )
        )
        + "</li>"
        for i in course.costly
    )
    return f'<ul class="costly-list">{items}</ul>'
