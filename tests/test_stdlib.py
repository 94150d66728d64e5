"""The split standard library: the core the page starts with, the rest it fetches later.

build.py ships Pyodide's standard library as pyodide/stdlib-core.zip (the modules listed in
tools/stdlib-core.txt, slimmed by tools/slim_stdlib.py) and pyodide/stdlib-rest.zip
(everything else); static/stdlib_rest.py serves the rest's modules, fetching the archive at
once when one is imported before it arrived.
"""

from __future__ import annotations

import ast
import json
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Seeding, Site, holding, open_app
from tests.test_offline import precached, serve_copy
from tools.builder.bundle import MOUNTED_STDLIB, STDLIB_CORE, STDLIB_CORE_BUDGET, stdlib_module
from tools.builder.env import NODE_MODULES
from tools.builder.site import write_interpreter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "static"))

import slim_stdlib  # noqa: E402
import stdlib_rest  # noqa: E402

WHOLE = NODE_MODULES / "pyodide" / "python_stdlib.zip"


def modules_in(archive: zipfile.ZipFile) -> set[str]:
    """The modules an archive holds, as source (x.py) or bytecode (x.pyc)."""
    return {module for name in archive.namelist() if (module := stdlib_module(name))}


# ------------------------------------------------------------------- the build


def test_core_and_rest_together_are_the_whole_library(site: Site) -> None:
    core = zipfile.ZipFile(site.root / "pyodide" / "stdlib-core.zip")
    rest = zipfile.ZipFile(site.root / "pyodide" / "stdlib-rest.zip")
    whole = zipfile.ZipFile(WHOLE)
    # (x.pyc in the core stands for x.py)
    files = lambda z: {n.removesuffix("c") for n in z.namelist() if not n.endswith("/")}  # noqa: E731
    assert files(core) & files(rest) == set()
    assert (files(core) | files(rest)) - {"stdlib_rest.py"} == files(whole)
    listed = set(STDLIB_CORE.read_text().split())
    assert modules_in(core) == listed | {"stdlib_rest"}
    # The rest is Pyodide's own bytes; the finder knows exactly the rest's modules.
    for name in sorted(files(rest))[::25]:
        assert rest.read(name) == whole.read(name), name
    finder = core.read("stdlib_rest.py").decode()
    found = re.search(r"^REST_MODULES: frozenset\[str\] = frozenset\((\[.*\])\)$", finder, re.M)
    assert found, "build.py did not write the rest's modules into the finder"
    assert set(ast.literal_eval(found.group(1))) == modules_in(rest)
    assert {"colorsys", "fractions", "encodings.cp1252", "json.tool"} <= modules_in(rest)


def test_the_core_is_slim_source_or_bytecode_within_its_budget(site: Site) -> None:
    path = site.root / "pyodide" / "stdlib-core.zip"
    core = zipfile.ZipFile(path)
    whole = zipfile.ZipFile(WHOLE)
    names = core.namelist()
    sources = [n for n in names if n.endswith(".py") and n != "stdlib_rest.py"]
    compiled = [n for n in names if n.endswith(".pyc")]
    assert sources and compiled
    for name in sources:
        slim, original = core.read(name).decode(), whole.read(name).decode()
        assert slim.count("\n") == original.count("\n"), name
        for new, old in zip(slim.splitlines(), original.splitlines(), strict=True):
            # Each line is the original, or what is left of it without comment or docstring.
            assert new in ("", "...") or old.startswith(new) or new.strip() == "...", (name, new)
    # The bytecode is the page's Python's (the same magic number as the package's), compiled
    # with the file names Pyodide mounts the core at.
    package = zipfile.ZipFile(site.root / "kismet.zip")
    magic = package.read("kismet/rules/game.pyc")[:4]
    for name in compiled:
        data = core.read(name)
        assert data[:4] == magic, name
        assert f"{MOUNTED_STDLIB}{name[:-1]}".encode() in data, name
    assert path.stat().st_size <= STDLIB_CORE_BUDGET
    assert "typing.pyc" in names  # the largest module the start compiles


