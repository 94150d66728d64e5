#!/usr/bin/env python3
"""Start-up benchmark: the app against a bare PyScript + Pyodide page, in one run.

    .venv/bin/python benchmarks/startup.py [--loads 7] [--rolls 50] [--before REV]

Builds dist/, serves it (gzip on, as `build.py serve` and GitHub Pages do), and alternately
loads, each in a fresh browser context, the app and a bare page that starts the same
PyScript and Pyodide (same local interpreter, same plugins switched off) and prints one line.
Warm loads visit the app once in a fresh context, wait until the service worker holds the
site and the Pyodide memory snapshot is saved, and measure a second visit.

The network is the server's: the link (a bandwidth shared by every response, and a latency
before each) is made by the server, and the bytes are counted as it sends them. The game's
Python fetches its files from a worker, through the service worker: Chromium's emulation of
a link for the page would not slow those, and the page's network events would not count
them.
Reports medians, the ratios against the targets of the fast-start issue, and the latency
from a click on Roll to the dice being updated. ``--before REV`` also builds the site as it
was at git revision REV (in a worktree of its own) and loads it in the same rounds, cold and
warm, with its own roll latencies: on this noisy machine, only figures of one run compare.
Run by hand, not in CI: the figures are for docs/figures.md, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tools.builder.env import NODE_MODULES  # noqa: E402
from tools.builder.server import Handler, Server  # noqa: E402
from tools.builder.site import build  # noqa: E402

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<mpy-config>{"plugins": ["!codemirror", "!deprecations-manager", "!donkey", "!error",
"!py-editor", "!py-game", "!py-terminal"]}</mpy-config>
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.json">
from pyscript import document
print("ready")
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
BARE_CONFIG = (  # JSON, as the app's worker gets its configuration (no TOML parser)
    '{"interpreter": "./pyodide/pyodide.mjs", "plugins": ["!codemirror", '
    '"!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]}\n'
)

# Recorded in every page from its first moment: when data-ready turned true, when the
# score sheet was first painted (Element Timing on the sheet table), and the longest task
# that began after ready (long tasks are those over 50 ms; the task that sets ready is the
# start-up itself and is not counted).
TIMING_SCRIPT = """
window.__kismet = {ready: null, sheet: null, longest: 0};
new PerformanceObserver((list) => {
  for (const task of list.getEntries())
    if (window.__kismet.ready !== null && task.startTime >= window.__kismet.ready)
      window.__kismet.longest = Math.max(window.__kismet.longest, task.duration);
}).observe({type: 'longtask', buffered: true});
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === 'true' && window.__kismet.ready === null)
    window.__kismet.ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.identifier === 'sheet' && window.__kismet.sheet === null)
      window.__kismet.sheet = entry.renderTime || entry.loadTime;
}).observe({type: 'element', buffered: true});
"""

ROLL_ONCE = """async () => {
  const die = document.querySelector('[data-testid=die-0]');
  const button = document.querySelector('[data-testid=roll]');
  const changed = new Promise((resolve) => {
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now()); });
    seen.observe(die, {attributes: true, attributeFilter: ['data-face']});
  });
  const start = performance.now();
  button.click();
  return (await changed) - start;
}"""


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# Network conditions for each run: none (the local server as it is), and a link like a
# good home connection, where a cold start must also download the runtime.
NETWORKS: dict[str, dict[str, float] | None] = {
    "local": None,
    "20 Mbit/s, 40 ms": {"latency": 40, "downloadThroughput": 20e6 / 8,
                         "uploadThroughput": 5e6 / 8},
}  # fmt: skip


# Issue 16's targets for the app's cold start against the bare page's.
TIME_TARGET = {"local": 1.00, "20 Mbit/s, 40 ms": 0.85}


class Link:
    """The link the server sends through: one bandwidth shared by every response (a
    response's bytes wait their turn), a latency before each response, and the bytes sent,
    with when each response began (epoch milliseconds) and what it was."""

    def __init__(self) -> None:
        self.network: dict[str, float] | None = None
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent: list[tuple[float, str, int]] = []

    def wait_for(self, size: int) -> None:
        """Wait until ``size`` bytes have gone through the link after those before them."""
        if not self.network:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.network["downloadThroughput"]
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


LINK = Link()


class Handler(Handler):
    """build.py's handler, through ``LINK``."""

    def do_GET(self) -> None:
        self.began = time.time() * 1000
        self.counted = 0
        if LINK.network:
            time.sleep(LINK.network["latency"] / 1000)
        super().do_GET()
        LINK.sent.append((self.began, urlsplit(self.path).path, self.counted))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(16384):
            LINK.wait_for(len(chunk))
            outputfile.write(chunk)
            self.counted += len(chunk)


def load(
    browser: Any, url: str, root: Path, network: dict[str, float] | None = None,
    *, warm: bool = False,
) -> dict[str, float]:  # fmt: skip
    """Load ``url`` in a fresh context; with ``warm``, load it twice and measure the second."""
    LINK.network = network
    context = browser.new_context()
    context.add_init_script(TIMING_SCRIPT)
    page = context.new_page()
    sizes = {"raw": 0, "gzip": 0, "longest": 0.0}
    if warm:
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        page.wait_for_function(
            "async () => !!navigator.serviceWorker.controller &&"
            " (await caches.keys()).some(k => k.startsWith('kismet-'))",
            timeout=120_000,
        )
        # Let the service worker finish its precache, and static/interpreter.mjs save the
        # Pyodide memory snapshot, before the measured visit.
        page.evaluate(
            "async () => { const r = await navigator.serviceWorker.ready; return r.active.state; }"
        )
        page.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=120_000)
        sizes["longest"] = page.evaluate("window.__kismet.longest")
        page.close()
        page = context.new_page()
    began = time.time() * 1000
    measured = len(LINK.sent)
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    timing = page.evaluate("window.__kismet")
    restored = page.evaluate("document.documentElement.dataset.snapshot === 'restored'")
    # Bytes before ready: what the server sent for the requests begun on the way to ready
    # (the app fetches the rest of the standard library only after, and Python's files
    # never again); raw: the same files' sizes on disk.
    ready_at = page.evaluate("performance.timeOrigin") + timing["ready"]
    context.close()
    for started, path, sent in LINK.sent[measured:]:
        if began <= started <= ready_at and sent:
            sizes["gzip"] += sent
            file = root / (path.lstrip("/") or "index.html")
            sizes["raw"] += file.stat().st_size if file.is_file() else 0
    return {"ready": timing["ready"], "sheet": timing["sheet"] or 0.0,
            "restored": float(restored), **sizes}  # fmt: skip


