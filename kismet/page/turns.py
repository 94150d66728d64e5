"""The game's own work between the page's events (a computer's next step, the win chances'
next piece, what a fetch brought), done in turns the page gives.

The page is the only one that starts work: each of its events is answered with one answer
(the ops that paint it and the commit that stores it), and the page stores each commit
before it sends the next event. So work the game starts by itself never runs on its own
either: when a timer comes due, or a fetch has arrived, the host tells the page, and the
page sends a "due" event naming the timer, in its turn with the others; the work runs
then, and its answer goes back like any other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .host import Host

T = TypeVar("T")


class Turns:
    """The work waiting for its turn, by the host's timer that will name it."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.due: dict[int, Callable[[], None]] = {}

    def later(self, ms: int, then: Callable[[], None]) -> int:
        """Do ``then`` in the page's first turn after ``ms`` milliseconds; a timer id."""
        timer = self.host.later(ms)
        self.due[timer] = then
        return timer

    def cancel(self, timer: int) -> None:
        """Forget the work of a timer (nothing if it has run)."""
        if self.due.pop(timer, None) is not None:
            self.host.cancel(timer)

    def fire(self, timer: int | None) -> None:
        """The page's turn for ``timer``: its work, if it still waits."""
        then = self.due.pop(timer, None) if timer is not None else None
        if then is not None:
            then()

    def spawn(
        self, work: Callable[[], Awaitable[T]], then: Callable[[T | Exception], None]
    ) -> None:
        """Run ``work()`` (a fetch) in the background, then ``then`` with what it gave (or
        the exception it raised) in the page's next turn."""

        async def run() -> None:
            try:
                got: T | Exception = await work()
            except Exception as error:
                got = error
            self.later(0, lambda: then(got))

        self.host.spawn(run())