def test_the_shipped_files_and_python_module_name_the_split(site: Site) -> None:
    pyodide = {p.name for p in (site.root / "pyodide").iterdir()}
    assert "python_stdlib.zip" not in pyodide and "pyodide-lock.json" not in pyodide
    assert {"stdlib-core.zip", "stdlib-rest.zip"} <= pyodide
    index = (site.root / "index.html").read_text()
    # Fetched by the game's worker (static/interpreter.mjs): none is preloaded by the page.
    assert not re.findall(r'href="\./pyodide/([^"]+)"', index)
    assert "stdlib-rest.zip" not in index  # not on the way to ready
    python = (site.root / "static" / "interpreter.mjs").read_text()
    assert '"abi_version"' in python and "__LOCK_INFO__" not in python
    assert "__SNAPSHOT_KEY__" not in python


def test_the_snapshot_key_changes_with_the_core_and_the_game(site: Site, tmp_path: Path) -> None:
    # The snapshot holds the core's import caches and the game's modules, imported.
    copy = tmp_path / "site"
    (copy / "static").mkdir(parents=True)
    (copy / "pyodide").mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "stdlib-core.zip", "stdlib-rest.zip"):
        (copy / "pyodide" / name).write_bytes((site.root / "pyodide" / name).read_bytes())
    (copy / "kismet.zip").write_bytes((site.root / "kismet.zip").read_bytes())
    lock = NODE_MODULES / "pyodide" / "pyodide-lock.json"
    keys = [write_interpreter(copy, lock)]
    assert keys[0] == write_interpreter(copy, lock)
    for changed in (copy / "pyodide" / "stdlib-core.zip", copy / "kismet.zip"):
        changed.write_bytes(changed.read_bytes() + b"\0")
        keys.append(write_interpreter(copy, lock))
    assert len(set(keys)) == 3, keys


# ---------------------------------------------------------- slimming, in CPython

SAMPLE = '''#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Module docstring,
on two lines."""
import sys  # a comment
X = "# not a comment"


class A:
    """Class docstring."""

    def f(self):
        """Only a docstring."""

    def g(self):
        """Docstring
        over lines."""
        return X  # end
'''


def test_slimming_drops_comments_and_docstrings_and_keeps_lines() -> None:
    slim = slim_stdlib.slim(SAMPLE)
    assert slim.count("\n") == SAMPLE.count("\n")
    assert "# a comment" not in slim and "# end" not in slim and "#!/usr" not in slim
    assert "# -*- coding: utf-8 -*-" in slim  # an encoding declaration stays
    assert '"# not a comment"' in slim  # a string is not a comment
    assert "docstring" not in slim.lower()
    namespace: dict[str, Any] = {}
    exec(compile(slim, "sample", "exec"), namespace)
    assert namespace.get("__doc__") is None and namespace["A"].__doc__ is None
    assert namespace["A"]().f() is None and namespace["A"]().g() == "# not a comment"
    # Lines of code stay where they were.
    for new, old in zip(slim.splitlines(), SAMPLE.splitlines(), strict=True):
        if "return" in old or "import" in old or "class" in old:
            assert old.startswith(new.rstrip())
    kept = slim_stdlib.slim(SAMPLE, keep_docstrings=True)
    assert '"""Class docstring."""' in kept and "# a comment" not in kept


# ---------------------------------------------------------- the finder, in CPython


