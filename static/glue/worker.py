"""The page's calls into the game's worker (PyScript's ``xworker.sync``, exported by
static/main.py): ``start`` with what the page tells it and what its storage holds, then
``handle`` for each event, each answered with the ops and the commit of
``kismet.page.page.Page``; ``ready`` once the game is on screen; ``python`` runs Python for the
tests."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyodide.code import eval_code_async

from kismet.app.keeping.commit import ROOM_SEEN, Mirror, stored_items
from kismet.app.keeping.storage import switched
from kismet.page.host import Start
from kismet.page.page import Page
from kismet.page.rehearsal import rehearse

from .host import JsHost


class Worker:
    """The game in its worker: one ``Page``, made when the page starts it."""

    def __init__(self) -> None:
        self.page: Page | None = None
        self.rehearsal: asyncio.Future[None] | None = None
        """The rehearsal under way (``kismet.page.rehearsal``), kept until done."""
        self.rehearsed = 0
        """Its steps played."""
        self.names: dict[str, Any] = {}
        """Where ``python`` runs the tests' code (kept from call to call)."""

    def start(self, page: str) -> str:
        """Start the game for the page described by ``page`` (JSON: a
        ``kismet.page.host.Start``, the page's address as ``base``, and its storage's
        keys of the site as ``local`` and ``session``, or null where it has none); the
        first answer."""
        given = json.loads(page)
        host = JsHost(str(given.get("base", "")))
        local = Mirror(stored_items(given.get("local")))
        room = given.get("room")
        if isinstance(room, int) and not isinstance(room, bool) and room < ROOM_SEEN:
            local.measured(room)  # little room: the first writes know it
        spare = Mirror(stored_items(given.get("session")))
        start = Start.from_json(page)._replace(greet=not switched(spare))
        self.page = Page(host, start, local, spare)
        answer = json.loads(self.page.start())
        # The page says "ready" once its first visit is kept offline (static/client.mjs).
        ops = answer["ops"]
        answer["ops"] = [op for op in ops if op[0] != "ready"]
        answer["ready"] = [op for op in ops if op[0] == "ready"]
        # What static/interpreter.mjs said before the page listened (data-snapshot...).
        answer["root"] = json.loads(str(js.JSON.stringify(js.kismetSaid)))
        self.rehearsal = asyncio.ensure_future(self.rehearse(start))
        return json.dumps(answer)

    async def rehearse(self, start: Start) -> None:
        """Rehearse the first moves (``kismet.page.rehearsal``) while the page paints the
        start, a step a task: the page's calls go first."""
        try:
            for _ in rehearse(start):
                self.rehearsed += 1
                await asyncio.sleep(0)
        except Exception as error:  # the player's game goes on; the tests hear of it
            js.console.error(f"The rehearsal failed: {error!r}")

    def handle(self, event: str) -> str:
        """Answer one event of the page (JSON, ``kismet.page.events``)."""
        if self.page is None:
            raise RuntimeError("the game has not started")
        try:
            return self.page.handle(event)
        finally:
            js.kismetHeard()  # a first visit's snapshot waits for the page's pause

    async def ready(self) -> None:
        """The game is on screen: the worker fetches the rest of the standard library, and
        keeps a fresh snapshot in the page's pauses (static/interpreter.mjs), without
        slowing the start. The rest first: the packing may wait while the player plays."""
        js.kismetRest()
        js.kismetHeard()  # the first taps come now: the packing waits for a pause
        await js.kismetKeep()

    async def python(self, code: str) -> Any:
        """Run ``code`` here (for the tests, and anyone curious): its last value."""
        self.names.setdefault("page", self.page)
        self.names.setdefault("worker", self)
        return await eval_code_async(code, self.names)
