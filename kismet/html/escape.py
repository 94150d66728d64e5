"""Text made safe for HTML, and catalogue messages escaped for it."""

from __future__ import annotations

import html
from functools import cache

from ..text import text


def esc(value: object) -> str:
    """Text made safe to put inside HTML, quotes included."""
    return html.escape(str(value), quote=True)


def t(key: str, lang: str, **params: object) -> str:
    """A catalogue message, escaped for HTML."""
    return esc(text(key, lang, **params)) if params else _escaped(key, lang)


@cache
def _escaped(key: str, lang: str) -> str:
    """A message without parameters, escaped once (a sheet has about sixty; ``text``
    keeps the message itself)."""
    return esc(text(key, lang))
