#!/usr/bin/env python3
"""The one entry point of the Kismet project.

    python build.py test [pytest arguments]   set up .venv, then run every test
    python build.py build                     write the static site to dist/
    python build.py serve [--port 8000]       build, then serve dist/ on localhost

Only the standard library is used here, so a fresh machine needs nothing but Python 3.11+
and (for build and serve) Node.js's npm, which fetches the pinned PyScript and Pyodide.
"""

from __future__ import annotations

import argparse
import ast
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
REQUIREMENTS = ROOT / "requirements-dev.txt"
MIN_PYTHON = (3, 11)

try:
    import fcntl
except ImportError:  # Windows: no lock (one process at a time there)
    fcntl = None  # type: ignore[assignment]


# What the page needs from the npm packages, and nothing else (no source maps, no editor or
# terminal plugins): the PyScript core modules and the Pyodide runtime files. Pyodide's
# standard library is not copied whole but split in two (stdlib_archives), and its lock file
# is not copied at all (static/interpreter.mjs passes its header instead).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
)
STDLIB_CORE = ROOT / "tools" / "stdlib-core.txt"
"""The standard-library modules the page imports, one dotted name a line (tools/stdlib.py
measures them in the page; tests/test_stdlib.py fails if the start needs one more)."""
STDLIB_FINDER = ROOT / "static" / "stdlib_rest.py"
STDLIB_CORE_BUDGET = 660_000
"""The most bytes the core archive may take. Compiling Python in the page is most of its
start (docs/figures.md, "Behind the code's choices"), but bytecode zips to about twice the
size of slimmed source: so the core holds bytecode for the modules that save the most
compiling per added byte, and source for the
others, within this budget. 0.66 MB keeps the first visit under 0.75x the bytes of a bare
PyScript page (issue 16: 6.39 MB there, 4.07 MB for everything else the app fetches)."""
MOUNTED_STDLIB = "/lib/python314.zip/"
"""Where Pyodide puts the core archive: the file names compiled into its bytecode."""


class Problem(Exception):
    """A missing prerequisite or failed step, reported in one sentence without a traceback."""


def check_python() -> None:
    if sys.version_info < MIN_PYTHON:
        found = ".".join(map(str, sys.version_info[:3]))
        raise Problem(f"Kismet needs Python 3.11 or newer (this is {found}): install it first.")


def run(command: list[str], **kwargs: object) -> None:
    try:
        subprocess.run(command, check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]
    except FileNotFoundError:
        raise Problem(f"`{command[0]}` was not found: install it first.") from None
    except subprocess.CalledProcessError as error:
        raise Problem(f"`{' '.join(command)}` failed with exit code {error.returncode}.") from None


