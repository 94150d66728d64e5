"""Fixtures for the browser tests: the built site served over HTTP, and a real Chromium.

The site is built once per test run (``build()``, the same code as ``build.py
build``; with pytest-xdist's workers, once by the controller before they start) and
served by ``make_server`` on a free local port, one server and one browser per
worker. Chromium is Playwright's own when it is installed, else Debian's headless shell
(``chromium_for_tests``), else the system's ``/usr/bin/chromium``.
Every page fails its test on a console error, an uncaught exception, a JavaScript dialog,
or a request that leaves the page's origin.

Every browser context starts with the Pyodide memory snapshot a first visit stores (made
once per test run by a real first visit, in the first test process to need it, which
leaves it for the others; then put in each new context's Cache Storage by the
tab that is then the context's first page): so a test's first load restores it, as a
player's second visit does, instead of starting Python in the game's worker and packing a
new snapshot, which cost about 2 s of CPU per context (most of the test run's time).
Nothing else is stored: no service worker, no saves, so the page is still a first visit in
every other way. The tests of the first visit itself (the snapshot's making and saving,
the page before it is ready, the standard library a first start imports) are marked
``first_visit`` and get contexts with nothing stored at all.

The site's service worker is blocked in the other contexts (``service_workers="block"``:
the page as in a browser without service workers, which it supports): its install copies
the whole site into each new context's Cache Storage, about 0.4 s of CPU a context and a
tenth of the test command's time, for what only the tests of the service worker look at.
Those are marked ``service_worker`` (tests/test_offline.py, the offline reload of
tests/test_commit.py, the late standard library of tests/test_stdlib.py), as are the first
visits and three tests of the path most players are on (a whole game, a reload in a turn,
two tabs), and let it in; tests/test_engines.py keeps it in Firefox and WebKit.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gc
import io
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from kismet.advice.chances import Forecast
from kismet.advice.spread import Spread
from kismet.advice.strategy import Advisor
from kismet.page.shared import SNAPSHOT_CACHE
from tools.builder.caches import spread_table, strategy_table
from tools.builder.env import BUILT, DIST, hold_lock
from tools.builder.server import Handler, Server
from tools.builder.site import build

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's arguments on this machine (no display, no network but the site's)."""
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
"""The tests' Chromium compiles WebAssembly with V8's baseline compiler only. Otherwise
each new page spends about 0.8 s of CPU optimizing Pyodide's functions in the background
(half the CPU of a load and thirty clicks), which made a quarter of the test command's
time on a 2-core machine; what the page does is the same. The benchmarks (benchmarks/)
measure Chromium as a player has it, with ``CHROMIUM_ARGS``."""
READY_TIMEOUT_MS = 90_000
HUNG_S = 360
"""A browser test still running after this long is taken to hang (the longest take about
two minutes here, under a full run): see ``watchdog``."""


@dataclass
class Site:
    """The built site being served: its base URL and its files."""

    url: str
    root: Path


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # A test run again (``--reruns``) is named in the summary; here, at once, why: the
    # first line of what failed, so that an intermittent failure is never silent.
    if report.outcome == "rerun" and "PYTEST_XDIST_WORKER" not in os.environ:  # once
        crash = getattr(report.longrepr, "reprcrash", None)
        why = crash.message if crash is not None else str(report.longrepr)[-1000:]
        print(f"\nRERUN {report.nodeid}: {why[:1000]}", file=sys.stderr, flush=True)


def pytest_sessionstart(session: pytest.Session) -> None:
    # The site is built once before any test (with workers, as `build.py test` runs them,
    # by the controller; each worker serves that build). Never later from a fixture: once
    # Playwright's greenlets ran, the build's `ast.parse` met CPython 3.11's "AST
    # constructor recursion depth mismatch" (a run of one process, 2026-12-04).
    config = session.config
    browsers = "not browser" not in (config.option.markexpr or "")
    if browsers and not hasattr(config, "workerinput") and not os.environ.get(BUILT):
        build()  # (``build.py test`` built it before pytest started)


class Seeds(Handler):
    """The site's handler, which also answers the test's own files (``SEEDS``): the
    snapshot each new context stores (``Seeding``) comes from the server like any file,
    not through a Playwright route (whose body crosses Playwright's pipe as base64: 0.6 s
    a context for the 6 MB snapshot, against about 0.05 s)."""

    served: list[tuple[str, int]] | None = None
    """Where a test's server notes each answer (path, status), when it asks to."""

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        if self.served is not None:
            self.served.append((self.path, int(code)))
        super().log_request(code, size)

    def send_head(self):  # type: ignore[no-untyped-def]
        body = SEEDS.get("/" + self.path[len(self.prefix) :])
        if body is None or not self.path.startswith(self.prefix):
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", "application/gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


