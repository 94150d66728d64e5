"""The page's Python in CPython: ``kismet.page.page.Page`` answering the page's events (as
``static/client.mjs`` sends them) with ops, over a host made of plain Python. What each
event does to the page is decided here, so it is tested here; the browser tests check
that the page carries it out."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Coroutine
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kismet import Category, Game
from kismet.app.base.keys import Pressed, code, command, key_table
from kismet.app.base.roster import Roster
from kismet.app.keeping.commit import Commit, Mirror, Outcome
from kismet.app.keeping.storage import GAME_KEY, STAMP_KEY, MemoryStorage
from kismet.app.screen.pacing import RETRY_MS
from kismet.html.ops import Op
from kismet.page.events import VALUES, Event, Kind
from kismet.page.host import Fetched, Start
from kismet.page.page import Page
from kismet.page.rehearsal import MOVES, rehearse
from kismet.text import text
from tests.storing import store_json
from tests.test_storage import Quota

ROOT = Path(__file__).resolve().parent.parent


class Host:
    """A ``kismet.page.host.Host`` in plain Python, and the page it serves: each answer's
    ops kept (``sent``), its commit stored in ``storage`` as the page stores it and the
    page's word sent back; timers waiting (run by hand, each then sent as a "due" event)."""

    def __init__(self, files: dict[str, bytes | str] | None = None) -> None:
        self.sent: list[list[Op]] = []
        self.timers: dict[int, int] = {}
        self.count = 0
        self.files = files or {}
        self.fetched: list[str] = []
        self.late = False
        self.is_online = True
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.page: Page | None = None
        self.storage: MemoryStorage = MemoryStorage()
        HOSTS.append(self)

    def take(self, answer: str) -> None:
        """What the page does with an answer: store its commit, then carry out its ops
        (not those of a stale commit), then say how the commit went."""
        given = json.loads(answer)  # every answer crosses as JSON
        commit, ops = given["commit"], [tuple(op) for op in given["ops"]]
        stored = None
        if commit is not None:
            writes = tuple((k, v) for k, v in commit["writes"])
            spare = tuple((k, v) for k, v in commit["spare"])
            stored = store_json(self.storage, Commit(commit["id"], commit["base"], writes, spare))
        if ops and (stored is None or stored["outcome"] != Outcome.STALE):
            self.sent.append(ops)
        if stored is not None and self.page is not None:
            word = {"kind": "stored", "answer": stored}
            self.take(self.page.handle(json.dumps(word)))

    def later(self, ms: int) -> int:
        self.count += 1
        self.timers[self.count] = ms
        return self.count

    def cancel(self, timer: int) -> None:
        self.timers.pop(timer, None)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(work)

    def run_tasks(self) -> None:
        """Run the work under way to its end (fetches answer at once), and then what it
        brought, in the page's next turn."""
        while self.tasks:
            asyncio.run(self.tasks.pop(0))
            self.run_timers(now=True)

    async def fetch(self, url: str, how: str) -> Fetched:
        self.fetched.append(url)
        body = self.files.get(url)
        if body is None:
            return Fetched(False, 404)
        return Fetched(True, 200, body)

    async def load_late(self) -> None:
        self.late = True

    def online(self) -> bool:
        return self.is_online

    def today(self) -> date:
        return date(2026, 12, 3)

    def run_timers(self, until: int = 20, *, now: bool = False) -> None:
        """Run the timers waiting (and those they start), soonest first (``now``: only
        those due at once)."""
        for _ in range(until):
            due = [t for t, ms in self.timers.items() if not now or ms == 0]
            if not due or self.page is None:
                return
            timer = min(due, key=lambda t: self.timers[t])
            del self.timers[timer]
            self.take(self.page.handle(json.dumps({"kind": "due", "timer": timer})))

    def last(self) -> list[Op]:
        return self.sent[-1]

    def all_ops(self) -> list[Op]:
        return [op for message in self.sent for op in message]


HOSTS: list[Host] = []


@pytest.fixture(autouse=True)
def no_work_left_behind() -> Any:
    """Work a test left unrun is closed (never awaited, it would be warned about)."""
    yield
    while HOSTS:
        for work in HOSTS.pop().tasks:
            work.close()


