"""Browser glue: binds the page to ``kismet.app.session.Session`` and paints its ``View``.

Data flows one way: a DOM event -> one call on the session -> ``render()`` of the new view.
This file decides nothing about the game: anything that needs an ``if`` about the rules or
the session belongs in ``kismet/``. Text typed by players reaches the page only through
``textContent``, input values, or HTML that ``kismet.html`` escaped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from kismet.app.daily import parse_day
from kismet.app.keys import Key, shortcut
from kismet.app.roster import Edit, Roster
from kismet.app.session import Session
from kismet.app.storage import STAMP_KEY, StorageFull, StorageUnavailable
from kismet.app.view import View
from kismet.html.page import (
    PAGES,
    compare_html,
    dailies_html,
    game_over_html,
    high_scores_html,
    offer_html,
    paused_html,
    review_html,
    roster_html,
)
from kismet.html.sheet import blank_sheet_html, sheet_html
from kismet.html.stats import PERFECT_PATH, Perfect, player_options, stats_html
from kismet.rules import Category
from kismet.text import DEFAULT_LANGUAGE, LANGUAGES, text

if TYPE_CHECKING:
    from dom import Element, Event, EventTarget
    from dom import Storage as DOMStorage


class LocalStorage:
    """``kismet.app.storage.Storage`` over the browser's ``localStorage`` (or, with
    ``session=True``, this tab's ``sessionStorage``)."""

    def __init__(self, *, session: bool = False) -> None:
        self.store: DOMStorage | None
        try:
            self.store = window.sessionStorage if session else window.localStorage
            self.store.getItem("kismet:v1:probe")
        except Exception:  # disabled storage throws on access
            self.store = None

    def get(self, key: str) -> str | None:
        if self.store is None:
            raise StorageUnavailable()
        try:
            value = self.store.getItem(key)
        except Exception:
            raise StorageUnavailable() from None
        # A missing key is JavaScript's null, which is not None in Pyodide: keep only text.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        if self.store is None:
            raise StorageUnavailable()
        try:
            self.store.setItem(key, value)
        except Exception as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull() from None
            raise StorageUnavailable() from None

    def remove(self, key: str) -> None:
        if self.store is None:
            raise StorageUnavailable()
        try:
            self.store.removeItem(key)
        except Exception:
            raise StorageUnavailable() from None

    def keys(self) -> list[str]:
        if self.store is None:
            raise StorageUnavailable()
        try:
            found = [self.store.key(i) for i in range(int(self.store.length))]
        except Exception:
            raise StorageUnavailable() from None
        return [key for key in found if isinstance(key, str)]


def url_seed() -> int | None:
    """``?seed=N`` in the address makes every new game's dice reproducible."""
    # The browser's own URLSearchParams: importing urllib.parse costs ~70 ms at start-up.
    value = window.URLSearchParams.new(window.location.search).get("seed")
    try:
        return int(value) if isinstance(value, str) else None
    except ValueError:
        return None


# A DOM lookup that finds nothing gives JavaScript's null, which Pyodide hands over as a
# false-y JsNull, not None: so every test of a looked-up element here is by truth value.


def find(selector: str, inside: Element | None = None) -> Element:
    """The element for a selector (in ``inside``, else the page), which is always there."""
    found = (inside or document).querySelector(selector)
    if not found:
        raise LookupError(f"The page has no {selector}")
    return found


def by_testid(testid: str) -> Element:
    return find(f'[data-testid="{testid}"]')


SWITCHED = "kismet:switched"
"""Marks, for the page loaded next in this tab, that the player only changed language."""


def just_switched() -> bool:
    """Whether this page was loaded by a change of language (and forget it)."""
    try:
        switched = window.sessionStorage.getItem(SWITCHED) == "1"
        window.sessionStorage.removeItem(SWITCHED)
    except Exception:
        return False
    return switched


