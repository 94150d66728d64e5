"""The end of a game as the page shows it: the headline, the total it counts up, the rank
among this device's high scores, a new best, and what is celebrated on the way.

The headline always names the real winner, computers included; a game of one speaks of a
score, never of a winner; a challenge answered names both players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...rules import Category, Fill, Game
from ...text import join_names, text
from ..base.finished import HIGH_SCORES, Finished, HighScore, best_of
from ..base.table import Table

if TYPE_CHECKING:
    from ..guidance.linked import Duel

Celebration = tuple[str, int]
"""A moment shown big for a while: its message key and its points (a bonus tier's)."""


class Finale(NamedTuple):
    """The game-over panel's words and figures."""

    headline: str
    """Who won and with what ("Robo wins with 310!"), or alone the score."""
    total: int
    """The total the panel counts up to: the score of one, else the winner's."""
    rank: int | None
    """Where ``total`` stands among this device's best ten totals (None: below them)."""
    rank_line: str
    new_best: str
    """The sentence of a person's new best (empty when nobody beat their best, or alone,
    where the headline says it)."""
    beaten: bool = False
    """A person beat their best (the moment is celebrated)."""


def _rank(total: int, high: Sequence[HighScore]) -> int | None:
    """The place of ``total`` in the high-score table, which already holds it (None below
    the table, or while the table holds this game alone: a first game is always first)."""
    rank = 1 + sum(1 for line in high if line.points > total)
    return rank if rank <= HIGH_SCORES and len(high) > 1 else None


def finale(
    game: Game,
    people: Sequence[bool],
    bests: Sequence[int | None],
    high: Sequence[HighScore],
    lang: str,
    versus: Duel | None = None,
) -> Finale:
    """The panel of the finished ``game``: ``people`` says which seats are people, ``bests``
    each player's best total before this game (None before their first), ``high`` the
    high-score table with this game in it, ``versus`` a challenge answered."""
    solo = len(game.players) == 1
    total = game.total(0 if solo else game.winners[0])
    if versus is not None:  # the winner's total, as in any game of two
        total = max(total, versus.theirs.total(0))
    new = [
        player
        for player, best in enumerate(bests)
        if people[player] and best is not None and game.total(player) > best
    ]
    headline = versus.line if versus is not None else _headline(game, people, bests, total, lang)
    # Said once: alone, the headline says a new best (the celebration shows it too).
    new_best = (
        ""
        if solo
        else " ".join(
            text("over.new_best", lang, name=game.players[p], points=game.total(p)) for p in new
        )
    )
    rank, rank_line = _ranked(game, people, total, high, lang)
    return Finale(headline, total, rank, rank_line, new_best, bool(new))


def _headline(
    game: Game, people: Sequence[bool], bests: Sequence[int | None], total: int, lang: str
) -> str:
    """Who won with what; alone, the score, against the person's best before."""
    if len(game.players) > 1:
        return result(game, lang, panel=True)
    if not people[0]:
        return text("over.solo_computer", lang, name=game.players[0], points=total)
    best = bests[0]
    if best is None:
        return text("over.solo", lang, points=total)
    if total > best:
        return text("over.solo_new_best", lang, points=total)
    return text("over.solo_best", lang, points=total, best=best)


def _ranked(
    game: Game, people: Sequence[bool], total: int, high: Sequence[HighScore], lang: str
) -> tuple[int | None, str]:
    """The high-score table is people's: the place of the best total a person scored in
    this game, and its line (its figure said only when it is not the one counted up)."""
    theirs = [game.total(p) for p in range(len(game.players)) if people[p]]
    if not theirs:
        return None, ""
    rank = _rank(max(theirs), high)
    key = "over.rank_same" if max(theirs) == total else "over.rank"
    return rank, "" if rank is None else text(key, lang, points=max(theirs), rank=rank)


KISMET_CHEERS = frozenset({"celebrate.extra", "celebrate.kismet"})
"""The celebrations of five alike, whose dice stay on the board a moment."""


def celebration(game: Game, fills: Sequence[Fill], bonus_before: int) -> Celebration | None:
    """What a move is celebrated for: an extra Kismet, a Kismet, or reaching a bonus tier
    (``bonus_before`` is the roller's bonus before it)."""
    first = fills[0]
    if first.joker:
        return ("celebrate.extra", first.points)
    if first.category is Category.KISMET and first.points > 0:
        return ("celebrate.kismet", first.points)
    bonus = game.totals(first.player).bonus
    if bonus > bonus_before:
        return ("celebrate.bonus", bonus)
    return None


def result(game: Game, lang: str, *, panel: bool = False) -> str:
    """Who won the finished game, with how much: the status line's sentence, or the
    game-over panel's (``panel``)."""
    one, shared = (
        ("over.winner", "over.shared")
        if panel
        else ("status.game_over_one", "status.game_over_shared")
    )
    winners = [game.players[p] for p in game.winners]
    points = game.total(game.winners[0])
    if len(game.players) == 1:  # alone, a score: nobody "wins"
        key = "over.solo_computer" if panel else "status.game_over_solo"
        return text(key, lang, name=winners[0], points=points)
    if len(winners) == 1:
        return text(one, lang, name=winners[0], points=points)
    return text(shared, lang, names=join_names(winners, lang), points=points)


def result_panel(
    table: Table,
    history: Sequence[Finished],
    high: Sequence[HighScore],
    lang: str,
    versus: Duel | None = None,
) -> Finale | None:
    """The game-over panel of the game at the table (None while it goes on), each player's
    best taken from the finished games before it; ``versus``: a challenge answered."""
    game = table.game
    if not game.is_over:
        return None
    earlier = [f for f in history if f.id != table.id]
    people = [seat is None for seat in table.seats]
    bests = [best_of(earlier, name) for name in game.players]
    return finale(game, people, bests, high, lang, versus)
