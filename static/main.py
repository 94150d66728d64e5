"""Browser glue: binds the page to ``kismet.app.App`` and paints its ``View``.

Data flows one way: a DOM event -> one call on the App -> ``render()`` of the new view. This
file decides nothing about the game; anything that needs an ``if`` about the rules belongs
in ``kismet/``. Text typed by players reaches the page only through ``textContent``, input
values, or HTML the ``kismet.page`` functions escaped.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from kismet import MAX_PLAYERS, Category, messages, page
from kismet.app import (
    DICE_MODE,
    HUMAN,
    SEATS,
    SHEET_MODE,
    App,
    StorageFull,
    StorageUnavailable,
    View,
)
from kismet.keys import shortcut


class LocalStorage:
    """``kismet.app.Storage`` over the browser's ``localStorage``."""

    def __init__(self) -> None:
        try:
            self.store = window.localStorage
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


def url_seed() -> int | None:
    """``?seed=N`` in the address makes every new game's dice reproducible."""
    # The browser's own URLSearchParams: importing urllib.parse costs ~70 ms at start-up.
    value = window.URLSearchParams.new(window.location.search).get("seed")
    try:
        return int(value) if isinstance(value, str) else None
    except ValueError:
        return None


def by_testid(testid: str):  # type: ignore[no-untyped-def]
    return document.querySelector(f'[data-testid="{testid}"]')


# The page was built for one language (index.html, index.ko.html): the app speaks it too.
page_lang = str(document.documentElement.lang)
app = App(
    LocalStorage(),
    seed=url_seed(),
    lang=page_lang if page_lang in messages.LANGUAGES else messages.DEFAULT_LANGUAGE,
)
reduced_motion = window.matchMedia("(prefers-reduced-motion: reduce)").matches
roll_animation = ["roll-a", "roll-b"]


def text(key: str, **params: object) -> str:
    return messages.text(key, app.lang, **params)


# ------------------------------------------------------------------ painting


def render() -> None:
    view = app.view()
    document.documentElement.dataset.mode = view.mode
    by_testid("mode").setAttribute("aria-pressed", str(view.mode == SHEET_MODE).lower())
    document.documentElement.dataset.shapes = "on" if app.shapes else "off"
    by_testid("shapes").setAttribute("aria-pressed", str(app.shapes).lower())
    by_testid("coach").setAttribute("aria-pressed", str(app.coach).lower())
    margin = by_testid("coach-margin")
    margin.parentElement.hidden = not app.coach
    margin.value = f"{app.coach_margin:g}"
    paint_dice(view)
    roll = by_testid("roll")
    roll.disabled = not view.can_roll
    by_testid("rolls-left").textContent = view.roll_label
    paint_entry(view)
    # A print from the browser's own menu prints this game's sheet.
    document.body.dataset.print = "game"
    date = app.started[:10]
    by_testid("print-date").textContent = text("print.date", date=date)
    by_testid("current-player").textContent = view.current_player
    by_testid("status").textContent = view.status
    by_testid("notice").textContent = view.notice
    paint_sheet(view)
    paint_confirm(view)
    paint_game_over(view)
    paint_high_scores(view)
    paint_hint()
    computer = app.computer_to_move
    roll.hidden = computer
    by_testid("hint").disabled = computer or not app.can_hint
    by_testid("skip").hidden = not computer
    if computer:
        for die in range(5):
            by_testid(f"die-{die}").disabled = True
        for button in document.querySelectorAll("table.sheet button.option"):
            button.disabled = True
        schedule_computer()


def paint_dice(view: View) -> None:
    if any(view.rolled):
        roll_animation.reverse()
    for i in range(5):
        die = by_testid(f"die-{i}")
        face = view.dice[i]
        die.dataset.face = "" if face is None else str(face)
        die.setAttribute("aria-pressed", "true" if view.held[i] else "false")
        die.setAttribute("aria-label", view.die_labels[i])
        die.disabled = not view.can_hold
        die.classList.remove(*roll_animation)
        if view.rolled[i] and not reduced_motion:
            die.classList.add(roll_animation[0])


