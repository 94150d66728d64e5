"""The glue: what ``kismet.page.page.Page`` needs of the browser in the game's worker, which
PyScript starts (``static/main.py``).

It decides nothing: which event does what, what to paint, what to store, when a computer
moves or a fetch is tried again are all ``kismet``'s (tested in CPython); the page's own
side of the events, the ops and the commits is ``static/events.mjs``,
``static/storing.mjs`` and ``static/paint.js``.

- ``host``: timers, fetches, the date and the network's state (``JsHost``);
- ``worker``: the page's calls into the game (``Worker``: start, handle, python).

``GAME`` is what the game imports, none of which touches the browser: the interpreter
module (static/interpreter.mjs) has ``prepare()`` import it into the memory snapshot a first
visit keeps, so later visits restore it imported.
"""

from importlib import import_module

GAME = (
    "kismet.rules.dice",
    "kismet.rules",
    "kismet.text",
    "kismet.app.play.finale",
    "kismet.app.guidance.linked",
    "kismet.app.guidance.progress",
    "kismet.app.guidance.coaching",  # with the first move (else a first roll imports it)
    "kismet.app.play.tables",
    "kismet.app.screen.view",
    "kismet.app.screen.session",
    "kismet.app.base.keys",
    "kismet.app.screen.actions",
    "kismet.app.screen.pacing",
    "kismet.app.base.printing",
    "kismet.app.keeping.commit",
    "kismet.html.page",
    "kismet.html.paint",
    "kismet.html.dialogs",
    "kismet.page.host",
    "kismet.page.shared",
    "kismet.page.page",
    "kismet.page.rehearsal",
)
"""The modules of the game imported at start, none of which touches the browser
(``tests/test_browser.py`` checks that the game imports no other module of the game)."""


def prepare() -> None:
    """Import the game's modules (before the interpreter's memory snapshot is taken)."""
    for name in GAME:
        import_module(name)
