"""The parts of the DOM the glue uses, as Pyodide proxies them."""

from collections.abc import Awaitable, Callable, Iterator
from typing import Any

class DOMStringMap:
    """An element's ``dataset``: ``data-*`` attributes by camel-case name."""

    def __getattr__(self, name: str) -> str: ...
    def __setattr__(self, name: str, value: str) -> None: ...

class DOMTokenList:
    def add(self, *tokens: str) -> None: ...
    def remove(self, *tokens: str) -> None: ...
    def toggle(self, token: str, force: bool = ...) -> bool: ...
    def contains(self, token: str) -> bool: ...

class NodeList:
    def __iter__(self) -> Iterator[Element]: ...
    def __len__(self) -> int: ...

class EventTarget:
    def addEventListener(self, type: str, listener: Any, options: Any = ...) -> None: ...

class Element(EventTarget):
    id: str
    lang: str
    tagName: str
    textContent: str
    innerHTML: str
    hidden: bool
    disabled: bool
    value: str
    open: bool
    dataset: DOMStringMap
    classList: DOMTokenList
    def getAttribute(self, name: str) -> str | None: ...
    def hasAttribute(self, name: str) -> bool: ...
    def getBoundingClientRect(self) -> DOMRect: ...
    def setAttribute(self, name: str, value: str) -> None: ...
    def querySelector(self, selectors: str) -> Element | None: ...
    def querySelectorAll(self, selectors: str) -> NodeList: ...
    def closest(self, selectors: str) -> Element | None: ...
    def focus(self) -> None: ...
    def blur(self) -> None: ...
    def select(self) -> None: ...
    def close(self) -> None: ...
    def click(self) -> None: ...
    def remove(self) -> None: ...
    def appendChild(self, node: Element) -> Element: ...
    href: str
    download: str
    files: FileList | None

class DOMRect:
    left: float
    right: float
    top: float
    bottom: float
    width: float
    height: float

class Event:
    type: str
    target: Element
    key: str
    clientX: float
    clientY: float
    ctrlKey: bool
    metaKey: bool
    altKey: bool
    def preventDefault(self) -> None: ...

class FileList:
    length: int
    def item(self, index: int) -> File | None: ...

class File:
    name: str
    size: int
    def text(self) -> Awaitable[object]: ...

class HTMLInputElement(Element):
    files: FileList | None

class ArrayBuffer:
    def to_bytes(self) -> bytes: ...

class Fetched:
    ok: bool
    status: int
    body: Any

class Response:
    ok: bool
    status: int
    def arrayBuffer(self) -> Awaitable[ArrayBuffer]: ...
    def text(self) -> Awaitable[str]: ...

class Blob:
    @staticmethod
    def new(parts: Any, options: Any = ...) -> Blob: ...

class URL:
    @staticmethod
    def createObjectURL(blob: Blob) -> str: ...
    @staticmethod
    def revokeObjectURL(url: str) -> None: ...

class Document(Element):
    documentElement: Element
    body: Element
    activeElement: Element | None
    def getElementById(self, id: str) -> Element | None: ...
    def createElement(self, tag: str) -> Element: ...

class Storage:
    def getItem(self, key: str) -> object: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> object: ...
    length: int

class Location:
    search: str
    hash: str
    pathname: str
    origin: str
    def replace(self, url: str) -> None: ...

class History:
    def replaceState(self, state: object, unused: str, url: str) -> None: ...

class Promise:
    def then(self, done: Callable[[Any], Any], failed: Callable[[Any], Any] = ...) -> Promise: ...

class Clipboard:
    def writeText(self, text: str) -> Promise: ...

class JsDate:
    @staticmethod
    def new() -> JsDate: ...
    def toLocaleDateString(self, locale: str) -> str: ...

class JsObject:
    @staticmethod
    def fromEntries(entries: Any) -> Any: ...

class MediaQueryList:
    matches: bool

class URLSearchParams:
    @staticmethod
    def new(init: str) -> URLSearchParams: ...
    def get(self, name: str) -> object: ...

class Navigator:
    clipboard: Clipboard
    onLine: bool
    def share(self, data: Any) -> Promise: ...

class Performance:
    def now(self) -> float: ...
    def mark(self, name: str) -> object: ...

class JsFunctionType:
    @staticmethod
    def new(*parts: str) -> Callable[..., Any]: ...

class KismetPage:
    """static/paint.js's globalThis.Kismet."""
    def apply(self, ops: str) -> None: ...

class Window(EventTarget):
    Kismet: KismetPage
    Function: type[JsFunctionType]
    performance: Performance
    history: History
    Date: type[JsDate]
    Object: type[JsObject]
    localStorage: Storage
    sessionStorage: Storage
    navigator: Navigator
    location: Location
    URLSearchParams: type[URLSearchParams]
    Blob: type[Blob]
    URL: type[URL]
    def fetch(self, url: str) -> Awaitable[Response]: ...
    def matchMedia(self, query: str) -> MediaQueryList: ...
    def setTimeout(self, handler: Callable[[], None], timeout: int = ...) -> int: ...
    def clearTimeout(self, timer: int) -> None: ...
    def print(self) -> None: ...
