"""The statistics dialog's body: a player's figures, charts drawn as inline SVG, and tables.

Each chart is an ``<svg role="img">`` with an accessible name that says what it shows, and
the same numbers follow it in a table (folded under "The numbers"), for screen readers and
for anyone who prefers figures. Colours come from the page's CSS variables, so the charts
follow dark mode and print in black on white.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..app.base.roster import is_default_name
from ..app.base.tally import BIN
from ..app.guidance.luck import Split
from ..app.guidance.stats import Player, PlayerStats
from ..rules import BONUS_TIERS, Category
from ..text import figure, text
from .charts import (
    BOTTOM,
    HEIGHT,
    LEFT,
    RIGHT,
    WIDTH,
    Scale,
    axes,
    chart_figure,
    chart_legend,
    data_table,
    nice_range,
    polyline,
    x_ends,
    x_positions,
)
from .escape import esc, t

PERFECT_PATH = "./static/perfect.json"
"""Perfect play's figures, measured by the build (``tools/perfect.py``)."""


class Perfect(NamedTuple):
    """Perfect play measured at build time: its games, average, each box's average, and
    how many of its totals fell in each ``BIN``-point bar."""

    games: int
    average: float
    boxes: tuple[float, ...]
    bins: dict[int, int]
    expected: float | None = None
    """What perfect play expects exactly (the strategy table's value of an empty sheet)."""

    @classmethod
    def from_dict(cls, data: object) -> Perfect | None:
        """Read the build's perfect.json (None when it is not what it should be)."""
        if not isinstance(data, dict):
            return None
        try:
            boxes = tuple(float(x) for x in data["boxes"])
            bins = {int(low): int(n) for low, n in data["bins"]}
            if len(boxes) != len(Category):
                return None
            expected = float(data["expected"]) if "expected" in data else None
            return cls(int(data["games"]), float(data["average"]), boxes, bins, expected)
        except (KeyError, TypeError, ValueError):
            return None


def marked(name: str, computer: bool, lang: str) -> str:
    """A name as the statistics show it: a computer's marked, unless its name says so
    already ("Good (computer)", the name the game gives)."""
    if not computer or is_default_name(name):
        return name
    return f"{name} ({text('scores.computer', lang)})"


def player_options(names: Sequence[Player], chosen: Player | None, lang: str) -> str:
    """The statistics' choice of name: people, then computers (marked)."""
    options = []
    for player in names:
        value = player.code
        label = marked(player.name, player.computer, lang)
        selected = " selected" if player == chosen else ""
        options.append(f'<option value="{esc(value)}"{selected}>{esc(label)}</option>')
    return "".join(options)


def totals_chart(stats: PlayerStats, lang: str) -> str:
    """The totals game by game, with their moving average and the overall average."""
    totals = [p.total for p in stats.points]
    if not totals:
        return ""
    average = stats.tally.average
    low, high = nice_range(min(*totals, average), max(*totals, average), 50)
    scale = Scale(low, high)
    xs = x_positions(len(totals))
    dots = "".join(
        f'<circle class="dot" cx="{x:.1f}" cy="{scale.at(v):.1f}" r="3"/>'
        for x, v in zip(xs, totals, strict=True)
    )
    moving = stats.moving
    body = (
        axes(scale, 50) + f'<line class="average" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
        f'y1="{scale.at(average):.1f}" y2="{scale.at(average):.1f}"/>'
        + (polyline(xs, [scale.at(m) for m in moving], "trend") if len(totals) > 1 else "")
        + dots
        + x_ends(text("stats.first", lang), text("stats.latest", lang))
    )
    low, high = min(totals), max(totals)
    name = text(
        "stats.totals_chart", lang, count=len(totals), average=figure(average), low=low, high=high
    )
    rows = [
        (i, p.date, p.total, figure(m))
        for i, (p, m) in enumerate(zip(stats.points, moving, strict=True), start=1)
    ]
    heads = [text(k, lang) for k in ("stats.game", "scores.date", "scores.score", "stats.moving")]
    marks = [("dot", "stats.legend_game"), ("trend", "stats.moving"), ("average", "stats.average")]
    legend = chart_legend([(css, text(key, lang)) for css, key in marks])
    return chart_figure(name, body, data_table(heads, rows), lang, "stats-totals-chart", legend)


