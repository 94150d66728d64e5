"""Pyodide's foreign function interface: Python callables handed to JavaScript."""

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

def create_proxy(obj: F) -> F:
    """A proxy JavaScript may keep and call (until destroyed)."""

def create_once_callable(obj: F) -> F:
    """A proxy JavaScript calls once, which then frees itself."""

def to_js(obj: object, *, dict_converter: Callable[..., Any] | None = ...) -> Any:
    """A Python value as the JavaScript one (lists become arrays)."""
