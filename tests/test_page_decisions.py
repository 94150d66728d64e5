"""What the page decides in ``kismet.app``, tested here in CPython: what starts after a
paint, the computer's timer, the strategy table's retries, which keys and clicks do what,
what prints, the settings' switches, and what the dialogs show. The glue (static/glue/)
only performs these answers."""

from __future__ import annotations

import ast
import json
import re
from datetime import date
from pathlib import Path

import pytest

from kismet.advice.strategy import Advisor
from kismet.app.base.keys import Key, Pressed, closes_menu, command
from kismet.app.base.printing import Printed, Printout, printout
from kismet.app.base.settings import Switch
from kismet.app.play.tables import AtTable, Tables
from kismet.app.screen.actions import FIELDS, SESSION_ACTIONS, Clicked, act
from kismet.app.screen.pacing import (
    RETRIES,
    RETRY_MS,
    Fetching,
    Plan,
    StepTimer,
    TableFetch,
    Upcoming,
    Wait,
    upcoming,
)
from kismet.app.screen.session import Session
from kismet.rules import MAX_PLAYERS, Category
from tests.test_session import app_with, finish_randomly
from tools.builder.site import script_template

ROOT = Path(__file__).resolve().parent.parent

# ----------------------------------------------------- what starts after a paint


def test_nothing_starts_by_itself_while_a_person_is_to_move() -> None:
    app, _ = app_with()
    app.moves.roll()
    assert upcoming(app.view()) is None


def test_a_computer_steps_after_the_sessions_pause() -> None:
    app, _ = app_with(seed=12)
    app.lobby.new_game(["Me", "Cas"], ["human", "casual"])
    app.moves.roll()
    app.moves.choose(Category.YARBOROUGH)
    assert upcoming(app.view()) == Upcoming(Wait.COMPUTER, 2500)  # the grace to undo
    app.computer_step()
    assert upcoming(app.view()) == Upcoming(Wait.COMPUTER, 450)


def test_the_table_comes_first_when_a_feature_in_use_needs_it() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Me", "Good"], ["human", "good"])
    app.moves.roll()
    app.moves.choose(Category.YARBOROUGH)
    if app.moves.pending is not None:
        app.moves.confirm()
    assert app.table.computer_to_move  # a good computer cannot move without the table
    assert upcoming(app.view()) == Upcoming(Wait.TABLE)
    app.coach.missing()  # the fetch failed: nothing waits for it, the computer plays on
    assert upcoming(app.view()) == Upcoming(Wait.COMPUTER, 2500)


def test_perfect_plays_its_turns_once_the_table_is_there(advisor: Advisor) -> None:
    app, _ = app_with()
    app.lobby.play_daily(date(2026, 12, 7))
    finish_randomly(app)
    assert upcoming(app.view()) == Upcoming(Wait.TABLE)
    app.attach(advisor)
    assert upcoming(app.view()) == Upcoming(Wait.PERFECT)
    while app.perfect_turn():
        pass
    assert upcoming(app.view()) == Upcoming(Wait.PRICE)  # the person's decisions, priced
    while not app.price_finished():
        pass
    assert upcoming(app.view()) is None


def test_a_sooner_step_replaces_the_one_waiting_and_a_later_one_does_not() -> None:
    timer = StepTimer()
    assert timer.ask(2500) is Plan.START
    assert timer.ask(2500) is Plan.KEEP and timer.ask(3000) is Plan.KEEP
    assert timer.ask(0) is Plan.REPLACE  # Skip during the grace to undo
    assert timer.ask(450) is Plan.KEEP
    timer.fired()
    assert timer.ask(450) is Plan.START


def test_the_table_is_fetched_once_and_a_failure_is_retried_a_few_times_while_online() -> None:
    fetch = TableFetch()
    assert fetch.want(asked=False) is Fetching.START
    assert fetch.want(asked=True) is Fetching.LOADING  # one fetch at a time
    retries = [fetch.arrived(ok=False, online=True)]
    for _ in range(RETRIES):
        assert fetch.want(asked=False) is Fetching.FAILED  # a repaint does not ask again
        fetch.again()
        assert fetch.want(asked=False) is Fetching.START
        retries.append(fetch.arrived(ok=False, online=True))
    assert retries == [RETRY_MS] * RETRIES + [None]  # then only when a player asks
    assert fetch.want(asked=False) is Fetching.FAILED
    assert fetch.want(asked=True) is Fetching.START
    assert fetch.arrived(ok=False, online=False) is None  # offline: no retry by itself
    fetch.online()  # back online: a full set of retries, and a fetch afresh
    assert fetch.want(asked=False) is Fetching.START
    assert fetch.arrived(ok=False, online=True) == RETRY_MS
    fetch.again()
    assert fetch.want(asked=False) is Fetching.START and fetch.arrived(ok=True, online=True) is None


