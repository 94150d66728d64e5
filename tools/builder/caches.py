"""What the build keeps in .build-cache/ between builds, by the hash of what makes it: the
strategy and spread tables (solved once per rules change), perfect play's figures, the
compiled bytecode; and the import closure that says which sources a cached output hangs on."""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

from .env import ROOT, ensure_venv, hold_lock, run


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
        hold_lock(lock)
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


def prepare_tables() -> None:
    """Solve the tables and play perfect play's games into .build-cache/ (if not there):
    with ``ensure_venv``'s install, for which they wait, most of a first build."""
    perfect_figures(solved_tables() / "strategy.bin", None)
