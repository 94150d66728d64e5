"""Any sequence of the page's events, as the page can send them: each is answered (no
exception leaves the game), and what the storage holds after each is the game at the table
(a page started again over it has the same game: nothing lost, nothing half written).

Hypothesis draws the events from every name the page acts on: the session's clicks and the
page's own (``SESSION_ACTIONS``, ``Page.clicks``), the shortcuts, the forms, the dialogs
closed, a backup made earlier (or a damaged file) restored, another tab's writes of the
game, timers coming due and the page's word on each commit (``tests.test_page.Host``
stores every commit with static/storing.mjs, under Node), with the storage filling and
emptying between them; half the runs begin one box from the game's end, so that games
finish. While something waits to be stored, what is stored is a game the table had, and
the notice says the storage is full; else the stored game and the finished games are the
table's. It found a game that could not be put aside losing its own unsaved moves
(``test_a_game_that_could_not_be_put_aside_keeps_its_unsaved_moves_waiting``); after the
fix, 800 runs passed on 2026-12-08 with games put aside resumed.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kismet.advice.level import Level
from kismet.app.keeping.storage import GAME_KEY, STAMP_KEY, MemoryStorage, StorageFull
from kismet.app.screen.actions import SESSION_ACTIONS
from kismet.app.screen.session import Session
from kismet.rules import Category, Game
from kismet.text import text
from tests.helpers import almost_finished
from tests.test_page import Host, send, started
from tests.test_storage import Quota

SEATS = ["human", *[level.value for level in Level]]
NAMES = ["Ann", "Bo", "", "Çe", "<b>x</b>", "Dee Dee Dee Dee"]

rosters = st.lists(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(SEATS)), min_size=1, max_size=4
).map(lambda seats: [list(seat) for seat in seats])

DIALOGS = ["new-game-dialog", "help-dialog", "stats-dialog", "print-dialog", "daily-dialog",
           "confirm-dialog", "review-dialog", "games-dialog", "share-dialog"]  # fmt: skip
PLAY = ["roll", "roll", "hold", "score", "score", "confirm", "undo"]
KEYS = [" ", "r", "1", "3", "5", "n", "?", "ArrowDown", "Escape", "x"]


def clicks(page_actions: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A click on any element with an action, carrying every datum an element may carry
    (each action reads its own: a die's, a box's, a seat's...)."""
    return st.fixed_dictionaries(
        {
            "kind": st.just("click"),
            # The game's own clicks more often, so that games go on to their end.
            "action": st.sampled_from([*PLAY * 4, *sorted(SESSION_ACTIONS), *page_actions]),
            "die": st.integers(0, 4),
            "box": st.sampled_from([c.value for c in Category]),
            "seat": st.integers(0, 3),
            "roster": rosters,
            "id": st.sampled_from([level.value for level in Level]),
            "day": st.sampled_from(["2026-12-03", "2026-12-02"]),
            "today": st.just("2026-12-03"),
            "dialog": st.sampled_from(DIALOGS),
            "values": st.fixed_dictionaries(
                {
                    "challenge-name": st.sampled_from(NAMES),
                    "stats-player": st.sampled_from(NAMES),
                }
            ),
        }
    )


others = st.one_of(
    st.builds(lambda key: {"kind": "key", "pressed": {"key": key}}, st.sampled_from(KEYS)),
    st.builds(lambda roster: {"kind": "submit", "form": "new-game", "roster": roster}, rosters),
    st.builds(
        lambda faces: {"kind": "submit", "form": "entry", "values": {"entry-faces": faces}},
        st.sampled_from(["12345", "66666", "1 2 3", "9", ""]),
    ),
    st.builds(
        lambda faces: {"kind": "input", "values": {"entry-faces": faces}},
        st.sampled_from(["1", "123", "66666"]),
    ),
    st.just({"kind": "cancel"}),
    st.builds(lambda dialog: {"kind": "closed", "dialog": dialog}, st.sampled_from(DIALOGS)),
    st.just({"kind": "online"}),
    st.builds(lambda made: {"kind": "backup", "made": made}, st.booleans()),
    st.just({"kind": "due"}),  # one of the timers waiting, if any
    st.just({"kind": "another tab"}),  # it takes back the game a few moves ago
    st.just({"kind": "restore"}),  # a backup made earlier (Back up), or a damaged one
    # Another app's data leaves this much room (None: it is gone).
    st.builds(
        lambda room: {"kind": "room", "room": room}, st.sampled_from([0, 8, 100, 1000, None])
    ),
)


