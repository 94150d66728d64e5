"""Win chances (``kismet.advice.chances``): the arithmetic of shares, the exact laws of the
last turns, and agreement with perfect play simulated."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from benchmarks.chances import simulated
from kismet.advice.chances import (
    COUNTS_KEPT,
    PENALTIES_COUNTED,
    Forecast,
    Law,
    likeliest_counts,
    poisson,
    shares,
)
from kismet.advice.state import BOXES, FULL, State
from kismet.rules import Category, Game


def brute_force(laws: list[dict[int, float]]) -> list[float]:
    won = [0.0] * len(laws)
    for combo in itertools.product(*(law.items() for law in laws)):
        p = math.prod(q for _, q in combo)
        top = max(x for x, _ in combo)
        winners = [i for i, (x, _) in enumerate(combo) if x == top]
        for i in winners:
            won[i] += p / len(winners)
    return won


def test_shares_add_to_one_share_ties_and_match_every_combination() -> None:
    assert shares([{300: 1.0}, {200: 1.0}]) == (1.0, 0.0)
    assert shares([{250: 1.0}, {250: 1.0}, {250: 1.0}]) == pytest.approx((1 / 3,) * 3)
    rng = random.Random(3)
    for players in (2, 3, 4, 5, 6, 7, 8):  # ties among up to eight, weighed exactly
        laws = []
        for _ in range(players):
            xs = rng.sample(range(6), 3)
            weights = [rng.random() for _ in xs]
            laws.append({x: w / sum(weights) for x, w in zip(xs, weights, strict=True)})
        found = shares(laws)
        assert sum(found) == pytest.approx(1.0)
        assert found == pytest.approx(brute_force(laws))


def test_a_decided_game_gives_one_and_zero(forecast: Forecast) -> None:
    game = Game(["Ann", "Bo"], seed=4)
    while not game.is_over:
        game.roll()
        game.score(game.open_boxes(game.current)[0])
    totals = [game.totals(p).grand for p in range(2)]
    chances = forecast.chances(game)
    if totals[0] == totals[1]:
        assert chances == (0.5, 0.5)
    else:
        assert chances[totals.index(max(totals))] == 1.0 and min(chances) == 0.0


def test_symmetric_positions_give_equal_chances(forecast: Forecast) -> None:
    chances = forecast.chances(Game(["Ann", "Bo", "Cy"], seed=1))
    assert chances == pytest.approx((1 / 3,) * 3, abs=1e-12)
    assert sum(chances) == pytest.approx(1.0)


def test_with_only_kismet_open_the_points_to_come_are_a_kismet_or_nothing(
    forecast: Forecast,
) -> None:
    state = State(FULL & ~(1 << BOXES.index(Category.KISMET)), 78, False, 0)
    law = forecast.to_come(state)
    assert sum(law.values()) == pytest.approx(1.0)
    nothing = law.get(75, 0.0)  # the top bonus, and a zero in Kismet
    assert 0.95 < nothing < 0.96  # five of a kind in three rolls: about 4.6%
    assert all(x == 75 or x >= 75 + 50 + 5 for x in law)  # else total + 50


def test_a_three_player_position_agrees_with_perfect_play_simulated(
    forecast: Forecast,
) -> None:
    rng = random.Random(5)
    game = Game(["Ann", "Bo", "Cy"], seed=9)
    while len(game.open_boxes(2)) > 3:  # late: three boxes each, still a contest
        game.roll()
        game.score(forecast.advisor.best_box(game))
    model = forecast.chances(game)
    sim = simulated(forecast, game, 1500, rng)
    assert sum(model) == pytest.approx(1.0)
    assert max(abs(a - b) for a, b in zip(model, sim, strict=True)) < 0.05, (model, sim)


def test_an_extra_kismet_s_rate_is_the_turn_s_chance_of_five_alike(forecast: Forecast) -> None:
    # Only Sixes open, points in the Kismet box: perfect play keeps every six, so the turn
    # ends with five sixes with (1 - (5/6)**3)**5, and with five of another face seldom.
    sixes = State(FULL & ~(1 << BOXES.index(Category.SIXES)), 20, True, 200)
    five_sixes = (1 - (5 / 6) ** 3) ** 5
    assert five_sixes <= forecast.extra_rate(sixes) < five_sixes + 0.0005
    assert forecast.extra_rate(sixes._replace(joker=False)) == 0.0  # no extra Kismet
    assert forecast.extra_rate(State(FULL, 20, True, 300)) == 0.0  # no turn left


def mean_of(law: dict[int, float]) -> float:
    return math.fsum(x * p for x, p in law.items())


def test_the_others_extra_kismets_are_expected_to_cost_a_player_penalty_zeros(
    forecast: Forecast,
) -> None:
    # Ann holds points in her Kismet box, Bo does not: each of Ann's turns while Bo still
    # has a box open may be an extra Kismet, and each gives Bo a zero in his topmost open
    # box (Ones here, which costs him its points and some of his bonus).
    ann = State(sum(1 << BOXES.index(c) for c in (Category.KISMET, Category.ONES)), 3, True, 53)
    bo = State(1 << BOXES.index(Category.FLUSH), 0, False, 35)
    laws = [forecast.law(ann), forecast.law(bo)]
    moved = apart([ann, bo], laws, forecast)
    assert moved[0] == pytest.approx(laws[0])  # Bo rolls no extra Kismet: his box is empty
    expected = forecast.extra_rate(ann) * 13  # Ann's turns while Bo has boxes open
    assert 0.2 < expected < 0.5
    cost = round(forecast.penalty_cost(bo))
    assert 5 < cost < 30
    shifts = forecast.penalty_shifts([ann, bo])
    assert len(shifts) == 4  # none, one, two or three of Ann's extra Kismets
    assert [shift[1] for _, shift in shifts] == [0, cost, 2 * cost, 3 * cost]
    assert math.fsum(w for w, _ in shifts) == pytest.approx(1.0)
    mean_shift = math.fsum(w * shift[1] for w, shift in shifts)
    assert mean_shift == pytest.approx(expected * cost, rel=0.01)
    assert sum(moved[1].values()) == pytest.approx(1.0)
    assert mean_of(laws[1]) - mean_of(moved[1]) == pytest.approx(expected * cost, rel=0.01)
    # The chances take it in: Ann's chance is higher than without the penalties.
    assert shares(moved)[0] > shares(laws)[0] + 0.02


def apart(states: list[State], laws: list[dict[int, float]], forecast: Forecast) -> list[Law]:
    """Each player's law with the zeros the others' extra Kismets are expected to give them,
    taken apart from the others' (as if each player's zeros came from other dice)."""
    found: list[Law] = [{} for _ in laws]
    for weight, moved in forecast.penalty_tables(states, laws):
        for mixed, law in zip(found, moved, strict=True):
            for x, p in law.items():
                mixed[x] = mixed.get(x, 0.0) + weight * p
    return found


def test_an_extra_kismet_zeroes_every_other_player_at_once(forecast: Forecast) -> None:
    # Ann holds points in her Kismet box at a table of four: her extra Kismets give Bo, Cy
    # and Di their zeros together, so she gains more than if each took them apart.
    ann = State(sum(1 << BOXES.index(c) for c in (Category.KISMET, Category.ONES)), 3, True, 53)
    others = [State(1 << BOXES.index(Category.FLUSH), 0, False, 35 + i) for i in range(3)]
    states = [ann, *others]
    laws = [forecast.law(s) for s in states]
    together = forecast.against_penalties(states, laws)
    each = shares(apart(states, laws, forecast))
    assert sum(together) == pytest.approx(1.0)
    assert together[0] > each[0] + 0.005
    assert together[0] > shares(laws)[0] + 0.03
    # Without points in anyone's Kismet box, nobody rolls an extra Kismet.
    plain = [ann._replace(joker=False), *others]
    assert forecast.against_penalties(plain, laws) == shares(laws)


def test_the_likeliest_counts_are_found_a_player_at_a_time() -> None:
    means = [0.4, 0.05, 0.3, 0.2, 0.1]
    every = sorted(
        (math.prod(poisson(m)[n] for m, n in zip(means, combo, strict=True)), combo)
        for combo in itertools.product(range(PENALTIES_COUNTED + 1), repeat=len(means))
    )[::-1]
    found = likeliest_counts(means)
    assert len(found) == COUNTS_KEPT
    assert [p for _, p in found] == pytest.approx([p for p, _ in every[:COUNTS_KEPT]])
    assert found[0] == ((0,) * len(means), pytest.approx(every[0][0]))