def started(
    storage: MemoryStorage | None = None, host: Host | None = None, **start: Any
) -> tuple[Page, Host]:
    """A page started over ``storage``, as the browser starts one: its game in a worker
    with a mirror of the site's keys (and the host as its page)."""
    host = host or Host()
    host.storage = storage if storage is not None else MemoryStorage()
    mirror = Mirror(dict(host.storage.items))
    page = Page(host, Start(**{"lang": "en", "search": "?seed=5", **start}), mirror)
    host.page = page
    host.take(page.start())
    return page, host


def send(page: Page, kind: str, **fields: Any) -> None:
    host = page.host
    assert isinstance(host, Host)
    host.take(page.handle(json.dumps({"kind": kind, **fields})))


def faces(ops: list[Op]) -> tuple[int, ...]:
    found = {
        int(re.sub(r"\D", "", str(op[1]))): int(str(op[3]))
        for op in ops
        if op[0] == "data" and "die-" in str(op[1]) and op[2] == "face" and op[3]
    }
    return tuple(found[i] for i in sorted(found))


def test_the_start_paints_the_game_then_says_ready_with_the_keys_the_game_takes() -> None:
    _, host = started()
    [first] = host.sent  # one message
    assert ("text", '[data-testid="current-player"]', "Player 1's turn") in first
    assert first[-1][0] == "ready"
    _, _, answered, taken = first[-1]
    assert [list(answered), list(taken)] == [list(k) for k in key_table()]


def test_the_key_table_is_commands_answer_for_every_key_in_every_context() -> None:
    answered, taken = key_table()
    assert set(taken) <= set(answered)
    for key in ["r", " ", "Enter", "Escape", "ArrowLeft", "3", "x", "?", "N"]:
        for n in range(16):
            pressed = Pressed(key, *(bool(n & bit) for bit in (8, 4, 2, 1)))
            found = command(pressed)
            assert (code(pressed) in answered) == (found is not None), pressed
            stops = found is not None and not found[0].keeps_default
            assert (code(pressed) in taken) == stops, pressed
    assert "Escape|0000" in answered and "Escape|0000" not in taken  # the browser's too
    assert "r|0100" not in answered  # typing a name


def test_a_click_on_roll_rolls_the_games_dice_and_paints_them_in_one_message() -> None:
    page, host = started()
    send(page, "click", action="roll")
    game = Game(["Player 1"], seed=5)
    game.roll()
    assert len(host.sent) == 2
    assert faces(host.last()) == game.dice
    send(page, "click", action="hold", die="1")  # the page's data-die, as text
    game.toggle_hold(1)
    assert page.session.game.held == game.held
    send(page, "key", pressed={"key": "r"})
    game.roll()
    assert faces(host.last()) == game.dice


def test_a_rehearsal_plays_a_turn_of_its_own_and_leaves_the_players_game_alone() -> None:
    page, host = started(lang="ko")
    stored, sent = dict(host.storage.items), list(host.sent)
    answers = [json.loads(answer) for answer in rehearse(Start(lang="ko", search="?seed=5"))]
    assert len(answers) == 1 + len(MOVES)
    assert all(answer["commit"] is not None for answer in answers[1:])  # each move changed it
    dice = [faces(answer["ops"]) for answer in answers]
    assert dice[0] == () and all(len(rolled) == 5 for rolled in dice[1:5])  # rolled, held...
    assert dice[1][0] == dice[2][0] == dice[3][0] == dice[4][0]  # ...die 0 held to the end
    assert dice[5] == () and len(dice[6]) == 5  # a box scored, the next turn rolled
    words = [str(op[-1]) for op in answers[0]["ops"] if op[0] == "text"]
    assert f"{text('app.games', 'ko')} (0)" in words  # in the page's language
    # Nothing of it reached the player's page or the storage: the player's dice are the
    # seed's, as without a rehearsal.
    assert dict(host.storage.items) == stored and host.sent == sent
    send(page, "click", action="roll")
    game = Game(["Player 1"], seed=5)
    game.roll()
    assert faces(host.last()) == game.dice