# ---------------------------------------------------------------------- test


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv if needed and install the pinned development requirements into it."""
    python = venv_python()
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        run([sys.executable, "-m", "venv", str(VENV)])
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != wanted:
        print("Installing the pinned development requirements ...", flush=True)
        # --no-compile: Python compiles what it imports when it first does (byte-compiling
        # every installed file is much of the install's time).
        run([str(python), "-m", "pip", "install", "--quiet", "--no-compile", "-r",
             str(REQUIREMENTS)])  # fmt: skip
        stamp.write_text(wanted)
    return python


SYSTEM_CHROMIUM = ("chromium-headless-shell", "chromium", "chromium-browser")
"""The system's Chromium, by the names Debian and others give its command (the tests take
the headless shell first: tests/conftest.py, ``chromium_for_tests``)."""

FIND_PLAYWRIGHT_CHROMIUM = (
    "from playwright.sync_api import sync_playwright\n"
    "with sync_playwright() as p: print(p.chromium.executable_path)"
)


def has_system_chromium() -> bool:
    return any(shutil.which(name) for name in SYSTEM_CHROMIUM)


def has_chromium(python: Path) -> bool:
    """Whether the browser tests have a Chromium: Playwright's own, or the system's."""
    if has_system_chromium():
        return True
    found = subprocess.run([str(python), "-c", FIND_PLAYWRIGHT_CHROMIUM], cwd=ROOT,
                           capture_output=True, text=True)  # fmt: skip
    return found.returncode == 0 and Path(found.stdout.strip()).exists()


def ensure_chromium(python: Path) -> None:
    """Get Playwright's Chromium when there is none (on a machine with the network); else
    stop at once, before any test runs, saying what to install."""
    if has_chromium(python):
        return
    print("No Chromium for the browser tests: installing Playwright's ...", flush=True)
    subprocess.run([str(python), "-m", "playwright", "install", "chromium"], cwd=ROOT)
    if not has_chromium(python):
        raise Problem(
            "The browser tests need Chromium and it could not be installed: install your "
            "system's `chromium` package (Debian: `apt-get install chromium`), or run "
            "`.venv/bin/python -m playwright install chromium` where the network allows."
        )


TEST_WORKERS = 3
"""Test processes side by side (pytest-xdist), each with its own browser: the browser tests
are CPU-bound, and two leave a 2-core machine's cores idle more than three do
(docs/figures.md, "Behind the code's choices")."""


BUILT = "KISMET_BUILT"
"""Set by ``test`` for pytest, which then serves dist/ as it is instead of building it."""


def test(pytest_args: list[str]) -> int:
    env = dict(os.environ)
    if "not browser" not in " ".join(pytest_args):
        # Without a system Chromium, Playwright (in .venv) is asked for its own first, so
        # that a missing browser stops the command at once.
        if not has_system_chromium():
            ensure_chromium(ensure_venv())
        build()  # .venv's install beside the rest (``build``)
        env[BUILT] = "1"
    python = ensure_venv()
    chosen = any(a.startswith(("-n", "--numprocesses")) or a == "no:xdist" for a in pytest_args)
    workers = [] if chosen else ["-n", str(TEST_WORKERS)]
    command = [str(python), "-m", "pytest", *workers, *pytest_args]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


# --------------------------------------------------------------------- build


def ensure_node_modules() -> Path:
    """Install the npm packages pinned in package-lock.json, unless already installed."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".kismet-lock.sha256"
    wanted = hashlib.sha256(lock.read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != wanted:
        if shutil.which("npm") is None:
            raise Problem(
                "npm was not found: install Node.js 20 or newer (it brings npm), "
                "which fetches the pinned PyScript and Pyodide."
            )
        print("Installing PyScript and Pyodide with npm ci ...", flush=True)
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"])
        stamp.write_text(wanted)
    return NODE_MODULES


def cached(kind: str, digest: hashlib._Hash, make: Callable[[Path], None],
           suffix: str = "") -> Path:  # fmt: skip
    """A file or folder made by ``make`` (into the path it is given), kept in .build-cache/
    as ``kind``-<digest><suffix>, the digest being of everything it is made from: made again
    only when that changes, and other versions of it (or a cut-short run's) are removed."""
    name = f"{kind}-{digest.hexdigest()[:16]}"
    target = BUILD_CACHE / f"{name}{suffix}"
    if target.exists():
        return target
    BUILD_CACHE.mkdir(exist_ok=True)
    # One process at a time (pytest's workers each ask for the tables when no build ran
    # first, as with -m "not browser"): the others wait, then find it made.
    with open(BUILD_CACHE / f".{kind}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            for old in BUILD_CACHE.glob(f"{kind}-*"):
                if old.is_dir():
                    shutil.rmtree(old)
                else:
                    old.unlink()
            partial = BUILD_CACHE / f"{name}.partial"
            make(partial)
            partial.replace(target)
    return target


def bytecode(kind: str, modules: Path, root: Path, names: list[str],
             options: tuple[str, ...] = ()) -> dict[str, bytes]:  # fmt: skip
    """The bytecode of ``names`` (.py files under ``root``) for the pinned Pyodide's Python
    (``tools/pyc.mjs`` runs that Python in Node, with ``options``): ``x/y.py`` -> the bytes
    of ``x/y.pyc``. Kept in .build-cache/ under ``kind`` until a source, an option, the
    compiler or the runtime changes."""
    compiler = ROOT / "tools" / "pyc.mjs"
    start = compiler.read_bytes() + (modules / "pyodide" / "pyodide-lock.json").read_bytes()
    digest = digest_of(root, names, start + "\0".join(options).encode())

    def compile_all(out: Path) -> None:
        run(["node", str(compiler), *options, str(modules / "pyodide"), str(root), str(out),
             *names], stdout=subprocess.DEVNULL)  # fmt: skip

    folder = cached(kind, digest, compile_all)
    return {name: (folder / name).with_suffix(".pyc").read_bytes() for name in names}


def core_files(modules: Path) -> dict[str, bytes]:
    """The core archive's files: each slimmed module (slim_core) as bytecode or as source,
    the bytecode going to the modules that save the most compiling (about proportional to
    their source's size) per byte it adds, while the archive stays within
    STDLIB_CORE_BUDGET."""
    slimmed = slim_core(modules)
    sources = {p.relative_to(slimmed).as_posix(): p.read_bytes() for p in slimmed.rglob("*.py")}
    options = ("--optimize=0", f"--prefix={MOUNTED_STDLIB}")
    compiled = bytecode("stdlibpyc", modules, slimmed, sorted(sources), options)
    deflated = {name: len(zlib.compress(data, 9)) for name, data in sources.items()}
    size = sum(deflated.values())
    added = {name: len(zlib.compress(compiled[name], 9)) - deflated[name] for name in sources}
    by_gain = sorted(sources, key=lambda n: len(sources[n]) / max(1, added[n]), reverse=True)
    files = dict(sources)
    for name in by_gain:
        if size + added[name] <= STDLIB_CORE_BUDGET - 40_000:  # (the finder, the zip's index)
            size += added[name]
            del files[name]
            files[name.removesuffix(".py") + ".pyc"] = compiled[name]
    return files


def slim_core(modules: Path) -> Path:
    """A folder of the core standard library's sources without comments and docstrings
    (tools/slim_stdlib.py, run in the pinned Pyodide's Python), laid out as in the zip."""
    tools = ROOT / "tools"
    sources = (tools / "inpyodide.mjs", tools / "slim_stdlib.py", STDLIB_CORE,
               modules / "pyodide" / "python_stdlib.zip")  # fmt: skip
    digest = digest_of(ROOT, [os.path.relpath(path, ROOT) for path in sources])

    def slim_all(out: Path) -> None:
        run(["node", str(tools / "inpyodide.mjs"), str(modules / "pyodide"),
             str(tools / "slim_stdlib.py"), str(modules / "pyodide" / "python_stdlib.zip"),
             str(STDLIB_CORE), str(out)], stdout=subprocess.DEVNULL)  # fmt: skip

    return cached("stdlib", digest, slim_all)


def write_zip(target: Path, files: dict[str, bytes]) -> None:
    """A zip of ``files`` (name -> bytes), deflated, identical from build to build, with an
    entry for each folder (as Pyodide's own archive has)."""
    folders = {name[: i + 1] for name in files for i, c in enumerate(name) if c == "/"}
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted({*files, *folders}):
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))  # a fixed date
            info.compress_type = zipfile.ZIP_STORED if name in folders else zipfile.ZIP_DEFLATED
            archive.writestr(info, files.get(name, b""))