def paint_hint() -> None:
    panel = by_testid("hint-panel")
    hint = app.hint
    for die in range(5):
        by_testid(f"die-{die}").classList.toggle("hinted", bool(hint and hint.marks[die]))
    if hint is None:
        panel.hidden = True
        return
    items = [element("li", line) for line in hint.lines]
    panel.querySelector("ol").replaceChildren(*items)
    panel.hidden = False
    if hint.box is not None:
        cell = by_testid(f"cell-{app.game.current}-{hint.box.value}")
        if cell:
            cell.classList.add("hinted")


# ------------------------------------------------------ the strategy table

table_task: asyncio.Future[None] | None = None


async def fetch_table() -> None:
    """Fetch the strategy table the first time a feature needs it (hint, computer, review);
    the service worker then keeps it for offline play."""
    from pyodide.http import pyfetch

    from kismet.strategy import TABLE_PATH, Advisor  # loaded with the table, not at start

    response = await pyfetch(TABLE_PATH)
    if not response.ok:
        raise RuntimeError(f"The strategy table could not be loaded ({response.status})")
    app.advisor = Advisor.from_bytes(await response.bytes())


def with_table(then) -> None:  # type: ignore[no-untyped-def]
    """Run ``then`` once the table is loaded (at once if it already is)."""
    global table_task
    if app.advisor is not None:
        then()
        return
    by_testid("status").textContent = text("app.loading_table")
    if table_task is None:
        table_task = asyncio.ensure_future(fetch_table())
    table_task.add_done_callback(lambda _: then())


# ---------------------------------------------------------------- computers

PACE_MS = 450
computer = {"scheduled": False, "skip": False}


def schedule_computer() -> None:
    """Play the computer's next step after a readable pause (none while skipping)."""
    if computer["scheduled"]:
        return
    if app.needs_table and app.advisor is None:
        with_table(render)
        return
    computer["scheduled"] = True
    delay = 0 if computer["skip"] else PACE_MS
    window.setTimeout(create_once_callable(computer_step), delay)


def computer_step() -> None:
    computer["scheduled"] = False
    playing = app.game.current
    if app.computer_step() and app.game.current != playing:
        computer["skip"] = False  # skipping ends with the computer's turn
    if not app.computer_to_move:
        computer["skip"] = False
    render()


def paint_entry(view: View) -> None:
    field = by_testid("entry-faces")
    field.disabled = not view.can_enter
    by_testid("enter-roll").disabled = not view.can_enter
    by_testid("rolls-entered").textContent = view.roll_label
    if document.activeElement != field:
        field.value = view.entry_text


def paint_sheet(view: View) -> None:
    focused = document.activeElement
    testid = None
    if focused and focused.closest("table.sheet"):
        cell = focused.closest("[data-testid]")
        testid = cell.dataset.testid if cell else None
    document.querySelector("table.sheet").innerHTML = view.sheet_html
    if testid:
        again = document.querySelector(f'[data-testid="{testid}"] button')
        if again:
            again.focus()


def paint_confirm(view: View) -> None:
    dialog = document.getElementById("confirm-dialog")
    if view.confirm:
        document.getElementById("confirm-text").textContent = view.confirm
        document.getElementById("confirm-title").textContent = view.confirm_title
        by_testid("confirm").textContent = view.confirm_yes
        if not dialog.open:
            open_dialog("confirm-dialog", '[data-testid="confirm"]')
    elif dialog.open:
        close_dialog("confirm-dialog")


def element(tag: str, text_content: str = "", **attributes: str):  # type: ignore[no-untyped-def]
    node = document.createElement(tag)
    if text_content:
        node.textContent = text_content
    for name, value in attributes.items():
        # class_ -> class, data_testid -> data-testid
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