def test_a_boxs_rule_opens_on_its_name_and_closes_on_a_tap_anywhere_else() -> None:
    page, host = started()

    def sheets() -> list[str]:
        return [str(op[2]) for op in host.last() if op[0] == "sheet"]

    send(page, "click", action="rule", box="straight")
    assert 'data-testid="box-rule"' in sheets()[0]
    send(page, "click", action="")  # the card's blank space
    assert 'data-testid="box-rule"' not in sheets()[0]
    send(page, "click", action="rule", box="flush")
    send(page, "click", action="roll")  # any other control: it does its part, and closes it
    assert 'data-testid="box-rule"' not in sheets()[0]
    assert page.session.game.rolls_left == 2


def test_a_disabled_control_does_nothing_but_close_the_menu() -> None:
    page, host = started()
    send(page, "click", action="roll", disabled=True)
    assert host.last() == [("menu", None, False)]
    assert page.session.game.rolls_left == 3


def test_the_menu_stays_open_for_its_switches_and_closes_for_the_rest() -> None:
    page, host = started()
    send(page, "click", action="menu", in_header=True)
    assert host.last()[0] == ("menu", None, None)  # toggled
    send(page, "click", action="sound", in_header=True)
    assert ("menu", None, False) not in host.last()
    send(page, "click", action="", in_header=True)  # the header's padding
    assert host.sent[-1] == host.sent[-2] or ("menu", None, False) not in host.last()
    send(page, "click", action="stats", in_header=True, values={"stats-player": ""})
    assert host.last()[0] == ("menu", None, False)
    assert ("open", "#stats-dialog", "#stats-title") in host.last()
    host.run_tasks()
    assert host.fetched == ["./static/perfect.json"]  # perfect play's figures, once


def test_keys_move_the_focus_close_the_menu_and_open_the_rules() -> None:
    page, host = started()
    send(page, "key", pressed={"key": "ArrowDown"})
    assert host.last() == [("move-focus", None, 1)]
    send(page, "key", pressed={"key": "Escape"})
    assert host.last() == [("menu", None, False)]
    send(page, "key", pressed={"key": "?"})
    assert ("open", "#help-dialog", "#help-title") in host.last()
    count = len(host.sent)
    send(page, "key", pressed={"key": "r", "typing": True})
    assert len(host.sent) == count  # nothing to paint


@pytest.mark.parametrize("level", ["casual", "good", "perfect"])
def test_one_tap_plays_the_computer_at_the_level_tapped(level: str) -> None:
    page, host = started()
    send(page, "click", action="new-game")
    send(page, "click", action="play-computer", id=level, roster=[["Ann", "human"]])
    assert ("close", "#new-game-dialog") in host.all_ops()
    table = page.session.table
    assert page.session.game.players[0] == "Ann" and len(page.session.game.players) == 2
    assert [str(seat) if seat else None for seat in table.seats] == [None, level]


def test_a_one_tap_game_refuses_a_level_that_is_not_one() -> None:
    page, _ = started()
    before = page.session.game.players
    send(page, "click", action="play-computer", id="grandmaster", roster=[["Ann", "human"]])
    assert page.session.game.players == before


def test_the_next_persons_turn_starts_with_a_hand_over_until_they_roll() -> None:
    page, host = started()
    send(page, "click", action="new-game")
    send(page, "submit", form="new-game", roster=[["Ann", "human"], ["Cy", "human"]])
    line = '[data-testid="handover-line"]'
    send(page, "click", action="roll")
    send(page, "click", action="score", box=page.session.game.open_boxes(0)[-1].value)
    if page.session.game.current == 0:  # a zero asked first
        send(page, "click", action="confirm")
    ops = host.all_ops()
    assert ("hidden", line, False) in ops and ("data", ".board", "handover", "on") in ops
    said = [op for op in ops if op[0] == "text" and op[1] == line][-1]
    assert said[2] == "Pass the device to Cy (0 points)."
    send(page, "click", action="roll")  # the one tap that starts Cy's turn
    assert ("hidden", line, True) in host.last()
    # Switched off: the turn passes with the brief flash only.
    send(page, "click", action="handover")
    assert page.session.settings.handover is False
    send(page, "click", action="score", box=page.session.game.open_boxes(1)[-1].value)
    if page.session.game.current == 1:
        send(page, "click", action="confirm")
    assert ("hidden", line, False) not in host.last()


