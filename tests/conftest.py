"""Fixtures for the browser tests: the built site served over HTTP, and a real Chromium.

The site is built once per test run (``build.build()``, the same code as ``build.py
build``; with pytest-xdist's workers, once by the controller before they start) and
served by ``build.make_server`` on a free local port, one server and one browser per
worker. Chromium is Playwright's own when it is installed, else the system's
``/usr/bin/chromium`` (Debian's package).
Every page fails its test on a console error, an uncaught exception, a JavaScript dialog,
or a request that leaves the page's origin.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import build
from kismet.advice.chances import Forecast
from kismet.advice.spread import Spread
from kismet.advice.strategy import Advisor

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY_TIMEOUT_MS = 90_000


@dataclass
class Site:
    """The built site being served: its base URL and its files."""

    url: str
    root: Path


def pytest_sessionstart(session: pytest.Session) -> None:
    # With workers (pytest-xdist, as `build.py test` runs), the controller builds the site
    # once before they start, and each worker serves that build.
    config = session.config
    browsers = "not browser" not in (config.option.markexpr or "")
    workers = getattr(config.option, "numprocesses", None)
    if browsers and workers and not hasattr(config, "workerinput"):
        build.build()


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    root = build.DIST if os.environ.get("PYTEST_XDIST_WORKER") else build.build()
    server = build.make_server(root, 0)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Site(f"http://127.0.0.1:{port}/", root)
    server.shutdown()


def chromium_executable(chromium: Any) -> str | None:
    """For Playwright's Chromium browser type: Playwright's own Chromium if installed (None
    lets Playwright find it), else Debian's."""
    own = Path(chromium.executable_path)
    if own.exists():
        return None
    if Path(SYSTEM_CHROMIUM).exists():
        return SYSTEM_CHROMIUM
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    pytest.fail(
        "No Chromium found: run `playwright install chromium`, or install Debian's chromium"
    )


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        executable = chromium_executable(playwright.chromium)
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass
class Watch:
    """What a page did that a test must not allow: errors, dialogs, foreign requests."""

    origin: str
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    rest_allowed: bool = False
    """Whether the page may import standard-library modules outside the core (static/
    stdlib_rest.py): only tests of that very mechanism say yes."""

    def foreign(self) -> list[str]:
        return [u for u in self.requests if not u.startswith(self.origin) and
                not u.startswith(("data:", "blob:"))]  # fmt: skip


def watch_page(page: Any, origin: str) -> Watch:
    watch = Watch(origin)

    def on_console(message: Any) -> None:
        if message.type == "error":
            watch.errors.append(f"console error: {message.text}")
        # static/boot.mjs says when the page takes a module from outside the core standard
        # library: every feature should need only the core (tools/stdlib.py measures it).
        if "not in the core standard library" in message.text and not watch.rest_allowed:
            watch.errors.append(f"outside the core: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))
    page.on("dialog", lambda dialog: (watch.errors.append(f"dialog: {dialog.message}"),
                                      dialog.dismiss()))  # fmt: skip
    page.on("request", lambda request: watch.requests.append(request.url))
    return watch


@pytest.fixture(autouse=True)
def no_context_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that failed half-way leaves its pages open in the shared browser: close them,
    so that they do not pile up (each holds a Python) for the tests after it."""
    yield
    if "browser" in request.fixturenames:
        for left in list(request.getfixturevalue("browser").contexts):
            left.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any, site: Site) -> Iterator[Any]:
    tab = context.new_page()
    watch = watch_page(tab, site.url)
    tab.watch = watch
    yield tab
    assert not watch.errors, watch.errors
    assert not watch.foreign(), f"requests left the page's origin: {watch.foreign()}"


def open_app(page: Any, url: str) -> Any:
    """Load the app and wait until Python has bound its handlers."""
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT_MS)
    return page


def reveal(page: Any, testid: str) -> Any:
    """A control of the header, in sight: the menu is opened when the control is folded
    away in it (on a phone or a small window)."""
    control = page.locator(f"[data-testid={testid}]")
    menu = page.locator("[data-testid=menu]")
    if menu.is_visible() and menu.get_attribute("aria-expanded") != "true":
        menu.click()
    return control


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


@pytest.fixture(scope="session")
def advisor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Advisor]:
    """The strategy table as the build makes it (solved once per code change, then cached)."""
    target: Path = tmp_path_factory.mktemp("strategy") / "strategy.bin"
    build.strategy_table(target)
    yield Advisor.from_file(target)


@pytest.fixture(scope="session")
def forecast(advisor: Advisor, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Forecast]:
    """The win-chance forecast from the tables as the build makes them (cached likewise)."""
    target: Path = tmp_path_factory.mktemp("spread") / "spread.bin"
    build.spread_table(target)
    yield Forecast(advisor, Spread.from_bytes(target.read_bytes()))


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    # Browser tests last (the fast rules tests report first), the longest of them first, so
    # that the workers finish together rather than one waiting on the other's long test.
    def order(item: Any) -> tuple[bool, bool]:
        browser = item.get_closest_marker("browser") is not None
        return browser, item.get_closest_marker("long") is None

    items.sort(key=order)


os.environ.setdefault("PLAYWRIGHT_SKIP_VALIDATE_HOST_REQUIREMENTS", "1")
