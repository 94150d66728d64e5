"""``kismet.page.host.Host`` over the browser's own timers and fetches, in the game's
worker (Pyodide's ``js`` is the worker's global scope)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from datetime import date
from typing import Any

import js
from polyscript import xworker
from pyodide.ffi import create_proxy

from kismet.page.host import Fetched
from kismet.page.shared import LATE_ARCHIVE


class JsHost:
    """The browser's side of the game's Python; ``base`` is the page's address, against
    which the site's files are fetched."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.timers: dict[int, Any] = {}
        """Each timer waiting: its id here, and the browser's."""
        self.count = 0
        self.notify = create_proxy(self.due)
        """What every timer calls (one proxy for all: none to free)."""
        self.tasks: set[asyncio.Future[None]] = set()
        """Work under way (kept until done, so that none is collected half-way)."""

    def later(self, ms: int) -> int:
        self.count += 1
        self.timers[self.count] = js.setTimeout(self.notify, ms, self.count)
        return self.count

    def due(self, timer: int) -> None:
        """A timer's time has come: the page is told, and sends its "due" event in turn."""
        if self.timers.pop(int(timer), None) is not None:
            xworker.postMessage(json.dumps({"due": int(timer)}))

    def cancel(self, timer: int) -> None:
        handle = self.timers.pop(timer, None)
        if handle is not None:
            js.clearTimeout(handle)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def fetch(self, url: str, how: str) -> Fetched:
        # static/interpreter.mjs's: JavaScript from the site's file, never a string made code
        got = await js.kismetFetch(url, self.base, "arrayBuffer" if how == "bytes" else "text")
        body: bytes | str | None = None
        if got.ok:
            body = got.body.to_bytes() if how == "bytes" else str(got.body)
        return Fetched(bool(got.ok), int(got.status), body)

    async def load_late(self) -> None:
        """Fetch the late archive once and let the packages it fills import from it."""
        import kismet.advice
        import kismet.html

        where = f"/home/pyodide/{LATE_ARCHIVE}"
        if any(where in path for path in kismet.advice.__path__):
            return
        got = await self.fetch(f"./{LATE_ARCHIVE}", "bytes")
        if not got.ok or not isinstance(got.body, bytes):
            raise RuntimeError(f"The late modules could not be loaded ({got.status})")
        with open(where, "wb") as archive:
            archive.write(got.body)
        for package in (kismet.advice, kismet.html):
            # A new path entry: nothing cached to invalidate (importlib.invalidate_caches
            # would import importlib.metadata, outside the core standard library).
            package.__path__.append(f"{where}/{package.__name__.replace('.', '/')}")

    def online(self) -> bool:
        return bool(js.navigator.onLine)

    def today(self) -> date:
        # The local calendar date from its fields, as static/events.mjs reads it.
        now = js.Date.new()
        return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))