def paint_game_over(view: View) -> None:
    slot = document.getElementById("game-over-slot")
    if not view.game_over:
        slot.replaceChildren()
        return
    if slot.firstChild and slot.firstChild.dataset.result == view.game_over:
        return
    panel = element("div", data_testid="game-over", class_="game-over")
    panel.dataset.result = view.game_over
    panel.append(element("h2", text("over.title")))
    panel.append(element("p", view.game_over, class_="result"))
    buttons = element("p", class_="dialog-buttons")
    buttons.append(element("button", text("over.play_again"), type="button",
                           data_action="play-again", data_testid="play-again",
                           class_="primary"))  # fmt: skip
    buttons.append(element("button", text("app.new_game"), type="button",
                           data_action="new-game"))  # fmt: skip
    buttons.append(element("button", text("app.review"), type="button",
                           data_action="review", data_testid="open-review"))  # fmt: skip
    panel.append(buttons)
    slot.replaceChildren(panel)


def paint_high_scores(view: View) -> None:
    box = document.getElementById("high-scores")
    if not view.high_scores:
        box.replaceChildren(element("p", text("scores.empty")))
        return
    table = element("table", class_="scores")
    head = element("tr")
    for key in ("scores.rank", "scores.name", "scores.score", "scores.date"):
        head.append(element("th", text(key), scope="col"))
    thead = element("thead")
    thead.append(head)
    body = element("tbody")
    for rank, line in enumerate(view.high_scores, start=1):
        row = element("tr")
        for value in (str(rank), line.name, str(line.points), line.date):
            row.append(element("td", value))
        body.append(row)
    table.append(thead, body)
    box.replaceChildren(table)


# ------------------------------------------------------------ new-game form


def player_rows() -> list:  # type: ignore[type-arg]
    return list(document.querySelectorAll("#player-list li"))


def player_names() -> list[str]:
    return [str(row.querySelector("input").value) for row in player_rows()]


def player_seats() -> list[str]:
    return [str(row.querySelector("select").value) for row in player_rows()]


def fill_player_list(names: list[str], seats: list[str]) -> None:
    listing = document.getElementById("player-list")
    rows = []
    for i, name in enumerate(names):
        row = element("li")
        label = element("label", text("dialog.player", number=i + 1))
        field = element("input", type="text", maxlength="40", autocomplete="off",
                        data_testid=f"player-name-{i}")  # fmt: skip
        field.value = name
        label.append(field)
        row.append(label)
        seat = element("select", data_testid=f"player-kind-{i}",
                       aria_label=text("dialog.seat", number=i + 1))  # fmt: skip
        for kind in SEATS:
            option = element("option", text(f"seat.{kind}"), value=kind)
            seat.append(option)
        seat.value = seats[i] if i < len(seats) else HUMAN
        row.append(seat)
        if i > 0:
            row.append(element("button", "↑", type="button", data_action="move-up",
                               data_index=str(i),
                               aria_label=text("dialog.move_up", number=i + 1)))  # fmt: skip
        if len(names) > 1:
            row.append(element("button", "✕", type="button", data_action="remove-player",
                               data_index=str(i), data_testid=f"remove-player-{i}",
                               aria_label=text("dialog.remove_player", number=i + 1)))  # fmt: skip
        rows.append(row)
    listing.replaceChildren(*rows)
    by_testid("add-player").disabled = len(names) >= MAX_PLAYERS


def open_dialog(dialog_id: str, focus: str | None = None) -> None:
    """Open a modal dialog (the browser keeps focus inside it); on closing, focus goes back
    to where it was."""
    dialog = document.getElementById(dialog_id)
    if dialog.open:
        return
    returning[dialog_id] = document.activeElement
    dialog.showModal()
    if focus:
        document.querySelector(focus).focus()


