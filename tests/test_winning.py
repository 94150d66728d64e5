"""Playing to win (``kismet.advice.winning``): the chance a total wins, the Shark's choices
where the chance to win and the points part ways, and the hint and coach that say so."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from kismet.advice.chances import Forecast, _normal, penalised
from kismet.advice.level import Level, StepKind
from kismet.advice.players import plan
from kismet.advice.review import price
from kismet.advice.skill import GOOD, PERFECT
from kismet.advice.state import FULL, State
from kismet.advice.winning import Aim, Stakes
from kismet.app.base.roster import Roster
from kismet.app.base.table import Mode, Table
from kismet.app.guidance.coaching import coach_warning, decision, hint
from kismet.app.keeping.storage import GAME_KEY, MemoryStorage
from kismet.app.screen.session import Session
from kismet.rules import Category as C
from kismet.rules import Game, game_from_dict, upper_bonus
from tests.conftest import Site, artifact, open_app, reveal
from tests.test_chances import brute_force
from tests.test_computers import wait_for_human

ANN = [
    (C.ONES, [1, 1, 1, 2, 3]),
    (C.TWOS, [2, 2, 2, 2, 5]),
    (C.FOURS, [4, 4, 4, 1, 2]),
    (C.FIVES, [5, 5, 5, 1, 2]),
    (C.SIXES, [6, 6, 6, 6, 1]),
    (C.TWO_PAIR_SAME_COLOR, [6, 6, 1, 1, 3]),
    (C.THREE_OF_A_KIND, [4, 4, 4, 5, 6]),
    (C.STRAIGHT, [1, 2, 3, 4, 5]),
    (C.FLUSH, [3, 3, 4, 4, 3]),
    (C.FULL_HOUSE, [2, 2, 2, 5, 5]),
    (C.FULL_HOUSE_SAME_COLOR, [1, 1, 1, 6, 6]),
    (C.FOUR_OF_A_KIND, [3, 3, 3, 3, 2]),
    (C.YARBOROUGH, [6, 5, 5, 4, 3]),
]
"""Ann's sheet with Threes and Kismet open: 295 points, about 350 expected at the end."""

BO_AHEAD = [
    (C.TWOS, [2, 2, 2, 1, 3]),
    (C.THREES, [3, 3, 3, 1, 2]),
    (C.FOURS, [4, 4, 4, 1, 2]),
    (C.FIVES, [5, 5, 5, 1, 2]),
    (C.SIXES, [6, 6, 6, 1, 2]),
    (C.TWO_PAIR_SAME_COLOR, [6, 6, 1, 1, 3]),
    (C.THREE_OF_A_KIND, [6, 6, 6, 5, 4]),
    (C.STRAIGHT, [1, 2, 3, 4, 5]),
    (C.FLUSH, [3, 3, 4, 4, 3]),
    (C.FULL_HOUSE, [2, 2, 2, 5, 5]),
    (C.FULL_HOUSE_SAME_COLOR, [1, 1, 1, 6, 6]),
    (C.FOUR_OF_A_KIND, [6, 6, 6, 6, 2]),
    (C.YARBOROUGH, [6, 6, 5, 5, 4]),
    (C.KISMET, [3, 3, 3, 3, 3]),
]
"""Bo's sheet with Ones open: 377 points, about 391 at the end (Ann about 41 behind)."""

BO_BEHIND = [*BO_AHEAD[:12], (C.YARBOROUGH, [1, 1, 2, 2, 3]), (C.KISMET, [1, 2, 3, 4, 6])]
"""Bo's sheet 82 points lower: about 310 at the end (Ann about 40 ahead)."""


def table(bo: Sequence[tuple[C, list[int]]], names: tuple[str, str] = ("Bo", "Ann")) -> Game:
    """Bo (first to play) with one box open, Ann with Threes and Kismet open, to move."""
    game = Game(list(names), seed=1)
    for i, (box, dice) in enumerate(bo):
        game.set_dice(dice)
        game.score(box)
        if i < len(ANN):
            game.set_dice(ANN[i][1])
            game.score(ANN[i][0])
    return game


