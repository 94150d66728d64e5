"""Who is going to win: each player's chance from the position at the start of a turn.

The model: every player plays on as perfect play would (the expected-score policy of the
strategy table), less what they are known to lose against it (``kismet.advice.skill``: a
computer's level, a person's record), and the players' futures are independent but for
the one way players touch each other: an extra Kismet gives every other player a penalty
zero at once. A player whose Kismet box holds points rolls one with the chance that their
turn ends in five alike (``Forecast.extra_rate``, a Poisson count over their turns), and
each zero costs a player the points their topmost open box would bring
(``Forecast.penalty_cost``); the chances are their mean over the likeliest combinations of
counts (``Forecast.against_penalties``). The accuracy tool (``benchmarks/chances.py``)
measures what is left.

Each player's final total is their points so far plus the points still to come, whose law
is taken from the position:
- with few boxes open (``EXACT_BOXES``) it is exact: the turn is played out as a chain over
  the rolls, the best keep and the best box chosen as the table's values say, down to the
  full sheet and its bonus; there a player who needs a Kismet has two outcomes, not a bell;
- with more boxes open it is a normal law (rounded to whole points) with the table's mean
  and the spread table's standard deviation (``tools/spread.py`` solves it at build time,
  following the same choices).

A player who is not perfect has that law moved down by the points they are expected to lose
over the boxes still open, and a normal law's deviation scaled as their play spreads their
totals (more or less than perfect play's); an exact law (the last boxes) is only moved,
except the Casual computer's, whose last turns are played out by its own rule.

The chances then follow exactly from these laws, ties shared among those who tie.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from ..rules import BASIC_BOXES, DICE_COUNT, Category, Fill, Game, upper_bonus
from .players import casual_keep
from .skill import CASUAL, PERFECT, Skill
from .spread import SPREAD_PATH, SPREAD_STEP, Spread
from .state import BOXES, FULL, State, box_points, turn_key
from .strategy import (
    CHILDREN,
    KEEP_INDEX,
    KEEPS,
    ROLL_KEEP,
    ROLLS,
    TABLE_PATH,
    Advisor,
    best_keeps,
    box_rows,
)

EXACT_BOXES = 3
"""With this many boxes open or fewer, the points to come are worked out exactly."""

EXACT_KEPT = 50_000
"""The exact laws kept at most (a few hundred a game; each is a few hundred numbers)."""

TAILS = 5.0
"""A normal law is cut this many standard deviations from its mean."""

COUNTS_KEPT = 12
"""The combinations of players' extra-Kismet counts the chances are worked out over (the
likeliest; the rest are rare)."""

PENALTIES_COUNTED = 3
"""A player's penalty zeros from the others' extra Kismets are counted up to this many (a
fourth is rarer than one game in a hundred thousand)."""

Law = dict[int, float]
"""Points -> probability."""

BASIC_BITS = (1 << len(BASIC_BOXES)) - 1
"""The bits of the Basic boxes in a filled-box set."""


def _rolled(mass: list[float]) -> list[float]:
    """Probabilities over keeps -> over rolls, rolling the dice not kept."""
    mass = list(mass)
    for i, keep in enumerate(KEEPS):
        share = mass[i]
        if share and len(keep) < DICE_COUNT:
            mass[i] = 0.0
            for child in CHILDREN[i]:
                mass[child] += share / 6
    return [mass[k] for k in ROLL_KEEP]


FIVE_ALIKE = tuple(r for r, roll in enumerate(ROLLS) if len(set(roll)) == 1)
"""The rolls of five alike, by their place in ``ROLLS``."""

_FIRST_ROLL = _rolled([1.0 if i == KEEP_INDEX[()] else 0.0 for i in range(len(KEEPS))])
"""The law of a turn's first roll, over ``ROLLS``."""


def _normal(mean: float, sd: float) -> Law:
    """A normal law on whole points (never below zero)."""
    if sd < SPREAD_STEP:
        return {max(0, round(mean)): 1.0}
    low, high = max(0, math.floor(mean - TAILS * sd)), math.ceil(mean + TAILS * sd)
    scale = 1 / (sd * math.sqrt(2))
    edges = [math.erf((x - 0.5 - mean) * scale) for x in range(low, high + 2)]
    law = {x: (edges[i + 1] - edges[i]) / 2 for i, x in enumerate(range(low, high + 1))}
    total = math.fsum(law.values())
    return {x: p / total for x, p in law.items() if p > 1e-12}


