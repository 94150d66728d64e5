"""Composition helpers: a session is made of parts, and says some of their attributes and
commands as its own (so that the page, and the tests, talk to one object)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
Part = TypeVar("Part")


class HasTables(Protocol):
    """An object with a ``tables`` part (``kismet.app.tables.Tables``)."""

    @property
    def tables(self) -> Any: ...


class Shared(Generic[T]):
    """An attribute of the ``tables`` part, read and set through the object that holds it:
    ``status = Shared[str]()`` in the session's class body."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, holder: HasTables, owner: type | None = None) -> T:
        return cast(T, getattr(holder.tables, self.name))

    def __set__(self, holder: HasTables, value: T) -> None:
        setattr(holder.tables, self.name, value)


def delegate(
    method: Callable[Concatenate[Part, P], R],
) -> Callable[Concatenate[HasTables, P], R]:
    """A command of the ``tables`` part, offered by the object that holds it:
    ``resume = delegate(Tables.resume)`` in the session's class body."""

    @functools.wraps(method)
    def call(holder: HasTables, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return method(holder.tables, *args, **kwargs)

    return call