# The page was built for one language (index.html, index.ko.html): the session speaks it too.
page_lang = str(document.documentElement.lang)
session = Session(
    LocalStorage(),
    seed=url_seed(),
    lang=page_lang if page_lang in LANGUAGES else DEFAULT_LANGUAGE,
    greet=not just_switched(),
    spare=LocalStorage(session=True),
)
reduced_motion = window.matchMedia("(prefers-reduced-motion: reduce)").matches
roll_animation = ["roll-a", "roll-b"]


def pressed(element: Element, on: bool) -> None:
    element.setAttribute("aria-pressed", "true" if on else "false")


# ------------------------------------------------------------------ painting


def render() -> None:
    """Paint the session's view, then start what it waits for (a computer, the table)."""
    view = session.view()
    paint(view)
    if view.wants_table:
        with_table(render, retry=False)
    elif view.computer_delay is not None:
        schedule_computer(view.computer_delay)
    elif view.linked.thinking:
        schedule_perfect()


def paint(view: View) -> None:
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
    games = by_testid("games")
    games.hidden = not view.paused
    games.textContent = f"{text('app.games', view.lang)} ({len(view.paused)})"
    margin = by_testid("coach-margin")
    if margin.parentElement:
        margin.parentElement.hidden = not view.settings.coach
    margin.value = f"{view.settings.coach_margin:g}"
    paint_dice(view)
    roll = by_testid("roll")
    roll.disabled = not view.can_roll
    roll.hidden = not view.show_roll
    by_testid("rolls-left").textContent = view.roll_label
    by_testid("hint").disabled = not view.can_hint
    by_testid("undo").hidden = not view.can_undo
    by_testid("skip").hidden = not view.show_skip
    paint_entry(view)
    document.body.dataset.print = "game"  # the browser's own Print prints this game
    by_testid("print-date").textContent = text("print.date", view.lang, date=view.print_date)
    by_testid("current-player").textContent = view.turn_line
    find(".board").dataset.handoff = "true" if view.handoff else "false"
    paint_celebration(view)
    paint_guide(view)
    status = by_testid("status")
    status.textContent = view.status
    status.classList.toggle("quiet", view.status_quiet)
    paint_sheet(view)
    paint_confirm(view)
    paint_game_over(view)
    paint_high_scores(view)
    paint_hint(view)


def paint_dice(view: View) -> None:
    if any(die.rolled for die in view.dice):
        roll_animation.reverse()
    for i, die in enumerate(view.dice):
        button = by_testid(f"die-{i}")
        button.dataset.face = "" if die.face is None else str(die.face)
        pressed(button, die.held)
        button.setAttribute("aria-label", die.label)
        button.disabled = not view.can_hold
        button.classList.remove(*roll_animation)
        if die.rolled and not reduced_motion:
            button.classList.add(roll_animation[0])
        button.classList.toggle("hinted", die.hinted)


def paint_entry(view: View) -> None:
    field = by_testid("entry-faces")
    field.disabled = not view.can_enter
    by_testid("enter-roll").disabled = not view.can_enter
    by_testid("rolls-entered").textContent = view.roll_label
    by_testid("entry-note").textContent = view.entry_note
    if document.activeElement != field:
        field.value = view.entry_text


painted: dict[str, str] = {}
"""The HTML last written into each part of the page: an unchanged part is not redrawn."""


def redraw(selector: str, html: str) -> bool:
    """Write ``html`` into the element, unless it already shows it; True if it was written."""
    if painted.get(selector) == html:
        return False
    find(selector).innerHTML = painted[selector] = html
    return True


def paint_sheet(view: View) -> None:
    """Redraw the sheet, keeping the keyboard's place in it."""
    focused = document.activeElement
    cell = focused.closest("table.sheet [data-testid]") if focused else None
    testid = cell.dataset.testid if cell else None
    if not redraw("table.sheet", sheet_html(view.sheet, view.lang)):
        return
    again = document.querySelector(f'[data-testid="{testid}"] button') if testid else None
    if again:
        again.focus()
    current = next((str(i) for i, c in enumerate(view.sheet.columns) if c.current), "")
    if current != painted.get("current"):
        painted["current"] = current
        window.requestAnimationFrame(create_once_callable(lambda _: show_current_column()))


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


