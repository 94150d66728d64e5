"""One table's session: the parts that play, keep and advise on the game, made once and
wired together, and the view the page paints after each action.

A ``Session`` holds only what it was made with (the language, the clock) and whether it
found the storage wiped: each part owns what it writes. The page
(``kismet.page.page``) talks to the part it needs (``session.moves.roll()``,
``session.lobby.new_game(...)``); what takes several parts (the view, the computers'
steps, the strategy table's work) is here. Keeping the decisions in Python means they are
tested in CPython; the page only translates.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ...text import DEFAULT_LANGUAGE, text
from ..base.settings import Settings
from ..guidance.aims import Aims
from ..guidance.coach import Coach
from ..guidance.day_tables import DayTables
from ..guidance.guide import Guide
from ..guidance.linked import Linked, Scene
from ..guidance.odds import Course, Odds
from ..guidance.progress import PRICE_STEP_S, Progress, Statistics
from ..keeping.backup import Backups
from ..keeping.friends import Friends
from ..keeping.safekeeping import KeepingView, Kept, Safekeeping
from ..keeping.shelf import Shelf
from ..keeping.storage import FULL, PREFIX, Storage, StorageUnavailable
from ..play.by_link import ByLink
from ..play.computer import Computers
from ..play.finale import result_panel
from ..play.lobby import Lobby
from ..play.moves import Moves
from ..play.tables import AtTable, Tables
from ..play.turn import StatusLine, TurnUI
from .sheet_view import sheet_layout
from .view import ChancesShown, View, board_view, celebrated, confirm_view, hint_note, shown_sheet

if TYPE_CHECKING:
    from ...advice.strategy import Advisor
    from ...advice.winning import Aim
    from ..guidance.coaching import Review
    from ..guidance.luck import AimAt


def _keys(storage: Storage) -> bool:
    """Whether ``storage`` holds any of the site's keys (a storage refused: as if it did)."""
    try:
        return any(key.startswith(PREFIX) for key in storage.keys())  # noqa: SIM118 (a Storage)
    except StorageUnavailable:
        return True


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Session(AtTable):
    """The game at one table, made of parts: ``tables`` (which game is seated, and its
    commits), ``lobby`` (choosing a game, settings, restore), ``moves`` (the moves), ``shelf``
    (what is stored), ``progress`` (records and statistics), ``coach``, ``guide``,
    ``odds`` (the win chances), ``linked`` (daily games and challenges), ``by_link`` (games
    by link) and ``computers``;
    with ``ui`` and ``line``, the turn's marks and the status line they share. It reads the
    game at the table as the parts do (``AtTable``)."""

    def __init__(
        self,
        storage: Storage,
        *,
        seed: int | None = None,
        lang: str = DEFAULT_LANGUAGE,
        clock: Callable[[], str] = _now,
        greet: bool = True,
        spare: Storage | None = None,
        kept: Kept | None = None,
        played_before: bool = False,
    ) -> None:
        self.lang, self.clock = lang, clock
        self.wiped = played_before and not _keys(storage)
        """This device played before, and finds its storage empty: it was cleared."""
        self.ui, self.line = TurnUI(), StatusLine()
        self.shelf = Shelf(storage, clock, spare)
        self.friends, self.day_tables = Friends(self.shelf.store), DayTables()
        self.safekeeping = Safekeeping(self.shelf, kept)
        self.backups = Backups(self.shelf, self.friends, self.safekeeping)
        self.progress, self.linked = Progress(self.shelf), Linked(lang)
        self.coach, self.guide, self.odds = Coach(self.aim), Guide(), Odds()
        self.aims = Aims(self.odds)
        self.computers = Computers()
        self.tables = Tables(
            self.shelf,
            ui=self.ui,
            line=self.line,
            computers=self.computers,
            seed=seed,
            lang=lang,
            clock=clock,
            greet=greet,
        )
        self.lobby = Lobby(
            self.tables,
            linked=self.linked,
            friends=self.friends,
            day_tables=self.day_tables,
            backups=self.backups,
            line=self.line,
        )
        self.moves = Moves(
            self.tables, ui=self.ui, line=self.line, coach=self.coach, computers=self.computers
        )
        self.by_link = ByLink(self.tables, line=self.line)

    # -------------------------------------------------- what the parts hold

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self.shelf.settings

    @property
    def status(self) -> str:
        """What the status line says."""
        return self.line.text

    # ------------------------------------------------------ computers, hints

    def attach(self, advisor: Advisor) -> None:
        """The strategy table has arrived: hints, the coach, computers and the review work
        (a finished game's decisions are priced in steps: ``price_finished``)."""
        self.coach.attach(advisor)

    @property
    def price_due(self) -> bool:
        """The finished game's decisions wait to be priced, and the table is there."""
        return self.coach.advisor is not None and self.progress.unpriced(self.table)

    def price_finished(self, step: float | None = PRICE_STEP_S) -> bool:
        """Price the finished game's decisions for a step (the page's steps follow the
        painted end); True once done. ``step=None``: all at once."""
        advisor, table = self.coach.advisor, self.table
        return self.progress.price(table, advisor, step, aim_at=self._aim_at())

    @property
    def wants_table(self) -> bool:
        """Whether a feature in use needs the table that is not loaded yet."""
        seat = self.table.seat if self.table.computer_to_move else None
        computer = seat is not None and seat.needs_table
        perfect = self.linked.perfect(self.table) is not None
        priced = self.progress.wants_table(self.table)
        wanted = computer or self.settings.coach or perfect or priced
        return self.coach.advisor is None and not self.coach.failed and wanted

    def computer_step(self) -> bool:
        """One visible step of the computer to move (a hold, a roll or a box); False when
        it cannot move now (not its turn, or its tables are not loaded yet)."""
        if self.tables.sync() or self.wants_table or self.aims.waits(self.table):
            return False
        return self.moves.computer_move(self.coach.advisor, self.aim)

    def _aim_at(self) -> AimAt | None:
        """Each decision of the finished game's review weighed for the win, at a table
        with others (once both tables are there)."""
        table = self.table
        if not table.game.is_over:
            return None
        return self.aims.at_each_turn(
            table, self.coach.advisor, lambda: self.progress.skills(table)
        )

    def aim(self) -> Aim | None:
        """The choices of the player to move weighed by their chance to win against the
        table (each seat playing on by its level or record); None alone, or without the
        tables."""
        table = self.table
        return self.aims.aim(table, self.coach.advisor, lambda: self.progress.skills(table))

    def chances_step(self) -> bool:
        """One step of the work on the win chances of the turn at the table (True: done)."""
        advisor, table = self.coach.advisor, self.table
        target = self.linked.target(table)
        total, skills = None if target is None else target[0], lambda: self.progress.skills(table)
        return advisor is not None and self.odds.work(table, advisor, total, skills)

    def perfect_turn(self) -> bool:
        """Let Perfect play its next turn on the dice of the finished daily game or
        challenge; False when it has none to play (or the table is not loaded yet)."""
        advisor = self.coach.advisor
        return advisor is not None and self.linked.perfect_turn(self.table, advisor)

    def friends_step(self, seeds: list[int]) -> bool:
        """Perfect's next turn on the dice of the days with friends' results (their seeds);
        True once it has played them all (or the table is not loaded)."""
        advisor = self.coach.advisor
        return advisor is None or self.day_tables.perfect_step(seeds, advisor)

    def review(self, step: float | None = None) -> Review | None:
        """After the game: each decision of a person beside the best one, grouped by turn,
        the costliest first. None until the strategy table has arrived and the decisions
        are priced (``step``: for so long only; those the luck priced are not again)."""
        advisor, table = self.coach.advisor, self.table
        verdicts = self.progress.verdicts(table, advisor, step, aim_at=self._aim_at())
        return None if verdicts is None else self.coach.review(verdicts, self.game, self.lang)

    # ------------------------------------------------------ what dialogs show

    @property
    def chances_shown(self) -> bool:
        """Whether the win chances are shown at this table."""
        return self.odds.wanted(self.table, self.settings)

    def course(self) -> Course | None:
        """The finished game's chances turn by turn, for the review (None: not worked out
        yet, or not shown)."""
        if not self.chances_shown:
            return None
        target = self.linked.target(self.table)
        return self.odds.course(self.table, None if target is None else target[1])

    def scene(self) -> Scene:
        """The linked game's share line, comparison with Perfect and result."""
        return self.linked.scene(self.table, self.coach.advisor)

    def statistics(self, choice: str | None = None) -> Statistics:
        """The statistics dialog, on the name chosen (or who plays at the table)."""
        return self.progress.statistics(choice, self.lobby.person())

    def keeping(self) -> KeepingView:
        """Where the player's data stands, the reminder to back it up, and the word that
        this browser's storage was cleared."""
        return self.safekeeping.view(self.table, self.wiped, self.clock())

    def settle_guide(self) -> None:
        """The guide ended with the first box filled: remembered, so it does not come back
        (the page asks after each paint)."""
        if self.guide.finished:
            self.lobby.change_settings(guide=False)

    # ---------------------------------------------------------------- view

    def view(self) -> View:
        """What the page should show now (``build_view``, below)."""
        return build_view(self)


