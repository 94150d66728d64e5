"""A player's progress without a browser: compact records, statistics, luck against skill,
export and import, folding when storage runs short."""

from __future__ import annotations

import json
import random

import pytest

from kismet.advice import review as review_module
from kismet.advice.review import Verdict
from kismet.advice.state import Decision
from kismet.advice.strategy import Advisor
from kismet.advice.winning import Aim
from kismet.app.base.finished import Finished
from kismet.app.base.table import Mode
from kismet.app.base.tally import Who
from kismet.app.guidance.coaching import Review
from kismet.app.guidance.luck import expected_total, price_seats, splits
from kismet.app.guidance.stats import player_stats
from kismet.app.keeping import ledger
from kismet.app.keeping.backup import BACKUP_VERSION, MAX_BACKUP_BYTES
from kismet.app.keeping.folded import Folded
from kismet.app.keeping.storage import FOLDED_KEY, HISTORY_KEY, MemoryStorage
from kismet.app.screen.pacing import Upcoming, Wait, upcoming
from kismet.app.screen.session import Session
from kismet.html.stats import Perfect, stats_html
from kismet.rules import Category, Game, SaveError
from kismet.rules.record import encode_fills, replay_record
from kismet.text import text
from tests.test_session import Clock, app_with, enter, finish_randomly
from tests.test_storage import Quota, tab


def random_game(players: list[str], seed: int) -> Game:
    """A finished game with random holds and boxes, extra Kismets included now and then."""
    rng = random.Random(seed)
    game = Game(players, seed=seed)
    while not game.is_over:
        if rng.random() < 0.08:
            game.set_dice([rng.randint(1, 6)] * 5)  # a Kismet (and later jokers)
        else:
            game.roll()
        game.score(rng.choice(game.open_boxes(game.current)))
    return game


# ------------------------------------------------------------ compact record


@pytest.mark.parametrize("seed", range(30))
def test_a_record_replays_to_the_same_game(seed: int) -> None:
    players = ["Ann", "Bo", "Cy"][: 1 + seed % 3]
    game = random_game(players, seed)
    fills = encode_fills(game)
    assert len(fills) == 6 * sum(1 for f in game.history if not f.penalty)
    again = replay_record(game.players, fills)
    assert again.history == game.history
    assert [again.total(p) for p in range(len(players))] == [
        game.total(p) for p in range(len(players))
    ]


def test_a_record_the_rules_would_not_produce_is_refused() -> None:
    game = random_game(["Ann"], 3)
    fills = encode_fills(game)
    with pytest.raises(SaveError, match="unfinished"):
        replay_record(game.players, fills[:-6])
    with pytest.raises(SaveError, match="refused"):
        replay_record(game.players, fills[:6] + fills[:6] + fills[12:])  # a box twice
    for bad in (fills[:-1], "z" + fills[1:], fills[:1] + "7" + fills[2:], fills + fills[:6]):
        with pytest.raises(SaveError):
            replay_record(game.players, bad)


def test_a_finished_record_keeps_every_box_and_verifies() -> None:
    game = random_game(["Ann", "Bo"], 11)
    record = Finished.of("abc", "2026-11-30T10:00:00+00:00", game, ("human", "good"), None)
    again = Finished.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    again.verify()
    assert [sum(b) for b in record.boxes] == [
        game.totals(p).basic + game.totals(p).kismet for p in range(2)
    ]
    with pytest.raises(SaveError):
        record._replace(totals=(record.totals[0] + 1, record.totals[1])).verify()
    with pytest.raises(SaveError):
        record._replace(boxes=(record.boxes[1], record.boxes[0])).verify()


# ------------------------------------------------------------------ statistics


def test_two_solo_games_make_the_statistics() -> None:
    app, _ = app_with()
    totals = []
    for dice in ((1, 2, 3, 4, 6), (6, 6, 6, 6, 5)):
        app.lobby.new_game(["Ann"])
        while not app.game.is_over:
            enter(app, dice, app.game.open_boxes(0)[0])
        totals.append(app.game.total(0))
    stats = app.progress.stats("Ann")
    assert stats.tally.games == 2
    assert stats.tally.best == max(totals)
    assert stats.tally.average == pytest.approx(sum(totals) / 2)
    assert [p.total for p in stats.points] == totals
    assert stats.tally.multi == 0  # solo games have no wins to count
    html = stats_html(stats, None, "en")
    assert 'role="img"' in html and f"{sum(totals) / 2:.1f}" in html


