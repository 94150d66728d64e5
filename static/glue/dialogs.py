"""The dialogs' contents (share, compare, statistics, games, daily games, new game,
review), the files a player saves and opens, printing, and the challenge in the address."""

from __future__ import annotations

import asyncio
import json
from datetime import date
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from kismet.app.daily import parse_day
from kismet.app.printing import Printed, printout
from kismet.app.roster import Edit, Roster
from kismet.html import boxes
from kismet.html.sheet import blank_sheet_html
from kismet.html.stats import PERFECT_PATH, Perfect, player_options, stats_html
from kismet.text import text

from .dom import Dialogs, apply, by_testid, fetched, find

if TYPE_CHECKING:
    from dom import Element

    from kismet.app.session import Session

    from .paint import Screen


class Boxes:
    """What the page's dialogs show, filled from the session when they open."""

    def __init__(self, session: Session, dialogs: Dialogs, screen: Screen) -> None:
        self.session, self.dialogs, self.screen = session, dialogs, screen
        self.perfect: Perfect | None = None
        """Perfect play's figures, for the statistics (fetched when they first open)."""
        self.asked_perfect = False
        self.tasks: set[asyncio.Future[None]] = set()
        """Fetches and file reads under way (kept until done, so none is collected)."""

    def keep(self, task: asyncio.Future[None]) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ---------------------------------------------------------------- share

    def show_share(self) -> None:
        share = self.session.scene().share
        if share is None:
            return
        link = f"{window.location.origin}{window.location.pathname}#c={share.code}"
        can_send = bool(getattr(window.navigator, "share", None))
        apply(boxes.share(share, link, can_send=can_send))

    def share_done(self, key: str) -> None:
        by_testid("share-done").textContent = text(key, self.session.lang)

    def send_share(self) -> None:
        """The Web Share API where the browser has it (a phone's share sheet)."""
        message, link = by_testid("share-text").textContent, by_testid("share-link").value
        data = window.Object.fromEntries(to_js([["text", message], ["url", link]]))
        promise = window.navigator.share(data)
        promise.then(create_once_callable(lambda _: self.share_done("share.shared")))

    def copy_share(self) -> None:
        """The line and the link to the clipboard, or selected to copy by hand."""
        field = by_testid("share-link")
        words = f"{by_testid('share-text').textContent} {field.value}"
        try:
            promise = window.navigator.clipboard.writeText(words)
        except Exception:
            self.copy_by_hand()
            return
        promise.then(
            create_once_callable(lambda _: self.share_done("share.copied")),
            create_once_callable(lambda _: self.copy_by_hand()),
        )

    def copy_by_hand(self) -> None:
        by_testid("share-link").select()
        self.share_done("share.failed")

    def show_compare(self) -> None:
        scene = self.session.scene()
        apply(boxes.compare(scene.turns, self.session.lang, scene.expected))

    # ----------------------------------------------------------- statistics

    def show_stats(self) -> None:
        """The statistics dialog, on the name chosen (or who plays at the table)."""
        self.paint_stats()
        apply(boxes.stats_opened())
        if not self.asked_perfect:
            self.asked_perfect = True
            self.keep(asyncio.ensure_future(self.fetch_perfect()))

    async def fetch_perfect(self) -> None:
        """Perfect play's figures, for the comparisons (small; the service worker keeps it)."""
        got = await fetched(PERFECT_PATH, "text")
        if got.ok:
            self.perfect = Perfect.from_dict(json.loads(str(got.body)))
            self.paint_stats()

    def paint_stats(self) -> None:
        lang = self.session.lang
        shown = self.session.statistics(by_testid("stats-player").value or None)
        by_testid("stats-player").innerHTML = player_options(shown.names, shown.chosen, lang)
        html = stats_html(shown.stats, self.perfect, lang)
        self.screen.redraw("[data-testid=stats-body]", html)

    def export_file(self) -> None:
        """Download the export file (the browser saves it)."""
        exported = self.session.export()
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(to_js([exported.text]), options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, exported.name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
        done = text("export.done", self.session.lang, name=exported.name)
        by_testid("transfer-notice").textContent = done

    async def import_file(self, field: Element) -> bool:
        """Read the chosen file and merge it; the dialog says what happened (and the page,
        once painted again: True when a file was chosen)."""
        files = field.files
        chosen = files.item(0) if files is not None and files.length else None
        field.value = ""  # the same file may be chosen again
        if chosen is None:
            return False
        try:
            raw: str | None = str(await chosen.text())
        except Exception:  # the browser could not read it (moved, unreadable)
            raw = None
        self.session.import_file(raw)
        by_testid("transfer-notice").textContent = self.session.status
        self.paint_stats()
        return True

    # ------------------------------------------------------------- printing

    def print_stats(self) -> None:
        """Print the statistics (the next paint sets the page back to printing the game)."""
        document.body.dataset.print = Printed.STATS
        window.print()

    def print_sheet(self, form: Element) -> None:
        """The Print dialog's Print: this game, or a blank sheet."""
        choice = str(find("input[name=print-what]:checked", form).value)
        job = printout(choice, str(find("select", form).value))
        self.dialogs.close("print-dialog")
        lang = self.session.lang
        if job.page is Printed.BLANK:
            blank = blank_sheet_html(job.columns, lang, six_games=job.six_games)
            by_testid("blank-sheet").innerHTML = blank
            by_testid("print-date").textContent = text("print.date", lang, date="_" * 12)
        document.body.dataset.print = job.page
        window.print()

    # ---------------------------------------------------- games and players

    def read_roster(self) -> Roster:
        rows = list(document.querySelectorAll("#player-list li"))
        names = [str(find("input", row).value) for row in rows]
        seats = [str(find("select", row).value) for row in rows]
        return Roster.of(names, seats)

    def show_roster(self, roster: Roster) -> None:
        apply(boxes.roster(roster, self.session.lang))

    def open_new_game(self) -> None:
        apply(boxes.new_game(self.session.roster(), self.session.lang))

    def edit_roster(self, edit: Edit, target: Element) -> None:
        index = int(target.getAttribute("data-index") or 0)
        roster = self.read_roster().edit(edit, index, self.session.lang)
        apply(boxes.edited(roster, self.session.lang))

    def show_review(self) -> None:
        apply(boxes.review(self.session.review(), self.session.lang))
        self.review_chances()

    def review_chances(self) -> None:
        """The review's chart of the chances, drawn again while the review is open (it
        arrives once every turn is worked out)."""
        if not find("#review-dialog").open:
            return
        from kismet.html.course import course_html  # arrives with the table (LATE_MODULES)

        shown = self.session.chances_shown
        chart = course_html(self.session.course(), self.session.lang) if shown else ""
        self.screen.redraw("[data-testid=review-chances]", chart)

    def show_games(self) -> None:
        apply(boxes.games(self.session.paused(), self.session.lang))

    def resume(self, target: Element) -> None:
        self.dialogs.close("games-dialog")
        self.session.resume(str(target.getAttribute("data-id")))

    def show_dailies(self) -> None:
        apply(boxes.dailies(self.session.dailies(today()), self.session.lang))

    def play_daily(self, target: Element) -> None:
        self.dialogs.close("daily-dialog")
        self.session.play_daily(parse_day(str(target.getAttribute("data-day"))))

    def open_link(self) -> None:
        """A challenge link (``#c=...``) in the address: replayed, then offered or refused."""
        hash_ = str(window.location.hash)
        if hash_.startswith("#c="):
            self.session.open_link(hash_[3:])
            where = str(window.location.pathname) + str(window.location.search)
            window.history.replaceState(None, "", where)


def today() -> date:
    """The local calendar date (the daily game's seed), not the date in UTC."""
    return date.fromisoformat(str(window.Date.new().toLocaleDateString("en-CA")))
