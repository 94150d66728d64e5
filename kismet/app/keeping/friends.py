"""The daily game with friends: each friend's daily result link opened on this device is
kept (``kismet:v1:friends``), proven by replaying it, and the daily games' dialog shows each
day's table (every total, who beat whom, Perfect's on the same dice) and the week's
standing. No server: the links are the results.

Stored as ``{"results": [{"daily": 3, "code": "<challenge link>"}, ...]}``, the latest last,
at most ``KEPT`` of them; each is replayed when read, so a stored total is never trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...rules import Game, SaveError
from ...rules.link import decode, replay_challenge
from ..base.daily import DayTable, Row, read_friends
from .storage import FRIENDS_KEY

if TYPE_CHECKING:
    from ...advice.strategy import Advisor
    from .store import Store

KEPT = 100
"""The most friends' results kept (the oldest go first)."""


PERFECT = "Perfect"
"""The one seat of Perfect's game on a day's dice (only its total is ever shown)."""


class Friends:
    """Friends' daily results kept on this device, and what the daily dialog shows of them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[str, Game | None] = {}
        self._perfect: dict[int, Game] = {}
        """Perfect's game on each day's dice (by the day's seed), played a turn at a step."""

    def results(self) -> list[tuple[int, str]]:
        """The results kept (read again each time: another tab may have added one)."""
        found, _ = self.store.read(FRIENDS_KEY, read_friends, "friends")
        return found or []

    def add(self, results: Sequence[tuple[int, str]]) -> int:
        """Keep friends' results (daily game number, a link that replays), in one write;
        how many were new here."""
        kept = self.results()
        known = {code for _, code in kept}
        new = [(n, c) for n, c in dict((c, (n, c)) for n, c in results).values() if c not in known]
        if new:
            kept = [*kept, *new][-KEPT:]
            self.store.write(FRIENDS_KEY, {"results": [{"daily": n, "code": c} for n, c in kept]})
        return len(new)

    def game(self, code: str) -> Game | None:
        """The game of a result, replayed (None: it does not replay; kept once made)."""
        if code not in self._games:
            try:
                self._games[code] = replay_challenge(decode(code))
            except SaveError:
                self._games[code] = None
        return self._games[code]

    def day(
        self,
        number: int,
        seed: int,
        here: Sequence[tuple[str, int]],
        results: Sequence[tuple[int, str]],
    ) -> DayTable | None:
        """Daily game ``number``'s table: this device's best totals (``here``: name and
        total) and each friend's best of ``results`` (as ``results()`` read them); None
        when no friend's result is kept for it."""
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
