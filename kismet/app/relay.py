"""The storage asked for across a relay: how the game's Python in the start worker uses the
page's ``localStorage`` (and the tab's ``sessionStorage``), which only the page has.

Each call of a ``Storage`` becomes one request, a line of JSON, sent by a function that
returns the answer at once (in the browser: a synchronous request from the worker, which
the site's service worker passes to the page; ``benchmarks/sync_storage.py`` shows it
works in all three engines). So every write is answered before the next line of Python
runs, a refusal included, and ``Store`` keeps every promise it makes over ``localStorage``
(``tests/test_storage.py`` runs them over a relay too).

The protocol (``answer`` is its reference, in Python; the page's side is JavaScript,
static/register.js):

- a request is ``["get", key]``, ``["set", key, value]``, ``["remove", key]``,
  ``["keys"]`` or ``["all", prefix]``;
- an answer is ``{"value": ...}`` (the text or null; for ``keys``, the list of keys; for
  ``all``, an object of every key that starts with the prefix and its text; for ``set`` and
  ``remove``, null), or ``{"refused": "full"}`` (the quota) or
  ``{"refused": "off"}`` (storage refused: disabled, private mode), or
  ``{"error": ...}`` for a request the holder does not know (a bug: raised, never taken
  for a refusal).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

from .storage import Storage, StorageFull, StorageUnavailable

Send = Callable[[str], str]
"""Sends a request (JSON) and returns its answer (JSON)."""


class RelayStorage:
    """A ``Storage`` whose every call is a request answered by the holder of the storage.

    A request costs a round trip (a few milliseconds), so what the holder told with the
    event being answered (``told``: the stamp, read by the page at the click) is answered
    here, until the event's end or this storage's own write of it."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.known: dict[str, str | None] = {}
        self.whole = ""
        """A prefix under which ``known`` is every key there is (nothing: no such prefix)."""

    @contextmanager
    def told(self, values: Mapping[str, str | None], whole: str = "") -> Iterator[None]:
        """While answering one event: ``values`` are those the holder read with it (and
        with ``whole``, every key under that prefix)."""
        self.known, self.whole = dict(values), whole
        try:
            yield
        finally:
            self.known, self.whole = {}, ""

    @contextmanager
    def gathered(self, prefix: str) -> Iterator[None]:
        """While starting: every value under ``prefix`` is read in one request (a start
        reads about ten), then answered here; a storage that refuses is asked as usual."""
        try:
            found = self._ask("all", prefix)
        except (StorageFull, StorageUnavailable):
            found = None
        if not isinstance(found, dict):
            yield
            return
        values = {k: v for k, v in found.items() if isinstance(v, str) and k.startswith(prefix)}
        with self.told(values, prefix):
            yield

    def _ask(self, *request: str) -> object:
        try:
            answer = json.loads(self.send(json.dumps(request)))
        except (OSError, ValueError) as error:  # the relay failed: as a refused storage
            raise StorageUnavailable() from error
        if not isinstance(answer, dict):
            raise StorageUnavailable()
        if "error" in answer:
            raise ValueError(f"the relay refused {request!r}: {answer['error']}")
        refused = answer.get("refused")
        if refused == "full":
            raise StorageFull()
        if refused is not None or "value" not in answer:
            raise StorageUnavailable()
        return answer["value"]

    def get(self, key: str) -> str | None:
        if key in self.known:
            return self.known[key]
        if self.whole and key.startswith(self.whole):
            return None
        value = self._ask("get", key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        self._ask("set", key, value)
        self._taken(key, value)

    def remove(self, key: str) -> None:
        self._ask("remove", key)
        self._taken(key, None)

    def _taken(self, key: str, value: str | None) -> None:
        if key in self.known or (self.whole and key.startswith(self.whole)):
            self.known[key] = value

    def keys(self) -> list[str]:
        found = self._ask("keys")
        if not isinstance(found, list):
            raise StorageUnavailable()
        return [key for key in found if isinstance(key, str)]


class OwnStorage:
    """A ``Storage`` that only its holder here writes (a tab's ``sessionStorage``, which
    only that tab's game uses): read whole once, then answered from memory. Every write
    still goes to the storage, its refusals raised, and is remembered once taken."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.items: dict[str, str] | None = None

    def _read(self) -> dict[str, str]:
        if self.items is None:
            keys = self.storage.keys()  # a Storage, not a dict
            items = {key: self.storage.get(key) for key in keys}
            self.items = {key: value for key, value in items.items() if value is not None}
        return self.items

    def get(self, key: str) -> str | None:
        return self._read().get(key)

    def set(self, key: str, value: str) -> None:
        self.storage.set(key, value)
        self._read()[key] = value

    def remove(self, key: str) -> None:
        if key in self._read():
            self.storage.remove(key)
            del self._read()[key]

    def keys(self) -> list[str]:
        return list(self._read())


def answer(storage: Storage, request: str) -> str:
    """The holder's side: carry out one request on ``storage`` and answer it (JSON)."""
    try:
        asked = json.loads(request)
        if not isinstance(asked, list) or not asked or not all(isinstance(a, str) for a in asked):
            raise ValueError(request)
        op, *args = asked
        value: object = None
        if op == "get" and len(args) == 1:
            value = storage.get(args[0])
        elif op == "set" and len(args) == 2:
            storage.set(args[0], args[1])
        elif op == "remove" and len(args) == 1:
            storage.remove(args[0])
        elif op == "keys" and not args:
            value = storage.keys()
        elif op == "all" and len(args) == 1:
            listed = storage.keys()  # a Storage, not a dict
            value = {key: storage.get(key) for key in listed if key.startswith(args[0])}
        else:
            raise ValueError(request)
    except StorageFull:
        return json.dumps({"refused": "full"})
    except StorageUnavailable:
        return json.dumps({"refused": "off"})
    except ValueError:
        return json.dumps({"error": "not a request"})
    return json.dumps({"value": value})