def paint_confirm(view: View) -> None:
    dialog = find("#confirm-dialog")
    if view.confirm is None:
        close_dialog("confirm-dialog")
        return
    find("#confirm-text").textContent = view.confirm.question
    find("#confirm-title").textContent = view.confirm.title
    by_testid("confirm").textContent = view.confirm.yes
    if not dialog.open:  # "Go back" has the focus: Enter twice never scores a zero
        open_dialog("confirm-dialog", '[data-testid="cancel"]')


def paint_game_over(view: View) -> None:
    result, finale = view.result, view.finale
    html = "" if finale is None else game_over_html(finale, view.lang, view.linked, view.luck)
    if redraw("#game-over-slot", html) and finale is not None:
        if painted.get("counted") != repr(finale):  # once a game, not at every redraw
            painted["counted"] = repr(finale)
            count_up(find("#game-over-slot .count-up"))
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
    notice = view.linked.notice or view.notice
    by_testid("notice").textContent = notice
    by_testid("storage-actions").hidden = not view.can_free
    offer = view.linked.offer
    if offer is not None:
        by_testid("challenge-offer").innerHTML = offer_html(offer, view.lang, view.linked.notice)
        open_dialog("challenge-dialog", "[data-testid=accept-challenge]")
    else:
        close_dialog("challenge-dialog")


COUNT_MS = 900
"""How long the game-over total takes to count up."""


def count_up(element: Element) -> None:
    """The game-over total counts up from 0 (shown at once where motion is reduced)."""
    target = int(element.dataset.count)
    if reduced_motion or target <= 0:
        return
    start = window.performance.now()

    def frame(now: float) -> None:
        share = min(1.0, (now - start) / COUNT_MS)
        element.textContent = str(round(target * share * (2 - share)))  # eases out
        if share < 1:
            window.requestAnimationFrame(create_once_callable(frame))

    element.textContent = "0"
    window.requestAnimationFrame(create_once_callable(frame))


def paint_guide(view: View) -> None:
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


def paint_celebration(view: View) -> None:
    """A Kismet or an extra Kismet is shown big for a moment, and heard and felt when the
    player chose sound and vibration."""
    banner = by_testid("celebrate")
    if view.celebrate and banner.hidden:
        banner.textContent = view.celebrate
        banner.hidden = False
        if view.settings.sound:
            fanfare()
    elif not view.celebrate:
        banner.hidden = True


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


def paint_high_scores(view: View) -> None:
    redraw("#high-scores", high_scores_html(view.high_scores, view.lang))


def paint_hint(view: View) -> None:
    panel = by_testid("hint-panel")
    panel.hidden = view.hint is None
    fill_list(find('[data-testid="hint-panel"] ol'), view.hint or ())
    by_testid("hint-note").textContent = view.hint_note


def fill_list(listing: Element, lines: tuple[str, ...] | list[str]) -> None:
    items = []
    for line in lines:
        item = document.createElement("li")
        item.textContent = line
        items.append(item)
    listing.replaceChildren(*items)


# ------------------------------------------------------ the strategy table

table: dict[str, asyncio.Future[None] | None] = {"task": None}


async def fetch_table() -> None:
    """Fetch the strategy table the first time a feature needs it (hint, coach, computer,
    review); the service worker then keeps it for offline play."""
    from kismet.advice.strategy import TABLE_PATH, Advisor  # loaded with the table

    # The browser's fetch, not pyodide.http's pyfetch: that one imports urllib.parse and
    # ipaddress, which are not in the core standard library (static/stdlib_rest.py).
    response = await window.fetch(TABLE_PATH)
    if not response.ok:
        raise RuntimeError(f"The strategy table could not be loaded ({response.status})")
    session.attach(Advisor.from_bytes((await response.arrayBuffer()).to_bytes()))


