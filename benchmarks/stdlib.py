#!/usr/bin/env python3
"""Which parts of Python's standard library the page really imports (a first step of
issue 16, a smaller standard library for the first visit).

    .venv/bin/python benchmarks/stdlib.py [--out stdlib-used.txt]

Builds dist/, serves it, and opens the app in Chromium. This benchmark's own copy of
static/boot.mjs (rewritten on the way, through Playwright's routing) keeps a handle on the
Pyodide instance; the site itself is unchanged. It then uses every feature:
- a game with rolls and holds, a hint, the coach, undo, a finished game with its review and
  luck against skill;
- computers (Perfect, Good, Casual);
- real-dice mode, the daily game, a challenge link shared and opened;
- the statistics with export and import;
- print (the dialog, then a PDF);
- Korean.
Finally it lists the modules in ``sys.modules`` that come from Pyodide's
``python_stdlib.zip``, and what share of that zip they take. Run by hand; no test asserts on
these figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402

KEEP_HANDLE = """export async function loadPyodide(options = {}) {
  const started = await loadPyodideForPage(options);
  globalThis.__measuredPython = started;
  return started;
}
async function loadPyodideForPage(options = {}) {"""

LOADED = """import sys, json
json.dumps(sorted(
    (name, getattr(module, "__file__", None) or "")
    for name, module in list(sys.modules.items())
))"""


def use_everything(page: Any, url: str) -> None:
    from playwright.sync_api import Error as PlaywrightError

    """Click through every feature, as a player would (each step tolerates a miss)."""

    def tap(selector: str) -> None:
        for step in ("[data-testid=confirm]", selector):  # a question first gets its yes
            if step != selector and not page.is_visible("#confirm-dialog"):
                continue
            with contextlib.suppress(PlaywrightError):
                page.locator(step).first.click(timeout=2000)

    def menu(testid: str) -> None:
        tap(f"[data-testid={testid}]")

    page.goto(f"{url}?seed=5")
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    tap("[data-testid=roll]")
    tap("[data-testid=die-0]")
    tap("[data-testid=hint]")
    page.wait_for_timeout(3000)
    menu("coach")
    for _ in range(15):  # a whole game, one roll a turn, the coach answered yes
        tap("[data-testid=roll]")
        page.wait_for_timeout(100)
        tap("table.sheet td button")
        page.wait_for_timeout(100)
        tap("[data-testid=confirm]")
        tap("[data-testid=confirm]")
    tap("[data-testid=undo]")
    page.wait_for_timeout(2000)
    tap("[data-testid=open-review]")
    page.keyboard.press("Escape")
    menu("new-game")
    tap("[data-testid=add-player]")
    page.select_option("[data-testid=player-kind-1]", "perfect")
    tap("[data-testid=start-game]")
    tap("[data-testid=confirm]")
    tap("[data-testid=roll]")
    tap("table.sheet td button")
    page.wait_for_timeout(4000)
    menu("mode")
    page.fill("[data-testid=entry-faces]", "12345")
    tap("[data-testid=enter-roll]")
    menu("mode")
    menu("daily")
    tap("[data-testid^=daily-play-]")
    tap("[data-testid=confirm]")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    menu("stats")
    with page.expect_download() as download:
        tap("[data-testid=export]")
    saved = Path(tempfile.mkdtemp()) / "export.json"
    download.value.save_as(saved)
    with page.expect_file_chooser() as chooser:
        tap("[data-testid=import]")
    chooser.value.set_files(str(saved))
    page.wait_for_timeout(1000)
    page.keyboard.press("Escape")
    menu("print")
    page.keyboard.press("Escape")
    page.pdf()
    page.goto(f"{url}index.ko.html")
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", help="write the list of standard-library modules here")
    args = parser.parse_args()
    site = build.build()
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    loaded: set[tuple[str, str]] = set()
    with sync_playwright() as playwright:
        executable = chromium_executable(playwright.chromium)
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        # Wide enough that the header's actions sit inline (no menu to open).
        context = browser.new_context(
            accept_downloads=True, viewport={"width": 1600, "height": 1000}
        )

        def rewrite(route: Any) -> None:
            code = route.fetch().text()
            code = code.replace("export async function loadPyodide(options = {}) {", KEEP_HANDLE)
            route.fulfill(body=code, content_type="text/javascript")

        context.route("**/static/boot.mjs", rewrite)
        page = context.new_page()
        use_everything(page, url)
        for name, path in json.loads(page.evaluate(f"__measuredPython.runPython({LOADED!r})")):
            loaded.add((name, path))
        browser.close()
    server.shutdown()

    stdlib = zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip")
    sizes = {info.filename: info.compress_size for info in stdlib.infolist()}
    total = sum(sizes.values())
    prefix = "/lib/python314.zip/"  # where Pyodide mounts python_stdlib.zip
    used_files = {
        path[len(prefix) :]
        for _, path in loaded
        if path.startswith(prefix) and path[len(prefix) :] in sizes
    }
    modules = sorted(name for name, path in loaded if path[len(prefix) :] in used_files)
    used = sum(sizes[f] for f in used_files)
    print(f"modules loaded in the page: {len(loaded)}; from python_stdlib.zip: {len(modules)}")
    print(f"python_stdlib.zip: {len(sizes)} entries, {total / 1e6:.2f} MB (its own compression)")
    print(f"the files those modules are: {used / 1e6:.2f} MB ({used / total:.0%} of the zip)")
    others = sorted(name for name, path in loaded if not path.startswith(prefix) and path)
    print(f"modules from elsewhere (the package, PyScript, Pyodide): {len(others)}")
    if args.out:
        Path(args.out).write_text("\n".join(modules) + "\n", encoding="utf-8")
        print(f"written: {args.out}")


if __name__ == "__main__":
    main()
