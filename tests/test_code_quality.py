"""The package is type-checked, linted, layered, and its documented examples run."""

from __future__ import annotations

import ast
import doctest
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kismet

ROOT = Path(__file__).resolve().parent.parent


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
    run(tool("ruff"), "format", "--check", "kismet", "static/main.py", "static/stdlib_rest.py")


def test_mypy_strict_is_clean() -> None:
    # pyproject.toml names the files (kismet/ and static/main.py) and the browser's stubs.
    run(tool("mypy"), "--strict")


def test_the_layers_import_one_way_and_nothing_imports_in_a_circle() -> None:
    # pyproject.toml's contracts: rules <- advice | text <- app <- html, and no cycle.
    run(tool("lint-imports"))


MAX_CLASS_LINES = 300


def test_no_class_is_over_three_hundred_lines() -> None:
    for path in [*(ROOT / "kismet").rglob("*.py"), ROOT / "static" / "main.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                assert lines <= MAX_CLASS_LINES, f"{path.name}: {node.name} has {lines} lines"


def test_the_glue_imports_only_the_browser_and_the_package() -> None:
    # static/main.py is the top layer: it may use every layer of kismet, and nothing in
    # kismet may use the browser (no pyscript, js or pyodide import below the glue).
    allowed = set(sys.stdlib_module_names) | {"kismet", "pyscript", "pyodide", "dom"}
    glue = ast.parse((ROOT / "static" / "main.py").read_text(encoding="utf-8"))
    for node in ast.walk(glue):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert node.module.split(".")[0] in allowed, node.module


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