def with_table(then: Callable[[], None], *, retry: bool = True) -> None:
    """Run ``then`` once the table is loaded (at once if it already is). A failed fetch is
    said, and tried again only when the player asks (``retry``)."""
    if session.has_advisor:
        then()
        return
    task = table["task"]
    if task is not None and task.done() and task.exception() is not None:
        if not retry:
            return
        task = None
    by_testid("status").textContent = text("app.loading_table", session.lang)
    if task is None:
        task = table["task"] = asyncio.ensure_future(fetch_table())
        task.add_done_callback(lambda done: table_arrived(done, then))


RETRIES = 3
"""Fetches of the table tried again, 2 s apart, when one fails while the browser says it
is online (just after coming back online, the network may not carry requests yet)."""

retries = {"left": RETRIES}


def table_arrived(task: asyncio.Future[None], then: Callable[[], None]) -> None:
    if task.exception() is not None:
        session.table_missing()
        render()
        by_testid("status").textContent = text("app.table_failed", session.lang)
        if window.navigator.onLine and retries["left"] > 0:
            retries["left"] -= 1
            window.setTimeout(create_once_callable(fetch_again), 2000)
        return
    then()


def fetch_again() -> None:
    # A fetch of the table that failed is tried afresh by what needs it.
    task = table["task"]
    if task is not None and task.done() and task.exception() is not None:
        table["task"] = None
    session.table_missing(False)
    render()


def on_online(event: Event) -> None:
    retries["left"] = RETRIES
    fetch_again()


# ---------------------------------------------------------------- Perfect

thinking = {"waiting": False}


def schedule_perfect() -> None:
    """Perfect plays the same dice a turn at a time, between the page's own work."""
    if not thinking["waiting"]:
        thinking["waiting"] = True
        window.setTimeout(create_once_callable(perfect_turn), 0)


def perfect_turn() -> None:
    thinking["waiting"] = False
    session.perfect_turn()
    render()


# ---------------------------------------------------------------- computers

timer: dict[str, int | None] = {"id": None, "delay": None}
"""The computer's next step, while one is scheduled: its timeout and its delay."""


def schedule_computer(delay: int) -> None:
    """Play the computer's next step after the session's pause (once at a time); a shorter
    pause than the one waiting (Skip pressed during the grace to undo) replaces it."""
    waiting = timer["delay"]
    if waiting is not None:
        if delay >= waiting or timer["id"] is None:
            return
        window.clearTimeout(timer["id"])
    timer["delay"] = delay
    timer["id"] = window.setTimeout(step_proxy, delay)


def computer_step() -> None:
    timer["id"] = timer["delay"] = None
    session.computer_step()
    render()


step_proxy = create_proxy(computer_step)
"""One proxy for every scheduled step (a cancelled timeout then leaks nothing)."""


# ------------------------------------------------------------------ dialogs

returning: dict[str, Element | None] = {}


def open_dialog(dialog_id: str, focus: str | None = None) -> None:
    """Open a modal dialog (the browser keeps focus inside it); on closing, focus goes back
    to where it was."""
    dialog = find(f"#{dialog_id}")
    if dialog.open:
        return
    returning[dialog_id] = document.activeElement
    dialog.showModal()
    if focus:
        find(focus).focus()


def give_focus_back(dialog: Element) -> None:
    previous = returning.pop(str(dialog.id), None)
    if previous and previous.isConnected and not previous.closest("dialog"):
        previous.focus()
    active = document.activeElement
    if active and dialog.contains(active):
        active.blur()  # nothing to return to: at least leave the dialog


def close_dialog(dialog_id: str) -> None:
    dialog = find(f"#{dialog_id}")
    if dialog.open:
        give_focus_back(dialog)  # before closing, so no key lands in a closed dialog
        dialog.close()


def read_roster() -> Roster:
    rows = list(document.querySelectorAll("#player-list li"))
    names = [str(find("input", row).value) for row in rows]
    seats = [str(find("select", row).value) for row in rows]
    return Roster.of(names, seats)


