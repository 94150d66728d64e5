"""The game's Python starts here: a ``kismet.page.Page`` answering the page's events, with
the browser's timers, fetches and storage (``static/glue/``).

Where it runs: in the start worker (``start_worker``, called by static/start-worker.mjs),
off the page's main thread, with the page's storage reached through the storage relay; or,
where no relay can be had (no service worker), on the page itself (``start``, the script of
index.html that PyScript runs), as it did before the worker.

The game's own modules (``GAME``: pure Python, nothing of the browser) are imported into
the memory snapshot the start worker takes (``prepare()``), so a start from that snapshot
finds them imported. On the page the start is cut into steps, each a task of its own for
the browser (``asyncio.sleep(0)`` hands the page back between them): the imports the
snapshot did not bring, making the page's objects, and the first paint.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from importlib import import_module

GAME = (
    "kismet.rules.dice",
    "kismet.rules",
    "kismet.text",
    "kismet.app.finale",
    "kismet.app.linked",
    "kismet.app.progress",
    "kismet.app.tables",
    "kismet.app.view",
    "kismet.app.session",
    "kismet.app.keys",
    "kismet.app.actions",
    "kismet.app.pacing",
    "kismet.app.printing",
    "kismet.app.relay",
    "kismet.html.page",
    "kismet.html.paint",
    "kismet.html.boxes",
    "kismet.page.host",
    "kismet.page.page",
)
"""The modules of the game imported at start, none of which touches the browser
(``tests/test_browser.py`` checks that the game imports no other module of the game)."""

STEPS = (*GAME, "glue.host", "glue.storage")


def prepare() -> None:
    """Import the game's modules (the start worker calls it before its snapshot)."""
    for name in GAME:
        import_module(name)


def start_worker(page: str) -> Callable[[str], None]:
    """Start the game in the start worker, for the page described by ``page`` (JSON: a
    ``kismet.page.host.Start``, with the page's address as ``base``); returns what answers
    each of its events (JSON)."""
    import json

    import js
    from glue.host import JsHost
    from glue.storage import relayed

    from kismet.app.relay import OwnStorage
    from kismet.app.storage import PREFIX
    from kismet.page.host import Start
    from kismet.page.page import Page

    base = str(json.loads(page).get("base", ""))
    host = JsHost(lambda ops: js.kismetDeliver(ops), base)
    # Starting reads about ten values: all in one round trip. This tab's sessionStorage is
    # written by this game alone: read once, kept here.
    storage = relayed("local")
    with storage.gathered(PREFIX):
        game = Page(host, Start.from_json(page), storage, OwnStorage(relayed("session")))
        game.start()
    return game.handle


async def start() -> None:
    """Start the game on the page (PyScript runs this where the worker could not)."""
    for name in STEPS:
        if name not in sys.modules:  # those of the snapshot take no step
            import_module(name)
            await asyncio.sleep(0)
    import js
    from glue.host import JsHost
    from glue.storage import LocalStorage
    from pyodide.ffi import create_proxy

    from kismet.page.host import Start
    from kismet.page.page import Page

    client = js.Kismet
    host = JsHost(lambda ops: client.apply(ops), str(js.document.baseURI))
    game = Page(
        host, Start.from_json(str(client.start())), LocalStorage(), LocalStorage(session=True)
    )
    await asyncio.sleep(0)
    client.connect(create_proxy(game.handle))
    game.start()
