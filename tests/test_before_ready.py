"""The page before its Python is ready: it answers, and a tap on Roll is never lost.

The game's archive (kismet.zip) is held back on its way, as a slow network would, so the
test has all the time it needs before the game is ready; then it is let through."""

from __future__ import annotations

from typing import Any

import pytest

from kismet import Game
from kismet.text import text
from tests.conftest import READY_TIMEOUT_MS, Site, artifact, holding
from tests.test_access import axe_violations
from tests.test_browser import faces

# the page before a first start is ready: contexts with nothing stored
pytestmark = [pytest.mark.browser, pytest.mark.first_visit]


def test_the_page_answers_before_the_game_is_ready_and_keeps_a_roll(
    context: Any, site: Site
) -> None:
    # The game's worker fetches the game's archive (to import the game into its snapshot):
    # the request is held until the archive is let through.
    with holding(context, site, "kismet.zip") as page:
        before_ready(page)


def before_ready(page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.emulate_media(reduced_motion="no-preference")  # the kept roll's dice rock
    page.goto(page.holding.url + "?seed=23", wait_until="domcontentloaded")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.get_attribute("html", "data-ready") == "false"
    # The menu opens and closes.
    page.click("[data-testid=menu]")
    assert page.get_attribute("header.top", "data-menu") == "open"
    assert page.get_attribute("[data-testid=menu]", "aria-expanded") == "true"
    assert page.is_visible("[data-testid=help]")
    # The rules open, and close again.
    page.click("[data-testid=help]")
    page.wait_for_selector("#help-dialog[open]")
    assert page.get_attribute("header.top", "data-menu") == "closed"
    page.click("[data-testid=help-close]")
    page.wait_for_selector("#help-dialog", state="hidden")
    # A tap on Roll is kept, and the page says so.
    page.click("[data-testid=roll]")
    assert "as soon as the game is ready" in page.text_content("[data-testid=status]")
    # ... where the player sees it (a first visit's guide hides the status line otherwise),
    # and the dice rock while the roll waits.
    assert page.get_attribute("html", "data-guide") == "on"
    said = page.locator("[data-testid=status]").bounding_box()
    assert said is not None and said["width"] > 100 and said["height"] > 10, said
    assert page.evaluate("document.querySelector('[data-testid=die-0]').getAnimations().length")
    page.screenshot(path=artifact("before-ready-roll-kept.png"))
    assert page.get_attribute("html", "data-ready") == "false"
    page.wait_for_function("() => true")
    deadline = 0
    while not page.holding.asked and deadline < 600:  # Python starts first, in its worker
        page.wait_for_timeout(100)
        deadline += 1
    assert page.holding.asked, "the game's archive was never asked for"
    assert page.get_attribute("html", "data-ready") == "false"
    page.holding.release()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT_MS)
    # Once ready, the kept tap rolled the dice: the game's first roll with this seed.
    game = Game(["Player 1"], seed=23)
    game.roll()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=rolls-left]').textContent.includes('2')"
    )
    assert faces(page) == game.dice
    assert "as soon as the game is ready" not in page.text_content("[data-testid=status]")


RECORD_LOADING = """window.__loading = [];
new MutationObserver(() => setTimeout(() => {  // once the page's own observers have run
  const root = document.documentElement, heard = window.__loading;
  if (root.dataset.ready === 'true' || !root.dataset.loading) return;
  const now = [Number(root.dataset.loading),
               document.querySelector('[data-testid=current-player]')?.textContent ?? ''];
  const last = heard[heard.length - 1];
  if (!last || last[0] !== now[0] || last[1] !== now[1]) heard.push(now);
})).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-loading'] });"""
"""Each share of the start's downloads the page hears before it is ready, with what the turn
line then says."""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_first_visit_shows_how_far_its_downloads_are(browser: Any, site: Site, lang: str) -> None:
    # The game's archive is held back: the share of the start's downloads stops short of
    # all, shown after "Loading the game…" and as a bar along Roll; let through, it comes
    # to all, and the page says the game is starting until it is ready.
    locale = {"en": "en-GB", "ko": "ko-KR"}[lang]
    context = browser.new_context(locale=locale, viewport={"width": 360, "height": 640})
    context.add_init_script(RECORD_LOADING)
    with holding(context, site, "kismet.zip") as page:
        page.goto(page.holding.url, wait_until="domcontentloaded")
        page.wait_for_function("() => Number(document.documentElement.dataset.loading) > 0.3")
        while not page.holding.asked:
            page.wait_for_timeout(100)
        page.wait_for_timeout(300)  # what was on its way arrives; the archive waits
        share = float(str(page.get_attribute("html", "data-loading")))
        assert 0.3 < share < 1, share
        loading = text("app.loading", lang)
        line = str(page.text_content("[data-testid=current-player]"))
        assert line == f"{loading} {round(share * 100)}%", line
        bar = page.evaluate(
            "() => getComputedStyle(document.querySelector('[data-testid=roll]'), '::after').width"
        )
        roll = page.locator("[data-testid=roll]").bounding_box()
        assert roll is not None and float(bar.removesuffix("px")) > 0.3 * roll["width"], bar
        page.screenshot(path=artifact(f"before-ready-loading-{lang}.png"))
        assert axe_violations(page) == []  # the loading screen, share and bar
        page.holding.release()
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT_MS)
        heard = page.evaluate("window.__loading")
    shares = [share for share, _ in heard]
    assert shares == sorted(shares) and shares[-1] == 1, shares
    assert [said for share, said in heard if share == 1] == [text("app.starting", lang)], heard
    context.close()
