"""What the page's Python needs from where it runs (``Host``), and what the page tells it
when it starts (``Start``)."""

from __future__ import annotations

from collections.abc import Coroutine
from datetime import date
from typing import Any, NamedTuple, Protocol

from ..app.keeping.safekeeping import Kept, site_size
from .events import json_object


class Fetched(NamedTuple):
    """A file of the site, fetched: its bytes or its text (``body``, None unless ``ok``)."""

    ok: bool
    status: int
    body: bytes | str | None = None


class Host(Protocol):
    """The browser's side of the page's Python: the glue's, or a test's in CPython."""

    def later(self, ms: int) -> int:
        """Tell the page after ``ms`` milliseconds (0: after the work waiting) that this
        timer is due (it then sends a "due" event naming it, in its turn); a timer id."""

    def cancel(self, timer: int) -> None:
        """Cancel a timer ``later`` started (nothing if it has told the page already)."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background (it handles its own failures)."""

    async def fetch(self, url: str, how: str) -> Fetched:
        """Fetch a file of the site, by its address relative to the page (``how``: "bytes"
        or "text"); a failure of the network raises."""

    async def load_late(self) -> None:
        """Make the modules that arrive with the strategy table importable (once)."""

    def online(self) -> bool:
        """Whether the browser says it is online."""

    def today(self) -> date:
        """The local calendar date (the daily game's seed), not the date in UTC."""


class Start(NamedTuple):
    """What the page tells its Python when it starts: nothing of this can be read from
    where the Python runs (a worker has no page, no address, no media queries)."""

    lang: str
    """The page's language (each language has its own page, built for it)."""
    search: str = ""
    """The address's query (``?seed=N``)."""
    hash: str = ""
    """The address's fragment (``#c=...``: a challenge)."""
    address: str = ""
    """The page's address without query or fragment (the base of a challenge link)."""
    reduced_motion: bool = False
    """The player asked the system for less motion."""
    greet: bool = True
    """Welcome the player (False when the page was only reloaded to change language)."""
    can_share: bool = False
    """The browser has a share sheet (the Web Share API)."""
    persisted: bool = False
    """The browser keeps the site's storage for good (``navigator.storage.persisted()``)."""
    can_persist: bool = False
    """The browser can be asked to (``navigator.storage.persist`` exists)."""
    site_bytes: int = -1
    """What the whole site takes (``navigator.storage.estimate()``; -1: not known)."""
    clears_unvisited: bool = False
    """Safari outside the Home Screen (it deletes a site's data after 7 days unvisited)."""
    played_before: bool = False
    """The site's IndexedDB records a commit: this device has played here before."""

    @classmethod
    def from_json(cls, text: str) -> Start:
        """The page's description (a JSON object); missing or odd fields take defaults."""
        given = json_object(text, "the page's start")
        kinds = {name: type(value) for name, value in cls._field_defaults.items()}
        kinds["lang"] = str
        fields = {
            name: given[name] for name, kind in kinds.items() if isinstance(given.get(name), kind)
        }
        if "lang" not in fields:
            raise ValueError("the page's start names no language")
        return cls(**fields)

    def kept(self) -> Kept:
        """What the browser said of the site's storage when the page started."""
        size = site_size(self.site_bytes)
        return Kept(self.persisted, self.can_persist, size, self.clears_unvisited)

    def seed(self) -> int | None:
        """``?seed=N`` in the address makes every new game's dice reproducible."""
        for part in self.search.lstrip("?").split("&"):
            name, _, value = part.partition("=")
            if name == "seed":
                try:
                    return int(value)
                except ValueError:
                    return None
        return None
