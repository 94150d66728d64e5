"""Games that outlive the browser, without a browser: the reminder to back up, the ask to
keep the storage for good, the word after a wipe, and a backup restored on a new device
(``kismet.app.keeping.backup``). The browser's side is in tests/test_backup_browser.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kismet.app.base.table import Table
from kismet.app.keeping.safekeeping import EVERY, Kept, Reminder, due, site_size
from kismet.app.keeping.storage import GAME_KEY, REMINDER_KEY, MemoryStorage
from kismet.app.screen.actions import Clicked, act
from kismet.app.screen.session import Session
from kismet.html.paint import keeping_ops
from tests.test_page import send, started

NOW = "2026-12-05T20:00:00+00:00"


class Today:
    """A clock that says the time it is set to."""

    def __init__(self, now: str = NOW) -> None:
        self.now = now

    def __call__(self) -> str:
        return self.now


def finish(app: Session, games: int) -> None:
    """Play ``games`` solo games to their end, the last box first each turn."""
    for _ in range(games):
        app.lobby.new_game(["Ann"])
        while not app.game.is_over:
            app.moves.roll()
            app.moves.choose(app.game.open_boxes(0)[-1])
            if app.moves.pending is not None:
                app.moves.confirm()


def session(storage: MemoryStorage | None = None, **given: object) -> Session:
    return Session(storage or MemoryStorage(), seed=3, clock=Today(), **given)  # type: ignore[arg-type]


# ------------------------------------------------------------------ reminder


@pytest.mark.parametrize(
    ("reminder", "finished", "kept", "now", "expected"),
    [
        (Reminder(), EVERY - 1, Kept(), NOW, False),
        (Reminder(), EVERY, Kept(), NOW, True),
        (Reminder(NOW, 5, 5), 5 + EVERY - 1, Kept(), NOW, False),
        (Reminder(NOW, 5, 5), 5 + EVERY, Kept(), NOW, True),
        (Reminder("", 0, 12), 12 + EVERY - 1, Kept(), NOW, False),  # put off at 12
        (Reminder("", 0, 12), 12 + EVERY, Kept(), NOW, True),
        # A backup over a week old, with storage the browser may clear: due after a game.
        (Reminder("2026-11-28T19:59:00+00:00", 3, 3), 4, Kept(), NOW, True),
        (Reminder("2026-11-28T20:01:00+00:00", 3, 3), 4, Kept(), NOW, False),
        (Reminder("2026-11-01T00:00:00+00:00", 3, 3), 3, Kept(), NOW, False),  # no new game
        (Reminder("2026-11-01T00:00:00+00:00", 3, 3), 4, Kept(persisted=True), NOW, False),
        (Reminder("2026-11-01T00:00:00+00:00", 3, 4), 4, Kept(), NOW, False),  # put off since
    ],
)
def test_the_reminder_is_due_after_ten_games_or_a_stale_backup(
    reminder: Reminder, finished: int, kept: Kept, now: str, expected: bool
) -> None:
    assert due(reminder, finished, kept, now) is expected


def test_the_reminder_shows_between_games_only_and_not_again_once_put_off() -> None:
    app = session()
    finish(app, EVERY - 1)
    assert not app.view().keeping.reminder
    finish(app, 1)
    assert app.view().keeping.reminder  # the tenth game is over: between games
    app.lobby.new_game(["Ann"])
    assert app.view().keeping.reminder  # a new game, not rolled yet
    app.moves.roll()
    assert not app.view().keeping.reminder  # never during a turn
    finish(app, 0)
    while not app.game.is_over:
        app.moves.choose(app.game.open_boxes(0)[-1])
        if app.moves.pending is not None:
            app.moves.confirm()
        if not app.game.is_over:
            assert not app.view().keeping.reminder
            app.moves.roll()
    assert app.view().keeping.reminder
    assert act(app, Clicked("backup-later"))
    assert not app.view().keeping.reminder
    finish(app, EVERY - 1)
    assert not app.view().keeping.reminder
    finish(app, 1)
    assert app.view().keeping.reminder  # ten more since it was put off
    app.backups.file(app.table, app.clock())
    assert app.view().keeping.reminder  # a file not yet out of the page (a share cancelled)
    app.safekeeping.made(app.clock())
    assert not app.view().keeping.reminder
    assert json.loads(app.shelf.store.raw(REMINDER_KEY) or "")["backed_up"] == NOW


@pytest.mark.parametrize(
    "stored",
    [
        "not json",
        "[]",
        '{"backed_up": 3}',
        '{"backed_up": "x", "games": 1, "dismissed": 0}',
        '{"backed_up": "", "games": -1, "dismissed": 0}',
        "[" * 5000,
    ],
)
def test_a_damaged_reminder_is_kept_aside_and_counts_as_no_backup(stored: str) -> None:
    app = session(MemoryStorage({REMINDER_KEY: stored}))
    assert app.safekeeping.reminder() == Reminder()
    assert REMINDER_KEY not in app.shelf.store.keys(REMINDER_KEY)
    assert any(stored == value for value in app.shelf.store.storage.items.values())  # type: ignore[attr-defined]


# --------------------------------------------------------- kept for good


def test_the_browser_is_asked_once_after_a_game_finished_here() -> None:
    app = session(kept=Kept(persisted=False, can_persist=True))
    assert not app.view().keeping.ask_persist
    finish(app, 1)
    assert app.view().keeping.ask_persist
    assert not app.view().keeping.ask_persist  # once a visit
    kept = session(kept=Kept(persisted=True, can_persist=True))
    finish(kept, 1)
    assert not kept.view().keeping.ask_persist
    unable = session(kept=Kept(can_persist=False))
    finish(unable, 1)
    assert not unable.view().keeping.ask_persist


def test_the_settings_line_says_where_the_data_stands_and_the_answer_changes_it() -> None:
    page, host = started(can_persist=True, site_bytes=31_400_000)
    line = next(op for op in host.last() if op[:2] == ("text", '[data-testid="storage-kept"]'))
    assert str(line[2]).startswith("This browser may clear your games")
    assert "(the whole site, kept for offline play: 31.4 MB)" in str(line[2])
    assert ("data", '[data-testid="storage-kept"]', "persisted", "false") in host.last()
    _, host = started(clears_unvisited=True)
    assert any("Safari deletes this page's games after 7 days" in str(op[-1]) for op in host.last())
    send(page, "kept", persisted=True, site_bytes=32_000_000)
    assert ("data", '[data-testid="storage-kept"]', "persisted", "true") in page.host.last()  # type: ignore[attr-defined]
    said = [op for op in page.host.last() if op[:2] == ("text", '[data-testid="storage-kept"]')]  # type: ignore[attr-defined]
    assert said and str(said[0][2]).startswith("This browser keeps your games for good.")
    assert ("persist", None) in keeping_ops(
        page.session.view().keeping._replace(ask_persist=True), "en"
    )


def test_a_site_size_the_browser_does_not_say_is_said_unknown_on_every_path() -> None:
    # The page sends -1 where the browser gives no estimate (static/storing.mjs): at the
    # start, and with the answer to persist(). Once the answer read it as 1 KB.
    unknown = "how much the whole site takes, this browser does not say"
    line = '[data-testid="storage-kept"]'

    def said(host: Any) -> str:
        return next(str(op[2]) for op in reversed(host.last()) if op[:2] == ("text", line))

    for start in ({"site_bytes": -1}, {}, {"site_bytes": "lots"}, {"site_bytes": True}):
        page, host = started(can_persist=True, **start)
        assert unknown in said(host), start
        for answer in ({"site_bytes": -1}, {}, {"site_bytes": None}, {"site_bytes": -7}):
            send(page, "kept", persisted=True, **answer)
            assert unknown in said(host) and "site, kept" not in said(host), answer
        send(page, "kept", persisted=True, site_bytes=2_500_000)
        assert "(the whole site, kept for offline play: 2.5 MB)" in said(host)
    assert site_size(-1) is None and site_size(0) == 0 and site_size(False) is None


# ---------------------------------------------------------------- wiped


def test_a_cleared_storage_on_a_device_that_played_before_is_said() -> None:
    assert session(played_before=True).view().keeping.wiped
    assert not session(played_before=False).view().keeping.wiped
    played = MemoryStorage()
    finish(session(played), 1)
    assert not session(played, played_before=True).view().keeping.wiped
    wiped = session(played_before=True)
    wiped.moves.roll()
    assert not wiped.view().keeping.wiped  # a game under way: nothing to say in a turn


# ---------------------------------------------------------------- restore


def test_a_backup_restored_on_a_device_with_games_of_its_own_keeps_both_sets() -> None:
    mine, theirs = session(), Session(MemoryStorage(), seed=9, clock=Today())
    finish(mine, 3)
    finish(theirs, 2)
    names = {f.id for f in mine.shelf.history} | {f.id for f in theirs.shelf.history}
    assert len(names) == 5
    mine.lobby.restore_file(theirs.backups.file(theirs.table, theirs.clock()).text)
    assert mine.status.startswith("Restored 2 finished games (0 were already here).")
    assert {f.id for f in mine.shelf.history} == names
    assert mine.progress.stats("Ann").tally.games == 5


def test_a_backup_restored_on_a_new_device_takes_the_table_and_keeps_the_newest() -> None:
    app = session()
    finish(app, 2)
    app.lobby.new_game(["Ann", "Bo"])
    app.moves.roll()
    app.moves.choose(app.game.open_boxes(0)[0])
    if app.moves.pending is not None:
        app.moves.confirm()
    assert len(app.game.history) == 1
    at_table = app.table.id
    backup = app.backups.file(app.table, app.clock()).text
    fresh = session()
    fresh.lobby.restore_file(backup)
    assert fresh.status.startswith("Restored 2 finished games (0 were already here).")
    assert fresh.table.id == at_table and fresh.game.history == app.game.history
    assert fresh.shelf.high_scores() == app.shelf.high_scores()
    # The same backup again doubles nothing; a later one brings the game further along.
    fresh.lobby.new_game(["Cy"])  # the restored game goes aside, under way
    fresh.moves.confirm()
    fresh.moves.roll()
    fresh.lobby.restore_file(backup)
    assert fresh.status.startswith("Restored 0 finished games (2 were already here).")
    assert len(fresh.shelf.aside.tables) == 1
    app.moves.roll()
    app.moves.choose(app.game.open_boxes(1)[0])
    if app.moves.pending is not None:
        app.moves.confirm()
    fresh.lobby.restore_file(app.backups.file(app.table, app.clock()).text)
    (aside,) = fresh.shelf.aside.tables
    assert aside.id == at_table and aside.game.history == app.game.history
    stored = json.loads(fresh.shelf.store.raw(GAME_KEY) or "")
    assert Table.from_dict(stored).game.players == ("Cy",)  # the game at the table stays


def test_a_backup_restored_on_a_new_device_counts_as_made_there_and_not_elsewhere() -> None:
    app = session()
    finish(app, EVERY + 2)
    backup = app.backups.file(app.table, app.clock()).text
    fresh = session()
    fresh.lobby.restore_file(backup)
    assert fresh.safekeeping.finished == EVERY + 2
    assert not fresh.view().keeping.reminder  # its games are in the backup just opened
    assert fresh.safekeeping.reminder().backed_up == NOW
    own = session()
    finish(own, EVERY)  # games of its own, in no backup: still reminded
    own.lobby.restore_file(backup)
    assert own.view().keeping.reminder
