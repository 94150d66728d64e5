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
import os
import subprocess
import sys

from tools.builder.env import (
    BUILT,
    ROOT,
    TEST_WORKERS,
    Problem,
    check_python,
    ensure_chromium,
    ensure_venv,
    has_system_chromium,
)
from tools.builder.server import serve
from tools.builder.site import build


def test(pytest_args: list[str]) -> int:
    """Run pytest in .venv (with ``TEST_WORKERS`` processes unless told): the browser tests
    get a built site and a Chromium first."""
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