def kept(game: Game, steps: Sequence[object]) -> tuple[int, ...]:
    """The faces a plan holds before its roll."""
    held = list(game.held)
    for step in steps:
        if step.kind is StepKind.HOLD:  # type: ignore[attr-defined]
            held[step.die] = not held[step.die]  # type: ignore[attr-defined]
    return tuple(sorted(d for d, h in zip(game.dice, held, strict=True) if h))


def test_the_chance_a_total_wins_matches_every_combination() -> None:
    rng = random.Random(11)
    for others in (1, 2, 3):
        laws = []
        for _ in range(others):
            xs = rng.sample(range(20, 40), 6)
            weights = [rng.random() for _ in xs]
            laws.append({x: w / sum(weights) for x, w in zip(xs, weights, strict=True)})
        stakes = Stakes(laws)
        for total in range(15, 45):
            assert stakes.at(total) == pytest.approx(brute_force([{total: 1.0}, *laws])[0])
        mine = {25: 0.5, 31: 0.3, 44: 0.2}
        assert stakes.of_law(mine, 0) == pytest.approx(brute_force([mine, *laws])[0])
        assert stakes.of_law(mine, 3) == pytest.approx(
            brute_force([{x + 3: p for x, p in mine.items()}, *laws])[0]
        )
    with pytest.raises(ValueError):
        Stakes([])


def test_a_normal_law_in_bins_is_close_to_the_law_point_by_point() -> None:
    rng = random.Random(5)
    for _ in range(200):
        laws: list[dict[int, float]] = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                laws.append(_normal(rng.uniform(100, 300), rng.uniform(0.5, 40)))
            else:
                xs = rng.sample(range(100, 300), rng.randint(1, 30))
                weights = [rng.random() for _ in xs]
                laws.append({x: w / sum(weights) for x, w in zip(xs, weights, strict=True)})
        stakes = Stakes(laws)
        mean, sd, shift = rng.uniform(0, 200), rng.uniform(0.3, 45), rng.randint(0, 250)
        exact = stakes.of_law(_normal(mean, sd), shift)
        assert stakes.of_normal(mean, sd, shift) == pytest.approx(exact, abs=2e-3)


def test_behind_by_forty_with_the_last_boxes_the_shark_gambles(forecast: Forecast) -> None:
    game = table(BO_AHEAD)
    game.set_dice([1, 3, 5, 5, 5])
    advisor = forecast.advisor
    assert advisor.choices(game)[0].keep == (3,)  # for points: a Threes of 3s
    aim = Aim.of(forecast, game, [PERFECT, PERFECT], 1)
    assert aim.keep_chance((5, 5, 5), 2) > aim.keep_chance((3,), 2) + 0.02
    steps = plan(game, Level.WIN, advisor, random.Random(1), aim)
    assert kept(game, steps) == (5, 5, 5)  # for the Kismet, the one way to catch Bo
    assert steps[-1].kind is StepKind.ROLL
    assert kept(game, plan(game, Level.PERFECT, advisor, random.Random(1))) == (3,)


def test_far_ahead_the_shark_takes_the_safe_points(forecast: Forecast) -> None:
    game = table(BO_BEHIND)
    game.set_dice([1, 3, 5, 5, 5])
    aim = Aim.of(forecast, game, [PERFECT, PERFECT], 1)
    assert aim.keep_chance((3,), 2) > aim.keep_chance((5, 5, 5), 2) + 0.02
    steps = plan(game, Level.WIN, forecast.advisor, random.Random(1), aim)
    assert kept(game, steps) == (3,)


def test_the_hint_names_both_choices_only_when_they_part(forecast: Forecast) -> None:
    behind, ahead = table(BO_AHEAD), table(BO_BEHIND)
    for game in (behind, ahead):
        game.set_dice([1, 3, 5, 5, 5])
    advisor = forecast.advisor
    aim = Aim.of(forecast, behind, [PERFECT, PERFECT], 1)
    shown = hint(behind, advisor, "en", aim)
    assert shown is not None
    assert shown.lines[0] == (
        "To beat Bo: keep 5 5 5. Played for the win from here, the chance to win is 8% this "
        "way, 4% the way of the most points."
    )
    assert shown.lines[1].startswith("For the most points: keep 3.")
    assert [d for d, m in zip(behind.dice, shown.marks, strict=True) if m] == [5, 5, 5]
    korean = hint(behind, advisor, "ko", aim)
    assert korean is not None and korean.lines[0].startswith("Bo에게 이기려면:")
    assert "이렇게 8%, 점수를 가장 많이 내는 수로는 4%" in korean.lines[0]
    # Ahead, the choice that wins most is the one that scores most: one line, as alone.
    plain = hint(ahead, advisor, "en", Aim.of(forecast, ahead, [PERFECT, PERFECT], 1))
    assert plain is not None and plain == hint(ahead, advisor, "en")
    assert plain.lines[0].startswith("Best: keep 3.")