class Forecast:
    """The laws of players' final totals, and their chances, from the two tables."""

    def __init__(self, advisor: Advisor, spread: Spread) -> None:
        self.advisor, self.spread = advisor, spread
        self._exact: dict[tuple[int, int, bool, bool], Law] = {}
        self._rates: dict[State, float] = {}

    def last_rolls(self, state: State) -> list[float]:
        """The law of the dice a turn from ``state`` ends with, over ``ROLLS``, its keeps
        the table's best."""
        turn = self.advisor.turn(state)
        rolls = _FIRST_ROLL
        for left in (2, 1):  # rolls left with the dice showing
            keeps = best_keeps(turn.keep[left - 1])
            mass = [0.0] * len(KEEPS)
            for r, p in enumerate(rolls):
                if p:
                    mass[keeps[r]] += p
            rolls = _rolled(mass)
        return rolls

    def outcomes(self, state: State) -> dict[tuple[int, State], float]:
        """The turn played perfectly from ``state``: (points, next state) -> probability."""
        rolls = self.last_rolls(state)
        found: dict[tuple[int, State], float] = {}
        future = self.advisor.future

        def worth(box: Category, points: int, extra: bool) -> float:
            nxt = state.after(box, points)
            return points + future(nxt.filled, nxt.subtotal, nxt.joker)

        rows = box_rows(state, worth)
        for r, p in enumerate(rolls):
            if not p:
                continue
            box, best = rows[0][0], rows[0][1][r]
            for other, values in rows[1:]:
                if values[r] > best:
                    box, best = other, values[r]
            points = box_points(box, ROLLS[r], state.joker)
            nxt = state.after(box, points)
            key = (points, turn_key(nxt))
            found[key] = found.get(key, 0.0) + p
        return found

    def to_come(self, state: State, skill: Skill = PERFECT) -> Law:
        """The law of the points still to come from a turn start (bonus included), for a
        player of this skill."""
        filled, subtotal, joker = state.filled, state.subtotal, state.joker
        if filled == FULL:
            return {upper_bonus(subtotal): 1.0}
        lost, scale = skill.at(filled, joker, subtotal)
        if len(BOXES) - filled.bit_count() > EXACT_BOXES:
            mean = self.advisor.future(filled, subtotal, joker)
            return _normal(mean - lost, self.spread.sd(filled, subtotal, joker) * scale)
        if skill.casual:  # Casual's rule needs no table: its last turns played out too
            return self.exact_law(state, casual=True)
        return _moved(self.exact_law(state), lost)

    def exact_law(self, state: State, casual: bool = False) -> Law:
        """Perfect play's law of the points to come (or Casual's), worked out over the
        turns. With every Basic box filled, the subtotal only adds its bonus: the law is
        worked out once for all subtotals."""
        if state.filled == FULL:
            return {upper_bonus(state.subtotal): 1.0}
        if state.filled & BASIC_BITS == BASIC_BITS and state.subtotal:
            bonus = upper_bonus(state.subtotal)
            unmoved = self.exact_law(State(state.filled, 0, state.joker, 0), casual)
            return {x + bonus: p for x, p in unmoved.items()}
        key = (state.filled, state.subtotal, state.joker, casual)
        if key not in self._exact:
            if len(self._exact) >= EXACT_KEPT:
                self._exact.clear()  # a long session of games: start the caches afresh
                self._rates.clear()
            law: Law = {}
            turn = casual_outcomes(state) if casual else self.outcomes(state)
            skill = CASUAL if casual else PERFECT
            for (points, nxt), p in turn.items():
                for x, q in self.to_come(nxt, skill).items():
                    law[points + x] = law.get(points + x, 0.0) + p * q
            self._exact[key] = law
        return self._exact[key]

    def extra_rate(self, state: State) -> float:
        """The chance that a turn from ``state``, played perfectly, ends with five alike: with
        points in the Kismet box, an extra Kismet (0 without them)."""
        if not state.joker or state.filled == FULL:
            return 0.0
        key = turn_key(state)
        found = self._rates.get(key)
        if found is None:
            rolls = self.last_rolls(state)
            found = self._rates[key] = math.fsum(rolls[r] for r in FIVE_ALIKE)
        return found

    def penalty_cost(self, state: State) -> float:
        """The points a penalty zero in the topmost open box costs a player in ``state``:
        the points still to come, less those after the zero."""
        if state.filled == FULL:
            return 0.0
        future, zeroed = self.advisor.future, penalised(state)
        before = future(state.filled, state.subtotal, state.joker) + upper_bonus(state.subtotal)
        after = future(zeroed.filled, zeroed.subtotal, zeroed.joker) + upper_bonus(zeroed.subtotal)
        return max(0.0, before - after)

    def law(self, state: State, skill: Skill = PERFECT) -> Law:
        """The law of the final grand total of a player of this skill in ``state`` at a
        turn start."""
        return {state.scored + x: p for x, p in self.to_come(state, skill).items()}

    def instead(self, state: State, fill: Fill) -> State | None:
        """Where the table's best box on a fill's dice would have led from ``state``, when
        it is not the box taken (None too for a penalty zero, which is no choice)."""
        if fill.penalty or not fill.dice:
            return None
        roll = tuple(sorted(fill.dice))
        future = self.advisor.future
        best = max(state.open_boxes(), key=lambda box: state.value_after(box, roll, future))
        if best is fill.category:
            return None
        return state.after(best, box_points(best, roll, state.joker))

    def final(self, game: Game, player: int, skill: Skill = PERFECT) -> Law:
        """The law of a player's final grand total, from the start of their turn."""
        state = State.of(game, player)
        if game.is_over or state.filled == FULL:
            return {game.totals(player).grand: 1.0}
        return self.law(state, skill)

    def chances(
        self, game: Game, target: int | None = None, skills: Sequence[Skill] | None = None
    ) -> tuple[float, ...]:
        """Each player's chance to win (ties shared); in a game of one, the chance to beat
        ``target`` (a tie counting half), or 1 without one. ``skills``: each player's
        (all perfect without)."""
        seats = range(len(game.players))
        known = [PERFECT for _ in seats] if skills is None else skills
        laws = [self.final(game, p, known[p]) for p in seats]
        if game.is_over:
            return against(laws, target)
        return self.against_penalties([State.of(game, p) for p in seats], laws, target)

    def against_penalties(
        self, states: Sequence[State], laws: Sequence[Law], target: int | None = None
    ) -> tuple[float, ...]:
        """The chances from the players' laws (``against``), with the penalty zeros: each
        player holding points in the Kismet box rolls a Poisson count of extra Kismets
        (``extra_rate`` a turn), and each gives every other player a zero at once
        (``penalty_cost``), so the chances are their mean over the likeliest
        ``COUNTS_KEPT`` combinations of counts."""
        mixed = [0.0] * len(states)
        for weight, moved in self.penalty_tables(states, laws):
            for i, chance in enumerate(against(moved, target)):
                mixed[i] += chance * weight
        return tuple(mixed)

    def penalty_tables(
        self, states: Sequence[State], laws: Sequence[Law]
    ) -> list[tuple[float, list[Law]]]:
        """The tables ``against_penalties`` weighs the chances over: for each of the
        likeliest combinations of the players' extra-Kismet counts (``penalty_shifts``),
        its probability and every player's law moved down by the zeros it gives them."""
        return [
            (
                weight,
                [
                    shifted_law(law, shift, s.scored)
                    for law, shift, s in zip(laws, shifts, states, strict=True)
                ],
            )
            for weight, shifts in self.penalty_shifts(states)
        ]

    def penalty_shifts(
        self, states: Sequence[State], turns: Sequence[int] | None = None
    ) -> list[tuple[float, list[int]]]:
        """The penalty zeros to come, as the chances weigh them: each player holding points
        in the Kismet box rolls a Poisson count of extra Kismets (``extra_rate`` a turn,
        over their ``turns`` still to come: their open boxes without it), each of which
        gives every other player still playing a zero at once (``penalty_cost`` points).
        For each of the ``COUNTS_KEPT`` likeliest combinations of counts: its probability
        (they add up to 1) and the points each player loses to the zeros it gives them."""
        counts = [open_count(s) for s in states] if turns is None else list(turns)
        rolling = [(j, self.extra_rate(s) * counts[j]) for j, s in enumerate(states)]
        rolling = [(j, expected) for j, expected in rolling if expected > 0]
        if len(states) < 2 or not rolling:
            return [(1.0, [0] * len(states))]
        costs = [round(self.penalty_cost(s)) for s in states]
        combos = likeliest_counts([expected for _, expected in rolling])
        whole = math.fsum(p for _, p in combos)
        found = []
        for combo, p in combos:
            shifts = []
            for i, cost in enumerate(costs):
                hits = sum(
                    n * reach(counts[i], counts[j])
                    for (j, _), n in zip(rolling, combo, strict=True)
                    if j != i
                )
                shifts.append(round(hits * cost))
            found.append((p / whole, shifts))
        return found