def give_focus_back(dialog) -> None:  # type: ignore[no-untyped-def]
    previous = returning.pop(str(dialog.id), None)
    if previous and previous.isConnected and not previous.closest("dialog"):
        previous.focus()
    if dialog.contains(document.activeElement):
        document.activeElement.blur()  # nothing to return to: at least leave the dialog


def close_dialog(dialog_id: str) -> None:
    dialog = document.getElementById(dialog_id)
    if dialog.open:
        give_focus_back(dialog)  # before closing, so no key lands in a closed dialog
        dialog.close()


def on_dialog_close(event) -> None:  # type: ignore[no-untyped-def]
    # Escape fires "cancel" at once and "close" a moment later: focus leaves at the first.
    give_focus_back(event.target)


returning: dict[str, object] = {}


def open_new_game() -> None:
    fill_player_list(list(app.game.players), list(app.seats))
    open_dialog("new-game-dialog", '[data-testid="player-name-0"]')


# ------------------------------------------------------------------- events


def on_click(event) -> None:  # type: ignore[no-untyped-def]
    target = event.target.closest("[data-action]")
    if not target or target.disabled:
        return
    action = str(target.dataset.action)
    if action == "roll":
        app.roll()
    elif action == "hold":
        app.tap_die(int(target.dataset.die))
    elif action == "mode":
        app.set_mode(SHEET_MODE if app.mode == DICE_MODE else DICE_MODE)
    elif action == "score":
        app.choose(Category(str(target.dataset.box)))
    elif action == "confirm":
        app.confirm()
    elif action == "cancel":
        app.cancel()
    elif action == "play-again":
        app.play_again()
    elif action == "new-game":
        open_new_game()
        return
    elif action == "hint":
        with_table(lambda: (app.ask_hint(), render()))
        return
    elif action == "skip":
        computer["skip"] = True
        return
    elif action == "review":
        with_table(show_review)
        return
    elif action == "coach":
        app.set_coach(not app.coach)
        render()  # pressed at once, and its margin shown
        if app.coach and app.advisor is None:
            with_table(render)  # the coach needs the table: fetch it, then paint again
        return
    elif action == "shapes":
        app.set_shapes(not app.shapes)
    elif action == "print":
        open_dialog("print-dialog", "[data-testid=print-game]")
        return
    elif action == "help":
        open_dialog("help-dialog", "#help-dialog .primary")
        return
    elif action == "close-dialog":
        close_dialog(str(target.closest("dialog").id))
        return
    elif action in ("add-player", "remove-player", "move-up"):
        names, seats = player_names(), player_seats()
        if action == "add-player":
            names.append(text("dialog.default_name", number=len(names) + 1))
            seats.append(HUMAN)
        else:
            i = int(target.dataset.index)
            if action == "remove-player":
                del names[i]
                del seats[i]
            else:
                names[i - 1], names[i] = names[i], names[i - 1]
                seats[i - 1], seats[i] = seats[i], seats[i - 1]
        fill_player_list(names, seats)
        focus = by_testid(f"player-name-{len(names) - 1}")
        if focus:
            focus.focus()
        return
    render()


def show_review() -> None:
    lines = app.review_lines() or [text("review.none")]
    by_testid("review").replaceChildren(*(element("li", line) for line in lines))
    render()
    open_dialog("review-dialog", "#review-dialog .primary")


def on_confirm_cancel(event) -> None:  # type: ignore[no-untyped-def]
    # Escape on the zero confirmation keeps the turn going, like "Go back".
    app.cancel()
    render()


def on_submit(event) -> None:  # type: ignore[no-untyped-def]
    # The Start button, or Enter in a name field.
    event.preventDefault()
    names, seats = player_names(), player_seats()
    close_dialog("new-game-dialog")
    app.new_game(names, seats)
    render()


def on_enter_roll(event) -> None:  # type: ignore[no-untyped-def]
    event.preventDefault()
    field = by_testid("entry-faces")
    app.enter_roll(str(field.value))
    field.blur()
    render()


