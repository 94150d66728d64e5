"""The package is type-checked, linted, layered, and its documented examples run."""

from __future__ import annotations

import ast
import doctest
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kismet

ROOT = Path(__file__).resolve().parent.parent
GLUE = [ROOT / "static" / "main.py", *sorted((ROOT / "static" / "glue").glob("*.py"))]
"""The browser glue: static/main.py and the glue package it starts."""


def tool(name: str) -> str:
    """The tool from the same environment as this Python, else from PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: run the tests with `python build.py test`")
    return found


def run(*command: str) -> None:
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint_is_clean() -> None:
    run(tool("ruff"), "check", "kismet", "tests", "static", "build.py")


def test_ruff_format_is_clean() -> None:
    run(tool("ruff"), "format", "--check", "kismet", "static", "tests", "tools", "build.py")


def test_mypy_strict_is_clean() -> None:
    # pyproject.toml names the files (kismet/, the glue) and the browser's stubs.
    run(tool("mypy"), "--strict")


def test_the_layers_import_one_way_and_nothing_imports_in_a_circle() -> None:
    # pyproject.toml's contracts: rules <- advice | text <- app <- html, and no cycle.
    run(tool("lint-imports"))


MAX_CLASS_LINES = 400
"""A class with its bases in the project: past this, it is several objects in one."""


def test_no_class_with_its_bases_in_the_project_is_over_four_hundred_lines() -> None:
    classes: dict[str, tuple[str, int, list[str]]] = {}
    for path in [*(ROOT / "kismet").rglob("*.py"), *GLUE]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                bases = [b.id if isinstance(b, ast.Name) else ast.unparse(b) for b in node.bases]
                assert node.name not in classes, f"two classes are called {node.name}"
                classes[node.name] = (path.name, node.end_lineno - node.lineno + 1, bases)

    def lines(name: str) -> int:
        _, own, bases = classes[name]
        return own + sum(lines(base) for base in bases if base in classes)

    assert lines("Tables") > 250  # the measure sees the classes it is meant for
    for name, (file, _, _) in classes.items():
        assert lines(name) <= MAX_CLASS_LINES, f"{file}: {name} has {lines(name)} lines"


def test_the_glue_imports_only_the_browser_and_the_package() -> None:
    # The glue is the top layer: it may use every layer of kismet, and nothing in kismet
    # may use the browser (no pyscript, js or pyodide import below the glue).
    allowed = set(sys.stdlib_module_names) | {"kismet", "js", "pyodide", "polyscript", "glue"}
    for path in GLUE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                assert node.module.split(".")[0] in allowed, f"{path.name}: {node.module}"
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in allowed for a in node.names), path.name


PYSCRIPT_EXPORTS = re.compile(
    r"WORKER = Worker$|\w+(, \w+)* = WORKER\.\w+(, WORKER\.\w+)*$|__export__ = \[.*\]$"
)
"""What static/main.py may bind besides constants: the one ``Worker``, its calls, and the
names PyScript exports to the page."""

MAX_GLUE_LINES = 300
"""All of the glue: what the browser gives the page's Python, nothing that decides."""


def test_the_glue_is_thin_and_keeps_no_state_in_its_modules() -> None:
    # Everything that decides is kismet's (kismet.page answers the page's events): the glue
    # only reaches the browser. The page's state lives in one Page object, never in module
    # globals (constants are UPPER_CASE, never mutable).
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in GLUE}
    assert sum(sizes.values()) <= MAX_GLUE_LINES, sizes
    mutable = (ast.Dict, ast.List, ast.Set, ast.Call, ast.DictComp, ast.ListComp, ast.SetComp)
    for path in GLUE:
        source = path.read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                assert path.name == "main.py", f"{path.name} acts when imported"
            if not isinstance(node, (ast.Assign, ast.AnnAssign)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound = ast.unparse(node).replace("(", "").replace(")", "")
            if path.name == "main.py" and PYSCRIPT_EXPORTS.match(bound):
                continue  # PyScript's worker exports the one Worker's calls by name
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            assert names and all(n.isupper() for n in names), f"{path.name}: {names}"
            assert not isinstance(node.value, mutable), f"{path.name}: {names} is mutable"


def test_package_docstring_examples() -> None:
    failures, tried = doctest.testmod(kismet)
    assert tried > 0 and failures == 0


def test_readme_examples() -> None:
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert tried > 0 and failures == 0


def test_package_uses_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"kismet"}
    for path in (ROOT / "kismet").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not words[1].startswith("."):
                assert words[1].split(".")[0] in allowed, f"{path.name}: {line}"


def test_saves_records_and_links_are_replayed_by_the_one_replay() -> None:
    # Each keeps a game in its own form and turns it into moves; only kismet.rules.replay
    # plays them, so no codec calls a game's actions itself.
    actions = {"roll", "toggle_hold", "set_dice", "score", "apply"}
    for name in ("save.py", "record.py", "link.py"):
        tree = ast.parse((ROOT / "kismet" / "rules" / name).read_text(encoding="utf-8"))
        called = {
            node.func.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        }
        assert not called & actions, (name, called & actions)
        assert any(
            isinstance(node, ast.ImportFrom) and node.module == "replay" for node in ast.walk(tree)
        ), name
