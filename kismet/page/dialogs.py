"""The dialogs' contents (share, compare, statistics, games, daily games, new game,
review), the files a player saves and opens, printing, and the challenge in the address:
what each asks of the session, as ops (``kismet.html.dialogs``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING

from ..app.base.daily import parse_day
from ..app.base.printing import Printed, printout
from ..app.base.roster import Edit, Roster
from ..html import dialogs as contents
from ..html.dailies import dailies_html
from ..html.ops import Op, of_testid
from ..html.sheet import blank_sheet_html
from ..html.stats import PERFECT_PATH, Perfect, player_options, stats_html
from ..text import text
from .host import Fetched

if TYPE_CHECKING:
    from ..app.screen.session import Session
    from ..html.paint import Painter
    from .host import Host, Start
    from .timers import Timers

REVIEW = "review-dialog"

SHARE_WORDS = ("share.shared", "share.copied", "share.failed")
"""What the Share dialog says once the page shared or copied (or could not): the page does
both itself, within the player's tap, as browsers require, so it gets the words with the
dialog (``data-share.shared`` and so on, on the line that says it)."""


class Dialogs:
    """What the page's dialogs show, filled from the session when they open; ``emit``
    sends ops with the next paint."""

    def __init__(
        self,
        session: Session,
        host: Host,
        timers: Timers,
        start: Start,
        painter: Painter,
        emit: Callable[[Sequence[Op]], None],
    ) -> None:
        self.session, self.host, self.start, self.painter = session, host, start, painter
        self.timers = timers
        self.emit = emit
        self.perfect: Perfect | None = None
        """Perfect play's figures, for the statistics (fetched when they first open)."""
        self.asked_perfect = False
        self.review_open = False
        """The review is open: its chart of the chances is drawn again as they arrive."""
        self.stats_chosen = ""
        """The name last chosen in the statistics ("": who plays at the table)."""
        self.backup_name = ""
        """The backup file handed to the page, until the page says what became of it."""

    @property
    def lang(self) -> str:
        return self.session.lang

    # ---------------------------------------------------------------- share

    def show_share(self) -> None:
        share = self.session.scene().share
        if share is not None:
            self.share_dialog(share.text, f"{self.start.address}#c={share.code}", "share")

    def send_turn(self) -> None:
        """The game by link, to send on: the Share dialog with its link and line."""
        sent = self.session.by_link.sent()
        if sent is not None:
            self.share_dialog(sent.line, f"{self.start.address}#g={sent.code}", "by_link")

    def share_dialog(self, line: str, link: str, kind: str) -> None:
        """The Share dialog with ``line`` and ``link``, titled for a result ("share") or a
        game by link ("by_link")."""
        done = of_testid("share-done")
        words = [("attr", done, f"data-{key}", text(key, self.lang)) for key in SHARE_WORDS]
        titles = [
            ("text", where, text(f"{kind}.{key}", self.lang))
            for where, key in (
                ("#share-title", "title"),
                (of_testid("share-intro"), "intro"),
                (of_testid("share-link-label"), "link_label"),
            )
        ]
        self.emit([*words, *titles, *contents.share(line, link, can_send=self.start.can_share)])

    def by_link(self, roster: Roster | None) -> None:
        """The New game dialog's Play by link: a game by link for its names."""
        self.emit([("close", "#new-game-dialog")])
        if roster is not None:
            self.session.by_link.start(roster)

    def show_compare(self) -> None:
        scene = self.session.scene()
        self.emit(contents.compare(scene.turns, self.lang, scene.expected))

    # ----------------------------------------------------------- statistics

    def show_stats(self, chosen: str) -> None:
        """The statistics dialog, on the name chosen (or who plays at the table)."""
        self.paint_stats(chosen)
        self.emit(contents.stats_opened())
        if not self.asked_perfect:
            self.asked_perfect = True
            fetch = lambda: self.host.fetch(PERFECT_PATH, "text")  # noqa: E731
            self.timers.turns.spawn(fetch, self.perfect_fetched)

    def perfect_fetched(self, got: Fetched | Exception) -> None:
        """Perfect play's figures, for the comparisons (small; the service worker keeps it).
        Without them the statistics stand alone."""
        try:
            if isinstance(got, Fetched) and got.ok and isinstance(got.body, str):
                self.perfect = Perfect.from_dict(json.loads(got.body))
        except Exception:
            return
        if self.perfect is not None:
            self.paint_stats(self.stats_chosen)

    def paint_stats(self, chosen: str) -> None:
        self.stats_chosen = chosen
        shown = self.session.statistics(chosen or None)
        options = player_options(shown.names, shown.chosen, self.lang)
        html = stats_html(shown.stats, self.perfect, self.lang)
        self.emit(
            [
                ("html", of_testid("stats-player"), options),
                *self.painter.redrawn_ops(of_testid("stats-body"), html),
            ]
        )

    def backup_file(self) -> None:
        """The backup file, handed to the browser's share sheet where it shares files, else
        downloaded; the page tells what became of it (``backup_left``)."""
        session = self.session
        made = session.backups.file(session.table, session.clock())
        self.backup_name = made.name
        self.emit([("backup", None, made.name, made.text)])

    def backup_left(self, made: bool) -> None:
        """The page's word on the backup file: it left the page (downloaded or shared), so it
        counts as made, or the player cancelled the share sheet, so it does not. The dialog
        and the status line say which."""
        name, self.backup_name = self.backup_name, ""
        if not name:  # no file was handed to the page
            return
        if made:
            self.session.safekeeping.made(self.session.clock())
        said = text("backup.done" if made else "backup.cancelled", self.lang, name=name)
        self.session.line.say(said)
        self.emit([("text", of_testid("backup-notice"), said)])

    def restore_file(self, raw: str | None, chosen: str) -> None:
        """Merge a chosen file (None: the browser could not read it); the dialog says what
        happened."""
        self.session.lobby.restore_file(raw)
        self.emit([("text", of_testid("backup-notice"), self.session.status)])
        self.paint_stats(chosen)

    # ------------------------------------------------------------- printing

    def print_stats(self) -> None:
        """Print the statistics (the next paint sets the page back to printing the game)."""
        self.emit([("print", None, Printed.STATS.value)])

    def print_sheet(self, choice: str, players: str) -> None:
        """The Print dialog's Print: this game, or a blank sheet."""
        job = printout(choice, players)
        ops: list[Op] = [("close", "#print-dialog")]
        if job.page is Printed.BLANK:
            blank = blank_sheet_html(job.columns, self.lang, six_games=job.six_games)
            ops.append(("html", of_testid("blank-sheet"), blank))
            ops.append(
                ("text", of_testid("print-date"), text("print.date", self.lang, date="_" * 12))
            )
        self.emit([*ops, ("print", None, job.page.value)])

    # ---------------------------------------------------- games and players

    def show_roster(self, roster: Roster) -> None:
        self.emit(contents.roster(roster, self.lang))

    def open_new_game(self) -> None:
        self.emit(contents.new_game(self.session.lobby.roster(), self.lang))

    def edit_roster(self, edit: Edit, roster: Roster, index: int) -> None:
        self.emit(contents.edited(roster.edit(edit, index, self.lang), self.lang))

    def show_review(self) -> None:
        self.emit(contents.review(self.session.review(), self.lang))
        self.review_open = True
        self.review_chances()

    def review_chances(self) -> None:
        """The review's chart of the chances, drawn again while the review is open (it
        arrives once every turn is worked out)."""
        if not self.review_open:
            return
        from ..html.course import course_html  # arrives with the table (LATE_MODULES)

        shown = self.session.chances_shown
        chart = course_html(self.session.course(), self.lang) if shown else ""
        self.emit(self.painter.redrawn_ops(of_testid("review-chances"), chart))

    def closed(self, dialog: str) -> None:
        if dialog == REVIEW:
            self.review_open = False

    def show_games(self) -> None:
        self.emit(contents.games(self.session.lobby.aside(), self.lang))

    def resume(self, game_id: str) -> None:
        self.emit([("close", "#games-dialog")])
        self.session.lobby.resume(game_id)

    def show_dailies(self, today: str = "") -> None:
        """The daily games of the page's date (``today``, as the page tells it), else of
        the host's, with friends' results; Perfect then plays the dice of the days that
        have some (a turn at a time, with the strategy table), and the tables show it."""
        try:
            day = parse_day(today)
        except ValueError:
            day = self.host.today()
        lobby = self.session.lobby
        days = lobby.dailies(day)
        self.emit(contents.dailies(days, lobby.standing(days), self.lang))
        seeds = lobby.friends_seeds(days)
        if seeds:
            step, then = lambda: self.session.friends_step(seeds), lambda: self.paint_dailies(day)
            self.timers.with_table(
                lambda: self.timers.in_steps(step, then), asked=False, quiet=True
            )

    def paint_dailies(self, day: date) -> None:
        """The daily games' list again (Perfect's totals have arrived)."""
        days = self.session.lobby.dailies(day)
        html = dailies_html(days, self.session.lobby.standing(days), self.lang)
        self.emit([("html", of_testid("daily-list"), html)])

    def play_daily(self, day: str) -> None:
        self.emit([("close", "#daily-dialog")])
        self.session.lobby.play_daily(parse_day(day))

    def open_link(self, fragment: str) -> None:
        """A challenge link (``#c=...``) or a game by link (``#g=...``) in the address:
        replayed, then offered or refused, and the address keeps no fragment."""
        if fragment.startswith("#c="):
            self.session.lobby.open_link(fragment[3:])
        elif fragment.startswith("#g="):
            self.session.by_link.open(fragment[3:])
        else:
            return
        self.emit([("address", None)])
