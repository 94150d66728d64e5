"""The two commands on a fresh machine: the test command gets a browser or says what to
install before any test runs."""

from __future__ import annotations

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