def on_type_faces(event) -> None:  # type: ignore[no-untyped-def]
    app.type_faces(str(event.target.value))
    render()


def on_print(event) -> None:  # type: ignore[no-untyped-def]
    event.preventDefault()
    form = event.target
    what = str(form.querySelector("input[name=print-what]:checked").value)
    close_dialog("print-dialog")
    if what != "game":
        players = int(form.querySelector("select").value)
        blank = page.blank_sheet_html(players, six_games=what == "six", lang=app.lang)
        by_testid("blank-sheet").innerHTML = blank
        by_testid("print-date").textContent = text("print.date", date="_" * 12)
    document.body.dataset.print = "blank" if what != "game" else "game"
    window.print()


def on_coach_margin(event) -> None:  # type: ignore[no-untyped-def]
    app.set_coach_margin(float(event.target.value))
    render()


def on_language(event) -> None:  # type: ignore[no-untyped-def]
    lang = str(event.target.value)
    app.set_language(lang)
    # Each language has its own page, rendered at build; the game is saved, so load it.
    window.location.replace(page.PAGES[lang] + str(window.location.search))


def typing_in(element) -> bool:  # type: ignore[no-untyped-def]
    if not element or str(element.tagName) not in ("INPUT", "SELECT", "TEXTAREA"):
        return False
    return not element.closest("dialog") or bool(element.closest("dialog[open]"))


def on_key(event) -> None:  # type: ignore[no-untyped-def]
    if event.ctrlKey or event.metaKey or event.altKey or typing_in(event.target):
        return
    if document.querySelector("dialog[open]"):
        return  # a dialog handles its own keys (Escape closes it)
    key = str(event.key)
    target = event.target
    if key in (" ", "Enter") and str(target.tagName) == "BUTTON":
        return  # the focused button takes Space and Enter itself
    found = shortcut(key)
    if found is None:
        return
    action, value = found
    event.preventDefault()
    if action == "roll":
        if app.mode == DICE_MODE:
            app.roll()
    elif action == "hold":
        app.tap_die(value)
    elif action == "new-game":
        open_new_game()
        return
    elif action == "help":
        open_dialog("help-dialog", "#help-dialog .primary")
        return
    elif action == "move":
        options = list(document.querySelectorAll("table.sheet button.option"))
        if options:
            here = next((i for i, b in enumerate(options) if b == document.activeElement), None)
            step = 0 if here is None else (here + value) % len(options)
            options[step].focus()
        return
    render()


handlers = [
    create_proxy(on_click),
    create_proxy(on_confirm_cancel),
    create_proxy(on_submit),
    create_proxy(on_enter_roll),
    create_proxy(on_type_faces),
    create_proxy(on_print),
    create_proxy(on_language),
    create_proxy(on_key),
    create_proxy(on_dialog_close),
    create_proxy(on_coach_margin),
]
document.addEventListener("click", handlers[0])
document.getElementById("confirm-dialog").addEventListener("cancel", handlers[1])
document.querySelector(".new-game-form").addEventListener("submit", handlers[2])
document.querySelector("form.entry").addEventListener("submit", handlers[3])
by_testid("entry-faces").addEventListener("input", handlers[4])
document.querySelector("form.print-form").addEventListener("submit", handlers[5])
by_testid("language").addEventListener("change", handlers[6])
document.addEventListener("keydown", handlers[7])
by_testid("coach-margin").addEventListener("change", handlers[9])
for dialog in document.querySelectorAll("dialog"):
    dialog.addEventListener("cancel", handlers[8])
    dialog.addEventListener("close", handlers[8])

render()
if app.coach:
    with_table(render)  # the coach needs the table from the first move
for control in document.querySelectorAll("header .actions button, header .actions select"):
    control.disabled = False
document.documentElement.dataset.ready = "true"