def histogram_chart(stats: PlayerStats, perfect: Perfect | None, lang: str) -> str:
    """How the player's totals spread, beside perfect play's (as shares of games)."""
    mine = stats.tally.bins
    if not mine:
        return ""
    theirs = perfect.bins if perfect is not None else {}
    lows = sorted(set(mine) | set(theirs))
    bars = list(range(lows[0], lows[-1] + BIN, BIN))
    games = stats.tally.games
    share = [mine.get(b, 0) / games for b in bars]
    pshare = [theirs.get(b, 0) / perfect.games for b in bars] if perfect else []
    key = "stats.histogram_perfect" if perfect else "stats.histogram"
    name = text(key, lang, count=games, perfect=f"{perfect.average:.0f}" if perfect else "")
    legend = ""
    if perfect:
        legend = chart_legend(
            [
                ("bar", text("stats.legend_yours", lang)),
                ("perfect-bar", text("stats.legend_perfect", lang)),
            ]
        )
    return chart_figure(
        name,
        _histogram_bars(bars, share, pshare),
        _histogram_table(bars, share, pshare, lang),
        lang,
        "stats-histogram",
        legend,
    )


def _histogram_bars(bars: Sequence[int], share: Sequence[float], pshare: Sequence[float]) -> str:
    """The histogram's bars (from each bin's low end, its share of the player's games and
    where given of perfect play's), a tick under about one bar in six."""
    top = max([*share, *pshare]) or 1.0
    scale = Scale(0, top)
    span = (WIDTH - LEFT - RIGHT) / len(bars)
    width = max(span - 2, 1)
    parts = [
        f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{HEIGHT - BOTTOM}" '
        f'y2="{HEIGHT - BOTTOM}"/>'
    ]
    for i, low in enumerate(bars):
        x = LEFT + i * span
        for kind, shares in (("bar", share), ("perfect-bar", pshare)):
            if shares:
                y = scale.at(shares[i])
                parts.append(
                    f'<rect class="{kind}" x="{x + 1:.1f}" y="{y:.1f}" width="{width:.1f}" '
                    f'height="{HEIGHT - BOTTOM - y:.1f}"/>'
                )
        if i % max(1, len(bars) // 6) == 0:
            parts.append(f'<text class="tick" x="{x:.1f}" y="{HEIGHT - 6}">{low}</text>')
    return "".join(parts)


def _histogram_table(
    bars: Sequence[int], share: Sequence[float], pshare: Sequence[float], lang: str
) -> str:
    """The histogram as a table: each bin's range, the player's share, perfect play's."""
    heads = [text("stats.points_range", lang), text("stats.yours", lang)]
    if pshare:
        heads.append(text("stats.perfect", lang))
    rows = []
    for i, low in enumerate(bars):
        row: list[object] = [f"{low}-{low + BIN - 1}", f"{share[i]:.0%}"]
        if pshare:
            row.append(f"{pshare[i]:.0%}")
        rows.append(row)
    return data_table(heads, rows)


def skill_chart(stats: PlayerStats, lang: str) -> str:
    """The points each game's decisions cost, game by game."""
    priced = [p for p in stats.points if p.lost is not None]
    if not priced:
        return ""
    costs = [p.lost or 0.0 for p in priced]
    low, high = nice_range(0, max(costs), 10)
    scale = Scale(low, high)
    xs = x_positions(len(costs))
    body = (
        axes(scale, 10)
        + (polyline(xs, [scale.at(c) for c in costs], "trend") if len(costs) > 1 else "")
        + "".join(
            f'<circle class="dot" cx="{x:.1f}" cy="{scale.at(c):.1f}" r="3"/>'
            for x, c in zip(xs, costs, strict=True)
        )
        + x_ends(text("stats.first", lang), text("stats.latest", lang))
    )
    average = sum(costs) / len(costs)
    name = text("stats.skill_chart", lang, count=len(costs), average=figure(average))
    rows = [(i, p.date, figure(p.lost or 0)) for i, p in enumerate(priced, start=1)]
    heads = [text(k, lang) for k in ("stats.game", "scores.date", "stats.lost")]
    return chart_figure(name, body, data_table(heads, rows), lang, "stats-skill-chart")


def _rate(count: int, games: int) -> str:
    return f"{count / games:.0%}" if games else "-"


def summary_html(stats: PlayerStats, lang: str) -> str:
    """The headline figures: games, wins, average, best, bonus tiers, Kismets, skill."""
    tally = stats.tally
    rows = [
        (text("stats.games", lang), str(tally.games)),
        (text("stats.average", lang), figure(tally.average)),
        (text("stats.best", lang), str(tally.best if tally.best is not None else "-")),
    ]
    if tally.multi:
        rows.append(
            (
                text("stats.wins", lang),
                text("stats.wins_of", lang, wins=tally.wins, games=tally.multi),
            )
        )
    if tally.detailed:
        for (lowest, bonus), count in zip(reversed(BONUS_TIERS), tally.tiers, strict=True):
            label = text("stats.bonus_tier", lang, lowest=lowest, bonus=bonus)
            rows.append((label, _rate(count, tally.detailed)))
        rows.append((text("stats.kismets", lang), _rate(tally.kismets, tally.detailed)))
        rows.append((text("stats.extras", lang), _rate(tally.extras, tally.detailed)))
    if tally.priced:
        rows.append((text("stats.lost_per_game", lang), f"{tally.lost / tally.priced:.1f}"))
    items = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in rows)
    return f'<dl class="stats-figures" data-testid="stats-figures">{items}</dl>'


