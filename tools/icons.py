#!/usr/bin/env python3
"""Draw the app's PNG icons from static/icon.svg, the one drawing of the icon.

    .venv/bin/python tools/icons.py

Phones and the web app manifest want PNG icons at 192 and 512 pixels; they are committed
(static/icon-192.png, static/icon-512.png), so the build only copies them. Run this after
changing the SVG: it renders the SVG in the tests' Chromium at each size and writes the
PNGs. tests/test_offline.py checks the manifest lists them at their real sizes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tools.builder.site import ICON_SIZES  # noqa: E402


def draw(svg: Path, sizes: tuple[int, ...] = ICON_SIZES) -> dict[int, bytes]:
    """The SVG rendered as a PNG of each size, with its transparent corners kept."""
    from playwright.sync_api import sync_playwright

    drawing = svg.read_text(encoding="utf-8")
    pngs = {}
    with sync_playwright() as playwright:
        chromium = playwright.chromium
        browser = chromium.launch(executable_path=chromium_executable(chromium),
                                  args=CHROMIUM_ARGS)  # fmt: skip
        for size in sizes:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}"
                f"svg{{display:block;width:{size}px;height:{size}px}}</style>{drawing}"
            )
            pngs[size] = page.locator("svg").screenshot(omit_background=True)
            page.close()
        browser.close()
    return pngs


def main() -> None:
    for size, png in draw(ROOT / "static" / "icon.svg").items():
        target = ROOT / "static" / f"icon-{size}.png"
        target.write_bytes(png)
        print(f"wrote {target.relative_to(ROOT)} ({len(png)} bytes)")


if __name__ == "__main__":
    main()
