"""The win chances at the table (``kismet.app.guidance.odds``): when they are shown, what they wait
for, worked out in steps, and how the sheet writes them."""

from __future__ import annotations

import random
from datetime import date

import pytest

from kismet.advice.chances import Forecast, against
from kismet.advice.state import State
from kismet.app.base.settings import Settings, Switch
from kismet.app.guidance.odds import Due, percent
from kismet.app.keeping.storage import MemoryStorage
from kismet.app.screen.session import Session
from kismet.html.course import course_html
from kismet.html.escape import esc
from kismet.html.sheet import sheet_html
from kismet.rules import Category, Game
from tests.helpers import play
from tests.test_session import Clock, finish_randomly


def seated(names: list[str], forecast: Forecast | None, seed: int = 4) -> Session:
    app = Session(MemoryStorage(), seed=seed, clock=Clock())
    app.lobby.new_game(names)
    if forecast is not None:
        app.attach(forecast.advisor)
        app.odds.attach(forecast.spread)
    return app


def work_out(app: Session) -> int:
    """Run the chances' steps as the page does until they are there; the steps taken."""
    steps = 1
    while not app.chances_step():
        steps += 1
        assert steps < 20
    return steps


def shown(app: Session) -> list[float | None]:
    return [column.chance for column in app.view().sheet.columns]


def play_turn(app: Session) -> None:
    app.moves.roll()
    options = app.game.options()
    app.moves.choose(max(options, key=lambda box: options[box]))
    if app.moves.pending is not None:
        app.moves.confirm()


def test_chances_wait_for_both_tables_then_work_one_player_at_a_time(forecast: Forecast) -> None:
    app = seated(["Ann", "Bo", "Cy"], None)
    assert app.view().chances_due is Due.TABLE
    app.attach(forecast.advisor)
    assert app.view().chances_due is Due.SPREAD
    app.odds.attach(forecast.spread)
    assert app.view().chances_due is Due.WORK and shown(app) == [None, None, None]
    assert work_out(app) == 4  # a law per player, then the shares
    chances = shown(app)
    assert app.view().chances_due is None
    assert sum(c or 0 for c in chances) == pytest.approx(1.0)
    assert chances == pytest.approx([1 / 3] * 3, abs=1e-9)  # three empty sheets
    html = sheet_html(app.view().sheet, "en")
    for player in range(3):
        assert f'data-testid="win-chance-{player}"' in html
    assert "Chance to win: 33%" in html


def test_after_a_turn_the_last_chances_stay_until_the_new_ones_are_there(
    forecast: Forecast,
) -> None:
    app = seated(["Ann", "Bo"], forecast)
    work_out(app)
    before = shown(app)
    play_turn(app)
    assert app.view().chances_due is Due.WORK and shown(app) == before
    work_out(app)
    after = shown(app)
    assert after != before
    assert after == pytest.approx(
        list(forecast.chances(app.game, skills=app.progress.skills(app.table)))
    )
    assert [c.turn for c in app.odds.history(app.table)] == [0, 1]


def test_an_undo_replaces_the_turn_it_took_back(forecast: Forecast) -> None:
    app = seated(["Ann", "Bo"], forecast)
    work_out(app)
    play_turn(app)
    work_out(app)
    first = shown(app)
    play_turn(app)
    work_out(app)
    app.moves.undo()
    assert [c.turn for c in app.odds.history(app.table)] == [0, 1]  # the box taken back: gone
    assert app.view().chances_due is None  # the turn start is the one worked out before
    assert shown(app) == first
    app.moves.choose(app.game.open_boxes(app.game.current)[-1])
    if app.moves.pending is not None:
        app.moves.confirm()
    work_out(app)
    history = app.odds.history(app.table)
    assert [c.turn for c in history] == [0, 1, 2]
    assert history[-1].values == pytest.approx(
        forecast.chances(app.game, skills=app.progress.skills(app.table))
    )


def test_a_decided_game_gives_one_and_zero(forecast: Forecast) -> None:
    app = seated(["Ann", "Bo"], forecast, seed=9)
    while not app.game.is_over:
        play_turn(app)
    work_out(app)
    a, b = app.game.total(0), app.game.total(1)
    expected = (0.5, 0.5) if a == b else (float(a > b), float(b > a))
    latest = app.odds.latest(app.table, current=True)
    assert latest is not None and latest.values == expected
    assert shown(app) == [None, None]  # the result says who won: no chances beside it


