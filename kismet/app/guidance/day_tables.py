"""Each daily game's table with friends, as the daily games' dialog shows it: the best
totals of this device's people and of the friends whose result links are kept here
(``kismet.app.keeping.friends``), each link replayed through the rules first, so a total
shown is proven; and Perfect's total on the same dice, played a turn at a step so that the
page never freezes while it thinks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...rules import Game, SaveError
from ...rules.link import decode, replay_challenge
from ..base.daily import DayTable, Row

if TYPE_CHECKING:
    from ...advice.strategy import Advisor

PERFECT = "Perfect"
"""The one seat of Perfect's game on a day's dice (only its total is ever shown)."""


class DayTables:
    """The daily games' tables with friends: each result link's game, replayed once, and
    Perfect's game on each day's dice."""

    def __init__(self) -> None:
        self._games: dict[str, Game | None] = {}
        self._perfect: dict[int, Game] = {}
        """Perfect's game on each day's dice (by the day's seed), played a turn at a step."""

    def game(self, code: str) -> Game | None:
        """The game of a result, replayed (None: it does not replay; kept once made)."""
        if code not in self._games:
            try:
                self._games[code] = replay_challenge(decode(code))
            except SaveError:
                self._games[code] = None
        return self._games[code]

    def table(
        self,
        number: int,
        seed: int,
        here: Sequence[tuple[str, int]],
        results: Sequence[tuple[int, str]],
    ) -> DayTable | None:
        """Daily game ``number``'s table: this device's best totals (``here``: name and
        total) and each friend's best of ``results`` (``Friends.results``); None when no
        friend's result is kept for it."""
        best: dict[str, int] = {}
        for n, code in results:
            game = self.game(code) if n == number else None
            if game is not None and game.state().stream == seed:
                name = game.players[0]
                best[name] = max(best.get(name, 0), game.total(0))
        if not best:
            return None
        mine = {name: total for name, total in here}
        rows = [Row(name, total, False) for name, total in best.items() if name not in mine]
        rows += [Row(name, total, True) for name, total in mine.items()]
        rows.sort(key=lambda row: (-row.total, row.name))
        perfect = self._perfect.get(seed)
        total = perfect.total(0) if perfect is not None and perfect.is_over else None
        return DayTable(number, tuple(rows), total)

    def perfect_step(self, seeds: Sequence[int], advisor: Advisor) -> bool:
        """Play Perfect's next turn on the first of these days' dice it has not finished;
        True once it has played them all."""
        from ...advice.players import play_perfect_turn  # with the strategy table only

        for seed in seeds:
            game = self._perfect.setdefault(seed, Game([PERFECT], seed=seed, linked=True))
            if not game.is_over:
                play_perfect_turn(game, advisor)
                return False
        return True