def test_people_and_computers_are_kept_apart_and_head_to_head_is_counted() -> None:
    app, _ = app_with()
    for seed in range(3):
        app.lobby.new_game(["Ann", "Bo", "Good"], ["human", "human", "good"])
        app.table.game = random_game(["Ann", "Bo", "Good"], seed)
        app.tables.record_if_over()
    names = app.progress.players()
    assert [(p.name, p.computer, p.games) for p in names] == [
        ("Ann", False, 3),
        ("Bo", False, 3),
        ("Good", True, 3),
    ]
    ann = app.progress.stats("Ann")
    (versus,) = ann.versus
    assert versus.other == "Bo" and versus.wins + versus.losses + versus.ties == 3
    bo = app.progress.stats("Bo")
    assert (bo.versus[0].wins, bo.versus[0].losses) == (versus.losses, versus.wins)
    assert ann.tally.multi == 3
    assert app.progress.stats("Good", computer=True).tally.games == 3  # the computer's own
    assert app.progress.stats("Good").tally.games == 0  # no person of that name played


# ----------------------------------------------------------- luck and skill


def test_luck_skill_and_expectation_add_up_to_each_total(advisor: Advisor) -> None:
    app, _ = app_with(seed=5)
    app.attach(advisor)
    app.lobby.new_game(["Ann", "Bo"])
    rng = random.Random(2)
    while not app.game.is_over:
        app.moves.roll()
        if rng.random() < 0.6:
            app.moves.toggle_hold(rng.randrange(5))
            app.moves.roll()
        app.moves.choose(rng.choice(app.game.open_boxes(app.game.current)))
        if app.moves.pending is not None:
            app.moves.confirm()
    # The last box is painted first; then the page prices the decisions (pacing.Wait.PRICE).
    assert upcoming(app.view()) == Upcoming(Wait.PRICE) and app.view().luck is None
    # In steps (each of at least one decision): with no time to spare, one a step.
    steps = 1
    while not app.price_finished(0):
        assert app.view().price_due and app.view().luck is None
        steps += 1
    assert steps == len(app.table.decisions) > 30
    assert not app.view().price_due
    record = app.shelf.ledger.find(app.table.id)
    assert record is not None and None not in record.lost
    people = [seat is None for seat in app.table.seats]
    at_once = price_seats(app.table.decisions, advisor, people)  # kept to the hundredth
    assert record.lost == pytest.approx(at_once, abs=0.005)
    expected = expected_total(advisor)
    parts = splits(record, expected)
    assert len(parts) == 2
    for part, total in zip(parts, record.totals, strict=True):
        assert part.expected - part.lost + part.dice == pytest.approx(total, abs=0.01)
        assert part.lost > 0  # random play costs points
    # The cost is the review's, decision by decision.
    review = app.review()
    assert review is not None
    view = app.view()
    assert view.luck is not None and "choices cost" in view.luck.line
    assert len(view.luck.splits) == 2


def test_a_game_begun_with_real_dice_has_no_luck_split(advisor: Advisor) -> None:
    """Its first boxes were filled with real dice, so no decision of theirs is known:
    priced on the rest alone, the dice would be credited with what those turns scored
    (seen on a save without decisions: "The choices cost Ann 0 ... kindest (-238)")."""
    app, _ = app_with(seed=7)
    app.moves.set_mode(Mode.SHEET)
    app.moves.enter_roll("66666")
    app.moves.choose(Category.SIXES)
    app.moves.set_mode(Mode.DICE)
    assert app.table.mode is Mode.DICE and len(app.game.history) == 1
    finish_randomly(app)
    assert app.table.decisions and app.game.is_over
    app.attach(advisor)
    assert app.price_finished(None)
    record = app.shelf.ledger.find(app.table.id)
    assert record is not None and not record.is_priced and not app.wants_table
    luck = app.view().luck
    assert luck is not None and luck.line == text("luck.off_partial", "en") and not luck.splits
    # Every box chosen on screen, the same game is priced.
    again, _ = app_with(seed=7)
    finish_randomly(again)
    again.attach(advisor)
    assert again.price_finished(None) and "choices cost" in again.view().luck.line


def test_luck_waits_for_the_table_then_prices_once(advisor: Advisor) -> None:
    app, storage = app_with(seed=7)
    finish_randomly(app)
    assert app.wants_table and app.view().luck is None
    app.attach(advisor)
    assert app.view().price_due  # the page prices it in steps, once the table is there
    assert app.price_finished(None)
    record = app.shelf.ledger.find(app.table.id)
    assert record is not None and record.lost[0] is not None
    assert not app.wants_table and app.view().luck is not None
    # Reloaded, the game is not priced again.
    again = Session(storage, clock=Clock())
    kept = again.shelf.ledger.find(again.table.id)
    assert kept is not None and kept.is_priced and kept.lost == record.lost


