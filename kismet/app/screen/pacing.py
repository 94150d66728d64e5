"""What the page starts on its own, and when: the computer's next step, Perfect's next
turn, the strategy table's fetch and its retries.

The glue owns the browser's timers and fetches; every choice about them is made here, so
that it is tested in CPython: ``upcoming`` reads a ``View`` for what to start next, a
``StepTimer`` says whether a new pause replaces the one waiting, and a ``TableFetch``
follows the table's one fetch through failures and retries.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .view import View


class Wait(enum.Enum):
    """What the page starts after painting a view."""

    TABLE = "table"
    """Fetch the strategy table, which a feature in use needs, then paint again."""
    COMPUTER = "computer"
    """The computer to move takes its next step after the pause."""
    PERFECT = "perfect"
    """Perfect plays its next turn on the finished linked game's dice (at once, between
    the page's own work)."""
    PRICE = "price"
    """The finished game's decisions are priced for luck against skill, once its last
    box is painted (pricing a game's decisions takes about half a second in the page)."""


class Upcoming(NamedTuple):
    """The next thing the page starts by itself, and after how many milliseconds."""

    wait: Wait
    delay: int = 0


def upcoming(view: View) -> Upcoming | None:
    """What to start once ``view`` is painted (None: nothing, the page waits for a player).
    The table comes first: a computer or Perfect that needs it cannot move without it."""
    if view.wants_table:
        return Upcoming(Wait.TABLE)
    if view.computer_delay is not None:
        return Upcoming(Wait.COMPUTER, view.computer_delay)
    if view.linked.thinking:
        return Upcoming(Wait.PERFECT)
    if view.price_due:
        return Upcoming(Wait.PRICE)
    return None


class Plan(enum.Enum):
    """What to do with the computer's timer when a step is asked for."""

    START = "start"
    """No step waits: start one after the pause."""
    REPLACE = "replace"
    """Cancel the step waiting and start this sooner one (Skip pressed during the grace
    to undo shortens the pause)."""
    KEEP = "keep"
    """A step waits already, as soon or sooner: leave it."""


class StepTimer:
    """The computer's one pending step: at most one timer at a time."""

    def __init__(self) -> None:
        self.delay: int | None = None
        """The pause of the step waiting, while one waits."""

    def ask(self, delay: int) -> Plan:
        """A step after ``delay`` ms is wanted: what to do with the timer (and note it)."""
        if self.delay is not None and delay >= self.delay:
            return Plan.KEEP
        plan = Plan.START if self.delay is None else Plan.REPLACE
        self.delay = delay
        return plan

    def fired(self) -> None:
        """The step's timer ran out: nothing waits now."""
        self.delay = None


class Fetching(enum.Enum):
    """What a feature that needs the table gets when it asks for it."""

    START = "start"
    """Start the fetch, say that the table is loading, and go on once it arrives."""
    LOADING = "loading"
    """It is on its way: say so (what asked first goes on once it arrives)."""
    FAILED = "failed"
    """The last fetch failed and the page is not asking again by itself: nothing to do
    until a player asks (or the browser is online again)."""


RETRIES = 3
"""Fetches tried again by themselves after one fails while the browser says it is online
(just after coming back online, the network may not carry requests yet)."""

RETRY_MS = 2000
"""The pause before a fetch is tried again."""


class TableFetch:
    """The strategy table's fetch: one at a time; a failed one is said, and tried again a
    few times by itself while online, else when a player asks. What waits for the table
    is kept until it arrives, whichever feature started the fetch: a Hint pressed while
    the win chances' quiet fetch runs is answered when the table comes, never lost."""

    def __init__(self) -> None:
        self.loading = False
        self.failed = False
        self.retries = RETRIES
        self.waiting: list[Callable[[], None]] = []
        """What runs once the table is there, in the order it was asked for."""

    def want(self, *, asked: bool, then: Callable[[], None] | None = None) -> Fetching:
        """A feature needs the table (``asked``: a player pressed something that needs it,
        which tries again after a failure; a repaint that wants it does not); ``then``
        waits for it (once: the same callable asked twice runs once)."""
        if self.failed and not asked and not self.loading:
            return Fetching.FAILED
        if then is not None and then not in self.waiting:
            self.waiting.append(then)
        if self.loading:
            return Fetching.LOADING
        self.loading, self.failed = True, False
        return Fetching.START

    def arrived(self, *, ok: bool, online: bool) -> int | None:
        """The fetch ended; on a failure, the milliseconds before trying again by itself
        (None: not again until asked). What waited is then ``taken``: on a failure it is
        dropped (the page says the table failed; pressing again asks again)."""
        self.loading, self.failed = False, not ok
        if ok or not online or self.retries <= 0:
            return None
        self.retries -= 1
        return RETRY_MS

    def take_waiting(self) -> list[Callable[[], None]]:
        """What waited for the fetch that just ended (and no longer waits)."""
        waiting, self.waiting = self.waiting, []
        return waiting

    def again(self) -> None:
        """A retry is due: the next feature that wants the table fetches it afresh."""
        self.failed = False

    def online(self) -> None:
        """The browser is online again: a full set of retries, and fetch afresh."""
        self.retries = RETRIES
        self.again()