def test_no_chances_alone_with_the_setting_off_or_without_the_spread_table(
    forecast: Forecast,
) -> None:
    solo = seated(["Ann"], forecast)
    assert solo.view().chances_due is None and shown(solo) == [None]
    app = seated(["Ann", "Bo"], forecast)
    work_out(app)
    app.lobby.switch(Switch.CHANCES)
    assert not app.settings.chances
    assert app.view().chances_due is None and shown(app) == [None, None]
    assert "win-chance" not in sheet_html(app.view().sheet, "en")
    app.lobby.switch(Switch.CHANCES)
    assert shown(app) != [None, None]
    missing = seated(["Ann", "Bo"], None)
    missing.attach(forecast.advisor)
    missing.odds.attach(None)  # the fetch failed: nothing waits, nothing is shown
    assert missing.view().chances_due is None and shown(missing) == [None, None]
    missing.odds.online()
    assert missing.view().chances_due is Due.SPREAD
    assert Settings.from_dict({"chances": False}) == Settings(chances=False)


def test_a_challenge_shows_the_chance_to_beat_the_sender(forecast: Forecast) -> None:
    sender = seated(["Ann"], None)
    sender.lobby.play_daily(date(2026, 12, 6))
    finish_randomly(sender, seed=5)
    code = sender.view().linked.share.code
    friend = seated(["Bo"], forecast, seed=3)
    friend.lobby.open_link(code)
    friend.lobby.accept_challenge()
    assert friend.table.challenge == code
    work_out(friend)
    target = sender.game.total(0)
    [chance] = shown(friend)
    assert chance == pytest.approx(
        forecast.chances(friend.game, target, friend.progress.skills(friend.table))[0]
    )
    assert 0 < chance < 1
    html = sheet_html(friend.view().sheet, "en")
    assert f"Chance to beat Ann: {esc(percent(chance))}" in html


def test_percentages_never_round_what_may_still_happen_to_certainty() -> None:
    assert [percent(p) for p in (0.0, 0.001, 0.004, 0.125, 0.43, 0.996, 1.0)] == [
        "0%", "<1%", "<1%", "13%", "43%", ">99%", "100%"
    ]  # fmt: skip


def test_after_the_game_every_turn_is_worked_out_for_the_reviews_chart(
    forecast: Forecast,
) -> None:
    app = seated(["Ann", "Bo"], forecast, seed=12)
    rng = random.Random(4)
    while not app.game.is_over:
        app.moves.roll()
        options = app.game.options()
        # Now and then a box other than the highest: some choices cost chance.
        box = (
            max(options, key=lambda b: options[b])
            if rng.random() < 0.6
            else rng.choice(list(options))
        )
        app.moves.choose(box)
        if app.moves.pending is not None:
            app.moves.confirm()
    assert app.course() is None  # only the end is worked out: the review says so
    assert "still being worked out" in course_html(app.course(), "en")
    steps = 0
    while app.view().chances_due is Due.WORK:
        app.chances_step()
        steps += 1
        assert steps < 200
    course = app.course()
    assert course is not None and len(course.turns) == 31  # 30 turn starts and the end
    assert course.turns[0].values == pytest.approx((0.5, 0.5))
    assert course.movers[1:] == tuple(f.player for f in app.game.history)
    for i in (5, 17, 29):
        game = replay_prefix(app.game, i)
        assert course.turns[i].values == pytest.approx(
            forecast.chances(game, skills=app.progress.skills(app.table))
        )
    # The lead: who is likelier to win; at the start (50-50) nobody has it.
    leaders = [None if a == b else int(b > a) for a, b in (c.values for c in course.turns)]
    changes, held = [], None
    for i, now in enumerate(leaders):
        if now is not None and held is not None and now != held:
            changes.append(i)
        held = now if now is not None else held
    assert list(course.lead_changes) == changes
    assert course.costly and all(course.turns[i].cost >= 0.02 for i in course.costly)
    costs = [course.turns[i].cost for i in course.costly]
    assert costs == sorted(costs, reverse=True)
    html = course_html(course, "en")
    assert 'data-testid="chance-chart"' in html and '<svg role="img"' in html
    assert html.count("<tr>") == 1 + 31  # the numbers: a head, then every turn start
    assert "lead changed hands" in html and "percentage points" in html