def test_the_review_reuses_the_lucks_verdicts_and_prices_the_rest_in_steps(
    advisor: Advisor, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, storage = app_with(seed=7)
    finish_randomly(app)
    app.attach(advisor)
    assert app.price_finished(None)  # the luck's pricing, after the game's end
    priced: list[Decision] = []
    price = review_module.price

    def counted(decision: Decision, table: Advisor, aim: Aim | None = None) -> Verdict:
        priced.append(decision)
        return price(decision, table, aim)

    monkeypatch.setattr(review_module, "price", counted)
    # The review opens at once: every decision was priced for the luck.
    review = app.review(0)
    assert review is not None and review.costly and priced == []
    # Reloaded, the luck needs no pricing (it was recorded), so the review prices the
    # decisions itself: a step at a time, each step at least one decision.
    again = Session(storage, clock=Clock())
    again.attach(advisor)
    assert not again.view().price_due
    steps = 1
    while again.review(0) is None:
        steps += 1
    assert steps == len(priced) == len(again.table.decisions) > 15
    assert again.review() == review and len(priced) == steps  # nothing priced twice
    # Verdicts that no longer describe the decisions (one taken out) are priced afresh.
    again.table.decisions.pop()
    shorter = again.review()

    def items(shown: Review | None) -> int:
        assert shown is not None
        return sum(len(turn.items) for turn in (*shown.costly, *shown.fine))

    assert items(shorter) == items(review) - 1 == len(again.table.decisions)
    assert len(priced) == 2 * steps - 1


def test_real_dice_games_say_why_there_is_no_split() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann"])
    app.moves.toggle_mode()
    assert app.table.mode is Mode.SHEET
    while not app.game.is_over:
        app.moves.enter_roll("12346")
        app.moves.choose(app.game.open_boxes(0)[0])
        if app.moves.pending is not None:
            app.moves.confirm()
    luck = app.view().luck
    assert luck is not None and luck.splits == () and "real dice" in luck.line


# ------------------------------------------------------------ export, import


def played(seed: int = 1, games: int = 3) -> tuple[Session, MemoryStorage]:
    app, storage = app_with(seed=seed)
    for n in range(games):
        app.lobby.new_game(["Ann"] if n % 2 else ["Ann", "Bo"])
        finish_randomly(app, seed=n) if n % 2 else None
        while not app.game.is_over:
            app.moves.roll()
            app.moves.choose(app.game.open_boxes(app.game.current)[-1])
            if app.moves.pending is not None:
                app.moves.confirm()
    app.lobby.new_game(["Ann"])
    app.moves.roll()  # a game under way
    return app, storage


def test_a_backup_restored_on_an_empty_device_brings_everything_back() -> None:
    app, _ = played()
    exported = app.backups.file(app.table, "2026-11-30T10:00:00+00:00")
    assert exported.name == "kismet-2026-11-30.json"
    data = json.loads(exported.text)
    assert data["format"] == "kismet.export" and data["version"] == BACKUP_VERSION
    fresh, storage = app_with(seed=9)
    fresh.lobby.restore_file(exported.text)
    assert "Restored 3 finished games (0 were already here)" in fresh.status
    assert "1 game in progress was added" in fresh.status
    assert fresh.shelf.high_scores() == app.shelf.high_scores()
    assert fresh.progress.stats("Ann") == app.progress.stats("Ann")
    before = dict(storage.items)
    fresh.lobby.restore_file(exported.text)
    assert "Restored 0 finished games (3 were already here)" in fresh.status
    assert storage.items == before


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda text: "not json {", "not JSON"),
        (lambda text: json.dumps({"format": "other.app", "games": []}), "not a Kismet backup"),
        (lambda text: json.dumps([1, 2]), "not a Kismet backup"),
        (lambda text: text.replace('"version":1', '"version":2', 1), "newer version"),
        (lambda text: text.replace('"totals":[', '"totals":[1', 1), "could not have produced"),
        (lambda text: text.replace('"fills":"', '"fills":"a66666', 1), "could not have produced"),
        (lambda text: text.replace('"history":[', '"history":[{"id":1},', 1), "could not"),
        (lambda text: " " * (MAX_BACKUP_BYTES + 1), "too big"),
    ],
)
def test_a_bad_file_is_told_and_changes_nothing(change: object, words: str) -> None:
    app, _ = played(games=2)
    exported = app.backups.file(app.table, "2026-11-30T10:00:00+00:00")
    other, storage = played(seed=4, games=1)
    before = dict(storage.items)
    other.lobby.restore_file(change(exported.text))  # type: ignore[operator]
    assert words in other.status
    assert storage.items == before


