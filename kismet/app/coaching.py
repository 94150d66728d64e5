"""The advice the page gives, in words: hints, the coach's question, the review.

The strategy machinery (``kismet.advice.strategy``, ``review``) loads only when one of
these runs, that is once the table has been fetched: the first paint does not wait for it.
``Coach`` holds the table once it has arrived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..advice.state import Decision, State
from ..rules import NO_HOLDS, Category, Game
from ..text import text
from .settings import Settings
from .turn import Hint

if TYPE_CHECKING:
    from ..advice.review import Verdict
    from ..advice.strategy import Advisor, Choice

HINT_LINES = 4
"""How many choices a hint lists."""


def decision(
    game: Game, *, keep: tuple[int, ...] | None = None, box: Category | None = None
) -> Decision | None:
    """The decision about to be taken by the player to move, for the review and the coach;
    None when it is not one (no dice, the game is over, the box is filled)."""
    if not game.dice or game.is_over:
        return None
    if box is not None and not game.can_score(box):
        return None
    return Decision(
        player=game.current,
        state=State.of(game, game.current),
        dice=tuple(sorted(game.dice)),
        rolls_left=game.rolls_left,
        keep=keep,
        box=box,
    )


def kept(game: Game) -> tuple[int, ...] | None:
    """The faces held before a roll, when the roll is a decision (dice showing, some free)."""
    if not game.dice or not game.can_roll():
        return None
    return tuple(sorted(d for d, h in zip(game.dice, game.held, strict=True) if h))


def describe(choice: Choice, lang: str) -> str:
    """A choice in words: "keep 6-6: 315.4", "Ones: 245.2"."""
    if choice.box is not None:
        return text("hint.box", lang, box=choice.box, points=f"{choice.expected:.1f}")
    faces = "-".join(map(str, choice.keep)) or text("hint.nothing", lang)
    return text("hint.keep", lang, faces=faces, points=f"{choice.expected:.1f}")


def hint(game: Game, advisor: Advisor, lang: str) -> Hint | None:
    """The best holds or box now, and the next best, from the table."""
    if game.is_over or not game.dice:
        return None
    from ..advice.strategy import ChoiceKind, holds_for

    choices = advisor.choices(game)
    best = choices[0]
    marks = holds_for(game.dice, best.keep) if best.kind is ChoiceKind.KEEP else NO_HOLDS
    lines = tuple(describe(c, lang) for c in choices[:HINT_LINES])
    return Hint(marks=marks, box=best.box, lines=lines)


def verdict(choice: Decision, advisor: Advisor) -> Verdict:
    """A decision priced against the best one."""
    from ..advice.review import price

    return price(choice, advisor)


def coach_warning(choice: Decision, advisor: Advisor, margin: float, lang: str) -> str | None:
    """The coach's question when the decision costs more than ``margin`` expected points."""
    priced = verdict(choice, advisor)
    if priced.cost <= margin:
        return None
    best = describe(priced.best, lang)
    return text("coach.warning", lang, cost=f"{priced.cost:.1f}", best=best)


def review_lines(
    decisions: Sequence[Decision], advisor: Advisor, players: Sequence[str], lang: str
) -> list[str]:
    """After the game: each decision of a person, the best one, and what it cost."""
    if not decisions:
        return [text("review.none", lang)]
    from ..advice.review import review

    verdicts = review(decisions, advisor)
    lines = [
        text(
            "review.line",
            lang,
            name=players[v.decision.player],
            chose=describe(v.chosen, lang),
            best=describe(v.best, lang),
            cost=f"{v.cost:.1f}",
        )
        for v in verdicts
    ]
    total = sum(v.cost for v in verdicts)
    perfect = advisor.future(0, 0, False)
    lines.append(text("review.total", lang, cost=f"{total:.1f}", perfect=f"{perfect:.2f}"))
    return lines


class Coach:
    """The strategy table's work at a table: hints, the coach's questions, the review."""

    def __init__(self) -> None:
        self.advisor: Advisor | None = None
        """The strategy table, once fetched."""

    def question(self, choice: Decision | None, settings: Settings, lang: str) -> str | None:
        """With the coach on, its question before a move that costs more than the player's
        margin; None when there is nothing to ask (or no table yet)."""
        if choice is None or not settings.coach or self.advisor is None:
            return None
        return coach_warning(choice, self.advisor, settings.coach_margin, lang)

    def hint(self, game: Game, lang: str) -> Hint | None:
        """The Hint button's answer (None without the table)."""
        return None if self.advisor is None else hint(game, self.advisor, lang)

    def review(self, decisions: Sequence[Decision], players: Sequence[str], lang: str) -> list[str]:
        """The review's lines (none without the table)."""
        if self.advisor is None:
            return []
        return review_lines(decisions, self.advisor, players, lang)
