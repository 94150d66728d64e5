"""The daily game with friends: each friend's daily result link opened on this device is
kept (``kismet:v1:friends``). No server: the links are the results. What the daily games'
dialog makes of them (each day's table, Perfect's total on the same dice) is
``kismet.app.guidance.day_tables``'s.

Stored as ``{"results": [{"daily": 3, "code": "<challenge link>"}, ...]}``, the latest last,
at most ``KEPT`` of them; each is replayed before it is shown, so a stored total is never
trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..base.daily import read_friends
from .storage import FRIENDS_KEY

if TYPE_CHECKING:
    from .store import Store

KEPT = 100
"""The most friends' results kept (the oldest go first)."""


class Friends:
    """Friends' daily results kept on this device."""

    def __init__(self, store: Store) -> None:
        self.store = store

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