def test_what_waits_for_the_table_runs_when_it_comes_whoever_started_the_fetch() -> None:
    # The win chances start a quiet fetch; Hint is pressed while it runs: the hint is
    # answered when the table arrives (it was lost, a flaky browser test found it).
    fetch = TableFetch()
    ran: list[str] = []

    def paint() -> None:
        ran.append("paint")

    def hint() -> None:
        ran.append("hint")

    assert fetch.want(asked=False, then=paint) is Fetching.START
    assert fetch.want(asked=True, then=hint) is Fetching.LOADING
    assert fetch.want(asked=False, then=paint) is Fetching.LOADING  # asked twice, runs once
    fetch.arrived(ok=True, online=True)
    for then in fetch.take_waiting():
        then()
    assert ran == ["paint", "hint"] and fetch.take_waiting() == []
    # A failed fetch drops what waited (the page says so; pressing again asks again).
    assert fetch.want(asked=True, then=hint) is Fetching.START
    fetch.arrived(ok=False, online=False)
    assert fetch.take_waiting() == [hint] and fetch.waiting == []  # taken, and not run
    assert fetch.want(asked=False, then=paint) is Fetching.FAILED and fetch.waiting == []
    assert fetch.want(asked=True, then=hint) is Fetching.START and fetch.waiting == [hint]


# ---------------------------------------------------------------- keys, menu


def test_keys_act_only_when_the_game_has_them() -> None:
    assert command(Pressed("r")) == (Key.ROLL, 0)
    assert command(Pressed("3")) == (Key.HOLD, 2)
    assert command(Pressed("r", modified=True)) is None  # Ctrl+R reloads
    assert command(Pressed("r", typing=True)) is None  # a name being typed
    assert command(Pressed("r", in_dialog=True)) is None
    assert command(Pressed("Escape", in_dialog=True)) is None  # the dialog closes itself
    assert command(Pressed("Escape")) == (Key.CLOSE_MENU, 0)
    assert command(Pressed(" ", on_button=True)) is None  # the focused button takes it
    assert command(Pressed(" ")) == (Key.ROLL, 0)
    assert command(Pressed("ArrowDown", on_button=True)) == (Key.MOVE, 1)
    assert command(Pressed("x")) is None
    assert Key.MOVE.on_the_page and Key.CLOSE_MENU.on_the_page and not Key.ROLL.on_the_page
    assert Key.CLOSE_MENU.keeps_default and not Key.MOVE.keeps_default


def test_a_click_closes_the_menu_unless_it_is_on_a_switch_or_on_the_header_itself() -> None:
    assert closes_menu("roll", in_header=False)
    assert closes_menu("stats", in_header=True)  # an action of the menu: done, closed
    assert closes_menu("", in_header=False)  # a tap anywhere else
    assert not closes_menu("", in_header=True)  # the header's padding, a label
    for switch in ("menu", "coach", "shapes", "sound"):
        assert not closes_menu(switch, in_header=True)


def on_the_page() -> set[str]:
    """The clicks static/events.mjs does within the tap itself: its ``ON_THE_PAGE``'s keys."""
    script = (ROOT / "static" / "events.mjs").read_text(encoding="utf-8")
    table = re.search(r"const ON_THE_PAGE = \{\n(.*?)\n\};", script, re.S)
    assert table, "static/events.mjs lost ON_THE_PAGE"
    return set(re.findall(r'^  "?([a-z-]+)"?:', table.group(1), re.M))


def test_every_click_of_the_page_is_done_in_one_place() -> None:
    # Each data-action the page and the game's HTML write is named once, where it is done:
    # the session's table, the page's Python's, or the page's script's own.
    from tests.test_page import started

    written = {
        name
        for path in [ROOT / "index.html", *sorted((ROOT / "kismet" / "html").glob("*.py"))]
        for name in re.findall(r'data-action="([^"{}]+)"', path.read_text(encoding="utf-8"))
    }
    done = [set(SESSION_ACTIONS), set(started()[0].clicks), on_the_page()]
    assert on_the_page() == {"send-share", "copy-share", "restore"}
    assert sum(len(d) for d in done) == len(set().union(*done))  # none in two places
    assert written == set().union(*done)  # none unanswered, none stale
    assert set(FIELDS) <= set(SESSION_ACTIONS)


