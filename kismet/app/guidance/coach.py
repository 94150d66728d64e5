"""The strategy table's work at a table, once the table has arrived: hints, the coach's
questions, the review. What it says is in ``kismet.app.guidance.coaching``, which loads (with the
strategy machinery) only when the table is there, so the first paint never waits for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...rules import Game
from ..base.settings import Settings
from .hint import Hint

if TYPE_CHECKING:
    from ...advice.review import Verdict
    from ...advice.state import Decision
    from ...advice.strategy import Advisor
    from ...advice.winning import Aim
    from .coaching import Review


def kept(game: Game) -> tuple[int, ...] | None:
    """The faces held before a roll, when the roll is a decision (dice showing, some free)."""
    if not game.dice or not game.can_roll():
        return None
    return tuple(sorted(d for d, h in zip(game.dice, game.held, strict=True) if h))


class Coach:
    """The strategy table's work at a table: hints, the coach's questions, the review."""

    def __init__(self, aiming: Callable[[], Aim | None] = lambda: None) -> None:
        self.advisor: Advisor | None = None
        """The strategy table, once fetched."""
        self.failed = False
        """The table could not be loaded: nothing waits for it until the page is online."""
        self.aiming = aiming
        """The choices of the player to move weighed by their chance to win (the session's
        ``aim``): the hint and the coach name the choice that wins most beside the one
        that scores most."""

    def attach(self, advisor: Advisor) -> None:
        """The strategy table has arrived: hints, the coach, computers and the review work."""
        self.advisor = advisor

    def missing(self, missing: bool = True) -> None:
        """The table could not be loaded: nothing waits for it (False: online again)."""
        self.failed = missing

    def question(
        self, choice: Decision | None, settings: Settings, game: Game, lang: str
    ) -> str | None:
        """With the coach on, its question before a move of ``game`` that costs more than
        the player's margin; None when there is nothing to ask (or no table yet)."""
        if choice is None or not settings.coach or self.advisor is None:
            return None
        from .coaching import coach_warning

        margin, aim = settings.coach_margin, self.aiming()
        return coach_warning(choice, self.advisor, margin, lang, aim, game.players)

    def hint(self, game: Game, lang: str) -> Hint | None:
        """The Hint button's answer (None without the table)."""
        if self.advisor is None:
            return None
        from .coaching import hint

        return hint(game, self.advisor, lang, self.aiming())

    def review(self, verdicts: Sequence[Verdict], game: Game, lang: str) -> Review | None:
        """The review of the game from its priced decisions (None without the table)."""
        if self.advisor is None:
            return None
        from .coaching import review

        return review(verdicts, self.advisor, game, lang)
