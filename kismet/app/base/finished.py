"""A finished game's record, which every part shares (the ending, the statistics, the
pricing of decisions, the backup), and the high-score table drawn from such records.

Stored in the list under ``kismet:v1:history`` (``kismet.app.keeping.ledger``) as
``{"id", "finished", "players", "totals", "winners", "seats", "daily", "fills", "boxes",
"jokers", "lost"}``. "seats" (each seat's code: a person or a computer level) came with
computer players; a record without it is all people. The last four came with the
statistics: "fills" is the game in short (``kismet.rules.record``), replayed through the
rules when a file is imported; "boxes" each player's 15 boxes in the sheet's order,
"jokers" how many extra Kismets each scored, and "lost" the points each person's decisions
cost against perfect play (null when unknown: a computer, real dice, or a game before the
statistics). A record without them counts in games, wins, averages and bests only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ...rules import MAX_PLAYERS, MIN_PLAYERS, Category, Game, SaveError, SaveProblem
from ...rules.record import encode_fills, replay_record
from ...rules.save import Fields
from ...rules.values import is_number, is_whole
from .roster import HUMAN, OTHER_DEVICE, SEAT_CODES

BOXES = len(Category)

MAX_TOTAL = 565
"""The highest grand total the rules allow (every box at its most, jokers included, and
the top bonus): a total above it, or below 0, is no game's."""

HIGH_SCORES = 10
"""Lines in the high-score table."""

_FIELDS = ("id", "finished", "players", "totals", "winners")
_OPTIONAL = ("seats", "daily", "fills", "boxes", "jokers", "lost")


class Finished(NamedTuple):
    """One finished game: who played, their totals and who won."""

    id: str
    finished: str
    """When it ended (ISO 8601, UTC)."""
    players: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    seats: tuple[str, ...] = ()
    """Each seat's code (``kismet.app.base.roster``); empty: all people."""
    daily: int | None = None
    """The daily game's number, for a daily game."""
    fills: str = ""
    """The game in short (``kismet.rules.record``); empty in a record from before."""
    boxes: tuple[tuple[int, ...], ...] = ()
    """Each player's 15 boxes, in the sheet's order (empty when unknown)."""
    jokers: tuple[int, ...] = ()
    """How many extra Kismets each player scored (empty when unknown)."""
    lost: tuple[float | None, ...] = ()
    """The points each person's decisions cost against perfect play (None: unknown)."""

    @classmethod
    def of(
        cls, game_id: str, when: str, game: Game, seats: tuple[str, ...], daily: int | None
    ) -> Finished:
        """The record of a game that is over, with each seat's code."""
        seated = range(len(game.players))
        totals = tuple(game.total(p) for p in seated)
        boxes = tuple(tuple(game.sheet(p)[c] or 0 for c in Category) for p in seated)
        jokers = tuple(sum(f.joker for f in game.history if f.player == p) for p in seated)
        return cls(
            game_id,
            when,
            game.players,
            totals,
            tuple(game.winners),
            seats,
            daily,
            encode_fills(game),
            boxes,
            jokers,
            (None,) * len(game.players),
        )

    @property
    def detailed(self) -> bool:
        """Whether the record has each box (a record from before the statistics has not)."""
        return bool(self.boxes)

    @property
    def is_priced(self) -> bool:
        """Whether any person's decisions have been priced (kept across a reload)."""
        return any(lost is not None for lost in self.lost)

    def priced(self, lost: tuple[float | None, ...]) -> Finished:
        """The record with the points each person's decisions cost."""
        return self._replace(lost=tuple(None if x is None else round(x, 2) for x in lost))

    def verify(self, where: str = "record") -> None:
        """Replay the record through the rules: raises ``SaveError`` unless its sheet, totals
        and winners are what the rules give for its fills (a record without fills: its
        totals at least add up)."""
        if not self.fills:
            if self.boxes:
                raise SaveError(SaveProblem.BAD_VALUE, where, field="fills")
            return
        game = replay_record(self.players, self.fills, where)
        again = Finished.of(self.id, self.finished, game, self.seats, self.daily)
        if (again.totals, again.winners, again.boxes, again.jokers) != (
            self.totals,
            self.winners,
            self.boxes,
            self.jokers,
        ):
            raise SaveError(SaveProblem.DIFFERS, where)

    def is_person(self, player: int) -> bool:
        """Whether a person (not a computer) played in seat ``player``."""
        return not self.seats or self.seats[player] == HUMAN

    def on_other_device(self, player: int) -> bool:
        """Whether seat ``player`` was a friend's, on their own device (a game by link): not
        this device's to count, but a game its people played against them."""
        return bool(self.seats) and self.seats[player] == OTHER_DEVICE

    def to_dict(self) -> dict[str, Any]:
        """The record as stored."""
        return {
            "id": self.id,
            "finished": self.finished,
            "players": list(self.players),
            "totals": list(self.totals),
            "winners": list(self.winners),
            "seats": list(self.seats),
            "daily": self.daily,
            "fills": self.fills,
            "boxes": [list(b) for b in self.boxes],
            "jokers": list(self.jokers),
            "lost": list(self.lost),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "history") -> Finished:
        """Read a stored record; raises ``SaveError`` for anything else."""
        fields = Fields(data, where, _FIELDS, _OPTIONAL)
        players = fields.list_of("players", lambda name: isinstance(name, str))
        count = len(players)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise SaveError(SaveProblem.BAD_VALUE, where, field="players")
        totals = fields.list_of("totals", _total, length=count)
        winners = fields.list_of("winners", lambda w: is_whole(w) and 0 <= w < count)
        seats = fields.per_player("seats", count, lambda code: code in (*SEAT_CODES, OTHER_DEVICE))
        boxes = fields.per_player("boxes", count, _sheet)
        jokers = fields.per_player("jokers", count, lambda n: is_whole(n) and 0 <= n <= BOXES)
        lost = fields.per_player("lost", count, lambda x: x is None or _amount(x))
        fills = fields.text("fills", "")
        if bool(boxes) != bool(fills):  # the dice and the boxes come together
            raise SaveError(SaveProblem.BAD_VALUE, where, field="fills")
        return cls(
            fields.text("id"),
            fields.text("finished"),
            tuple(players),
            tuple(totals),
            tuple(winners),
            tuple(seats),
            fields.count("daily"),
            fills,
            tuple(tuple(b) for b in boxes),
            tuple(jokers),
            tuple(None if x is None else float(x) for x in lost),
        )