def test_the_coach_lets_the_gamble_that_wins_most_pass(forecast: Forecast) -> None:
    game = table(BO_AHEAD)
    game.set_dice([1, 3, 5, 5, 5])
    advisor = forecast.advisor
    gamble = decision(game, keep=(5, 5, 5))
    assert gamble is not None
    players = game.players
    assert coach_warning(gamble, advisor, 0.5, "en") is not None  # in points, it costs
    aim = Aim.of(forecast, game, [PERFECT, PERFECT], 1)
    assert coach_warning(gamble, advisor, 0.5, "en", aim, players) is None
    timid = decision(game, keep=(1, 3))
    assert timid is not None
    warning = coach_warning(timid, advisor, 0.5, "en", aim, players)
    assert warning is not None and warning.endswith(
        "To beat Bo: keep 5 5 5. Played for the win from here, the chance to win is 8% this "
        "way, 4% the way of the most points."
    )


def test_alone_the_shark_plays_as_perfect(forecast: Forecast) -> None:
    with pytest.raises(ValueError):
        Aim(forecast, [State(0, 0, False, 0)], [PERFECT], 0)
    games = [Game(["A"], seed=3), Game(["A"], seed=3)]
    for game, level in zip(games, (Level.WIN, Level.PERFECT), strict=True):
        rng = random.Random(3)
        while not game.is_over:
            for step in plan(game, level, forecast.advisor, rng, None):
                step.apply(game)
    assert games[0].history == games[1].history


def test_an_extra_kismet_weighs_the_others_penalty_zeros(forecast: Forecast) -> None:
    assert penalised(State(0b110, 9, False, 9)) == State(0b111, 9, False, 9)
    assert penalised(State(FULL, 50, False, 300)) == State(FULL, 50, False, 300)
    # Ann, her Kismet box scored, with Four of a Kind and Yarborough open, against Bo with
    # Sixes (his topmost open box, about 20 points and his bonus), Four of a Kind and
    # Yarborough open: an extra Kismet in Yarborough also gives Bo a zero in Sixes.
    ann = State(FULL & ~(1 << 12) & ~(1 << 13), 70, True, 250)
    bo = State(FULL & ~(1 << 5) & ~(1 << 12) & ~(1 << 13), 50, False, 250)
    aim = Aim(forecast, [ann, bo], [PERFECT, PERFECT], 0)
    box = C.YARBOROUGH
    plain = aim.reached(ann.after(box, 30))[1]
    extra = aim.reached(ann.after(box, 30), extra=True)[1]
    assert extra > plain + 0.2
    assert aim.box_chance(box, (6, 6, 6, 6, 6)) == extra


def test_after_an_extra_kismet_the_table_is_the_one_with_the_zeros_in(forecast: Forecast) -> None:
    # Ann, her Kismet box scored, with three boxes open; Bo, his Kismet box scored too, with
    # Ones and Flush open. Ann's extra Kismet now zeroes Bo's Ones: from there he has one
    # turn left to roll an extra Kismet of his own, not two, as at a table where his Ones
    # already held the zero.
    ann = State(FULL & ~(1 << 9) & ~(1 << 12) & ~(1 << 13), 70, True, 250)
    bo = State(FULL & ~1 & ~(1 << 9), 60, True, 280)
    now = Aim(forecast, [ann, bo], [PERFECT, PERFECT], 0)._stakes_after(ann, extra=True)
    zeroed = Aim(forecast, [ann, penalised(bo)], [PERFECT, PERFECT], 0).stakes
    totals = range(250, 420)
    assert [now.at(x) for x in totals] == pytest.approx([zeroed.at(x) for x in totals])
    assert any(0.05 < now.at(x) < 0.95 for x in totals)  # totals whose win is not settled


