"""Win chances that know who plays (``kismet.advice.skill``): a computer priced by its level,
a person by their record on this device (someone new as a good player), the law of a
player who is not perfect moved down and widened by what they lose, and the Rules saying so.
Accuracy against the real computers: ``benchmarks/chances.py --levels`` (docs/figures.md)."""

from __future__ import annotations

import copy
import math
import random
import statistics

import pytest

from kismet.advice.chances import Forecast, _moved
from kismet.advice.level import Level
from kismet.advice.players import play_out
from kismet.advice.skill import (
    BOXES,
    CASUAL,
    GOOD,
    PERFECT,
    RECORD_GAMES,
    Skill,
    bonus_bin,
    of_level,
    of_person,
)
from kismet.advice.state import State
from kismet.advice.strategy import Advisor
from kismet.app.keeping.storage import MemoryStorage
from kismet.app.screen.session import Session
from kismet.html.page import help_html
from kismet.rules import Category, Game
from kismet.rules.rng import DiceStream
from tests.test_session import Clock, finish_randomly


def moments(law: dict[int, float]) -> tuple[float, float]:
    mean = math.fsum(x * p for x, p in law.items())
    return mean, math.fsum((x - mean) ** 2 * p for x, p in law.items())


def by_count(skill: Skill) -> list[float]:
    """A skill's loss with 0, 1, ... 15 boxes open, on average over which ones."""
    return [skill.lost[k] + k * sum(skill.boxes) / BOXES if k else 0.0 for k in range(BOXES + 1)]


def test_the_levels_lose_more_the_weaker_and_the_more_boxes_are_open() -> None:
    assert PERFECT.lost == (0.0,) * (BOXES + 1) and PERFECT.scale == (1.0,) * (BOXES + 1)
    assert PERFECT.at(0) == PERFECT.at(2**BOXES - 2) == (0.0, 1.0)
    for skill in (GOOD, CASUAL):
        assert len(skill.lost) == len(skill.scale) == BOXES + 1
        assert len(skill.boxes) in (0, BOXES)
        assert skill.at(2**BOXES - 1)[0] == 0.0 and all(0.5 <= x <= 1.5 for x in skill.scale)
        losses = by_count(skill)
        assert losses == sorted(losses)  # more boxes open, more to lose
        empty = skill.bonus[bonus_bin(0, 0) or 0] if skill.bonus else 0.0  # at par
        assert skill.per_game == pytest.approx(losses[-1] + empty)
    # Casual loses more than Good (with one box left the two are within their errors).
    assert all(c > g for c, g in zip(by_count(CASUAL)[2:], by_count(GOOD)[2:], strict=True))
    assert of_level(Level.PERFECT) is PERFECT and of_level(Level.CASUAL) is CASUAL


def test_casual_loses_by_which_boxes_are_open_not_only_how_many() -> None:
    """Casual stops rolling at the first 15 points: with the Kismet box and Yarborough still
    open it loses more than with two upper boxes of few points (measured in
    benchmarks/skill.py, docs/figures.md), and a loss is never below nothing."""
    index = {box: i for i, box in enumerate(Category)}
    all_but = 2**BOXES - 1
    chances = all_but & ~(1 << index[Category.KISMET]) & ~(1 << index[Category.YARBOROUGH])
    small = all_but & ~(1 << index[Category.ONES]) & ~(1 << index[Category.TWOS])
    assert CASUAL.at(chances)[0] > CASUAL.at(small)[0] + 5
    assert GOOD.at(chances) == GOOD.at(small)  # Good: by the count alone
    for filled in range(0, 2**BOXES, 97):
        assert CASUAL.at(filled)[0] >= 0.0 and CASUAL.at(filled, joker=True)[0] >= 0.0
    # With points in its Kismet box, its five alike score as jokers: it loses less with
    # the last boxes of the sheet open (Full House Same Color, Four of a Kind), the fit says.
    late = (
        all_but
        & ~(1 << index[Category.FULL_HOUSE_SAME_COLOR])
        & ~(1 << index[Category.FOUR_OF_A_KIND])
    )
    assert CASUAL.at(late, joker=True)[0] < CASUAL.at(late)[0] - 4
    assert GOOD.at(late, joker=True) == GOOD.at(late)