def test_a_click_as_data_does_the_sessions_part_and_leaves_the_pages_alone() -> None:
    app, _ = app_with(seed=3)
    assert act(app, Clicked("roll"))
    assert app.game.rolls_left == 2
    assert act(app, Clicked("hold", die=4))
    assert app.game.held[4]
    assert act(app, Clicked("score", box=Category.YARBOROUGH.value))
    if app.moves.pending is not None:
        assert act(app, Clicked("confirm"))
    assert [fill.category for fill in app.game.history] == [Category.YARBOROUGH]
    assert not act(app, Clicked("stats"))  # the page opens its dialog
    assert not act(app, Clicked(""))  # a tap where nothing acts
    with pytest.raises(ValueError, match="no die"):
        act(app, Clicked("hold"))


# ---------------------------------------------------------------- printing


def test_the_print_dialog_prints_the_game_a_blank_sheet_or_six_games() -> None:
    assert printout("game", "3") == Printout(Printed.GAME)
    assert printout("blank", "3") == Printout(Printed.BLANK, 3)
    assert printout("blank", "99") == Printout(Printed.BLANK, MAX_PLAYERS)
    assert printout("blank", "x") == Printout(Printed.BLANK, 1)
    assert printout("six", "4") == Printout(Printed.BLANK, 1, six_games=True)
    assert printout("<script>", "2").page is Printed.GAME
    css = (ROOT / "static" / "kismet.css").read_text(encoding="utf-8")
    for page in (Printed.BLANK, Printed.STATS):
        assert f'body[data-print="{page}"]' in css  # the style sheet knows every page


# ------------------------------------------------------ settings, dialogs


def test_each_switch_turns_its_setting_and_its_button_names_it() -> None:
    app, _ = app_with()
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for switch in Switch:
        assert f'data-action="{switch.action}"' in html
        before = getattr(app.settings, switch.value)
        app.lobby.switch(switch)
        assert getattr(app.settings, switch.value) is (not before)
        app.lobby.switch(switch)
        assert getattr(app.settings, switch.value) is before


def test_the_statistics_dialog_picks_the_name_chosen_else_who_plays() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann"])
    finish_randomly(app)
    app.lobby.new_game(["Bo"])
    finish_randomly(app, seed=2)
    shown = app.statistics()
    assert [p.name for p in shown.names] == ["Ann", "Bo"]
    assert shown.chosen is not None and shown.chosen.name == "Bo"  # at the table
    assert shown.stats is not None and len(shown.stats.points) == 1
    chosen = app.statistics("person:Ann").chosen
    assert chosen is not None and chosen.name == "Ann"
    empty, _ = app_with()
    assert empty.statistics() == ((), None, None)


def test_the_backup_is_named_by_date_and_holds_the_games() -> None:
    app, _ = app_with()
    finish_randomly(app)
    exported = app.backups.file(app.table, app.clock())
    assert exported.name.startswith("kismet-") and exported.name.endswith(".json")
    assert len(json.loads(exported.text)["history"]) == 1


def test_an_unreadable_backup_is_said_and_changes_nothing() -> None:
    app, storage = app_with()
    before = dict(storage.items)
    app.lobby.restore_file(None)
    assert app.status == "The file could not be read. Nothing was changed."
    assert storage.items == before


# ------------------------------------------------------------------- shape


