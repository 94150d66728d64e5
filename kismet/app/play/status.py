"""The sentences the status line says after a move (the screen reader reads them too)."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import Fill, Game
from ...text import text
from .finale import result


def after_fill(
    game: Game, fills: Sequence[Fill], roller: int, lang: str, computer_next: bool = False
) -> str:
    """What happened when ``roller`` filled a box: the points (or the extra Kismet, its
    penalty zeros and the extra turn), then whose turn it is (``computer_next``: a computer
    plays it) or who won."""
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
        key = "status.next_computer" if computer_next else "status.next"
        parts.append(text(key, lang, name=game.players[game.current]))
    return " ".join(parts)