def test_casual_loses_more_where_perfect_play_makes_its_bonus(forecast: Forecast) -> None:
    """Casual plays for no bonus: with its Basic sheet at par (the open boxes' three of a
    kind bring what the subtotal needs), where perfect play makes the bonus, it loses more
    than far below par or with the bonus made (the fit's terms by ``bonus_bin``)."""
    index = {box: i for i, box in enumerate(Category)}
    only_sixes = 2**BOXES - 1 & ~(1 << index[Category.SIXES])
    assert bonus_bin(only_sixes, 63) is None and bonus_bin(2**BOXES - 1, 10) is None
    assert [bonus_bin(only_sixes, s) for s in (20, 37, 41, 44, 48)] == [0, 1, 2, 3, 4]
    at_par, below, made = (CASUAL.at(only_sixes, subtotal=s)[0] for s in (45, 20, 63))
    assert at_par > below + 5 and at_par > made + 5
    assert GOOD.at(only_sixes, subtotal=45) == GOOD.at(only_sixes, subtotal=63)
    # A Casual law with Ones to Fours filled moves down by the term of its sheet's standing.
    filled = sum(1 << index[box] for box in (Category.ONES, Category.TWOS, Category.THREES,
                                             Category.FOURS))  # fmt: skip
    for subtotal in (30, 10):  # at par (Fives and Sixes bring 33), and far below it
        state = State(filled, subtotal, False, 150)
        lost = mean(forecast.law(state)) - mean(forecast.law(state, CASUAL))
        assert lost == pytest.approx(CASUAL.at(filled, subtotal=subtotal)[0], abs=0.5)
    assert CASUAL.at(filled, subtotal=30)[0] > CASUAL.at(filled, subtotal=10)[0] + 5


def mean(law: dict[int, float]) -> float:
    return math.fsum(x * p for x, p in law.items())


def test_a_casual_law_moves_by_whether_its_kismet_box_holds_points(forecast: Forecast) -> None:
    filled = sum(1 << i for i in (0, 7, 13, 14))  # Ones, Three of a Kind, Yarborough, Kismet
    state = State(filled, 1, True, 80)
    with_joker, without = (forecast.law(s, CASUAL) for s in (state, state._replace(joker=False)))
    perfect = [forecast.law(s) for s in (state, state._replace(joker=False))]
    lost = [mean(p) - mean(c) for p, c in zip(perfect, (with_joker, without), strict=True)]
    assert lost[0] == pytest.approx(CASUAL.at(filled, joker=True)[0], abs=0.5)
    assert lost[1] == pytest.approx(CASUAL.at(filled)[0], abs=0.5)
    assert lost[0] < lost[1] - 2


def test_a_person_counts_by_their_record_and_someone_new_as_a_good_player() -> None:
    assert of_person(None) == GOOD
    assert of_person(GOOD.per_game).lost == pytest.approx(GOOD.lost)
    half = of_person(GOOD.per_game / 2)
    assert half.lost == pytest.approx([x / 2 for x in GOOD.lost])
    assert half.scale == pytest.approx([(1 + x) / 2 for x in GOOD.scale])
    assert of_person(0.0) == PERFECT
    # Between Good and Casual, the two mixed; beyond Casual, Casual's shape scaled.
    between = of_person((GOOD.per_game + CASUAL.per_game) / 2)
    mixed = [(g + c) / 2 for g, c in zip(GOOD.lost, CASUAL.lost, strict=True)]
    assert between.lost == pytest.approx(mixed)
    assert between.boxes == pytest.approx([c / 2 for c in CASUAL.boxes])  # Good's: none
    assert between.per_game == pytest.approx((GOOD.per_game + CASUAL.per_game) / 2)
    same = of_person(CASUAL.per_game)
    assert same.lost == pytest.approx(CASUAL.lost) and same.boxes == pytest.approx(CASUAL.boxes)
    worse = of_person(1.5 * CASUAL.per_game)
    assert worse.lost == pytest.approx([1.5 * x for x in CASUAL.lost])
    assert worse.per_game == pytest.approx(1.5 * CASUAL.per_game)
    assert all(0.5 <= x <= 1.5 for x in worse.scale)


@pytest.mark.parametrize("filled", [0, 3, 12, 14])  # normal laws, then exact ones
def test_a_players_law_moves_down_by_their_loss_and_spreads_by_their_scale(
    forecast: Forecast, filled: int
) -> None:
    game = Game(["Ann"], seed=filled)
    for box in list(Category)[:filled]:
        game.roll()
        game.score(box)
    state = State.of(game, 0)
    # (Casual's exact laws are its own rule played out: the next test.)
    for skill in (GOOD, CASUAL) if filled < 12 else (GOOD,):
        perfect_mean, perfect_var = moments(forecast.law(state))
        law = forecast.law(state, skill)
        mean, var = moments(law)
        lost, scale = skill.at(state.filled)
        assert sum(law.values()) == pytest.approx(1.0) and min(law) >= state.scored
        assert mean == pytest.approx(perfect_mean - lost, abs=0.5)  # whole points
        if filled < 12:  # a normal law: its deviation scaled
            assert math.sqrt(var) == pytest.approx(math.sqrt(perfect_var) * scale, rel=0.02)
        else:  # an exact law, moved: no points to come stays none (a Kismet missed)
            assert law.get(state.scored, 0.0) >= forecast.law(state).get(state.scored, 0.0)


