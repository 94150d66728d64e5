"""What the storage promises, in CPython: two tabs over one storage, a storage with a quota,
damaged and hostile data, and imports (docs/storage.md, "What the storage promises").

A tab is a ``Session`` over a mirror of a shared ``MemoryStorage``, as the game in its worker
is, whose every commit the page's own code stores (``static/storing.mjs`` under Node:
``tests/storing.py``); a reload is a new tab over the same storage (and, for the same tab, the
same spare ``sessionStorage``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kismet import Category, Game
from kismet.app.base.finished import MAX_TOTAL
from kismet.app.base.table import Table
from kismet.app.keeping.commit import Answer, Commit, Mirror, Outcome, units
from kismet.app.keeping.storage import (
    ASIDE_KEY,
    ASIDE_PREFIX,
    COPY_PREFIX,
    FOLDED_KEY,
    GAME_KEY,
    HISTORY_KEY,
    PREFIX,
    PROBE_KEY,
    SETTINGS_KEY,
    SPARE_PREFIX,
    STAMP_KEY,
    MemoryStorage,
    Storage,
    StorageFull,
    StorageUnavailable,
)
from kismet.app.play.lobby import Lobby
from kismet.app.play.moves import Moves
from kismet.app.play.tables import Tables
from kismet.app.screen.session import Session
from kismet.rules.bounded import MAX_DEPTH, depth, load_json
from kismet.rules.errors import SaveError, SaveProblem
from kismet.rules.scoring import score, upper_bonus
from tests.storing import (
    COMMIT_CASES,
    SPARE,
    Case,
    guarded_through,
    room_at_start,
    store,
    store_json,
)


class Clock:
    """One clock for every tab: each reading a second later."""

    def __init__(self) -> None:
        self.tick = 0

    def __call__(self) -> str:
        self.tick += 1
        minutes, seconds = divmod(self.tick, 60)
        hours, minutes = divmod(minutes, 60)
        days, hours = divmod(hours, 24)
        return f"2026-11-{1 + days:02d}T{hours:02d}:{minutes:02d}:{seconds:02d}+00:00"


class Quota(MemoryStorage):
    """Storage with a quota, counted as a browser counts it (keys and values); a refused
    write leaves everything as it was."""

    def __init__(self, quota: int = 10**9) -> None:
        super().__init__()
        self.quota = quota

    def used(self, without: str | None = None) -> int:
        return sum(units(k) + units(v) for k, v in self.items.items() if k != without)

    def set(self, key: str, value: str) -> None:
        if self.used(without=key) + units(key) + units(value) > self.quota:
            raise StorageFull()
        super().set(key, value)

    def leave(self, room: int) -> None:
        """Leave only ``room`` characters free (as another app's data would)."""
        self.quota = self.used() + room


@pytest.fixture(autouse=True)
def no_tabs_left() -> Iterator[None]:
    TABS.clear()
    yield
    TABS.clear()


class Tab:
    """A tab of the site in a worker: a session over a mirror of the shared storage, whose
    every action's commit the page's side stores at once (then the page's answer goes back,
    and any commit that answer makes); the other tabs over the same storage hear of each
    write stored, as the browser's ``storage`` event tells them."""

    def __init__(self, storage: Storage, clock: Clock, spare: MemoryStorage | None) -> None:
        self.storage, self.spare = storage, spare
        mirror = Mirror(read_all(storage))
        mirror.room = room_at_start(storage) if mirror.items is not None else None
        kept = None if spare is None else Mirror(read_all(spare))
        self.session = Session(mirror, seed=3, clock=clock, spare=kept)
        TABS.setdefault(id(storage), []).append(self)
        self.store()

    def store(self) -> None:
        """What the page does with each answer: store its commit, say how it went."""
        for _ in range(50):
            commit = self.session.shelf.store.commit()
            if commit is None:
                return
            answer = store(self.storage, commit, self.spare)
            self.session.tables.settle(answer)
            if answer.outcome is Outcome.STORED:
                for other in TABS[id(self.storage)]:
                    if other is not self:
                        for key, value in commit.writes:
                            other.other_tab_wrote(key, value)
        raise AssertionError("the commits never settled")

    def other_tab_wrote(
        self, key: str | None, value: str | None, stored: dict[str, str] | None = None
    ) -> None:
        """What the page tells the game when it hears another tab's write."""
        self.session.shelf.store.commits.other_tab_wrote(key, value, stored)

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.session, name)
        return Storing(found, self.store) if callable(found) or isinstance(found, PARTS) else found


PARTS = (Moves, Lobby, Tables)
"""The session's parts whose commands a tab stores."""


class Storing:
    """A session's part (or command) as a tab offers it: each command's commit is stored
    as soon as it returns."""

    def __init__(self, found: Any, store: Callable[[], None]) -> None:
        self.found, self.store = found, store

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        result = self.found(*args, **kwargs)
        self.store()
        return result

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.found, name)
        if callable(found) or isinstance(found, PARTS):
            return Storing(found, self.store)
        return found