def restarted(storage: MemoryStorage) -> Session:
    """What a page started over a copy of ``storage`` finds."""
    page, _ = started(MemoryStorage(dict(storage.items)), Host())
    return page.session


@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_any_events_are_answered_and_the_storage_holds_the_game_at_the_table(
    data: st.DataObject,
) -> None:
    storage = Quota()
    if data.draw(st.booleans(), label="a game one box from its end"):
        storage.set(GAME_KEY, almost_finished(data.draw(st.integers(0, 99), label="seed")))
    page, host = started(storage)
    session = page.session
    events = st.one_of(clicks(sorted(page.clicks)), others)
    kept: list[str] = []
    """The game's texts as stored, one after another."""
    had: list[Game] = [copy.deepcopy(page.session.game)]
    """The games at the table, one after another."""
    for n in range(data.draw(st.integers(10, 80), label="events")):
        event = data.draw(events, label="event")
        if event["kind"] == "due":
            if host.timers:
                timer = data.draw(st.sampled_from(sorted(host.timers)), label="timer")
                del host.timers[timer]
                send(page, "due", timer=timer)
        elif event["kind"] == "room":
            if event["room"] is None:
                storage.quota = 10**9
            else:
                storage.leave(event["room"])
        elif event["kind"] == "restore":
            files = [str(op[3]) for ops in host.sent for op in ops if op[0] == "backup"]
            chosen = data.draw(st.sampled_from([*files, "{}", "not a backup"]), label="file")
            send(page, "restore", text=chosen)
        elif event["kind"] == "another tab":
            if kept:
                # Another tab of the same game stores an older copy of it, as its own (with a
                # stamp of its own: never one stored before).
                old = data.draw(st.sampled_from(kept), label="older game")
                before = dict(storage.items)
                try:  # all or nothing, as the page stores a commit
                    storage.write_all({GAME_KEY: old, STAMP_KEY: f"theirs{n}"})
                except StorageFull:
                    storage.items = before
                stored = dict(storage.items)
                send(page, "storage", key=STAMP_KEY, text=stored.get(STAMP_KEY), stored=stored)
        else:
            open_boxes = session.game.open_boxes(session.game.current)
            if event["kind"] == "click" and event["action"] == "score" and open_boxes:
                # Mostly a box still open (a filled one is refused: tests/test_page.py).
                event["box"] = data.draw(st.sampled_from(open_boxes), label="box").value
            aside = [t.id for t in session.shelf.aside.tables]
            if event["kind"] == "click" and event["action"] == "resume" and aside:
                event["id"] = data.draw(st.sampled_from(aside), label="game put aside")
            send(page, **event)
        game = storage.get(GAME_KEY)
        if game is not None and game not in kept[-1:]:
            kept.append(game)
        had.append(copy.deepcopy(session.game))
        found, waiting = restarted(storage), session.shelf.waiting
        if waiting:  # refused: what is stored is a game the table had
            assert any(found.game == earlier for earlier in had), json.dumps(event)
        else:
            assert found.game == session.game, json.dumps(event)
            assert ids(found) == ids(session), json.dumps(event)
        # The player is told exactly while something waits (each commit is answered here
        # before the next event).
        full = text("status.storage_full", "en") in session.view().notice
        assert full == waiting, json.dumps(event)


def ids(session: Session) -> tuple[list[str], list[str]]:
    """The finished games kept, in detail and folded."""
    return [f.id for f in session.shelf.history], list(session.shelf.folded.ids)
