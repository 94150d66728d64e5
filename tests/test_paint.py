"""What a paint changes on the page (kismet.html.paint), decided in CPython: the ops of a
view, what is left alone because the page shows it already, and that every op is one the
page's static/paint.js carries out."""

from __future__ import annotations

import json
import re
from pathlib import Path

from kismet.app.base.roster import Edit
from kismet.app.guidance.luck import Luck
from kismet.app.keeping.storage import MemoryStorage
from kismet.app.screen.session import Session
from kismet.app.screen.view import Confirm, View
from kismet.html import dialogs as contents
from kismet.html.ops import Op, of_testid
from kismet.html.page import OVER_BODY
from kismet.html.paint import GAME_OVER, SHEET, Painter
from kismet.rules import Category

ROOT = Path(__file__).resolve().parent.parent
PAINT_JS = (ROOT / "static" / "paint.js").read_text(encoding="utf-8")


def session(seed: int = 3) -> Session:
    return Session(MemoryStorage(), seed=seed, greet=False)


def named(ops: list[Op], name: str, selector: str | None = None) -> list[Op]:
    return [op for op in ops if op[0] == name and (selector is None or op[1] == selector)]


def js_ops() -> set[str]:
    """The op names static/paint.js knows (the keys of its OPS table)."""
    table = PAINT_JS[
        PAINT_JS.index("const OPS = {") : PAINT_JS.index("\n  };", PAINT_JS.index("const OPS = {"))
    ]
    return set(re.findall(r'^    "?([a-z-]+)"?[:,]', table, re.MULTILINE))


def test_every_op_is_json_and_one_the_page_carries_out() -> None:
    app = session()
    painter = Painter()
    views: list[View] = [app.view()]
    app.moves.roll()
    views.append(app.view())
    app.moves.choose(Category.YARBOROUGH)
    views.append(app.view())
    views.append(views[-1]._replace(celebrate="Kismet!", confirm=Confirm("t", "q", "y")))
    names = set()
    for view in views:
        ops = painter.paint(view)
        assert json.loads(json.dumps(ops)) == [_listed(op) for op in ops]  # plain JSON
        names |= {str(op[0]) for op in ops}
    known = js_ops()
    assert {"text", "html", "sheet", "open", "close", "focus-back", "column"} <= known
    assert names <= known, names - known
    assert "fanfare" in known and "count" in known and "scroll" in known


def _listed(op: Op) -> list[object]:
    return [list(part) if isinstance(part, tuple) else part for part in op]


def test_the_sheet_is_written_only_when_it_changes_and_the_column_only_when_it_moves() -> None:
    app = session()
    painter = Painter()
    first = painter.paint(app.view())
    assert len(named(first, "sheet", SHEET)) == 1 and named(first, "column")
    assert named(painter.paint(app.view()), "sheet") == []  # the same sheet: left alone
    app.moves.roll()
    rolled = painter.paint(app.view())
    assert len(named(rolled, "sheet", SHEET)) == 1  # the options to score appear
    assert named(rolled, "column") == []  # the same player's column: no scroll
    assert named(rolled, "html", SHEET) == []  # the sheet is never written as plain HTML


def test_the_dice_tumble_in_turn_with_two_animations_and_not_where_motion_is_reduced() -> None:
    app = session()
    painter, still = Painter(), Painter(reduced_motion=True)
    die = of_testid("die-0")

    def tumbling(ops: list[Op]) -> set[object]:
        return {op[2] for op in named(ops, "class", die) if op[2] != "hinted" and op[3]}

    assert tumbling(painter.paint(app.view())) == set()  # nothing rolled yet
    app.moves.roll()
    assert tumbling(painter.paint(app.view())) == {"roll-b"}
    assert tumbling(still.paint(app.view())) == set()
    app.moves.roll()
    assert tumbling(painter.paint(app.view())) == {"roll-a"}  # the other: it starts again
    app.moves.tap_die(0)
    held = painter.paint(app.view())
    assert ("attr", die, "aria-pressed", "true") in held and tumbling(held) == set()


def test_a_celebration_shows_once_with_its_fanfare_only_with_sound() -> None:
    app = session()
    painter = Painter()
    banner = of_testid("celebrate")
    view = app.view()
    loud = view._replace(celebrate="Kismet!", settings=view.settings._replace(sound=True))
    shown = painter.paint(loud)
    assert ("text", banner, "Kismet!") in shown and ("hidden", banner, False) in shown
    assert ("fanfare", None) in shown
    again = painter.paint(loud)  # still up: not shown (or heard) again
    assert named(again, "fanfare") == [] and named(again, "hidden", banner) == []
    assert ("hidden", banner, True) in painter.paint(view)
    quiet = view._replace(celebrate="Kismet!", settings=view.settings._replace(sound=False))
    shown = painter.paint(quiet)
    assert ("hidden", banner, False) in shown and named(shown, "fanfare") == []


