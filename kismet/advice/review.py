"""After a game: each decision of a person beside the best one, and what it cost.

The app records a ``Decision`` (``kismet.advice.state``) each time a person re-rolls (the
dice they kept) or fills a box, with the position it was taken in; ``price`` prices each
with the strategy table (``kismet.app.guidance.luck.Pricing`` prices a game's, a few at a time),
in points, and at a table with others in the chance to win as well (``price_to_win``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ..rules import Category
from .state import Decision
from .strategy import Advisor, Choice

if TYPE_CHECKING:
    from .winning import Aim


class WinPrice(NamedTuple):
    """A decision at a table with others, in the chance to win: the chance after the
    choice made, and after the choice of the best chance."""

    chosen: float
    best: float
    choice: Choice
    """The choice of the best chance (the first of equals among the advisor's options)."""

    @property
    def cost(self) -> float:
        """The chance to win given up against the best choice (0 for the best one)."""
        return max(0.0, self.best - self.chosen)


@dataclass(frozen=True)
class Verdict:
    """A decision priced: what was done, what was best, the expected points it cost."""

    decision: Decision
    chosen: Choice
    best: Choice
    to_win: WinPrice | None = None
    """The decision in the chance to win, at a table with others (None: alone)."""

    @property
    def cost(self) -> float:
        """Expected points lost against the best choice (0 for the best one)."""
        return max(0.0, self.best.expected - self.chosen.expected)


def price(decision: Decision, advisor: Advisor, aim: Aim | None = None) -> Verdict:
    """The chosen option and the best one, with their expected final totals; with ``aim``
    (the table as the decision found it), in the chance to win as well."""
    state = decision.state
    best = advisor.options(state, decision.dice, decision.rolls_left)[0]
    if decision.box is not None:
        chosen = advisor.box_choice(state, decision.box, decision.dice)
    else:
        chosen = advisor.keep_choice(state, decision.keep or (), decision.rolls_left)
    to_win = None if aim is None else price_to_win(decision, advisor, aim)
    return Verdict(decision, chosen, best, to_win)


def price_to_win(decision: Decision, advisor: Advisor, aim: Aim) -> WinPrice:
    """The decision in the chance to win, as ``aim`` (of the table as the decision found
    it) weighs each option."""
    state, dice, left = decision.state, decision.dice, decision.rolls_left

    def chance(keep: tuple[int, ...] | None, box: Category | None) -> float:
        if box is not None:
            return aim.box_chance(box, dice)
        return aim.keep_chance(keep or (), left)

    options = advisor.options(state, dice, left)
    chances = [chance(o.keep if o.box is None else None, o.box) for o in options]
    top = max(range(len(options)), key=lambda i: chances[i])
    chosen = chance(decision.keep, decision.box)
    return WinPrice(chosen, chances[top], options[top])