def build_view(session: Session) -> View:
    """The view of the game at the session's table, read from its parts: the board, the
    sheet, the question waiting, and what each other part says."""
    table, ui, lang, settings = session.table, session.ui, session.lang, session.settings
    game, hint, status, scene = table.game, ui.hint, session.line.text, shown_scene(session)
    problem, high = session.shelf.problem, session.shelf.high_scores()
    target = session.linked.target(table)
    odds = (
        ChancesShown(session.odds.now(table), target and target[1])
        if session.chances_shown
        else None
    )
    sheet = shown_sheet(table, ui, scene, odds, lang)
    result = result_panel(table, session.shelf.history, high, lang, scene.versus)
    ready = text("status.ready", lang, name=game.players[game.current])
    return View(
        lang=lang,
        mode=table.mode,
        settings=settings,
        board=board_view(table, ui, lang),
        can_undo=session.moves.can_undo,
        celebrate=celebrated(ui, result, lang, table),
        status=status,
        notice=text(problem.value, lang) if problem else "",
        sheet=sheet,
        confirm=confirm_view(ui, status, lang),
        result=result.headline if result else None,
        high_scores=high,
        aside=session.lobby.aside(),
        linked=scene,
        hint=hint.lines if hint else None,
        hint_note=hint_note(hint, odds, game, lang),
        hint_both=bool(hint and hint.both),
        print_date=table.started[:10],
        computer_delay=computer_delay(session),
        wants_table=session.wants_table,
        price_due=session.price_due,
        luck=session.progress.luck(table, session.coach.advisor, lang),
        layout=sheet_layout(sheet, settings),
        can_see_all=len(sheet.columns) > 1 and sheet.focus is not None,
        status_quiet=not game.is_over and status == ready,
        can_free=problem is FULL,
        finale=result,
        guide=session.guide.view(table, bool(settings.guide), lang),
        rival=session.linked.rival(table),
        chances_due=session.odds.due(table, settings, session.coach.advisor),
        by_link=session.by_link.view(),
        keeping=session.keeping(),
    )


def shown_scene(session: Session) -> Scene:
    """The linked game's scene, which says the strategy table could not come when the
    Perfect game beside it waits for one that failed to load."""
    scene, coach = session.scene(), session.coach
    if scene.thinking and coach.failed and coach.advisor is None:
        return scene._replace(thinking=False, unavailable=True)
    return scene


def computer_delay(session: Session) -> int | None:
    """Milliseconds before the computer to move steps, when one can (not while the
    strategy table or the Shark's weighing is awaited)."""
    table = session.table
    steps = table.computer_to_move and not session.wants_table and not session.aims.waits(table)
    return session.computers.delay(grace=session.moves.can_undo) if steps else None