def show_roster(roster: Roster) -> None:
    find("#player-list").innerHTML = roster_html(roster, session.lang)
    by_testid("add-player").disabled = roster.full


def open_new_game() -> None:
    show_roster(session.roster())
    open_dialog("new-game-dialog", '[data-testid="player-name-0"]')


def edit_roster(edit: Edit, target: Element) -> None:
    index = int(target.getAttribute("data-index") or 0)
    roster = read_roster().edit(edit, index, session.lang)
    show_roster(roster)
    by_testid(f"player-name-{len(roster.names) - 1}").focus()


def show_review() -> None:
    review = session.review()
    by_testid("review").innerHTML = review_html(review, session.lang) if review else ""
    open_dialog("review-dialog", "#review-title")


def show_games() -> None:
    by_testid("games-list").innerHTML = paused_html(session.view().paused, session.lang)
    open_dialog("games-dialog", "#games-title")


def resume(target: Element) -> None:
    close_dialog("games-dialog")
    session.resume(str(target.getAttribute("data-id")))


def show_dailies() -> None:
    by_testid("daily-list").innerHTML = dailies_html(session.dailies(today()), session.lang)
    open_dialog("daily-dialog", "#daily-title")


def today() -> date:
    """The local calendar date (the daily game's seed), not the date in UTC."""
    return date.fromisoformat(str(window.Date.new().toLocaleDateString("en-CA")))


def play_daily(target: Element) -> None:
    close_dialog("daily-dialog")
    session.play_daily(parse_day(str(target.getAttribute("data-day"))))


def open_link() -> None:
    """A challenge link (``#c=...``) in the address: replayed, then offered or refused."""
    hash_ = str(window.location.hash)
    if hash_.startswith("#c="):
        session.open_link(hash_[3:])
        window.history.replaceState(
            None, "", str(window.location.pathname) + str(window.location.search)
        )


def on_hash(event: Event) -> None:
    open_link()
    render()


def on_storage(event: Event) -> None:
    # Another tab of the site wrote: its last write of any kind changes the stamp. A key
    # that is JavaScript's null (not None in Pyodide) means the whole storage was cleared.
    if event.key == STAMP_KEY or not isinstance(event.key, str):
        session.sync()
        render()


def show_share() -> None:
    share = session.view().linked.share
    if share is None:
        return
    link = f"{window.location.origin}{window.location.pathname}#c={share.code}"
    by_testid("share-text").textContent = share.text
    by_testid("share-link").value = link
    by_testid("share-done").textContent = ""
    by_testid("send-share").hidden = not bool(getattr(window.navigator, "share", None))
    open_dialog("share-dialog", "#share-title")


def share_done(key: str) -> None:
    by_testid("share-done").textContent = text(key, session.lang)


def send_share() -> None:
    """The Web Share API where the browser has it (a phone's share sheet)."""
    message, link = by_testid("share-text").textContent, by_testid("share-link").value
    data = window.Object.fromEntries(to_js([["text", message], ["url", link]]))
    promise = window.navigator.share(data)
    promise.then(create_once_callable(lambda _: share_done("share.shared")))


def copy_share() -> None:
    """The line and the link to the clipboard, or selected to copy by hand."""
    field = by_testid("share-link")
    words = f"{by_testid('share-text').textContent} {field.value}"
    try:
        promise = window.navigator.clipboard.writeText(words)
    except Exception:
        copy_by_hand()
        return
    promise.then(
        create_once_callable(lambda _: share_done("share.copied")),
        create_once_callable(lambda _: copy_by_hand()),
    )


def copy_by_hand() -> None:
    by_testid("share-link").select()
    share_done("share.failed")


def show_compare() -> None:
    view = session.view()
    html = compare_html(view.linked.turns, view.lang, view.linked.expected)
    by_testid("compare-table").innerHTML = html
    open_dialog("compare-dialog", "#compare-title")


