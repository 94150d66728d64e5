"""A rehearsal: the first moves of a game nobody sees, played in memory as a page starts.

In the browser the interpreter's code is compiled as it is first run, and the engine
compiles what runs often a second time, faster, in the background: without a rehearsal, a
player's first rolls run two to three times slower than later ones (docs/figures.md,
"Behind the code's choices"). The game's worker (``static/glue/worker.py``) plays these
moves a step at a time, the page's own events going first, while the page paints the
start. The rehearsal's game has its own storage, which nothing ever reads, and a host
with no browser behind it: nothing of it reaches the page, the player's game or the
site's storage.
"""

from __future__ import annotations

import json
from collections.abc import Coroutine, Iterator
from datetime import date
from typing import Any

from ..app.keeping.commit import Mirror
from .host import Fetched, Start
from .page import Page

MOVES: tuple[dict[str, str], ...] = (
    {"action": "roll"},
    {"action": "hold", "die": "0"},
    {"action": "roll"},
    {"action": "roll"},
    {"action": "score"},  # the box that scores most
    {"action": "roll"},
)
"""The clicks rehearsed: a player's first turn, and the next one's first roll."""


class Offstage:
    """A ``kismet.page.host.Host`` with no browser behind it: no timer fires, no work
    runs (each is closed unstarted), nothing is fetched."""

    def __init__(self) -> None:
        self.count = 0

    def later(self, ms: int) -> int:
        self.count += 1
        return self.count

    def cancel(self, timer: int) -> None:
        pass

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        work.close()

    async def fetch(self, url: str, how: str) -> Fetched:
        return Fetched(False, 0)

    async def load_late(self) -> None:
        pass

    def online(self) -> bool:
        return True

    def today(self) -> date:
        return date.today()


def rehearse(start: Start) -> Iterator[str]:
    """Play ``MOVES`` in a game of its own, in the page's language (as ``start`` says),
    one step at a time: each step yields its answer (JSON, as ``Page.handle``'s), after
    answering its commit as stored, as the page would."""
    page = Page(
        Offstage(),
        Start(lang=start.lang, reduced_motion=start.reduced_motion, greet=False),
        Mirror({}),
        Mirror({}),
    )
    yield _stored(page, page.start())
    for move in MOVES:
        click = {"kind": "click", **move}
        if move["action"] == "score":
            options = page.session.game.options()
            click["box"] = max(options, key=options.__getitem__).value
        yield _stored(page, page.handle(json.dumps(click)))


def _stored(page: Page, answer: str) -> str:
    """``answer``, its commit said to be stored (the page's word, which ``page`` awaits)."""
    commit = json.loads(answer)["commit"]
    if commit is not None:
        word = {"id": commit["id"], "outcome": "stored"}
        page.handle(json.dumps({"kind": "stored", "answer": word}))
    return answer
