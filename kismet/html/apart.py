"""A game by link on the page (``kismet.app.play.apart``): which seat this device plays
(asked once, in its dialog), whose turn it waits for, what happened since this device last
saw the game, and the button that sends the game on, carrying the link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import text
from .escape import esc
from .ops import Op, of_testid

if TYPE_CHECKING:
    from ..app.play.apart import ApartView

SEAT_DIALOG = "#seat-dialog"
SINCE_INLINE = 2
"""The latest boxes said on the board; the ones before them fold away ("Earlier: 5")."""


def earlier_ops(earlier: tuple[str, ...], lang: str) -> list[Op]:
    """The boxes filled before the latest ones, folded, a tap away."""
    box = of_testid("earlier")
    return [
        ("hidden", box, not earlier),
        ("text", f"{box} summary", text("apart.earlier", lang, count=len(earlier))),
        ("list", f"{box} ul", earlier),
    ]


def seats_html(names: tuple[str, ...], lang: str) -> str:
    """A button for each seat of the game ("I am Bo")."""
    return "".join(
        f'<button type="button" data-action="choose-seat" data-index="{p}" '
        f'data-testid="seat-{p}">{esc(text("apart.i_am", lang, name=name))}</button>'
        for p, name in enumerate(names)
    )


def apart_ops(apart: ApartView | None, address: str, lang: str) -> list[Op]:
    """The ops that show the game by link's part of the page (``address``: the page's, the
    base of the link sent on)."""
    panel = of_testid("apart")
    if apart is None:
        return [("hidden", panel, True), ("close", SEAT_DIALOG)]
    send = of_testid("send-turn")
    link = "" if apart.send is None else f"{address}#g={apart.send.code}"
    ops: list[Op] = [
        ("hidden", panel, not (apart.waiting or apart.send or apart.since)),
        ("text", of_testid("waiting"), apart.waiting),
        ("hidden", of_testid("waiting"), not apart.waiting),
        ("list", of_testid("since"), apart.since[-SINCE_INLINE:]),
        ("hidden", of_testid("since"), not apart.since),
        *earlier_ops(apart.since[:-SINCE_INLINE], lang),
        ("hidden", send, apart.send is None),
        ("attr", send, "data-link", link),
    ]
    if apart.choose:
        ops.append(("text", of_testid("seat-game"), apart.about))
        ops.append(("html", of_testid("seats"), seats_html(apart.choose, lang)))
        ops.append(("open", SEAT_DIALOG, of_testid("seat-0")))
    else:
        ops.append(("close", SEAT_DIALOG))
    return ops
