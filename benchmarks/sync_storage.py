#!/usr/bin/env python3
"""Can a worker use the page's localStorage synchronously? A probe, in all three engines.

    .venv/bin/python benchmarks/sync_storage.py [--writes 40] [--size 20000]

The question behind moving the session into a worker (README, "Why the game itself still
runs on the page"): the storage promises need each write's answer at once, and only the
page's main thread has ``localStorage``. The probe tries the one path that needs neither
SharedArrayBuffer nor JavaScript promise integration: the worker sends a *synchronous*
``XMLHttpRequest``; the page's service worker answers it by passing the write to the page
(``postMessage`` with a ``MessageChannel``), which calls ``localStorage.setItem`` and
replies "taken" or the refusal's name; the worker waits, blocked, as only a worker may.

The probe page (written into a temporary folder and served here) registers that service
worker, which takes control of the page at once (``skipWaiting``, ``clients.claim``), so
it works on a first visit once the service worker is active. It prints, per engine:

- whether every write was answered, and what a write too big for the quota answered;
- the time from the navigation to the service worker controlling the page;
- the median and longest time of one write of ``--size`` characters, and of the last,
  6 MB write (refused by every engine's quota).

Run by hand (it needs Chromium, and firefox-esr, webkit2gtk-driver and xvfb for the
others); nothing asserts on time.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>probe</title>
</head><body><pre id="out">waiting</pre><script>
const out = document.getElementById("out");
const done = (what) => { out.textContent = JSON.stringify(what); document.title = "done"; };
navigator.serviceWorker.addEventListener("message", (event) => {
  const [op, key, value] = event.data;
  let answer;
  try {
    if (op === "set") { localStorage.setItem(key, value); answer = "taken"; }
    else answer = localStorage.getItem(key);
  } catch (error) { answer = "refused: " + error.name; }
  event.ports[0].postMessage(answer);
});
(async () => {
  await navigator.serviceWorker.register("./sw.js");
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener(
      "controllerchange", resolve, { once: true }));
  }
  const controlled = performance.now();
  const worker = new Worker("./worker.js");
  worker.onmessage = ({ data }) => done({ ...data, controlled });
  worker.postMessage(PROBE);
})().catch((error) => done({ error: String(error) }));
</script></body></html>"""

SERVICE_WORKER = """self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (!url.pathname.includes("/kv/")) return;
  event.respondWith((async () => {
    const [op, key] = url.pathname.split("/kv/")[1].split("/");
    const value = event.request.method === "POST" ? await event.request.text() : null;
    const [page] = await self.clients.matchAll({ type: "window" });
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => { channel.port1.onmessage = (m) => resolve(m.data); });
    page.postMessage([op, decodeURIComponent(key), value], [channel.port2]);
    return new Response(JSON.stringify(await answer));
  })());
});"""

WORKER = """const ask = (method, path, body) => {
  const request = new XMLHttpRequest();
  request.open(method, path, false);  // synchronous: the worker waits for the page
  request.send(body);
  return JSON.parse(request.responseText);
};
onmessage = ({ data: { writes, size } }) => {
  const times = [];
  const answers = new Set();
  try {
    for (let i = 0; i < writes; i++) {
      const start = performance.now();
      answers.add(ask("POST", `./kv/set/key${i % 3}`, `${i} ` + "x".repeat(size)));
      times.push(performance.now() - start);
    }
    const read = ask("GET", "./kv/get/key0");
    const start = performance.now();
    const big = ask("POST", "./kv/set/big", "x".repeat(6000000));
    postMessage({ answers: [...answers], read: read.slice(0, 12), big,
                  bigMs: performance.now() - start, times });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};"""


def write_probe(folder: Path, writes: int, size: int) -> None:
    probe = json.dumps({"writes": writes, "size": size})
    (folder / "index.html").write_text(PAGE.replace("PROBE", probe), encoding="utf-8")
    (folder / "sw.js").write_text(SERVICE_WORKER, encoding="utf-8")
    (folder / "worker.js").write_text(WORKER, encoding="utf-8")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html"


def in_chromium(url: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        executable = chromium_executable(playwright.chromium)
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("document.title === 'done'", timeout=60_000)
        found: dict[str, Any] = json.loads(page.text_content("#out") or "{}")
        browser.close()
        return found


def in_engine(engine: str, url: str, log: Path) -> dict[str, Any]:
    from tests.test_engines import launch, missing

    why = missing(engine)
    if why:
        return {"error": why}
    with launch(engine, log) as driver:
        driver.get(url)
        deadline = time.monotonic() + 60
        while driver.title != "done" and time.monotonic() < deadline:
            time.sleep(0.25)
        found: dict[str, Any] = json.loads(driver.find_element("id", "out").text or "{}")
        return found


def report(engine: str, found: dict[str, Any]) -> None:
    if "error" in found:
        print(f"{engine:9} failed: {found['error']}")
        return
    times = sorted(found["times"])
    print(
        f"{engine:9} answers {'/'.join(found['answers'])}, read back {found['read']!r}; "
        f"controlled after {found['controlled']:.0f} ms; one write: median "
        f"{times[len(times) // 2]:.1f} ms, longest {times[-1]:.1f} ms ({len(times)} writes); "
        f"6 MB write: {found['big']} in {found['bigMs']:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=40)
    parser.add_argument("--size", type=int, default=20_000, help="characters a write")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_probe(folder, args.writes, args.size)
        server, url = serve(folder)
        try:
            report("chromium", in_chromium(url))
            for engine in ("firefox", "webkit"):
                report(engine, in_engine(engine, url, folder / f"{engine}.log"))
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
