"""The page's Python: one ``Page`` holds the session and answers every event the page
reports (``kismet.page.events``) with one answer: the ops the page carries out and the
commit it stores (``kismet.app.keeping.commit``), then the page's word on that commit, before
the next event."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..advice.level import Level
from ..app.base.keys import Key, closes_menu, command, key_table
from ..app.base.roster import HUMAN, Edit, Roster
from ..app.guidance.progress import PRICE_STEP_S
from ..app.keeping.commit import Answer, Outcome
from ..app.keeping.storage import STAMP_KEY
from ..app.screen.actions import act
from ..app.screen.pacing import upcoming
from ..app.screen.session import Session
from ..html.ops import Op, of_testid
from ..html.page import PAGES
from ..html.paint import Painter, opened
from ..text import DEFAULT_LANGUAGE, LANGUAGES, text
from .dialogs import Dialogs
from .events import Event, Kind
from .timers import Timers
from .turns import Turns

if TYPE_CHECKING:
    from ..app.keeping.storage import Storage
    from .host import Host, Start


class Page:
    """The session at a page's table, and what paints it, times it and answers its events."""

    def __init__(
        self, host: Host, start: Start, storage: Storage, spare: Storage | None = None
    ) -> None:
        self.host, self.start_info, self.storage = host, start, storage
        self.session = Session(
            storage,
            seed=start.seed(),
            lang=start.lang if start.lang in LANGUAGES else DEFAULT_LANGUAGE,
            greet=start.greet,
            spare=spare,
            kept=start.kept(),
            played_before=start.played_before,
        )
        self.painter = Painter(reduced_motion=start.reduced_motion, address=start.address)
        self.out: list[Op] = []
        """The ops of the event being answered, sent with its answer."""
        self.turns = Turns(host)
        self.timers = Timers(self.session, host, self.turns, self.render, self.say)
        self.dialogs = Dialogs(self.session, host, self.timers, start, self.painter, self.emit)
        self.clicks: dict[str, Callable[[Event], None]] = {
            "menu": lambda _: self.emit([("menu", None, None)]),
            "daily": lambda event: self.dialogs.show_dailies(event.today),
            "play-daily": lambda event: self.dialogs.play_daily(event.day),
            "guide-again": lambda _: self.guide_again(),
            "share": lambda _: self.dialogs.show_share(),
            "send-turn": lambda _: self.dialogs.send_turn(),
            "by-link": lambda event: self.dialogs.by_link(event.roster),
            "compare": lambda _: self.timers.with_table(self.dialogs.show_compare),
            "games": lambda _: self.dialogs.show_games(),
            "stats": lambda event: self.dialogs.show_stats(event.value("stats-player")),
            "backup": lambda _: self.changed(self.dialogs.backup_file),
            "print-stats": lambda _: self.dialogs.print_stats(),
            "resume": lambda event: self.dialogs.resume(event.id),
            "new-game": lambda _: self.dialogs.open_new_game(),
            "play-computer": self.play_computer,
            "hint": lambda _: self.timers.weighed(
                lambda: True, lambda: self.changed(self.session.moves.ask_hint)
            ),
            # A game's decisions are priced for the review in steps (at once when the
            # luck has priced them already), so a reloaded game's review freezes nothing;
            # at a table with others, in the chance to win too.
            "review": lambda _: self.timers.weighed(
                lambda: self.session.review(PRICE_STEP_S) is not None, self.dialogs.show_review
            ),
            "print": lambda _: self.emit([opened("print-dialog", "[data-testid=print-game]")]),
            "help": lambda _: self.emit([opened("help-dialog", "#help-title")]),
            "close-dialog": lambda event: self.emit([("close", f"#{event.dialog}")]),
            **{edit.value: self.edit(edit) for edit in Edit},
        }
        """The clicks the page's Python does itself, each named here once; the session's
        go to ``act`` (``kismet.app.screen.actions``), and those the browser allows only
        within the tap are static/events.mjs's own (``ON_THE_PAGE``)."""
        self.keys: dict[Key, Callable[[int], None]] = {
            Key.ROLL: lambda _: self.session.moves.roll(),
            Key.HOLD: self.session.moves.tap_die,
            Key.NEW_GAME: lambda _: self.dialogs.open_new_game(),
            Key.HELP: lambda _: self.emit([opened("help-dialog", "#help-title")]),
            Key.MOVE: lambda step: self.emit([("move-focus", None, step)]),
            Key.CLOSE_MENU: lambda _: self.emit([("menu", None, False)]),
        }
        self.kinds: dict[Kind, Callable[[Event], None]] = {
            Kind.CLICK: self.on_click,
            Kind.KEY: self.on_key,
            Kind.SUBMIT: self.on_submit,
            Kind.INPUT: lambda event: self.changed(
                self.session.ui.entry.type, event.value("entry-faces")
            ),
            Kind.CHANGE: self.on_change,
            Kind.RESTORE: lambda event: self.changed(
                self.dialogs.restore_file, event.text, event.value("stats-player")
            ),
            Kind.CANCEL: lambda _: self.changed(self.session.moves.cancel),
            Kind.CLOSED: lambda event: self.dialogs.closed(event.dialog),
            Kind.HASH: self.on_hash,
            Kind.STORAGE: self.on_storage,
            Kind.ONLINE: lambda _: self.timers.online(),
            Kind.KEPT: lambda event: self.changed(
                self.session.safekeeping.storage_known, *event.kept()
            ),
            Kind.BACKUP: lambda event: self.changed(self.dialogs.backup_left, event.made),
            Kind.DUE: lambda event: self.turns.fire(event.timer),
            Kind.STORED: self.on_stored,
        }

    @property
    def lang(self) -> str:
        return self.session.lang

    # ---------------------------------------------------------------- ops out

    def emit(self, ops: Sequence[Op]) -> None:
        """Send ops to the page, with the rest of the event's."""
        self.out.extend(ops)

    def say(self, key: str) -> None:
        """Say a message on the status line (until the next paint says another)."""
        self.emit([("text", of_testid("status"), text(key, self.lang))])

    def render(self) -> None:
        """Paint the session's view, then start what it waits for (the table, a computer,
        Perfect, the win chances)."""
        view = self.session.view()
        self.session.settle_guide()
        self.emit(self.painter.paint(view))
        self.timers.start(upcoming(view))
        self.timers.odds(view.chances_due)
        self.dialogs.review_chances()

    def changed(self, change: Callable[..., object], *args: object) -> None:
        """Do ``change`` on the session, then paint."""
        change(*args)
        self.render()

    def play_computer(self, event: Event) -> None:
        """One tap in the New game dialog: its first player against a computer of the
        level tapped (``data-id``), the game started at once."""
        if event.id not in set(Level):
            return
        first = event.roster.names[0] if event.roster is not None and event.roster.names else ""
        roster = Roster.of([first, ""], [HUMAN, event.id]).renamed(self.lang)
        self.emit([("close", "#new-game-dialog")])
        self.changed(self.session.lobby.start, roster)

    # -------------------------------------------------------------- events in

    def start(self) -> str:
        """Take up a challenge in the address, paint, and let the header be used: the
        first answer (JSON)."""
        self.out = []
        try:
            self.dialogs.open_link(self.start_info.hash)
            self.render()
            self.emit([("ready", None, *key_table())])
        finally:
            answer = self.answer()
        return answer

    def handle(self, message: str) -> str:
        """Answer one event the page sent (JSON): the ops that paint it and the commit
        that stores it (JSON, ``answer``)."""
        event = Event.from_json(message)
        self.out = []
        try:
            self.kinds[event.kind](event)
        finally:
            answer = self.answer()
        return answer

    def answer(self) -> str:
        """The event's ops and the commit of its writes (None: nothing to store), as JSON:
        the page stores the commit (only if the stamp is still its base) and carries out
        the ops (not when the commit was stale: they painted what another tab overtook)."""
        ops, self.out = self.out, []
        commit = self.session.shelf.store.commit()
        return json.dumps({"ops": ops, "commit": None if commit is None else commit.to_json()})

    def on_stored(self, event: Event) -> None:
        """The page's word on the last commit, painted when it changes what the page says
        (``Tables.settle``)."""
        if event.answer is None:
            return
        answer = Answer.from_dict(event.answer)
        if not self.session.tables.settle(answer):
            return
        if answer.outcome is Outcome.STALE:  # its ops were not carried out: paint anew
            self.painter.forget()
        self.render()

    def on_click(self, event: Event) -> None:
        if closes_menu(event.action, in_header=event.in_header):
            self.emit([("menu", None, False)])
        # A tap anywhere else closes a box's rule.
        closed = event.action != "rule" and self.session.ui.toggle_rule(None)
        if not event.disabled and act(self.session, event.clicked()):
            self.render()
            return
        action = None if event.disabled else self.clicks.get(event.action)
        if action is not None:
            action(event)
        if action is not None or closed:
            self.render()

    def on_key(self, event: Event) -> None:
        found = None if event.pressed is None else command(event.pressed)
        if found is None:
            return
        action, value = found
        self.keys[action](value)
        if not action.on_the_page:
            self.render()

    def on_submit(self, event: Event) -> None:
        if event.form == "new-game":  # the Start button, or Enter in a name field
            self.emit([("close", "#new-game-dialog")])
            if event.roster is not None:
                self.changed(self.session.lobby.start, event.roster)
        elif event.form == "entry":
            self.session.moves.enter_roll(event.value("entry-faces"))
            self.emit([("blur", of_testid("entry-faces"))])
            self.render()
        elif event.form == "print":
            self.dialogs.print_sheet(event.value("print-what"), event.value("print-players"))

    def on_change(self, event: Event) -> None:
        if event.field == "language":
            lang = event.value("language")
            if lang not in PAGES:
                return
            self.session.lobby.set_language(lang)
            # Each language has its own page, rendered at build; the game is saved, so load
            # it, without the welcome of a new visit.
            self.emit([("navigate", None, PAGES[lang])])
        elif event.field == "coach-margin":
            try:
                margin = float(event.value("coach-margin"))
            except ValueError:
                return
            self.changed(lambda: self.session.lobby.change_settings(coach_margin=margin))
        elif event.field == "stats-player":
            self.dialogs.paint_stats(event.value("stats-player"))
        elif event.field == "seat" and event.roster is not None:
            # A seat turned into a computer (or back) takes the name the app gives it.
            self.dialogs.show_roster(event.roster.renamed(self.lang))

    def on_hash(self, event: Event) -> None:
        self.dialogs.open_link(event.text or "")
        self.render()

    def on_storage(self, event: Event) -> None:
        """Another tab wrote (its last write changes the stamp; no key: a cleared storage)."""
        self.session.shelf.store.commits.other_tab_wrote(event.key, event.text, event.stored)
        if event.key is None or event.key == STAMP_KEY:
            self.changed(self.session.tables.sync)

    def edit(self, edit: Edit) -> Callable[[Event], None]:
        def edited(event: Event) -> None:
            if event.roster is not None:
                self.dialogs.edit_roster(edit, event.roster, event.seat)

        return edited

    def guide_again(self) -> None:
        """The rules' button: the first game's guide runs again, over the game at the table."""
        self.emit([("close", "#help-dialog")])
        self.session.lobby.change_settings(guide=True)