TABS: dict[int, list[Tab]] = {}
"""The tabs open over each storage (by its id)."""


def read_all(storage: Storage) -> dict[str, str] | None:
    """The site's keys, as the page reads them when it starts (None: storage refused)."""
    try:
        listed = storage.keys()  # a Storage, not a dict
        return {k: v for k in listed if k.startswith(PREFIX) and (v := storage.get(k)) is not None}
    except StorageUnavailable:
        return None


def tab(storage: MemoryStorage, clock: Clock, spare: MemoryStorage | None = None) -> Session:
    """A tab opened (or reloaded) over ``storage``, with this tab's ``spare`` storage."""
    return Tab(storage, clock, spare)  # type: ignore[return-value]


def take_turn(app: Session, box: Category | None = None) -> None:
    """Roll once and fill ``box`` (else the first open box), saying yes to any question."""
    app.moves.roll()
    if not app.game.dice:
        return  # the roll was not taken: the tab caught up with another
    app.moves.choose(box or app.game.open_boxes(app.game.current)[0])
    if app.moves.pending is not None:
        app.moves.confirm()


def one_aside(app: Session, first: str, then: str) -> None:
    """A turn of ``first``'s game, put aside for a new game of ``then``'s, and its turn."""
    app.lobby.new_game([first])
    take_turn(app)
    app.lobby.new_game([then])
    app.moves.confirm()
    take_turn(app)


def fills(app: Session) -> int:
    return len(app.game.history)


def finish(app: Session) -> None:
    while not app.game.is_over:
        take_turn(app)


def aside_ids(storage: MemoryStorage) -> list[str]:
    return [k.rsplit(":", 1)[-1] for k in storage.items if k.startswith(ASIDE_PREFIX)]


def history_ids(storage: MemoryStorage) -> list[str]:
    return [r["id"] for r in json.loads(storage.items.get(HISTORY_KEY, "[]"))]


# ---------------------------------------------------------------------- two tabs


def test_a_box_filled_in_another_tab_is_never_lost() -> None:
    storage, clock = MemoryStorage(), Clock()
    a = tab(storage, clock)
    for _ in range(3):
        take_turn(a)
    b = tab(storage, clock)  # opens the same game
    take_turn(b)
    assert fills(b) == 4
    a.moves.roll()  # a still shows three boxes: it catches up instead of rolling
    assert fills(a) == 4 and not a.game.dice
    assert "another tab" in a.status
    take_turn(a)  # and then plays on from b's box
    again = tab(storage, clock)
    assert fills(again) == 5 and again.game.history[:4] == b.game.history


def test_a_game_finished_in_another_tab_stays_finished_and_recorded_once() -> None:
    storage, clock = MemoryStorage(), Clock()
    a = tab(storage, clock)
    for _ in range(14):
        take_turn(a)
    b = tab(storage, clock)
    take_turn(b)
    assert b.game.is_over and len(history_ids(storage)) == 1
    a.moves.roll()
    assert a.game.is_over and "another tab" in a.status
    again = tab(storage, clock)
    assert again.game.is_over and history_ids(storage) == [again.table.id]


def test_a_game_recorded_in_another_tab_stays_in_the_history() -> None:
    storage, clock = MemoryStorage(), Clock()
    a = tab(storage, clock)
    b = tab(storage, clock)
    b.lobby.new_game(["Bo"])
    finish(b)
    a.lobby.new_game(["Ann"])
    finish(a)
    names = [r["players"] for r in json.loads(storage.items[HISTORY_KEY])]
    assert names == [["Bo"], ["Ann"]]
    assert {h.name for h in tab(storage, clock).shelf.high_scores()} == {"Ann", "Bo"}


def test_a_challenge_accepted_in_another_tab_is_kept_and_nothing_is_doubled() -> None:
    storage, clock = MemoryStorage(), Clock()
    sender = tab(MemoryStorage(), clock)
    sender.lobby.play_daily(date(2026, 12, 6))
    finish(sender)
    code = sender.view().linked.share.code
    a = tab(storage, clock)
    take_turn(a)
    mine = a.table.id
    b = tab(storage, clock)
    b.lobby.open_link(code)
    b.lobby.accept_challenge()
    b.moves.confirm()  # a's game is put aside
    take_turn(b)
    take_turn(b)
    take_turn(a)
    assert a.table.challenge == code and fills(a) == 2 and "Games in progress" in a.status
    take_turn(a)
    take_turn(a)
    again = tab(storage, clock)
    assert again.table.challenge == code and fills(again) == 4
    assert aside_ids(storage) == [mine]  # once, and not at the table
    challenge = again.table.id
    again.lobby.resume(mine)
    assert again.table.id == mine and fills(again) == 1
    assert aside_ids(storage) == [challenge] and tab(storage, clock).table.id == mine