LATE_MODULES = (
    "kismet/advice/chances.py",
    "kismet/advice/spread.py",
    "kismet/advice/review.py",
    "kismet/advice/winning.py",
    "kismet/html/course.py",
)
"""Modules the page imports only once the strategy table is there (the win chances, the
Win computer's and the hint's weighing, the review's pricing and chart): they ship in
LATE_ARCHIVE (kismet/page/shared.py), which kismet/page/timers.py fetches with the table,
not in GAME_ARCHIVE, which every visit loads before the page is ready."""


def package_zip(target: Path, modules: Path) -> list[str]:
    """Write the kismet package and the glue of static/glue/ (as the package ``glue``) as
    one zip of their bytecode for the worker's Python, which imports them from it, but for
    LATE_MODULES, written beside it as LATE_ARCHIVE; returns the files of both."""
    from kismet.page.shared import LATE_ARCHIVE

    trees = [*(ROOT / "kismet").rglob("*.py"), *(ROOT / "static" / "glue").glob("*.py")]
    names = sorted(p.relative_to(ROOT).as_posix() for p in trees)
    compiled = bytecode("pyc", modules, ROOT, names)
    files = {
        name.removeprefix("static/").removesuffix(".py") + ".pyc": data
        for name, data in compiled.items()
    }
    late = {name.removesuffix(".py") + ".pyc" for name in LATE_MODULES}
    write_zip(target, {name: data for name, data in files.items() if name not in late})
    write_zip(target.with_name(LATE_ARCHIVE), {name: files[name] for name in sorted(late)})
    return sorted(files)