def replay_prefix(game: Game, filled: int) -> Game:
    """``game`` as it stood with its first ``filled`` boxes in."""
    again = Game(list(game.players))
    for fill in game.history[:filled]:
        again.set_dice(list(fill.dice))
        again.score(fill.category)
    return again


def test_the_chances_move_with_the_dice_within_a_turn(forecast: Forecast) -> None:
    # Ann's Kismet is open: four sixes with two rolls left make it likely, and her chance
    # (and so Bo's) moves from the turn start's; a poor roll takes it down. One step after
    # each roll or hold, between the page's own work.
    app = seated(["Ann", "Bo"], forecast)
    work_out(app)
    start = shown(app)
    app.game.set_dice([6, 6, 6, 6, 2])
    assert app.odds.due(app.table, app.settings, app.coach.advisor) is Due.WORK
    assert shown(app) == start  # the turn start's, until the step
    assert work_out(app) == 1
    four = shown(app)
    assert four[0] > start[0] + 0.02 and sum(four) == pytest.approx(1.0)  # type: ignore[arg-type]
    assert app.odds.due(app.table, app.settings, app.coach.advisor) is None  # weighed once
    for die in range(4):
        app.moves.toggle_hold(die)  # the four sixes held: what keeping them leads to
    work_out(app)
    assert shown(app)[0] == pytest.approx(four[0], abs=0.01)
    app.game.set_dice([1, 2, 2, 4, 5])  # the holds released, a poor roll: one roll left
    work_out(app)
    assert shown(app)[0] < start[0]
    app.moves.choose(Category.YARBOROUGH)
    work_out(app)  # Bo's turn start: the chances of turn starts again
    assert shown(app) == pytest.approx(list(app.odds.latest(app.table).values))  # type: ignore[union-attr]


def test_the_hint_says_the_chance_to_win_beside_the_total(forecast: Forecast) -> None:
    # One figure for one player at one moment: the hint's chance is the one beside Ann's
    # total, within the turn too; a different question (the expected total) in its own words.
    app = seated(["Ann", "Bo"], forecast)
    work_out(app)
    app.game.set_dice([6, 6, 6, 6, 2])
    work_out(app)
    app.moves.ask_hint()
    note = app.view().hint_note
    chance = app.view().sheet.columns[0].chance
    assert chance is not None
    assert note.startswith("Playing the best way") and f"Chance to win: {percent(chance)}." in note
    assert "perfect from" not in note
    app.lobby.change_settings(chances=False)  # the chances hidden: not in the hint either
    assert "Chance to win" not in app.view().hint_note
    alone = seated(["Ann"], forecast)
    alone.moves.roll()
    alone.moves.ask_hint()
    assert "Chance to win" not in alone.view().hint_note


def test_the_penalty_zeros_to_come_are_weighed_a_table_a_step(forecast: Forecast) -> None:
    # Ann has scored a Kismet: her extra Kismets may zero Bo's boxes, so after a law per
    # player, the chances take a step for each likely count of them.
    app = seated(["Ann", "Bo"], forecast)
    game = Game(["Ann", "Bo"], seed=4)
    play(game, (6, 6, 6, 6, 6), Category.KISMET)
    play(game, (1, 2, 3, 4, 6), Category.YARBOROUGH)
    app.table.game = game
    states, skills = [State.of(game, p) for p in range(2)], app.progress.skills(app.table)
    laws = [forecast.law(s, skill) for s, skill in zip(states, skills, strict=True)]
    tables = forecast.penalty_tables(states, laws)
    assert len(tables) == 4  # none, one, two or three extra Kismets
    assert work_out(app) == 2 + len(tables)
    assert shown(app) == pytest.approx(list(forecast.chances(game, skills=skills)))
    assert shown(app)[0] > against(laws, None)[0] + 0.01  # with the zeros she may give