def test_a_game_taken_up_in_one_tab_cannot_be_taken_up_again_in_another() -> None:
    storage, clock = MemoryStorage(), Clock()
    a = tab(storage, clock)
    one_aside(a, "Ann", "Bo")
    [waiting] = a.view().aside
    b = tab(storage, clock)
    b.lobby.resume(waiting.id)
    take_turn(b)
    a.lobby.resume(waiting.id)  # a catches up: Bo's game was put aside there, Ann's is at b's table
    a.lobby.resume(waiting.id)
    assert a.table.id == waiting.id and fills(a) == 2
    again = tab(storage, clock)
    tables = [again.table.id, *aside_ids(storage)]
    assert sorted(tables) == sorted(set(tables)) and len(tables) == 2


ACTIONS = st.lists(
    st.tuples(
        st.integers(0, 1), st.sampled_from(["turn", "turn", "turn", "new", "resume", "reload"])
    ),
    min_size=1,
    max_size=60,
)


class Recorder(MemoryStorage):
    """A shared storage that remembers the furthest state of each game ever stored."""

    def __init__(self) -> None:
        super().__init__()
        self.furthest: dict[str, int] = {}
        self.over: set[str] = set()

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        if key == GAME_KEY or key.startswith(ASIDE_PREFIX):
            table = Table.from_dict(json.loads(value))
            self.furthest[table.id] = max(self.furthest.get(table.id, 0), len(table.game.history))
            if table.game.is_over:
                self.over.add(table.id)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS)
def test_no_interleaving_of_two_tabs_loses_a_box_a_game_or_a_finished_game(
    actions: list[tuple[int, str]],
) -> None:
    storage, clock = Recorder(), Clock()
    tabs = [tab(storage, clock), tab(storage, clock)]
    for who, action in actions:
        app = tabs[who]
        if action == "turn":
            take_turn(app)
        elif action == "new":
            app.lobby.new_game(["Ann", "Bo"][: 1 + who])
            app.moves.confirm()
        elif action == "resume" and app.view().aside:
            app.lobby.resume(app.view().aside[-1].id)
        elif action == "reload":
            tabs[who] = tab(storage, clock)
    final = tab(storage, clock)
    places = [final.table, *final.shelf.aside.tables]
    ids = [t.id for t in places]
    assert len(ids) == len(set(ids)), "a game is in two places"
    finished = set(history_ids(storage))
    assert storage.over <= finished, "a finished game is missing from the history"
    for game_id, furthest in storage.furthest.items():
        if game_id in finished:
            continue
        table = next((t for t in places if t.id == game_id), None)
        if furthest == 0:
            continue  # a game never begun may be replaced
        assert table is not None, f"game {game_id} with {furthest} boxes is lost"
        assert len(table.game.history) == furthest, f"game {game_id} lost boxes"


# ------------------------------------------------------------------ a full storage


def played(storage: MemoryStorage, clock: Clock, games: int) -> Session:
    app = tab(storage, clock)
    for _ in range(games):
        app.lobby.new_game(["Ann"])
        finish(app)
    return app


def test_finishing_a_game_in_a_full_storage_loses_nothing() -> None:
    storage, clock, spare = Quota(), Clock(), MemoryStorage()
    app = tab(storage, clock, spare)
    for _ in range(14):
        take_turn(app)
    app.moves.roll()
    storage.leave(10)  # another app's data leaves 10 characters
    before = dict(storage.items)
    app.moves.choose(app.game.open_boxes(0)[0])  # the last box: neither fits
    if app.moves.pending is not None:
        app.moves.confirm()
    assert app.game.is_over
    view = app.view()
    assert "Storage is full" in view.notice and view.can_free
    assert len(app.shelf.history) == 1  # shown here, waiting to be stored
    assert storage.items == before  # nothing stored was lost or half-written
    app.lobby.change_settings(shapes=True)  # a later write of anything does not hide the problem
    assert "Storage is full" in app.view().notice
    # A reload of this tab has the finished game back, and says so (not "just as you left it").
    again = tab(storage, clock, spare)
    assert again.game.is_over and "kept in the tab" in again.status
    assert "just as you left it" not in again.status
    assert "Storage is full" in again.view().notice
    # Another tab has only what was stored, and does not claim it is all.
    other = tab(storage, clock)
    assert not other.game.is_over and "as it was last saved" in other.status
    again.lobby.free_space()  # nothing of the game's can be folded: still full, and said
    assert "still full" in again.status
    storage.quota = 10**9  # the other app's data goes
    again.lobby.free_space()
    assert "Everything is saved" in again.status and not again.view().notice
    fresh = tab(storage, clock)
    assert fresh.game.is_over and history_ids(storage) == [fresh.table.id]


def finished_while_full(storage: Quota, clock: Clock, spare: MemoryStorage) -> Any:
    """A tab whose last box is filled once another app's data leaves 10 characters of
    ``storage``: neither the finished game nor its record fits."""
    app: Any = Tab(storage, clock, spare)
    for _ in range(14):
        take_turn(app)
    app.moves.roll()
    storage.leave(10)
    app.moves.choose(app.game.open_boxes(0)[0])
    if app.moves.pending is not None:
        app.moves.confirm()
    return app


