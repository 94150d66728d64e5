"""The site's Python and runtime, packed: the game's bytecode in its archives (the late
modules apart), the standard library split in a core and the rest, PyScript's modules the page
needs, and the runtime's files copied without their source maps."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
import zlib
from pathlib import Path

from .caches import cached, digest_of
from .env import ROOT, Problem, run

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
