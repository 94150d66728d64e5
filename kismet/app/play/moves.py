"""The moves at the table: what a roll, a hold, a box, Undo and the questions before a
move do to the game, and what they say. ``Moves`` is one part of a ``Session``; a
computer's steps go through the same moves (``Computers.step``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...rules import Category, Refusal, RuleError
from ...text import explain, text
from ..base.entry import Entry
from ..base.table import Mode, Table
from ..guidance.coach import Coach, kept
from ..keeping.shelf import Shelf
from . import status
from .computer import Computers
from .finale import celebration
from .tables import AtTable, Tables, on_the_table
from .turn import Ask, Pending, StatusLine, TurnUI

if TYPE_CHECKING:
    from ...advice.state import Decision
    from ...advice.strategy import Advisor
    from .computer import Aiming


MODE_LINES = {Mode.DICE: "status.mode_dice", Mode.SHEET: "status.mode_sheet"}
"""What the status line says when the dice change mode."""


def decision_of(table: Table, **choice: Any) -> Decision | None:
    """A person's decision with on-screen dice (with real dice the holds are unseen)."""
    if table.seat is not None or table.mode is not Mode.DICE:
        return None
    from ..guidance.coaching import decision  # the snapshot's (static/glue's GAME)

    return decision(table.game, **choice)