def test_a_reload_between_a_refused_commit_and_the_next_still_has_the_game() -> None:
    """The page's side removes the tab's copy of its game only once the storage holds the
    game: a commit that both stores the game and removes that copy, refused, leaves the copy
    (until 2026-12-05 it went first, and a reload before the next commit put it back found
    neither: seen once in Chromium, in ``tests/test_tabs.py``'s full-storage reload)."""
    storage, clock, spare = Quota(), Clock(), MemoryStorage()
    app = finished_while_full(storage, clock, spare)
    assert app.game.is_over and spare.items
    # The game's next write, after the room was handed back to the page to decide: the
    # mirror takes it, and its commit is refused.
    app.session.lobby.change_settings(shapes=True)
    commit = app.session.shelf.store.commit()
    assert commit is not None and commit.spared == ((SPARE_PREFIX + GAME_KEY, None),)
    assert store(storage, commit, spare).outcome is Outcome.FULL
    again = tab(storage, clock, spare)  # reloaded before the next commit
    assert again.game.is_over and "kept in the tab" in again.status


def test_a_finished_game_refused_is_said_full_while_its_write_is_tried_again() -> None:
    """The finished game a full storage refused is tried again with a later action (the
    room may have grown): the paint that goes with that commit still says the storage is
    full (the ledger's waiting games, like the store's waiting writes), until the page
    stores it."""
    storage, clock, spare = Quota(), Clock(), MemoryStorage()
    app = finished_while_full(storage, clock, spare)
    session: Session = app.session
    assert session.game.is_over and session.shelf.ledger.waiting
    session.shelf.forget_game_write()  # (another tab stored this game since): only the
    assert not session.shelf.store.waiting  # finished game waits, in the ledger
    for room in (10, 10**6):
        storage.leave(room)
        session.lobby.change_settings(shapes=not session.shelf.settings.shapes)
        session.shelf.save_game(session.table)  # as any move of the game does
        assert not session.shelf.waiting  # the mirror took it all: the page decides
        assert "Storage is full" in session.view().notice  # painted with the commit
        app.store()
    assert history_ids(storage) == [session.table.id] and not session.view().notice


def test_free_space_folds_older_games_and_keeps_their_statistics() -> None:
    storage, clock = Quota(), Clock()
    app = played(storage, clock, 6)
    app.lobby.new_game(["Ann"])
    for _ in range(14):
        take_turn(app)
    storage.leave(10)
    take_turn(app)
    app.lobby.free_space()
    assert not app.view().notice, app.status
    fresh = tab(storage, clock)
    assert fresh.game.is_over and fresh.progress.stats("Ann").tally.games == 7
    assert len(json.loads(storage.items[FOLDED_KEY])["ids"]) >= 3


def test_storage_running_short_folds_old_games_and_never_drops_one() -> None:
    storage, clock = Quota(), Clock()
    app = played(storage, clock, 8)
    storage.leave(300)  # room for the game, not for the longer history
    app.lobby.new_game(["Ann"])
    finish(app)
    assert not app.view().notice
    again = tab(storage, clock)
    assert again.progress.stats("Ann").tally.games == 9
    assert json.loads(storage.items[FOLDED_KEY])["ids"]


def test_folding_with_no_room_even_for_the_tallies_frees_room_first() -> None:
    storage, clock = Quota(), Clock()
    app = played(storage, clock, 8)
    storage.leave(40)
    app.lobby.new_game(["Ann"])
    finish(app)
    again = tab(storage, clock)
    assert again.progress.stats("Ann").tally.games == 9


def test_a_game_under_way_is_never_replaced_while_it_cannot_be_put_aside() -> None:
    storage, clock = Quota(), Clock()
    app = tab(storage, clock)
    take_turn(app)
    take_turn(app)
    storage.leave(20)
    app.lobby.new_game(["Bo"])
    app.moves.confirm()
    assert app.game.players == ("Player 1",) and fills(app) == 2
    assert "leaving it now would lose it" in app.status
    assert not aside_ids(storage)
    assert tab(storage, clock).game.players == ("Player 1",)
    storage.quota = 10**9  # room again: now it is put aside
    app.lobby.new_game(["Bo"])
    app.moves.confirm()
    assert app.game.players == ("Bo",) and len(aside_ids(storage)) == 1


def test_a_game_that_could_not_be_put_aside_keeps_its_unsaved_moves_waiting() -> None:
    # Found by tests/test_any_events.py (2026-12-08): a move refused while full, then a new
    # game confirmed. The room is found again with each commit, so the game under way went
    # aside in the tab's copy and only the page refused it; taking that back dropped every
    # write waiting, the refused move's too: the notice went, and a page opened afresh lost it.
    storage, clock, spare = Quota(), Clock(), MemoryStorage()
    app = tab(storage, clock, spare)
    take_turn(app)
    app.moves.roll()  # (the first roll of a turn writes less: the last box can no longer be undone)
    storage.leave(0)
    app.moves.roll()
    assert app.shelf.waiting and "Storage is full" in app.view().notice
    app.lobby.new_game(["Bo"])
    app.moves.confirm()
    assert app.game.players == ("Player 1",) and "leaving it now would lose it" in app.status
    assert app.shelf.waiting and "Storage is full" in app.view().notice
    assert not aside_ids(storage)
    assert tab(storage, clock, MemoryStorage(spare.items)).game == app.game  # a reload of the tab
    storage.quota = 10**9  # room again: what waited is stored with the next write
    app.lobby.free_space()
    assert not app.shelf.waiting and tab(storage, clock).game == app.game


