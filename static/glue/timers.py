"""What the page starts by itself once a view is painted: the strategy table's fetch, the
computer's next step, Perfect's next turn. The choices are ``kismet.app.pacing``'s; this
holds the browser's timers and fetches."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import window

from kismet.app.odds import Due
from kismet.app.pacing import Fetching, Plan, StepTimer, TableFetch, Upcoming, Wait
from kismet.text import text

from .dom import by_testid, fetched_body

if TYPE_CHECKING:
    from kismet.app.session import Session


class Timers:
    """The page's own timed work, for one session; ``render`` paints the page again."""

    def __init__(self, session: Session, render: Callable[[], None]) -> None:
        self.session, self.render = session, render
        self.fetch = TableFetch()
        self.task: asyncio.Future[None] | None = None
        """The table's fetch while it runs (kept, so that it is not collected half-way)."""
        self.step = StepTimer()
        self.step_id: int | None = None
        self.step_proxy = create_proxy(self.computer_step)
        """One proxy for every scheduled step (a cancelled timeout then leaks nothing)."""
        self.thinking = False
        """Perfect's next turn is scheduled."""
        self.spread_fetch = TableFetch()
        self.spread_task: asyncio.Future[None] | None = None
        self.working = False
        """A step of the win chances' work is scheduled."""

    def start(self, upcoming: Upcoming | None) -> None:
        """Start what the view painted waits for (``kismet.app.pacing.upcoming``)."""
        if upcoming is None:
            return
        if upcoming.wait is Wait.TABLE:
            self.with_table(self.render, asked=False)
        elif upcoming.wait is Wait.COMPUTER:
            self.schedule_computer(upcoming.delay)
        elif upcoming.wait is Wait.PRICE:
            window.setTimeout(create_once_callable(self.price), 0)
        elif not self.thinking:
            self.thinking = True
            window.setTimeout(create_once_callable(self.perfect_turn), upcoming.delay)

    def odds(self, due: Due | None) -> None:
        """Start what the win chances wait for (``kismet.app.odds.Due``)."""
        if due is Due.TABLE:
            self.with_table(self.render, asked=False, quiet=True)
        elif due is Due.SPREAD and self.spread_fetch.want(asked=False) is Fetching.START:
            self.spread_task = asyncio.ensure_future(self.fetch_spread())
            self.spread_task.add_done_callback(self.spread_arrived)
        elif due is Due.WORK and not self.working:
            self.working = True
            window.setTimeout(create_once_callable(self.chances_step), 0)

    def chances_step(self) -> None:
        """One step of the chances' work, then the next after the page's own work; the
        page is painted again once they are there."""
        self.working = False
        if self.session.chances_step():
            self.render()
        else:
            self.odds(Due.WORK)

    async def fetch_spread(self) -> None:
        """Fetch the spread table the first time chances are shown (kept for offline)."""
        from kismet.advice.spread import SPREAD_PATH, Spread  # loaded with the table

        body = await fetched_body(SPREAD_PATH, "arrayBuffer", "The spread table")
        self.session.attach_spread(Spread.from_bytes(body.to_bytes()))

    def spread_arrived(self, task: asyncio.Future[None]) -> None:
        """Without the spread table the totals stand alone: nothing is said."""
        self.spread_task = None
        ok = task.exception() is None
        self.spread_fetch.arrived(ok=ok, online=False)  # no retries by itself
        if not ok:
            self.session.attach_spread(None)
        self.render()

    # ------------------------------------------------------ the strategy table

    def with_table(
        self, then: Callable[[], None], *, asked: bool = True, quiet: bool = False
    ) -> None:
        """Run ``then`` once the table is loaded (at once if it already is); ``asked``: a
        player pressed something that needs it (see ``TableFetch.want``); ``quiet``: the
        status line does not say it is loading (only the chances wait for it)."""
        if self.session.has_advisor:
            then()
            return
        wanted = self.fetch.want(asked=asked, then=then)
        if wanted is Fetching.FAILED:
            return
        if not quiet:
            by_testid("status").textContent = text("app.loading_table", self.session.lang)
        if wanted is Fetching.START:
            self.task = asyncio.ensure_future(self.fetch_table())
            self.task.add_done_callback(self.table_arrived)

    async def fetch_table(self) -> None:
        """Fetch the strategy table the first time a feature needs it (hint, coach,
        computer, review); the service worker then keeps it for offline play. The modules
        that work with it only arrive with it (build.py's LATE_MODULES)."""
        from kismet.advice.strategy import TABLE_PATH, Advisor  # loaded with the table

        await load_late_modules()

        # The browser's fetch, not pyodide.http's pyfetch: that one imports urllib.parse and
        # ipaddress, which are not in the core standard library (static/stdlib_rest.py).
        body = await fetched_body(TABLE_PATH, "arrayBuffer", "The strategy table")
        self.session.attach(Advisor.from_bytes(body.to_bytes()))

    def table_arrived(self, task: asyncio.Future[None]) -> None:
        self.task = None
        ok = task.exception() is None
        retry = self.fetch.arrived(ok=ok, online=bool(window.navigator.onLine))
        waiting = self.fetch.taken()
        if ok:
            for then in waiting:
                then()
            return
        self.session.table_missing()
        self.render()
        by_testid("status").textContent = text("app.table_failed", self.session.lang)
        if retry is not None:
            window.setTimeout(create_once_callable(self.fetch_again), retry)

    def fetch_again(self) -> None:
        """A failed fetch is tried afresh by what needs the table."""
        self.fetch.again()
        self.session.table_missing(False)
        self.render()

    def online(self) -> None:
        self.fetch.online()
        self.spread_fetch.online()
        self.session.odds.online()
        self.fetch_again()

    # ------------------------------------------------------- computers, Perfect

    def schedule_computer(self, delay: int) -> None:
        """Play the computer's next step after the session's pause (one at a time)."""
        plan = self.step.ask(delay)
        if plan is Plan.KEEP:
            return
        if plan is Plan.REPLACE and self.step_id is not None:
            window.clearTimeout(self.step_id)
        self.step_id = window.setTimeout(self.step_proxy, delay)

    def computer_step(self) -> None:
        self.step.fired()
        self.step_id = None
        self.session.computer_step()
        self.render()

    def price(self) -> None:
        """Price the finished game's decisions once its end is painted, a step at a time
        between the page's own work, then say its luck."""
        if self.session.price_due:
            self.in_steps(self.session.price_finished, self.render)

    def in_steps(self, step: Callable[[], bool], then: Callable[[], None]) -> None:
        """Call ``step`` (a short piece of work, True when it is all done) a browser task at
        a time, then ``then``."""
        if step():
            then()
        else:
            window.setTimeout(create_once_callable(lambda: self.in_steps(step, then)), 0)

    def perfect_turn(self) -> None:
        """Perfect plays the same dice a turn at a time, between the page's own work."""
        self.thinking = False
        self.session.perfect_turn()
        self.render()


LATE_ZIP = "kismet-late.zip"
"""build.py's archive of the modules that come with the strategy table."""


async def load_late_modules() -> None:
    """Fetch the late archive once and let the packages it fills import from it."""
    import kismet.advice
    import kismet.html

    where = f"/home/pyodide/{LATE_ZIP}"
    if any(where in path for path in kismet.advice.__path__):
        return
    body = await fetched_body(f"./{LATE_ZIP}", "arrayBuffer", "The late modules")
    with open(where, "wb") as archive:
        archive.write(body.to_bytes())
    for package in (kismet.advice, kismet.html):
        # A new path entry: nothing cached to invalidate (importlib.invalidate_caches would
        # import importlib.metadata, outside the core standard library).
        package.__path__.append(f"{where}/{package.__name__.replace('.', '/')}")
