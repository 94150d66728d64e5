"""The pieces every chart of the page is drawn with: an SVG figure with its accessible name
and its numbers in a table, the axes and scales, the legend's samples."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .escape import esc, t

WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22
"""The plotting area's margins inside the chart's box (the axis labels sit in them)."""


def chart_figure(
    name: str, svg_body: str, table: str, lang: str, testid: str, legend: str = ""
) -> str:
    return (
        f'<figure class="chart" data-testid="{testid}">'
        f'<svg role="img" aria-label="{esc(name)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'preserveAspectRatio="xMidYMid meet" focusable="false">{svg_body}</svg>'
        f"{legend}<figcaption>{esc(name)}</figcaption>"
        f"<details><summary>{t('stats.numbers', lang)}</summary>{table}</details></figure>"
    )


def swatch(css: str) -> str:
    """A legend's sample of a mark, drawn like the chart's (so it prints as they do)."""
    if css == "dot":
        mark = '<circle class="dot" cx="8" cy="5.5" r="3"/>'
    elif css == "costly":
        mark = '<circle class="costly" cx="8" cy="5.5" r="4"/>'
    elif css == "lead-change":
        mark = '<line class="lead-change" x1="8" x2="8" y1="0" y2="11"/>'
    elif css in ("trend", "average") or css.startswith("who "):
        mark = f'<line class="{css}" x1="1" x2="15" y1="5.5" y2="5.5"/>'
    else:
        mark = f'<rect class="{css}" x="1" y="1" width="14" height="9"/>'
    return f'<svg class="swatch" width="16" height="11" viewBox="0 0 16 11">{mark}</svg>'


def chart_legend(items: Sequence[tuple[str, str]]) -> str:
    """A chart's legend: each mark's sample and its name (the name is escaped here)."""
    parts = "".join(f"<span>{swatch(css)}{esc(name)}</span>" for css, name in items)
    return f'<p class="chart-legend" aria-hidden="true">{parts}</p>'


def x_ends(first: str, last: str) -> str:
    """The x axis's two words, under its left and its right end."""
    return (
        f'<text class="tick" x="{LEFT}" y="{HEIGHT - 6}">{esc(first)}</text>'
        f'<text class="tick" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{esc(last)}</text>"
    )


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def cell_html(value: object) -> str:
    """A table cell; a date never breaks at its hyphens."""
    words = str(value)
    kind = ' class="date"' if DATE.fullmatch(words) else ""
    return f"<td{kind}>{esc(words)}</td>"


def data_table(heads: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
    body = "".join("<tr>" + "".join(cell_html(cell) for cell in row) + "</tr>" for row in rows)
    return f'<table class="scores"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


class Scale(NamedTuple):
    """Values from low to high on the plotting area's height, high at the top."""

    low: float
    high: float
    top: float = TOP
    bottom: float = HEIGHT - BOTTOM

    def at(self, value: float) -> float:
        span = (self.high - self.low) or 1.0
        return self.bottom - (value - self.low) / span * (self.bottom - self.top)


def nice_range(low: float, high: float, step: int) -> tuple[int, int]:
    """The value range rounded out to whole steps."""
    bottom = int(low // step * step)
    top = int(-(-high // step) * step)
    return bottom, max(top, bottom + step)


def axes(scale: Scale, step: int) -> str:
    """The horizontal grid lines with their values."""
    lines = []
    value = scale.low
    while value <= scale.high + 1e-9:
        y = scale.at(value)
        lines.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end">'
            f"{value:g}</text>"
        )
        value += step
    return "".join(lines)


def x_positions(count: int) -> list[float]:
    span = WIDTH - LEFT - RIGHT
    if count == 1:
        return [LEFT + span / 2]
    return [LEFT + i * span / (count - 1) for i in range(count)]


def polyline(xs: Sequence[float], ys: Sequence[float], css: str) -> str:
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))
    return f'<polyline class="{css}" points="{points}"/>'