SEEDS: dict[str, bytes] = {}
"""Paths of the site (``/tests/seed/...``) the test server answers with these bytes."""

SNAPSHOT_PATH = "/tests/seed/snapshot"


def site_server(root: Path, prefix: str = "/", served: list[tuple[str, int]] | None = None) -> Any:
    """A server of the site in ``root`` at ``prefix`` on a free port (not yet serving), which
    also answers the tests' seeds (``Seeds``), noting its answers in ``served`` if given."""
    handler = type("SeedsAt", (Seeds,), {"prefix": prefix, "served": served})
    return Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    root = DIST  # built at the session's start
    server = site_server(root)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Site(f"http://127.0.0.1:{port}/", root)
    server.shutdown()


HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
"""Debian's package ``chromium-headless-shell``: Chromium's old headless shell, the same
version as ``chromium``."""


def chromium_for_tests(chromium: Any) -> str | None:
    """For the tests' Chromium: Playwright's own if installed (None: Playwright then runs
    its headless shell, as it does for every headless launch), else Debian's headless shell,
    else ``chromium_executable``. The shell draws no browser window around the page: a
    context and a warm start took 2.6 s of CPU in the full Chromium, 1.4 s in the shell
    (2026-12-05, this machine), the page's own work the same. The benchmarks and tools
    measure the full Chromium, as players have it (``chromium_executable``)."""
    if not Path(chromium.executable_path).exists() and Path(HEADLESS_SHELL).exists():
        return HEADLESS_SHELL
    return chromium_executable(chromium)


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


# In a page of the site: the stored snapshot's cache name, its entry, and its bytes (gzip)
# as base64.
READ_SNAPSHOT = """async () => {
  const name = (await caches.keys()).find((key) => key.startsWith('{SNAPSHOT_CACHE}'));
  const cache = await caches.open(name);
  const [entry] = await cache.keys();
  const blob = await (await cache.match(entry)).blob();
  const url = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(blob);
  });
  return [name, entry.url, url.slice(url.indexOf(',') + 1)];
}""".replace("{SNAPSHOT_CACHE}", SNAPSHOT_CACHE)

# In a page of the site: store the snapshot fetched from `url` (answered by `Seeds`).
PUT_SNAPSHOT = """async ([name, entry, url]) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  const headers = { 'content-type': 'application/gzip' };
  await (await caches.open(name)).put(entry, new Response(bytes, { headers }));
}"""