def test_a_game_resumed_in_vain_stays_put_aside() -> None:
    # Ann's roll is refused while full; then Bo's game is resumed: Ann's goes aside and
    # Bo's key goes, in the tab's copy, until the page refuses it all. Ann's game takes the
    # table back, its roll waiting, and Bo's stays aside: nothing else of that move waits
    # to be stored later (Bo's key removed then would lose Bo's game).
    storage, clock = Quota(), Clock()
    app = tab(storage, clock)
    one_aside(app, "Bo", "Ann")
    app.moves.roll()
    bo = aside_ids(storage)
    assert len(bo) == 1
    storage.leave(0)
    app.moves.roll()
    app.lobby.resume(bo[0])
    assert app.game.players == ("Ann",) and "leaving it now would lose it" in app.status
    assert app.shelf.waiting and "Storage is full" in app.view().notice
    assert [t.id for t in app.shelf.aside.tables] == bo
    storage.quota = 10**9
    app.lobby.free_space()
    assert not app.shelf.waiting and tab(storage, clock).game == app.game
    assert aside_ids(storage) == bo


def test_a_restore_into_a_full_storage_says_it_is_not_saved() -> None:
    home, clock = Quota(), Clock()
    source = played(MemoryStorage(), clock, 3)
    exported = source.backups.file(source.table, clock()).text
    app = tab(home, clock)
    home.leave(50)
    app.lobby.restore_file(exported)
    assert "Restored 3" in app.status and "not saved yet" in app.status
    assert "Storage is full" in app.view().notice
    home.quota = 10**9
    app.lobby.free_space()
    assert len(history_ids(home)) == 3


def test_a_corrupt_history_with_no_room_for_its_copy_keeps_every_good_game() -> None:
    source = played(MemoryStorage(), Clock(), 5)
    records = [r.to_dict() for r in source.shelf.history]
    raw = json.dumps([*records[:2], {"id": 3}, *records[2:]])
    storage, clock = Quota(), Clock()
    storage.items[HISTORY_KEY] = raw
    storage.leave(10)
    app = tab(storage, clock)
    assert "1 of your finished games could not be read" in app.status
    assert "no room to keep a copy" in app.status and "the other 5 are all here" in app.status
    assert len(app.shelf.history) == 5 and storage.items[HISTORY_KEY] == raw  # left as it is
    storage.quota = 10**9
    again = tab(storage, clock)
    assert "(a copy is kept)" in again.status
    assert len(history_ids(storage)) == 5
    assert [v for k, v in storage.items.items() if k.startswith(COPY_PREFIX)] == ['[{"id":3}]']
    assert "could not be read" not in tab(storage, clock).status  # said once


def test_with_storage_refused_games_put_aside_live_in_the_page() -> None:
    class Refusing(MemoryStorage):
        def get(self, key: str) -> str | None:
            raise StorageUnavailable()

        def set(self, key: str, value: str) -> None:
            raise StorageUnavailable()

        def keys(self) -> list[str]:
            raise StorageUnavailable()

    app = tab(Refusing(), Clock())
    take_turn(app)
    app.lobby.new_game(["Bo"])
    app.moves.confirm()
    assert app.game.players == ("Bo",) and "not letting" in app.view().notice
    take_turn(app)
    [waiting] = app.view().aside
    app.lobby.resume(waiting.id)
    assert app.game.players == ("Player 1",) and fills(app) == 1
    assert [p.players for p in app.view().aside] == ["Bo"]


# ------------------------------------------------------------- damaged, hostile data

DEEP = "[" * 20_000 + "]" * 20_000
HUGE = json.dumps(["x" * 5_000_000])


@pytest.mark.parametrize("key", [GAME_KEY, HISTORY_KEY, FOLDED_KEY, SETTINGS_KEY, ASIDE_KEY,
                                 ASIDE_PREFIX + "2026-11-01T00:00:00+00:00:00ab"])  # fmt: skip
@pytest.mark.parametrize("value", [DEEP, HUGE, '{"a":' * 5000 + "1" + "}" * 5000])
def test_hostile_values_in_any_key_are_reported_once_and_kept(key: str, value: str) -> None:
    storage, clock = MemoryStorage({key: value}), Clock()
    app = tab(storage, clock)
    assert "could not be read" in app.status and "copy" in app.status
    assert [v for k, v in storage.items.items() if k.startswith(COPY_PREFIX)] == [value]
    take_turn(app)
    again = tab(storage, clock)
    assert "could not be read" not in again.status and fills(again) == 1
    assert len([k for k in storage.items if k.startswith(COPY_PREFIX)]) == 1


