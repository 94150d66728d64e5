#!/usr/bin/env python3
"""Hostile input by the thousand, through the real page: names typed, links of every kind
and backup files, drawn by hypothesis from the grammar of known attacks in
``tests/hostile.py`` (the test command tries a fixed 50 of them: tests/test_hostile.py).

    .venv/bin/python benchmarks/hostile.py [--cases 1200] [--seed 1] [--batch 50]

Builds dist/, serves it, and tries the cases in Chromium, as many of each kind, ``--batch``
to a fresh page (a player who has played before: a finished game, a game under way). Each
case must call no canary, meet no refusal of the content policy (page or worker), lose or
change nothing stored, say why the rules refuse it or show the names they take, and leave
the page playing. Prints how many cases ran, how long they took, each kind's refused and
taken, and every failure with the batch's seed and hypothesis's smallest failing case
(run again with ``--seed`` to see it again).
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import seed as seeded  # noqa: E402

from tests.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    POLICY_WORDS,
    REPORT_VIOLATIONS,
    chromium_executable,
)
from tests.hostile import KINDS, Case, Trial, cases, shares  # noqa: E402
from tools.builder.server import make_server  # noqa: E402
from tools.builder.site import build  # noqa: E402


def batch(browser: Any, url: str, kind: str, count: int, seed: int) -> tuple[Trial, list[str]]:
    """``count`` cases of ``kind`` in a fresh page; the trial, and what failed (its first
    failing case as hypothesis shrank it, and anything the page said was wrong)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(REPORT_VIOLATIONS)
    said: list[str] = []
    context.on("console", lambda m: said.extend([m.text[:300]] if m.type == "error" else []))
    page = context.new_page()
    page.on("pageerror", lambda error: said.append(f"page error: {str(error)[:300]}"))
    trial = Trial(page, url)
    failed: list[str] = []
    try:
        trial.open()

        @seeded(seed)
        @settings(
            max_examples=count,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=cases(kind, date.today()))
        def attempt(case: Case) -> None:
            trial.run(case)
            if said:
                raise AssertionError(f"the page said: {said}")

        attempt()
    except Exception as error:  # hypothesis has shrunk it: its note names the case
        for one in getattr(error, "exceptions", [error]):  # distinct failures, each
            notes = " ".join(getattr(one, "__notes__", []))
            what = f"{kind}, seed {seed}: {type(one).__name__}: {str(one)[:800]}"
            failed.append(f"{what}\n      {notes[:1500]}")
    policy = [s for s in said if any(word in s for word in POLICY_WORDS)]
    failed += [f"{kind}, seed {seed}: the content policy refused: {s}" for s in policy]
    context.close()
    return trial, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=50, help="cases to a fresh page")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=KINDS)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = build()
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    seen: dict[tuple[str, bool], int] = {}
    failures: list[str] = []
    tried = 0
    start = time.monotonic()
    with sync_playwright() as playwright:
        path = chromium_executable(playwright.chromium)
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        for k, (kind, total) in enumerate(shares(args.cases).items()):
            if kind not in args.kinds:
                continue
            for b, first in enumerate(range(0, total, args.batch)):
                count = min(args.batch, total - first)
                seed = args.seed * 1000 + k * 100 + b
                trial, failed = batch(browser, url, kind, count, seed)
                tried += trial.tried
                failures += failed
                for key, n in trial.seen.items():
                    seen[key] = seen.get(key, 0) + n
                print(
                    f"  {kind}, seed {seed}: {trial.tried} cases, {len(failed)} failed", flush=True
                )
        browser.close()
    server.shutdown()
    took = time.monotonic() - start
    print(
        f"Hostile input through the page: {tried} cases (hypothesis's draws, and its tries "
        f"at shrinking a failure) in {took:.0f} s, {took / max(tried, 1):.2f} s a case, "
        f"seed {args.seed}"
    )
    for kind in KINDS:
        refused, taken = seen.get((kind, True), 0), seen.get((kind, False), 0)
        print(f"  {kind}: {refused + taken} ({refused} refused, said why; {taken} taken, shown)")
    print(f"  failures: {len(failures)}")
    for failure in failures:
        print(f"    {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
