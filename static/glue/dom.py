"""The page's elements, its dialogs, and what the browser keeps: storage, the address."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from kismet.app.storage import StorageFull, StorageUnavailable
from kismet.html.paint import of_testid, opened

if TYPE_CHECKING:
    from dom import Element, Fetched
    from dom import Storage as DOMStorage

    from kismet.html.paint import Op


FETCH = """return fetch(url).then(async (response) => ({
  ok: response.ok, status: response.status, body: response.ok ? await response[how]() : null,
})).catch((reason) => { throw reason instanceof Error ? reason : new Error(String(reason)); });"""
"""The body of ``fetched``'s JavaScript function, of arguments ``url`` and ``how``."""


@cache
def _fetch() -> Callable[[str, str], Awaitable[Fetched]]:
    return window.Function.new("url", "how", FETCH)


async def fetched(url: str, how: str) -> Fetched:
    """Fetch a file of the site and read its body (``how``: "arrayBuffer" or "text"):
    ``.ok``, ``.status``, and ``.body`` (None unless ok).

    A failure is always a JavaScript ``Error``, which Pyodide raises as an exception here.
    Anything else rejected (WebKit's fetch, offline, has rejected with a non-``Error``)
    made Pyodide's own callback fail ("invalid exception object") outside the awaiting
    code, which then waited for ever. The promise is made and settled in JavaScript, from
    strings only: a Python-held promise handed to a JavaScript function to wrap is not
    safe to await in Pyodide (its proxy can be destroyed first, a fatal error)."""
    return await _fetch()(url, how)


async def fetched_body(url: str, how: str, what: str) -> Any:
    """The body of a file the page cannot do without (``what`` names it in the error)."""
    got = await fetched(url, how)
    if not got.ok:
        raise RuntimeError(f"{what} could not be loaded ({got.status})")
    return got.body


# A DOM lookup that finds nothing gives JavaScript's null, which Pyodide hands over as a
# false-y JsNull, not None: so every test of a looked-up element here is by truth value.


def find(selector: str, inside: Element | None = None) -> Element:
    """The element for a selector (in ``inside``, else the page), which is always there."""
    found = (inside or document).querySelector(selector)
    if not found:
        raise LookupError(f"The page has no {selector}")
    return found


def by_testid(testid: str) -> Element:
    return find(of_testid(testid))


def apply(ops: Iterable[Op]) -> None:
    """Carry out ops (``kismet.html.paint``) on the page: one call, the ops as JSON."""
    window.Kismet.apply(json.dumps(list(ops)))


class Dialogs:
    """The page's modal dialogs: the browser keeps focus inside an open one; on closing,
    focus goes back to where it was (``static/paint.js`` keeps where, for every dialog,
    whoever opened it: a paint or a dialog of the glue)."""

    @staticmethod
    def open(dialog_id: str, focus: str | None = None) -> None:
        apply([opened(dialog_id, focus)])

    @staticmethod
    def give_focus_back(dialog: Element) -> None:
        apply([("focus-back", f"#{dialog.id}")])

    @staticmethod
    def close(dialog_id: str) -> None:
        apply([("close", f"#{dialog_id}")])

    @staticmethod
    def around(element: Element) -> Element:
        """The dialog an element is in."""
        dialog = element.closest("dialog")
        if not dialog:
            raise LookupError("The element is not in a dialog")
        return dialog


class LocalStorage:
    """``kismet.app.storage.Storage`` over the browser's ``localStorage`` (or, with
    ``session=True``, this tab's ``sessionStorage``)."""

    def __init__(self, *, session: bool = False) -> None:
        self.store: DOMStorage | None
        try:
            self.store = window.sessionStorage if session else window.localStorage
            self.store.getItem("kismet:v1:probe")
        except Exception:  # disabled storage throws on access
            self.store = None

    def get(self, key: str) -> str | None:
        if self.store is None:
            raise StorageUnavailable()
        try:
            value = self.store.getItem(key)
        except Exception:
            raise StorageUnavailable() from None
        # A missing key is JavaScript's null, which is not None in Pyodide: keep only text.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        if self.store is None:
            raise StorageUnavailable()
        try:
            self.store.setItem(key, value)
        except Exception as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull() from None
            raise StorageUnavailable() from None

    def remove(self, key: str) -> None:
        if self.store is None:
            raise StorageUnavailable()
        try:
            self.store.removeItem(key)
        except Exception:
            raise StorageUnavailable() from None

    def keys(self) -> list[str]:
        if self.store is None:
            raise StorageUnavailable()
        try:
            found = [self.store.key(i) for i in range(int(self.store.length))]
        except Exception:
            raise StorageUnavailable() from None
        return [key for key in found if isinstance(key, str)]


def url_seed() -> int | None:
    """``?seed=N`` in the address makes every new game's dice reproducible."""
    # The browser's own URLSearchParams: importing urllib.parse costs ~70 ms at start-up.
    value = window.URLSearchParams.new(window.location.search).get("seed")
    try:
        return int(value) if isinstance(value, str) else None
    except ValueError:
        return None


SWITCHED = "kismet:switched"
"""Marks, for the page loaded next in this tab, that the player only changed language."""


def just_switched() -> bool:
    """Whether this page was loaded by a change of language (and forget it)."""
    try:
        switched = window.sessionStorage.getItem(SWITCHED) == "1"
        window.sessionStorage.removeItem(SWITCHED)
    except Exception:
        return False
    return switched


def mark_switched() -> None:
    """The next page in this tab comes from a change of language: no welcome there."""
    try:
        window.sessionStorage.setItem(SWITCHED, "1")
    except Exception:  # no session storage: the next page welcomes back
        return
