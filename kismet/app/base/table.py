"""The game in progress at a table, with what the app keeps beside it.

Stored under ``kismet:v1:game`` as

``{"id", "started", "mode", "seats", "decisions", "game", "daily", "challenge", "me"}``. ``game``
is ``kismet.rules.save.game_to_dict``; ``mode`` is "dice" (on-screen dice) or "sheet" (real
dice); ``seats`` the code of each seat; ``decisions`` the people's recorded decisions, for
the coach and the review; ``daily`` the number of a daily game (else null); ``challenge``
the link a challenge game answers (else null); ``me`` the seat this device plays in a game
by link (``kismet.app.play.by_link``; absent or null: none chosen yet, or not such a game).
"mode" came with score-sheet mode, "seats"
and "decisions" with computer players and the review, "daily" and "challenge" with linked
dice, "me" with games by link: a save without them is an on-screen game of people, no
decisions kept, no links.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ...rules import Category, Game, SaveError, SaveProblem, game_from_dict, game_to_dict
from ...rules.save import Fields
from .entry import Entry
from .roster import HUMAN, OTHER_DEVICE, Seat, parse_seat, seat_code

if TYPE_CHECKING:
    from ...advice.state import Decision
    from .daily import DayTable


class Mode(enum.StrEnum):
    """How the dice are rolled: on screen, or with real dice whose faces are entered."""

    DICE = "dice"
    SHEET = "sheet"


class AsideGame(NamedTuple):
    """A game put aside, as the list of games in progress shows it."""

    id: str
    players: str
    """The players' names, joined for a sentence."""
    turn: int
    """The turn it stands at: how many boxes the player to move has filled, plus one."""
    started: str
    """The day it started."""
    state: str = ""
    """A game by link: "your turn", or whose turn it waits for (else empty)."""


class Daily(NamedTuple):
    """A daily game, as the list of daily games shows it."""

    number: int
    day: str
    """Its date (ISO 8601)."""
    waiting: bool
    """Under way (at the table or put aside)."""
    best: int | None
    """The best total it was played for (None before it is)."""
    friends: DayTable | None = None
    """Its table with friends' results opened on this device (None: none)."""


def new_id() -> str:
    """A game's identity: 16 random hex digits."""
    return os.urandom(8).hex()


