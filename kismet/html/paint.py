"""Painting a ``View`` as data: the changes the page needs, in order, as a list of ops.

``Painter.paint(view)`` decides every change to the page a view asks for, and what is left
alone because it already shows it; the page only carries them out
(``static/paint.js``'s ``Kismet.apply``, one call for a whole paint). So what the page
shows is decided here and tested in CPython, and the ops are plain JSON: the same list
can be made anywhere Python runs and sent to the page (a worker, one day).

An op is a tuple: its name, the CSS selector of the element it changes (None for the
page as a whole), then its arguments. What each name does is ``static/paint.js``'s:

- ``text``, ``html``, ``hidden``, ``disabled``: that property, set to the value;
- ``attr`` (name, value), ``data`` (key, value), ``class`` (name, on);
- ``value``: a field's value, unless the player is typing in it (it has the focus);
- ``list``: the element's items become one ``<li>`` per line (text, never HTML);
- ``open`` (the element to focus, or None), ``close``, ``focus-back``: a modal dialog, and
  focus given back where it was when the dialog opened; ``focus``: the element takes it;
- ``sheet``: the sheet's HTML, keeping the keyboard's place in it;
- ``scroll``: bring the element into sight, if the page has it;
- ``count`` (milliseconds): the number in the element counts up to its ``data-count``;
- ``column``: bring the current player's column into sight, once the page is laid out;
- ``fanfare``: three notes and a buzz, where the device can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kismet.app.base.printing import Printed
from kismet.text import text

from .by_link import by_link_ops
from .ops import Op, of_testid
from .page import OVER_BODY, game_over_parts, high_scores_html, offer_html
from .sheet import chance_inner, sheet_html

if TYPE_CHECKING:
    from kismet.app.keeping.safekeeping import KeepingView
    from kismet.app.screen.view import View


COUNT_MS = 900
"""How long the game-over total takes to count up."""

ROOT = ":root"
SHEET = "table.sheet"
GAME_OVER = "#game-over-slot"
ROLL_ANIMATIONS = ("roll-a", "roll-b")
"""Two names for the dice's tumble, taken in turn: a die rolled twice running is given the
other one, so its animation starts again."""

SWITCHES = ("shapes", "coach", "sound", "chances", "handover")
"""The settings shown as pressed buttons, by their ``data-testid``."""


def opened(dialog: str, focus: str | None = None) -> Op:
    """The op that opens the dialog of that id, giving ``focus`` the focus."""
    return ("open", f"#{dialog}", focus)


def storage_line(keeping: KeepingView, lang: str) -> str:
    """The settings' line: where the player's data stands, and what to do about it."""
    if keeping.kept.persisted:
        key = "keep.persisted"
    elif keeping.kept.clears_unvisited:
        key = "keep.safari"
    else:
        key = "keep.may_clear"
    games, site = byte_size(keeping.games_bytes), keeping.kept.site_bytes
    if site is None:
        size = text("keep.size_site_unknown", lang, games=games)
    else:
        size = text("keep.size_site", lang, games=games, site=byte_size(site))
    return f"{text(key, lang)} {size}"


def byte_size(count: int) -> str:
    """A number of bytes as a person reads it (KB, MB)."""
    if count < 1_000_000:
        return f"{max(1, round(count / 1000))} KB"
    return f"{count / 1_000_000:.1f} MB"


def keeping_ops(keeping: KeepingView, lang: str) -> list[Op]:
    """The settings' line on the storage, the reminder to back up, the word after a wipe;
    and the browser asked to keep the storage for good, when it is time."""
    kept, line = of_testid("storage-kept"), storage_line(keeping, lang)
    ops: list[Op] = [
        ("text", kept, line),
        ("text", of_testid("backup-kept"), line),
        ("data", kept, "persisted", true_false(keeping.kept.persisted)),
        ("hidden", of_testid("backup-reminder"), not keeping.reminder),
        ("hidden", of_testid("wiped"), not keeping.wiped),
    ]
    if keeping.ask_persist:
        ops.append(("persist", None))
    return ops


def on_off(on: bool) -> str:
    return "on" if on else "off"


def true_false(on: bool) -> str:
    return "true" if on else "false"


class Painter:
    """Makes the ops of each view; remembers what it wrote, so that an unchanged part is
    not written again (a redraw of the sheet would lose a tap or the keyboard's place)."""

    def __init__(self, *, reduced_motion: bool = False, address: str = "") -> None:
        self.reduced_motion, self.address = reduced_motion, address
        """Less motion asked for: no tumble, no counting up; the page's address (a link's)."""
        self.painted: dict[str, str] = {}
        """The HTML last written into each part of the page."""
        self.current_column = ""
        self.counted = ""
        """The game-over panel whose total last counted up (once a game)."""
        self.roll_animation = 0
        """Which of ``ROLL_ANIMATIONS`` the dice last tumbled with."""
        self.celebrating = False
        """The banner is up (it stays, with its words, until the view has nothing to say)."""
        self.chances_shown: dict[int, str] = {}
        """Each player's chance as last written beside their total."""
        self.ops: list[Op] = []

    def forget(self) -> None:
        """The page did not carry out the last ops (they painted a move another tab
        overtook): the next paint writes every part again."""
        self.painted, self.chances_shown, self.current_column = {}, {}, ""

    def paint(self, view: View) -> list[Op]:
        """The ops that make the page show ``view``."""
        self.ops = []
        add = self.ops.append
        for key, value in (
            ("mode", view.mode.value),
            ("shapes", on_off(view.settings.shapes)),
            ("over", true_false(view.result is not None)),
            ("sheet", view.layout),
        ):
            add(("data", ROOT, key, value))
        see_all = of_testid("see-all")
        add(("hidden", see_all, not view.can_see_all))
        add(("attr", see_all, "aria-pressed", true_false(view.layout == "table")))
        add(("attr", of_testid("mode"), "aria-pressed", true_false(view.mode.value == "sheet")))
        for name in SWITCHES:
            add(("attr", of_testid(name), "aria-pressed", true_false(getattr(view.settings, name))))
        games = of_testid("games")
        add(("hidden", games, not view.aside))
        add(("text", games, f"{text('app.games', view.lang)} ({len(view.aside)})"))
        add(("hidden", "label.coach-margin", not view.settings.coach))
        add(("value", of_testid("coach-margin"), f"{view.settings.coach_margin:g}"))
        self.dice(view)
        roll = of_testid("roll")
        add(("disabled", roll, not view.board.can_roll))
        add(("hidden", roll, not view.board.show_roll))
        add(("text", of_testid("rolls-left"), view.board.roll_label))
        add(("disabled", of_testid("hint"), not view.board.can_hint))
        add(("hidden", of_testid("undo"), not view.can_undo))
        add(("hidden", of_testid("skip"), not view.board.show_skip))
        self.entry(view)
        add(("data", "body", "print", Printed.GAME.value))  # the browser's Print prints it
        add(("text", of_testid("print-date"), text("print.date", view.lang, date=view.print_date)))
        add(("text", of_testid("current-player"), view.board.turn_line))
        add(("data", ".board", "handoff", true_false(view.board.handoff)))
        self.handover(view)
        self.celebration(view)
        self.guide(view)
        status = of_testid("status")
        add(("text", status, view.status))
        add(("class", status, "quiet", view.status_quiet))
        self.sheet(view)
        self.confirm(view)
        self.game_over(view)
        self.redraw("#high-scores", high_scores_html(view.high_scores, view.lang))
        self.hint(view)
        self.ops += by_link_ops(view.by_link, self.address, view.lang)
        self.ops += keeping_ops(view.keeping, view.lang)
        return self.ops

    def redraw(self, selector: str, html: str, op: str = "html") -> bool:
        """Write ``html`` into the element, unless it already shows it; True if written.
        (``op``: how, "html" or, for the sheet, "sheet", which keeps the keyboard's place.)"""
        if self.painted.get(selector) == html:
            return False
        self.painted[selector] = html
        self.ops.append((op, selector, html))
        return True

    def redrawn_ops(self, selector: str, html: str) -> list[Op]:
        """The ops of ``redraw`` alone (a dialog's part, outside a paint)."""
        self.ops = []
        self.redraw(selector, html)
        return self.ops

    def dice(self, view: View) -> None:
        add = self.ops.append
        if any(die.rolled for die in view.board.dice):
            self.roll_animation = 1 - self.roll_animation
        animation = ROLL_ANIMATIONS[self.roll_animation]
        add(("data", of_testid("dice"), "kept", on_off(view.board.dice_kept)))
        for i, die in enumerate(view.board.dice):
            button = of_testid(f"die-{i}")
            add(("data", button, "face", "" if die.face is None else str(die.face)))
            add(("attr", button, "aria-pressed", true_false(die.held)))
            add(("attr", button, "aria-label", die.label))
            add(("disabled", button, not view.board.can_hold))
            for name in ROLL_ANIMATIONS:
                add(("class", button, name, name == animation and self.tumbles(die.rolled)))
            add(("class", button, "hinted", die.hinted))

    def tumbles(self, rolled: bool) -> bool:
        return rolled and not self.reduced_motion

    def entry(self, view: View) -> None:
        add = self.ops.append
        add(("disabled", of_testid("entry-faces"), not view.board.can_enter))
        add(("disabled", of_testid("enter-roll"), not view.board.can_enter))
        add(("text", of_testid("rolls-entered"), view.board.roll_label))
        add(("text", of_testid("entry-note"), view.board.entry_note))
        add(("value", of_testid("entry-faces"), view.board.entry_text))

    def sheet(self, view: View) -> None:
        """Redraw the sheet (the page keeps the keyboard's place in it), then the chances."""
        # The legend of J and the dotted zero, only once the sheet holds one of them.
        self.ops.append(("hidden", of_testid("legend"), not view.sheet.marked))
        html = sheet_html(view.sheet, view.lang, chances=False)
        redrawn = self.redraw(SHEET, html, "sheet")
        if redrawn:
            self.chances_shown = {}  # the new sheet's chances are empty
        self.chances(view)
        if not redrawn:
            return
        current = next((str(i) for i, c in enumerate(view.sheet.columns) if c.current), "")
        if current != self.current_column:
            self.current_column = current
            self.ops.append(("column", None))

    def chances(self, view: View) -> None:
        """Each player's chance beside their total: only its place changes, never the
        sheet around it (a tap on a box is never lost to a redraw)."""
        if not view.sheet.chances:
            return
        for player, column in enumerate(view.sheet.columns):
            value = "" if column.chance is None else f"{column.chance:.4f}"
            if self.chances_shown.get(player) != value:
                self.chances_shown[player] = value
                shown = of_testid(f"win-chance-{player}")
                self.ops.append(("html", shown, chance_inner(column)))
                self.ops.append(("data", shown, "chance", value))

    def confirm(self, view: View) -> None:
        add = self.ops.append
        if view.confirm is None:
            add(("close", "#confirm-dialog"))
            return
        add(("text", "#confirm-text", view.confirm.question))
        add(("text", "#confirm-title", view.confirm.title))
        add(("text", of_testid("confirm"), view.confirm.yes))
        # "Go back" has the focus: Enter twice never scores a zero.
        add(("open", "#confirm-dialog", of_testid("cancel")))

    def game_over(self, view: View) -> None:
        add = self.ops.append
        result, finale = view.result, view.finale
        shell, body = (
            ("", "")
            if finale is None
            else game_over_parts(finale, view.lang, view.linked, view.luck)
        )
        redrawn = self.redraw(GAME_OVER, shell)
        if redrawn:  # a new panel: its body is empty
            self.painted.pop(f"#{OVER_BODY}", None)
        if finale is not None:
            self.redraw(f"#{OVER_BODY}", body)
        if redrawn and finale is not None:
            if self.counted != repr(finale):  # once a game, not at every redraw
                self.counted = repr(finale)
                if not self.reduced_motion:
                    add(("count", f"{GAME_OVER} .count-up", COUNT_MS))
            add(("scroll", f"{SHEET} tfoot", "nearest"))  # a phone's sheet: the totals
        rival = of_testid("rival")
        add(("text", rival, view.rival))
        add(("hidden", rival, not view.rival))
        title = of_testid("game-title")
        add(("text", title, view.linked.title))
        add(("hidden", title, not view.linked.title or result is not None))
        add(("text", of_testid("notice"), view.linked.notice or view.notice))
        add(("hidden", of_testid("storage-actions"), not view.can_free))
        offer = view.linked.offer
        if offer is None:
            add(("close", "#challenge-dialog"))
            return
        add(
            ("html", of_testid("challenge-offer"), offer_html(offer, view.lang, view.linked.notice))
        )
        add(("open", "#challenge-dialog", "[data-testid=accept-challenge]"))

    def guide(self, view: View) -> None:
        """The first game's guide: the step, what to do, and Skip."""
        add = self.ops.append
        guide = view.guide
        panel = of_testid("guide")
        add(("hidden", panel, guide is None))
        add(("data", ROOT, "guide", on_off(guide is not None)))
        if guide is not None:
            add(("text", of_testid("guide-step"), guide.heading))
            add(("text", of_testid("guide-line"), guide.line))
            add(("data", panel, "step", str(guide.step)))

    def celebration(self, view: View) -> None:
        """A Kismet, an extra Kismet, a bonus tier or a new best is shown big for a moment,
        and heard and felt when the player chose sound and vibration."""
        banner = of_testid("celebrate")
        if view.celebrate and not self.celebrating:
            self.ops.append(("text", banner, view.celebrate))
            self.ops.append(("hidden", banner, False))
            if view.settings.sound:
                self.ops.append(("fanfare", None))
        elif not view.celebrate:
            self.ops.append(("hidden", banner, True))
        self.celebrating = bool(view.celebrate)

    def handover(self, view: View) -> None:
        """The next person's moment, until they roll: their name (the turn line, lit up),
        their total, and that the device goes to them (a setting; off: a brief flash)."""
        on = view.board.handoff and view.settings.handover
        self.ops.append(("data", ".board", "handover", on_off(on)))
        line = of_testid("handover-line")
        self.ops.append(("hidden", line, not on))
        mover = next((c for c in view.sheet.columns if c.current), None)
        if on and mover is not None:
            points = 0 if mover.totals is None else mover.totals.grand
            words = text("handover.line", view.lang, name=mover.name, points=points)
            self.ops.append(("text", line, words))

    def hint(self, view: View) -> None:
        panel = of_testid("hint-panel")
        self.ops.append(("hidden", panel, view.hint is None))
        self.ops.append(("list", f"{panel} ol", tuple(view.hint or ())))
        self.ops.append(("data", panel, "both", on_off(view.hint_both)))
        self.ops.append(("text", of_testid("hint-note"), view.hint_note))
