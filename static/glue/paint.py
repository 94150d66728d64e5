"""Painting on the page: ``kismet.html.paint.Painter`` decides the ops of a view, and the
page's ``Kismet.apply`` (``static/paint.js``) carries them out, in one call a paint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import window

from kismet.html.paint import Painter

from .dom import apply

if TYPE_CHECKING:
    from kismet.app.view import View


class Screen:
    """What the page shows: each view painted, and a dialog's part drawn again."""

    def __init__(self) -> None:
        reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
        self.painter = Painter(reduced_motion=bool(reduced))

    def paint(self, view: View) -> None:
        apply(self.painter.paint(view))

    def redraw(self, selector: str, html: str) -> None:
        """Write ``html`` into the element, unless it already shows it."""
        apply(self.painter.redrawn_ops(selector, html))
