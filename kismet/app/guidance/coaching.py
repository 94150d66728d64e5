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
from ...text import join_names, text
from .hint import Hint

if TYPE_CHECKING:
    from ...advice.review import Verdict
    from ...advice.strategy import Advisor, Choice
    from ...advice.winning import Aim

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


def _percent(chance: float) -> str:
    from .odds import percent

    return percent(chance)


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


WIN_SHOWN = 0.005
"""The chance to win (half a percentage point) that the choice which wins most must add
over the one which scores most for the hint and the coach to name both."""

NAMED_RIVALS = 2
"""Up to this many other players, the line to win names them ("To beat Bo")."""


class ToWin(NamedTuple):
    """The choice with the best chance to win, where it is not the one that scores most."""

    choice: Choice
    chance: float
    """Its chance to win."""
    instead: float
    """The chance to win of the choice that scores most."""


def to_win(
    choices: Sequence[Choice], dice: Sequence[int], rolls_left: int, aim: Aim | None
) -> ToWin | None:
    """Among the advisor's ``choices`` (best for points first), the one ``aim`` weighs
    highest, when it is another and adds at least ``WIN_SHOWN`` to the chance to win."""
    if aim is None or not choices:
        return None

    def chance(choice: Choice) -> float:
        if choice.box is not None:
            return aim.box_chance(choice.box, dice)
        return aim.keep_chance(choice.keep, rolls_left)

    chances = [chance(c) for c in choices]
    top = max(range(len(choices)), key=lambda i: chances[i])  # the first of equals
    if top == 0 or chances[top] - chances[0] < WIN_SHOWN:
        return None
    return ToWin(choices[top], chances[top], chances[0])


def win_line(found: ToWin, players: Sequence[str], player: int, lang: str) -> str:
    """ "To beat Bo: keep 6 6 6, chance to win 41% instead of 36%." (for ``player`` of
    ``players``)."""
    others = [n for i, n in enumerate(players) if i != player]
    words = {
        "choice": describe(found.choice, lang),
        "chance": _percent(found.chance),
        "instead": _percent(found.instead),
    }
    if len(others) > NAMED_RIVALS:
        return _line(text("hint.to_win", lang, **words))
    return _line(text("hint.to_beat", lang, names=join_names(others, lang), **words))


def hint(game: Game, advisor: Advisor, lang: str, aim: Aim | None = None) -> Hint | None:
    """The best holds or box now, with the reason a player can check, then the next best,
    each in points against the best; and apart, what perfect play expects from here. At a
    table with others (``aim``), when another choice gives a better chance to win, it comes
    first, marked on the dice, then the best for points."""
    if game.is_over or not game.dice:
        return None
    from ...advice.strategy import ChoiceKind, holds_for

    choices = advisor.choices(game)
    best = choices[0]
    found = to_win(choices, game.dice, game.rolls_left, aim)
    lines = [_best_line(choices, game, lang, points=found is not None)]
    for choice in choices[1:HINT_LINES]:
        gap = best.expected - choice.expected
        key = "hint.as_good" if gap < CLOSE else "hint.worse"
        lines.append(_line(text(key, lang, choice=describe(choice, lang), points=_points(gap))))
    note = text("hint.expect", lang, total=f"{best.expected:.0f}")
    if found is not None:
        best = found.choice
        lines.insert(0, win_line(found, game.players, game.current, lang))
    marks = holds_for(game.dice, best.keep) if best.kind is ChoiceKind.KEEP else NO_HOLDS
    return Hint(marks=marks, box=best.box, lines=tuple(lines), note=note, both=found is not None)


def _best_line(choices: Sequence[Choice], game: Game, lang: str, *, points: bool) -> str:
    """The best choice for points, with its reason (``points``: said to be for points, beside
    the choice that wins most)."""
    from .reasons import why

    best = describe(choices[0], lang)
    reason = why(choices[0], choices, State.of(game, game.current), lang)
    if points:
        return text("hint.for_points", lang, choice=best, why=reason)
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


def coach_warning(
    choice: Decision,
    advisor: Advisor,
    margin: float,
    lang: str,
    aim: Aim | None = None,
    players: Sequence[str] = (),
) -> str | None:
    """The coach's question when the decision costs more than ``margin`` expected points:
    it names the move, the better one and what the difference is worth. At a table with
    others (``aim``, of the position the decision is taken in): a move that gives the best
    chance to win (or within ``WIN_SHOWN`` of it) is not questioned, and where the choice
    that wins most is another than the one that scores most, the question names it too
    (``players``: the names at the table)."""
    from .reasons import why

    priced = verdict(choice, advisor)
    if priced.cost <= margin:
        return None
    options = advisor.options(choice.state, choice.dice, choice.rolls_left)
    found = to_win(options, choice.dice, choice.rolls_left, aim)
    if found is not None and aim is not None:
        if choice.box is not None:
            chosen = aim.box_chance(choice.box, choice.dice)
        else:
            chosen = aim.keep_chance(choice.keep or (), choice.rolls_left)
        if chosen >= found.chance - WIN_SHOWN:
            return None
    chose, best = describe(priced.chosen, lang), describe(priced.best, lang)
    reason = why(priced.best, options, choice.state, lang)
    warning = text(
        "coach.warning", lang, chose=chose, best=best, why=reason, cost=_points(priced.cost)
    )
    if found is None:
        return warning
    return f"{warning} {win_line(found, players, choice.player, lang)}"


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
    players = sorted({v.decision.player for v in verdicts})
    summary = [_player_summary(verdicts, player, game, lang) for player in players]
    summary.append(perfect)
    turns: dict[tuple[int, int], list[Verdict]] = {}
    for v in verdicts:
        turns.setdefault((v.decision.player, v.decision.state.filled), []).append(v)
    grouped = [_turn(vs, game, lang) for vs in turns.values()]
    costly = sorted((t for t in grouped if t.cost >= CLOSE), key=lambda t: -t.cost)
    fine = [t for t in grouped if t.cost < CLOSE]
    fine_title = text("review.fine", lang, count=len(fine))
    return Review(tuple(summary), tuple(costly), tuple(fine), fine_title)


def _player_summary(verdicts: Sequence[Verdict], player: int, game: Game, lang: str) -> str:
    """What a player's decisions cost in all, in points, and at a table with others in
    the chance to win."""
    mine = [v for v in verdicts if v.decision.player == player]
    cost = sum(v.cost for v in mine)
    words = {"name": game.players[player], "cost": _points(cost), "total": game.total(player)}
    to_win = [v.to_win.cost for v in mine if v.to_win is not None]
    if not to_win:  # alone at the table
        return text("review.player", lang, **words)
    return text("review.player_win", lang, chance=_percent(sum(to_win)), **words)


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
        win = v.to_win
        if win is not None and win.cost >= WIN_SHOWN:
            words += " " + text(
                "review.to_win",
                lang,
                best=describe(win.choice, lang),
                chance=_percent(win.best),
                chosen=_percent(win.chosen),
            )
        items.append(ReviewItem(v.decision.dice, words, v.cost))
    cost = sum(v.cost for v in verdicts)
    heading = text(
        "review.turn", lang, turn=number, name=game.players[first.player], cost=_points(cost)
    )
    return ReviewTurn(heading, tuple(items), cost)
