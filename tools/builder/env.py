"""The machine's side of the build: the project's folders, the Python it needs, the
virtual environment with the pinned test tools, the npm packages, and a Chromium for the
browser tests. Only the standard library: a fresh machine runs it before .venv exists."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
"""The project's folder (tools/builder/ is two below it)."""
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
REQUIREMENTS = ROOT / "requirements-dev.txt"
MIN_PYTHON = (3, 11)


try:
    import fcntl
except ImportError:  # Windows: no lock (one process at a time there)
    fcntl = None  # type: ignore[assignment]


def hold_lock(handle: IO[str] | IO[bytes]) -> None:
    """Hold an exclusive lock on an open file until it is closed, so that one process makes
    what others then read (none on Windows, where one process at a time runs)."""
    if fcntl is not None:
        fcntl.flock(handle, fcntl.LOCK_EX)


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
