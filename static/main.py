"""The page's Python starts here: the glue (``static/glue/``) binds the page to a
``kismet.app.session.Session`` and paints its views.

The start is cut into steps, each a task of its own for the browser (``asyncio.sleep(0)``
hands the page back between them): importing the game's modules in parts, making the
page's objects, and the first paint. So no step freezes the page for long: between two, a
tap on the menu, a scroll or the spinner gets its turn. ``STEPS`` lists the modules in the
order their imports need them, each part a few tens of milliseconds in Pyodide.
"""

import asyncio
from importlib import import_module

STEPS = (
    "kismet.rules.dice",
    "kismet.rules",
    "kismet.text",
    "kismet.app.finale",
    "kismet.app.linked",
    "kismet.app.progress",
    "kismet.app.tables",
    "kismet.app.view",
    "kismet.app.session",
    "kismet.html.page",
    "glue.page",
)


async def start() -> None:
    for name in STEPS:
        import_module(name)
        await asyncio.sleep(0)
    from glue.page import Page

    page = Page()
    await asyncio.sleep(0)
    page.start()