class Moves(AtTable):
    """The people's moves on the game ``Tables`` seats, with the questions asked before a
    costly one (a zero, the coach's margin) and the line said after each."""

    def __init__(
        self,
        tables: Tables,
        *,
        ui: TurnUI,
        line: StatusLine,
        coach: Coach,
        computers: Computers,
    ) -> None:
        self.tables, self.ui, self.line = tables, ui, line
        self.coach, self.computers = coach, computers
        self.shelf: Shelf = tables.shelf
        self.lang = tables.lang
        self._acting = False  # a computer is moving through the people's actions

    def _act(self, action: Callable[[], object]) -> bool:
        """Run a game action; a refused one is told to the player and changes nothing."""
        try:
            action()
        except RuleError as error:
            self.line.say(explain(error, self.lang))
            return False
        return True

    def _blocked(self) -> bool:
        """While a computer or a friend (a game by link) is to move, controls do nothing."""
        return (self.table.computer_to_move and not self._acting) or self.table.turn_elsewhere

    def _coach_stops(self, decision: Decision | None, box: Category | None) -> bool:
        """With the coach on, stop a move that costs more than the margin, and ask first."""
        question = self.coach.question(decision, self.shelf.settings, self.game, self.lang)
        if question is None:
            return False
        self.ui.ask(Pending(Ask.COACH, box))
        self.line.say(question)
        return True

    # ------------------------------------------------------------- the dice

    @on_the_table
    def roll(self, *, confirmed: bool = False) -> None:
        """The Roll button (``confirmed`` once the coach's question was answered yes)."""
        if self._blocked() or self.table.mode is not Mode.DICE:
            return
        game, before = self.game, self.game.dice
        keep = kept(game)
        decision = decision_of(self.table, keep=keep) if keep is not None else None
        if not confirmed and self._coach_stops(decision, None):
            return
        if self._act(game.roll):
            self.table.decided(decision)
            # The dice that left the table this roll: all five at first, then the free ones.
            self.ui.rolled_now(tuple(not before or not held for held in game.held))
            faces = " ".join(map(str, game.dice))
            name = game.players[game.current]
            self.line.say(text("status.rolled", self.lang, name=name, dice=faces))
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
            self.ui.still()

    @on_the_table
    def toggle_hold(self, die: int) -> None:
        """Hold or release a die (on-screen dice)."""
        self.ui.still()
        if self._act(lambda: self.game.toggle_hold(die)):
            self.ui.held()
            self.shelf.save_game(self.table)

    @on_the_table
    def enter_roll(self, typed: str | None = None) -> None:
        """Record the faces of real dice (typed, or else those set) as one of the turn's rolls."""
        if self._blocked():
            return
        self.ui.still()
        if self._act(lambda: self.game.set_dice(self.ui.entry.roll(typed))):
            faces = self.game.dice
            self.ui.entered(Entry(faces))
            name, dice = self.game.players[self.game.current], " ".join(map(str, faces))
            self.line.say(text("status.entered", self.lang, name=name, dice=dice))
            self.shelf.save_game(self.table)

    @on_the_table
    def set_mode(self, mode: Mode) -> None:
        """Switch between on-screen dice and real dice, at the start of a turn only."""
        if mode is self.table.mode:
            return
        if self.game.dice or self.table.by_link:  # a game by link plays its seed's dice
            key = "by_link.screen_dice" if self.table.by_link else "status.mode_turn_start"
            self.line.say(text(key, self.lang))
            return
        self.table.switch_to(mode)
        self.ui.new_entry()
        self.line.say(text(MODE_LINES[mode], self.lang))
        self.shelf.save_game(self.table)

    def toggle_mode(self) -> None:
        """The Real dice button."""
        self.set_mode(Mode.SHEET if self.table.mode is Mode.DICE else Mode.DICE)

    # ------------------------------------------------------------ the boxes

    @on_the_table
    def choose(self, box: Category) -> None:
        """A click on an open box: scores it, or first asks when a zero would waste the turn."""
        if self._blocked():
            return
        if self.table.editing(self.ui.entry):
            self.line.say(text("app.enter_first", self.lang))
            return
        self.ui.still()
        if self._coach_stops(decision_of(self.table, box=box), box):
            return
        options = self.game.options()
        if options.get(box) == 0 and max(options.values()) > 0:
            best = max(options, key=lambda c: options[c])
            self.ui.ask(Pending(Ask.ZERO, box))
            self.line.say(
                text("status.confirm_zero", self.lang, box=box, best=best, points=options[best])
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
        pending = self.ui.pending
        self.ui.ask(None)
        if pending is None:
            return
        if pending.table is not None:
            self.tables.sit_new(pending.table)
        elif pending.box is not None:
            self.fill(pending.box)
        else:
            self.roll(confirmed=True)

    @on_the_table
    def cancel(self) -> None:
        """Keep playing the turn instead of the pending move."""
        if self.ui.pending is not None:
            self.ui.ask(None)
            self.line.say(self.tables.ready_line())

    def fill(self, box: Category) -> None:
        """Fill ``box`` now, without the questions of ``choose`` (a refusal is said)."""
        game = self.game
        roller, before = game.current, len(game.history)
        bonus, decision = game.totals(roller).bonus, decision_of(self.table, box=box)
        if not self._act(lambda: game.score(box)):
            return
        self.table.decided(decision)
        fills, people = game.history[before:], sum(seat is None for seat in self.table.seats)
        handoff = game.current != roller and self.table.seat is None and people > 1
        self.ui.begin(fresh=before, celebrate=celebration(game, fills, bonus), handoff=handoff)
        after = status.after_fill(game, fills, roller, self.lang, self.table.computer_to_move)
        self.line.say(after)
        self.shelf.save_game(self.table)
        self.tables.record_if_over()

    @property
    def can_undo(self) -> bool:
        """Whether Undo may take back the last box: one a person filled, until the next roll."""
        fill = self.game.undoable
        return fill is not None and self.table.can_take_back(fill.player)

    @on_the_table
    def undo(self) -> None:
        """The Undo button: take back the last box a person filled, and the penalty zeros
        it caused; the turn is again as it stood (until the next roll)."""
        if not self.can_undo:
            self.line.say(explain(RuleError(Refusal.NOTHING_TO_UNDO), self.lang))
            return
        was_over = self.game.is_over
        fill = self.game.undo()
        self.table.taken_back(fill.player, fill.category)
        if was_over:
            self.shelf.ledger.unrecord(self.table.id)
        self.ui.begin(Entry(self.game.dice))
        self.computers.forget()
        name = self.game.players[fill.player]
        self.line.say(text("status.undone", self.lang, name=name, box=fill.category))
        self.shelf.save_game(self.table)

    # ---------------------------------------------------- computers, the page

    def computer_move(self, advisor: Advisor | None, aim: Aiming | None = None) -> bool:
        """One visible step of the computer to move (a hold, a roll or a box), through the
        people's moves; False when no computer is to move. ``aim``: the Win level's
        weighing of the turn."""
        self._acting = True
        try:
            return self.computers.step(self.table, advisor, self, aim)
        finally:
            self._acting = False

    @on_the_table
    def skip(self) -> None:
        """The Skip button: the computer finishes its turn without pauses."""
        self.computers.skip()

    def ask_hint(self) -> None:
        """The Hint button: the best holds or box now, and the next best, from the table."""
        self.ui.show_hint(self.coach.hint(self.game, self.lang))
