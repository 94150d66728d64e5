"""The advice the page gives, in words: hints, the coach's question, the review.

The strategy machinery (``kismet.advice.strategy``, ``review``) loads only when one of
these runs, that is once the table has been fetched: the first paint does not wait for it.
``Coach`` holds the table once it has arrived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...advice.state import Decision, State
from ...rules import NO_HOLDS, ROLLS_PER_TURN, Category, Game
from ...text import text
from .hint import Hint

if TYPE_CHECKING:
    from ...advice.review import Verdict
    from ...advice.strategy import Advisor, Choice

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


CLOSE = 0.05
"""Choices closer than this many expected points are as good as each other."""


def _points(value: float) -> str:
    return f"{value:.1f}"


def describe(choice: Choice, lang: str) -> str:
    """A choice in plain words: "keep 6 6", "roll all five again", "Fives for 15"."""
    if choice.box is not None:
        return text("advice.box", lang, box=choice.box, points=choice.points)
    if not choice.keep:
        return text("advice.reroll", lang)
    return text("advice.keep", lang, faces=" ".join(map(str, choice.keep)))


def _line(words: str) -> str:
    """A sentence from a phrase: its first letter a capital."""
    return words[:1].upper() + words[1:]


def hint(game: Game, advisor: Advisor, lang: str) -> Hint | None:
    """The best holds or box now, with the reason a player can check, then the next best,
    each in points against the best; and apart, what perfect play expects from here."""
    if game.is_over or not game.dice:
        return None
    from ...advice.strategy import ChoiceKind, holds_for

    choices = advisor.choices(game)
    best = choices[0]
    marks = holds_for(game.dice, best.keep) if best.kind is ChoiceKind.KEEP else NO_HOLDS
    lines = [_best_line(choices, game, lang)]
    for choice in choices[1:HINT_LINES]:
        gap = best.expected - choice.expected
        key = "hint.as_good" if gap < CLOSE else "hint.worse"
        lines.append(_line(text(key, lang, choice=describe(choice, lang), points=_points(gap))))
    note = text("hint.expect", lang, total=f"{best.expected:.0f}")
    return Hint(marks=marks, box=best.box, lines=tuple(lines), note=note)


def _best_line(choices: Sequence[Choice], game: Game, lang: str) -> str:
    from .reasons import why

    best = describe(choices[0], lang)
    reason = why(choices[0], choices, State.of(game, game.current), lang)
    if len(choices) == 1:
        return text("hint.only", lang, choice=best, why=reason)
    if choices[0].expected - choices[1].expected < CLOSE:
        other = describe(choices[1], lang)
        return text("hint.best_tie", lang, choice=best, other=other, why=reason)
    return text("hint.best", lang, choice=best, why=reason)


def verdict(choice: Decision, advisor: Advisor) -> Verdict:
    """A decision priced against the best one."""
    from ...advice.review import price

    return price(choice, advisor)


def coach_warning(choice: Decision, advisor: Advisor, margin: float, lang: str) -> str | None:
    """The coach's question when the decision costs more than ``margin`` expected points:
    it names the move, the better one and what the difference is worth."""
    from .reasons import why

    priced = verdict(choice, advisor)
    if priced.cost <= margin:
        return None
    chose, best = describe(priced.chosen, lang), describe(priced.best, lang)
    options = advisor.options(choice.state, choice.dice, choice.rolls_left)
    reason = why(priced.best, options, choice.state, lang)
    return text("coach.warning", lang, chose=chose, best=best, why=reason,
                cost=_points(priced.cost))  # fmt: skip


class ReviewItem(NamedTuple):
    """One decision in the review: the dice it was taken on, and what it cost."""

    dice: tuple[int, ...]
    words: str
    cost: float


class ReviewTurn(NamedTuple):
    """One player's turn in the review: its decisions, and what they cost together."""

    heading: str
    items: tuple[ReviewItem, ...]
    cost: float


class Review(NamedTuple):
    """The review of a finished game: the summary first, then the turns whose decisions
    cost points (the costliest first), then the turns played as well as can be."""

    summary: tuple[str, ...]
    costly: tuple[ReviewTurn, ...]
    fine: tuple[ReviewTurn, ...]
    fine_title: str


def review(verdicts: Sequence[Verdict], advisor: Advisor, game: Game, lang: str) -> Review:
    """Each decision of a person (priced: ``kismet.advice.review``), grouped by turn with its
    dice, beside the best one."""
    perfect = text("perfect.figures", lang, expected=f"{advisor.future(0, 0, False):.2f}")
    if not verdicts:
        return Review((text("review.none", lang), perfect), (), (), "")
    summary = []
    for player in sorted({v.decision.player for v in verdicts}):
        cost = sum(v.cost for v in verdicts if v.decision.player == player)
        summary.append(
            text(
                "review.player",
                lang,
                name=game.players[player],
                cost=_points(cost),
                total=game.total(player),
            )
        )
    summary.append(perfect)
    turns: dict[tuple[int, int], list[Verdict]] = {}
    for v in verdicts:
        turns.setdefault((v.decision.player, v.decision.state.filled), []).append(v)
    grouped = [_turn(vs, game, lang) for vs in turns.values()]
    costly = sorted((t for t in grouped if t.cost >= CLOSE), key=lambda t: -t.cost)
    fine = [t for t in grouped if t.cost < CLOSE]
    fine_title = text("review.fine", lang, count=len(fine))
    return Review(tuple(summary), tuple(costly), tuple(fine), fine_title)


def _turn(verdicts: Sequence[Verdict], game: Game, lang: str) -> ReviewTurn:
    first = verdicts[0].decision
    number = bin(first.state.filled).count("1") + 1
    items = []
    for v in verdicts:
        chose, best = describe(v.chosen, lang), describe(v.best, lang)
        roll = ROLLS_PER_TURN - v.decision.rolls_left
        if v.cost < CLOSE:
            words = text("review.best", lang, roll=roll, chose=chose)
        else:
            words = text(
                "review.item", lang, roll=roll, chose=chose, best=best, cost=_points(v.cost)
            )
        items.append(ReviewItem(v.decision.dice, words, v.cost))
    cost = sum(v.cost for v in verdicts)
    heading = text(
        "review.turn", lang, turn=number, name=game.players[first.player], cost=_points(cost)
    )
    return ReviewTurn(heading, tuple(items), cost)
