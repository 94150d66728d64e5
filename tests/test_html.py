"""The built pages are valid HTML, by the Nu HTML Checker (npm vnu-jar, run with Java)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Site

pytestmark = pytest.mark.browser  # it reads the built site, as the browser tests do

ROOT = Path(__file__).resolve().parent.parent
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

# The only error accepted: Chromium's Element Timing attribute, which marks the sheet for
# the start-up benchmark.
ACCEPTED = ("Attribute “elementtiming” not allowed",)


def test_the_built_pages_are_valid_html(site: Site) -> None:
    java = shutil.which("java")
    if java is None:
        pytest.fail("Java is needed for the Nu HTML Checker: install default-jre-headless")
    pages = sorted(str(p) for p in site.root.glob("*.html"))
    result = subprocess.run(
        [java, "-jar", str(VNU), "--errors-only", "--format", "json", *pages],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    messages = json.loads(result.stderr or result.stdout)["messages"]
    errors = [
        f"{Path(m.get('url', '')).name}:{m.get('lastLine')}: {m['message']}"
        for m in messages
        if m.get("type") == "error" and not m["message"].startswith(ACCEPTED)
    ]
    assert len(pages) == 2 and errors == [], errors
    # The accepted ones are there, so the check reads what it should.
    assert any(m["message"].startswith(ACCEPTED[0]) for m in messages)