class WithoutExtras(Forecast):
    """The same tables, but no player is ever taken to roll an extra Kismet."""

    def extra_rate(self, state: State) -> float:
        return 0.0


def test_the_shark_counts_the_penalty_zeros_on_both_sides(forecast: Forecast) -> None:
    # Ann holds points in her Kismet box, ten boxes open; Bo, the Shark, has none.
    ann = State(sum(1 << i for i in (0, 6, 7, 8, 14)), 2, True, 80)
    bo = State(sum(1 << i for i in (6, 7, 8, 9, 13)), 0, False, 90)
    blind = WithoutExtras(forecast.advisor, forecast.spread)
    after = bo.after(C.ONES, 3)
    # Bo expects zeros from Ann's extra Kismets: less chance than if she rolled none.
    seen, unseen = (Aim(f, [ann, bo], [PERFECT, PERFECT], 1) for f in (forecast, blind))
    assert seen.reached(after)[1] < unseen.reached(after)[1] - 0.01
    # Bo's own Kismet scored now: from his next turn, his extra Kismets zero Ann's boxes.
    plain = State(ann.filled, 2, False, 150)
    shark, deaf = (Aim(f, [plain, bo], [PERFECT, PERFECT], 1) for f in (forecast, blind))
    kismet = bo.after(C.KISMET, 80)
    assert shark.reached(kismet)[1] > deaf.reached(kismet)[1] + 0.01
    assert shark.reached(after)[1] == pytest.approx(deaf.reached(after)[1])


def test_the_last_turn_wins_as_often_as_the_shark_expects(forecast: Forecast) -> None:
    """Bo has finished on 330; Ann, with Yarborough and Sixes open, plays her last two
    turns as the Shark: her chance at the start against those of 4,000 played out."""
    ann = State(FULL & ~(1 << 5) & ~(1 << 13), 50, False, 270)
    bo = State(FULL, 0, False, 330)
    aim = Aim(forecast, [bo, ann], [PERFECT, PERFECT], 1)
    expected = aim.keep_chance((), 3)
    aims = {ann: aim}
    rng = random.Random(8)
    won = 0.0
    for _ in range(4000):
        state = ann
        for _turn in range(2):
            turn_aim = aims.get(state) or aims.setdefault(
                state, Aim(forecast, [bo, state], [PERFECT, PERFECT], 1)
            )
            dice = tuple(rng.randint(1, 6) for _ in range(5))
            for left in (2, 1):
                keep = turn_aim.best_keep(dice, left)
                dice = (*keep, *(rng.randint(1, 6) for _ in range(5 - len(keep))))
            box = turn_aim.best_box(dice)
            points = forecast.advisor.box_choice(state, box, dice).points
            state = state.after(box, points)
        total = state.scored + upper_bonus(state.subtotal)
        won += 1.0 if total > 330 else 0.5 if total == 330 else 0.0
    assert won / 4000 == pytest.approx(expected, abs=0.025)


def play_as_the_page_does(seed: int, forecast: Forecast, names: Sequence[str]) -> Game:
    """The game the browser test plays, in CPython: the person rolls once and fills the
    first open box; the Shark plays as ``plan`` says, against a person without a record
    (a good player)."""
    game = Game(list(names), seed=seed)
    rng = random.Random(0)  # the Shark draws nothing
    while not game.is_over:
        if game.current == 0:
            game.roll()
            game.score(game.open_boxes(0)[0])
            continue
        aim = Aim.of(forecast, game, [GOOD, PERFECT], 1) if game.dice else None
        for step in plan(game, Level.WIN, forecast.advisor, rng, aim):
            step.apply(game)
    return game


