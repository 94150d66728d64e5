"""What each click, key and page event does: one call on the session (or a dialog), then
the page is painted again. Which key and which click do what is ``kismet.app.keys``'s."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from pyodide.ffi import create_proxy
from pyscript import document, window

from kismet.app.actions import FIELDS, PAGE_ACTIONS, Clicked, act
from kismet.app.keys import Key, Pressed, closes_menu, command
from kismet.app.progress import PRICE_STEP_S
from kismet.app.roster import Edit
from kismet.app.storage import STAMP_KEY
from kismet.html.page import PAGES

from .dom import by_testid, find, mark_switched

if TYPE_CHECKING:
    from dom import Element, Event, EventTarget

    from .page import Page


class Events:
    """The page's listeners, for one ``Page``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        session, boxes, dialogs, timers = page.session, page.boxes, page.dialogs, page.timers
        self.clicks: dict[str, Callable[[Element], None]] = {
            "menu": lambda _: toggle_menu(),
            "daily": lambda _: boxes.show_dailies(),
            "play-daily": boxes.play_daily,
            "guide-again": lambda _: self.guide_again(),
            "share": lambda _: boxes.show_share(),
            "send-share": lambda _: boxes.send_share(),
            "copy-share": lambda _: boxes.copy_share(),
            "compare": lambda _: timers.with_table(boxes.show_compare),
            "games": lambda _: boxes.show_games(),
            "stats": lambda _: boxes.show_stats(),
            "export": lambda _: boxes.export_file(),
            "import": lambda _: by_testid("import-file").click(),
            "print-stats": lambda _: boxes.print_stats(),
            "resume": boxes.resume,
            "new-game": lambda _: boxes.open_new_game(),
            "hint": lambda _: timers.with_table(self.ask_hint),
            # A game's decisions are priced for the review in steps (at once when the
            # luck has priced them already), so a reloaded game's review freezes nothing.
            "review": lambda _: timers.with_table(
                lambda: timers.in_steps(
                    lambda: session.review(PRICE_STEP_S) is not None, boxes.show_review
                )
            ),
            "print": lambda _: dialogs.open("print-dialog", "[data-testid=print-game]"),
            "help": lambda _: dialogs.open("help-dialog", "#help-title"),
            "close-dialog": lambda target: dialogs.close(str(dialogs.around(target).id)),
            **{edit.value: self.edit(edit) for edit in Edit},
        }
        """What a click the page does itself (``kismet.app.actions.PAGE_ACTIONS``) does; the
        session's clicks go to ``act``."""
        if set(self.clicks) != PAGE_ACTIONS:
            raise RuntimeError(f"the page's clicks are not PAGE_ACTIONS: {set(self.clicks)}")
        self.keys: dict[Key, Callable[[int], None]] = {
            Key.ROLL: lambda _: session.roll(),
            Key.HOLD: session.tap_die,
            Key.NEW_GAME: lambda _: boxes.open_new_game(),
            Key.HELP: lambda _: dialogs.open("help-dialog", "#help-title"),
            Key.MOVE: move_through_boxes,
            Key.CLOSE_MENU: lambda _: toggle_menu(False),
        }
        self.reading: set[asyncio.Future[bool]] = set()
        """Files being read (kept until done, so that none is collected half-way)."""

    def edit(self, edit: Edit) -> Callable[[Element], None]:
        return lambda target: self.page.boxes.edit_roster(edit, target)

    def ask_hint(self) -> None:
        self.page.session.ask_hint()
        self.page.render()

    def guide_again(self) -> None:
        """The rules' button: the first game's guide runs again, over the game at the table."""
        self.page.dialogs.close("help-dialog")
        self.page.session.change_settings(guide=True)

    def listen(self) -> None:
        """Listen to every event the page answers."""
        listeners: list[tuple[EventTarget, str, Callable[[Event], None]]] = [
            (document, "click", self.on_click),
            (document, "keydown", self.on_key),
            (find("#confirm-dialog"), "cancel", self.on_confirm_cancel),
            (find(".new-game-form"), "submit", self.on_new_game),
            (find("form.entry"), "submit", self.on_enter_roll),
            (by_testid("entry-faces"), "input", self.on_type_faces),
            (find("form.print-form"), "submit", self.on_print),
            (by_testid("language"), "change", self.on_language),
            (by_testid("coach-margin"), "change", self.on_coach_margin),
            (by_testid("stats-player"), "change", lambda _: self.page.boxes.paint_stats()),
            (by_testid("import-file"), "change", self.on_import_file),
            (find("#player-list"), "change", self.on_seat_kind),
            (window, "hashchange", self.on_hash),
            (window, "storage", self.on_storage),
            (window, "online", lambda _: self.page.timers.online()),
            *(
                (dialog, kind, self.on_dialog_close)
                for dialog in document.querySelectorAll("dialog")
                for kind in ("cancel", "close")
            ),
        ]
        for element, kind, handler in listeners:
            element.addEventListener(kind, create_proxy(handler))

    def on_click(self, event: Event) -> None:
        clicked = event.target
        if clicked.tagName == "DIALOG" and clicked.hasAttribute("data-light-dismiss"):
            # A tap on the backdrop (outside the dialog's box, though it is the target).
            box = clicked.getBoundingClientRect()
            x, y = event.clientX, event.clientY
            if not (box.left <= x <= box.right and box.top <= y <= box.bottom):
                self.page.dialogs.close(str(clicked.id))
                return
        target = clicked.closest("[data-action]")
        name = str(target.dataset.action) if target else ""
        if closes_menu(name, in_header=bool(clicked.closest("header.top"))):
            toggle_menu(False)
        if not target or target.disabled:
            return
        if act(self.page.session, clicked_on(target, name)):
            self.page.render()
            return
        action = self.clicks.get(name)
        if action is not None:
            action(target)
            self.page.render()

    def on_key(self, event: Event) -> None:
        target = event.target
        found = command(
            Pressed(
                str(event.key),
                modified=bool(event.ctrlKey or event.metaKey or event.altKey),
                typing=typing_in(target),
                in_dialog=bool(document.querySelector("dialog[open]")),
                on_button=str(target.tagName) == "BUTTON",
            )
        )
        if found is None:
            return
        action, value = found
        if not action.keeps_default:
            event.preventDefault()
        self.keys[action](value)
        if not action.on_the_page:
            self.page.render()

    def on_confirm_cancel(self, event: Event) -> None:
        # Escape on the confirmation keeps the turn going, like "Go back".
        self.page.session.cancel()
        self.page.render()

    def on_new_game(self, event: Event) -> None:
        # The Start button, or Enter in a name field.
        event.preventDefault()
        roster = self.page.boxes.read_roster()
        self.page.dialogs.close("new-game-dialog")
        self.page.session.start(roster)
        self.page.render()

    def on_enter_roll(self, event: Event) -> None:
        event.preventDefault()
        field = by_testid("entry-faces")
        self.page.session.enter_roll(str(field.value))
        field.blur()
        self.page.render()

    def on_type_faces(self, event: Event) -> None:
        self.page.session.type_faces(str(event.target.value))
        self.page.render()

    def on_print(self, event: Event) -> None:
        event.preventDefault()
        self.page.boxes.print_sheet(event.target)

    def on_coach_margin(self, event: Event) -> None:
        self.page.session.change_settings(coach_margin=float(event.target.value))
        self.page.render()

    def on_language(self, event: Event) -> None:
        lang = str(event.target.value)
        self.page.session.set_language(lang)
        # Each language has its own page, rendered at build; the game is saved, so load
        # it, without the welcome of a new visit.
        mark_switched()
        window.location.replace(PAGES[lang] + str(window.location.search))

    def on_seat_kind(self, event: Event) -> None:
        # A seat turned into a computer (or back) takes the name the app gives that seat.
        if str(event.target.tagName) == "SELECT":
            boxes = self.page.boxes
            boxes.show_roster(boxes.read_roster().renamed(self.page.session.lang))

    def on_import_file(self, event: Event) -> None:
        task = asyncio.ensure_future(self.page.boxes.import_file(event.target))
        self.reading.add(task)
        task.add_done_callback(self.file_read)

    def file_read(self, task: asyncio.Future[bool]) -> None:
        self.reading.discard(task)
        if task.exception() is None and task.result():
            self.page.render()

    def on_hash(self, event: Event) -> None:
        self.page.boxes.open_link()
        self.page.render()

    def on_storage(self, event: Event) -> None:
        # Another tab of the site wrote: its last write of any kind changes the stamp. A
        # key that is JavaScript's null (not None in Pyodide) means the storage was cleared.
        if event.key == STAMP_KEY or not isinstance(event.key, str):
            self.page.session.sync()
            self.page.render()

    def on_dialog_close(self, event: Event) -> None:
        # Escape fires "cancel" at once and "close" a moment later: focus leaves at the first.
        self.page.dialogs.give_focus_back(event.target)


def toggle_menu(open_it: bool | None = None) -> None:
    """The header's menu of the less used actions (a row of buttons on a wide screen)."""
    header = find("header.top")
    shown = header.getAttribute("data-menu") == "open" if open_it is None else not open_it
    header.dataset.menu = "closed" if shown else "open"
    by_testid("menu").setAttribute("aria-expanded", "false" if shown else "true")


def attribute(element: Element, name: str) -> str | None:
    """An attribute's value, None when it is not set. (``element.dataset.die`` raises
    AttributeError in Pyodide for a missing key, so attributes are read by name.)"""
    value = element.getAttribute(name)
    return str(value) if isinstance(value, str) else None


def clicked_on(target: Element, action: str) -> Clicked:
    """A click as data (``kismet.app.actions``): the action and what its element carries."""
    die = attribute(target, "data-die")
    field = FIELDS.get(action)
    return Clicked(
        action,
        die=int(die) if die is not None else None,
        box=attribute(target, "data-box"),
        field=str(by_testid(field).value) if field else "",
    )


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