@dataclass
class Seeding:
    """Puts a stored Pyodide snapshot in each new browser context (see the module's
    docstring), unless the running test is marked ``first_visit``."""

    site: Site
    launch: Any
    """Launches a Chromium."""
    shared: Path
    """A folder every test process of the run sees, where the first to need the snapshot
    leaves it for the others."""
    browser: Any = None
    new_context: Any = None
    """The browser's own ``new_context``."""
    first_visit: bool = False
    service_worker: bool = False
    """Whether the running test's contexts let the site register its service worker (see
    ``service_worker``)."""
    crashed: bool = False
    """A page of the browser crashed (Chromium's renderer process died) since it was
    launched: see ``relaunch``."""
    snapshot: tuple[str, str, bytes] | None = None
    """The cache's name, the entry's address within the site and the gzip bytes, once made."""
    violations: list[str] = field(default_factory=list)
    """What the pages' content policy (or Trusted Types) refused since the running test
    began, as the browser said it: any fails that test (``no_policy_violation``)."""

    def made(self) -> tuple[str, str, bytes]:
        if self.snapshot is None:
            with open(self.shared / "snapshot.lock", "w") as lock:
                hold_lock(lock)  # one maker, then readers
                kept = self.shared / "snapshot"
                if not kept.exists():
                    name, entry, packed = self.make()
                    kept.write_bytes(json.dumps([name, entry]).encode() + b"\n" + packed)
                head, packed = kept.read_bytes().split(b"\n", 1)
                name, entry = json.loads(head)
                self.snapshot = (name, entry, packed)
            SEEDS[SNAPSHOT_PATH] = self.snapshot[2]
        return self.snapshot

    def make(self) -> tuple[str, str, bytes]:
        """A first visit's snapshot: made by a first visit (a cold start of Python)."""
        context = self.new_context()
        tab = context.new_page()
        open_app(tab, self.site.url)
        tab.wait_for_selector(
            "html[data-snapshot=saved]", state="attached", timeout=READY_TIMEOUT_MS
        )
        name, entry, packed = tab.evaluate(READ_SNAPSHOT)
        context.close()
        return name, entry.removeprefix(self.site.url), base64.b64decode(packed)

    def relaunch(self) -> None:
        """A fresh Chromium (closing the old one), whose ``new_context`` seeds each context.

        A crashed page has twice been seen to be followed by more crashes in the same
        browser on the CI machine (never on this one): so after a crash the tests go on in
        a new browser, and a test that failed by a crash runs once more (``--reruns``,
        ``--only-rerun crashed`` in pyproject.toml; the summary names every rerun). So does
        a test whose wait for the page timed out (``--only-rerun TimeoutError``): a few such
        waits, each alone never seen to fail, have failed once in a whole run on the CI
        machine; their failures tell the page's story (``page_story``)."""
        if self.browser is not None:
            with contextlib.suppress(Exception):  # a browser already gone
                self.browser.close()
        self.browser = self.launch()
        self.new_context = self.browser.new_context
        self.browser.new_context = self
        self.crashed = False

    def put(self, context: Any, url: str, *, keep: bool = False) -> Any:
        """Store the snapshot in ``context`` for the site at ``url`` (this site, or a copy
        served by ``site_server``), as a first visit there would have. The tab that stored
        it is closed (None), or with ``keep`` returned, at a document of the site's origin."""
        name, entry, _ = self.made()
        tab = context.new_page()
        tab.goto(f"{url}static/icon.svg")  # a document of the site's origin
        source = url + SNAPSHOT_PATH[1:]  # answered by the test's server (``Seeds``)
        tab.evaluate(PUT_SNAPSHOT, [name, url + entry, source])
        if keep:
            return tab
        tab.close()
        return None

    def crash(self, tab: Any) -> None:
        self.crashed = True
        sys.stderr.write(f"Chromium's page crashed: {tab.url}; {memory_now()}\n")

    def heard(self, message: Any) -> None:
        """A console message of a page (or its workers): kept if it tells of a refusal by
        the content policy or Trusted Types."""
        if message.type == "error" and any(mark in message.text for mark in POLICY_WORDS):
            self.violations.append(f"{message.text} ({message.location.get('url')})")

    def __call__(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", MOTION)
        if not (self.service_worker or self.first_visit):
            options.setdefault("service_workers", "block")
        context = self.new_context(**options)
        context.seeding = self
        context.on("page", lambda tab: tab.on("crash", self.crash))
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("console", self.heard)
        if self.first_visit or options.get("java_script_enabled") is False:
            return context
        seeded = [self.put(context, self.site.url, keep=True)]
        own = context.new_page

        def new_page() -> Any:
            # The context's first tab is the one that stored the snapshot: a test's first
            # page then costs no new renderer process (0.8 s of CPU a context, measured).
            return seeded.pop() if seeded and not seeded[0].is_closed() else own()

        context.new_page = new_page
        return context


REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`Content Security Policy violation: ${e.violatedDirective} refused ` +
    `${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
new MutationObserver(() => {
  const refused = document.documentElement?.dataset.workerBlocked;
  if (refused) console.error(`Content Security Policy violation in the game's worker: ${refused}`);
}).observe(document, { subtree: true, attributes: true,
                       attributeFilter: ["data-worker-blocked"] });"""
"""In every page of every context, before anything of the page runs: each refusal of the
content policy said on the console, where ``Seeding.heard`` hears it (Chromium also says
most refusals in words of its own, which it hears too), the game's worker's too (its
refusals are marked on the page, ``data-worker-blocked``: static/interpreter.mjs)."""

POLICY_WORDS = ("Content Security Policy", "Trusted Type", "TrustedHTML", "TrustedScript")
"""What a console error says when the content policy or Trusted Types refused something."""


@pytest.fixture(autouse=True)
def no_policy_violation(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test fails if the content policy or Trusted Types refused anything on any
    of its pages (a test that provokes a refusal on purpose takes it: ``refusals``)."""
    if "browser" not in request.fixturenames:
        yield
        return
    seeds: Seeding = request.getfixturevalue("seeding")
    seeds.violations.clear()
    yield
    found = refusals(seeds)
    assert not found, f"the page's content policy refused: {found}"


