"""A game by link at the session: three devices (a session each, a storage each) play a
whole game passing the link on after each turn, with an extra Kismet; old, repeated,
parted and hostile links; what each device keeps and counts."""

from __future__ import annotations

import base64
import json

import pytest

from kismet import Category, Game
from kismet.advice.strategy import Advisor
from kismet.app.base.roster import Roster
from kismet.app.base.table import Table
from kismet.app.keeping.storage import MemoryStorage
from kismet.app.play.by_link import game_id
from kismet.app.screen.session import Session
from kismet.rules import SaveError
from kismet.rules.link import GameLink, decode_game, encode_game
from tests.helpers import greedy_box, greedy_turn, seed_with_extra_kismet
from tests.test_session import Clock

NAMES = ("Ann", "Bo", "Cy")
GAME_KEY = "kismet:v1:game"


def device(seed: int | None = None) -> tuple[Session, MemoryStorage]:
    storage = MemoryStorage()
    return Session(storage, seed=seed, clock=Clock()), storage


def play_turn(session: Session) -> None:
    """This device's turn, through the page's moves: the greedy player's holds and box."""
    moves = session.moves
    greedy_turn(session.game, moves.roll, moves.tap_die, moves.choose)
    assert moves.pending is None  # the best box: never a zero asked about


def score(session: Session, box: Category) -> None:
    """Fill ``box``, saying yes to a zero."""
    session.moves.choose(box)
    if session.moves.pending is not None:
        session.moves.confirm()


def sent_code(session: Session) -> str:
    view = session.view().by_link
    assert view is not None and view.send is not None
    return view.send.code


def started(seed: int) -> tuple[Session, MemoryStorage]:
    ann, storage = device(seed)
    ann.by_link.start(Roster.of(list(NAMES)))
    assert ann.table.by_link and ann.table.me == 0 and ann.game.players == NAMES
    return ann, storage


def test_three_devices_play_a_whole_game_by_link_with_an_extra_kismet() -> None:
    seed = seed_with_extra_kismet(NAMES)
    ann, _ = started(seed)
    devices = [ann, device()[0], device()[0]]
    asked = set()
    while not ann.game.is_over or any(not d.game.is_over for d in devices):
        mover = devices[ann.game.current] if not ann.game.is_over else None
        if mover is None:
            break
        assert mover.view().by_link.waiting == ""
        play_turn(mover)
        if mover.game.current == mover.table.me and not mover.game.is_over:
            continue  # an extra Kismet: the same player again, nothing to send yet
        code = sent_code(mover)
        for seat, other in enumerate(devices):
            if other is mover:
                continue
            other.by_link.open(code)
            by_link = other.view().by_link
            assert by_link is not None
            if other.table.me is None:  # the first link this device sees: which one?
                assert by_link.choose == NAMES and seat not in asked
                assert by_link.about.startswith("Ann, Bo and Cy: a game by link,")
                asked.add(seat)
                other.by_link.choose(seat)
                assert other.view().by_link.choose == ()
            assert other.game.history == mover.game.history
        for seat, each in enumerate(devices):
            by_link = each.view().by_link
            assert by_link is not None
            if each.game.is_over:
                continue
            mine = each.game.current == seat
            assert bool(by_link.waiting) != mine
            assert each.view().board.can_roll == mine
            if not mine:
                assert NAMES[each.game.current] in by_link.waiting
        ann = devices[0]
    games = [d.game for d in devices]
    assert all(g.is_over for g in games)
    assert len({tuple(g.history) for g in games}) == 1
    assert len({tuple(g.winners) for g in games}) == 1
    jokers = [f for f in games[0].history if f.joker]
    assert jokers, "the seed's game has an extra Kismet"
    roller = jokers[0].player
    after = games[0].history.index(jokers[0])
    penalties = [f for f in games[0].history[after + 1 : after + 3]]
    assert {f.player for f in penalties if f.penalty} == {0, 1, 2} - {roller}
    for seat, each in enumerate(devices):
        record = each.shelf.history[-1]
        assert record.totals == tuple(games[0].total(p) for p in range(3))
        assert [record.is_person(p) for p in range(3)] == [p == seat for p in range(3)]
        names = {player.name for player in each.statistics().names}
        assert names == {NAMES[seat]}, names  # a friend's seat is theirs, not this device's
        luck = each.view().luck  # each chose on their own device: no split of everyone's
        assert luck is not None and "in a game by link" in luck.line