def test_the_session_is_made_of_parts_that_it_only_wires() -> None:
    assert Session.__bases__ == (AtTable,)  # reads the table; holds no state of its own
    app, _ = app_with()
    assert isinstance(app.tables, Tables) and app.table is app.tables.table
    app.lobby.new_game(["Ann", "Bo"])  # a command of the lobby, seated by the tables
    assert app.tables.table.game.players == ("Ann", "Bo")
    app.moves.roll()  # the moves and the tables share the status line, which says it
    assert app.status == app.line.text and "Ann rolled" in app.status
    # The session writes nothing but its parts, once, when it is made.
    tree = ast.parse(
        (ROOT / "kismet" / "app" / "screen" / "session.py").read_text(encoding="utf-8")
    )
    (session,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session"]
    for method in session.body:
        if isinstance(method, ast.FunctionDef) and method.name != "__init__":
            written = [n for n in ast.walk(method) if isinstance(n, ast.Attribute)]
            assert not [n for n in written if isinstance(n.ctx, ast.Store)], method.name


SCRIPT_NUMBERS = {
    "client.mjs": {
        "15000": "a first visit waits at most 15 s for the service worker's copy",
    },
    "events.mjs": {
        "2": "the date's month and day in two digits (YYYY-MM-DD)",
    },
    "storing.mjs": {
        "2": "a commit's next try at the stamp's transaction, 2 ms on (docs/storage.md)",
        "17": "the stamps IndexedDB keeps (docs/storage.md, The stamp)",
        "1000": "a stamp record that differs otherwise is wrong after 1 s (The stamp)",
        "10000": "a copy behind a recorded stamp is waited for 10 s (The stamp)",
    },
    "interpreter.mjs": {
        "2": "a start's downloads told as a share to two places",
        "16": "the snapshot packed in slices of 2**16 bytes",
        "100": "a start's downloads told to the page at most every 100 ms",
        "200": "HTTP's OK",
        "500": "the snapshot waits for 500 ms without a message before it is packed",
    },
    "before-ready.js": {
        "100": "the downloads' share shown in percents",
    },
    "paint.js": {
        "2": "the count-up's easing",
        "120": "the column of the player to move kept 120 px from the sheet's left edge",
        "0.12": "the fanfare's notes, 0.12 s apart, at gain 0.12",
        "0.18": "each note 0.18 s long",
        "180": "the fanfare's vibration, 180 ms",
        "523.25": "C5",
        "659.25": "E5",
        "783.99": "G5",
        "1000": "the download's address freed 1 s after its click",
    },
}
"""Every number the page's scripts hold beyond 0 and 1, with what it is: the scripts only
carry out, so a timing, a limit or a count they hold is a decision, named here and in the
docs. A new one fails ``test_the_page_s_scripts_hold_no_number_unnamed``."""


def script_numbers(source: str) -> set[str]:
    """The numbers in a script's code (not in its comments or strings), beyond 0 and 1."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", source, flags=re.S)
    code = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', '""', code)
    code = re.sub(r"`(?:\\.|[^`\\])*`", "``", code)
    found = set(re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?:e\d+)?(?!\w)", code))
    return found - {"0", "1"}


def test_the_page_s_scripts_hold_no_number_unnamed() -> None:
    scripts = sorted((ROOT / "static").glob("*.*js"))
    assert len(scripts) >= 7
    held = {p.name: script_numbers(p.read_text(encoding="utf-8")) for p in scripts}
    named = {name: set(numbers) for name, numbers in SCRIPT_NUMBERS.items()}
    assert {k: v for k, v in held.items() if v} == named


def test_the_check_of_numbers_sees_a_planted_timing() -> None:
    source = (ROOT / "static" / "storing.mjs").read_text(encoding="utf-8")
    planted = source + "\nsetTimeout(() => send({ kind: 'due' }), 250); // a retry\n"
    assert script_numbers(planted) - script_numbers(source) == {"250"}
    assert script_numbers("// 300 in a comment\nconst a = '400 in a string';") == set()


def test_the_page_s_scripts_write_no_name_they_share_with_the_python() -> None:
    # kismet/page/shared.py writes them once; build.py writes them into the scripts.
    from kismet.page.shared import shared

    values = [str(v) for v in shared().values() if isinstance(v, str | int)]
    for path in sorted((ROOT / "static").glob("*.*js")):
        source = path.read_text(encoding="utf-8")
        held = [v for v in values if v in source or v.removeprefix("pyodide/") in source]
        assert not held, f"{path.name} writes {held} by hand"
    built = script_template("storing.mjs")
    assert all(v in built for v in values[:3]) and "__SHARED__" not in built


def test_the_glue_makes_none_of_these_decisions_itself() -> None:
    # The glue and the page's scripts read no key names: they ask kismet (the keys the
    # page stops come from kismet.app.base.keys.key_table); the glue compares no delay.
    glue = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "static" / "glue").glob("*.py"))
    page = "\n".join(
        (ROOT / "static" / name).read_text(encoding="utf-8")
        for name in ("client.mjs", "events.mjs", "storing.mjs", "paint.js")
    )
    for decided in ('"Escape"', '"ArrowDown"', '"Enter"', '" "'):
        assert decided not in glue + page, decided
    tree = ast.parse(glue)
    compared = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Compare)]
    assert not [c for c in compared if "delay" in c or "retries" in c], compared
    numbers = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Constant)
               and isinstance(n.value, int | float) and n.value not in (0, 1)]  # fmt: skip
    assert numbers == [], numbers


def test_every_message_key_named_by_a_type_is_in_every_catalogue() -> None:
    from kismet import text as messages
    from kismet.app.base.table import Mode
    from kismet.app.keeping.ledger import Area
    from kismet.app.keeping.storage import Problem
    from kismet.app.play.moves import MODE_LINES
    from kismet.app.play.turn import Ask

    keys = [key for ask in Ask for key in ask.words]
    keys += [key for area in Area for key in area.value]
    keys += [problem.value for problem in Problem]
    assert set(MODE_LINES) == set(Mode)
    keys += MODE_LINES.values()
    for catalogue in messages.CATALOGUES.values():
        assert [key for key in keys if key not in catalogue] == []
