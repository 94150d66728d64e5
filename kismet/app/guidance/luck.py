"""Luck against skill: each player's total split into perfect play's expectation, the
points their decisions cost, and the rest, which is the dice.

    total = expected - lost + dice

``expected`` is what perfect play expects from the start of a game (the strategy table's
value of the empty sheet), ``lost`` the sum of what each decision cost against the best one
(``kismet.advice.review``), and ``dice`` whatever is left: above zero the dice were kind,
below it they were not. Only a person's decisions with on-screen dice are recorded, so a
computer's seat, or a game played with real dice, has no split.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...text import join_names, text
from ..base.finished import Finished

if TYPE_CHECKING:
    from ...advice.review import Verdict
    from ...advice.state import Decision
    from ...advice.strategy import Advisor
    from ...advice.winning import Aim

    AimAt = Callable[[Decision], Aim | None]
    """The table as a decision found it, weighed for the win (None: not known)."""


class Split(NamedTuple):
    """One player's total, split."""

    name: str
    total: int
    expected: float
    lost: float

    @property
    def dice(self) -> float:
        """What the dice gave beyond (or below) perfect play's expectation."""
        return self.total - self.expected + self.lost


class Luck(NamedTuple):
    """The game-over panel's luck-against-skill part: its sentence and each player's split."""

    line: str
    splits: tuple[Split, ...]


def expected_total(advisor: Advisor) -> float:
    """What perfect play expects from the start of a game."""
    return advisor.future(0, 0, False)


class Pricing:
    """A finished game's decisions being priced, a few at a time (so that no step holds
    the page for long): each decision's verdict, kept for the review, and the points each
    person's decisions cost so far (None for a computer's seat)."""

    def __init__(self, game_id: str, people: Sequence[bool], to_win: bool = False) -> None:
        self.game_id = game_id
        self.to_win = to_win
        """Each decision is priced in the chance to win as well (a table with others)."""
        self.lost: list[float | None] = [0.0 if person else None for person in people]
        self.verdicts: list[Verdict] = []
        """The decisions priced so far, in order."""

    @property
    def done(self) -> int:
        """How many decisions are priced."""
        return len(self.verdicts)

    def follows(self, game_id: str, decisions: Sequence[Decision]) -> bool:
        """Whether these verdicts are of that game's decisions (the first ones, in order):
        not if the game changed, or a decision priced was taken back."""
        return (
            game_id == self.game_id
            and self.done <= len(decisions)
            and all(v.decision == d for v, d in zip(self.verdicts, decisions, strict=False))
        )

    def step(
        self,
        decisions: Sequence[Decision],
        advisor: Advisor,
        enough: Callable[[], bool],
        aim_at: AimAt | None = None,
    ) -> bool:
        """Price decisions in order until ``enough()`` says so (at least one); True once
        every decision is priced. ``aim_at``: the table as each decision found it, weighed
        for the win (with ``to_win``)."""
        from ...advice.review import price

        while self.done < len(decisions):
            decision = decisions[self.done]
            aim = aim_at(decision) if aim_at is not None and self.to_win else None
            verdict = price(decision, advisor, aim)
            self.verdicts.append(verdict)
            value = self.lost[verdict.decision.player]
            if value is not None:
                self.lost[verdict.decision.player] = value + verdict.cost
            if enough():
                break
        return self.done == len(decisions)


def price_seats(
    decisions: Sequence[Decision], advisor: Advisor, people: Sequence[bool]
) -> tuple[float | None, ...]:
    """The points each person's decisions cost (None for a computer's seat), all at once."""
    pricing = Pricing("", people)
    pricing.step(decisions, advisor, lambda: False)
    return tuple(pricing.lost)


def splits(record: Finished, expected: float) -> tuple[Split, ...]:
    """The split of each seat whose decisions were priced."""
    return tuple(
        Split(name, total, expected, lost)
        for name, total, lost in zip(record.players, record.totals, record.lost, strict=True)
        if lost is not None
    )


def _points(value: float) -> str:
    return f"{abs(value):.0f}"


def luck(record: Finished, expected: float, lang: str) -> Luck | None:
    """The luck-against-skill sentence and splits of a finished game (None when no seat's
    decisions were priced)."""
    parts = splits(record, expected)
    if not parts:
        return None
    if len(record.players) == 1:
        return Luck(_one_seat(parts[0], "luck.solo_kind", "luck.solo_unkind", lang), parts)
    # The real ranking, every seat (computers too), so the sentence agrees with the
    # headline; then what each priced seat's choices cost and what its dice gave.
    players, totals, winners = record.players, record.totals, record.winners
    top = totals[winners[0]]
    if len(winners) == 1:
        second = max((p for p in range(len(players)) if p != winners[0]), key=lambda p: totals[p])
        lead = text(
            "luck.lead",
            lang,
            winner=players[winners[0]],
            margin=top - totals[second],
            other=players[second],
        )
    else:
        lead = text(
            "luck.lead_tie", lang, names=join_names([players[p] for p in winners], lang), points=top
        )
    if len(parts) == 1:
        return Luck(
            f"{lead} {_one_seat(parts[0], 'luck.seat_kind', 'luck.seat_unkind', lang)}", parts
        )
    costs = [
        text("luck.cost", lang, name=p.name, lost=_points(p.lost))
        for p in sorted(parts, key=lambda s: -s.total)
    ]
    kindest = max(parts, key=lambda s: s.dice)
    sign = "" if _points(kindest.dice) == "0" else "+" if kindest.dice >= 0 else "-"
    said = text(
        "luck.costs",
        lang,
        costs=join_names(costs, lang),
        name=kindest.name,
        dice=f"{sign}{_points(kindest.dice)}",
    )
    return Luck(f"{lead} {said}", parts)


def _one_seat(one: Split, kind: str, unkind: str, lang: str) -> str:
    """One seat's choices and dice, in the message ``kind`` when the dice gave more than
    perfect play expects, else ``unkind``."""
    key = kind if one.dice >= 0 else unkind
    return text(key, lang, name=one.name, lost=_points(one.lost), dice=_points(one.dice))


def luck_off(lang: str, why: str = "") -> str:
    """Why a finished game has no split: no decisions recorded, or ``why`` "real" (real
    dice), "partial" (some boxes chosen with none recorded) or "link" (a game by link)."""
    return text(f"luck.off_{why}" if why else "luck.off", lang)