def casual_outcomes(state: State) -> dict[tuple[int, State], float]:
    """The turn from ``state`` played as the Casual computer plays it
    (``kismet.advice.players``): it scores the box worth most (the first of equals) once one
    is worth 15 points, on its last roll, or with five alike; else it rolls again keeping the
    dice of its most common face (``casual_keep``). (points, next state) -> probability."""
    boxes = state.open_boxes()
    found: dict[tuple[int, State], float] = {}

    def best(roll: tuple[int, ...]) -> tuple[Category, int]:
        return max(((b, box_points(b, roll, state.joker)) for b in boxes), key=lambda o: o[1])

    def score(roll: tuple[int, ...], p: float) -> None:
        box, points = best(roll)
        nxt = state.after(box, points)
        key = (points, turn_key(nxt))
        found[key] = found.get(key, 0.0) + p

    rolls = _FIRST_ROLL
    for left in (2, 1):  # rolls left with the dice showing
        mass = [0.0] * len(KEEPS)
        for r, p in enumerate(rolls):
            if not p:
                continue
            roll = ROLLS[r]
            face = casual_keep(roll, best(roll)[1], left)
            if face is None:
                score(roll, p)
            else:
                mass[KEEP_INDEX[(face,) * roll.count(face)]] += p
        rolls = _rolled(mass)
    for r, p in enumerate(rolls):
        if p:
            score(ROLLS[r], p)
    return found


