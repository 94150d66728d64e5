"""A game by link: friends on their own devices, the game passed on by link after each
turn, with no server (``kismet.rules.link``'s ``GameLink`` carries the seed and every
decision; opening it replays them through the rules).

``ByLink`` is one part of a ``Session``: it starts such a game, opens its links (a newer
link moves the game on, an older one never takes it back), asks once which seat this
device plays, and says what the page offers between turns (send the game on, or wait).

Decisions, and why:
- The game's identity is its seed (16 hex digits), so every device files the same game
  under the same id, and a link of a game already here is recognised.
- A box filled in a game by link cannot be taken back: the link may already be on its way.
- Computers do not sit at a game by link; every seat is a person on their own device.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

from ...rules import Category, Fill, Game, RuleError, SaveError
from ...rules.link import SEATS, decode_game, encode_game, game_link_of, replay_game_link
from ...text import explain, join_names, text
from ..base.roster import Roster
from ..base.table import Table
from .tables import AtTable, Tables, caught_up
from .turn import StatusLine

SINCE_SHOWN = 12
"""The most turns listed of what happened since this device last saw the game."""


class Passing(NamedTuple):
    """The game as it is sent on: the link's text (after ``#g=``) and a line to go with it."""

    code: str
    line: str


class ByLinkView(NamedTuple):
    """What the page shows of a game by link."""

    choose: tuple[str, ...]
    """The seats' names while this device has not said which one it plays (else empty)."""
    waiting: str
    """Whose turn it is while it is not this device's ("Waiting for Bo"), else empty."""
    send: Passing | None
    """The game to send on, between turns (after this device's, or to remind the next)."""
    since: tuple[str, ...]
    """What happened since this device last saw the game, a line a turn."""
    about: str = ""
    """Whose game it is and how far it has gone ("Ann, Bo and Cy's game: 4 turns played")."""


def game_id(game: Game) -> str:
    """The identity of a game by link: its seed, the same on every device."""
    return f"{game.state().stream:016x}"


def turns_played(game: Game) -> int:
    """How many turns the game has played (penalty zeros are not turns)."""
    return sum(1 for fill in game.history if not fill.penalty)


def fill_line(game: Game, fill: Fill, lang: str) -> str:
    """One box of a turn, in a sentence: the points, an extra Kismet, or a penalty zero."""
    name = game.players[fill.player]
    if fill.penalty:
        return text("status.penalty", lang, name=name, box=fill.category)
    key = "status.extra_kismet" if fill.joker else "status.scored"
    return text(key, lang, name=name, points=fill.points, box=fill.category)