def test_no_hand_over_when_a_computer_plays_next() -> None:
    page, host = started()
    send(page, "click", action="play-computer", id="casual", roster=[["Ann", "human"]])
    send(page, "click", action="roll")
    send(page, "click", action="score", box=page.session.game.open_boxes(0)[-1].value)
    if page.session.game.current == 0:
        send(page, "click", action="confirm")
    assert ("hidden", '[data-testid="handover-line"]', False) not in host.all_ops()


def test_a_new_game_starts_with_the_seats_the_dialog_had() -> None:
    page, host = started()
    send(page, "click", action="new-game")
    assert ("open", "#new-game-dialog", "#new-game-title") in host.last()
    seats = [["Ann", "human"], ["Bo", "human"]]
    send(page, "click", action="add-player", roster=seats)
    assert ("focus", '[data-testid="player-name-2"]') in host.last()
    send(page, "submit", form="new-game", roster=seats)
    assert host.last()[0] == ("close", "#new-game-dialog")
    assert page.session.game.players == ("Ann", "Bo")


def test_the_print_dialog_prints_what_was_chosen() -> None:
    page, host = started()
    send(page, "submit", form="print", values={"print-what": "blank", "print-players": "3"})
    ops = host.last()
    assert ops[0] == ("close", "#print-dialog") and ops[-1] == ("print", None, "blank")
    assert any(op[0] == "html" and op[1] == '[data-testid="blank-sheet"]' for op in ops)
    send(page, "click", action="print-stats")
    assert ("print", None, "stats") in host.last()


def test_the_real_dice_are_typed_entered_and_the_field_let_go() -> None:
    page, host = started()
    send(page, "click", action="mode")
    send(page, "input", values={"entry-faces": "6 6 6"})
    send(page, "submit", form="entry", values={"entry-faces": "66611"})
    assert page.session.game.dice == (6, 6, 6, 1, 1)
    assert ("blur", '[data-testid="entry-faces"]') in host.last()


def test_a_file_restored_or_unreadable_is_said_and_a_backup_is_handed_to_the_page() -> None:
    page, host = started()
    send(page, "backup", made=True)  # no file handed over: nothing happens
    assert page.session.safekeeping.reminder().backed_up == ""
    send(page, "restore", text=None)
    assert ("text", '[data-testid="backup-notice"]', page.session.status) in host.last()
    assert "could not be read" in page.session.status
    send(page, "click", action="backup")
    backup = next(op for op in host.last() if op[0] == "backup")
    assert str(backup[2]).startswith("kismet-") and json.loads(str(backup[3]))["format"]
    assert page.session.safekeeping.reminder().backed_up == ""  # not until it has left the page
    send(page, "backup", made=False)  # the share sheet cancelled: no backup
    assert page.session.status == "Not backed up: the share was cancelled."
    assert page.session.safekeeping.reminder().backed_up == ""
    send(page, "backup", made=True)  # no file handed over since: nothing to say
    assert page.session.safekeeping.reminder().backed_up == ""
    send(page, "click", action="backup")
    send(page, "backup", made=True)  # downloaded, or sent from the share sheet
    assert page.session.status == f"Backed up to {backup[2]}."  # the reminder's button too
    assert page.session.safekeeping.reminder().backed_up


def test_a_language_changes_to_its_own_page() -> None:
    page, host = started()
    send(page, "change", field="language", values={"language": "ko"})
    assert host.last() == [("navigate", None, "index.ko.html")]
    assert page.session.settings.lang == "ko"  # that page starts in it
    count = len(host.sent)
    send(page, "change", field="language", values={"language": "xx"})
    assert page.session.settings.lang == "ko" and len(host.sent) == count


def test_another_tabs_write_is_taken_up() -> None:
    storage = MemoryStorage()
    page, _ = started(storage)
    other, _ = started(storage)
    send(other, "click", action="roll")
    assert page.session.game.rolls_left == 3
    send(page, "storage", key=GAME_KEY, text=storage.items[GAME_KEY])  # heard: kept
    assert page.session.game.rolls_left == 3  # not the stamp: nothing more to read
    send(page, "storage", key=STAMP_KEY, text=storage.items[STAMP_KEY])
    assert page.session.game.rolls_left == 2
    assert GAME_KEY in storage.items


