"""A player's progress: pricing finished games, and the statistics.

``Progress`` sits beside the session (``kismet.app.screen.session``) and works on the stored
finished games (``kismet.app.keeping.shelf``): it prices each finished game's decisions once the
strategy table is there (luck against skill) and builds the statistics of a name. The
backup file is ``kismet.app.keeping.backup``'s.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from ...advice.skill import RECORD_GAMES, Skill, of_level, of_person
from ..base.finished import Finished
from ..base.table import Mode, Table
from ..keeping.shelf import Shelf
from .luck import Luck, Pricing, expected_total, luck, luck_off
from .stats import Player, PlayerStats, player_stats, players

if TYPE_CHECKING:
    from ...advice.review import Verdict
    from ...advice.strategy import Advisor
    from .luck import AimAt


PRICE_STEP_S = 0.03
"""How long one step of pricing a finished game's decisions may take, at least one decision
(a whole game in one task would freeze the page: docs/figures.md, "Behind the code's
choices")."""


class Statistics(NamedTuple):
    """What the statistics dialog shows: the names to choose from, the one chosen, and
    its figures (None when no game is finished yet)."""

    names: tuple[Player, ...]
    chosen: Player | None
    stats: PlayerStats | None


class Progress:
    """The finished games, read for the player: luck against skill, statistics, files."""

    def __init__(self, shelf: Shelf) -> None:
        self.shelf = shelf
        self._pricing: Pricing | None = None
        """The finished game whose decisions are being priced, step by step."""

    # ------------------------------------------------------ luck and skill

    @staticmethod
    def priceable(table: Table) -> bool:
        """Whether the game's decisions can be priced: a finished game of on-screen dice
        whose people's decisions are recorded, each box they chose with its decision (by
        link: this device's seat's only). Not a game begun with real dice, nor one saved
        before decisions were kept: its dice would be credited with what the turns without
        decisions scored."""
        game = table.game
        if not (game.is_over and table.mode is Mode.DICE and table.decisions):
            return False
        mine = [] if table.me is None else [table.me]
        people = mine if table.by_link else [p for p, s in enumerate(table.seats) if s is None]
        chosen = Counter(d.player for d in table.decisions if d.box is not None)
        filled = Counter(f.player for f in game.history if not f.penalty)
        return all(chosen[p] == filled[p] for p in people)

    def _unpriced_record(self, table: Table) -> Finished | None:
        """The record of the finished game at the table while its decisions wait to be
        priced (None otherwise). A game under way is answered without reading the history,
        as every repaint asks."""
        if not self.priceable(table):
            return None
        record = self.shelf.ledger.find(table.id)
        if record is None or record.is_priced:
            return None
        return record

    def unpriced(self, table: Table) -> bool:
        """Whether the finished game at the table waits to have its decisions priced."""
        return self._unpriced_record(table) is not None

    def wants_table(self, table: Table) -> bool:
        """Whether the finished game at the table needs the strategy table for its luck:
        to price it, or (reloaded) to say what its priced decisions mean."""
        record = self.shelf.ledger.find(table.id) if table.game.is_over else None
        return record is not None and (record.is_priced or self.priceable(table))

    def _priced_so_far(self, table: Table, to_win: bool) -> Pricing:
        """The pricing of the decisions at the table: the one under way or done, while it
        still describes them (and is in the chance to win when ``to_win``); else a new
        one."""
        pricing = self._pricing
        if (
            pricing is None
            or not pricing.follows(table.id, table.decisions)
            or pricing.to_win != to_win
        ):
            people = [seat is None for seat in table.seats]
            pricing = self._pricing = Pricing(table.id, people, to_win)
        return pricing

    def _step(
        self,
        table: Table,
        advisor: Advisor,
        step: float | None,
        aim_at: AimAt | None = None,
    ) -> Pricing | None:
        """Price the table's decisions for about ``step`` seconds (at least one decision;
        None: all of them): the pricing once every decision is priced, else None. With
        ``aim_at``, in the chance to win as well."""
        pricing = self._priced_so_far(table, aim_at is not None)
        clock = time.perf_counter
        until = None if step is None else clock() + step
        done = pricing.step(
            table.decisions, advisor, lambda: until is not None and clock() >= until, aim_at
        )
        return pricing if done else None

    def price(
        self,
        table: Table,
        advisor: Advisor | None,
        step: float | None = PRICE_STEP_S,
        aim_at: AimAt | None = None,
    ) -> bool:
        """Price the finished game's decisions, once, when the strategy table is there, a
        step at a time (see ``_step``). True once they are priced and recorded, or there
        is nothing to price. The verdicts are kept for the game's review."""
        record = self._unpriced_record(table) if advisor is not None else None
        if advisor is None or record is None:
            return True
        pricing = self._step(table, advisor, step, aim_at)
        if pricing is None:
            return False
        self.shelf.ledger.revise(record.priced(tuple(pricing.lost)))
        return True

    def verdicts(
        self,
        table: Table,
        advisor: Advisor | None,
        step: float | None = PRICE_STEP_S,
        aim_at: AimAt | None = None,
    ) -> list[Verdict] | None:
        """Every decision at the table priced, for the review: those the luck's pricing
        already priced are not priced again, and the rest a step at a time (see
        ``_step``); None until all are (or without the strategy table)."""
        if advisor is None:
            return None
        pricing = self._step(table, advisor, step, aim_at)
        return None if pricing is None else pricing.verdicts

    def luck(self, table: Table, advisor: Advisor | None, lang: str) -> Luck | None:
        """The game-over panel's luck against skill (None while it cannot be said)."""
        if not table.game.is_over:
            return None
        record = self.shelf.ledger.find(table.id)
        if record is None:
            return None
        if table.by_link:  # each chose on their own device: this one knows its own seat's
            return Luck(luck_off(lang, "link"), ())
        if not record.is_priced and not self.priceable(table):
            why = "real" if table.mode is Mode.SHEET else "partial" if table.decisions else ""
            return Luck(luck_off(lang, why), ())
        if advisor is None or not record.is_priced:
            return None
        return luck(record, expected_total(advisor), lang)

    # ---------------------------------------------------------- statistics

    def players(self) -> tuple[Player, ...]:
        """Every name with finished games: people first, then computers."""
        return players(self.shelf.history, self.shelf.folded)

    def pick(self, names: tuple[Player, ...], value: str | None, person: str) -> Player | None:
        """The name the statistics show: the one chosen in the list ("person:Ann",
        "computer:Perfect"), else ``person`` (who plays at the table), else the first."""
        for player in names:
            if value == player.code:
                return player
        for player in names:
            if not player.computer and player.name == person:
                return player
        return names[0] if names else None

    def stats(self, name: str, computer: bool = False) -> PlayerStats:
        """The statistics of one name."""
        return player_stats(self.shelf.history, self.shelf.folded, name, computer)

    def skills(self, table: Table) -> tuple[Skill, ...]:
        """How each seat at the table plays, as the win chances take it: a computer by its
        level, a person by their record here (the points their decisions cost per game,
        once that many games are priced), else as a good player."""
        found = []
        for name, seat in zip(table.game.players, table.seats, strict=True):
            if seat is not None:
                found.append(of_level(seat))
                continue
            tally = self.stats(name).tally
            priced = tally.priced >= RECORD_GAMES
            found.append(of_person(tally.lost / tally.priced if priced else None))
        return tuple(found)

    def statistics(self, choice: str | None, person: str) -> Statistics:
        """The statistics dialog for the name chosen in its list (see ``pick``)."""
        names = self.players()
        chosen = self.pick(names, choice, person)
        stats = self.stats(chosen.name, chosen.computer) if chosen is not None else None
        return Statistics(names, chosen, stats)
