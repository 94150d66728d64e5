"""Slim copies of the core standard library's sources, for the page's first download.

    node tools/inpyodide.mjs tools/slim_stdlib.py <python_stdlib.zip> <module list> <out dir>

Run by build.py inside the pinned Pyodide's own Python (tools/inpyodide.mjs), because only
that Python parses its standard library (3.14 syntax). For each module named in the list it
writes ``<out dir>/<path in the zip>`` with:
- every comment removed (the first two lines' encoding declarations excepted), and
- every docstring replaced by ``...``, except in Pyodide's own packages (``_pyodide``,
  ``pyodide``), which read their docstrings at start-up.

Each file keeps its line count and every line of code where it was, so a traceback through
it names the same lines as the original. A module without docstrings behaves as Python does
under ``-OO`` (``__doc__`` is None), which the standard library supports. That takes the core
from 0.70 to about 0.42 MB zipped. Each result is compiled here, so a slip fails the build.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
import zipfile
from pathlib import Path

KEEP_DOCSTRINGS = ("_pyodide", "pyodide")
"""Top-level packages whose docstrings stay (Pyodide builds its API docs from them)."""
CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]")


def docstrings(tree: ast.Module) -> list[ast.Expr]:
    """The docstring statements of a module, its classes and functions."""
    found = []
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append(first)
    return found


def slim(source: str, *, keep_docstrings: bool = False) -> str:
    """``source`` without comments (and docstrings), line for line."""
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        row, column = token.start
        if token.type == tokenize.COMMENT and not (row <= 2 and CODING.match(token.line)):
            line = lines[row - 1]
            lines[row - 1] = line[:column].rstrip() + ("\n" if line.endswith("\n") else "")
    if not keep_docstrings:
        # Columns in the tree count UTF-8 bytes; replace from the last docstring up.
        for node in sorted(docstrings(ast.parse(source)), key=lambda n: n.lineno, reverse=True):
            first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
            head = lines[first].encode()[: node.col_offset].decode()
            tail = lines[last].encode()[node.end_col_offset or 0 :].decode()
            if first == last:
                lines[first] = head + "..." + tail
            elif not tail.strip():  # (else a statement follows on its last line: kept)
                lines[first : last + 1] = [head + "...\n", *["\n"] * (last - first)]
    return "".join(lines)


def main(whole: str, listing: str, out: str) -> None:
    modules = Path(listing).read_text(encoding="utf-8").split()
    with zipfile.ZipFile(whole) as archive:
        names = set(archive.namelist())
        for module in modules:
            path = module.replace(".", "/")
            name = f"{path}.py" if f"{path}.py" in names else f"{path}/__init__.py"
            source = archive.read(name).decode("utf-8")
            keep = module.split(".")[0] in KEEP_DOCSTRINGS
            result = slim(source, keep_docstrings=keep)
            if result.count("\n") != source.count("\n"):
                raise SystemExit(f"{name}: slimming changed its line count")
            compile(result, name, "exec", dont_inherit=True)
            target = Path(out) / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(result, encoding="utf-8")
    print(f"slimmed {len(modules)} modules of the standard library")


if __name__ == "__main__":
    main(*sys.argv[1:])
