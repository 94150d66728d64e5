"""Offline play through the service worker, updates, sub-path hosting, manifest, serving."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import struct
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from kismet import Game
from kismet.page.shared import SITE_CACHE, SNAPSHOT_CACHE
from tests.conftest import (
    TEST_CHROMIUM_ARGS,
    Seeding,
    Site,
    artifact,
    chromium_executable,
    chromium_for_tests,
    open_app,
    reveal,
    site_server,
    wait_shown,
    watch_page,
)
from tools.builder.site import write_service_worker

# The tests of the snapshot's making and saving are marked first_visit (contexts with
# nothing stored); the others about what comes after a first visit put the snapshot it made
# in their private copy's origin first (``visited_once(..., seeding=...)``).
pytestmark = [pytest.mark.browser, pytest.mark.service_worker]


@contextmanager
def serve_copy(
    site: Site, tmp_path: Path, prefix: str = "/", served: list[tuple[str, int]] | None = None
) -> Iterator[tuple[str, Path]]:
    """A private copy of dist/ served at ``prefix``, for tests that change files (its
    answers noted in ``served``, if given: ``site_server``)."""
    root = tmp_path / "site"
    shutil.copytree(site.root, root)
    server = site_server(root, prefix, served)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}", root
    finally:
        server.shutdown()


@contextmanager
def visited_once(
    context: Any,
    site: Site,
    tmp_path: Path,
    *,
    seed: int,
    seeding: Seeding | None = None,
    served: list[tuple[str, int]] | None = None,
) -> Iterator[tuple[Any, Any, str, Path]]:
    """A private copy of the site, visited once with the network on, fully precached and
    its Pyodide snapshot stored: the page, what it did (errors, requests), the site's URL
    and folder. With ``seeding`` the snapshot is put there first (made by this test
    process's first visit, ``tests/conftest.py``), so the visit restores it instead of
    starting Python afresh: for the tests about what comes after a first visit, not the
    first visit itself (``test_later_visits_restore_the_pyodide_snapshot``)."""
    with serve_copy(site, tmp_path, served=served) as (url, root):
        if seeding is not None:
            seeding.put(context, url)
        page = context.new_page()
        watch = watch_page(page, url)
        open_app(page, f"{url}?seed={seed}")
        precached(page, root)
        stored = "restored" if seeding is not None else "saved"
        page.wait_for_selector(f"html[data-snapshot={stored}]", state="attached", timeout=60_000)
        assert started_in(page) == "pyscript" and game_imported_in(page) == "snapshot"
        yield page, watch, url, root


WASM = "./pyodide/pyodide.asm.wasm"


def snapshot_state(page: Any) -> str | None:
    """How static/interpreter.mjs started Pyodide on this visit: "restored" from the
    snapshot, or afresh, then "saving", "saved" or "failed" (kept no snapshot); "off": no
    Cache Storage."""
    return page.get_attribute("html", "data-snapshot")


def started_in(page: Any) -> str | None:
    """How Python started: "pyscript" (PyScript's worker, the one way in)."""
    return page.get_attribute("html", "data-start")


def game_imported_in(page: Any) -> str | None:
    """Whether the game's own modules came imported with the snapshot ("snapshot": the
    interpreter imported them before it took the snapshot), or not ("worker")."""
    return page.get_attribute("html", "data-game")


def snapshot_cache(root: Path) -> str:
    """The name of the Cache Storage cache that holds this build's Pyodide snapshot."""
    code = (root / "static" / "interpreter.mjs").read_text()
    found = re.search(r'const KEY = "([0-9a-f]{16})";', code)
    assert found, "build.py did not fill in the snapshot key"
    return f"{SNAPSHOT_CACHE}{found.group(1)}"


SNAPSHOT_CACHES = "async () => (await caches.keys()).filter(c => c.startsWith('kismet-snapshot-'))"

# In the page: the service worker's caches (the Pyodide snapshot has a cache of its own).
SITE_CACHES = (
    "(await caches.keys())"
    f".filter(c => c.startsWith('{SITE_CACHE}') && !c.startsWith('{SNAPSHOT_CACHE}'))"
)


def precached(page: Any, root: Path) -> None:
    """Wait until the service worker is active and holds every file of the site."""
    urls = json.loads((root / "sw.js").read_text().split("const FILES = ", 1)[1].split(";")[0])
    page.wait_for_function(
        "async (urls) => { const r = await navigator.serviceWorker.ready;"
        f" const k = {SITE_CACHES};"
        " if (k.length !== 1 || !navigator.serviceWorker.controller) return false;"
        " const cache = await caches.open(k[0]);"
        " for (const url of urls) if (!(await cache.match(new URL(url, r.scope).href)))"
        " return false;"
        " return true; }",
        arg=urls,
        timeout=60_000,
        polling=250,
    )


def play_first_box(page: Any, seed: int) -> Game:
    game = Game(["Player 1"], seed=seed)
    page.click("[data-testid=roll]")
    game.roll()
    box = max(game.options(), key=lambda c: game.options()[c])
    page.click(f"[data-testid=cell-0-{box.value}] button")
    game.score(box)
    assert page.get_attribute(f"[data-testid=cell-0-{box.value}]", "data-state") == "filled"
    assert page.text_content("[data-testid=total-0] .value") == str(game.total(0))
    return game


def test_after_one_visit_the_game_plays_offline(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path
) -> None:
    with visited_once(context, site, tmp_path, seed=12, seeding=seeding) as (page, watch, url, _):
        context.set_offline(True)
        open_app(page, url)
        assert page.evaluate("navigator.onLine") is False
        assert snapshot_state(page) == "restored"
        game = play_first_box(page, 12)
        open_app(page, url)  # and again, still offline, the game is kept
        assert page.text_content("[data-testid=total-0] .value") == str(game.total(0))
        context.set_offline(False)
        assert not watch.errors, watch.errors
        assert not watch.foreign()


def test_an_update_is_offered_and_the_game_survives_it_in_every_tab(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path
) -> None:
    with visited_once(context, site, tmp_path, seed=13, seeding=seeding) as (
        page,
        watch,
        url,
        root,
    ):
        old_cache = page.evaluate(f"async () => {SITE_CACHES}")
        other = context.new_page()  # a second tab, open all along
        other_watch = watch_page(other, url)
        open_app(other, url)
        game = play_first_box(page, 13)
        # A new deployment: one file changes, so the whole cache is renamed.
        css = root / "static" / "kismet.css"
        css.write_text(css.read_text() + "\n/* new version */\n")
        new_cache = write_service_worker(root)
        assert [new_cache] != old_cache
        page.reload()
        page.wait_for_selector("[data-testid=update]:not([hidden])", timeout=60_000)
        assert "new version" in page.text_content("[data-testid=update]")
        with page.expect_navigation():
            page.click("[data-testid=update] button")
        page.wait_for_selector("html[data-ready=true]", timeout=90_000)
        page.wait_for_function(
            f"async (name) => {{ const k = {SITE_CACHES};"
            " return k.length === 1 && k[0] === name; }",
            arg=new_cache,
            timeout=30_000,
        )
        box = game.history[0].category
        cell = f"[data-testid=cell-0-{box.value}]"
        assert page.text_content(cell) == str(game.history[0].points)
        assert "Welcome back" in page.text_content("[data-testid=status]")
        # The other tab, offered the same update, reloaded with it: the same game, kept.
        other.wait_for_selector("html[data-ready=true]", timeout=90_000)
        other.wait_for_function(f"() => document.querySelector('{cell}').textContent === "
                                f"'{game.history[0].points}'")  # fmt: skip
        assert not other_watch.errors, other_watch.errors
        # The new service worker left the Pyodide snapshot alone (same Pyodide, same key).
        assert snapshot_state(page) == "restored"
        assert page.evaluate(SNAPSHOT_CACHES) == [snapshot_cache(root)]
        assert not watch.errors, watch.errors


@pytest.mark.first_visit
def test_later_visits_restore_the_pyodide_snapshot(
    context: Any, site: Site, tmp_path: Path
) -> None:
    served: list[tuple[str, int]] = []
    with visited_once(context, site, tmp_path, seed=16, served=served) as (page, watch, url, root):
        assert page.evaluate(SNAPSHOT_CACHES) == [snapshot_cache(root)]
        # The first visit asked for Pyodide's WebAssembly at once (index.html), before PyScript
        # started the game's worker, which took it from the browser's cache (at most asking
        # whether it changed: 304), as the service worker did: its bytes came once. A later
        # visit, the service worker's, does not ask.
        assert page.locator(f"link[rel=prefetch][href='{WASM}']").count() == 1
        answers = [code for path, code in served if path == WASM[1:]]
        assert answers.count(200) == 1 and set(answers) <= {200, 304}, answers
        open_app(page, url)
        assert page.locator("link[rel=prefetch]").count() == 0
        assert snapshot_state(page) == "restored" and started_in(page) == "pyscript"
        assert game_imported_in(page) == "snapshot"
        play_first_box(page, 16)
        # Every restored visit has randomness of its own: the game a visit starts (no save
        # in storage) gets a new id and a new dice stream.
        starts = []
        for _ in range(2):
            page.evaluate("localStorage.removeItem('kismet:v1:game')")
            open_app(page, url)
            assert snapshot_state(page) == "restored"
            page.click("[data-testid=roll]")
            saved = json.loads(page.evaluate("localStorage.getItem('kismet:v1:game')"))
            starts.append((saved["id"], saved["game"]["stream"], saved["game"]["dice"]))
        assert starts[0][0] != starts[1][0] and starts[0][1] != starts[1][1], starts
        assert not watch.errors, watch.errors


# Six seconds of a player tapping every 100 ms: unpaused, the packing takes about 3 s here.
BUSY = """() => new Promise((done) => {
  const tapping = setInterval(() => document.body.click(), 100);
  setTimeout(() => { clearInterval(tapping); done(); }, 6000);
})"""


@pytest.mark.first_visit
def test_a_first_visit_packs_its_snapshot_only_in_the_players_pauses(
    context: Any, site: Site
) -> None:
    # Packing the snapshot takes the worker's time: a slice of it in the middle of a tap
    # delayed the answer (docs/design.md). Every tap is answered by the game (handle),
    # which puts the packing off until half a second after the last one.
    page = context.new_page()
    watch = watch_page(page, site.url)
    open_app(page, f"{site.url}?seed=3")
    assert snapshot_state(page) == "saving"
    page.evaluate(BUSY)
    assert snapshot_state(page) == "saving"
    page.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=60_000)
    assert not watch.errors, watch.errors


# Damage done to the stored snapshot (kept gzipped): bytes that are not gzip, a gzip entry
# cut short, and well-formed gzip of bytes that are not a Pyodide snapshot. A stale cache
# of another key is added too: saving a new snapshot must delete it.
DAMAGE = """async ([name, damage]) => {
  const cache = await caches.open(name);
  const [entry] = await cache.keys();
  const good = new Uint8Array(await (await cache.match(entry)).arrayBuffer());
  let bytes;
  if (damage === 'not gzip') bytes = good.map((byte, i) => (i * 2654435761) >>> 24);
  else if (damage === 'cut short') bytes = good.slice(0, good.length >> 1);
  else {
    const junk = new Blob([new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24)]);
    const packed = junk.stream().pipeThrough(new CompressionStream('gzip'));
    bytes = new Uint8Array(await new Response(packed).arrayBuffer());
  }
  await cache.put(entry, new Response(bytes));
  const stale = await caches.open('kismet-snapshot-0000000000000000');
  await stale.put(entry, new Response('an older Pyodide'));
}"""


@pytest.mark.parametrize("damage", ["not gzip", "cut short", "not a snapshot"])
def test_a_damaged_snapshot_only_means_a_normal_start(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path, damage: str
) -> None:
    with visited_once(context, site, tmp_path, seed=17, seeding=seeding) as (
        page,
        watch,
        url,
        root,
    ):
        page.evaluate(DAMAGE, [snapshot_cache(root), damage])
        open_app(page, url)
        # Damage is found in the worker, which starts Python afresh: gzip that is not, or
        # cut short, as it unpacks; a snapshot that unpacks but does not restore, as Pyodide
        # restores it.
        assert started_in(page) == "pyscript" and snapshot_state(page) != "restored"
        assert game_imported_in(page) == "snapshot"
        play_first_box(page, 17)
        # Started the normal way, then kept a good snapshot and dropped the stale one.
        page.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=60_000)
        assert page.evaluate(SNAPSHOT_CACHES) == [snapshot_cache(root)]
        open_app(page, url)
        assert snapshot_state(page) == "restored"
        assert game_imported_in(page) == "snapshot"
        assert not watch.errors, watch.errors