@pytest.fixture
def rest_archive(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A tiny 'rest' archive with a top-level module and a package's module whose package
    lives elsewhere (as encodings' codecs do)."""
    source = tmp_path / "rest-source.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("kismetrest_solo.py", "VALUE = 'solo'\n")
        archive.writestr("kismetrest_pkg/extra.py", "VALUE = 'extra'\n")
    package = tmp_path / "core" / "kismetrest_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("VALUE = 'core'\n")
    sys.path.insert(0, str(tmp_path / "core"))
    yield source, tmp_path / "mounted-rest.zip"
    sys.path.remove(str(tmp_path / "core"))
    for name in [n for n in sys.modules if n.startswith("kismetrest_")]:
        del sys.modules[name]
    sys.path_importer_cache.clear()


def test_the_finder_fetches_the_rest_once_when_a_module_is_wanted_early(
    rest_archive: tuple[Path, Path],
) -> None:
    source, mounted = rest_archive
    fetched: list[str] = []

    def fetch(name: str) -> None:
        fetched.append(name)
        mounted.write_bytes(source.read_bytes())

    names = frozenset({"kismetrest_solo", "kismetrest_pkg.extra"})
    told: list[str] = []
    finder = stdlib_rest.RestOfStdlib(fetch, names, str(mounted), told.append)
    sys.meta_path.append(finder)
    try:
        # A module the rest does not have costs nothing (no fetch).
        with pytest.raises(ImportError):
            __import__("kismetrest_nowhere")
        assert fetched == []
        import kismetrest_pkg.extra  # type: ignore[import-not-found]

        assert kismetrest_pkg.extra.VALUE == "extra"
        assert fetched == ["kismetrest_pkg.extra"]
        import kismetrest_solo  # type: ignore[import-not-found]

        assert kismetrest_solo.VALUE == "solo" and fetched == ["kismetrest_pkg.extra"]
        assert told == ["kismetrest_pkg.extra", "kismetrest_solo"] == finder.served
        assert str(mounted) not in sys.path  # the finder is the one way in
    finally:
        sys.meta_path.remove(finder)


def test_a_rest_that_cannot_be_fetched_is_a_clear_import_error(
    rest_archive: tuple[Path, Path],
) -> None:
    _, mounted = rest_archive

    def offline(name: str) -> None:
        raise OSError("the network is down")

    finder = stdlib_rest.RestOfStdlib(offline, frozenset({"kismetrest_solo"}), str(mounted))
    sys.meta_path.append(finder)
    try:
        with pytest.raises(ImportError, match=r"kismetrest_solo.*did not arrive.*network is down"):
            __import__("kismetrest_solo")
    finally:
        sys.meta_path.remove(finder)


# ---------------------------------------------------------------- in the page

PYTHON = "(code) => Kismet.python(code)"  # static/client.mjs runs it where the game runs

FROM_REST = """import json, sys, stdlib_rest
json.dumps(sorted(
    name for name, module in list(sys.modules.items())
    if str(getattr(getattr(module, "__spec__", None), "origin", "")).startswith(
        stdlib_rest.ARCHIVE + "/")
))"""

# A module of the rest once the archive is here (fetched after ready, or at once), then, with
# the archive taken away as if it had never arrived, another: fetched at once, synchronously.
# (tests/test_engines.py runs it in Firefox and WebKit.)
BEFORE_AND_AFTER = """import json, os, stdlib_rest
import colorsys
os.remove(stdlib_rest.ARCHIVE)
import fractions
json.dumps([round(colorsys.rgb_to_hsv(0, 0, 1)[0], 3), str(fractions.Fraction(2, 6)),
            os.path.exists(stdlib_rest.ARCHIVE)])"""
BEFORE_AND_AFTER_RESULT = [0.667, "1/3", True]

# Three modules of the rest: a top-level one, one whose package (encodings) is in the core,
# reached the way Python reaches a codec, and one of a package wholly in the rest.
IMPORT_THREE = """import codecs, colorsys, json, importlib
codecs.lookup("cp1252")
json.dumps([colorsys.rgb_to_hsv(1, 0, 0)[0], "€".encode("cp1252") == b"\\x80",
            importlib.import_module("xml.dom.minidom").parseString("<a/>").documentElement.tagName])
"""


IMPORT_THREE_RESULT = [0.0, True, "a"]


def run_python(page: Any, code: str) -> Any:
    return json.loads(page.evaluate(PYTHON, code))


@pytest.mark.browser
@pytest.mark.first_visit  # the game worker's imports, before its snapshot, count too
def test_the_start_needs_nothing_outside_the_core(page: Any, site: Site) -> None:
    """Fails when the app (or PyScript, or Pyodide) imports at start a standard-library
    module that tools/stdlib-core.txt lacks: run tools/stdlib.py --write to measure again."""
    open_app(page, site.url)
    assert run_python(page, FROM_REST) == []
    page.wait_for_selector("html[data-stdlib=complete]", state="attached", timeout=60_000)
    served = page.evaluate(PYTHON, "import sys, stdlib_rest\n"
                           "str([f.served for f in sys.meta_path"
                           " if isinstance(f, stdlib_rest.RestOfStdlib)])")  # fmt: skip
    assert served == "[[]]"


@pytest.mark.browser
def test_a_module_outside_the_core_imports_before_the_rest_arrives(
    context: Any, site: Site
) -> None:
    # The fetch after ready waits; the finder's own request goes through.
    with holding(context, site, "stdlib-rest.zip", first_only=True) as page:
        page.watch.rest_allowed = True
        open_app(page, page.holding.url)
        assert page.get_attribute("html", "data-stdlib") == "core"
        assert run_python(page, IMPORT_THREE) == IMPORT_THREE_RESULT
        assert page.get_attribute("html", "data-stdlib") == "complete"
        assert {"colorsys", "encodings.cp1252", "xml.dom.minidom"} <= set(
            run_python(page, FROM_REST)
        )
        # Asked for after ready (held), at once by the finder (and by the service worker's
        # precache, where there is one).
        assert len(page.holding.asked) >= 2, "the rest was not fetched after ready"
        page.holding.release()
        page.wait_for_timeout(500)  # the late arrival changes nothing
        fraction = "import json, fractions\njson.dumps(str(fractions.Fraction(1, 3)))"
        assert run_python(page, fraction) == "1/3"


@pytest.mark.browser
def test_a_module_outside_the_core_imports_after_the_rest_arrives(page: Any, site: Site) -> None:
    page.watch.rest_allowed = True
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page, site.url)
    page.wait_for_selector("html[data-stdlib=complete]", state="attached", timeout=60_000)

    def fetched() -> int:  # the worker's own request has a query (static/interpreter.mjs)
        return sum(url.split("?")[0].endswith("/stdlib-rest.zip") for url in requests)

    assert fetched() == 1
    assert run_python(page, IMPORT_THREE) == IMPORT_THREE_RESULT
    assert fetched() == 1  # no second fetch
    assert run_python(page, BEFORE_AND_AFTER) == BEFORE_AND_AFTER_RESULT
    assert fetched() == 2  # fetched at once
    # The page says which modules came from the rest (the other tests fail on it).
    told = [w for w in warnings if "not in the core standard library" in w]
    assert any("colorsys" in w for w in told) and any("cp1252" in w for w in told), told


@pytest.mark.browser
@pytest.mark.service_worker
def test_a_module_outside_the_core_imports_offline_after_one_visit(
    context: Any, site: Site, seeding: Seeding, tmp_path: Path
) -> None:
    with serve_copy(site, tmp_path) as (url, root):
        seeding.put(context, url)  # the snapshot a first visit stores (tests/conftest.py)
        page = context.new_page()
        open_app(page, url)
        precached(page, root)
        # The visit restored the snapshot put there (no snapshot being stored meanwhile).
        page.wait_for_selector("html[data-snapshot=restored]", state="attached")
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=60_000)
        # A visit the service worker serves has the rest from its cache before the page's
        # Python runs (a synchronous request, the way in before the rest arrives, would not
        # reach the service worker).
        assert page.get_attribute("html", "data-stdlib") == "complete"
        assert run_python(page, IMPORT_THREE) == IMPORT_THREE_RESULT
        context.set_offline(False)
