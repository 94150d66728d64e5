"""A game by link on the page (``kismet.app.play.by_link``): which seat this device plays
(asked once, in its dialog), whose turn it waits for, what happened since this device last
saw the game, and the button that sends the game on, carrying the link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import text
from .escape import esc
from .ops import Op, of_testid

if TYPE_CHECKING:
    from ..app.play.by_link import ByLinkView

SEAT_DIALOG = "#seat-dialog"
SINCE_INLINE = 2
"""The latest boxes said on the board; the ones before them fold away ("Earlier: 5")."""


def earlier_ops(earlier: tuple[str, ...], lang: str) -> list[Op]:
    """The boxes filled before the latest ones, folded, a tap away."""
    box = of_testid("earlier")
    return [
        ("hidden", box, not earlier),
        ("text", f"{box} summary", text("by_link.earlier", lang, count=len(earlier))),
        ("list", f"{box} ul", earlier),
    ]


def seats_html(names: tuple[str, ...], lang: str) -> str:
    """A button for each seat of the game ("I am Bo")."""
    return "".join(
        f'<button type="button" data-action="choose-seat" data-index="{p}" '
        f'data-testid="seat-{p}">{esc(text("by_link.i_am", lang, name=name))}</button>'
        for p, name in enumerate(names)
    )


def by_link_ops(by_link: ByLinkView | None, address: str, lang: str) -> list[Op]:
    """The ops that show the game by link's part of the page (``address``: the page's, the
    base of the link sent on)."""
    panel = of_testid("by-link-panel")
    if by_link is None:
        return [("hidden", panel, True), ("close", SEAT_DIALOG)]
    send = of_testid("send-turn")
    link = "" if by_link.send is None else f"{address}#g={by_link.send.code}"
    ops: list[Op] = [
        ("hidden", panel, not (by_link.waiting or by_link.send or by_link.since)),
        ("text", of_testid("waiting"), by_link.waiting),
        ("hidden", of_testid("waiting"), not by_link.waiting),
        ("list", of_testid("since"), by_link.since[-SINCE_INLINE:]),
        ("hidden", of_testid("since"), not by_link.since),
        *earlier_ops(by_link.since[:-SINCE_INLINE], lang),
        ("hidden", send, by_link.send is None),
        ("attr", send, "data-link", link),
    ]
    if by_link.choose:
        ops.append(("text", of_testid("seat-game"), by_link.about))
        ops.append(("html", of_testid("seats"), seats_html(by_link.choose, lang)))
        ops.append(("open", SEAT_DIALOG, of_testid("seat-0")))
    else:
        ops.append(("close", SEAT_DIALOG))
    return ops