def test_an_exact_law_is_moved_by_the_loss_and_never_below_zero() -> None:
    law = {100: 0.25, 140: 0.5, 190: 0.25}
    assert moments(_moved(law, 6.4))[0] == pytest.approx(moments(law)[0] - 6.4)
    assert _moved({0: 0.5, 50: 0.5}, 1.0) == {0: 0.5, 48: 0.5}  # 0 stays 0
    assert _moved({0: 0.5, 50: 0.5}, 1.25) == {0: 0.5, 48: 0.5 * 0.5, 47: 0.5 * 0.5}
    assert _moved({0: 0.5, 1: 0.5}, 3.0) == {0: 1.0}
    assert _moved({0: 1.0}, 3.0) == {0: 1.0}


def test_a_casual_seat_is_far_behind_a_perfect_one_from_the_start(forecast: Forecast) -> None:
    game = Game(["Casual", "Perfect"], seed=2)
    assert forecast.chances(game) == pytest.approx((0.5, 0.5))  # both priced as perfect
    casual, perfect = forecast.chances(game, skills=(CASUAL, PERFECT))
    assert casual + perfect == pytest.approx(1.0)
    assert 0.05 < casual < 0.25  # Casual averages about 88 points a game less
    good, _ = forecast.chances(game, skills=(GOOD, PERFECT))
    assert casual < good < 0.5


def test_the_table_prices_each_seat_by_its_level_or_record(advisor: Advisor) -> None:
    app = Session(MemoryStorage(), seed=3, clock=Clock())
    app.attach(advisor)
    for game in range(RECORD_GAMES):
        app.lobby.new_game(["Ann"])
        finish_randomly(app, seed=game)
        while not app.price_finished(None):
            pass
        if game < RECORD_GAMES - 1:  # not yet a record: a good player
            app.lobby.new_game(["Ann", ""], ["human", "casual"])
            assert app.progress.skills(app.table) == (GOOD, CASUAL)
    tally = app.progress.stats("Ann").tally
    assert tally.priced == RECORD_GAMES and tally.lost > 3 * GOOD.per_game  # random play
    app.lobby.new_game(["Ann", "", "Bo"], ["human", "perfect", "human"])
    ann, perfect, bo = app.progress.skills(app.table)
    assert ann == of_person(tally.lost / tally.priced) and ann.per_game > CASUAL.per_game
    assert perfect == PERFECT and bo == GOOD


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_rules_explain_the_chances_once_with_the_measured_figures(lang: str) -> None:
    html = help_html(lang)
    casual, good = round(CASUAL.per_game), round(GOOD.per_game)
    said = {
        "en": f"Casual loses about {casual} points a game and Good about {good}.",
        "ko": f"가볍게는 한 게임에 약 {casual}점, 잘함은 약 {good}점을 잃습니다",
    }[lang]
    assert said in html
    heading = "Chance to win" if lang == "en" else "이길 확률"
    assert html.count(f"<h3>{heading}</h3>") == 1


@pytest.mark.parametrize("left", [1, 2, 3])
def test_casuals_last_turns_are_worked_out_by_its_own_rule(forecast: Forecast, left: int) -> None:
    """With few boxes open the Casual computer's law is its own rule played out exactly
    (``casual_outcomes``), not perfect play's moved: its mean agrees with thousands of
    games finished by the real Casual computer (``kismet.advice.players``)."""
    game = Game(["Casual"], seed=40 + left)
    boxes = list(Category)
    for box in boxes[: BOXES - left]:  # the upper boxes first: the bonus still in play
        game.roll()
        game.score(box)
    state = State.of(game, 0)
    law = forecast.law(state, CASUAL)
    mean, var = moments(law)
    assert sum(law.values()) == pytest.approx(1.0)
    if left > 1:  # (the Kismet box alone: both roll for five alike)
        assert law != forecast.law(state, PERFECT)
    rng = random.Random(left)
    totals = []
    for _ in range(3000):
        future = copy.deepcopy(game)
        future._stream = DiceStream.from_seed(rng.randrange(2**63))  # fresh dice from here
        play_out(future, Level.CASUAL, None, rng)
        totals.append(future.totals(0).grand)
    sim = statistics.fmean(totals)
    assert abs(sim - mean) < 4 * math.sqrt(var / len(totals)) + 0.5, (sim, mean)