@pytest.mark.first_visit
def test_a_full_storage_only_means_a_normal_start(context: Any, site: Site, tmp_path: Path) -> None:
    with serve_copy(site, tmp_path) as (url, _):
        page = context.new_page()
        watch = watch_page(page, url)
        # A storage quota of 1 MB for the site: neither the snapshot (6 MB) nor the service
        # worker's copy of the site fits.
        session = context.new_cdp_session(page)
        origin = url.rstrip("/")
        session.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 2**20})
        open_app(page, url + "?seed=19")
        page.wait_for_selector("html[data-snapshot=failed]", state="attached", timeout=60_000)
        assert page.evaluate(SNAPSHOT_CACHES) == []
        open_app(page, url)  # started the normal way again, tried again, and plays
        page.wait_for_selector("html[data-snapshot=failed]", state="attached", timeout=60_000)
        play_first_box(page, 19)
        assert not watch.errors, watch.errors


@pytest.mark.first_visit
def test_without_a_service_worker_the_game_runs_saves_and_plays_the_same(
    browser: Any, site: Site
) -> None:
    """No service worker (a browser refusing them): nothing changes for the game, whose
    storage is the page's own, carried by each answer's commit; only nothing is kept for
    offline play."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        watch = watch_page(page, site.url)
        open_app(page, site.url + "?seed=8")
        assert started_in(page) == "pyscript" and game_imported_in(page) == "snapshot"
        game = play_first_box(page, 8)
        page.click("[data-testid=roll]")
        game.roll()
        assert page.evaluate("Kismet.python('1 + 1')") == 2  # where the game runs
        page.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=60_000)
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=90_000)
        assert snapshot_state(page) == "restored"  # kept for the next visit, as always
        cell = f"[data-testid=cell-0-{game.history[0].category.value}]"
        assert page.text_content(cell) == str(game.history[0].points)  # saved on the page
        assert [int(f) for f in faces_of(page)] == list(game.dice)
        assert not watch.errors, watch.errors
    finally:
        context.close()


def faces_of(page: Any) -> list[str]:
    return [str(page.get_attribute(f"[data-testid=die-{i}]", "data-face")) for i in range(5)]


def test_a_browser_that_blocks_all_site_data_still_plays(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    """Chromium set to block all site data (cookies, localStorage, IndexedDB, caches): the
    game says it cannot save, and plays on."""
    chromium = browser.browser_type
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    blocked = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (profile / "Default" / "Preferences").write_text(json.dumps(blocked))
    # The full Chromium: its headless shell (chromium_for_tests) reads no such setting.
    full = chromium_executable(chromium) or chromium.executable_path
    context = chromium.launch_persistent_context(
        str(profile), executable_path=full, args=TEST_CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        watch = watch_page(page, site.url)
        open_app(page, site.url + "?seed=20")
        denied = (
            "(() => { try { localStorage.length; return false; } catch (e) { return true; } })()"
        )
        assert page.evaluate(denied) is True
        notice = "not letting the page save (private mode, or site data blocked?)"
        assert notice in page.text_content("[data-testid=notice]")
        play_first_box(page, 20)
        assert notice in page.text_content("[data-testid=notice]")
        page.wait_for_selector("html[data-snapshot=failed]", state="attached", timeout=60_000)
        page.screenshot(path=artifact("site-data-blocked.png"))
        assert not watch.errors, watch.errors
        assert not watch.foreign()
    finally:
        context.close()


def test_opened_as_a_file_the_page_says_how_to_serve_it(context: Any, site: Site) -> None:
    page = context.new_page()
    page.goto(site.url)
    assert not page.is_visible("[data-testid=file-notice]")
    page.goto((site.root / "index.html").as_uri())  # browsers run no modules from file://
    notice = page.locator("[data-testid=file-notice]")
    notice.wait_for(state="visible")
    assert "python3 build.py serve" in notice.text_content()
    assert not page.is_visible("[data-testid=status]")  # no "Loading" that never ends
    page.screenshot(path=artifact("opened-as-file.png"))


def test_without_cache_storage_the_app_starts_the_normal_way(browser: Any, site: Site) -> None:
    """A page on plain http:// from a host that is not this machine has no Cache Storage
    (and no service worker): no snapshot, and the game plays as ever."""
    chromium = browser.browser_type
    elsewhere = chromium.launch(  # a browser that finds "kismet.test" at this machine
        executable_path=chromium_for_tests(chromium),
        args=[*TEST_CHROMIUM_ARGS, "--host-resolver-rules=MAP kismet.test 127.0.0.1"],
    )
    try:
        page = elsewhere.new_page()
        url = site.url.replace("127.0.0.1", "kismet.test")
        watch = watch_page(page, url)
        open_app(page, url + "?seed=18")
        assert page.evaluate("window.isSecureContext") is False
        assert snapshot_state(page) == "off"
        assert started_in(page) == "pyscript"  # nothing kept, but still off the main thread
        play_first_box(page, 18)
        assert not watch.errors, watch.errors
        assert not watch.foreign()
    finally:
        elsewhere.close()


def test_the_app_works_under_a_sub_path(context: Any, site: Site, tmp_path: Path) -> None:
    with serve_copy(site, tmp_path, prefix="/kismet/") as (url, root):
        assert url.endswith("/kismet/")
        page = context.new_page()
        watch = watch_page(page, url)
        open_app(page, url + "?seed=14")
        play_first_box(page, 14)
        precached(page, root)
        # Every request under the sub-path (a blob: address is bytes the page already had).
        outside = [u for u in watch.requests if not u.startswith((url, "blob:"))]
        assert outside == [], outside
        assert not watch.errors, watch.errors
        page.screenshot(path=artifact("sub-path.png"))


def fetch(url: str, gzip_ok: bool = False) -> tuple[Any, bytes]:
    """Headers (looked up case-insensitively) and body of a plain HTTP GET."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def test_manifest_parses_and_its_icons_exist(site: Site) -> None:
    headers, body = fetch(site.url + "manifest.webmanifest")
    assert headers["Content-Type"] == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["name"] == "Kismet" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        headers, data = fetch(site.url + icon["src"])
        assert headers["Content-Type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", data[16:24])
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]
            sizes.add(width)
    assert {192, 512} <= sizes
    index = (site.root / "index.html").read_text()
    assert 'rel="manifest" href="./manifest.webmanifest"' in index
    assert (site.root / ".nojekyll").exists()