def refusals(seeds: Seeding) -> list[str]:
    """The refusals heard since the test began (or since this was last called), taken."""
    found, seeds.violations[:] = list(seeds.violations), []
    return found


MOTION = "reduce"
"""Every context asks for reduced motion unless a test says otherwise, as a player can: the
dice then land without their 260 ms tumble, which Playwright's clicks would wait out (a
two-player game took 37 s, 20 s without). The page's motion is tested where it matters
(``page.emulate_media(reduced_motion="no-preference")``: the dice's tumble in
tests/test_browser.py, the kept roll's rocking in tests/test_before_ready.py)."""

SETTLED = "() => globalThis.Kismet?.settled?.()"
"""In a page of the site: resolves once the game has answered every event sent to it (the
game's Python runs in a worker, and answers a moment after the click, as a player sees)."""

ACTIONS = ("check", "click", "dblclick", "dispatch_event", "fill", "press", "select_option",
           "set_input_files", "tap", "type", "uncheck", "evaluate")  # fmt: skip
"""The calls of a page (or of a locator, its keyboard or mouse) after which a test reads
what the game did: each then waits for the game to have answered (``SETTLED``)."""


def settle(page: Any) -> None:
    """Wait until the game has answered the events the page sent it (nothing, if a
    navigation took the page away meanwhile)."""
    with contextlib.suppress(Exception):
        evaluate(page, SETTLED)


def settling(call: Any, page_of: Any) -> Any:
    def act(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = call(self, *args, **kwargs)
        settle(page_of(self))
        return result

    return act


class Settling:
    """A page's keyboard or mouse, whose actions wait for the game's answer."""

    def __init__(self, page: Any, device: Any) -> None:
        self.page, self.device = page, device

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.device, name)
        if not callable(found):
            return found

        def act(*args: Any, **kwargs: Any) -> Any:
            result = found(*args, **kwargs)
            settle(self.page)
            return result

        return act


def settle_after_actions() -> None:
    """Every Playwright page, locator, keyboard and mouse of the tests waits, after each
    action, for the game to answer it: as a player looks at the screen after a tap."""
    from playwright.sync_api import Locator, Page

    global evaluate
    evaluate = Page.evaluate
    for name in ACTIONS:
        setattr(Page, name, settling(getattr(Page, name), lambda page: page))
        if hasattr(Locator, name):
            setattr(Locator, name, settling(getattr(Locator, name), lambda loc: loc.page))
    for device in ("keyboard", "mouse"):
        getter = getattr(Page, device).fget
        setattr(Page, device, property(lambda page, get=getter: Settling(page, get(page))))


evaluate: Any = None
"""Playwright's own ``Page.evaluate`` (``settle_after_actions`` wraps the page's)."""

settle_after_actions()


def memory_now() -> str:
    """The machine's free memory, its cgroup's out-of-memory counts and the free disk (for
    Chromium's profiles in the temporary folder), for a crash report."""
    found = [f"disk free {shutil.disk_usage(tempfile.gettempdir()).free // 2**20} MB"]
    for path in ("/proc/meminfo", "/sys/fs/cgroup/memory.events"):
        with contextlib.suppress(OSError):
            lines = Path(path).read_text().splitlines()
            found += [line for line in lines if line.startswith(("MemAvailable", "oom"))]
    return ", ".join(" ".join(line.split()) for line in found)


@pytest.fixture(scope="session")
def seeding(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeding]:
    from playwright.sync_api import sync_playwright

    # pytest-xdist's workers each have a folder of the run's own: the one above is shared.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    with sync_playwright() as playwright:
        executable = chromium_for_tests(playwright.chromium)
        seeds = Seeding(
            site,
            lambda: playwright.chromium.launch(executable_path=executable, args=TEST_CHROMIUM_ARGS),
            shared=shared,
        )
        seeds.relaunch()
        yield seeds
        seeds.browser.close()


@pytest.fixture
def browser(seeding: Seeding) -> Any:
    """The worker's Chromium; its ``new_context`` seeds each context (``Seeding``). A new
    one after a page crashed (``Seeding.relaunch``)."""
    return seeding.browser


