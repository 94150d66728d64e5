"""dist/, written whole: the pages per language, the manifest, the scripts with what the
build writes into them (the names shared with the Python, PyScript's configuration, the
snapshot's key, the service worker's files), the archives and the tables."""

from __future__ import annotations

import json
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .bundle import (
    PYODIDE_FILES,
    PYSCRIPT_ON_DEMAND,
    copy_runtime,
    package_zip,
    pyscript_modules,
    stdlib_archives,
)
from .caches import (
    BUILD_CACHE,
    digest_of,
    page_spread_path,
    page_strategy_path,
    perfect_figures,
    prepare_tables,
    spread_table,
    strategy_table,
)
from .env import DIST, ROOT, Problem, check_python, ensure_node_modules
from .policy import with_policy


def manifest() -> str:
    """The web app manifest: every URL relative, so it works under any sub-path."""
    icons = [{"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    icons += [
        {"src": f"static/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png",
         "purpose": "any"}
        for n in ICON_SIZES
    ]  # fmt: skip
    data = {
        "name": "Kismet",
        "short_name": "Kismet",
        "description": "The 1964 dice game Kismet, playable offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f3efe4",
        "theme_color": "#1f5f3f",
        "icons": icons,
    }
    return json.dumps(data, indent=2) + "\n"


ICON_SIZES = (192, 512)
"""The committed PNG icons (static/icon-192.png and static/icon-512.png, drawn from
static/icon.svg by tools/icons.py)."""


SHARING = (
    "before-ready.js",
    "events.mjs",
    "storing.mjs",
    "interpreter.mjs",
    "database.mjs",
    "paint.js",
    "service-worker.js",
)
"""The scripts of static/ that read names shared with the Python (``const SHARED``)."""


def script_template(name: str) -> str:
    """A script of static/ with the names it shares with the Python written in
    (kismet/page/shared.py, in place of ``__SHARED__``)."""
    from kismet.page.shared import shared

    code = (ROOT / "static" / name).read_text(encoding="utf-8")
    if (name in SHARING) != ("const SHARED = __SHARED__;" in code):
        raise Problem(f"static/{name} reads SHARED only if SHARING names it")
    return code.replace("__SHARED__", json.dumps(shared(), sort_keys=True))


def write_interpreter(site: Path, lock: Path) -> str:
    """Write static/interpreter.mjs with the key of the Pyodide memory snapshot: a hash of
    the Pyodide files, the standard library's archives, this module and the game's archive
    (kismet.zip, whose modules it imports into the snapshot), so a snapshot is only ever
    restored into the very runtime, core library and game that made it. The lock file's
    header goes in too (Python needs no more of the lock)."""
    from kismet.page.shared import GAME_ARCHIVE

    template = script_template("interpreter.mjs")
    info = json.dumps(json.loads(lock.read_text(encoding="utf-8"))["info"], sort_keys=True)
    template = template.replace("__LOCK_INFO__", info)
    # The files a start downloads, and their sizes: the page shows how far they are.
    started = ("pyodide/pyodide.asm.wasm", "pyodide/stdlib-core.zip", GAME_ARCHIVE)
    sizes = {name: (site / name).stat().st_size for name in started}
    template = template.replace("__START_SIZES__", json.dumps(sizes, sort_keys=True))
    runtime = site / "pyodide"
    game = (site / GAME_ARCHIVE).read_bytes()
    names = sorted(p.name for p in runtime.iterdir())
    key = digest_of(runtime, names, template.encode() + game).hexdigest()[:16]
    (site / "static" / "interpreter.mjs").write_text(
        template.replace("__SNAPSHOT_KEY__", key), encoding="utf-8"
    )
    return key


def write_client(site: Path) -> None:
    """Write static/client.mjs with PyScript's configuration of the game's worker, read
    from pyscript.toml (in the page itself: no fetch, no TOML parser in the worker)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    code = script_template("client.mjs")
    if "__PYSCRIPT_CONFIG__" not in code:
        raise Problem("static/client.mjs lost its __PYSCRIPT_CONFIG__")
    code = code.replace("__PYSCRIPT_CONFIG__", json.dumps(config, sort_keys=True))
    (site / "static" / "client.mjs").write_text(code, encoding="utf-8")


def write_service_worker(site: Path) -> str:
    """Write sw.js precaching every file of the site under a cache named by their hash."""
    from kismet.page.shared import SITE_CACHE

    files = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and not p.name.startswith(".") and p.name != "sw.js"
    )
    cache = f"{SITE_CACHE}{digest_of(site, files).hexdigest()[:16]}"
    # The strategy and spread tables are fetched only when a feature needs them, then kept
    # like the rest.
    lazy = {page_strategy_path(), page_spread_path()}
    urls = ["./", *(f"./{name}" for name in files if name not in lazy)]
    template = script_template("service-worker.js")
    code = template.replace("__CACHE_NAME__", cache).replace("__FILES__", json.dumps(urls))
    (site / "sw.js").write_text(code, encoding="utf-8")
    return cache


def build() -> Path:
    """Write dist/: a self-contained static site (works from any sub-path)."""
    check_python()
    modules = ensure_node_modules()
    # The tables (the virtual environment's install, then a solve on every core) start at
    # once, beside the rest of the build (Node compiling Python, on one core), which they
    # need nothing of.
    with ThreadPoolExecutor(max_workers=1) as background:
        tables = background.submit(prepare_tables)
        site = write_site(modules)
        tables.result()  # its Problem, if it had one
    # The tables' solve and perfect play's games, now cached.
    strategy_table(site / page_strategy_path())
    spread_table(site / page_spread_path())
    perfect_figures(site / page_strategy_path(), site / "static" / "perfect.json")
    cache = write_service_worker(site)
    print(f"Built {site.relative_to(ROOT)}/ (cache {cache})", flush=True)
    return site


def write_site(modules: Path) -> Path:
    """dist/ but for the tables, perfect play's figures and the service worker."""
    from kismet.html import page
    from kismet.page.shared import GAME_ARCHIVE

    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    (DIST / ".nojekyll").write_text("")
    core = modules / "@pyscript" / "core" / "dist"
    needed = pyscript_modules(core)
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    # PyScript's modules are fetched while the page is parsed (its client imports them once
    # it is), and the game's worker script with them.
    core_preload = '<link rel="modulepreload" href="./pyscript/core.js">'
    if core_preload not in template:
        raise Problem(f"index.html lost its {core_preload}")
    eager = [n for n in needed if not n.startswith(PYSCRIPT_ON_DEMAND)]
    preloads = "\n  ".join(f'<link rel="modulepreload" href="./pyscript/{n}">' for n in eager)
    preloads += '\n  <link rel="preload" href="./static/main.py" as="fetch" crossorigin>'
    template = template.replace(core_preload, preloads)
    for lang, name in page.PAGES.items():  # one page per interface language
        index = with_policy(page.render_index(template, lang))
        (DIST / name).write_text(index, encoding="utf-8")
    (DIST / "manifest.webmanifest").write_text(manifest(), encoding="utf-8")
    BUILD_CACHE.mkdir(exist_ok=True)
    package_zip(DIST / GAME_ARCHIVE, modules)
    shutil.copytree(ROOT / "static", DIST / "static", ignore=shutil.ignore_patterns(
        "service-worker.js", "*.py", "__pycache__", "glue"))  # fmt: skip
    shutil.copy2(ROOT / "static" / "main.py", DIST / "static" / "main.py")  # PyScript runs it
    css = (ROOT / "static" / "kismet.css").read_text(encoding="utf-8")
    built = "/* From here on written by build.py: kismet.html.page.built_css */\n"
    (DIST / "static" / "kismet.css").write_text(css + built + page.built_css(), encoding="utf-8")
    (DIST / "pyscript").mkdir()
    for name in needed:
        copy_runtime(core / name, DIST / "pyscript" / name)
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        copy_runtime(modules / "pyodide" / name, DIST / "pyodide" / name)
    stdlib_archives(modules, DIST)
    write_interpreter(DIST, modules / "pyodide" / "pyodide-lock.json")
    write_client(DIST)
    for name in ("before-ready.js", "database.mjs", "events.mjs", "paint.js", "storing.mjs"):
        (DIST / "static" / name).write_text(script_template(name), encoding="utf-8")
    return DIST
