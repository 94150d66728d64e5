"""The page's Python starts here: the glue (``static/glue/``) binds the page to a
``kismet.app.session.Session`` and paints its views.

The start is cut into steps, each a task of its own for the browser (``asyncio.sleep(0)``
hands the page back between them): importing the game's modules in parts, making the
page's objects, and the first paint. So no step freezes the page for long: between two, a
tap on the menu, a scroll or the spinner gets its turn. ``STEPS`` lists the modules in the
order their imports need them, each part a few tens of milliseconds in Pyodide.

The game's own modules (``GAME``: pure Python, nothing of the page) are usually imported
before the page even has Python: the start worker (``static/start-worker.mjs``) imports
them with ``prepare()`` before it takes the memory snapshot the page restores, so on the
page those steps find them imported and cost nothing. Only the glue, which needs the page's
``document``, is imported here. (A start without the worker's snapshot imports them all here.)
"""

import asyncio
import sys
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
    "kismet.html.page",
    "kismet.html.paint",
    "kismet.html.boxes",
)
"""The modules of the game the page imports at start, none of which touches the page
(``tests/test_browser.py`` checks that the page imports no other module of the game)."""

STEPS = (*GAME, "glue.page")


def prepare() -> None:
    """Import the game's modules (the start worker calls it before its snapshot)."""
    for name in GAME:
        import_module(name)


async def start() -> None:
    for name in STEPS:
        if name not in sys.modules:  # those of the snapshot take no step
            import_module(name)
            await asyncio.sleep(0)
    from glue.page import Page

    page = Page()
    await asyncio.sleep(0)
    page.start()
