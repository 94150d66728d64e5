#!/usr/bin/env python3
"""Main-thread blocking benchmark: how long the page is frozen while it starts.

    .venv/bin/python benchmarks/blocking.py [--loads 5] [--cpu 1] [--show]

Builds dist/, serves it (gzip on, as `build.py serve` and GitHub Pages do), and loads it in
fresh Chromium contexts, cold (a first visit: nothing cached, no service worker) and warm
(a second visit: the service worker holds the site and the Pyodide snapshot is saved). A
long-task observer is installed before the page's first script runs (an init script), so
every task over 50 ms from the navigation on is seen. For each load it computes:

- total blocking time (TBT): the sum over long tasks of their time beyond 50 ms, counted
  from the first contentful paint until 3 s after the page said it was ready
  (``<html data-ready=true>``), as the issue on freezes defines it;
- the longest task in that window, and the time to ready.

``--cpu N`` slows the page's CPU N times (DevTools' CPU throttling, as Lighthouse's mobile
preset does with 4); ``--show`` prints each load's long tasks. Prints medians. Run by hand:
no test asserts on time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402

WINDOW_AFTER_READY_MS = 3000
"""TBT counts until this long after ready."""

OBSERVER = """
window.__blocking = {tasks: [], paint: null, ready: null};
new PerformanceObserver((list) => {
  for (const task of list.getEntries())
    window.__blocking.tasks.push([task.startTime, task.duration]);
}).observe({type: 'longtask', buffered: true});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.name === 'first-contentful-paint') window.__blocking.paint = entry.startTime;
}).observe({type: 'paint', buffered: true});
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === 'true' && window.__blocking.ready === null)
    window.__blocking.ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""


def blocking(record: dict[str, Any]) -> dict[str, float]:
    """TBT and the longest task from first paint to 3 s after ready."""
    start, end = record["paint"] or 0.0, record["ready"] + WINDOW_AFTER_READY_MS
    tasks = [(s, d) for s, d in record["tasks"] if s + d > start and s < end]
    return {
        "tbt": sum(max(0.0, d - 50) for _, d in tasks),
        "longest": max((d for _, d in tasks), default=0.0),
        "ready": record["ready"],
        "paint": record["paint"] or 0.0,
    }


def visit(context: Any, url: str, cpu: float) -> dict[str, Any]:
    page = context.new_page()
    if cpu > 1:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=300_000)
    page.wait_for_timeout(WINDOW_AFTER_READY_MS + 200)
    record: dict[str, Any] = page.evaluate("window.__blocking")
    record["snapshot"] = page.evaluate("document.documentElement.dataset.snapshot || ''")
    return {"page": page, "record": record}


def load(browser: Any, url: str, cpu: float, *, warm: bool) -> dict[str, Any]:
    context = browser.new_context()
    context.add_init_script(OBSERVER)
    if warm:
        first = visit(context, url, 1)["page"]
        first.wait_for_function(
            "async () => !!navigator.serviceWorker.controller &&"
            " (await caches.keys()).some(k => k.startsWith('kismet-'))",
            timeout=120_000,
        )
        first.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=120_000)
        first.close()
    measured = visit(context, url, cpu)
    context.close()
    return {**blocking(measured["record"]), "tasks": measured["record"]["tasks"],
            "snapshot": measured["record"]["snapshot"]}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=1, help="CPU slow-down (4: a phone)")
    parser.add_argument("--show", action="store_true", help="print every load's long tasks")
    args = parser.parse_args()

    root = build()
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, Any]]] = {"cold": [], "warm": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(playwright.chromium), args=CHROMIUM_ARGS
        )
        load(browser, url, 1, warm=False)  # unmeasured: warms the OS file cache
        for _ in range(args.loads):
            for kind in results:
                results[kind].append(load(browser, url, args.cpu, warm=kind == "warm"))
        version = browser.version
        browser.close()
    server.shutdown()

    print(
        f"Kismet main-thread blocking, {time.strftime('%Y-%m-%d')}, {platform.machine()}, "
        f"{os.cpu_count()} cores, Chromium {version}, CPU slow-down {args.cpu:g}x, "
        f"medians of {args.loads} loads"
    )
    for kind, loads in results.items():

        def med(key: str, loads: list[dict[str, Any]] = loads) -> float:
            return statistics.median(r[key] for r in loads)

        snapshots = ", ".join(sorted({r["snapshot"] for r in loads}))
        print(
            f"  {kind}: TBT {med('tbt'):6.0f} ms (first paint to ready + 3 s), longest task "
            f"{med('longest'):5.0f} ms, first paint {med('paint'):5.0f} ms, ready "
            f"{med('ready'):5.0f} ms   targets: TBT <= 200, task <= 250   (snapshot: {snapshots})"
        )
        if args.show:
            for number, r in enumerate(loads, 1):
                tasks = ", ".join(f"{s:.0f}+{d:.0f}" for s, d in r["tasks"])
                print(f"    load {number}: ready {r['ready']:.0f}; long tasks (start+ms): {tasks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