def test_a_stamp_heard_after_a_later_commit_takes_every_key_as_stored_then() -> None:
    # The browser tells a tab of each write of another tab in turn, but the page reads the
    # value when it hears of it: by the time it hears the first commit's stamp, the second
    # commit may be stored. So with a stamp the page sends every key as stored then (seen
    # in a full test run: the tab showed the first commit's game under the second's stamp,
    # and stayed there).
    storage = MemoryStorage()
    page, _ = started(storage)
    other, _ = started(storage)
    send(other, "click", action="roll")
    rolled = storage.items[GAME_KEY]
    options = other.session.game.options()
    send(other, "click", action="score", box=max(options, key=options.__getitem__).value)
    assert len(other.session.game.history) == 1
    send(page, "storage", key=GAME_KEY, text=rolled)  # heard before the second commit
    send(page, "storage", key=STAMP_KEY, text=storage.items[STAMP_KEY], stored=storage.items)
    assert page.session.game.state() == other.session.game.state()
    assert "another tab" in page.session.status
    send(page, "storage", key=GAME_KEY, text=storage.items[GAME_KEY])
    send(page, "storage", key=STAMP_KEY, text=storage.items[STAMP_KEY], stored=storage.items)
    assert page.session.game.state() == other.session.game.state()
    # Of what the page sends, only text under a key of the site is taken.
    sent = {"other": "1", GAME_KEY: 3, STAMP_KEY: "s"}
    heard = Event.from_json(json.dumps({"kind": "storage", "key": STAMP_KEY, "stored": sent}))
    assert heard.stored == {STAMP_KEY: "s"}
    assert Event.from_json(json.dumps({"kind": "storage", "key": GAME_KEY})).stored is None


def test_a_challenge_in_the_address_is_offered_and_the_address_cleared() -> None:
    page, host = started(hash="#c=not-a-link")
    assert ("address", None) in host.sent[0]  # read, then gone from the address
    assert page.session.linked.notice  # and refused with a line


def test_the_strategy_table_is_fetched_for_a_hint_and_a_failure_said_and_retried() -> None:
    page, host = started()
    send(page, "click", action="roll")
    send(page, "click", action="hint")
    host.run_tasks()
    assert host.late and host.fetched == ["static/strategy.bin"]
    status = '[data-testid="status"]'
    said = [op for op in host.last() if op[0] == "text" and op[1] == status]
    assert said[-1][2] == text("app.table_failed", "en")
    assert list(host.timers.values()) == [RETRY_MS]  # tried again by itself
    host.run_timers()
    send(page, "click", action="hint")  # asked again: fetched again
    host.run_tasks()
    assert host.fetched == ["static/strategy.bin"] * 2


def test_what_the_page_says_while_the_table_loads_stays_until_something_else_is_said() -> None:
    # The coach wants the table: "Loading..." is said as its fetch starts. A game link
    # refused meanwhile is said, and a repaint that still wants the table (a hold) leaves
    # it: once, "Loading..." was said again at every repaint, over the refusal (found by
    # benchmarks/hostile.py).
    page, host = started()
    send(page, "click", action="coach")
    status = '[data-testid="status"]'
    said = [op[2] for op in host.all_ops() if op[0] == "text" and op[1] == status]
    assert said[-1] == text("app.loading_table", "en")
    send(page, "hash", text="#g=AAAA")
    refusal = [op[2] for op in host.last() if op[0] == "text" and op[1] == status]
    assert refusal and refusal[-1].startswith("This link cannot be played")
    send(page, "click", action="roll")
    send(page, "click", action="hold", die=0)
    later = [op[2] for op in host.all_ops() if op[0] == "text" and op[1] == status]
    assert text("app.loading_table", "en") not in later[len(said) :]
    host.run_tasks()


def test_every_event_the_page_sends_is_read_and_a_strange_one_refused() -> None:
    assert Event.from_json('{"kind": "click", "action": "hold", "die": "2"}').die == 2
    odd = Event.from_json('{"kind": "click", "die": "x", "values": {"evil": "1", "language": 3}}')
    assert odd.die is None and odd.values == {}
    assert Event.from_json('{"kind": "submit", "roster": [["Ann", "human"], 5]}').roster == (
        Roster.of(["Ann"], ["human"])
    )
    assert Event.from_json('{"kind": "submit", "roster": [["Ann", "robot"]]}').roster is None
    for bad in ('{"kind": "explode"}', "[]", '"click"'):
        with pytest.raises(ValueError):
            Event.from_json(bad)
    sent = re.findall(
        r'(?:send|ask)\(\s*(?:withFields\(\s*|\(\) => \(\s*)?\{\s*kind: "([a-z]+)"', client()
    )
    assert set(Kind) == {Kind(k) for k in sent}  # the page sends every kind, and no other


