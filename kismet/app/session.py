"""One table's session: what each click does, what is saved, what is said.

``Session`` is driven by the browser glue (``static/main.py``), which passes it a
``Storage`` over ``localStorage`` and paints the ``View`` it returns after each action.
Keeping the decisions here means they are tested in CPython; the glue only translates.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..rules import Category, Game, Refusal, RuleError
from ..text import DEFAULT_LANGUAGE, explain, text
from . import status
from .coach import Coach, kept
from .computer import Computers
from .entry import Entry
from .finale import celebration, result_panel
from .guide import Guide
from .linked import Linked, Scene
from .odds import Course, Odds
from .parts import Shared, delegate
from .progress import PRICE_STEP_S, Export, Progress, Statistics
from .settings import Settings
from .shelf import Shelf
from .storage import FULL, Storage
from .table import Mode, Table
from .tables import Tables, on_the_table
from .turn import Ask, Pending, TurnUI
from .view import Extras, View, build_view

if TYPE_CHECKING:
    from ..advice.spread import Spread
    from ..advice.state import Decision
    from ..advice.strategy import Advisor
    from .coaching import Review


MODE_LINES = {Mode.DICE: "status.mode_dice", Mode.SHEET: "status.mode_sheet"}
"""What the status line says when the dice change mode."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Session:
    """The game in progress at one table: the moves, the computers and the messages, and
    the view after each of them. It is made of parts: ``tables`` (which game is at the
    table, the games put aside, what the table shows), ``coach`` (the strategy table's
    advice) and ``guide`` (the first game's); the moves are its own. The tables' state and
    commands are offered here as the session's, so the page talks to one object."""

    # What the tables part holds, read and set through the session.
    table = Shared[Table]()
    ui = Shared[TurnUI]()
    status = Shared[str]()
    shelf = Shared[Shelf]()
    lang = Shared[str]()
    linked = Shared[Linked]()
    progress = Shared[Progress]()
    computers = Shared[Computers]()
    clock = Shared[Callable[[], str]]()

    # Which game is at the table: the tables part's commands.
    sync = delegate(Tables.sync)
    new_game = delegate(Tables.new_game)
    start = delegate(Tables.start)
    play_again = delegate(Tables.play_again)
    play_daily = delegate(Tables.play_daily)
    open_link = delegate(Tables.open_link)
    accept_challenge = delegate(Tables.accept_challenge)
    dismiss_offer = delegate(Tables.dismiss_offer)
    dailies = delegate(Tables.dailies)
    roster = delegate(Tables.roster)
    paused = delegate(Tables.paused)
    person = delegate(Tables.person)
    import_file = delegate(Tables.import_file)
    free_space = delegate(Tables.free_space)
    resume = delegate(Tables.resume)
    change_settings = delegate(Tables.change_settings)
    switch = delegate(Tables.switch)
    set_language = delegate(Tables.set_language)
    ready_line = delegate(Tables.ready_line)

    def __init__(
        self,
        storage: Storage,
        *,
        seed: int | None = None,
        lang: str = DEFAULT_LANGUAGE,
        clock: Callable[[], str] = _now,
        greet: bool = True,
        spare: Storage | None = None,
    ) -> None:
        self.coach, self.guide, self.odds = Coach(), Guide(), Odds()
        self._acting = False  # a computer is moving through the people's actions
        self.tables = Tables(storage, seed=seed, lang=lang, clock=clock, greet=greet, spare=spare)

    @property
    def game(self) -> Game:
        """The game in progress."""
        return self.table.game

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self.shelf.settings

    def _act(self, action: Callable[[], object]) -> bool:
        """Run a game action; a refused one is told to the player and changes nothing."""
        try:
            action()
        except RuleError as error:
            self.status = explain(error, self.lang)
            return False
        return True

    def _blocked(self) -> bool:
        """While a computer is to move, the page's controls do nothing."""
        return self.table.computer_to_move and not self._acting

    def _decision(self, **choice: Any) -> Decision | None:
        """A person's decision with on-screen dice (with real dice the holds are unseen)."""
        if self.table.seat is not None or self.table.mode is not Mode.DICE:
            return None
        from .coaching import decision  # with the first move, not at start

        return decision(self.game, **choice)

    def _coach_stops(self, decision: Decision | None, box: Category | None) -> bool:
        """With the coach on, stop a move that costs more than the margin, and ask first."""
        question = self.coach.question(decision, self.settings, self.lang)
        if question is None:
            return False
        self.ui.pending, self.status = Pending(Ask.COACH, box), question
        return True

    # ------------------------------------------------------------- actions

    @on_the_table
    def roll(self, *, confirmed: bool = False) -> None:
        """The Roll button (``confirmed`` once the coach's question was answered yes)."""
        if self._blocked() or self.table.mode is not Mode.DICE:
            return
        game, before = self.game, self.game.dice
        keep = kept(game)
        decision = self._decision(keep=keep) if keep is not None else None
        if not confirmed and self._coach_stops(decision, None):
            return
        if self._act(game.roll):
            if decision:
                self.table.decisions.append(decision)
            self.ui.hint = self.ui.pending = self.ui.rule = None
            self.ui.settle()
            # The dice that left the table this roll: all five at first, then the free ones.
            self.ui.rolled = tuple(not before or not held for held in game.held)
            faces = " ".join(map(str, game.dice))
            name = game.players[game.current]
            self.status = text("status.rolled", self.lang, name=name, dice=faces)
            self.shelf.save_game(self.table)

    @on_the_table
    def tap_die(self, die: int) -> None:
        """A click on a die: holds or releases it, or in real-dice mode steps its face."""
        if self._blocked():
            return
        if self.table.mode is Mode.DICE:
            self.toggle_hold(die)
        elif self.game.can_set_dice():
            self.ui.entry.step(die)
            self.ui.rolled = TurnUI().rolled

    @on_the_table
    def toggle_hold(self, die: int) -> None:
        """Hold or release a die (on-screen dice)."""
        self.ui.rolled = TurnUI().rolled
        if self._act(lambda: self.game.toggle_hold(die)):
            self.ui.pending = None
            self.ui.settle()
            self.shelf.save_game(self.table)

    def type_faces(self, typed: str) -> None:
        """Text typed in the faces field: the faces so far are set on the dice."""
        self.ui.entry.type(typed)

    @on_the_table
    def enter_roll(self, typed: str | None = None) -> None:
        """Record the faces of real dice (typed, or else those set) as one of the turn's rolls."""
        if self._blocked():
            return
        self.ui.rolled = TurnUI().rolled
        if self._act(lambda: self.game.set_dice(self.ui.entry.roll(typed))):
            faces = self.game.dice
            self.ui.pending, self.ui.entry = None, Entry(faces)
            self.ui.settle()
            name, dice = self.game.players[self.game.current], " ".join(map(str, faces))
            self.status = text("status.entered", self.lang, name=name, dice=dice)
            self.shelf.save_game(self.table)

    @on_the_table
    def set_mode(self, mode: Mode) -> None:
        """Switch between on-screen dice and real dice, at the start of a turn only."""
        if mode is self.table.mode:
            return
        if self.game.dice:
            self.status = text("status.mode_turn_start", self.lang)
            return
        self.table.mode, self.ui.entry = mode, Entry()
        self.status = text(MODE_LINES[mode], self.lang)
        self.shelf.save_game(self.table)

    def toggle_mode(self) -> None:
        """The Real dice button."""
        self.set_mode(Mode.SHEET if self.table.mode is Mode.DICE else Mode.DICE)

    @on_the_table
    def choose(self, box: Category) -> None:
        """A click on an open box: scores it, or first asks when a zero would waste the turn."""
        if self._blocked():
            return
        if self.table.editing(self.ui.entry):
            self.status = text("app.enter_first", self.lang)
            return
        self.ui.rolled = TurnUI().rolled
        if self._coach_stops(self._decision(box=box), box):
            return
        options = self.game.options()
        if options.get(box) == 0 and max(options.values()) > 0:
            best = max(options, key=lambda c: options[c])
            self.ui.pending = Pending(Ask.ZERO, box)
            self.status = text(
                "status.confirm_zero", self.lang, box=box, best=best, points=options[best]
            )
            return
        self.fill(box)

    @property
    def pending(self) -> Pending | None:
        """The move waiting for the player's yes."""
        return self.ui.pending

    @on_the_table
    def confirm(self) -> None:
        """Go ahead with the pending move: the zero, what the coach warned about, or the
        new game that puts the one under way aside."""
        pending, self.ui.pending = self.ui.pending, None
        if pending is None:
            return
        if pending.table is not None:
            self.tables.put_aside_and_sit(pending.table)
        elif pending.box is not None:
            self.fill(pending.box)
        else:
            self.roll(confirmed=True)

    @on_the_table
    def cancel(self) -> None:
        """Keep playing the turn instead of the pending move."""
        if self.ui.pending is not None:
            self.ui.pending = None
            self.status = self.ready_line()

    def fill(self, box: Category) -> None:
        """Fill ``box`` now, without the questions of ``choose`` (a refusal is said)."""
        game = self.game
        roller, before = game.current, len(game.history)
        bonus, decision = game.totals(roller).bonus, self._decision(box=box)
        if not self._act(lambda: game.score(box)):
            return
        if decision:
            self.table.decisions.append(decision)
        fills, people = game.history[before:], sum(seat is None for seat in self.table.seats)
        handoff = game.current != roller and self.table.seat is None and people > 1
        self.ui = TurnUI(fresh=before, celebrate=celebration(game, fills, bonus), handoff=handoff)
        self.status = status.after_fill(game, fills, roller, self.lang, self.table.computer_to_move)
        self.shelf.save_game(self.table)
        self.tables.record_if_over()

    @property
    def can_undo(self) -> bool:
        """Whether Undo may take back the last box: one a person filled, until the next roll."""
        fill = self.game.undoable
        return fill is not None and self.table.seats[fill.player] is None

    @on_the_table
    def undo(self) -> None:
        """The Undo button: take back the last box a person filled, and the penalty zeros
        it caused; the turn is again as it stood (until the next roll)."""
        if not self.can_undo:
            self.status = explain(RuleError(Refusal.NOTHING_TO_UNDO), self.lang)
            return
        was_over = self.game.is_over
        fill = self.game.undo()
        decisions = self.table.decisions
        if decisions and (decisions[-1].player, decisions[-1].box) == (fill.player, fill.category):
            decisions.pop()  # the decision that filled it: it was not taken after all
        if was_over:
            self.shelf.unrecord(self.table.id)
        self.ui = TurnUI(entry=Entry(self.game.dice))
        self.computers.forget()
        name = self.game.players[fill.player]
        self.status = text("status.undone", self.lang, name=name, box=fill.category)
        self.shelf.save_game(self.table)

    # ------------------------------------------------------ computers, hints

    def attach(self, advisor: Advisor) -> None:
        """The strategy table has arrived: hints, the coach, computers and the review work
        (a finished game's decisions are priced in steps: ``price_finished``)."""
        self.coach.advisor = advisor

    @property
    def price_due(self) -> bool:
        """The finished game's decisions wait to be priced, and the table is there."""
        return self.coach.advisor is not None and self.progress.unpriced(self.table)

    def price_finished(self, step: float | None = PRICE_STEP_S) -> bool:
        """Price the finished game's decisions for a step (the page's steps follow the
        painted end); True once done. ``step=None``: all at once."""
        return self.progress.price(self.table, self.coach.advisor, step)

    def table_missing(self, missing: bool = True) -> None:
        """The table could not be loaded: nothing waits for it (False: online again)."""
        self.coach.failed = missing

    @property
    def has_advisor(self) -> bool:
        """Whether the strategy table has arrived."""
        return self.coach.advisor is not None

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
        it cannot move now (not its turn, or its table is not loaded yet)."""
        if self.sync() or self.wants_table:
            return False
        self._acting = True
        try:
            return self.computers.step(self.table, self.coach.advisor, self)
        finally:
            self._acting = False

    def attach_spread(self, spread: Spread | None) -> None:
        """The spread table arrived (None: it could not be had): the win chances work."""
        self.odds.attach(spread)

    def chances_step(self) -> bool:
        """One step of the work on the win chances of the turn at the table (True: done)."""
        advisor, table = self.coach.advisor, self.table
        target = self.linked.target(table)
        aim, skills = None if target is None else target[0], lambda: self.progress.skills(table)
        return advisor is not None and self.odds.work(table, advisor, aim, skills)

    def perfect_turn(self) -> bool:
        """Let Perfect play its next turn on the dice of the finished daily game or
        challenge; False when it has none to play (or the table is not loaded yet)."""
        advisor = self.coach.advisor
        return advisor is not None and self.linked.perfect_turn(self.table, advisor)

    @on_the_table
    def skip(self) -> None:
        """The Skip button: the computer finishes its turn without pauses."""
        self.computers.skipping = True

    def toggle_rule(self, box: Category | None) -> bool:
        """A tap on a box's name: its rule shows under it (again: hidden; None: closed)."""
        return self.ui.toggle_rule(box)

    def ask_hint(self) -> None:
        """The Hint button: the best holds or box now, and the next best, from the table."""
        self.ui.hint = self.coach.hint(self.game, self.lang)

    def review(self, step: float | None = None) -> Review | None:
        """After the game: each decision of a person beside the best one, grouped by turn,
        the costliest first. None until the strategy table has arrived and the decisions
        are priced (``step``: for so long only; those the luck priced are not again)."""
        verdicts = self.progress.verdicts(self.table, self.coach.advisor, step)
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
        return self.progress.statistics(choice, self.person())

    def export(self) -> Export:
        """The export file of everything kept, named with today's date."""
        return self.progress.export(self.table, self.clock())

    # ---------------------------------------------------------------- view

    def view(self) -> View:
        """What the page should show now."""
        problem, table, high = self.shelf.problem, self.table, self.shelf.high_scores()
        steps = table.computer_to_move and not self.wants_table
        scene = self.scene()
        if scene.thinking and self.coach.failed and not self.has_advisor:
            scene = scene._replace(thinking=False, unavailable=True)
        extras = Extras(
            status=self.status,
            notice=text(problem.value, self.lang) if problem else "",
            result=result_panel(table, self.shelf.history, high, self.lang, scene.versus),
            delay=self.computers.delay(grace=self.can_undo) if steps else None,
            wants_table=self.wants_table,
            price_due=self.price_due,
            can_undo=self.can_undo,
            high_scores=high,
            paused=self.paused(),
            linked=scene,
            luck=self.progress.luck(self.table, self.coach.advisor, self.lang),
            can_free=problem is FULL,
            guide=self.guide.view(table, bool(self.settings.guide), self.lang),
            rival=self.linked.rival(table),
            chances_shown=self.chances_shown,
            chances=self.odds.latest(table) if self.chances_shown else None,
            chances_due=self.odds.due(table, self.settings, self.coach.advisor),
            target=None if (target := self.linked.target(table)) is None else target[1],
        )
        return build_view(self.table, self.ui, self.settings, self.lang, extras)
