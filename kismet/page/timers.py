"""What the page starts by itself once a view is painted: the strategy table's fetch, the
computer's next step, Perfect's next turn, the luck's pricing, the win chances' work. The
choices are ``kismet.app.screen.pacing``'s and ``kismet.app.guidance.odds``'s; this holds
the timers and fetches, each done in a turn the page gives (``kismet.page.turns``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..app.guidance.odds import Due
from ..app.screen.pacing import Fetching, Plan, StepTimer, TableFetch, Upcoming, Wait

if TYPE_CHECKING:
    from ..app.screen.session import Session
    from .host import Host
    from .turns import Turns


class Timers:
    """The page's own timed work, for one session; ``render`` paints the page again and
    ``emit`` sends ops with the next paint."""

    def __init__(
        self,
        session: Session,
        host: Host,
        turns: Turns,
        render: Callable[[], None],
        say: Callable[[str], None],
    ) -> None:
        self.session, self.host, self.turns = session, host, turns
        self.render, self.say = render, say
        self.fetch = TableFetch()
        self.step = StepTimer()
        self.step_id: int | None = None
        self.thinking = False
        """Perfect's next turn is scheduled."""
        self.spread_fetch = TableFetch()
        self.working = False
        """A step of the win chances' work is scheduled."""

    def start(self, upcoming: Upcoming | None) -> None:
        """Start what the view painted waits for (``kismet.app.screen.pacing.upcoming``)."""
        if upcoming is None:
            return
        if upcoming.wait is Wait.TABLE:
            self.with_table(self.render, asked=False)
        elif upcoming.wait is Wait.COMPUTER:
            self.schedule_computer(upcoming.delay)
        elif upcoming.wait is Wait.PRICE:
            self.turns.later(0, self.price)
        elif not self.thinking:
            self.thinking = True
            self.turns.later(upcoming.delay, self.perfect_turn)

    def odds(self, due: Due | None) -> None:
        """Start what the win chances wait for (``kismet.app.guidance.odds.Due``)."""
        if due is Due.TABLE:
            self.with_table(self.render, asked=False, quiet=True)
        elif due is Due.SPREAD and self.spread_fetch.want(asked=False) is Fetching.START:
            self.turns.spawn(self.fetch_spread, self.spread_fetched)
        elif due is Due.WORK and not self.working:
            self.working = True
            self.turns.later(0, self.chances_step)

    def chances_step(self) -> None:
        """One step of the chances' work, then the next after the page's own work; the
        page is painted again once they are there."""
        self.working = False
        if self.session.chances_step():
            self.render()
        else:
            self.odds(Due.WORK)

    def with_spread(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the spread table is there, at a table with others (the hint's
        line to win weighs with it); at once alone, when it is there, or when it cannot
        be had (the hint then speaks of points only)."""
        odds = self.session.odds
        if odds.spread is not None or odds.failed or not odds.aimed(self.session.table):
            then()
            return
        wanted = self.spread_fetch.want(asked=False, then=then)
        if wanted is Fetching.START:
            self.turns.spawn(self.fetch_spread, self.spread_fetched)
        elif wanted is Fetching.FAILED:
            self.spread_fetch.take_waiting()
            then()

    async def fetch_spread(self) -> bytes:
        """Fetch the spread table the first time chances are shown (kept for offline)."""
        from ..advice.spread import SPREAD_PATH  # loaded with the table

        return await self.fetched(SPREAD_PATH, "The spread table")

    def spread_fetched(self, got: bytes | Exception) -> None:
        """The spread table arrived (or not: without it the totals stand alone, and
        nothing is said)."""
        try:
            from ..advice.spread import Spread

            if isinstance(got, Exception):
                raise got
            self.session.odds.attach(Spread.from_bytes(got))
            ok = True
        except Exception:
            ok = False
        self.spread_fetch.arrived(ok=ok, online=False)  # no retries by itself
        if not ok:
            self.session.odds.attach(None)
        self.render()
        for then in self.spread_fetch.take_waiting():  # a hint waited (or goes on without it)
            then()

    async def fetched(self, url: str, what: str) -> bytes:
        """The bytes of a file the feature cannot do without (``what`` names it)."""
        got = await self.host.fetch(url, "bytes")
        if not got.ok or not isinstance(got.body, bytes):
            raise RuntimeError(f"{what} could not be loaded ({got.status})")
        return got.body

    # ------------------------------------------------------ the strategy table

    def with_table(
        self, then: Callable[[], None], *, asked: bool = True, quiet: bool = False
    ) -> None:
        """Run ``then`` once the table is loaded (at once if it already is); ``asked``: a
        player pressed something that needs it (see ``TableFetch.want``); ``quiet``: the
        status line does not say it is loading (only the chances wait for it)."""
        if self.session.coach.advisor is not None:
            then()
            return
        wanted = self.fetch.want(asked=asked, then=then)
        if wanted is Fetching.FAILED:
            return
        # Said as the fetch starts, or to a player who asks: not again at each repaint that
        # wants it meanwhile, over what the page has just said (a link or a file refused).
        if not quiet and (asked or wanted is Fetching.START):
            self.say("app.loading_table")
        if wanted is Fetching.START:
            self.turns.spawn(self.fetch_table, self.table_fetched)

    async def fetch_table(self) -> bytes:
        """Fetch the strategy table the first time a feature needs it (hint, coach,
        computer, review); the service worker then keeps it for offline play. The modules
        that work with it only arrive with it (LATE_MODULES in tools/builder/bundle.py)."""
        await self.host.load_late()
        from ..advice.strategy import TABLE_PATH

        return await self.fetched(TABLE_PATH, "The strategy table")

    def table_fetched(self, got: bytes | Exception) -> None:
        try:
            from ..advice.strategy import Advisor

            if isinstance(got, Exception):
                raise got
            self.session.attach(Advisor.from_bytes(got))
            ok = True
        except Exception:
            ok = False
        self.table_arrived(ok)

    def table_arrived(self, ok: bool) -> None:
        retry = self.fetch.arrived(ok=ok, online=self.host.online())
        waiting = self.fetch.take_waiting()
        if ok:
            for then in waiting:
                then()
            return
        self.session.coach.missing()
        self.render()
        self.say("app.table_failed")
        if retry is not None:
            self.turns.later(retry, self.fetch_again)

    def fetch_again(self) -> None:
        """A failed fetch is tried afresh by what needs the table."""
        self.fetch.again()
        self.session.coach.missing(False)
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
            self.turns.cancel(self.step_id)
        self.step_id = self.turns.later(delay, self.computer_step)

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

    def weighed(self, step: Callable[[], bool], then: Callable[[], None]) -> None:
        """Work weighed for the win (the hint, the review): once the strategy table is
        there, and the spread table at a table with others (``with_spread``), call
        ``step`` a browser task at a time until it is done, then ``then``."""
        self.with_table(lambda: self.with_spread(lambda: self.in_steps(step, then)))

    def in_steps(self, step: Callable[[], bool], then: Callable[[], None]) -> None:
        """Call ``step`` (a short piece of work, True when it is all done) a browser task at
        a time, then ``then``."""
        if step():
            then()
        else:
            self.turns.later(0, lambda: self.in_steps(step, then))

    def perfect_turn(self) -> None:
        """Perfect plays the same dice a turn at a time, between the page's own work."""
        self.thinking = False
        self.session.perfect_turn()
        self.render()