def _amount(value: object) -> bool:
    return is_number(value) and 0 <= value < 1000


def _total(value: object) -> bool:
    return is_whole(value) and 0 <= value <= MAX_TOTAL


def _sheet(value: object) -> bool:
    return isinstance(value, list) and len(value) == BOXES and all(is_whole(v) for v in value)


def each_once(records: Iterable[Finished]) -> list[Finished]:
    """Each game's record once, by its identity (the first kept), in order."""
    first: dict[str, Finished] = {}
    for record in records:
        first.setdefault(record.id, record)
    return list(first.values())


class HighScore(NamedTuple):
    """One line of the high-score table."""

    name: str
    points: int
    date: str
    computer: bool = False
    """Scored by a computer seat (marked as such in the table)."""


def high_scores(
    history: Sequence[Finished], folded: Sequence[HighScore] = ()
) -> tuple[HighScore, ...]:
    """The best ``HIGH_SCORES`` totals that people scored in finished games, with the lines
    kept of games folded into the statistics: name, points, date. A computer's totals are
    not records of this device's players: they are in the statistics, under its name."""
    lines = [
        HighScore(name, total, record.finished[:10])
        for record in history
        for p, (name, total) in enumerate(zip(record.players, record.totals, strict=True))
        if record.is_person(p)
    ]
    lines += [line for line in folded if not line.computer]
    lines.sort(key=lambda h: (-h.points, h.date))
    return tuple(lines[:HIGH_SCORES])


def best_of(history: list[Finished], name: str) -> int | None:
    """A person's best total in these finished games (None before their first)."""
    totals = [
        total
        for record in history
        for p, (who, total) in enumerate(zip(record.players, record.totals, strict=True))
        if who == name and record.is_person(p)
    ]
    return max(totals, default=None)