def test_a_link_opened_twice_gives_the_same_dice_and_an_older_one_takes_nothing_back() -> None:
    ann, _ = started(5)
    play_turn(ann)
    first = sent_code(ann)
    bo, bo_storage = device()
    bo.by_link.open(first)
    bo.by_link.choose(1)
    bo.moves.roll()
    dice = bo.game.dice
    bo.by_link.open(first)  # the same link again, mid-turn: the turn stays as it is
    assert bo.game.dice == dice
    again, _ = device()
    again.by_link.open(first)
    again.by_link.choose(1)
    again.moves.roll()
    assert again.game.dice == dice  # another device, the same link: the same dice
    while bo.game.rolls_left:
        bo.moves.roll()
    bo.moves.choose(greedy_box(bo.game))
    second = sent_code(bo)
    ann.by_link.open(second)
    assert ann.game.current == 2 and ann.view().by_link.since  # what Bo did, said
    play_turn_as = ann.game.history
    stored = bo_storage.items[GAME_KEY]
    bo.by_link.open(first)  # older than what Bo's device has seen
    assert "seen this game further" in bo.status
    assert bo.game.history == play_turn_as and bo_storage.items[GAME_KEY] == stored


def test_a_link_that_parts_from_the_game_kept_here_is_refused() -> None:
    ann, _ = started(7)
    play_turn(ann)
    code = sent_code(ann)
    bo, cy = device()[0], device()[0]
    for each in (bo, cy):
        each.by_link.open(code)
        each.by_link.choose(1)  # Bo's seat claimed on two devices: each plays it its own way
    bo.moves.roll()
    score(bo, Category.ONES)
    cy.moves.roll()
    score(cy, Category.YARBOROUGH)
    ann.by_link.open(sent_code(bo))
    kept = ann.game.history
    ann.by_link.open(sent_code(cy))
    assert "does not follow" in ann.status and ann.game.history == kept


def test_games_by_link_are_listed_with_whose_turn_it_is() -> None:
    ann, _ = started(3)
    play_turn(ann)
    code = sent_code(ann)
    ann.lobby.new_game(["Ann"])
    ann.moves.confirm()  # put the game by link aside
    assert ann.lobby.aside()[0].state == "waiting for Bo"
    bo, _ = device()
    bo.by_link.open(code)
    bo.by_link.choose(1)
    bo.lobby.new_game(["Bo"])
    bo.moves.confirm()
    assert bo.lobby.aside()[0].state == "your turn"
    bo.lobby.resume(game_id(Game(list(NAMES), seed=3, linked=True, apart=True)))
    assert bo.table.by_link and bo.table.me == 1 and bo.view().board.can_roll


def test_no_undo_no_real_dice_no_computers_and_no_moves_out_of_turn() -> None:
    ann, _ = started(4)
    ann.moves.toggle_mode()
    assert "real dice cannot be entered" in ann.status
    play_turn(ann)
    assert not ann.moves.can_undo  # the game may already be on its way
    history = ann.game.history
    ann.moves.roll()  # Bo's turn, on Bo's device
    assert ann.game.dice == () and ann.game.history == history
    solo, _ = device()
    solo.by_link.start(Roster.of(["Ann", ""], ["human", "good"]))
    assert "no computers" in solo.status and not solo.table.by_link
    solo.by_link.start(Roster.of(["Ann"]))
    assert "2 to 8 people" in solo.status and not solo.table.by_link
    solo.by_link.start(Roster.of(["Ann", "Ann"]))
    assert "a name of their own" in solo.status and not solo.table.by_link


