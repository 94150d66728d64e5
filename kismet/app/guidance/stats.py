"""A player's progress: statistics drawn from the finished games, as plain data.

``player_stats`` reads the finished games (``kismet.app.base.finished``) and the folded
tallies (``kismet.app.keeping.folded``) for one name: games, wins in games of two or more,
average, best, the bonus tiers reached, Kismets, each box's average, the points decisions
cost, the totals over time, and the head-to-head records against the other people they
played. People and computers are kept apart: a computer seat's games count for that
computer's name only, marked as a computer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..base.finished import Finished
from ..base.tally import Tally, Who, meetings
from ..keeping.folded import Folded

RECENT = 10
"""The last games shown against the average."""

MOVING = 5
"""Games in the moving average of the totals chart."""


class Point(NamedTuple):
    """One game of a player, for the charts."""

    date: str
    total: int
    lost: float | None


class HeadToHead(NamedTuple):
    """A head-to-head record: against whom, and the wins, losses and ties."""

    other: str
    wins: int
    losses: int
    ties: int


class PlayerStats(NamedTuple):
    """Everything the statistics show for one name."""

    name: str
    computer: bool
    tally: Tally
    points: tuple[Point, ...]
    """The detailed games, oldest first."""
    versus: tuple[HeadToHead, ...]

    @property
    def recent(self) -> tuple[Point, ...]:
        return self.points[-RECENT:]

    @property
    def moving(self) -> tuple[float, ...]:
        """The moving average of the totals, game by game (over up to ``MOVING`` games)."""
        totals = [p.total for p in self.points]
        return tuple(
            sum(totals[max(0, i - MOVING + 1) : i + 1]) / (i + 1 - max(0, i - MOVING + 1))
            for i in range(len(totals))
        )


class Player(NamedTuple):
    """A name in the statistics' list."""

    name: str
    computer: bool
    games: int

    @property
    def code(self) -> str:
        """Its option's value in the statistics' list (``Who.code``)."""
        return Who(self.name, self.computer).code


def players(history: Sequence[Finished], folded: Folded) -> tuple[Player, ...]:
    """Every name with finished games: people first (the most games first), then computers."""
    games: dict[Who, int] = {who: tally.games for who, tally in folded.tallies.items()}
    for record in history:
        for seat, name in enumerate(record.players):
            if not record.on_other_device(seat):
                who = Who(name, not record.is_person(seat))
                games[who] = games.get(who, 0) + 1
    ordered = sorted(games.items(), key=lambda item: (item[0][1], -item[1], item[0][0]))
    return tuple(Player(name, computer, n) for (name, computer), n in ordered)


def player_stats(
    history: Sequence[Finished], folded: Folded, name: str, computer: bool = False
) -> PlayerStats:
    """The statistics of one name (a person's, or a computer's when ``computer``)."""
    tally = folded.tallies.get(Who(name, computer), Tally())
    mine = Tally()
    points = []
    versus: dict[str, list[int]] = {}
    for (a, b), counts in folded.versus.items():
        if a == name and not computer:
            versus[b] = list(counts)
    for record in history:
        for seat, who in enumerate(record.players):
            if who != name or record.is_person(seat) == computer or record.on_other_device(seat):
                continue
            mine.add(record, seat)
            lost = record.lost[seat] if record.lost else None
            points.append(Point(record.finished[:10], record.totals[seat], lost))
        if not computer:
            for (a, b), outcome in meetings(record):
                if a == name:
                    versus.setdefault(b, [0, 0, 0])[outcome] += 1
    lines = tuple(HeadToHead(other, *counts) for other, counts in sorted(versus.items()))
    return PlayerStats(name, computer, tally.merge(mine), tuple(points), lines)
