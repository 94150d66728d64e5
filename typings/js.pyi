"""Pyodide's ``js`` module: the JavaScript global scope where Python runs (the page's
``window``, or a worker's ``self``). The glue reaches only a few of its names; each is a
JavaScript object, typed here as ``Any``."""

from typing import Any

def __getattr__(name: str) -> Any: ...