@pytest.mark.long
@pytest.mark.browser
def test_the_shark_is_one_tap_away_and_plays_a_whole_game_on_a_phone(
    browser: Any, site: Site, forecast: Forecast
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  is_mobile=True)  # fmt: skip
    page = context.new_page()
    spreads: list[str] = []
    page.on("request", lambda r: spreads.append(r.url) if "spread.bin" in r.url else None)
    open_app(page, site.url + "?seed=41")
    reveal(page, "new-game").click()
    button = page.locator("[data-testid=play-win]")
    assert button.text_content() == "Shark"
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 360
    assert "Shark plays to beat you" in str(page.text_content(".vs-levels"))
    page.screenshot(path=artifact("shark-new-game.png"))
    button.click()
    assert page.text_content("[data-testid=player-head-1]") is not None
    assert "Shark (computer)" in str(page.text_content("[data-testid=player-head-1]"))
    turns = 0
    while page.locator("[data-testid=game-over]").count() == 0:
        wait_for_human(page, 0)
        if page.locator("[data-testid=game-over]").count():
            break
        page.click("[data-testid=roll]")
        page.locator("[data-testid^=cell-0-] button.option").first.click()
        if page.is_visible("#confirm-dialog"):
            page.click("[data-testid=confirm]")
        turns += 1
        if turns == 7:  # saved as it goes: a reload takes the game up where it stood
            open_app(page, site.url + "?seed=41")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert saved["seats"] == ["human", "win"]
    game = game_from_dict(saved["game"])
    assert game.is_over
    # The worker's Shark played what kismet's code plays, turn for turn.
    assert game.history == play_as_the_page_does(41, forecast, game.players).history
    assert spreads, "the Shark weighs its choices with the spread table"
    page.screenshot(path=artifact("shark-game-over.png"), full_page=True)
    context.close()


def test_a_decision_is_priced_in_the_chance_to_win_as_well(forecast: Forecast) -> None:
    game = table(BO_AHEAD)
    game.set_dice([1, 3, 5, 5, 5])
    advisor = forecast.advisor
    aim = Aim.of(forecast, game, [PERFECT, PERFECT], 1)
    timid = decision(game, keep=(3,))
    assert timid is not None
    verdict = price(timid, advisor, aim)
    assert verdict.cost == 0  # the best for points
    assert verdict.to_win is not None and verdict.to_win.choice.keep == (5, 5, 5)
    assert verdict.to_win.cost == pytest.approx(
        aim.keep_chance((5, 5, 5), 2) - aim.keep_chance((3,), 2)
    )
    assert price(timid, advisor).to_win is None  # alone: in points only


def test_the_review_at_a_table_prices_each_decision_in_chances_too(forecast: Forecast) -> None:
    """A person against the Shark, in a session with both tables: the luck's pricing and
    the review carry each decision's chance to win, and the points still add up."""
    app = Session(MemoryStorage(), seed=7, clock=lambda: "2026-12-05T00:00:00+00:00")
    app.attach(forecast.advisor)
    app.odds.attach(forecast.spread)
    app.lobby.start(Roster(("Ann", "Shark"), (None, Level.WIN)))
    while not app.game.is_over:
        if app.game.current == 0:
            app.moves.roll()
            app.moves.choose(app.game.open_boxes(0)[-1])  # from the bottom: costly
            if app.moves.pending is not None:
                app.moves.confirm()
        else:
            assert app.computer_step()
    assert app.price_finished(None)
    shown = app.review()
    assert shown is not None
    assert shown.summary[0].startswith("Ann: decisions cost about ")
    assert "of the chance to win; scored" in shown.summary[0]
    items = [item for turn in (*shown.costly, *shown.fine) for item in turn.items]
    assert len(items) == len(app.table.decisions) == 15
    assert any("For the win: " in item.words for item in items)
    luck = app.progress.luck(app.table, forecast.advisor, "en")
    assert luck is not None
    assert luck.splits[0].lost == pytest.approx(sum(item.cost for item in items), abs=0.01)


PERCENTS = re.compile(r"<1%|>99%|\d+%")
FIGURES = """() => ({
  chips: [0, 1].map((p) =>
    document.querySelector(`[data-testid=win-chance-${p}] [aria-hidden]`)?.textContent ?? ''),
  note: document.querySelector('[data-testid=hint-note]').textContent,
  lines: [...document.querySelectorAll('[data-testid=hint-panel] li')].map((li) => li.textContent),
})"""
"""Every percentage the page shows for the players: beside each total, and in the hint."""
OWN_WORDS = re.compile(
    r"Played for the win from here, the chance to win is (<1%|>99%|\d+%) this way, "
    r"(<1%|>99%|\d+%) the way of the most points"
)
"""Chances the hint gives with their own question: played for the win from here, that of
one move, and that of the move for the most points."""