def stdlib_module(path: str) -> str | None:
    """The module a file of a standard-library archive holds (``x/__init__.py`` -> ``x``,
    ``x/y.pyc`` -> ``x.y``), or None for a file that is not a module."""
    source = path.removesuffix("c") if path.endswith(".pyc") else path
    if not source.endswith(".py") or "-" in source.rsplit("/", 1)[-1]:
        return None
    return source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def stdlib_archives(modules: Path, site: Path) -> None:
    """Split Pyodide's standard library into ``site``'s pyodide/stdlib-core.zip, the
    modules in tools/stdlib-core.txt (slimmed: slim_core) plus static/stdlib_rest.py, and
    pyodide/stdlib-rest.zip, everything else (as it is)."""
    with zipfile.ZipFile(modules / "pyodide" / "python_stdlib.zip") as archive:
        files = {info.filename: archive.read(info) for info in archive.infolist()
                 if not info.is_dir()}  # fmt: skip
    paths = {module: name for name in files if (module := stdlib_module(name))}
    wanted = STDLIB_CORE.read_text(encoding="utf-8").split()
    missing = sorted(set(wanted) - set(paths))
    if missing:
        raise Problem(f"{STDLIB_CORE.relative_to(ROOT)} names modules that Pyodide's standard "
                      f"library lacks: {', '.join(missing)}")  # fmt: skip
    core = core_files(modules)
    shipped = {name.removesuffix("c") for name in core}  # x.pyc stands for x.py
    rest = {name: data for name, data in files.items() if name not in shipped}
    rest_modules = sorted(name for name, path in paths.items() if path in rest)
    finder = STDLIB_FINDER.read_text(encoding="utf-8")
    blank = "REST_MODULES: frozenset[str] = frozenset()\n"
    if blank not in finder:
        raise Problem(f"{STDLIB_FINDER.relative_to(ROOT)} lost its line {blank.strip()!r}")
    listed = "REST_MODULES: frozenset[str] = frozenset(%r)\n" % rest_modules  # noqa: UP031
    core[STDLIB_FINDER.name] = finder.replace(blank, listed).encode()
    write_zip(site / "pyodide" / "stdlib-core.zip", core)
    from kismet.page.shared import REST_ARCHIVE

    write_zip(site / REST_ARCHIVE, rest)


# PyScript modules loaded on demand that this page does use: the plugin that shows Python
# errors on the page (the worker's configuration comes as JSON, in static/client.mjs).
PYSCRIPT_ON_DEMAND = ("error-",)


def pyscript_modules(core: Path) -> list[str]:
    """core.js and every PyScript module it needs, and nothing the page never loads (the
    editor, terminal, game and other plugins, source maps)."""
    wanted: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        code = (core / name).read_text(encoding="utf-8")
        todo += re.findall(r'(?:from|import)\s*"\./([\w.-]+\.js)"', code)
        todo += [
            module
            for module in re.findall(r'import\("\./([\w.-]+\.js)"\)', code)
            if module.startswith(PYSCRIPT_ON_DEMAND)
        ]
    return sorted(wanted)


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


BUILD_CACHE = ROOT / ".build-cache"


def digest_of(root: Path, names: Iterable[str], start: bytes = b"") -> hashlib._Hash:
    """The one hash of build inputs: ``start``, then each file's name and bytes (``names``
    relative to ``root``, in the order given)."""
    digest = hashlib.sha256(start)
    for name in names:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return digest


def module_files(name: str) -> list[Path]:
    """The files importing the dotted ``name`` runs: each package's ``__init__.py`` on the
    way, and the module itself (nothing for a name that is not a module of the project)."""
    files, parts = [], name.split(".")
    for depth in range(1, len(parts) + 1):
        base = ROOT.joinpath(*parts[:depth])
        for candidate in (base / "__init__.py", base.with_suffix(".py")):
            if candidate.is_file():
                files.append(candidate)
    return files


