#!/usr/bin/env python3
"""Outside audit: Lighthouse 12.2.3 (desktop or mobile preset) on the built site.

    .venv/bin/python benchmarks/lighthouse.py [--runs 3] [--mobile] [--until-ready]

The mobile preset is Lighthouse's default: a mid-range phone (CPU slowed 4x) on slow 4G,
simulated.

Lighthouse ends a page's load once its main thread and network have been quiet for 1 s.
Since Python starts in a worker, the page is quiet while it does, so Lighthouse may stop
before the game is ready and never see the page restore Python's snapshot (its final
screenshot then says "Loading the game..."). `--until-ready` waits for 5.25 s of quiet
instead (the figures Lighthouse itself uses when it does not simulate the throttling), so
the trace covers the start to the end. Either way the script prints how many runs' traces
reached the ready page (the glue's performance mark "kismet-ready").

Builds dist/, serves it as `build.py serve` does (gzip on), installs Lighthouse at the pinned
version into .build-cache/lighthouse/ with npm (once), runs it against the system's or
Playwright's Chromium, and prints each category's score (medians over the runs), the main
performance figures, and every audit that fails in accessibility, best practices and SEO.
Lighthouse 13 needs Node 22, hence 12.2.3. Run by hand; no test asserts on these figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kismet.page.shared import READY_MARK  # noqa: E402
from tools.builder.caches import BUILD_CACHE  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402

LIGHTHOUSE = "lighthouse@12.2.3"
FIGURES = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
           "cumulative-layout-shift", "speed-index", "interactive",
           "max-potential-fid")  # fmt: skip


def lighthouse() -> Path:
    """The pinned Lighthouse's command, installed once into .build-cache/lighthouse/."""
    prefix = BUILD_CACHE / "lighthouse"
    command = prefix / "node_modules" / ".bin" / "lighthouse"
    if not command.exists():
        prefix.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix",
                        str(prefix), LIGHTHOUSE], check=True)  # fmt: skip
    return command


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("No Chromium found: install Debian's chromium (apt-get install chromium)")


QUIET_MS = 5250
"""How long the page must be quiet before --until-ready ends the load (Lighthouse's own
figure when it does not simulate)."""


def waiting_config(folder: Path, command: Path, mobile: bool) -> Path:
    """A Lighthouse config: the preset's settings, with the longer quiet windows."""
    core = command.resolve().parent.parent / "core" / "config"
    base = "default-config.js" if mobile else "desktop-config.js"
    config = folder / "until-ready.mjs"
    quiet = {"pauseAfterLoadMs": QUIET_MS, "networkQuietThresholdMs": QUIET_MS,
             "cpuQuietThresholdMs": QUIET_MS}  # fmt: skip
    config.write_text(
        f"import base from {json.dumps((core / base).as_uri())};\n"
        "export default {extends: 'lighthouse:default',\n"
        f"  settings: {{...base.settings, ...{json.dumps(quiet)}}}}};\n"
    )
    return config


def covers_ready(report: dict[str, Any]) -> bool:
    """Whether the page became ready within the trace: the glue marks the moment
    (``performance.mark("kismet-ready")``, static/paint.js), and Lighthouse lists the
    page's marks."""
    timings = report["audits"]["user-timings"].get("details", {}).get("items", [])
    return any(item.get("name") == READY_MARK for item in timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mobile", action="store_true", help="the mobile preset")
    parser.add_argument("--keep", type=Path, help="a folder to keep the JSON reports in")
    parser.add_argument(
        "--until-ready",
        action="store_true",
        help="wait for 5.25 s of quiet, so the trace covers the whole start",
    )
    args = parser.parse_args()
    preset = [] if args.mobile else ["--preset=desktop"]
    site = build()
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    command = lighthouse()
    reports = []
    with tempfile.TemporaryDirectory() as folder:
        if args.until_ready:
            preset = [f"--config-path={waiting_config(Path(folder), command, args.mobile)}"]
        for run in range(args.runs):
            out = Path(folder) / f"report-{run}.json"
            subprocess.run(
                [str(command), url, *preset, "--quiet", "--output=json",
                 f"--output-path={out}",
                 "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                check=True, env={**os.environ, "CHROME_PATH": chromium()},
            )  # fmt: skip
            reports.append(json.loads(out.read_text()))
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(out, args.keep / out.name)
    server.shutdown()
    name = "mobile" if args.mobile else "desktop"
    waited = ", waiting until ready" if args.until_ready else ""
    print(f"Lighthouse 12.2.3, {name} preset{waited}, {args.runs} runs (medians):")
    for category in reports[0]["categories"]:
        scores = [r["categories"][category]["score"] * 100 for r in reports]
        print(f"  {category}: {statistics.median(scores):.0f}")
    for figure in FIGURES:
        values = [r["audits"][figure]["numericValue"] for r in reports]
        unit = "" if figure == "cumulative-layout-shift" else " ms"
        print(f"  {figure}: {statistics.median(values):.0f}{unit}")
    longest = [
        max((t["duration"] for t in r["audits"]["long-tasks"].get("details", {}).get("items", [])),
            default=0)
        for r in reports
    ]  # fmt: skip
    print(f"  longest main-thread task (Lighthouse's): {statistics.median(longest):.0f} ms")
    last = reports[-1]
    for category in ("accessibility", "best-practices", "seo"):
        for ref in last["categories"][category]["auditRefs"]:
            audit = last["audits"][ref["id"]]
            if ref["weight"] and audit.get("score") is not None and audit["score"] < 1:
                print(f"  failing in {category}: {ref['id']}: {audit['title']}")
                for item in audit.get("details", {}).get("items", [])[:5]:
                    print(f"    {item.get('node', {}).get('snippet', '')[:160]}")
    # "Ensure CSP is effective against XSS attacks": informational (no weight), so listed
    # here finding by finding (docs/security.md says why each one left stands).
    csp = last["audits"].get("csp-xss", {})
    findings = csp.get("details", {}).get("items", [])
    print(f"  csp-xss: {csp.get('title', 'not audited')}: {len(findings)} findings")
    for item in findings:
        severity = item.get("severity", "")
        said = item.get("description", "")
        said = said.get("formattedDefault", said) if isinstance(said, dict) else said
        print(f"    {severity}: {item.get('directive', '')}: {said}")
    covered = sum(map(covers_ready, reports))
    print(f"  runs whose trace reached the ready page: {covered} of {len(reports)}")
    console = last["audits"]["errors-in-console"].get("details", {}).get("items", [])
    print(f"  errors in the console: {len(console)}")


if __name__ == "__main__":
    main()