def recent_html(stats: PlayerStats, lang: str) -> str:
    """The last ten games against the player's average."""
    if not stats.recent:
        return ""
    average = stats.tally.average
    rows = [(p.date, p.total, f"{p.total - average:+.0f}") for p in reversed(stats.recent)]
    heads = [text(k, lang) for k in ("scores.date", "scores.score", "stats.against_average")]
    return f"<h3>{t('stats.recent', lang)}</h3>{data_table(heads, rows)}"


def boxes_html(stats: PlayerStats, perfect: Perfect | None, lang: str) -> str:
    """Each box's average beside perfect play's."""
    tally = stats.tally
    if not tally.detailed:
        return ""
    heads = [text("stats.box", lang), text("stats.yours", lang)]
    if perfect:
        heads.append(text("stats.perfect", lang))
    rows = []
    for i, box in enumerate(Category):
        row: list[object] = [
            text(f"box.{box.value}", lang),
            f"{tally.boxes[i] / tally.detailed:.1f}",
        ]
        if perfect:
            row.append(f"{perfect.boxes[i]:.1f}")
        rows.append(row)
    return f"<h3>{t('stats.boxes', lang)}</h3>{data_table(heads, rows)}"


def versus_html(stats: PlayerStats, lang: str) -> str:
    """The head-to-head records against the other people played."""
    if not stats.versus:
        return ""
    heads = [
        text(k, lang) for k in ("stats.against", "stats.won", "stats.lost_games", "stats.tied")
    ]
    rows = [(v.other, v.wins, v.losses, v.ties) for v in stats.versus]
    table = data_table(heads, rows)
    return f'<h3>{t("stats.versus", lang)}</h3><div data-testid="stats-versus">{table}</div>'


def stats_html(stats: PlayerStats | None, perfect: Perfect | None, lang: str) -> str:
    """The whole statistics of one name (or what they will hold, before any game)."""
    if stats is None or not stats.tally.games:
        return f"<p>{t('stats.empty', lang)}</p>"
    name = marked(stats.name, stats.computer, lang)
    parts = [f'<p class="print-only stats-name"><strong>{esc(name)}</strong></p>']
    parts.append(summary_html(stats, lang))
    if stats.tally.games > len(stats.points):
        parts.append(
            f"<p><small>{t('stats.folded', lang, count=stats.tally.games - len(stats.points))}"
            "</small></p>"
        )
    parts += [
        totals_chart(stats, lang),
        histogram_chart(stats, perfect, lang),
        skill_chart(stats, lang),
        recent_html(stats, lang),
        boxes_html(stats, perfect, lang),
        versus_html(stats, lang),
    ]
    if perfect is not None and perfect.expected is not None:
        figures = t("perfect.figures", lang, expected=f"{perfect.expected:.2f}")
        parts.append(f'<p class="perfect-figures">{figures}</p>')
    return "".join(parts)


def luck_html(splits: Sequence[Split], lang: str) -> str:
    """Each player's total split into expectation, decisions and dice."""
    if not splits:
        return ""
    heads = [
        text(k, lang)
        for k in ("scores.name", "luck.expected", "luck.choices", "luck.dice", "luck.total")
    ]
    rows = [
        (s.name, f"{s.expected:.1f}", f"{-s.lost:.1f}", f"{s.dice:+.1f}", s.total) for s in splits
    ]
    # Folded: the sentence above says it; the table is there for whoever wants the figures
    # (and the panel stays short enough for a small phone's screen).
    return (
        f'<details class="luck" data-testid="luck-table"><summary>{t("luck.title", lang)}'
        f"</summary>{data_table(heads, rows)}</details>"
    )