@dataclass
class Table:
    """A game in progress: the game, who sits in each seat, how the dice are rolled, the
    people's decisions (for the coach and the review), its identity and start."""

    game: Game
    seats: tuple[Seat, ...]
    mode: Mode = Mode.DICE
    decisions: list[Decision] = field(default_factory=list)
    id: str = field(default_factory=new_id)
    started: str = ""
    """When it started (ISO 8601, UTC)."""
    daily: int | None = None
    """The daily game's number, for a daily game."""
    challenge: str | None = None
    """The link of the challenge this game answers, for a challenge."""
    me: int | None = None
    """A game by link: the seat this device plays (None until the player said which)."""

    @property
    def daily_or_challenge(self) -> bool:
        """A daily game or a challenge: one on linked dice, to share and compare."""
        return self.daily is not None or self.challenge is not None

    @property
    def by_link(self) -> bool:
        """A game by link: each seat on a device of its own, the game passed on by link."""
        return self.game.apart

    @property
    def turn_elsewhere(self) -> bool:
        """A game by link that goes on, and not at this device's seat: nothing here moves."""
        return self.by_link and not self.game.is_over and self.me != self.game.current

    def can_take_back(self, player: int) -> bool:
        """Whether a box ``player`` filled may be taken back: a person's, and never in a game
        by link (the game may already be on its way to the next player)."""
        return self.seats[player] is None and not self.by_link

    def claim(self, seat: int) -> None:
        """This device plays ``seat`` of the game by link (said once, kept with the game)."""
        if self.by_link and 0 <= seat < len(self.game.players):
            self.me = seat

    @property
    def seat(self) -> Seat:
        """The seat to move."""
        return self.seats[self.game.current]

    @property
    def computer_to_move(self) -> bool:
        """Whether the seat to move is a computer (and the game goes on)."""
        return not self.game.is_over and self.seat is not None

    @property
    def unfinished(self) -> bool:
        """Whether this is a game under way that starting another would lose: begun (a
        roll or a box) and not over."""
        game = self.game
        return not game.is_over and bool(game.history or game.dice)

    def editing(self, entry: Entry) -> bool:
        """Real-dice mode: whether the faces set on the dice differ from the roll entered,
        so the sheet has nothing to offer until they are entered."""
        dice = self.game.dice
        return self.mode is Mode.SHEET and bool(dice) and tuple(entry.faces) != dice

    def decided(self, decision: Decision | None) -> None:
        """A person's decision was taken (None: none to keep, as with real dice)."""
        if decision is not None:
            self.decisions.append(decision)

    def taken_back(self, player: int, box: Category) -> None:
        """The box ``player`` filled was taken back: so is the decision that filled it."""
        last = self.decisions[-1] if self.decisions else None
        if last is not None and (last.player, last.box) == (player, box):
            self.decisions.pop()

    def switch_to(self, mode: Mode) -> None:
        """The dice are rolled on screen, or real dice entered, from now on."""
        self.mode = mode

    @property
    def codes(self) -> tuple[str, ...]:
        """Each seat's code, as stored."""
        return tuple(seat_code(s) for s in self.seats)

    @property
    def record_codes(self) -> tuple[str, ...]:
        """Each seat's code in the finished games' record: in a game by link only this
        device's seat is one of its people; the others played on their own devices."""
        if not self.by_link:
            return self.codes
        return tuple(HUMAN if p == self.me else OTHER_DEVICE for p in range(len(self.seats)))

    def to_dict(self) -> dict[str, Any]:
        """The envelope as stored."""
        return {
            "id": self.id,
            "started": self.started,
            "mode": self.mode.value,
            "seats": list(self.codes),
            "decisions": [d.to_dict() for d in self.decisions],
            "game": game_to_dict(self.game),
            "daily": self.daily,
            "challenge": self.challenge,
            **({"me": self.me} if self.by_link else {}),
        }

    @classmethod
    def from_dict(cls, data: object) -> Table:
        """Read a stored envelope; raises ``SaveError`` for anything else."""
        fields = Fields(data, "envelope", ("id", "started", "game"), _OPTIONAL)
        game = game_from_dict(fields.data["game"])
        codes = fields.items("seats", [HUMAN] * len(game.players))
        try:
            seats = tuple(parse_seat(code) for code in codes)
        except ValueError:
            seats = ()
        if len(seats) != len(game.players):
            raise SaveError(SaveProblem.BAD_VALUE, "envelope", field="seats")
        decisions = fields.items("decisions", [])
        return cls(
            game=game,
            seats=seats,
            mode=fields.parsed("mode", Mode, Mode.DICE),
            decisions=_decisions(decisions),
            id=fields.text("id"),
            started=fields.text("started"),
            daily=fields.count("daily"),
            challenge=fields.parsed("challenge", _optional_text, None),
            me=_seat_of(fields.data.get("me"), game),
        )


_OPTIONAL = ("mode", "seats", "decisions", "daily", "challenge", "me")


def _seat_of(value: object, game: Game) -> int | None:
    """The stored seat of this device in a game by link; raises ``SaveError`` for one that
    is not a seat of it."""
    if value is None:
        return None
    if not game.apart or type(value) is not int or not 0 <= value < len(game.players):
        raise SaveError(SaveProblem.BAD_VALUE, "envelope", field="me")
    return value


def _optional_text(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError("not a link")


def read_aside(data: object) -> list[Table]:
    """The stored games put aside; raises ``SaveError`` for anything else."""
    if not isinstance(data, list):
        raise SaveError(SaveProblem.NOT_AN_OBJECT, "paused")
    return [Table.from_dict(entry) for entry in data]


def _decisions(data: list[Any]) -> list[Decision]:
    """The stored decisions (their module loads only when there are some)."""
    if not data:
        return []
    from ...advice.state import Decision

    return [Decision.from_dict(d, f"decisions[{i}]") for i, d in enumerate(data)]
