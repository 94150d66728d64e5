"""What is kept of the finished games folded out of the detailed history (``Folded``):
each name's tallies, the head-to-head records among people, their high-score lines, and
their identities.

Games older than the detailed history (``ledger.HISTORY_LIMIT``, or when storage runs
short) are folded: their counts and sums stay in the statistics
(``kismet.app.guidance.stats``), their game-by-game detail goes. Nothing is dropped without
being counted. People and computers are kept apart (``Who``): a computer seat's games count
for that computer's name only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...rules import SaveError, SaveProblem
from ...rules.save import Fields
from ..base.finished import MAX_TOTAL, Finished, HighScore, high_scores
from ..base.tally import Tally, Who, is_count, meetings

_PAIR = "\t"
"""Between the two names of a stored head-to-head key (no name holds a tab)."""


def _pair(code: object) -> tuple[str, str]:
    """The two people of a stored head-to-head key; raises ``ValueError`` for anything else."""
    if not isinstance(code, str) or code.count(_PAIR) != 1:
        raise ValueError(f"not a head-to-head key: {code!r}")
    a, b = code.split(_PAIR)
    return a, b


@dataclass
class Folded:
    """Finished games whose detail was folded away: their tallies per player, the
    head-to-head records among people, their high-score lines, and their identities (so
    that a restore never counts them twice)."""

    tallies: dict[Who, Tally] = field(default_factory=dict)
    versus: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    """Keyed by (Name, Other): the wins, losses and ties of Name against Other."""
    high: list[HighScore] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)

    def fold(self, records: Iterable[Finished]) -> None:
        """Fold these games in."""
        records = list(records)
        for record in records:
            for seat, name in enumerate(record.players):
                if record.on_other_device(seat):  # a friend's seat, theirs on their own device
                    continue
                who = Who(name, not record.is_person(seat))
                self.tallies.setdefault(who, Tally()).add(record, seat)
            for pair, outcome in meetings(record):
                self.versus.setdefault(pair, [0, 0, 0])[outcome] += 1
        self.high = list(high_scores(records, self.high))
        self.ids += [r.id for r in records]

    def merge(self, other: Folded) -> Folded:
        """Both folds together (games folded on two devices)."""
        tallies = dict(self.tallies)
        for who, tally in other.tallies.items():
            tallies[who] = tallies[who].merge(tally) if who in tallies else tally
        versus = {pair: list(counts) for pair, counts in self.versus.items()}
        for pair, counts in other.versus.items():
            mine = versus.get(pair, [0, 0, 0])
            versus[pair] = [a + b for a, b in zip(mine, counts, strict=True)]
        high = list(high_scores([], [*self.high, *other.high]))
        return Folded(tallies, versus, high, [*self.ids, *other.ids])

    def to_dict(self) -> dict[str, Any]:
        return {
            "tallies": {who.code: t.to_dict() for who, t in self.tallies.items()},
            "versus": {_PAIR.join(pair): counts for pair, counts in self.versus.items()},
            "high": [list(h) for h in self.high],
            "ids": self.ids,
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "folded") -> Folded:
        fields = Fields(data, where, ("tallies", "versus", "high", "ids"))
        tallies = fields.get("tallies", dict)
        versus = fields.get("versus", dict)
        high, ids = fields.items("high"), fields.items("ids")
        if not all(map(_record, versus.values())) or not all(isinstance(i, str) for i in ids):
            raise SaveError(SaveProblem.BAD_VALUE, where)
        if not all(map(_high_line, high)):
            raise SaveError(SaveProblem.BAD_VALUE, where, field="high")
        lines = [HighScore(*line) for line in high]
        try:
            names = {Who.parse(code): tally for code, tally in tallies.items()}
        except ValueError:
            raise SaveError(SaveProblem.BAD_VALUE, where, field="tallies") from None
        try:
            pairs = {_pair(code): list(counts) for code, counts in versus.items()}
        except ValueError:
            raise SaveError(SaveProblem.BAD_VALUE, where, field="versus") from None
        return cls(
            {who: Tally.from_dict(t, f"{where}.{who.code}") for who, t in names.items()},
            pairs,
            lines,
            list(ids),
        )


def _record(value: object) -> bool:
    """Whether a stored head-to-head record is three counts (wins, losses, ties)."""
    return isinstance(value, list) and len(value) == 3 and all(map(is_count, value))


def _high_line(line: object) -> bool:
    """Whether a stored high-score line is one: name, total, date, computer."""
    return (
        isinstance(line, list)
        and len(line) == 4
        and isinstance(line[0], str)
        and is_count(line[1])
        and line[1] <= MAX_TOTAL
        and isinstance(line[2], str)
        and isinstance(line[3], bool)
    )
