"""One table's session: what each click does, what is saved, what is said.

``Session`` is driven by the browser glue (``static/main.py``), which passes it a
``Storage`` over ``localStorage`` and paints the ``View`` it returns after each action.
Keeping the decisions here means they are tested in CPython; the glue only translates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..advice.state import Decision
from ..rules import Category, Game, RuleError
from ..text import DEFAULT_LANGUAGE, LANGUAGES, explain, text
from . import coaching, status
from .coaching import Coach
from .computer import Computers
from .entry import Entry
from .records import Finished
from .roster import Roster, default_name
from .settings import Settings
from .shelf import Shelf
from .storage import Storage
from .table import Mode, Table
from .turn import Ask, Pending, TurnUI
from .view import View, build_view

if TYPE_CHECKING:
    from ..advice.strategy import Advisor


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Session:
    """The game in progress at one table, its saves, its computers and its messages."""

    def __init__(
        self,
        storage: Storage,
        *,
        seed: int | None = None,
        lang: str = DEFAULT_LANGUAGE,
        clock: Callable[[], str] = _now,
    ) -> None:
        self.shelf = Shelf(storage, clock)
        self.seed, self.lang, self.clock = seed, lang, clock
        self.ui = TurnUI()
        self.coach = Coach()
        self.computers = Computers()
        self._acting = False  # a computer is moving through the people's actions
        table = self.shelf.load_game()
        self.status = " ".join(text(key, lang) for key in self.shelf.notes)
        if table is None:
            self._new(Roster.of([default_name(1, lang)]), Mode.DICE, announce=not self.status)
            return
        self.table = table
        self.ui.entry = Entry(table.game.dice)
        self.status = self.status or text("status.restored", lang)
        self._record_if_over()

    # ------------------------------------------------------------- the game

    @property
    def game(self) -> Game:
        """The game in progress."""
        return self.table.game

    def _new(self, roster: Roster, mode: Mode, *, announce: bool = True) -> None:
        game = Game(roster.players(self.lang), seed=self.seed)
        self.table = Table(game, roster.seats, mode, started=self.clock())
        self.ui = TurnUI()
        self.computers.forget()
        if announce:
            self.status = text("status.ready", self.lang, name=game.players[0])
        self.shelf.save_game(self.table)

    def _record_if_over(self) -> None:
        if self.game.is_over:
            self.shelf.record(Finished.of(self.table.id, self.clock(), self.game))

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
        return coaching.decision(self.game, **choice)

    def _coach_stops(self, decision: Decision | None, box: Category | None) -> bool:
        """With the coach on, stop a move that costs more than the margin, and ask first."""
        question = self.coach.question(decision, self.settings, self.lang)
        if question is None:
            return False
        self.ui.pending, self.status = Pending(Ask.COACH, box), question
        return True

    # ------------------------------------------------------------- actions

    def roll(self, *, confirmed: bool = False) -> None:
        """The Roll button (``confirmed`` once the coach's question was answered yes)."""
        if self._blocked() or self.table.mode is not Mode.DICE:
            return
        game, before = self.game, self.game.dice
        keep = coaching.kept(game)
        decision = self._decision(keep=keep) if keep is not None else None
        if not confirmed and self._coach_stops(decision, None):
            return
        if self._act(game.roll):
            if decision:
                self.table.decisions.append(decision)
            self.ui.hint = self.ui.pending = None
            # The dice that left the table this roll: all five at first, then the free ones.
            self.ui.rolled = tuple(not before or not held for held in game.held)
            faces = " ".join(map(str, game.dice))
            name = game.players[game.current]
            self.status = text("status.rolled", self.lang, name=name, dice=faces)
            self.shelf.save_game(self.table)

    def tap_die(self, die: int) -> None:
        """A click on a die: holds or releases it, or in real-dice mode steps its face."""
        if self._blocked():
            return
        if self.table.mode is Mode.DICE:
            self.toggle_hold(die)
        elif self.game.can_set_dice():
            self.ui.entry.step(die)
            self.ui.rolled = TurnUI().rolled

    def toggle_hold(self, die: int) -> None:
        """Hold or release a die (on-screen dice)."""
        self.ui.rolled = TurnUI().rolled
        if self._act(lambda: self.game.toggle_hold(die)):
            self.ui.pending = None
            self.shelf.save_game(self.table)

    def type_faces(self, typed: str) -> None:
        """Text typed in the faces field: the faces so far are set on the dice."""
        self.ui.entry.type(typed)

    def enter_roll(self, typed: str | None = None) -> None:
        """Record the faces of real dice (typed, or else those set) as one of the turn's rolls."""
        if self._blocked():
            return
        self.ui.rolled = TurnUI().rolled
        if self._act(lambda: self.game.set_dice(self.ui.entry.roll(typed))):
            faces = self.game.dice
            self.ui.pending, self.ui.entry = None, Entry(faces)
            name, dice = self.game.players[self.game.current], " ".join(map(str, faces))
            self.status = text("status.entered", self.lang, name=name, dice=dice)
            self.shelf.save_game(self.table)

    def set_mode(self, mode: Mode) -> None:
        """Switch between on-screen dice and real dice, at the start of a turn only."""
        if mode is self.table.mode:
            return
        if self.game.dice:
            self.status = text("status.mode_turn_start", self.lang)
            return
        self.table.mode, self.ui.entry = mode, Entry()
        self.status = text(f"status.mode_{mode.value}", self.lang)
        self.shelf.save_game(self.table)

    def toggle_mode(self) -> None:
        """The Real dice button."""
        self.set_mode(Mode.SHEET if self.table.mode is Mode.DICE else Mode.DICE)

    def choose(self, box: Category) -> None:
        """A click on an open box: scores it, or first asks when a zero would waste the turn."""
        if self._blocked():
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

    def confirm(self) -> None:
        """Go ahead with the pending move: the zero, or what the coach warned about."""
        pending, self.ui.pending = self.ui.pending, None
        if pending is not None and pending.box is None:
            self.roll(confirmed=True)
        elif pending is not None and pending.box is not None:
            self.fill(pending.box)

    def cancel(self) -> None:
        """Keep playing the turn instead of the pending move."""
        if self.ui.pending is not None:
            self.ui.pending = None
            name = self.game.players[self.game.current]
            self.status = text("status.ready", self.lang, name=name)

    def fill(self, box: Category) -> None:
        """Fill ``box`` now, without the questions of ``choose`` (a refusal is said)."""
        game = self.game
        roller, before = game.current, len(game.history)
        decision = self._decision(box=box)
        if not self._act(lambda: game.score(box)):
            return
        if decision:
            self.table.decisions.append(decision)
        self.ui = TurnUI()
        self.status = status.after_fill(game, game.history[before:], roller, self.lang)
        self.shelf.save_game(self.table)
        self._record_if_over()

    def new_game(self, names: Sequence[str], seats: Sequence[str] | None = None) -> None:
        """Start a game for these names (blank names become "Player N"), each seat's code a
        person or a computer level; refuses bad lists and keeps the game as it was."""
        try:
            self.start(Roster.of(names, seats))
        except RuleError as error:
            self.status = explain(error, self.lang)

    def start(self, roster: Roster) -> None:
        """Start a game for the seats of the New game dialog; refuses bad names and keeps
        the game as it was."""
        self._act(lambda: self._new(roster, self.table.mode))

    def roster(self) -> Roster:
        """This game's seats, as the New game dialog starts from them."""
        return Roster(self.game.players, self.table.seats)

    def play_again(self) -> None:
        """A new game with the same players (and computers) in the same order."""
        self._new(Roster(self.game.players, self.table.seats), self.table.mode)

    # ------------------------------------------------------------ settings

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self.shelf.settings

    def change_settings(self, **changes: Any) -> None:
        """Change settings (``shapes=True``, ``coach_margin=2``...) and remember them;
        raises ``ValueError`` for a value no setting takes."""
        self.shelf.remember(self.settings.change(**changes))

    def set_language(self, lang: str) -> None:
        """Remember the interface language chosen in the page (the glue then loads its page)."""
        if lang in LANGUAGES:
            self.change_settings(lang=lang)

    # ------------------------------------------------------ computers, hints

    def attach(self, advisor: Advisor) -> None:
        """The strategy table has arrived: hints, the coach, computers and the review work."""
        self.coach.advisor = advisor

    @property
    def has_advisor(self) -> bool:
        """Whether the strategy table has arrived."""
        return self.coach.advisor is not None

    @property
    def wants_table(self) -> bool:
        """Whether a feature in use needs the table that is not loaded yet."""
        seat = self.table.seat if self.table.computer_to_move else None
        computer = seat is not None and seat.needs_table
        return self.coach.advisor is None and (computer or self.settings.coach)

    def computer_step(self) -> bool:
        """One visible step of the computer to move (a hold, a roll or a box); False when
        it cannot move now (not its turn, or its table is not loaded yet)."""
        if self.wants_table:
            return False
        self._acting = True
        try:
            return self.computers.step(self.table, self.coach.advisor, self)
        finally:
            self._acting = False

    def skip(self) -> None:
        """The Skip button: the computer finishes its turn without pauses."""
        self.computers.skipping = True

    def ask_hint(self) -> None:
        """The Hint button: the best holds or box now, and the next best, from the table."""
        self.ui.hint = self.coach.hint(self.game, self.lang)

    def review_lines(self) -> list[str]:
        """After the game: each decision of a person, the best one, and what it cost."""
        return self.coach.review(self.table.decisions, self.game.players, self.lang)

    # ---------------------------------------------------------------- view

    def view(self) -> View:
        """What the page should show now."""
        problem = self.shelf.problem
        computer = self.table.computer_to_move
        return build_view(
            self.game,
            self.ui,
            lang=self.lang,
            mode=self.table.mode,
            settings=self.settings,
            status=self.status,
            notice=text(problem, self.lang) if problem else "",
            computer=computer,
            delay=self.computers.delay if computer and not self.wants_table else None,
            wants_table=self.wants_table,
            high_scores=self.shelf.high_scores(),
            started=self.table.started,
        )
