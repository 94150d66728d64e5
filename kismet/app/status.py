"""The sentences the status line says after a move (the screen reader reads them too)."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Fill, Game
from ..text import join_names, text
from .records import Finished, best_of
from .table import Table


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
    if len(winners) == 1:
        return text(one, lang, name=winners[0], points=points)
    return text(shared, lang, names=join_names(winners, lang), points=points)


def after_fill(game: Game, fills: Sequence[Fill], roller: int, lang: str) -> str:
    """What happened when ``roller`` filled a box: the points (or the extra Kismet, its
    penalty zeros and the extra turn), then whose turn it is or who won."""
    first = fills[0]
    name = game.players[roller]
    if first.joker:
        parts = [
            text("status.extra_kismet", lang, name=name, points=first.points, box=first.category)
        ]
        parts += [
            text("status.penalty", lang, name=game.players[f.player], box=f.category)
            for f in fills[1:]
        ]
        if not game.is_over and game.current == roller:
            parts.append(text("status.roll_again", lang, name=name))
    else:
        parts = [text("status.scored", lang, name=name, points=first.points, box=first.category)]
    if game.is_over:
        parts.append(result(game, lang))
    elif game.current != roller:
        parts.append(text("status.next", lang, name=game.players[game.current]))
    return " ".join(parts)


def game_over(game: Game, people: Sequence[bool], bests: Sequence[int | None], lang: str) -> str:
    """The game-over panel's sentence: who won (or, alone, what you scored against your
    best), then any person's new best. ``people`` says which seats are people, ``bests``
    each player's best total before this game (None before their first)."""
    if len(game.players) == 1 and people[0]:
        points, best = game.total(0), bests[0]
        if best is None:
            return text("over.solo", lang, points=points)
        if points > best:
            return text("over.solo_new_best", lang, points=points)
        return text("over.solo_best", lang, points=points, best=best)
    parts = [result(game, lang, panel=True)]
    for player, name in enumerate(game.players):
        best = bests[player]
        if people[player] and best is not None and game.total(player) > best:
            parts.append(text("over.new_best", lang, name=name, points=game.total(player)))
    return " ".join(parts)


def result_panel(table: Table, history: Sequence[Finished], lang: str) -> str | None:
    """The game-over panel's sentence for the game at the table (None while it goes on),
    each player's best taken from the finished games before it."""
    game = table.game
    if not game.is_over:
        return None
    earlier = [f for f in history if f.id != table.id]
    people = [seat is None for seat in table.seats]
    bests = [best_of(earlier, name) for name in game.players]
    return game_over(game, people, bests, lang)