def test_a_corrupt_folded_tally_is_reset_once() -> None:
    storage, clock = MemoryStorage({FOLDED_KEY: '{"tallies": 5}'}), Clock()
    assert "tallies of your older finished games" in tab(storage, clock).status
    for _ in range(3):
        assert "could not be read" not in tab(storage, clock).status
    assert len([k for k in storage.items if k.startswith(COPY_PREFIX)]) == 1


def test_nesting_is_measured_without_recursion() -> None:
    assert depth('{"a": [1, {"b": "[[[[["}], "c": "\\"]]"}') == 3
    assert depth(DEEP) == 20_000
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x", 100) is not None
    for raw, problem in [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), SaveProblem.TOO_DEEP),
        ("x" * 101, SaveProblem.TOO_BIG),
        ("{nope", SaveProblem.NOT_JSON),
    ]:
        with pytest.raises(SaveError) as caught:
            load_json(raw, "x", 100)
        assert caught.value.problem is problem


# ----------------------------------------------------------------------- imports


def backup_of(app: Session, clock: Clock, **changes: Any) -> str:
    data = json.loads(app.backups.file(app.table, clock()).text)
    data.update(changes)
    return json.dumps(data)


def test_a_record_without_its_game_is_never_restored_as_a_finished_game() -> None:
    clock = Clock()
    source = played(MemoryStorage(), clock, 1)
    good = source.shelf.history[0].to_dict()
    bare = {**good, "id": "feedfacefeedface", "fills": "", "boxes": [], "jokers": [],
            "totals": [300], "lost": []}  # fmt: skip
    app = tab(MemoryStorage(), clock)
    for total in (99999, -500, MAX_TOTAL + 1):
        app.lobby.restore_file(backup_of(source, clock, history=[{**bare, "totals": [total]}]))
        assert "Nothing was changed" in app.status and not app.shelf.history
    app.lobby.restore_file(backup_of(source, clock, history=[good, bare]))
    assert "Restored 1 finished game (" in app.status and "left out" in app.status
    assert [f.id for f in app.shelf.history] == [good["id"]]
    assert all(h.points <= MAX_TOTAL for h in app.shelf.high_scores())


def test_an_identity_given_twice_in_a_file_is_restored_once() -> None:
    clock = Clock()
    source = played(MemoryStorage(), clock, 1)
    good = source.shelf.history[0].to_dict()
    app = tab(MemoryStorage(), clock)
    app.lobby.restore_file(backup_of(source, clock, history=[good, good]))
    assert len(app.shelf.history) == 1


def test_an_identity_stored_twice_in_the_history_is_read_once() -> None:
    clock, storage = Clock(), MemoryStorage()
    played(storage, clock, 1)
    [record] = json.loads(storage.items[HISTORY_KEY])
    storage.items[HISTORY_KEY] = json.dumps([record, {**record, "finished": "later"}, record])
    assert [f.finished for f in tab(storage, clock).shelf.history] == [record["finished"]]


def test_an_older_backup_never_revives_a_game_finished_since() -> None:
    clock = Clock()
    home = MemoryStorage()
    app = tab(home, clock)
    take_turn(app)
    older = app.backups.file(app.table, clock()).text  # the game under way
    finish(app)
    app.lobby.new_game(["Bo"])
    app.lobby.restore_file(older)
    assert not app.view().aside and not aside_ids(home)


def test_a_hostile_backup_is_refused_and_the_next_one_works() -> None:
    clock = Clock()
    source = played(MemoryStorage(), clock, 2)
    app = tab(MemoryStorage(), clock)
    for raw in (DEEP, '{"format": "kismet.export", "history": ' + DEEP + "}"):
        app.lobby.restore_file(raw)
        assert "Nothing was changed" in app.status
    app.lobby.restore_file(source.backups.file(source.table, clock()).text)
    assert "Restored 2" in app.status


# --------------------------------------------------------------------------- names


def test_a_name_that_can_be_played_can_be_shared_and_opened() -> None:
    clock = Clock()
    sender = tab(MemoryStorage(), clock)
    sender.lobby.new_game(["<3 Bob"])
    sender.lobby.play_daily(date(2026, 12, 6))
    finish(sender)
    share = sender.view().linked.share
    assert share is not None
    friend = tab(MemoryStorage(), clock)
    friend.lobby.open_link(share.code)
    offer = friend.view().linked.offer
    assert offer is not None and offer.name == "<3 Bob", friend.view().linked.notice


def test_the_highest_total_is_what_the_rules_allow() -> None:
    best_roll = {c: max(score(c, [f] * 5, joker=True) for f in range(1, 7)) for c in Category}
    straight = score(Category.STRAIGHT, [2, 3, 4, 5, 6])
    best_roll[Category.STRAIGHT] = max(best_roll[Category.STRAIGHT], straight)
    assert sum(best_roll.values()) + upper_bonus(78) == MAX_TOTAL
    game = Game(["A"])
    assert game.total(0) == 0


