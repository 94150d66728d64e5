"""``kismet.app.storage.Storage`` over the browser's storage: on the page, its own
``localStorage`` (and this tab's ``sessionStorage``); in the start worker, the same through
the storage relay (``kismet.app.relay``; the worker's ``kismetRelay`` sends each request)."""

from __future__ import annotations

from typing import Any

import js

from kismet.app.relay import RelayStorage
from kismet.app.storage import StorageFull, StorageUnavailable


class LocalStorage:
    """The page's ``localStorage`` (or, with ``session=True``, this tab's
    ``sessionStorage``)."""

    def __init__(self, *, session: bool = False) -> None:
        self.store: Any
        try:
            self.store = js.sessionStorage if session else js.localStorage
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


def relayed(area: str) -> RelayStorage:
    """The page's storage ("local", or this tab's "session") across the relay."""

    def send(request: str) -> str:
        try:
            return str(js.kismetRelay(area, request))
        except Exception as error:  # the relay failed: the storage is refused
            raise OSError(str(error)) from None

    return RelayStorage(send)