@pytest.mark.browser
def test_one_chance_per_player_on_screen_and_it_moves_with_the_dice(
    browser: Any, site: Site
) -> None:
    # Against the Shark on a phone: the first roll of seed 53 shows four fives with two
    # rolls left and Kismet open. The chance beside the person's total moves with it (a
    # step after the roll), and the hint says that very figure; any other percentage in the
    # hint asks its own question in words ("Played for the win from here, the chance to win
    # is 41% this way, 36% the way of the most points"). Turn after turn the same.
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)  # fmt: skip
    page = context.new_page()
    open_app(page, site.url + "?seed=53")
    reveal(page, "new-game").click()
    page.click("[data-testid=play-win]")
    chip = "[data-testid=win-chance-0]"
    page.wait_for_selector(f"{chip}:not([data-chance=''])", state="attached", timeout=60_000)
    before = float(str(page.get_attribute(chip, "data-chance")))
    page.click("[data-testid=roll]")
    assert sorted(int(str(page.get_attribute(f"[data-testid=die-{i}]", "data-face")))
                  for i in range(5)) == [1, 5, 5, 5, 5]  # fmt: skip
    page.wait_for_function(
        "(b) => Number(document.querySelector('[data-testid=win-chance-0]').dataset.chance) !== b",
        arg=before,
    )
    after = float(str(page.get_attribute(chip, "data-chance")))
    assert after > before + 0.02, (before, after)
    for turn in range(3):
        if turn:
            wait_for_human(page, 0)
            page.click("[data-testid=roll]")
        page.click("[data-testid=hint]")
        page.wait_for_selector("[data-testid=hint-panel]:not([hidden])")
        shown = page.evaluate(FIGURES)
        mine = shown["chips"][0]
        assert PERCENTS.fullmatch(mine), shown
        assert PERCENTS.findall(shown["note"]) == [mine], shown  # the same figure
        for line in shown["lines"]:
            own = OWN_WORDS.findall(line)
            assert len(PERCENTS.findall(line)) == 2 * len(own), line  # each in its words
        page.screenshot(path=artifact(f"one-truth-{turn}.png"))
        page.locator("[data-testid^=cell-0-] button.option").first.click()
        if page.is_visible("#confirm-dialog"):
            page.click("[data-testid=confirm]")
    context.close()


@pytest.mark.browser
def test_where_winning_and_scoring_part_the_hint_says_both_with_their_chances(
    browser: Any, site: Site
) -> None:
    # Ann trails Bo by about 40 with Threes and Kismet open, real dice 1 3 5 5 5: for the
    # most points she keeps the 3, for the win the three fives (the Kismet is her one way
    # to catch Bo). The hint says both, the line to win first, with its chances, and marks
    # the fives; a phone shows both lines.
    game = table(BO_AHEAD)
    game.set_dice([1, 3, 5, 5, 5])
    stored = Table(game, (None, None), Mode.SHEET, started="2026-12-01T08:00:00+00:00")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, site.url)
    page.evaluate("(s) => localStorage.setItem('kismet:v1:game', s)", json.dumps(stored.to_dict()))
    open_app(page, site.url)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=60_000)
    lines = page.locator("[data-testid=hint-panel] li").all_text_contents()
    assert re.fullmatch(
        r"To beat Bo: keep 5 5 5\. Played for the win from here, the chance to win is \d+% "
        r"this way, \d+% the way of the most points\.",
        lines[0],
    ), lines
    chances = [int(x) for x in re.findall(r"(\d+)%", lines[0])]
    assert chances[0] > chances[1], lines  # the move that wins most, against the other's
    assert lines[1].startswith("For the most points: keep 3."), lines
    assert page.get_attribute("[data-testid=hint-panel]", "data-both") == "on"
    assert page.is_visible("[data-testid=hint-panel] li:nth-child(2)")  # both, on a phone
    page.screenshot(path=artifact("hint-win-and-points-phone.png"))
    context.close()