# ------------------------------------------------------------ commits, the page's side


def commit_of(base: str | None, *writes: tuple[str, str | None]) -> Commit:
    return Commit(1, base, tuple(writes))


def test_the_page_stores_a_commit_all_or_nothing_and_only_on_its_base() -> None:
    held = Quota()
    held.set(STAMP_KEY, "s0")
    held.set("kismet:v1:a", "old")
    stale = store(held, commit_of("elsewhere", ("kismet:v1:a", "new"), (STAMP_KEY, "s1")))
    assert stale.outcome is Outcome.STALE and held.items["kismet:v1:a"] == "old"
    assert stale.values == {STAMP_KEY: "s0", "kismet:v1:a": "old"}
    done = store(held, commit_of("s0", ("kismet:v1:a", "new"), ("kismet:v1:b", "b"),
                                 (STAMP_KEY, "s1")))  # fmt: skip
    assert done.outcome is Outcome.STORED
    assert held.items == {STAMP_KEY: "s1", "kismet:v1:a": "new", "kismet:v1:b": "b"}
    removed = store(held, commit_of("s1", ("kismet:v1:b", None), (STAMP_KEY, "s2")))
    assert removed.outcome is Outcome.STORED and "kismet:v1:b" not in held.items


@pytest.mark.parametrize("ending", ["complete", "abort", "error", "close"])
def test_a_commit_is_stored_however_the_browser_ends_its_transaction(ending: str) -> None:
    """The page stores each commit inside an IndexedDB transaction (static/storing.mjs,
    ``guarded``). Clearing the site's data closes the database under it, and Chromium may
    then say only "error" (never "abort") or nothing at all: the commit is stored all the
    same, once, and the page goes on (the wait for "complete" or "abort" alone once froze
    every later move; tests/test_backup_browser.py clears the data under a live game)."""
    assert guarded_through(ending) == {"outcome": "stored", "ran": 1}


@pytest.mark.parametrize("case", COMMIT_CASES, ids=lambda case: f"commit{case.commit.id}")
def test_the_page_stores_each_commit_as_it_should(case: Case) -> None:
    # As tests/test_commit.py checks it in Chromium, with the browser's own storage.
    held, spare = MemoryStorage(dict(case.stored)), MemoryStorage({SPARE: "kept"})
    assert store_json(held, case.commit, spare) == case.answer
    assert held.items == case.after and spare.items.get(SPARE) == case.spare


@pytest.mark.parametrize("room", [0, 8, 100, 1000])
def test_a_refused_commit_leaves_everything_as_it_was_and_says_the_room_left(room: int) -> None:
    held = Quota()
    held.set(STAMP_KEY, "s0")
    held.set("kismet:v1:long", "x" * 3000)
    held.leave(room)
    before = dict(held.items)
    # Shorter first (it frees room), then a write too long for what is left even so.
    big = "y" * (room + 4000)
    answer = store(held, commit_of("s0", ("kismet:v1:new", big), ("kismet:v1:long", "x"),
                                   (STAMP_KEY, "s1")))  # fmt: skip
    assert answer.outcome is Outcome.FULL and held.items == before
    left = held.quota - held.used()  # the probe removed
    # Measured with a probe key of its own: at most its key's length short.
    assert answer.room is not None and left - len(PROBE_KEY) <= answer.room <= left


def test_writes_that_free_room_go_first_so_a_commit_that_fits_in_the_end_is_stored() -> None:
    held = Quota()
    held.set(STAMP_KEY, "s0")
    held.set("kismet:v1:history", "h" * 5000)
    held.leave(10)
    # The tallies grow by 200, the list shrinks by 4000: together they fit.
    tallies, shorter = ("kismet:v1:folded", "f" * 200), ("kismet:v1:history", "h" * 1000)
    answer = store(held, commit_of("s0", tallies, shorter, (STAMP_KEY, "s1")))
    assert answer.outcome is Outcome.STORED and held.items["kismet:v1:folded"] == "f" * 200


def test_the_spare_is_written_whatever_happens_and_a_refusing_storage_says_so() -> None:
    class Off(MemoryStorage):
        def keys(self) -> list[str]:
            raise StorageUnavailable()

    spare = MemoryStorage()
    commit = Commit(1, None, (("kismet:v1:game", "g"),), (("kismet:v1:unsaved:game", "g"),))
    assert store(Off(), commit, spare).outcome is Outcome.OFF
    assert spare.items == {"kismet:v1:unsaved:game": "g"}
    assert store(MemoryStorage(), commit, spare).outcome is Outcome.STORED  # no stamp yet
    elsewhere = MemoryStorage({STAMP_KEY: "s9", "other": "x"})
    answer = Answer.from_dict(store_json(elsewhere, commit, spare))
    assert answer == Answer(1, Outcome.STALE, None, {STAMP_KEY: "s9"})  # the site's keys
    assert Answer.from_dict({"id": 2, "outcome": "full", "room": 7}).room == 7
    with pytest.raises(ValueError):
        Answer.from_dict({"id": 2, "outcome": "stale"})  # says nothing of what is stored