# -------------------------------------------------------------- statistics

perfect: dict[str, Perfect | asyncio.Future[None] | None] = {"data": None, "task": None}


def show_stats() -> None:
    """The statistics dialog, on the name chosen (or who plays at the table)."""
    paint_stats()
    by_testid("transfer-notice").textContent = ""
    open_dialog("stats-dialog", "#stats-title")
    if perfect["task"] is None:
        perfect["task"] = asyncio.ensure_future(fetch_perfect())


async def fetch_perfect() -> None:
    """Perfect play's figures, for the comparisons (small; the service worker keeps it)."""
    response = await window.fetch(PERFECT_PATH)
    if response.ok:
        perfect["data"] = Perfect.from_dict(json.loads(await response.text()))
        paint_stats()


def paint_stats() -> None:
    progress = session.progress
    names = progress.players()
    choice = by_testid("stats-player").value or None
    chosen = progress.pick(names, choice, session.person())
    stats = progress.stats(chosen.name, chosen.computer) if chosen else None
    data = perfect["data"]
    by_testid("stats-player").innerHTML = player_options(names, chosen, session.lang)
    html = stats_html(stats, data if isinstance(data, Perfect) else None, session.lang)
    redraw("[data-testid=stats-body]", html)


def export_file() -> None:
    """Download the export file (the browser saves it)."""
    exported = session.progress.export(session.table, session.clock())
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([exported.text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, exported.name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
    by_testid("transfer-notice").textContent = text("export.done", session.lang, name=exported.name)


importing: set[asyncio.Future[None]] = set()
"""Imports under way (kept until done, so that none is collected half-way)."""


def print_stats() -> None:
    """Print the statistics (the next paint sets the page back to printing the game)."""
    document.body.dataset.print = "stats"
    window.print()


def on_import_file(event: Event) -> None:
    task = asyncio.ensure_future(import_file(event.target))
    importing.add(task)
    task.add_done_callback(importing.discard)


async def import_file(field: Element) -> None:
    """Read the chosen file and merge it; the dialog and the page say what happened."""
    files = field.files
    chosen = files.item(0) if files is not None and files.length else None
    field.value = ""  # the same file may be chosen again
    if chosen is None:
        return
    try:
        raw = str(await chosen.text())
    except Exception:  # the browser could not read it (moved, unreadable)
        by_testid("transfer-notice").textContent = text("import.read_failed", session.lang)
        return
    session.import_file(raw)
    by_testid("transfer-notice").textContent = session.status
    paint_stats()
    render()


def toggle_menu(open_it: bool | None = None) -> None:
    """The header's menu of the less used actions (a row of buttons on a wide screen)."""
    header = find("header.top")
    shown = header.getAttribute("data-menu") == "open" if open_it is None else not open_it
    header.dataset.menu = "closed" if shown else "open"
    by_testid("menu").setAttribute("aria-expanded", "false" if shown else "true")


def ask_hint() -> None:
    session.ask_hint()
    render()


def toggle_coach() -> None:
    session.change_settings(coach=not session.settings.coach)


# ------------------------------------------------------------------- events

CLICKS: dict[str, Callable[[Element], None]] = {
    "roll": lambda _: session.roll(),
    "hold": lambda target: session.tap_die(int(target.dataset.die)),
    "mode": lambda _: session.toggle_mode(),
    "score": lambda target: session.choose(Category(str(target.dataset.box))),
    "confirm": lambda _: session.confirm(),
    "cancel": lambda _: session.cancel(),
    "play-again": lambda _: session.play_again(),
    "skip": lambda _: session.skip(),
    "coach": lambda _: toggle_coach(),
    "shapes": lambda _: session.change_settings(shapes=not session.settings.shapes),
    "sound": lambda _: session.change_settings(sound=not session.settings.sound),
    "undo": lambda _: session.undo(),
    "menu": lambda _: toggle_menu(),
    "daily": lambda _: show_dailies(),
    "play-daily": play_daily,
    "accept-challenge": lambda _: session.accept_challenge(str(by_testid("challenge-name").value)),
    "guide-end": lambda _: session.change_settings(guide=False),  # Skip, or Got it
    "guide-again": lambda _: guide_again(),
    "dismiss-offer": lambda _: session.dismiss_offer(),
    "share": lambda _: show_share(),
    "send-share": lambda _: send_share(),
    "copy-share": lambda _: copy_share(),
    "compare": lambda _: with_table(show_compare),
    "games": lambda _: show_games(),
    "stats": lambda _: show_stats(),
    "export": lambda _: export_file(),
    "rule": lambda target: session.ui.toggle_rule(Category(str(target.dataset.box))),
    "see-all": lambda _: session.change_settings(whole_sheet=not session.settings.whole_sheet),
    "free-space": lambda _: session.free_space(),
    "import": lambda _: by_testid("import-file").click(),
    "print-stats": lambda _: print_stats(),
    "resume": resume,
    "new-game": lambda _: open_new_game(),
    "hint": lambda _: with_table(ask_hint),
    "review": lambda _: with_table(show_review),
    "print": lambda _: open_dialog("print-dialog", "[data-testid=print-game]"),
    "help": lambda _: open_dialog("help-dialog", "#help-title"),
    "close-dialog": lambda target: close_dialog(str(find_dialog(target).id)),
    Edit.ADD.value: lambda target: edit_roster(Edit.ADD, target),
    Edit.REMOVE.value: lambda target: edit_roster(Edit.REMOVE, target),
    Edit.MOVE_UP.value: lambda target: edit_roster(Edit.MOVE_UP, target),
}
"""What a click on an element with ``data-action`` does; the page is painted again after."""


def guide_again() -> None:
    """The rules' button: the first game's guide runs again, over the game at the table."""
    close_dialog("help-dialog")
    session.change_settings(guide=True)


def find_dialog(element: Element) -> Element:
    dialog = element.closest("dialog")
    if not dialog:
        raise LookupError("The element is not in a dialog")
    return dialog


MENU_STAYS = {"menu", "coach", "shapes", "sound"}
"""Actions after which the menu stays open (a switch, to see it change); any other click
closes it."""


def on_click(event: Event) -> None:
    clicked = event.target
    if clicked.tagName == "DIALOG" and clicked.hasAttribute("data-light-dismiss"):
        # A tap on the backdrop (outside the dialog's box, though the dialog is the target).
        box = clicked.getBoundingClientRect()
        within = box.left <= event.clientX <= box.right and box.top <= event.clientY <= box.bottom
        if not within:
            close_dialog(str(clicked.id))
            return
    target = event.target.closest("[data-action]")
    action_name = str(target.dataset.action) if target else ""
    inside = event.target.closest("header.top")
    if action_name not in MENU_STAYS and not (inside and not target):
        toggle_menu(False)
    if not target or target.disabled:
        return
    action = CLICKS.get(action_name)
    if action is not None:
        action(target)
        render()


def on_confirm_cancel(event: Event) -> None:
    # Escape on the confirmation keeps the turn going, like "Go back".
    session.cancel()
    render()


def on_new_game(event: Event) -> None:
    # The Start button, or Enter in a name field.
    event.preventDefault()
    roster = read_roster()
    close_dialog("new-game-dialog")
    session.start(roster)
    render()


def on_enter_roll(event: Event) -> None:
    event.preventDefault()
    field = by_testid("entry-faces")
    session.enter_roll(str(field.value))
    field.blur()
    render()


def on_type_faces(event: Event) -> None:
    session.type_faces(str(event.target.value))
    render()


def on_print(event: Event) -> None:
    event.preventDefault()
    form = event.target
    what = str(find("input[name=print-what]:checked", form).value)
    close_dialog("print-dialog")
    if what != "game":
        players = int(find("select", form).value)
        blank = blank_sheet_html(players, session.lang, six_games=what == "six")
        by_testid("blank-sheet").innerHTML = blank
        by_testid("print-date").textContent = text("print.date", session.lang, date="_" * 12)
    document.body.dataset.print = "game" if what == "game" else "blank"
    window.print()


def on_coach_margin(event: Event) -> None:
    session.change_settings(coach_margin=float(event.target.value))
    render()


def on_language(event: Event) -> None:
    lang = str(event.target.value)
    session.set_language(lang)
    # Each language has its own page, rendered at build; the game is saved, so load it,
    # without the welcome of a new visit.
    with contextlib.suppress(Exception):  # no session storage: the next page welcomes back
        window.sessionStorage.setItem(SWITCHED, "1")
    window.location.replace(PAGES[lang] + str(window.location.search))


def on_seat_kind(event: Event) -> None:
    # A seat turned into a computer (or back) takes the name the app gives that seat.
    if str(event.target.tagName) == "SELECT":
        show_roster(read_roster().renamed(session.lang))


def typing_in(element: Element) -> bool:
    if str(element.tagName) not in ("INPUT", "SELECT", "TEXTAREA"):
        return False
    return not element.closest("dialog") or bool(element.closest("dialog[open]"))


def move_through_boxes(step: int) -> None:
    """Arrow keys: focus the next (or previous) open box of the sheet."""
    options = list(document.querySelectorAll("table.sheet button.option"))
    if options:
        here = next((i for i, b in enumerate(options) if b == document.activeElement), None)
        options[0 if here is None else (here + step) % len(options)].focus()


def on_key(event: Event) -> None:
    if event.ctrlKey or event.metaKey or event.altKey or typing_in(event.target):
        return
    if document.querySelector("dialog[open]"):
        return  # a dialog handles its own keys (Escape closes it)
    if str(event.key) == "Escape":
        toggle_menu(False)
        return
    key = str(event.key)
    if key in (" ", "Enter") and str(event.target.tagName) == "BUTTON":
        return  # the focused button takes Space and Enter itself
    found = shortcut(key)
    if found is None:
        return
    event.preventDefault()
    action, value = found
    if action is Key.MOVE:
        move_through_boxes(value)
        return
    KEYS[action](value)
    render()


KEYS: dict[Key, Callable[[int], None]] = {
    Key.ROLL: lambda _: session.roll(),
    Key.HOLD: session.tap_die,
    Key.NEW_GAME: lambda _: open_new_game(),
    Key.HELP: lambda _: open_dialog("help-dialog", "#help-title"),
}


def on_dialog_close(event: Event) -> None:
    # Escape fires "cancel" at once and "close" a moment later: focus leaves at the first.
    give_focus_back(event.target)


LISTENERS: list[tuple[EventTarget, str, Callable[[Event], None]]] = [
    (document, "click", on_click),
    (document, "keydown", on_key),
    (find("#confirm-dialog"), "cancel", on_confirm_cancel),
    (find(".new-game-form"), "submit", on_new_game),
    (find("form.entry"), "submit", on_enter_roll),
    (by_testid("entry-faces"), "input", on_type_faces),
    (find("form.print-form"), "submit", on_print),
    (by_testid("language"), "change", on_language),
    (by_testid("coach-margin"), "change", on_coach_margin),
    (by_testid("stats-player"), "change", lambda _: paint_stats()),
    (by_testid("import-file"), "change", on_import_file),
    (find("#player-list"), "change", on_seat_kind),
    (window, "hashchange", on_hash),
    (window, "storage", on_storage),
    (window, "online", on_online),
    *(
        (dialog, kind, on_dialog_close)
        for dialog in document.querySelectorAll("dialog")
        for kind in ("cancel", "close")
    ),
]
"""Every event the page listens to: (element, event, handler)."""

for element, kind, handler in LISTENERS:
    element.addEventListener(kind, create_proxy(handler))

open_link()
render()
for control in document.querySelectorAll("header button, header select"):
    control.disabled = False
document.documentElement.dataset.ready = "true"