def test_a_question_opens_with_go_back_focused_and_closes_when_answered() -> None:
    app = session()
    painter = Painter()
    view = app.view()
    asked = painter.paint(view._replace(confirm=Confirm("Zero?", "Score 0 in Kismet?", "Score 0")))
    assert ("open", "#confirm-dialog", of_testid("cancel")) in asked  # Enter twice scores no 0
    assert ("text", "#confirm-text", "Score 0 in Kismet?") in asked
    assert ("close", "#confirm-dialog") in painter.paint(view)


def test_the_game_over_total_counts_up_once_a_game() -> None:
    app = session(seed=5)
    painter, still = Painter(), Painter(reduced_motion=True)
    for box in Category:
        app.moves.roll()
        app.moves.choose(box)
        if app.view().confirm is not None:
            app.moves.confirm()
    over = app.view()
    assert over.finale is not None
    ops = painter.paint(over)
    assert len(named(ops, "html", GAME_OVER)) == 1
    assert named(ops, "count") == [("count", f"{GAME_OVER} .count-up", 900)]
    assert named(ops, "scroll") == [("scroll", f"{SHEET} tfoot", "nearest")]
    assert named(painter.paint(over), "count") == []  # the same panel: no redraw, no count
    assert named(still.paint(over), "count") == []  # reduced motion: the total at once
    assert len(named(still.paint(over._replace(finale=None)), "html", GAME_OVER)) == 1


def test_what_arrives_late_redraws_the_game_over_body_not_the_panel() -> None:
    # The panel is a <details> the player may fold; redrawing it would unfold it. The luck
    # line (and Perfect's total) arrive after the first paint: only the body is written.
    app = session(seed=5)
    for box in Category:
        app.moves.roll()
        app.moves.choose(box)
        if app.view().confirm is not None:
            app.moves.confirm()
    over, painter = app.view(), Painter()
    painter.paint(over._replace(luck=None))
    luck = Luck("Ann won by 3: the dice favoured Ann by 3.", ())
    later = painter.paint(over._replace(luck=luck))
    assert named(later, "html", GAME_OVER) == []
    body = named(later, "html", f"#{OVER_BODY}")
    assert len(body) == 1 and "Ann won by 3" in str(body[0][2])


def test_only_a_changed_chance_is_written_beside_its_total() -> None:
    app = session()
    painter = Painter()
    view = app.view()
    columns = tuple(c._replace(chance=0.25) for c in view.sheet.columns)
    shown = view._replace(sheet=view.sheet._replace(chances=True, columns=columns))
    ops = painter.paint(shown)
    chance = of_testid("win-chance-0")
    assert ("data", chance, "chance", "0.2500") in ops
    assert named(painter.paint(shown), "html", chance) == []  # unchanged: left alone
    moved = tuple(c._replace(chance=0.5) for c in view.sheet.columns)
    ops = painter.paint(shown._replace(sheet=shown.sheet._replace(columns=moved)))
    assert ("data", chance, "chance", "0.5000") in ops and named(ops, "sheet") == []


def test_a_field_being_typed_in_is_painted_by_value_which_the_page_leaves_while_focused() -> None:
    ops = Painter().paint(session().view())
    assert named(ops, "value", of_testid("entry-faces")) and named(
        ops, "value", of_testid("coach-margin")
    )
    assert "activeElement !== el" in PAINT_JS  # the page keeps what is being typed


def test_a_dialogs_part_is_written_only_when_it_changes() -> None:
    painter = Painter()
    part = of_testid("stats-body")
    assert painter.redrawn_ops(part, "<p>1</p>") == [("html", part, "<p>1</p>")]
    assert painter.redrawn_ops(part, "<p>1</p>") == []
    assert painter.redrawn_ops(part, "<p>2</p>") == [("html", part, "<p>2</p>")]


def test_each_dialog_opens_with_its_contents_as_ops_the_page_carries_out() -> None:
    app = session()
    seats = app.lobby.roster()
    dialogs = {
        "share": contents.share("Kismet 123", "http://x/#c=c0de", can_send=False),
        "compare": contents.compare([], "en", None),
        "stats": contents.stats_opened(),
        "new-game": contents.new_game(seats, "en"),
        "review": contents.review(None, "en"),
        "games": contents.games(app.lobby.aside(), "en"),
        "daily": contents.dailies([], [], "en"),
    }
    for name, ops in dialogs.items():
        assert json.loads(json.dumps(ops)) == [_listed(op) for op in ops], name
        assert {str(op[0]) for op in ops} <= js_ops(), name
        assert ops[-1][0] == "open", name  # filled first, then opened
    share = dialogs["share"]
    assert ("text", of_testid("share-text"), "Kismet 123") in share
    assert ("hidden", of_testid("send-share"), True) in share  # no share sheet here
    assert dialogs["new-game"][-1] == ("open", "#new-game-dialog", contents.NEW_GAME_TITLE)
    # Eight seats: no room for a ninth, and the focus goes to the last name.
    full = seats
    while not full.full:
        full = full.edit(Edit.ADD, 0, "en")
    edited = contents.edited(full, "en")
    assert ("disabled", of_testid("add-player"), True) in edited
    assert edited[-1] == ("focus", of_testid(f"player-name-{len(full.names) - 1}"))
    assert "focus" in js_ops()