def test_a_mirror_refuses_what_the_measured_room_cannot_take_and_forgets_it_when_told() -> None:
    mirror = Mirror({STAMP_KEY: "s0"})
    mirror.room = 20
    with pytest.raises(StorageFull):
        mirror.set("kismet:v1:x", "y" * 20)  # 11 + 20 > 20
    mirror.set("kismet:v1:x", "y")  # 12: fits, 8 left
    assert mirror.room == 8
    mirror.other_tab_wrote("kismet:v1:other", "z")  # another tab wrote: the page decides again
    assert mirror.room is None and mirror.get("kismet:v1:other") == "z"
    assert mirror.take_writes() == {"kismet:v1:x": (None, "y")}  # another tab's write is not ours
    assert mirror.take_writes() == {}


# ------------------------------------------------- two tabs, events heard late


class Late(Tab):
    """A tab whose ``storage`` events wait until ``hear`` (as a busy page's do). As the page
    does, it reads what is stored when it hears of a write, with the stamp every key, and
    catches up at the stamp."""

    def __init__(self, storage: Storage, clock: Clock) -> None:
        self.heard: list[str | None] = []
        super().__init__(storage, clock, None)

    def other_tab_wrote(
        self, key: str | None, value: str | None, stored: dict[str, str] | None = None
    ) -> None:
        self.heard.append(key)  # heard only on ``hear``

    def hear(self, events: int | None = None) -> None:
        """Hear the first ``events`` writes waiting (None: all of them)."""
        taken, self.heard = self.heard[:events], self.heard[events:] if events else []
        for key in taken:
            stamp = key is None or key == STAMP_KEY
            value = None if key is None else self.storage.get(key)
            Tab.other_tab_wrote(self, key, value, read_all(self.storage) if stamp else None)
            if stamp:
                self.session.tables.sync()
                self.store()


LATE_ACTIONS = st.lists(
    st.tuples(st.integers(0, 1), st.sampled_from(["turn", "turn", "turn", "hear", "hear1", "new"])),
    min_size=1,
    max_size=50,
)


class Versions(MemoryStorage):
    """A shared storage that checks every game stored only ever grows: no box once stored
    is taken back or written over (without Undo, nothing may)."""

    def __init__(self) -> None:
        super().__init__()
        self.games: dict[str, tuple[Any, ...]] = {}

    def set(self, key: str, value: str) -> None:
        if key == GAME_KEY or key.startswith(ASIDE_PREFIX):
            table = Table.from_dict(json.loads(value))
            was, now = self.games.get(table.id, ()), tuple(table.game.history)
            assert now[: len(was)] == was, "a box once stored was written over"
            self.games[table.id] = now
        super().set(key, value)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=LATE_ACTIONS)
# Found by this test once tabs read what they hear when they hear it: a tab that heard
# another's game but not yet its stamp, then acted, had its stale move written again over
# the other tab's box (it compared the stored game with the one it had heard of, not with
# the one its move was made on).
@example(actions=[(0, "turn"), (1, "hear1"), (1, "turn")])
# The CI failure of aa10e97: a tab that heard a game, then the stamp of a later commit, took
# that game as the later one's, when the page sent the stamp alone.
@example(actions=[(1, "turn"), (0, "hear1"), (1, "turn"), (0, "hear")])
def test_a_move_shown_as_made_is_stored_however_late_the_other_tab_hears(
    actions: list[tuple[int, str]],
) -> None:
    storage, clock = Versions(), Clock()
    tabs = [Late(storage, clock), Late(storage, clock)]
    for who, action in actions:
        app = tabs[who]
        if action == "turn":
            take_turn(app)  # type: ignore[arg-type]
        elif action == "hear":
            app.hear()
            # Every write heard: the tab shows the game as stored (it follows at once).
            stored_now = Table.from_dict(json.loads(storage.get(GAME_KEY) or "{}"))
            assert app.session.table.id == stored_now.id
            assert app.session.game.history == stored_now.game.history, "a tab fell behind"
        elif action == "hear1":
            app.hear(1)  # the other tab may write again before this one hears the rest
        elif action == "new":
            app.lobby.new_game(["Ann", "Bo"][: 1 + who])
            app.moves.confirm()
        shown = app.session.table
        stored = storage.games.get(shown.id, ())
        made = len(shown.game.history)
        assert tuple(shown.game.history) == stored[:made], "a move shown as made is not stored"


@given(st.text())
@example("한국어 Kismet")
@example("\U0001f3b2 dice")
@example("\ud800 a lone surrogate, as JSON can carry one")
def test_a_text_weighs_its_utf16_code_units_as_browsers_count_them(text: str) -> None:
    # What a browser's String.length gives (the quota counts it): each character one unit,
    # two for one beyond the Basic Multilingual Plane; a lone surrogate one.
    assert units(text) == sum(2 if ord(c) > 0xFFFF else 1 for c in text)
