#!/usr/bin/env python3
"""Which modules of Python's standard library the page imports: writes tools/stdlib-core.txt,
the core that build.py ships for the start (static/stdlib_rest.py explains the split).

    .venv/bin/python tools/stdlib.py [--write]

Builds dist/, serves it, and opens the app in Chromium, then uses every feature as a player
would:
- a game with rolls and holds, a hint, the coach, undo, a finished game with its review and
  luck against skill;
- a Perfect computer;
- real-dice mode and the daily game;
- the statistics with export and import;
- print (the dialog, then a PDF);
- the Korean page, with a roll and a hint.
At ready, before leaving each page, and at the end, it asks the page's Python (through
``Kismet.python``, which runs it where the game's Python runs) which modules were loaded from either
archive of the standard library (the core or the rest), by each module's spec, so modules
that Python has built in or frozen (os, codecs, zipimport ...) do not count. It prints what
it found with sizes; ``--write`` replaces tools/stdlib-core.txt with every module found.
Run by hand after
a change that may import more of the standard library: the page warns in the console for
every module it takes from the rest, and the browser tests fail on that warning
(tests/conftest.py), tests/test_stdlib.py explicitly for the start.
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

from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tools.builder.bundle import STDLIB_CORE, stdlib_module  # noqa: E402
from tools.builder.env import NODE_MODULES  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402

# The modules whose spec says they came from the core (/lib/python314.zip) or the rest
# (/lib/python314-rest.zip) archive.
FROM_ARCHIVES = """import json, re, sys
json.dumps(sorted(
    name for name, module in list(sys.modules.items())
    if re.match(r"/lib/python\\d+(-rest)?\\.zip/",
                str(getattr(getattr(module, "__spec__", None), "origin", None)))
))"""


def loaded(page: Any) -> list[str]:
    """The standard-library modules the page's Python has loaded from an archive so far."""
    code = json.dumps(FROM_ARCHIVES)
    return json.loads(page.evaluate(f"Kismet.python({code})"))


def use_everything(page: Any, url: str, seen: set[str]) -> None:
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
    seen.update(loaded(page))
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
    seen.update(loaded(page))
    page.goto(f"{url}index.ko.html")
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    tap("[data-testid=roll]")
    tap("[data-testid=hint]")
    page.wait_for_timeout(2000)
    seen.update(loaded(page))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {STDLIB_CORE}")
    parser.add_argument("--verbose", action="store_true", help="list each module's size")
    args = parser.parse_args()
    site = build()
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    seen: set[str] = set()
    with sync_playwright() as playwright:
        executable = chromium_executable(playwright.chromium)
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        # Wide enough that the header's actions sit inline (no menu to open).
        context = browser.new_context(
            accept_downloads=True, viewport={"width": 1600, "height": 1000}
        )
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        at_start = set(loaded(page))
        use_everything(page, url, seen)
        browser.close()
    server.shutdown()

    with zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip") as whole:
        sizes = {info.filename: info.compress_size for info in whole.infolist()}
    by_module = {module: size for name, size in sizes.items() if (module := stdlib_module(name))}

    def size(name: str) -> int:
        return by_module.get(name, 0)

    core = set(STDLIB_CORE.read_text(encoding="utf-8").split())
    seen.discard("stdlib_rest")  # the finder itself, which build.py always adds
    at_start.discard("stdlib_rest")
    total = sum(sizes.values())
    used = sum(size(name) for name in seen)
    print(f"Pyodide's standard library: {len(sizes)} entries, {total / 1e6:.2f} MB zipped")
    print(f"loaded at the first ready: {len(at_start)} modules, "
          f"{sum(size(n) for n in at_start) / 1e6:.2f} MB")  # fmt: skip
    print(f"loaded by the whole tour: {len(seen)} modules, {used / 1e6:.2f} MB "
          f"({used / total:.0%})")  # fmt: skip
    print("outside the core:", " ".join(sorted(seen - core)) or "none")
    print("in the core but not seen:", " ".join(sorted(core - seen)) or "none")
    if args.verbose:
        for name in sorted(seen, key=size, reverse=True):
            print(f"{size(name):8d} {'start' if name in at_start else '     '} {name}")
    if args.write:
        STDLIB_CORE.write_text("\n".join(sorted(seen)) + "\n", encoding="utf-8")
        print(f"written: {STDLIB_CORE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
