"""Who is going to win, as the page shows it: each player's chance beside their total.

The chances are worked out at the start of every turn (``kismet.advice.chances``: every
player playing on with their skill, ``kismet.advice.skill``: a computer's level, a person's
record on this device) and shown until the next turn starts. They need both built
tables, the strategy table and the spread table; the page fetches them once chances are
first shown (in a game of two or more seats, or a challenge) and never says so: until they
are there, and if they cannot be had, the totals simply stand alone.

Working them out can take a while late in a game (the exact laws of a player's last boxes),
so it is done in steps, one player's law at a time, between the page's own work: a repaint
never waits for it, and the chances shown stay those of the last turn worked out.

Within a turn they move with the dice (``kismet.app.guidance.within``).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...rules import Fill, Game
from ...text import text
from ..base.settings import Settings
from ..base.table import Table
from .within import Within

if TYPE_CHECKING:
    from ...advice.chances import Forecast, Law
    from ...advice.skill import Skill
    from ...advice.spread import Spread
    from ...advice.state import State
    from ...advice.strategy import Advisor


GAMES_KEPT = 8
"""The games whose chances are kept (the games put aside and back are few)."""


class Due(enum.Enum):
    """What the chances wait for, once a view is painted."""

    TABLE = "table"
    """The strategy table (fetched quietly)."""
    SPREAD = "spread"
    """The spread table (fetched quietly)."""
    WORK = "work"
    """A step of the work: one player's law, or at the end everyone's chances."""


class Chances(NamedTuple):
    """The chances at one turn start of one game."""

    filled: tuple[Fill, ...]
    """The game's boxes filled by then, in order."""
    values: tuple[float, ...]
    """Each player's chance to win (in a challenge, the one player's chance to beat the
    sender), adding up to 1 over the players."""
    cost: float = 0.0
    """What the box chosen in the turn that led here gave up of its player's chance,
    against the strategy table's best box on the same dice (0: it was that box)."""

    @property
    def turn(self) -> int:
        """How many boxes were filled."""
        return len(self.filled)

    def of(self, game: Game) -> bool:
        """Whether these chances are of a turn start of ``game`` as it is now (not of a box
        since taken back)."""
        return tuple(game.history[: self.turn]) == self.filled


def turn_starts(game: Game) -> list[int]:
    """The boxes filled at each turn start of the game so far, and where it stands now: an
    extra Kismet's penalty zeros belong to the turn that scored it."""
    history = game.history
    starts = [k for k in range(len(history)) if k == 0 or not history[k].penalty]
    return [*starts, len(history)] if history else [0]


COSTLY = 0.02
"""A box choice that gave up at least this much of the chance to win is marked in the
review's chart (two percentage points)."""

COSTLY_SHOWN = 3
"""The costliest choices marked, at most."""


class Course(NamedTuple):
    """A finished game's chances turn by turn, for the review's chart."""

    names: tuple[str, ...]
    """The players (in a challenge, the one player, whose chance is to beat ``target``)."""
    turns: tuple[Chances, ...]
    """The chances at every turn start, the first to the end."""
    movers: tuple[int, ...]
    """Who played the turn that led to each turn start (the first: -1, nobody)."""
    lead_changes: tuple[int, ...]
    """The turn starts where another player took the lead (an index into ``turns``)."""
    costly: tuple[int, ...]
    """The turn starts after the person's box choices that gave up the most chance (an
    index into ``turns``, the costliest first)."""
    target: str | None = None


def leader(values: tuple[float, ...]) -> int | None:
    """Who is likeliest to win (None: a tie for it, or a challenge's one player)."""
    if len(values) < 2:
        return None
    best = max(values)
    ahead = [p for p, v in enumerate(values) if v == best]
    return ahead[0] if len(ahead) == 1 else None


def percent(chance: float) -> str:
    """A chance as the page writes it: whole percents, never "0%" or "100%" for what may
    still happen ("<1%", ">99%")."""
    if 0 < chance < 0.005:
        return "<1%"
    if 0.995 < chance < 1:
        return ">99%"
    return f"{math.floor(chance * 100 + 0.5)}%"  # halves up, as people round


def chance_line(chance: float, target: str | None, lang: str) -> str:
    """What a screen reader hears before the figure: "Chance to win: 43%" (or to beat the
    sender of a challenge)."""
    if target is None:
        return text("chance.win", lang, percent=percent(chance))
    return text("chance.beat", lang, name=target, percent=percent(chance))