def penalised(state: State) -> State:
    """A player's state after another's extra Kismet: a 0 in its topmost open box."""
    if state.filled == FULL:
        return state
    top = next(box for i, box in enumerate(BOXES) if not state.filled >> i & 1)
    return state.after(top, 0)


def poisson(expected: float) -> list[float]:
    """The chances of 0, 1, ... ``PENALTIES_COUNTED`` events of a Poisson count of mean
    ``expected``, scaled to add up to 1 (more events are left out)."""
    weights = [expected**n / math.factorial(n) for n in range(PENALTIES_COUNTED + 1)]
    whole = math.fsum(weights)
    return [w / whole for w in weights]


def likeliest_counts(expected: Sequence[float]) -> list[tuple[tuple[int, ...], float]]:
    """The ``COUNTS_KEPT`` likeliest combinations of Poisson counts of these means (each
    up to ``PENALTIES_COUNTED``), with their probabilities, the likeliest first. Taken a
    count at a time: a combination among the likeliest starts with one of the likeliest
    beginnings."""
    combos: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for mean in expected:
        weights = poisson(mean)
        combos = sorted(
            (((*combo, n), p * w) for combo, p in combos for n, w in enumerate(weights)),
            key=lambda c: -c[1],
        )[:COUNTS_KEPT]
    return combos


def shifted_law(law: Law, cost: int, floor: int = 0) -> Law:
    """``law`` moved down by ``cost`` points (never below ``floor``): the same law, not a
    copy, when ``cost`` is 0."""
    if not cost:
        return law
    out: Law = {}
    for x, p in law.items():
        at = x - cost if x - cost > floor else floor
        out[at] = out.get(at, 0.0) + p
    return out


def slid_law(law: Law, by: float, floor: int = 0) -> Law:
    """``law`` moved by ``by`` points, up or down (a part of a point shared between the two
    nearest whole totals), never below ``floor``: the same law, not a copy, when ``by`` is
    0."""
    if not by:
        return law
    whole = math.floor(by)
    part = by - whole
    out: Law = {}
    for x, p in law.items():
        for at, share in ((x + whole, 1 - part), (x + whole + 1, part)):
            if share:
                out[max(floor, at)] = out.get(max(floor, at), 0.0) + p * share
    return out


def reach(taker: int, roller: int) -> float:
    """The share of a player's ``roller`` turns to come that find another player with
    ``taker`` turns to come still with a box open (their zeros land only then)."""
    return min(taker, roller) / roller


def open_count(state: State) -> int:
    """The boxes still open in ``state``."""
    return len(BOXES) - state.filled.bit_count()