def hostile_links(code: str) -> dict[str, str]:
    """Each hostile kind of game link, made from a good one (``code``, of three seats)."""
    link = decode_game(code)
    return {
        "altered": altered(code),
        "truncated": code[: len(code) // 2],
        "a box twice": encode_game(link._replace(turns=link.turns * 4)),
        "wrong version": "A" + code[1:],
        "a seat twice": encode_game(link._replace(names=("Ann", "Ann", "Cy"))),
        "huge names": encode_game(link._replace(names=("A" * 250, "B" * 250, "C" * 250))),
        "not a link": "%3Cscript%3E",
    }


def altered(code: str) -> str:
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    data[12] ^= 1
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


HOSTILE = ("altered", "truncated", "a box twice", "wrong version", "a seat twice",
           "huge names", "not a link")  # fmt: skip


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_hostile_game_link_is_refused_with_a_line_and_nothing_stored_changes(
    hostile: str,
) -> None:
    ann, _ = started(6)
    play_turn(ann)
    codes = hostile_links(sent_code(ann))
    bo, storage = device()
    play_turn(bo)  # a game of Bo's own, under way
    before = dict(storage.items)
    bo.by_link.open(codes[hostile])
    assert bo.status.startswith("This link cannot be played:"), bo.status
    assert storage.items == before and not bo.table.by_link


def test_the_seat_kept_with_the_game_is_checked_when_it_is_read() -> None:
    ann, storage = started(8)
    ann.by_link.choose(2)  # said already: the first seat stays
    envelope = json.loads(storage.items[GAME_KEY])
    assert envelope["me"] == 0 and Table.from_dict(envelope).me == 0
    for bad in (3, -1, "0", True, 1.0):
        with pytest.raises(SaveError):
            Table.from_dict({**envelope, "me": bad})
    solo = Table(Game(["Ann"]), (None,)).to_dict()
    assert "me" not in solo
    with pytest.raises(SaveError):
        Table.from_dict({**solo, "me": 0})  # a seat of a game that is not by link


def test_an_empty_game_link_opens_at_the_first_turn_for_whoever_plays_it() -> None:
    code = encode_game(GameLink(42, NAMES, ()))
    bo, _ = device()
    bo.by_link.open(code)
    assert bo.table.by_link and bo.table.me is None and not bo.view().board.can_roll
    bo.by_link.choose(0)
    assert bo.view().board.can_roll


def test_the_review_of_a_game_by_link_prices_this_devices_seat(advisor: Advisor) -> None:
    ann, bo = device(9)[0], device()[0]
    ann.by_link.start(Roster.of(["Ann", "Bo"]))
    devices = (ann, bo)
    for each in devices:
        each.attach(advisor)
        each.lobby.change_settings(coach=False)  # no question before a costly move
    while not ann.game.is_over:
        seat = ann.game.current
        mover = devices[seat]
        play_turn(mover)
        if mover.game.current == seat and not mover.game.is_over:
            continue  # an extra Kismet: the same player again
        other = devices[1 - seat]
        other.by_link.open(sent_code(mover))
        if other.table.me is None:
            other.by_link.choose(1 - seat)
    for seat, each in enumerate(devices):
        assert each.game.is_over
        shown = each.review()  # priced at once (no step)
        assert shown is not None, seat
        turns = (*shown.costly, *shown.fine)
        assert len(turns) == 15 and all(NAMES[seat] in t.heading for t in turns), seat
        assert each.price_finished(None)
        record = each.shelf.history[-1]
        assert record.lost[seat] is not None  # this device's seat's choices, priced
        luck = each.view().luck
        assert luck is not None and "in a game by link" in luck.line