def imported_names(path: Path) -> list[str]:
    """Every dotted name a file of the project imports, anywhere in it (inside functions and
    under ``TYPE_CHECKING`` too), relative imports made absolute; ``from a import b`` gives
    both ``a`` and ``a.b``."""
    package = path.relative_to(ROOT).parent.parts
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package this file is in
                up = package[: len(package) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return names


def import_closure(*scripts: str) -> tuple[str, ...]:
    """The project's files these scripts run: each script, and every module of ``kismet``
    they import, directly or through others (``imported_names``, so the closure can only be
    too wide, never too narrow). Build steps are cached under the hash of their closure, so
    no hand-kept list can go stale."""
    seen: set[Path] = set()
    todo = [ROOT / script for script in scripts]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in imported_names(path):
            if name.split(".")[0] == "kismet":
                todo += module_files(name)
    return tuple(sorted(p.relative_to(ROOT).as_posix() for p in seen))


TABLE_SCRIPTS = ("tools/spread.py", "tools/solve.py")
"""What the strategy and spread tables are solved by (``tools/spread.py``, with
``tools/solve.py``'s parts): solved again when a file they import changes
(``import_closure``, which follows the game's modules, hence both named)."""


def page_strategy_path() -> str:
    sys.path.insert(0, str(ROOT))
    from kismet.advice.strategy import TABLE_PATH

    return TABLE_PATH


def cached_output(kind: str, suffix: str, sources: tuple[str, ...], say: str,
                  make: Callable[[Path], None]) -> Path:  # fmt: skip
    """A file made by ``make`` (into the path it is given), kept in .build-cache/ under a
    name from the hash of ``sources``: made again (saying ``say``) only when one of them
    changes."""
    digest = digest_of(ROOT, sources)

    def announced(out: Path) -> None:
        print(say, flush=True)
        make(out)

    return cached(kind, digest, announced, suffix)


KEEP_FREED_MEMORY = {"MALLOC_MMAP_THRESHOLD_": "2000000000", "MALLOC_TRIM_THRESHOLD_": "4000000000"}
"""For the solve (glibc's malloc; ignored elsewhere): numpy's large temporary arrays are
taken from and given back to the process's own heap instead of the kernel, which would
spend much of the solve faulting their pages in again."""


def solved_tables() -> Path:
    """The folder in .build-cache/ holding the strategy table (``strategy.bin``) and the
    spread table (``spread.bin``), solved only when none for the current code is cached:
    both by one backward induction (``tools/spread.py``), whose means are the strategy
    table (no separate solve of it, ``tools/solve.py`` alone)."""

    def solve(out: Path) -> None:
        python = ensure_venv()
        out.mkdir(parents=True)
        tables = ["--out", str(out / "spread.bin"), "--strategy-out", str(out / "strategy.bin")]
        run([str(python), str(ROOT / "tools" / "spread.py"), "--quiet", *tables],
            env={**os.environ, **KEEP_FREED_MEMORY})  # fmt: skip

    say = "Solving the optimal strategy and its spread (half a minute, once per rules change) ..."
    return cached_output("tables", "", import_closure(*TABLE_SCRIPTS), say, solve)


def copy_table(name: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(solved_tables() / name, target)


def strategy_table(target: Path) -> None:
    """The optimal-strategy table, at ``target``."""
    copy_table("strategy.bin", target)


def page_spread_path() -> str:
    sys.path.insert(0, str(ROOT))
    from kismet.advice.spread import SPREAD_PATH

    return SPREAD_PATH


def spread_table(target: Path) -> None:
    """The spread table (for the win chances), at ``target``."""
    copy_table("spread.bin", target)


PERFECT_SCRIPTS = (*TABLE_SCRIPTS, "tools/perfect.py")
"""What perfect play's figures are made by (the table, then the games played with it)."""


def perfect_figures(table: Path, target: Path | None) -> None:
    """Write perfect play's figures for the statistics (``tools/perfect.py``), played
    with the strategy table at ``table``, to ``target`` (None: only into the cache, in
    .build-cache/ like the table)."""

    def play(out: Path) -> None:
        run([str(ensure_venv()), str(ROOT / "tools" / "perfect.py"), "--table", str(table),
             "--out", str(out)])  # fmt: skip

    cached = cached_output("perfect", ".json", import_closure(*PERFECT_SCRIPTS),
                           "Measuring perfect play for the statistics (once per rules "
                           "change) ...", play)  # fmt: skip
    if target is not None:
        shutil.copy2(cached, target)


SHARING = ("storing.mjs", "interpreter.mjs", "database.mjs", "paint.js", "service-worker.js")
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
    files = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and not p.name.startswith(".") and p.name != "sw.js"
    )
    cache = f"kismet-{digest_of(site, files).hexdigest()[:16]}"
    # The strategy and spread tables are fetched only when a feature needs them, then kept
    # like the rest.
    lazy = {page_strategy_path(), page_spread_path()}
    urls = ["./", *(f"./{name}" for name in files if name not in lazy)]
    template = script_template("service-worker.js")
    code = template.replace("__CACHE_NAME__", cache).replace("__FILES__", json.dumps(urls))
    (site / "sw.js").write_text(code, encoding="utf-8")
    return cache


SOURCE_MAP = re.compile(rb"^//# sourceMappingURL=\S+[ \t]*$\n?", re.MULTILINE)


def copy_runtime(source: Path, target: Path) -> None:
    """Copy a file of the runtime (PyScript, Pyodide). Their scripts name source maps that
    the site does not ship (they would double what a visitor may fetch, for debugging
    only), so the reference goes: a browser's developer tools would otherwise fetch it and
    get a 404, which audits report as an error."""
    if source.suffix in {".js", ".mjs"}:
        target.write_bytes(SOURCE_MAP.sub(b"", source.read_bytes()))
        shutil.copystat(source, target)
    else:
        shutil.copy2(source, target)


def prepare_tables() -> None:
    """Solve the tables and play perfect play's games into .build-cache/ (if not there):
    with ``ensure_venv``'s install, for which they wait, most of a first build."""
    perfect_figures(solved_tables() / "strategy.bin", None)


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
    sys.path.insert(0, str(ROOT))
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
        index = page.render_index(template, lang)
        (DIST / name).write_text(index, encoding="utf-8")
    (DIST / "manifest.webmanifest").write_text(manifest(), encoding="utf-8")
    BUILD_CACHE.mkdir(exist_ok=True)
    package_zip(DIST / GAME_ARCHIVE, modules)
    shutil.copytree(ROOT / "static", DIST / "static", ignore=shutil.ignore_patterns(
        "service-worker.js", "*.py", "__pycache__", "glue"))  # fmt: skip
    shutil.copy2(ROOT / "static" / "main.py", DIST / "static" / "main.py")  # PyScript runs it
    (DIST / "pyscript").mkdir()
    for name in needed:
        copy_runtime(core / name, DIST / "pyscript" / name)
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        copy_runtime(modules / "pyodide" / name, DIST / "pyodide" / name)
    stdlib_archives(modules, DIST)
    write_interpreter(DIST, modules / "pyodide" / "pyodide-lock.json")
    write_client(DIST)
    for name in ("database.mjs", "paint.js", "storing.mjs"):
        (DIST / "static" / name).write_text(script_template(name), encoding="utf-8")
    return DIST


# --------------------------------------------------------------------- serve


COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".zip", ".css", ".html", ".py", ".toml",
                ".svg", ".webmanifest"}  # fmt: skip


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime: float) -> bytes:
    """A file's gzip-compressed bytes, computed once per version of the file."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ under a prefix (``/`` or a sub-path like ``/kismet/``), with the MIME
    types the runtime needs and gzip for the large files, as a static host would."""

    prefix = "/"
    extensions_map = {  # noqa: RUF012 - the base class declares it a plain dict
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".toml": "application/toml",
        ".webmanifest": "application/manifest+json",
        ".zip": "application/zip",
        ".py": "text/x-python",
    }

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0-outside-the-site")
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path.split("?", 1)[0])
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepts = self.headers.get("Accept-Encoding", "")
        if (
            os.path.isfile(path)
            and "gzip" in accepts
            and Path(path).suffix in COMPRESSIBLE
            and self.path.split("?", 1)[0].endswith(("/", Path(path).name))
        ):
            # A validator, as static hosts send: a request to revalidate a cached copy (the
            # page's own request for a file the start worker fetched) is answered 304.
            stat = os.stat(path)
            tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gzip"'
            modified = self.date_time_string(int(stat.st_mtime))
            if tag == self.headers.get("If-None-Match") or (
                not self.headers.get("If-None-Match")
                and self.headers.get("If-Modified-Since") == modified
            ):
                self.send_response(304)
                self.send_header("ETag", tag)
                self.end_headers()
                return None
            data = gzipped(path, os.path.getmtime(path))
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", modified)
            self.end_headers()
            return io.BytesIO(data)
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("KISMET_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """A threaded server that takes a browser closing a connection early in its stride."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    directory: Path, port: int, host: str = "127.0.0.1", prefix: str = "/"
) -> http.server.HTTPServer:
    """A threaded HTTP server for ``directory`` at ``http://host:port{prefix}``."""
    handler = type("SiteHandler", (Handler,), {"prefix": prefix})
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def serve(port: int) -> None:
    site = build()
    try:
        server = make_server(site, port)
    except OSError as error:
        raise Problem(f"Port {port} cannot be used ({error.strerror}): try --port 8001.") from None
    print(f"Kismet is at http://localhost:{port}/  (Ctrl+C stops the server)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()


# ---------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("test", help="run every test (creates .venv on first use)")
    commands.add_parser("build", help="write the static site to dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on localhost")
    serve_parser.add_argument("--port", type=int, default=8000)
    args, rest = parser.parse_known_args(argv)
    try:
        check_python()
        if args.command == "test":
            return test(rest)
        if rest:
            parser.error(f"unrecognised arguments: {' '.join(rest)}")
        if args.command == "build":
            build()
        else:
            serve(args.port)
    except Problem as problem:
        print(f"build.py: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