class ByLink(AtTable):
    """Games by link at the table: started, opened from a link, sent on."""

    def __init__(self, tables: Tables, *, line: StatusLine) -> None:
        self.tables, self.line, self.lang = tables, line, tables.lang
        self.shelf, self.clock = tables.shelf, tables.clock
        self._brought: tuple[str, int, tuple[str, ...]] = ("", 0, ())
        """What the last link opened brought: the game, its boxes then, a line a box (shown
        until the game moves on)."""

    # ------------------------------------------------------------- start

    @caught_up
    def start(self, roster: Roster) -> None:
        """A new game by link for the New game dialog's names, this device at the first
        seat; computers cannot play one, and one name is not a game by link."""
        if any(seat is not None for seat in roster.seats):
            self.line.say(text("by_link.no_computers", self.lang))
            return
        names = roster.players(self.lang)
        if len(names) not in SEATS:
            self.line.say(text("by_link.seats", self.lang, low=SEATS[0], high=SEATS[-1]))
            return
        if len(set(names)) != len(names):  # each friend says which name is theirs
            self.line.say(text("by_link.twice", self.lang))
            return
        seed = self.tables.seed
        seed = int.from_bytes(os.urandom(8), "big") if seed is None else seed
        try:
            game = Game(names, seed=seed, linked=True, apart=True)
        except RuleError as error:
            self.line.say(explain(error, self.lang))
            return
        seats = (None,) * len(names)
        self.tables.offer(Table(game, seats, id=game_id(game), started=self.clock(), me=0))

    # ------------------------------------------------------------- links

    def open(self, code: str) -> None:
        """A game link opened in the page: replayed through the rules, then the game at
        the table as far as the link or this device has seen it, whichever is further;
        a link that does not replay, or that parts from the game kept here, is refused with
        one line and nothing changes."""
        self.sync()
        try:
            game = replay_game_link(decode_game(code))
        except SaveError as error:
            self.line.say(text("link.refused", self.lang, why=explain(error, self.lang)))
            return
        known = self._stored(game_id(game))
        if known is None:
            self._brought = (game_id(game), len(game.history), self._lines(game, 0))
            table = Table(game, (None,) * len(game.players), id=game_id(game), started=self.clock())
            self.tables.offer(table)
            return
        seen, played = turns_played(known.game), turns_played(game)
        said = ""
        if known.game.history[: len(game.history)] != game.history[: len(known.game.history)]:
            said = text("by_link.parted", self.lang, seen=seen)
        elif played < seen:
            said = text("by_link.older", self.lang, seen=seen, played=played)
        elif played > seen:
            lines = self._lines(game, len(known.game.history))
            self._brought = (known.id, len(game.history), lines)
            known = Table(
                game,
                known.seats,
                decisions=known.decisions,
                id=known.id,
                started=known.started,
                me=known.me,
            )
        if known.id != self.table.id:  # put aside: resumed (the game under way aside)
            if not self.tables.resume(known):
                return
        elif known is not self.table:  # at the table, and the link moves it on
            self.tables.sit(known)
            self.shelf.save_game(known)
        self.tables.record_if_over()
        if said:
            self.line.say(said)

    def _stored(self, game_id: str) -> Table | None:
        """The game of that id kept on this device: at the table, or put aside."""
        if self.table.id == game_id:
            return self.table
        return self.shelf.aside.stored(game_id)

    def _lines(self, game: Game, known: int) -> tuple[str, ...]:
        """What happened after the first ``known`` boxes, a line a box (the latest ones)."""
        fills = game.history[known:]
        return tuple(fill_line(game, fill, self.lang) for fill in fills[-SINCE_SHOWN:])

    @caught_up
    def choose(self, seat: int) -> None:
        """The player said which seat this device plays (once a game)."""
        table = self.table
        if not table.by_link or table.me is not None:
            return
        table.claim(seat)
        if table.me is not None:
            self.line.say(text("by_link.seated", self.lang, name=table.game.players[seat]))
            self.shelf.save_game(table)

    # ------------------------------------------------------------- view

    def sent(self) -> Passing | None:
        """The game to send on, between turns; None mid-turn, or when it is no game by link."""
        table, game = self.table, self.game
        if not table.by_link or game.dice or table.me is None:
            return None
        code = encode_game(game_link_of(game))
        if game.is_over:
            totals = ", ".join(f"{n} {game.total(p)}" for p, n in enumerate(game.players))
            return Passing(code, text("by_link.over_line", self.lang, totals=totals))
        turn = len(Category) - len(game.open_boxes(game.current)) + 1
        name = game.players[game.current]
        return Passing(code, text("by_link.turn_line", self.lang, name=name, turn=turn))

    def view(self) -> ByLinkView | None:
        """The game by link's part of the page; None for other games."""
        table = self.table
        if not table.by_link:
            return None
        game = table.game
        choose: Sequence[str] = game.players if table.me is None else ()
        waiting = ""
        if table.turn_elsewhere and table.me is not None:
            waiting = text("by_link.waiting", self.lang, name=game.players[game.current])
        send = self.sent() if table.turn_elsewhere or game.is_over else None
        brought_id, boxes, lines = self._brought
        fresh = brought_id == table.id and boxes == len(game.history) and not game.dice
        names = join_names(list(game.players), self.lang)
        about = text("by_link.about", self.lang, count=turns_played(game), names=names)
        return ByLinkView(tuple(choose), waiting, send, lines if fresh else (), about)
