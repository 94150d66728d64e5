"""After a game: each decision of a person beside the best one, and what it cost.

The app records a ``Decision`` (``kismet.advice.state``) each time a person re-rolls (the
dice they kept) or fills a box, with the position it was taken in; ``price`` prices each
with the strategy table (``kismet.app.guidance.luck.Pricing`` prices a game's, a few at a time).
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import Decision
from .strategy import Advisor, Choice


@dataclass(frozen=True)
class Verdict:
    """A decision priced: what was done, what was best, the expected points it cost."""

    decision: Decision
    chosen: Choice
    best: Choice

    @property
    def cost(self) -> float:
        """Expected points lost against the best choice (0 for the best one)."""
        return max(0.0, self.best.expected - self.chosen.expected)


def price(decision: Decision, advisor: Advisor) -> Verdict:
    """The chosen option and the best one, with their expected final totals."""
    state = decision.state
    best = advisor.options(state, decision.dice, decision.rolls_left)[0]
    if decision.box is not None:
        chosen = advisor.box_choice(state, decision.box, decision.dice)
    else:
        chosen = advisor.keep_choice(state, decision.keep or (), decision.rolls_left)
    return Verdict(decision, chosen, best)
