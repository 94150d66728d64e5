"""The daily game with friends: friends' daily result links opened on this device build
each day's table (proven totals, who beat whom, Perfect's on the same dice) and a standing
over the days listed, kept across a reload; other links and damaged values change nothing."""

from __future__ import annotations

import json
from datetime import date

from kismet import Game
from kismet.advice.players import play_perfect_turn
from kismet.advice.strategy import Advisor
from kismet.app.base.daily import daily_number, daily_of, daily_seed
from kismet.app.keeping.storage import FRIENDS_KEY, MemoryStorage
from kismet.app.screen.session import Session
from kismet.rules.link import challenge_of, encode
from tests.helpers import greedy_turn

TODAY = date(2026, 12, 4)
DAY = date(2026, 12, 3)


def at_today() -> str:
    return f"{TODAY.isoformat()}T10:00:00+00:00"


def result(name: str, day: date = DAY, skip: int = 0) -> tuple[str, int]:
    """A friend's daily result link, and its total (``skip``: a worse game, its first
    turns thrown away in the last open box)."""
    game = Game([name], seed=daily_seed(day), linked=True)
    while not game.is_over:
        if skip:
            game.roll()
            game.score(game.open_boxes(0)[-1])
            skip -= 1
            continue
        greedy_turn(game)
    return encode(challenge_of(game)), game.total(0)


def test_a_day_and_its_number_are_found_from_the_seed() -> None:
    assert daily_of(daily_seed(DAY), TODAY) == daily_number(DAY) == 4
    assert daily_of(daily_seed(date(2026, 12, 5)), TODAY) == 6  # a friend a day ahead
    assert daily_of(12345, TODAY) is None


def test_three_friends_results_make_the_days_table_and_the_standing(advisor: Advisor) -> None:
    storage = MemoryStorage()
    session = Session(storage, clock=at_today)
    links = {name: result(name, skip=n) for n, name in enumerate(["Bo", "Cy", "Di"])}
    for code, _ in links.values():
        session.lobby.open_link(code)
        assert session.linked.offer is not None  # still offered to play
        session.linked.dismiss()
    session.lobby.open_link(result("Bo", skip=5)[0])  # Bo's worse game again: the best stays
    other = encode(challenge_of(_finished("Ed", seed=99)))
    session.lobby.open_link(other)  # not a daily game's dice: no table
    days = session.lobby.dailies(TODAY)
    tables = {d.number: d.friends for d in days if d.friends is not None}
    assert set(tables) == {4}
    rows = tables[4].rows
    expected = sorted(((name, links[name][1]) for name in links), key=lambda x: (-x[1], x[0]))
    assert [(r.name, r.total) for r in rows] == expected
    standing = session.lobby.standing(days)
    assert [s.beaten for s in standing] == sorted((s.beaten for s in standing), reverse=True)
    assert {s.name: s.days for s in standing} == {"Bo": 1, "Cy": 1, "Di": 1}
    # Perfect on the same dice, a turn at a step, once the table is there.
    session.attach(advisor)
    steps = 0
    seeds = session.lobby.friends_seeds(session.lobby.dailies(TODAY))
    while not session.friends_step(seeds):
        steps += 1
    assert steps >= 15
    perfect = Game(["Perfect"], seed=daily_seed(DAY), linked=True)
    while not perfect.is_over:
        play_perfect_turn(perfect, advisor)
    day = next(d for d in session.lobby.dailies(TODAY) if d.number == 4)
    assert day.friends is not None and day.friends.perfect == perfect.total(0)
    # Kept on this device: a reload still has the table.
    again = Session(storage, clock=at_today)
    reread = next(d for d in again.lobby.dailies(TODAY) if d.number == 4).friends
    assert reread is not None and reread.rows == rows


def test_a_damaged_friends_value_is_kept_aside_and_the_list_starts_again() -> None:
    for bad in ("[1, 2", '{"results": [{"daily": 0, "code": "x"}]}', '{"results": 5}',
                json.dumps({"results": [{"daily": 4, "code": "A" * 5000}]}),
                "[" * 100_000 + "]" * 100_000, "x" * 300_000):  # fmt: skip
        storage = MemoryStorage({FRIENDS_KEY: bad})
        session = Session(storage, clock=at_today)
        assert all(d.friends is None for d in session.lobby.dailies(TODAY))
        assert any(k.startswith("kismet:v1:backup:friends") for k in storage.items)
        assert FRIENDS_KEY not in storage.items
        code, _ = result("Bo")
        session.lobby.open_link(code)
        assert next(d for d in session.lobby.dailies(TODAY) if d.number == 4).friends


def test_a_stored_result_that_does_not_replay_is_not_counted() -> None:
    code, _ = result("Bo")
    forged = code[:-6] + ("AAAAAA" if not code.endswith("AAAAAA") else "BBBBBB")
    value = json.dumps({"results": [{"daily": 4, "code": forged}, {"daily": 4, "code": code}]})
    session = Session(MemoryStorage({FRIENDS_KEY: value}), clock=at_today)
    table = next(d for d in session.lobby.dailies(TODAY) if d.number == 4).friends
    assert table is not None and [r.name for r in table.rows] == ["Bo"]


def _finished(name: str, seed: int) -> Game:
    game = Game([name], seed=seed, linked=True)
    while not game.is_over:
        greedy_turn(game)
    return game


def test_friends_results_travel_in_the_backup_file_and_a_forged_one_is_refused() -> None:
    here = Session(MemoryStorage(), clock=at_today)
    for name in ("Bo", "Cy"):
        here.lobby.open_link(result(name)[0])
        here.linked.dismiss()
    exported = json.loads(here.backups.file(here.table, here.clock()).text)
    assert len(exported["friends"]) == 2
    phone = Session(MemoryStorage(), clock=at_today)
    phone.lobby.restore_file(json.dumps(exported))
    assert "2 friends' daily results added." in phone.status
    table = next(d for d in phone.lobby.dailies(TODAY) if d.number == 4).friends
    assert table is not None and {r.name for r in table.rows} == {"Bo", "Cy"}
    phone.lobby.restore_file(json.dumps(exported))  # the same file again adds nothing
    assert "friends' daily" not in phone.status
    code = exported["friends"][0]["code"]
    forged = {**exported, "friends": [{"daily": 4, "code": code[:-4] + "AAAA"}]}
    fresh = Session(MemoryStorage(), clock=at_today)
    fresh.lobby.restore_file(json.dumps(forged))
    assert "could not have produced" in fresh.status and "Nothing was changed" in fresh.status
    assert all(d.friends is None for d in fresh.lobby.dailies(TODAY))
    older = {k: v for k, v in exported.items() if k != "friends"}  # a file from before
    fresh.lobby.restore_file(json.dumps(older))
    assert fresh.status.startswith("Restored") and all(
        d.friends is None for d in fresh.lobby.dailies(TODAY)
    )
