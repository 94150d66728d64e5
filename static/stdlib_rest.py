"""The rest of Python's standard library, for a page that starts with only its core.

Pyodide's whole standard library is a 2.5 MB archive that a first visit would wait for,
while the game imports about a third of it. So build.py splits it in two:

- ``pyodide/stdlib-core.zip``: the modules the page was measured to import (listed in
  ``tools/stdlib-core.txt`` by ``tools/stdlib.py``), plus this module.
  static/interpreter.mjs hands it to Pyodide as its standard library, mounted at
  ``/lib/python314.zip``.
- ``pyodide/stdlib-rest.zip``: every other module. static/interpreter.mjs fetches it once
  the game is ready (the service worker keeps it for offline visits) and writes it to
  ``ARCHIVE``.

This module's finder, last on ``sys.meta_path``, is the one way into the rest (the archive
is never put on ``sys.path``), so it sees every module the page takes from it and tells the
page through ``told`` (static/interpreter.mjs writes a console warning, which the browser
tests treat as a failure: the page should need nothing outside the core). When the archive
has not arrived yet, it first asks static/interpreter.mjs to fetch it at once (a
synchronous request, which the service worker answers offline), so an import never fails
for want of it; it only waits. Only names known to be in the rest (``REST_MODULES``,
written by build.py) start
that fetch: a probe for a module that exists nowhere (``import _winapi``) costs nothing.

Standard library only, and nothing outside the core: it runs before the rest is here.
"""

from __future__ import annotations

import os
import sys
import zipimport
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

ARCHIVE = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}-rest.zip"
"""Where the rest is written, beside Pyodide's ``/lib/python314.zip`` (the core)."""

REST_MODULES: frozenset[str] = frozenset()
"""Every module in the rest archive, by dotted name (build.py writes the set)."""


class RestOfStdlib:
    """A meta path finder for the modules of the rest archive.

    ``fetch(name)`` must write the archive to ``archive`` (or raise): static/interpreter.mjs passes
    its synchronous fetch. ``names`` are the modules the archive holds; ``told(name)`` hears
    of each module served.
    """

    def __init__(
        self,
        fetch: Callable[[str], object],
        names: frozenset[str] = REST_MODULES,
        archive: str = ARCHIVE,
        told: Callable[[str], object] = lambda name: None,
    ) -> None:
        self.fetch = fetch
        self.names = names
        self.archive = archive
        self.told = told
        self.served: list[str] = []
        """The modules this finder has served, in order."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        if not os.path.exists(self.archive):
            try:
                self.fetch(fullname)
            except Exception as error:
                message = f"{fullname} is in the part of Python's library that did not arrive"
                raise ImportError(f"{message}: {error}", name=fullname) from error
        # A package of the core (encodings, json, asyncio ...) keeps its other modules in the
        # rest, under the same folder: look there, wherever the parent was found.
        parent = fullname.rpartition(".")[0]
        folder = parent.replace(".", "/") + "/" if parent else ""
        spec = zipimport.zipimporter(f"{self.archive}/{folder}").find_spec(fullname)
        if spec is not None:
            self.served.append(fullname)
            self.told(fullname)
        return spec


def install(fetch: Callable[[str], object], told: Callable[[str], object]) -> RestOfStdlib:
    """Put the finder last on ``sys.meta_path`` (once) and return it."""
    for finder in sys.meta_path:
        if isinstance(finder, RestOfStdlib):
            return finder
    finder = RestOfStdlib(fetch, told=told)
    sys.meta_path.append(finder)
    return finder