@pytest.mark.parametrize(
    "path,mime",
    [
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("sw.js", "text/javascript"),
    ],
)
def test_serve_gives_the_right_types_and_compresses(site: Site, path: str, mime: str) -> None:
    headers, body = fetch(site.url + path, gzip_ok=True)
    assert headers["Content-Type"] == mime
    assert headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (site.root / path).read_bytes()
    plain_headers, plain = fetch(site.url + path)
    assert "Content-Encoding" not in plain_headers and plain == (site.root / path).read_bytes()


def test_dist_holds_only_what_the_page_uses(site: Site) -> None:
    names = {p.name for p in (site.root / "pyscript").iterdir()}
    assert "core.js" in names
    assert not [n for n in names if n.endswith(".map") or n.startswith(
        ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey"))]  # fmt: skip
    # No script names a source map the site does not have (a 404 in developer tools).
    for script in [*site.root.rglob("*.js"), *site.root.rglob("*.mjs")]:
        for found in re.findall(r"sourceMappingURL=(\S+)", script.read_text(errors="replace")):
            assert (script.parent / found).exists(), f"{script.name} names {found}"
    sw = (site.root / "sw.js").read_text()
    for path in site.root.rglob("*"):
        # The strategy and spread tables are cached when first fetched, not precached.
        lazy = ("sw.js", ".nojekyll", "strategy.bin", "spread.bin")
        if path.is_file() and path.name not in lazy:
            assert f'"./{path.relative_to(site.root).as_posix()}"' in sw, path


def test_the_strategy_table_is_kept_for_offline_hints(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path
) -> None:
    with visited_once(context, site, tmp_path, seed=15, seeding=seeding) as (page, watch, url, _):
        page.click("[data-testid=roll]")
        page.click("[data-testid=hint]")  # fetches the table, which the worker then keeps
        page.wait_for_selector("[data-testid=hint-panel]:not([hidden])", timeout=60_000)
        page.wait_for_function(
            f"async () => {{ const k = {SITE_CACHES}[0];"
            " return !!(await (await caches.open(k)).match('static/strategy.bin')); }",
            timeout=30_000,
        )
        context.set_offline(True)
        open_app(page, url)
        if page.is_enabled("[data-testid=roll]"):
            page.click("[data-testid=roll]")
        page.click("[data-testid=hint]")
        # Once, in a clean clone's full run, it never came: the failure tells the page's story.
        wait_shown(page, "[data-testid=hint-panel]:not([hidden])", 60_000)
        assert page.locator("[data-testid=hint-panel] li").count() >= 1
        context.set_offline(False)
        assert not watch.errors, watch.errors


def finished_challenge() -> str:
    """A stored challenge game that is over: its panel wants Perfect's game on the same dice."""
    from kismet import challenge_of
    from kismet.app.base.table import Table
    from kismet.rules.link import encode

    game = Game(["Ann"], seed=77, linked=True)
    while not game.is_over:
        game.roll()
        game.score(game.open_boxes(0)[0])
    code = encode(challenge_of(game))
    table = Table(game, (None,), started="2026-12-01T08:00:00+00:00", challenge=code)
    return json.dumps(table.to_dict())


def test_offline_before_the_strategy_table_a_challenge_says_so_and_stops_waiting(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path
) -> None:
    with visited_once(context, site, tmp_path, seed=16, seeding=seeding) as (page, watch, url, _):
        page.evaluate("v => localStorage.setItem('kismet:v1:game', v)", finished_challenge())
        context.set_offline(True)
        open_app(page, url)
        page.wait_for_selector("[data-testid=perfect-offline]", timeout=30_000)
        assert "Perfect is playing" not in page.text_content("[data-testid=game-over]")
        assert "online" in page.text_content("[data-testid=perfect-offline]")
        context.set_offline(False)  # online again: the table arrives, and Perfect plays
        page.wait_for_selector("[data-testid=perfect-total]", timeout=60_000)
        # The browser reports the fetch that failed offline; nothing else may go wrong.
        errors = [e for e in watch.errors if "Failed to load resource" not in e
                  and "Failed to fetch" not in e and "strategy" not in e]  # fmt: skip
        assert not errors, watch.errors
        watch.errors.clear()


def test_win_chances_are_kept_for_offline_play(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path
) -> None:
    with visited_once(context, site, tmp_path, seed=15, seeding=seeding) as (page, watch, url, _):
        reveal(page, "new-game").click()
        page.click("[data-testid=add-player]")
        page.click("[data-testid=start-game]")
        page.wait_for_selector("[data-testid=win-chance-1] [aria-hidden]", timeout=60_000)
        page.wait_for_function(  # both tables, fetched quietly, are kept by the worker
            f"async () => {{ const c = await caches.open({SITE_CACHES}[0]);"
            " return !!(await c.match('static/strategy.bin'))"
            " && !!(await c.match('static/spread.bin')); }",
            timeout=30_000,
        )
        context.set_offline(True)
        open_app(page, url)
        # Once, in a clean clone's full run, they never came (never seen alone, 26 runs).
        wait_shown(page, "[data-testid=win-chance-1] [aria-hidden]", 60_000)
        assert page.text_content("[data-testid=win-chance-0] [aria-hidden]") == "50%"
        context.set_offline(False)
        assert not watch.errors, watch.errors
