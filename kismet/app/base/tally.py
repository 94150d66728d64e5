"""What the statistics add up over a name's finished games (``Tally``), who a name in them
is (``Who``: a person or a computer, counted apart), and the meetings of people in a game
(the head-to-head records): shared by the statistics drawn (``kismet.app.guidance.stats``)
and those kept of games folded out of the detail (``kismet.app.keeping.folded``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...rules import BONUS_TIERS, Category, SaveError, SaveProblem, Totals
from ...rules.save import Fields
from ...rules.values import is_number, is_whole
from .finished import BOXES, MAX_TOTAL, Finished

BIN = 20
"""Points per bar of the totals histogram."""

_KISMET = list(Category).index(Category.KISMET)


@dataclass
class Tally:
    """Counts and sums over a player's games: what the statistics add up."""

    games: int = 0
    points: int = 0
    best: int | None = None
    multi: int = 0
    """Games with two or more players."""
    wins: int = 0
    """Of those, the games won (a shared win counts)."""
    detailed: int = 0
    """Games whose boxes are known (the rest are from before the statistics)."""
    tiers: list[int] = field(default_factory=lambda: [0] * len(BONUS_TIERS))
    """Games that reached each bonus tier, lowest tier first."""
    kismets: int = 0
    """Games with the Kismet box scored."""
    extras: int = 0
    """Games with at least one extra Kismet."""
    boxes: list[int] = field(default_factory=lambda: [0] * BOXES)
    """Each box's points, summed over the detailed games."""
    priced: int = 0
    """Games whose decisions were priced against perfect play."""
    lost: float = 0.0
    """The points those decisions cost, summed."""
    bins: dict[int, int] = field(default_factory=dict)
    """How many totals fell in each ``BIN``-point bar (keyed by the bar's lowest total)."""

    def add(self, record: Finished, seat: int) -> None:
        """Count one seat of a finished game."""
        total = record.totals[seat]
        self.games += 1
        self.points += total
        self.best = total if self.best is None else max(self.best, total)
        if len(record.players) > 1:
            self.multi += 1
            self.wins += seat in record.winners
        low = total // BIN * BIN
        self.bins[low] = self.bins.get(low, 0) + 1
        if record.detailed:
            boxes = record.boxes[seat]
            self.detailed += 1
            basic = Totals.of(dict(zip(Category, boxes, strict=True))).basic
            for i, (lowest, _) in enumerate(reversed(BONUS_TIERS)):
                self.tiers[i] += basic >= lowest
            self.kismets += boxes[_KISMET] > 0
            self.extras += record.jokers[seat] > 0
            self.boxes = [a + b for a, b in zip(self.boxes, boxes, strict=True)]
        lost = record.lost[seat] if record.lost else None
        if lost is not None:
            self.priced += 1
            self.lost += lost

    def merge(self, other: Tally) -> Tally:
        """The two tallies added together."""
        best = max((b for b in (self.best, other.best) if b is not None), default=None)
        bins = dict(self.bins)
        for low, count in other.bins.items():
            bins[low] = bins.get(low, 0) + count
        return Tally(
            self.games + other.games,
            self.points + other.points,
            best,
            self.multi + other.multi,
            self.wins + other.wins,
            self.detailed + other.detailed,
            [a + b for a, b in zip(self.tiers, other.tiers, strict=True)],
            self.kismets + other.kismets,
            self.extras + other.extras,
            [a + b for a, b in zip(self.boxes, other.boxes, strict=True)],
            self.priced + other.priced,
            self.lost + other.lost,
            bins,
        )

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in vars(self).items() if k != "bins"}
        data["bins"] = [[low, n] for low, n in sorted(self.bins.items())]
        return data

    @classmethod
    def from_dict(cls, data: object, where: str) -> Tally:
        fields = Fields(data, where, [*vars(cls()).keys()])
        names = ("games", "points", "multi", "wins", "detailed", "kismets", "extras", "priced")
        counts = {name: fields.integer(name) for name in names}
        best = fields.data["best"]
        if best is not None and not (is_count(best) and best <= MAX_TOTAL):
            raise SaveError(SaveProblem.BAD_VALUE, where, field="best")
        if counts["points"] > counts["games"] * MAX_TOTAL or (counts["games"] > 0) != (
            best is not None
        ):
            raise SaveError(SaveProblem.BAD_VALUE, where, field="points")
        lost = fields.data["lost"]
        if not is_number(lost) or lost < 0:
            raise SaveError(SaveProblem.BAD_VALUE, where, field="lost")
        bins = fields.items("bins")
        if not all(isinstance(b, list) and len(b) == 2 and all(map(is_count, b)) for b in bins):
            raise SaveError(SaveProblem.BAD_VALUE, where, field="bins")
        return cls(
            best=best,
            tiers=_counts(fields.items("tiers"), len(BONUS_TIERS), where),
            boxes=_counts(fields.items("boxes"), BOXES, where),
            lost=float(lost),
            bins={low: n for low, n in bins},
            **counts,
        )


def is_count(value: object) -> bool:
    """Whether a stored value is a count: a whole number, 0 or more."""
    return is_whole(value) and value >= 0


def _counts(values: list[Any], size: int, where: str) -> list[int]:
    """A stored list of ``size`` counts (raises ``SaveError`` for anything else)."""
    if len(values) != size or not all(map(is_count, values)):
        raise SaveError(SaveProblem.BAD_VALUE, where)
    return list(values)


class Who(NamedTuple):
    """A name in the statistics: a person's, or a computer's (a person may take the name of
    a computer; they are counted apart). Stored as its ``code``."""

    name: str
    computer: bool = False

    @property
    def code(self) -> str:
        """``person:Ann`` or ``computer:Perfect``: the key of its folded tally, and the
        value of its option in the statistics' list."""
        return (_COMPUTER if self.computer else _PERSON) + self.name

    @classmethod
    def parse(cls, code: object) -> Who:
        """The name of a ``code``; raises ``ValueError`` for anything else."""
        for prefix, computer in ((_PERSON, False), (_COMPUTER, True)):
            if isinstance(code, str) and code.startswith(prefix):
                return cls(code.removeprefix(prefix), computer)
        raise ValueError(f"not a name's key: {code!r}")


_PERSON, _COMPUTER = "person:", "computer:"


def meetings(record: Finished) -> list[tuple[tuple[str, str], int]]:
    """Each ordered pair of people in a game, and the first's outcome: 0 won, 1 lost, 2 tie."""
    seated = range(len(record.players))
    people = [p for p in seated if record.is_person(p)]
    met = [p for p in seated if record.is_person(p) or record.on_other_device(p)]
    found = []
    for a in people:
        for b in met:
            if a == b or record.players[a] == record.players[b]:
                continue
            ta, tb = record.totals[a], record.totals[b]
            outcome = 2 if ta == tb else 0 if ta > tb else 1
            found.append(((record.players[a], record.players[b]), outcome))
    return found
