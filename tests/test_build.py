"""The two commands on a fresh machine: the test command gets a browser or says what to
install before any test runs."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_without_chromium_the_test_command_stops_at_once_saying_what_to_install(
    tmp_path: Path,
) -> None:
    # No chromium on the PATH, no Playwright browser, and no way to download one.
    (tmp_path / "bin").mkdir()
    env = dict(
        os.environ,
        PATH=str(tmp_path / "bin"),
        PLAYWRIGHT_BROWSERS_PATH=str(tmp_path / "browsers"),
        PLAYWRIGHT_DOWNLOAD_HOST="http://127.0.0.1:9",
    )
    result = subprocess.run(
        [sys.executable, "build.py", "test", "-k", "no_such_test"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 1
    assert "install your system's `chromium` package" in result.stderr
    assert "collected" not in result.stdout  # not one test ran


def test_the_solve_and_perfect_plays_cache_keys_follow_every_file_they_import(
    tmp_path: Path,
) -> None:
    # The cached strategy table and perfect-play figures are keyed by the files their
    # scripts import, found by following the imports: none can be left out by hand.
    sys.path.insert(0, str(ROOT))
    from tools.builder.caches import (
        PERFECT_SCRIPTS,
        TABLE_SCRIPTS,
        digest_of,
        import_closure,
    )

    solve = import_closure(*TABLE_SCRIPTS)
    perfect = import_closure(*PERFECT_SCRIPTS)
    for name in ("tools/solve.py", "kismet/rules/rng.py", "kismet/rules/game.py",
                 "kismet/advice/state.py", "kismet/advice/strategy.py"):  # fmt: skip
        assert name in solve, name
    assert set(solve) < set(perfect)
    for name in ("tools/perfect.py", "kismet/advice/level.py", "kismet/advice/players.py"):
        assert name in perfect, name
    assert "kismet/html/page.py" not in perfect  # only what is imported
    for name in ("tools/spread.py", "kismet/advice/spread.py"):
        assert name in solve, name
    assert "kismet/advice/chances.py" not in solve  # the reader of the chances: no re-solve
    # Changing any one of those files changes the key.
    for name in perfect:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    key = digest_of(tmp_path, perfect).hexdigest()
    for name in perfect:
        before = (tmp_path / name).read_bytes()
        (tmp_path / name).write_bytes(before + b"\n")
        assert digest_of(tmp_path, perfect).hexdigest() != key, name
        (tmp_path / name).write_bytes(before)
    assert digest_of(tmp_path, perfect).hexdigest() == key


def test_the_late_modules_are_never_imported_before_the_strategy_table() -> None:
    # LATE_MODULES ship in their own archive, fetched with the strategy table: no
    # module of the start archive may import one when it is itself imported (imports for
    # type checking, and imports inside functions that run once the table is there, are
    # fine; the browser tests run those paths).
    sys.path.insert(0, str(ROOT))
    from tools.builder.bundle import LATE_MODULES

    late = {name.removesuffix(".py").replace("/", ".") for name in LATE_MODULES}
    files = [*(ROOT / "kismet").rglob("*.py"), *(ROOT / "static" / "glue").glob("*.py")]
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        if relative in LATE_MODULES:
            continue
        module = relative.removeprefix("static/").removesuffix(".py").replace("/", ".")
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.ImportFrom | ast.Import):
                continue  # `if TYPE_CHECKING:` blocks and function bodies
            if isinstance(node, ast.Import):
                targets = {alias.name for alias in node.names}
            else:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                named = [node.module] if node.module else []
                start = ".".join([*base, *named] if node.level else named)
                targets = {start, *(f"{start}.{alias.name}" for alias in node.names)}
            assert not targets & late, (relative, targets & late)
    assert {"kismet.advice.chances", "kismet.html.course"} <= late


def main_game() -> tuple[tuple[str, ...], ast.Module]:
    """static/glue's GAME (the modules the interpreter imports into the snapshot), and the
    module's tree."""
    tree = ast.parse((ROOT / "static" / "glue" / "__init__.py").read_text(encoding="utf-8"))
    game = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "GAME"
    )
    return game, tree


def test_the_game_imported_before_the_snapshot_is_in_the_start_archive() -> None:
    # Every module GAME names is a module of the package in kismet.zip, none fetched late.
    sys.path.insert(0, str(ROOT))
    from tools.builder.bundle import LATE_MODULES

    game, _ = main_game()
    late = {name.removesuffix(".py").replace("/", ".") for name in LATE_MODULES}
    assert len(game) >= 5
    for name in game:
        assert name not in late, name
        path = ROOT.joinpath(*name.split("."))
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), name


def test_the_game_imported_into_the_snapshot_never_touches_the_page() -> None:
    # The interpreter imports static/glue's GAME modules before its memory snapshot,
    # which can hold no reference to anything of JavaScript: none of them (nor anything
    # they import from the package) may import the browser's modules, or the glue.
    sys.path.insert(0, str(ROOT))
    from tools.builder.caches import (
        import_closure,
        imported_names,
        module_files,
    )

    game, _ = main_game()
    seeds = [f.relative_to(ROOT).as_posix() for name in game for f in module_files(name)]
    files = import_closure(*seeds)
    assert len(files) > 20, files
    page_only = {"js", "pyodide", "pyscript", "glue", "_pyodide"}
    for relative in files:
        imported = {name.split(".")[0] for name in imported_names(ROOT / relative)}
        assert not imported & page_only, (relative, imported & page_only)