def test_the_page_sends_the_fields_the_events_read() -> None:
    # The page reads the fields the build writes in from kismet.page.events.VALUES: each is
    # a control of the page (index.html, or HTML the game paints), by its test id or, for a
    # group of radio buttons, its name; and the page sends them with every event.
    sources = [ROOT / "index.html", *sorted((ROOT / "kismet" / "html").glob("*.py"))]
    markup = "\n".join(p.read_text(encoding="utf-8") for p in sources)
    controls = re.findall(r"<(?:input|select|textarea)\b[^>]*", markup)
    for field in VALUES:
        named = (f'data-testid="{field}"', f'name="{field}"')
        assert any(any(n in c for n in named) for c in controls), field
    assert "SHARED.fields.map(" in client()


def test_a_click_on_a_box_already_filled_changes_nothing() -> None:
    # Two taps in a row reach the game one after the other, both aimed at the page as it was.
    page, _ = started()
    send(page, "click", action="roll")
    box = Category.YARBOROUGH
    send(page, "click", action="score", box=box.value)
    filled = list(page.session.game.history)
    send(page, "click", action="score", box=box.value)
    send(page, "click", action="hold", die="0")
    assert list(page.session.game.history) == filled


def client() -> str:
    """The page's scripts that send events: the events' own, the game's (``due``,
    ``stored``, ``kept``) and the painter's (``backup``)."""
    names = ("events.mjs", "client.mjs", "paint.js")
    return "\n".join((ROOT / "static" / n).read_text(encoding="utf-8") for n in names)


def test_an_action_is_answered_with_its_paint_and_one_commit_and_a_stale_one_catches_up() -> None:
    storage = MemoryStorage()
    page, host = started(storage)
    answer = json.loads(page.handle(json.dumps({"kind": "click", "action": "roll"})))
    commit = answer["commit"]
    assert [key for key, _ in commit["writes"]] == [GAME_KEY, STAMP_KEY]
    assert commit["base"] == storage.items[STAMP_KEY]  # what it was made against
    assert faces([tuple(op) for op in answer["ops"]]) == page.session.game.dice
    host.take(json.dumps(answer))
    assert storage.items[STAMP_KEY] == commit["writes"][-1][1]  # stored, stamp and all
    # Another tab rolls; this one has not heard yet and rolls too: its commit is stale,
    # its paint is not carried out, and it catches up, saying so.
    other, _ = started(storage)
    send(other, "click", action="roll")
    painted = len(host.sent)
    send(page, "click", action="roll")
    assert page.session.game.rolls_left == other.session.game.rolls_left == 1
    assert page.session.game.dice == other.session.game.dice
    assert "another tab" in page.session.status
    assert len(host.sent) == painted + 1  # the stale paint dropped, the caught-up one sent


def test_a_full_storage_is_said_until_the_page_stores_what_it_refused() -> None:
    """Each action while the storage is full tries what waits again (the room may have
    grown): the paint sent with that commit still says the storage is full, and only the
    page's answer changes it (until 2026-12-07 the paint said nothing, and a test that
    read the notice between the paint and the answer found it empty)."""
    storage = Quota()
    page, host = started(storage)
    storage.leave(0)  # another app's data leaves no room
    notice = '[data-testid="notice"]'
    said = len(host.sent)
    for action in ("roll", "roll", "roll"):
        send(page, "click", action=action)
        assert page.session.shelf.waiting
    shown = [op[2] for ops in host.sent[said:] for op in ops if op[:2] == ("text", notice)]
    # The first roll's paint, before the page's answer, knows nothing yet; then it is said,
    # and never taken back.
    assert shown[0] == "" and set(shown[1:]) == {text("status.storage_full", "en")}
    storage.quota = 10**9  # the other app's data goes: the next action stores everything
    options = page.session.game.options()
    send(page, "click", action="score", box=max(options, key=options.__getitem__).value)
    assert not page.session.shelf.waiting and GAME_KEY in storage.items
    assert ("text", notice, "") in host.last()  # the answer's paint
