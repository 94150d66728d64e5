"""Painting a ``View``: every part of the page the session's view describes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from kismet.app.printing import Printed
from kismet.html.page import game_over_html, high_scores_html, offer_html
from kismet.html.sheet import chance_inner, sheet_html
from kismet.text import text

from .dom import Dialogs, by_testid, fill_list, find, pressed

if TYPE_CHECKING:
    from dom import Element

    from kismet.app.view import View

COUNT_MS = 900
"""How long the game-over total takes to count up."""


class Painter:
    """Paints views; remembers what it wrote, so that an unchanged part is not redrawn."""

    def __init__(self, dialogs: Dialogs) -> None:
        self.redrawn = False
        """The last paint wrote the sheet afresh."""
        self.dialogs = dialogs
        self.painted: dict[str, str] = {}
        """The HTML last written into each part of the page."""
        self.current_column = ""
        self.counted = ""
        """The game-over panel whose total last counted up (once a game)."""
        self.roll_animation = ["roll-a", "roll-b"]
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def paint(self, view: View) -> None:
        root = document.documentElement
        root.dataset.mode = view.mode.value
        root.dataset.shapes = "on" if view.settings.shapes else "off"
        root.dataset.over = "true" if view.result is not None else "false"
        root.dataset.sheet = view.layout
        see_all = by_testid("see-all")
        see_all.hidden = not view.can_see_all
        pressed(see_all, view.layout == "table")
        pressed(by_testid("mode"), view.mode.value == "sheet")
        pressed(by_testid("shapes"), view.settings.shapes)
        pressed(by_testid("coach"), view.settings.coach)
        pressed(by_testid("sound"), view.settings.sound)
        pressed(by_testid("chances"), view.settings.chances)
        games = by_testid("games")
        games.hidden = not view.paused
        games.textContent = f"{text('app.games', view.lang)} ({len(view.paused)})"
        margin = by_testid("coach-margin")
        if margin.parentElement:
            margin.parentElement.hidden = not view.settings.coach
        margin.value = f"{view.settings.coach_margin:g}"
        self.dice(view)
        roll = by_testid("roll")
        roll.disabled = not view.can_roll
        roll.hidden = not view.show_roll
        by_testid("rolls-left").textContent = view.roll_label
        by_testid("hint").disabled = not view.can_hint
        by_testid("undo").hidden = not view.can_undo
        by_testid("skip").hidden = not view.show_skip
        self.entry(view)
        document.body.dataset.print = Printed.GAME  # the browser's own Print prints this game
        by_testid("print-date").textContent = text("print.date", view.lang, date=view.print_date)
        by_testid("current-player").textContent = view.turn_line
        find(".board").dataset.handoff = "true" if view.handoff else "false"
        self.celebration(view)
        self.guide(view)
        status = by_testid("status")
        status.textContent = view.status
        status.classList.toggle("quiet", view.status_quiet)
        self.sheet(view)
        self.confirm(view)
        self.game_over(view)
        self.redraw("#high-scores", high_scores_html(view.high_scores, view.lang))
        self.hint(view)

    def redraw(self, selector: str, html: str) -> bool:
        """Write ``html`` into the element, unless it already shows it; True if written."""
        if self.painted.get(selector) == html:
            return False
        find(selector).innerHTML = self.painted[selector] = html
        return True

    def dice(self, view: View) -> None:
        animation = self.roll_animation
        if any(die.rolled for die in view.dice):
            animation.reverse()
        for i, die in enumerate(view.dice):
            button = by_testid(f"die-{i}")
            button.dataset.face = "" if die.face is None else str(die.face)
            pressed(button, die.held)
            button.setAttribute("aria-label", die.label)
            button.disabled = not view.can_hold
            button.classList.remove(*animation)
            if die.rolled and not self.reduced_motion:
                button.classList.add(animation[0])
            button.classList.toggle("hinted", die.hinted)

    def entry(self, view: View) -> None:
        field = by_testid("entry-faces")
        field.disabled = not view.can_enter
        by_testid("enter-roll").disabled = not view.can_enter
        by_testid("rolls-entered").textContent = view.roll_label
        by_testid("entry-note").textContent = view.entry_note
        if document.activeElement != field:
            field.value = view.entry_text

    def sheet(self, view: View) -> None:
        """Redraw the sheet, keeping the keyboard's place in it."""
        focused = document.activeElement
        cell = focused.closest("table.sheet [data-testid]") if focused else None
        testid = cell.dataset.testid if cell else None
        self.redrawn = self.redraw("table.sheet", sheet_html(view.sheet, view.lang, chances=False))
        self.chances(view)
        if not self.redrawn:
            return
        again = document.querySelector(f'[data-testid="{testid}"] button') if testid else None
        if again:
            again.focus()
        current = next((str(i) for i, c in enumerate(view.sheet.columns) if c.current), "")
        if current != self.current_column:
            self.current_column = current
            window.requestAnimationFrame(create_once_callable(lambda _: show_current_column()))

    def chances(self, view: View) -> None:
        """Each player's chance beside their total: only its place changes, never the
        sheet around it (a tap on a box is never lost to a redraw)."""
        if not view.sheet.chances:
            return
        for player, column in enumerate(view.sheet.columns):
            shown = by_testid(f"win-chance-{player}")
            value = "" if column.chance is None else f"{column.chance:.4f}"
            if shown.dataset.chance != value or self.redrawn:
                shown.innerHTML = chance_inner(column)
                shown.dataset.chance = value

    def confirm(self, view: View) -> None:
        dialog = find("#confirm-dialog")
        if view.confirm is None:
            self.dialogs.close("confirm-dialog")
            return
        find("#confirm-text").textContent = view.confirm.question
        find("#confirm-title").textContent = view.confirm.title
        by_testid("confirm").textContent = view.confirm.yes
        if not dialog.open:  # "Go back" has the focus: Enter twice never scores a zero
            self.dialogs.open("confirm-dialog", '[data-testid="cancel"]')

    def game_over(self, view: View) -> None:
        result, finale = view.result, view.finale
        html = "" if finale is None else game_over_html(finale, view.lang, view.linked, view.luck)
        if self.redraw("#game-over-slot", html) and finale is not None:
            if self.counted != repr(finale):  # once a game, not at every redraw
                self.counted = repr(finale)
                self.count_up(find("#game-over-slot .count-up"))
            grand = document.querySelector("table.sheet tfoot")
            if grand:  # a phone's sheet scrolls to the totals the panel stands beside
                grand.scrollIntoView(
                    to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries)
                )
        rival = by_testid("rival")
        rival.textContent = view.rival
        rival.hidden = not view.rival
        title = by_testid("game-title")
        title.textContent = view.linked.title
        title.hidden = not view.linked.title or result is not None
        by_testid("notice").textContent = view.linked.notice or view.notice
        by_testid("storage-actions").hidden = not view.can_free
        offer = view.linked.offer
        if offer is not None:
            html = offer_html(offer, view.lang, view.linked.notice)
            by_testid("challenge-offer").innerHTML = html
            self.dialogs.open("challenge-dialog", "[data-testid=accept-challenge]")
        else:
            self.dialogs.close("challenge-dialog")

    def count_up(self, element: Element) -> None:
        """The game-over total counts up from 0 (shown at once where motion is reduced)."""
        target = int(element.dataset.count)
        if self.reduced_motion or target <= 0:
            return
        start = window.performance.now()

        def frame(now: float) -> None:
            share = min(1.0, (now - start) / COUNT_MS)
            element.textContent = str(round(target * share * (2 - share)))  # eases out
            if share < 1:
                window.requestAnimationFrame(create_once_callable(frame))

        element.textContent = "0"
        window.requestAnimationFrame(create_once_callable(frame))

    def guide(self, view: View) -> None:
        """The first game's guide: the step, what to do, and Skip (or, last, Got it)."""
        guide = view.guide
        panel = by_testid("guide")
        panel.hidden = guide is None
        document.documentElement.dataset.guide = "on" if guide is not None else "off"
        if guide is not None:
            by_testid("guide-step").textContent = guide.heading
            by_testid("guide-line").textContent = guide.line
            by_testid("guide-done").hidden = not guide.done
            panel.dataset.step = str(guide.step)

    def celebration(self, view: View) -> None:
        """A Kismet, an extra Kismet, a bonus tier or a new best is shown big for a moment,
        and heard and felt when the player chose sound and vibration."""
        banner = by_testid("celebrate")
        if view.celebrate and banner.hidden:
            banner.textContent = view.celebrate
            banner.hidden = False
            if view.settings.sound:
                fanfare()
        elif not view.celebrate:
            banner.hidden = True

    def hint(self, view: View) -> None:
        panel = by_testid("hint-panel")
        panel.hidden = view.hint is None
        fill_list(find('[data-testid="hint-panel"] ol'), view.hint or ())
        by_testid("hint-note").textContent = view.hint_note


def show_current_column() -> None:
    """Many players: bring the column of the player to move into sight (measured once the
    page is laid out, so the redraw never waits for it)."""
    head = document.querySelector("table.sheet thead th.current")
    if head:
        scroller = find(".sheet-scroll")
        if head.offsetLeft + head.offsetWidth > scroller.scrollLeft + scroller.clientWidth:
            scroller.scrollLeft = head.offsetLeft + head.offsetWidth - scroller.clientWidth
        elif head.offsetLeft < scroller.scrollLeft:
            scroller.scrollLeft = max(0, head.offsetLeft - 120)


def fanfare() -> None:
    """Three rising notes and a short buzz (where the device can)."""
    try:
        audio = window.AudioContext.new()
        for step, pitch in enumerate((523.25, 659.25, 783.99)):
            tone = audio.createOscillator()
            gain = audio.createGain()
            tone.frequency.value = pitch
            gain.gain.value = 0.12
            tone.connect(gain)
            gain.connect(audio.destination)
            start = audio.currentTime + step * 0.12
            tone.start(start)
            tone.stop(start + 0.18)
        window.navigator.vibrate(180)
    except Exception:  # no sound or vibration here: the banner says it all
        return