def ready_to_roll(page: Any) -> bool:
    """True when Roll can be pressed; else moves the game on (fills the first open box, or
    starts the next game) and returns False."""
    if page.locator("[data-testid=game-over]").count():
        page.click("[data-testid=play-again]")
        return False
    if page.is_enabled("[data-testid=roll]"):
        return True
    page.click("table.sheet button.option >> nth=0")
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")
    return False


ROLL_ROUNDS = 4
"""The rolls are measured in this many rounds (a fresh page each), the sites alternating."""


def roll_latencies(browser: Any, url: str, rolls: int) -> list[float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "?seed=1")
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    LINK.network = None
    latencies = []
    while len(latencies) < rolls:
        if ready_to_roll(page):
            latencies.append(page.evaluate(ROLL_ONCE))
    context.close()
    return latencies


def alternated_rolls(browser: Any, urls: dict[str, str], rolls: int) -> dict[str, list[float]]:
    """About ``rolls`` roll latencies of each site, in ``ROLL_ROUNDS`` rounds alternating
    which site goes first, as the loads do (one after the other, the app rolled 8.1 against
    the tree before's 7.1 ms in the run of 2026-12-05, and 7.2 against 7.1 alternated)."""
    latencies: dict[str, list[float]] = {kind: [] for kind in urls}
    order = list(urls.items())
    for round_number in range(ROLL_ROUNDS):
        for kind, url in order if round_number % 2 == 0 else order[::-1]:
            latencies[kind] += roll_latencies(browser, url, -(-rolls // ROLL_ROUNDS))
    return latencies


def built_at(revision: str, work: Path) -> Path:
    """The site as built at ``revision``: its own build.py in a git worktree (sharing this
    checkout's npm packages, virtual environment and build cache)."""
    tree = work / "before"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), revision], cwd=ROOT,
                   check=True, capture_output=True)  # fmt: skip
    try:
        for shared in ("node_modules", ".venv"):
            (tree / shared).symlink_to(ROOT / shared)
        shutil.copytree(ROOT / ".build-cache", tree / ".build-cache")
        subprocess.run([sys.executable, "build.py", "build"], cwd=tree, check=True,
                       capture_output=True)  # fmt: skip
        return Path(shutil.copytree(tree / "dist", work / "before-site"))
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                       capture_output=True)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=7, help="loads of each page (>= 7)")
    parser.add_argument("--rolls", type=int, default=50)
    parser.add_argument("--before", help="also measure the site as built at this git revision")
    args = parser.parse_args()

    site = build()
    work = Path(tempfile.mkdtemp(prefix="kismet-bench-"))
    root = work / "site"
    shutil.copytree(site, root)
    (root / "bare.html").write_text(BARE_PAGE)
    (root / "bare.json").write_text(BARE_CONFIG)
    # The bare page starts Pyodide as it comes: its whole standard library and its lock
    # file, which the app's site does not ship (build.py, static/interpreter.mjs).
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(NODE_MODULES / "pyodide" / name, root / "pyodide" / name)
    before = built_at(args.before, work) if args.before else None
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    sites = {"app": (base, root)}
    if before is not None:
        old = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(before)))
        threading.Thread(target=old.serve_forever, daemon=True).start()
        sites["before"] = (f"http://127.0.0.1:{old.server_address[1]}/", before)

    from playwright.sync_api import sync_playwright

    runs: dict[str, dict[str, list[dict[str, float]]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(playwright.chromium), args=CHROMIUM_ARGS
        )
        load(browser, base, root)  # one unmeasured load each, to warm the OS file cache
        load(browser, base + "bare.html", root)
        for name, network in NETWORKS.items():
            results: dict[str, list[dict[str, float]]] = {"bare": []}
            for kind in sites:
                results[kind], results[f"{kind} warm"] = [], []
            # Cold loads alternate, swapping who goes first each round, so no page is
            # always the one that follows another; the warm loads (whose service worker
            # keeps the machine busy precaching) come after, in a loop of their own,
            # swapping likewise.
            pages = [*((kind, url, folder) for kind, (url, folder) in sites.items()),
                     ("bare", base + "bare.html", root)]  # fmt: skip
            for round_number in range(args.loads):
                for kind, url, folder in pages if round_number % 2 == 0 else pages[::-1]:
                    results[kind].append(load(browser, url, folder, network))
            for round_number in range(args.loads):
                order = list(sites.items())
                for kind, (url, folder) in order if round_number % 2 == 0 else order[::-1]:
                    results[f"{kind} warm"].append(load(browser, url, folder, network, warm=True))
            runs[name] = results
        latencies = alternated_rolls(browser, {kind: url for kind, (url, _) in sites.items()},
                                     args.rolls)  # fmt: skip
        version = browser.version
        browser.close()
    server.shutdown()
    if before is not None:
        old.shutdown()
    shutil.rmtree(work)

    lines = [
        f"Kismet start-up benchmark, {time.strftime('%Y-%m-%d')}, {platform.machine()}, "
        f"{os.cpu_count()} cores, Chromium {version}, medians of {args.loads} loads each",
    ]
    for name, results in runs.items():

        def med(kind: str, key: str, results: dict[str, list[dict[str, float]]] = results) -> float:
            return median([r[key] for r in results[kind]])

        bare, bare_mb = med("bare", "ready"), med("bare", "gzip") / 1e6
        lines += [
            f"network: {name}",
            f"  time to ready, bare page     {bare:7.0f} ms",
            f"  bytes before ready, bare {med('bare', 'raw') / 1e6:6.2f} MB raw, "
            f"{bare_mb:6.2f} MB gzip",
        ]
        for kind in sites:
            app, warm, sheet = med(kind, "ready"), med(f"{kind} warm", "ready"), med(kind, "sheet")
            app_mb = med(kind, "gzip") / 1e6
            warm_loads = results[f"{kind} warm"]
            lines += [
                f"  {kind}:",
                f"  time to ready, cold          {app:7.0f} ms",
                f"    ratio to the bare page     {app / bare:7.2f}    "
                f"target <= {TIME_TARGET[name]:.2f}",
                f"  first paint of the sheet     {sheet:7.0f} ms",
                f"    ratio sheet / ready        {sheet / app:7.3f}    target < 0.10",
                f"  time to ready, warm (SW)     {warm:7.0f} ms",
                f"    ratio warm / cold          {warm / app:7.2f}    target <= 0.60",
                f"    warm loads that restored the Pyodide snapshot: "
                f"{sum(r['restored'] for r in warm_loads):.0f} of {len(warm_loads)}",
                f"    first visits: longest main-thread task begun after ready, until the snapshot "
                f"was saved: median {med(f'{kind} warm', 'longest'):.0f} ms, most "
                f"{max(r['longest'] for r in warm_loads):.0f} ms (0: none over 50 ms)",
                f"  bytes before ready       {med(kind, 'raw') / 1e6:6.2f} MB raw, "
                f"{app_mb:6.2f} MB gzip",
                f"    ratio to the bare page (gzip) {app_mb / bare_mb:7.3f}    target <= 0.75",
                f"  bytes over the network, warm {med(f'{kind} warm', 'gzip') / 1e6:7.3f} MB",
            ]
    for kind, rolls in latencies.items():
        lines.append(
            f"roll latency ({kind}), {len(rolls)} rolls: median {median(rolls):.1f} ms, "
            f"95th percentile {percentile(rolls, 0.95):.1f} ms    target <= 50"
        )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