def lead_changes(turns: Sequence[Chances]) -> tuple[int, ...]:
    """The turn starts at which the lead changed hands (a tie for the lead changes
    nothing)."""
    changes, last = [], None
    for i, chances in enumerate(turns):
        now = leader(chances.values)
        if now is not None and last is not None and now != last:
            changes.append(i)
        last = now if now is not None else last
    return tuple(changes)


class Odds:
    """The win chances at the table: the spread table once fetched, and the chances of the
    turns worked out so far, per game."""

    def __init__(self) -> None:
        self.spread: Spread | None = None
        self.failed = False
        """The spread table could not be had: no chances until the page is online again."""
        self._forecast: Forecast | None = None
        self._done: dict[str, dict[int, Chances]] = {}
        """Each game's chances worked out (a game's id -> boxes filled -> chances)."""
        self._laws: list[Law] = []
        """The laws of the players worked out so far for the turn in progress."""
        self._working: tuple[str, int] | None = None
        """The game and turn whose laws ``_laws`` holds."""
        self._states: list[State] = []
        """The players' states at that turn start."""
        self._skills: Sequence[Skill] = ()
        """The players' skills, as known at that turn start."""
        self._tables: list[tuple[float, list[Law]]] | None = None
        """The penalty tables (``Forecast.penalty_tables``) still to weigh for that turn
        start, one a step, once every law is there."""
        self._mixed: list[float] = []
        """The chances weighed over the tables so far."""
        self._unmoved: tuple[float, ...] | None = None
        """The chances of the laws as they are, when one of the tables moves none of them
        (what the last box's cost is weighed with)."""
        self.within = Within()
        """The chances within the turn, from the latest turn start's."""

    @staticmethod
    def wanted(table: Table, settings: Settings) -> bool:
        """Whether chances are shown at this table: with the setting on, in a game of two or
        more seats, or in a challenge (the chance to beat the sender)."""
        players = len(table.game.players)
        return settings.chances and (players > 1 or table.challenge is not None)

    def due(self, table: Table, settings: Settings, advisor: Advisor | None) -> Due | None:
        """What the chances at this table wait for now (None: nothing). At a table of two
        or more seats the spread table comes with the strategy table even with the chances
        hidden: the Win computer, and the hint's line to win, weigh choices with it."""
        shown = self.wanted(table, settings)
        if self.failed or not (shown or self.aimed(table)):
            return None
        if advisor is None:
            return Due.TABLE if shown else None
        if self.spread is None:
            return Due.SPREAD
        if not shown:
            return None
        return Due.WORK if self._next(table) is not None or self.within.wanted(table) else None

    @staticmethod
    def aimed(table: Table) -> bool:
        """Whether choices at this table can be weighed by the chance to win: it has
        two seats or more."""
        return len(table.game.players) > 1

    def attach(self, spread: Spread | None) -> None:
        """The spread table arrived (None: it could not be had)."""
        self.spread, self.failed = spread, spread is None
        self._forecast = None

    def online(self) -> None:
        """The browser is online again: a spread table that could not be had is tried again."""
        if self.spread is None:
            self.failed = False

    def now(self, table: Table) -> Chances | None:
        """The chances to show now: those within the turn, for the dice showing, once
        weighed (``Within``); else the latest turn start's."""
        values = self.within.chances(table)
        if values is not None:
            return Chances(tuple(table.game.history), values)
        return self.latest(table)

    def latest(self, table: Table, *, current: bool = False) -> Chances | None:
        """The chances of the latest turn start worked out for this game (``current``: only
        if it is the turn at the table now)."""
        game = table.game
        done = self._done.get(table.id, {})
        for turn in sorted(done, reverse=True):
            if turn <= len(game.history) and done[turn].of(game):
                return done[turn] if not current or turn == len(game.history) else None
        return None

    def history(self, table: Table) -> tuple[Chances, ...]:
        """The chances of the turn starts worked out for this game, in order."""
        done = self._done.get(table.id, {})
        return tuple(done[turn] for turn in sorted(done) if done[turn].of(table.game))

    def course(self, table: Table, target: str | None) -> Course | None:
        """The finished game's chances turn by turn (None until every turn start of it is
        worked out)."""
        game = table.game
        if not game.is_over:
            return None
        done = self._done.get(table.id, {})
        starts = turn_starts(game)
        if any(turn not in done or not done[turn].of(game) for turn in starts):
            return None
        turns = tuple(done[turn] for turn in starts)
        movers = (-1, *(game.history[begun].player for begun in starts[:-1]))
        changes = lead_changes(turns)
        people = [i for i in range(1, len(turns)) if table.seats[movers[i]] is None]
        costly = sorted(
            (i for i in people if turns[i].cost >= COSTLY), key=lambda i: -turns[i].cost
        )
        return Course(game.players, turns, movers, changes, tuple(costly[:COSTLY_SHOWN]), target)

    def _next(self, table: Table) -> int | None:
        """The turn start to work on: the one at the table, then, once the game is over,
        the earlier ones not worked out yet (for the review's chart), latest first."""
        game, done = table.game, self._done.get(table.id, {})

        def missing(turn: int) -> bool:
            return turn not in done or not done[turn].of(game)

        now = len(game.history)
        if missing(now):
            return now
        if not game.is_over:
            return None
        return next((t for t in reversed(turn_starts(game)) if missing(t)), None)

    def work(
        self,
        table: Table,
        advisor: Advisor,
        target: int | None,
        skills: Callable[[], Sequence[Skill]] | None = None,
    ) -> bool:
        """One step of the work: one player's law at the turn start worked on, or from them
        everyone's chances there (and what the box that led there gave up); True when a
        turn start's chances are there. ``target``: the total a one-player game plays
        against (a challenge's sender's); ``skills``: each seat's, asked once a turn start
        (every seat perfect without); once they are there, the chances within the turn
        (``Within``)."""
        from ...advice.chances import against, states_after
        from ...advice.skill import PERFECT

        turn = self._next(table)
        if self.spread is None:
            return False
        if turn is None:
            return self.within.weigh(table, advisor)
        forecast, game = self.forecast_of(advisor, self.spread), table.game
        filled, laws = tuple(game.history[:turn]), self._laws
        if self._working != (table.id, turn):  # the players' states, once per turn start
            self._working, self._laws, self._tables = (table.id, turn), [], None
            self._unmoved = None
            laws, self._states = self._laws, states_after(filled, len(game.players))
            self._skills = tuple(skills()) if skills else ()
        states = self._states
        known = self._skills or tuple(PERFECT for _ in states)
        if len(laws) < len(states):
            laws.append(forecast.law(states[len(laws)], known[len(laws)]))
            return False
        if self._tables is None:  # the extra Kismets' penalty zeros: one table a step
            self._tables, self._mixed = forecast.penalty_tables(states, laws), [0.0] * len(laws)
            self.within.began(table.id, turn, target, list(self._tables))
        weight, moved = self._tables.pop()
        chances = against(moved, target)
        if all(a is b for a, b in zip(moved, laws, strict=True)):
            self._unmoved = chances
        for i, chance in enumerate(chances):
            self._mixed[i] += chance * weight
        if self._tables:
            return False
        cost = self._box_cost(forecast, game, turn, known, target)
        self._record(table.id, Chances(filled, tuple(self._mixed), cost))
        self._working, self._laws, self._states, self._skills = None, [], [], ()
        self._tables, self._mixed, self._unmoved = None, [], None
        return True

    def _box_cost(
        self, forecast: Forecast, game: Game, turn: int, known: Sequence[Skill], target: int | None
    ) -> float:
        """The chance to win the box filled in the turn before ``turn`` gave up against the
        table's best box on its dice (0 when it was the best): between two positions alike
        but for it, their chances without the penalty zeros, which the two share."""
        from ...advice.chances import against, states_after

        starts = turn_starts(game)
        if turn not in starts or starts.index(turn) == 0:
            return 0.0
        begun = starts[starts.index(turn) - 1]
        fill, laws = game.history[begun], self._laws
        before = states_after(game.history[:begun], len(laws))[fill.player]
        instead = forecast.instead(before, fill)
        if instead is None:
            return 0.0
        other = list(laws)
        other[fill.player] = forecast.law(instead, known[fill.player])
        unmoved = self._unmoved or against(laws, target)
        return max(0.0, against(other, target)[fill.player] - unmoved[fill.player])

    def forecast_of(self, advisor: Advisor, spread: Spread) -> Forecast:
        """The forecast over these tables, made once for them."""
        from ...advice.chances import Forecast

        if self._forecast is None or self._forecast.advisor is not advisor:
            self._forecast = Forecast(advisor, spread)
        return self._forecast

    def _record(self, game_id: str, chances: Chances) -> None:
        done = self._done.pop(game_id, {})
        self._done[game_id] = done  # the latest game last
        while len(self._done) > GAMES_KEPT:
            del self._done[next(iter(self._done))]
        done[chances.turn] = chances