def _moved(law: Law, lost: float) -> Law:
    """An exact law moved down by ``lost`` on average: no points to come stays no points (a
    Kismet missed is 0 at any level), the rest moves down by what makes up ``lost`` (whole
    points, a part of a point shared between the two nearest; never below zero)."""
    rest = 1.0 - law.get(0, 0.0)
    if lost <= 0 or rest <= 0:
        return law
    shift = lost / rest
    whole = math.floor(shift)
    part = shift - whole
    out: Law = {0: law[0]} if 0 in law else {}
    for x, p in law.items():
        for at, share in ((x - whole, 1 - part), (x - whole - 1, part)):
            if x and share:
                out[max(0, at)] = out.get(max(0, at), 0.0) + p * share
    return out


def states_after(fills: Sequence[Fill], players: int) -> list[State]:
    """Each player's state at a turn start, once ``fills`` (a game's history so far) are in."""
    states = [State(0, 0, False, 0)] * players
    for fill in fills:
        states[fill.player] = states[fill.player].after(fill.category, fill.points)
    return states


def against(laws: Sequence[Law], target: int | None) -> tuple[float, ...]:
    """The chances from the players' laws: each one's chance to win, or in a game of one
    the chance to beat ``target`` (1 without one)."""
    if len(laws) == 1:
        return (1.0,) if target is None else shares([laws[0], {target: 1.0}])[:1]
    return shares(laws)


def shares(laws: Sequence[Law]) -> tuple[float, ...]:
    """Each player's chance of the highest total, for independent totals with these laws;
    players who tie for the highest share it equally. The chances add up to 1."""
    sorted_laws = []
    for law in laws:
        xs = sorted(law)
        below = [0.0]
        for x in xs:
            below.append(below[-1] + law[x])
        sorted_laws.append((xs, below))

    def lower(j: int, x: int) -> float:
        xs, below = sorted_laws[j]
        return below[bisect_left(xs, x)]

    won = [0.0] * len(laws)
    for i, law in enumerate(laws):
        others = [j for j in range(len(laws)) if j != i]
        for x, p in law.items():
            won[i] += p * tied_share([(lower(j, x), laws[j].get(x, 0.0)) for j in others])
    total = math.fsum(won)
    return tuple(w / total for w in won)


def _nodes(count: int) -> tuple[tuple[float, float], ...]:
    """Gauss-Legendre points and weights on [0, 1]: exact for a polynomial of degree up to
    ``2 * count - 1``."""
    roots = {1: ((0.0, 2.0),),
             2: ((1 / math.sqrt(3), 1.0),),
             3: ((0.0, 8 / 9), (math.sqrt(3 / 5), 5 / 9)),
             4: ((0.3399810435848563, 0.6521451548625461),
                 (0.8611363115940526, 0.3478548451374538))}[count]  # fmt: skip
    nodes = []
    for root, weight in roots:
        for at in {root, -root}:
            nodes.append(((1 + at) / 2, weight / 2))
    return tuple(nodes)


_TIES = tuple(_nodes(max(1, (k + 2) // 2)) for k in range(8))
"""For each number of other players up to 7: the points that weigh their ties exactly."""


def tied_share(others: Sequence[tuple[float, float]]) -> float:
    """A player's share of the win at a total, from each other player's chance of a lower
    total and of the same total (ties shared equally): the mean over ``t`` in [0, 1] of the
    product of ``lower + equal * t``, which is, in ``t``, a polynomial whose ``k``-th term
    is the chance that ``k`` others tie while nobody is above, weighed ``1 / (k + 1)``."""
    if not any(equal for _, equal in others):
        return math.prod(lower for lower, _ in others)
    if len(others) >= len(_TIES):
        raise ValueError("Ties are weighed for up to 7 other players")
    nodes = _TIES[len(others)]
    return math.fsum(w * math.prod(lo + eq * t for lo, eq in others) for t, w in nodes)


@lru_cache(maxsize=2)
def forecast_of(site: str) -> Forecast:
    """The forecast from the tables the build wrote into ``site`` (read once)."""
    root = Path(site)
    advisor = Advisor.from_bytes((root / TABLE_PATH).read_bytes())
    return Forecast(advisor, Spread.from_bytes((root / SPREAD_PATH).read_bytes()))


def win_chances(
    game: Game,
    site: str = "dist",
    target: int | None = None,
    skills: Sequence[Skill] | None = None,
) -> tuple[float, ...]:
    """Each player's chance to win ``game`` from the start of the turn, each playing on
    with their skill (perfectly without ``skills``), read from the tables in the built
    ``site`` (``python3 build.py build``); in a game of one, the chance to beat ``target``."""
    return forecast_of(site).chances(game, target, skills)