def descendants(root: int) -> list[int]:
    """The processes ``root`` started, and theirs (Linux's /proc; none where there is none)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        below = children.get(todo.pop(), [])
        found += below
        todo += below
    return found


def kill_browsers() -> list[str]:
    """Kills every process this test process started, and theirs, except Playwright's
    driver: the browsers (Chromium, Firefox, WebKit), their WebDriver servers and Xvfb. Every
    call waiting on one of them then fails (Playwright: "Target page, context or browser has
    been closed"). Returns the killed processes' names."""
    killed = []
    for pid in descendants(os.getpid()):
        with contextlib.suppress(OSError):
            if b"run-driver" in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue  # Playwright's driver: the browsers it runs go
            name = Path(f"/proc/{pid}/comm").read_text().strip()
            os.kill(pid, signal.SIGKILL)
            killed.append(name)
    return [f"{name} x{killed.count(name)}" for name in dict.fromkeys(killed)]


def waiting_in() -> str:
    """Where the tests' code waits: the main thread's stack, and each suspended greenlet's
    (Playwright's synchronous API runs its event loop in one greenlet, the test in another),
    the project's own lines and the last one of each."""
    import greenlet  # Playwright's

    main = sys._current_frames().get(threading.main_thread().ident or 0)
    frames = [main] if main else []
    frames += [g.gr_frame for g in gc.get_objects()
               if isinstance(g, greenlet.greenlet) and g.gr_frame is not None]  # fmt: skip
    told = []
    for frame in frames:
        entries = traceback.extract_stack(frame)
        ours = [e for e in entries[:-1] if "site-packages" not in e.filename] + entries[-1:]
        told.append("".join(traceback.format_list(ours)))
    return "\n".join(told)


@dataclass
class Watchdog:
    """Ends a browser test that hangs: the whole test run once stopped, near its end, only
    on the CI machine, until CI's time ran out (never here). After ``HUNG_S`` it prints
    where the test waits and kills its browsers, so that the waiting call fails (and the test
    runs once more in a new browser: ``--only-rerun`` in pyproject.toml); if the test still
    has not ended a minute later, the test process exits, which pytest-xdist reports as a
    crashed worker naming the test (and replaces), and the rest of the run goes on."""

    name: str
    seeds: Seeding | None
    done: threading.Event = field(default_factory=threading.Event)

    def watch(self) -> None:
        if self.done.wait(HUNG_S):
            return
        stack = waiting_in()
        killed = kill_browsers()
        if self.seeds is not None:
            self.seeds.crashed = True  # the next test gets a new browser
        sys.stderr.write(
            f"{self.name} still running after {HUNG_S} s; {memory_now()}; it waits in:\n"
            f"{stack}killed: {', '.join(killed) or 'nothing'}\n"
        )
        if not self.done.wait(60):
            print(f"{self.name} still hangs: this test process exits", file=sys.__stderr__)
            os._exit(3)


@pytest.fixture(autouse=True)
def watchdog(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    """Every browser test is watched (``Watchdog``), from before its browser is launched."""
    dog = Watchdog(request.node.nodeid, None)
    threading.Thread(target=dog.watch, daemon=True).start()
    if "browser" in request.fixturenames:
        dog.seeds = request.getfixturevalue("seeding")
    yield
    dog.done.set()


@pytest.fixture(autouse=True)
def first_visit(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test marked ``first_visit`` gets browser contexts with nothing stored; one marked
    ``service_worker`` (or ``first_visit``) lets the site's service worker in."""
    if "browser" not in request.fixturenames:
        yield
        return
    seeds: Seeding = request.getfixturevalue("seeding")
    seeds.first_visit = request.node.get_closest_marker("first_visit") is not None
    seeds.service_worker = request.node.get_closest_marker("service_worker") is not None
    yield
    seeds.first_visit = seeds.service_worker = False


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
        # static/interpreter.mjs says when the page takes a module from outside the core standard
        # library: every feature should need only the core (tools/stdlib.py measures it).
        if "not in the core standard library" in message.text and not watch.rest_allowed:
            watch.errors.append(f"outside the core: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))
    page.on("crash", lambda _: watch.errors.append("page crashed (Chromium's renderer died)"))
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
        seeds: Seeding = request.getfixturevalue("seeding")
        for left in list(seeds.browser.contexts):
            left.close()
        if seeds.crashed:
            seeds.relaunch()


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
    wait_shown(page, "html[data-ready=true]", READY_TIMEOUT_MS)
    return page


PAGE_STATE = """() => JSON.stringify({ ...document.documentElement.dataset,
  status: document.querySelector('[data-testid=status]')?.textContent,
  notice: document.querySelector('[data-testid=notice]')?.textContent })"""
"""What the page shows of its state: the marks on <html> (ready, snapshot, stdlib...), the
status line and the notice."""


def page_story(page: Any) -> str:
    """What a page did, for a wait that timed out: its state, its last console messages,
    its errors, and the requests that failed (from Playwright's own records)."""
    try:
        state = page.evaluate(PAGE_STATE)
    except Exception as error:  # a page that crashed or hangs answers nothing
        state = f"(no answer: {error})"
    said = [f"{m.type}: {m.text}" for m in page.console_messages()][-30:]
    failed = [f"{r.method} {r.url}: {r.failure}" for r in page.requests() if r.failure]
    return f"state {state}; console {said}; errors {page.page_errors()}; failed {failed}"


def wait_shown(page: Any, selector: str, timeout: int) -> None:
    """Wait for ``selector`` to be shown; on a timeout, fail with the page's story."""
    try:
        page.wait_for_selector(selector, timeout=timeout)
    except Exception as error:
        raise AssertionError(f"{selector} never came: {page_story(page)}") from error


class Holding:
    """The site served again, where requests for one file wait, as on a slow network, until
    ``release`` (or only the first such request, with ``first_only``). Playwright's routes
    cannot do it: the game's files are fetched by its worker, and once the service
    worker controls it, through the service worker, whose requests no page's route sees."""

    def __init__(self, site: Site, name: str, *, first_only: bool = False) -> None:
        self.gate = threading.Event()
        self.asked: list[str] = []
        holding = self

        class Held(Seeds):
            prefix = "/"

            def send_head(self):  # type: ignore[no-untyped-def]
                if self.path.split("?", 1)[0].endswith("/" + name):
                    holding.asked.append(self.path)
                    if not first_only or len(holding.asked) == 1:
                        holding.gate.wait(READY_TIMEOUT_MS / 1000)
                return super().send_head()

        handler = functools.partial(Held, directory=str(site.root))
        self.server = Server(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def release(self) -> None:
        self.gate.set()

    def close(self) -> None:
        self.gate.set()
        self.server.shutdown()


@contextlib.contextmanager
def holding(context: Any, site: Site, name: str, *, first_only: bool = False) -> Iterator[Any]:
    """A page of ``context`` on a ``Holding`` of the site (failing its test on errors, like
    the ``page`` fixture's), and the holding: ``page.holding``."""
    held = Holding(site, name, first_only=first_only)
    try:
        seeding = getattr(context, "seeding", None)  # a context of ``Seeding``'s
        if seeding is not None and not seeding.first_visit:
            seeding.put(context, held.url)  # on this origin too, as on the site's
        tab = context.new_page()
        tab.watch = watch_page(tab, held.url)
        tab.holding = held
        yield tab
        assert not tab.watch.errors, tab.watch.errors
        assert not tab.watch.foreign(), f"requests left the page's origin: {tab.watch.foreign()}"
    finally:
        held.close()


def settled_status(page: Any) -> str:
    """The status line once no strategy table is loading."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=status]').textContent"
        ".includes('Loading the strategy table')",
        timeout=60_000,
    )
    return str(page.text_content("[data-testid=status]"))


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
    strategy_table(target)
    yield Advisor.from_file(target)


@pytest.fixture(scope="session")
def forecast(advisor: Advisor, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Forecast]:
    """The win-chance forecast from the tables as the build makes them (cached likewise)."""
    target: Path = tmp_path_factory.mktemp("spread") / "spread.bin"
    spread_table(target)
    yield Forecast(advisor, Spread.from_bytes(target.read_bytes()))


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    # Browser tests last (the fast rules tests report first), the longest of them first, so
    # that the workers finish together rather than one waiting on the other's long test.
    # Hypothesis's tests just before them: after one, CPython 3.11.7's ast.parse in the same
    # process has failed ("AST constructor recursion depth mismatch"), and no browser test
    # parses Python in its own process.
    def order(item: Any) -> tuple[bool, bool, bool]:
        browser = item.get_closest_marker("browser") is not None
        hypothesis = getattr(getattr(item, "function", None), "is_hypothesis_test", False)
        return browser, browser or hypothesis, item.get_closest_marker("long") is None

    items.sort(key=order)


os.environ.setdefault("PLAYWRIGHT_SKIP_VALIDATE_HOST_REQUIREMENTS", "1")
