"""After a game: each human decision beside the best one, and what it cost in expectation.

The app records a decision each time a human re-rolls (the dice they kept) or fills a box,
with the position it was taken in; ``review`` prices them with the strategy table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .scoring import Category
from .strategy import KEEP_INDEX, Advisor, Choice, State, box_points


@dataclass(frozen=True)
class Decision:
    """One human decision, as recorded during the game."""

    player: int
    state: State
    dice: tuple[int, ...]
    rolls_left: int
    keep: tuple[int, ...] | None = None
    box: Category | None = None

    def to_dict(self) -> dict[str, Any]:
        s = self.state
        return {
            "player": self.player,
            "state": [s.filled, s.subtotal, s.joker, s.scored],
            "dice": list(self.dice),
            "rolls_left": self.rolls_left,
            "keep": None if self.keep is None else list(self.keep),
            "box": None if self.box is None else self.box.value,
        }

    @classmethod
    def from_dict(cls, data: object) -> Decision:
        """Read a recorded decision; raises ``ValueError`` for anything else."""
        try:
            assert isinstance(data, dict)
            filled, subtotal, joker, scored = data["state"]
            keep, box = data["keep"], data["box"]
            decision = cls(
                player=int(data["player"]),
                state=State(int(filled), int(subtotal), bool(joker), int(scored)),
                dice=tuple(sorted(int(d) for d in data["dice"])),
                rolls_left=int(data["rolls_left"]),
                keep=None if keep is None else tuple(sorted(int(d) for d in keep)),
                box=None if box is None else Category(box),
            )
            assert len(decision.dice) == 5 and 0 <= decision.rolls_left <= 2
            assert (decision.keep is None) != (decision.box is None)
        except (AssertionError, KeyError, TypeError, ValueError):
            raise ValueError("not a recorded decision") from None
        return decision


@dataclass(frozen=True)
class Verdict:
    """A decision priced: what was done, what was best, the expected points it cost."""

    decision: Decision
    chosen: Choice
    best: Choice

    @property
    def cost(self) -> float:
        return max(0.0, self.best.expected - self.chosen.expected)


def price(decision: Decision, advisor: Advisor) -> Verdict:
    """The chosen option and the best one, with their expected final totals."""
    options = advisor.options(decision.state, decision.dice, decision.rolls_left)
    best = options[0]
    state = decision.state
    if decision.box is not None:
        points = box_points(decision.box, decision.dice, state.joker)
        nxt = state.after(decision.box, points)
        expected = nxt.scored + advisor.future(nxt.filled, nxt.subtotal, nxt.joker)
        chosen = Choice("box", decision.dice, decision.box, expected)
    else:
        keep = decision.keep or ()
        value = advisor.turn(state).keep[decision.rolls_left - 1][KEEP_INDEX[keep]]
        chosen = Choice("keep", keep, None, state.scored + value)
    return Verdict(decision, chosen, best)


def review(decisions: Sequence[Decision], advisor: Advisor) -> list[Verdict]:
    """Every recorded decision priced, in the order they were taken."""
    return [price(d, advisor) for d in decisions]
