"""The page: one object holding its state (the session and the glue's parts), started once
by ``static/main.py``."""

from __future__ import annotations

from pyscript import document, window

from kismet.app.pacing import upcoming
from kismet.app.session import Session
from kismet.text import DEFAULT_LANGUAGE, LANGUAGES

from .dialogs import Boxes
from .dom import Dialogs, LocalStorage, just_switched, url_seed
from .events import Events
from .paint import Screen
from .timers import Timers


class Page:
    """The session at this page's table, and what paints it, times it and listens to it."""

    def __init__(self) -> None:
        # The page was built for one language (index.html, index.ko.html): the session
        # speaks it too.
        lang = str(document.documentElement.lang)
        self.session = Session(
            LocalStorage(),
            seed=url_seed(),
            lang=lang if lang in LANGUAGES else DEFAULT_LANGUAGE,
            greet=not just_switched(),
            spare=LocalStorage(session=True),
        )
        self.dialogs = Dialogs()
        self.screen = Screen()
        self.timers = Timers(self.session, self.render)
        self.boxes = Boxes(self.session, self.dialogs, self.screen)
        self.events = Events(self)

    def render(self) -> None:
        """Paint the session's view, then start what it waits for (the table, a computer,
        Perfect, the win chances)."""
        view = self.session.view()
        self.screen.paint(view)
        self.timers.start(upcoming(view))
        self.timers.odds(view.chances_due)
        self.boxes.review_chances()

    def start(self) -> None:
        """Listen, take up a challenge in the address, paint, and let the header be used."""
        self.events.listen()
        self.boxes.open_link()
        self.render()
        for control in document.querySelectorAll("header button, header select"):
            control.disabled = False
        document.documentElement.dataset.ready = "true"
        # For profilers and Lighthouse's user timings (benchmarks/lighthouse.py).
        window.performance.mark("kismet-ready")