def test_a_game_in_progress_is_kept_and_the_restored_one_put_aside() -> None:
    app, _ = played(games=1)
    exported = app.backups.file(app.table, "2026-11-30T10:00:00+00:00")
    other, _ = played(seed=4, games=1)
    mine = other.table.id
    other.lobby.restore_file(exported.text)
    assert other.table.id == mine
    assert app.table.id in {t.id for t in other.shelf.aside.tables}


# ----------------------------------------------------------------- folding


def test_games_beyond_the_limit_are_folded_not_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger, "HISTORY_LIMIT", 4)
    app, storage = app_with()
    totals = []
    for n in range(7):
        app.lobby.new_game(["Ann"])
        dice = (6, 6, 6, 6, 5) if n == 0 else (1, 2, 3, 4, 6)
        while not app.game.is_over:
            enter(app, dice, app.game.open_boxes(0)[0])
        totals.append(app.game.total(0))
    assert len(json.loads(storage.items[HISTORY_KEY])) == 4
    assert len(json.loads(storage.items[FOLDED_KEY])["ids"]) == 3
    stats = app.progress.stats("Ann")
    assert stats.tally.games == 7 and stats.tally.best == max(totals)
    assert stats.tally.average == pytest.approx(sum(totals) / 7)
    assert len(stats.points) == 4
    assert app.shelf.high_scores()[0].points == max(totals)  # the folded best stays on top
    # Reloaded, and exported then imported elsewhere, the folded games still count once.
    again = Session(storage, clock=Clock())
    assert again.progress.stats("Ann") == stats
    exported = again.backups.file(again.table, "2026-11-30T10:00:00+00:00")
    fresh, _ = app_with()
    fresh.lobby.restore_file(exported.text)
    fresh.lobby.restore_file(exported.text)
    assert fresh.progress.stats("Ann").tally == stats.tally


def test_when_storage_runs_short_the_oldest_games_are_folded() -> None:
    # A tab as the game in the browser is one: its commits stored by the page's own code.
    storage = Quota(12_000)
    app = tab(storage, Clock())
    for _ in range(30):
        app.lobby.new_game(["Ann"])
        while not app.game.is_over:
            enter(app, (1, 2, 3, 4, 6), app.game.open_boxes(0)[0])
    kept = json.loads(storage.items[HISTORY_KEY])
    assert 0 < len(kept) < 30
    assert app.progress.stats("Ann").tally.games == 30


def test_bytes_per_game_leave_room_for_thousands() -> None:
    game = random_game(["Ann"], 1)
    record = Finished.of("0123456789abcdef", "2026-11-30T10:00:00+00:00", game, ("human",), None)
    size = len(json.dumps(record.priced((12.34,)).to_dict(), separators=(",", ":")))
    assert size < 400  # so 5 MB holds more than 12,000 solo games
    assert ledger.HISTORY_LIMIT * size < 2_500_000


def test_perfect_figures_are_read_or_refused() -> None:
    good = {"games": 2, "average": 250.5, "boxes": [1.0] * 15, "bins": [[240, 1], [260, 1]]}
    perfect = Perfect.from_dict(good)
    assert perfect is not None and perfect.bins == {240: 1, 260: 1}
    assert Perfect.from_dict({"games": 2}) is None
    assert Perfect.from_dict([1]) is None
    stats = player_stats([], Folded(), "Nobody")
    assert "No finished games" in stats_html(stats, perfect, "en")


def test_every_box_average_is_shown_beside_perfect_play() -> None:
    app, _ = played(games=2)
    stats = app.progress.stats("Ann")
    perfect = Perfect(10, 250.0, tuple(float(i) for i in range(15)), {240: 10})
    html = stats_html(stats, perfect, "ko")
    for box in Category:
        assert f"{list(Category).index(box):.1f}" in html
    assert "완벽한 플레이" in html


def test_folded_tallies_keep_names_apart_and_refuse_keys_they_cannot_read() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Bo", "Perfect"], ["human", "human", "perfect"])
    app.table.game = random_game(["Ann", "Bo", "Perfect"], 3)
    app.tables.record_if_over()
    folded = Folded()
    folded.fold(app.shelf.history)
    again = Folded.from_dict(json.loads(json.dumps(folded.to_dict())))
    assert again == folded and Who("Perfect", computer=True) in again.tallies
    assert ("Ann", "Bo") in again.versus and ("Bo", "Ann") in again.versus
    stored = folded.to_dict()
    for field, bad in (("tallies", {"Ann": {}}), ("versus", {"Ann Bo": [1, 0, 0]})):
        with pytest.raises(SaveError) as caught:
            Folded.from_dict({**stored, field: bad})
        assert caught.value.params.get("field") == field
