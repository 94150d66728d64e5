"""Playing to win: each choice of a turn weighed by the chance to win the game it leads to.

Perfect play (``kismet.advice.strategy``) weighs a choice by the points it is expected to
bring. At a table with others the aim is to finish above them, and that asks for other
choices: a player far behind with few boxes left should gamble on what could still win, a
player far ahead should take the safe points. ``Stakes`` turns a final total into the
chance that it wins against the other seats' laws (``kismet.advice.chances``: each playing
on with their skill, from where they stand, the seats still to play this round included).
``Aim`` weighs the seat's choices with it, as the Perfect player weighs them with points:

- after the last roll, each box is worth the chance to win from the sheet it leads to (the
  seat playing on perfectly from there, its law of points to come as the win chances take
  it); an extra Kismet now also gives every other seat its penalty zero, and the penalty
  zeros of the turns to come are in the stakes as the win chances weigh them
  (``Forecast.penalty_shifts``: the likeliest combinations of every seat's extra-Kismet
  count, each moving the other seats' laws and the seat's own total);
- before the second and third rolls, each keep is worth the mean over the dice rolled of the
  best that can follow (the same machinery as the points, ``strategy.turn_from_last``).

A choice's worth is its chance to win, plus ``POINT_WEIGHT`` per expected point: among
choices of the same chance (a game already won or lost) the one that scores most.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules import Category, Game, upper_bonus
from .chances import TAILS, Forecast, Law, open_count, penalised, shifted_law, tied_share
from .skill import Skill
from .state import BOXES, State, box_points
from .strategy import (
    KEEP_INDEX,
    TurnValues,
    best_keeps,
    best_of_rows,
    box_rows,
    expect,
    sub_multisets,
    turn_from_last,
)

POINT_WEIGHT = 3e-4
"""What one expected point adds to a choice's worth beside its chance to win: among choices
of about the same chance (a game as good as won or lost) the one that scores most, and no
point given away for less than 0.03 percentage points of chance (docs/figures.md, "Playing
to win", for how the weight was chosen)."""

EXACT_OWN = 2
"""With this many boxes open or fewer, the seat's own law of points to come is worked out
exactly; with more, it is the normal law of the table's mean and the spread table's
deviation."""

LAST_TURN = True
"""A sheet with one box open is weighed by its last turn played for the win (else by
perfect play's law of that turn)."""

CLOSED_LOOP = True
"""Head to head, a one-box sheet is weighed by its last turn played knowing the other's
final total, when the other finishes first."""

BINS_PER_SD = 4
"""A normal law's mass is taken in bins of about a quarter of its standard deviation."""


class Stakes:
    """The chance that a final total wins against other seats' laws of final totals
    (independent; ties shared among those who tie)."""

    def __init__(self, laws: Sequence[Law]) -> None:
        if not laws:
            raise ValueError("Stakes need at least one other seat")
        self.low = max(min(law) for law in laws)
        """Below this total there is no chance: some seat is sure to finish at or above it."""
        self.high = max(max(law) for law in laws)
        """Above this total the win is sure."""
        totals = range(self.low, self.high + 1)
        cumulative = [_below(law, self.low, self.high) for law in laws]
        if len(laws) == 1:  # below the other, or level with them (half the win)
            (law,), (below,) = laws, cumulative
            chances = [b + law.get(x, 0.0) / 2 for x, b in zip(totals, below, strict=True)]
        else:
            pairs = list(zip(laws, cumulative, strict=True))
            chances = [
                tied_share([(below[i], law.get(x, 0.0)) for law, below in pairs])
                for i, x in enumerate(totals)
            ]
        self._keep(chances)

    def _keep(self, chances: list[float]) -> None:
        """Keep each total's chance, from ``low`` to ``high``, and their running sums."""
        self._chances = chances
        prefix = [0.0]
        for chance in chances:
            prefix.append(prefix[-1] + chance)
        self._prefix = prefix

    @classmethod
    def blend(cls, parts: Sequence[tuple[float, Stakes, int]]) -> Stakes:
        """The stakes of a table that is one of ``parts`` with these probabilities (they
        add up to 1), each with the points the seat itself loses in it: each total's
        chance the weighted mean of the parts' chances of that total less those points."""
        blended = cls.__new__(cls)
        blended.low = min(part.low + lost for _, part, lost in parts)
        blended.high = max(part.high + lost for _, part, lost in parts)
        totals = range(blended.low, blended.high + 1)
        blended._keep([math.fsum(w * part.at(x - lost) for w, part, lost in parts) for x in totals])
        return blended

    def at(self, total: int) -> float:
        """The chance that a final total of ``total`` wins."""
        if total < self.low:
            return 0.0
        if total > self.high:
            return 1.0
        return self._chances[total - self.low]

    def of_law(self, law: Law, shift: int) -> float:
        """The chance to win of a final total of ``shift`` plus a draw from ``law``."""
        return math.fsum(p * self.at(shift + x) for x, p in law.items())

    def of_normal(self, mean: float, sd: float, shift: int) -> float:
        """The chance to win of a final total of ``shift`` plus points to come drawn from
        the normal law the win chances use (``chances._normal``: whole points, cut
        ``TAILS`` deviations from the mean, never below 0), its mass taken in bins of about
        ``sd / BINS_PER_SD`` points against the mean chance over each bin."""
        if sd < 0.5:
            return self.at(shift + max(0, round(mean)))
        low, high = max(0, math.floor(mean - TAILS * sd)), math.ceil(mean + TAILS * sd)
        scale = 1 / (sd * math.sqrt(2))
        erf = math.erf
        top = erf((high + 0.5 - mean) * scale)
        whole = top - erf((low - 0.5 - mean) * scale)
        start = max(low, self.low - shift)  # below it, no chance
        end = min(high, self.high - shift)  # above it, a sure win
        if start > end:  # all of the law on one side
            return 0.0 if start > high else 1.0
        won = top - erf((end + 0.5 - mean) * scale)
        width = max(1, int(sd / BINS_PER_SD))
        prefix, base = self._prefix, shift - self.low
        edge = erf((start - 0.5 - mean) * scale)
        for a in range(start, end + 1, width):
            b = min(end, a + width - 1)
            nxt = erf((b + 0.5 - mean) * scale)
            won += (nxt - edge) * (prefix[base + b + 1] - prefix[base + a]) / (b - a + 1)
            edge = nxt
        return won / whole


def _below(law: Law, low: int, high: int) -> list[float]:
    """For each total from ``low`` to ``high``: the chance of a total below it."""
    out, acc = [], math.fsum(p for x, p in law.items() if x < low)
    for x in range(low, high + 1):
        out.append(acc)
        acc += law.get(x, 0.0)
    return out


_BEYOND: dict[tuple[Category, bool, int, int], float] = {}
"""``beyond``'s answers so far (they depend on the box, not on the game)."""


def beyond(after: State, need: int) -> float:
    """The chance that a sheet with one box open gains more than ``need`` points with it
    (its points and the bonus they bring; as many, half), its last turn played for that."""
    (box,) = after.open_boxes()
    if box.face is None:  # the bonus is settled: only the box's points count
        key = (box, after.joker, 0, need - upper_bonus(after.subtotal))
    else:
        key = (box, False, after.subtotal, need)
    found = _BEYOND.get(key)
    if found is None:

        def chance(box: Category, points: int, extra: bool) -> float:
            gained = points + upper_bonus(after.after(box, points).subtotal)
            return 1.0 if gained > need else 0.5 if gained == need else 0.0

        found = _BEYOND[key] = turn_from_last(after, best_of_rows(box_rows(after, chance))).start
    return found


class Aim:
    """One seat's choices in one turn, weighed by its chance to win against the others.

    ``states``: every seat's position (the seat's own at the start of its turn), ``skills``:
    how each plays on (the seat itself is taken to play on perfectly after this turn)."""

    def __init__(
        self, forecast: Forecast, states: Sequence[State], skills: Sequence[Skill], seat: int
    ) -> None:
        if len(states) < 2:
            raise ValueError("Playing to win needs another seat")
        self.forecast, self.seat = forecast, seat
        self.state = states[seat]
        self._states, self._skills = tuple(states), tuple(skills)
        self._own_turns = open_count(self.state) - 1
        """The seat's turns after this one (this turn's extra Kismet is weighed apart:
        ``_penalised``)."""
        self._laws: dict[tuple[int, State], Law] = {}
        self.stakes = self._stakes_of(states)
        self._penalised: Stakes | None = None
        if self.state.joker:  # an extra Kismet now gives the others their penalty zeros
            self._penalised = self._stakes_of(
                [s if i == seat else penalised(s) for i, s in enumerate(states)]
            )
        self._gained: Stakes | None = None
        """The stakes once this turn puts points in the Kismet box: from the next turn on,
        the seat's own extra Kismets may give the others their penalty zeros."""
        self._known: Law | None = None
        """The one other seat's law of its final total, when it finishes before this seat's
        last turn: that turn is then played knowing it."""
        if len(states) == 2 and CLOSED_LOOP:
            other = states[1 - seat]
            if other.filled.bit_count() > self.state.filled.bit_count():
                self._known = self._law(1 - seat, other)
        self._reached: dict[tuple[State, bool], tuple[float, float]] = {}
        self._turn: TurnValues | None = None
        self._chances: tuple[tuple[float, ...], ...] | None = None

    def _stakes_of(self, states: Sequence[State]) -> Stakes:
        """The stakes against the other seats in ``states``, with the penalty zeros to come
        as the win chances weigh them (``Forecast.penalty_shifts``): the table is one of
        the likeliest combinations of extra-Kismet counts, each moving the other seats'
        laws and the seat's own total down by the zeros it gives them."""
        forecast, seat = self.forecast, self.seat
        laws = {i: self._law(i, s) for i, s in enumerate(states) if i != seat}
        turns = [self._own_turns if i == seat else open_count(s) for i, s in enumerate(states)]
        parts = [
            (
                weight,
                Stakes([shifted_law(law, shifts[i], states[i].scored) for i, law in laws.items()]),
                shifts[seat],
            )
            for weight, shifts in forecast.penalty_shifts(states, turns)
        ]
        return parts[0][1] if len(parts) == 1 else Stakes.blend(parts)

    def _law(self, seat: int, state: State) -> Law:
        """Another seat's law of its final total from ``state`` (each worked out once: the
        stakes after this turn's Kismet share them)."""
        key = (seat, state)
        found = self._laws.get(key)
        if found is None:
            found = self._laws[key] = self.forecast.law(state, self._skills[seat])
        return found

    def _stakes_after(self, after: State, extra: bool) -> Stakes:
        """The stakes the seat's sheet ``after`` its box plays against."""
        if extra and self._penalised:
            return self._penalised
        if after.joker and not self.state.joker:
            if self._gained is None:
                self._gained = self._stakes_of(
                    [after if i == self.seat else s for i, s in enumerate(self._states)]
                )
            return self._gained
        return self.stakes

    @classmethod
    def of(cls, forecast: Forecast, game: Game, skills: Sequence[Skill], seat: int) -> Aim:
        """The aim of ``seat`` in ``game`` as it stands."""
        states = [State.of(game, p) for p in range(len(game.players))]
        return cls(forecast, states, skills, seat)

    def reached(self, after: State, extra: bool = False) -> tuple[float, float]:
        """What reaching ``after`` (the seat's sheet once its box is filled) is worth, and
        its chance to win. The worth is the chance plus ``POINT_WEIGHT`` per expected point
        (the seat playing on perfectly). ``extra``: the box was filled with an extra Kismet,
        so the others took their penalty zeros."""
        key = (after, extra)
        found = self._reached.get(key)
        if found is None:
            stakes = self._stakes_after(after, extra)
            forecast, filled, subtotal, joker = self.forecast, *after[:3]
            mean = forecast.advisor.future(filled, subtotal, joker)
            left = len(BOXES) - filled.bit_count()
            if left == 1 and self._known is not None:
                known = self._known
                chance = math.fsum(p * beyond(after, y - after.scored) for y, p in known.items())
            elif left == 1 and LAST_TURN:
                chance = self._last_turn(after, stakes)
            elif left <= EXACT_OWN:
                chance = stakes.of_law(forecast.exact_law(after), after.scored)
            else:
                sd = forecast.spread.sd(filled, subtotal, joker)
                chance = stakes.of_normal(mean, sd, after.scored)
            found = self._reached[key] = (chance + POINT_WEIGHT * (after.scored + mean), chance)
        return found

    def _last_turn(self, after: State, stakes: Stakes) -> float:
        """The chance to win from a sheet with one box open, its last turn played for the
        best chance against ``stakes`` (every keep and the box weighed exactly)."""
        penalised = self._penalised or stakes

        def chance(box: Category, points: int, extra: bool) -> float:
            nxt = after.after(box, points)
            return (penalised if extra else stakes).at(nxt.scored + upper_bonus(nxt.subtotal))

        return turn_from_last(after, best_of_rows(box_rows(after, chance))).start

    def _filled(self, box: Category, roll: Sequence[int]) -> tuple[float, float]:
        """The worth and the chance of filling ``box`` with ``roll``."""
        state = self.state
        points = box_points(box, roll, state.joker)
        return self.reached(state.after(box, points), state.joker and len(set(roll)) == 1)

    def box_worth(self, box: Category, roll: Sequence[int]) -> float:
        """What filling ``box`` with ``roll`` is worth."""
        return self._filled(box, roll)[0]

    def box_chance(self, box: Category, roll: Sequence[int]) -> float:
        """The chance to win after filling ``box`` with ``roll``."""
        return self._filled(box, roll)[1]

    def turn(self) -> TurnValues:
        """The worth of every roll and keep of the turn (``TurnValues``, in worth, not in
        points)."""
        if self._turn is None:
            state = self.state

            def worth(box: Category, points: int, extra: bool) -> float:
                return self.reached(state.after(box, points), extra)[0]

            self._turn = turn_from_last(state, best_of_rows(box_rows(state, worth)))
        return self._turn

    def keep_chance(self, keep: Sequence[int], rolls_left: int) -> float:
        """The chance to win after keeping these faces and rolling the rest
        (``rolls_left`` before that roll), every later choice of the turn the one of the
        highest worth."""
        if self._chances is None:
            self._chances = self._chance_turn()
        return self._chances[rolls_left - 1][KEEP_INDEX[tuple(sorted(keep))]]

    def _chance_turn(self) -> tuple[tuple[float, ...], ...]:
        """The chance to win of every keep of the turn (by rolls left after it), following
        the choices of the highest worth."""
        state, turn = self.state, self.turn()
        worths = box_rows(
            state, lambda box, points, extra: self.reached(state.after(box, points), extra)[0]
        )
        chances = box_rows(
            state, lambda box, points, extra: self.reached(state.after(box, points), extra)[1]
        )
        last = []
        for r in range(len(worths[0][1])):
            best = max(range(len(worths)), key=lambda b: (worths[b][1][r], -b))
            last.append(chances[best][1][r])
        keep0 = expect(last)
        keep1 = expect([keep0[k] for k in best_keeps(turn.keep[0])])
        keep2 = expect([keep1[k] for k in best_keeps(turn.keep[1])])
        return (tuple(keep0), tuple(keep1), tuple(keep2))

    def best_keep(self, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        """The faces to keep before rolling again, the first in ``KEEPS`` among equals (all
        five: score now)."""
        values = self.turn().keep[rolls_left - 1]
        keeps = sub_multisets(tuple(sorted(dice)))
        return min(keeps, key=lambda k: (-values[KEEP_INDEX[k]], KEEP_INDEX[k]))

    def best_box(self, dice: Sequence[int]) -> Category:
        """The box to fill with these dice, the first on the sheet among equals."""
        return max(self.state.open_boxes(), key=lambda box: self.box_worth(box, dice))
