"""A player's progress in the page: statistics with charts, luck against skill after a game,
export to a file and import from it, in Chromium against the built site."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kismet.app.base.finished import Finished
from kismet.app.base.settings import Settings
from kismet.app.keeping.backup import backup_data
from kismet.app.keeping.folded import Folded
from kismet.rules import Game
from tests.conftest import READY_TIMEOUT_MS, Site, artifact, open_app, reveal, watch_page
from tests.test_phone import LAPTOP, PHONES, start_game
from tests.test_print import pdf_text, save_png

pytestmark = pytest.mark.browser

STORAGE = """() => Object.fromEntries(Object.keys(localStorage).sort()
                                     .map(k => [k, localStorage.getItem(k)]))"""


def finish_solo(page: Any) -> None:
    """Roll once each turn and fill the first open box (saying yes to a zero)."""
    for _ in range(15):
        page.click("[data-testid=roll]")
        page.locator("table.sheet td button").first.click()
        if page.is_visible("#confirm-dialog"):
            page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=game-over]")


def open_stats(page: Any) -> None:
    reveal(page, "stats").click()
    page.wait_for_selector("#stats-dialog[open]")


def restore_file(page: Any, path: Path) -> str:
    """Choose ``path`` with Import; what the dialog then says."""
    notice = page.locator("[data-testid=backup-notice]")
    notice.evaluate("el => { el.textContent = ''; }")
    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=restore]")
    chooser.value.set_files(str(path))
    page.wait_for_function(
        "() => document.querySelector('[data-testid=backup-notice]').textContent !== ''"
    )
    return str(notice.text_content())


def figure(page: Any, label: str) -> str:
    item = page.locator(".stats-figures div", has=page.locator(f"dt:text-is('{label}')"))
    return str(item.locator("dd").text_content())


@pytest.mark.long
def test_two_games_in_the_statistics_then_carried_away_and_back_by_a_file(
    page: Any, site: Site, tmp_path: Path
) -> None:
    open_app(page, site.url + "?seed=3")
    start_game(page, ["Ann"])
    totals = []
    for game in range(2):
        finish_solo(page)
        # Luck against skill: the table is fetched at the game's end, then the line is said.
        luck = page.locator("[data-testid=luck]")
        luck.wait_for(timeout=READY_TIMEOUT_MS)
        assert "choices cost" in str(luck.text_content())
        row = page.locator("[data-testid=luck-table] tbody tr").first
        cells = [str(c) for c in row.locator("td").all_text_contents()]
        expected, choices, dice, total = (float(c) for c in cells[1:])
        assert expected + choices + dice == pytest.approx(total, abs=0.11)
        totals.append(int(total))
        page.locator("[data-testid=game-over]").screenshot(path=str(artifact("luck-game-over.png")))
        if game == 0:
            page.click("[data-testid=play-again]")
    open_stats(page)
    assert figure(page, "Games") == "2"
    assert figure(page, "Best") == str(max(totals))
    assert figure(page, "Average") == f"{sum(totals) / 2:.1f}"
    chart = page.locator("[data-testid=stats-totals-chart] > svg")
    assert chart.is_visible() and chart.get_attribute("role") == "img"
    assert "2 games" in str(chart.get_attribute("aria-label"))
    page.wait_for_selector("[data-testid=stats-histogram] .perfect-bar", state="attached")

    with page.expect_download() as download:
        page.click("[data-testid=backup]")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("kismet-") and saved.suffix == ".json"
    assert len(json.loads(saved.read_text())["history"]) == 2

    # Cleared, the browser forgets; the file brings it all back, once.
    page.evaluate("localStorage.clear()")
    open_app(page, site.url)
    assert "No finished games" in str(page.text_content("[data-testid=high-scores]"))
    open_stats(page)
    said = restore_file(page, saved)
    assert "Restored 2 finished games (0 were already here)" in said
    assert page.locator("[data-testid=high-scores] tbody tr").count() == 2
    assert figure(page, "Games") == "2" and figure(page, "Best") == str(max(totals))
    kept = page.evaluate(STORAGE)
    assert "Restored 0 finished games (2 were already here)" in restore_file(page, saved)
    assert page.evaluate(STORAGE) == kept

    # A bad file is told, and nothing changes: not JSON, another app's, from a newer
    # version, a game the rules could not have produced, far too big.
    good = saved.read_text()
    bad_files = (
        ("notes.json", "not json {"),
        ("other.json", '{"format": "x"}'),
        ("newer.json", good.replace('"version":1', '"version":7', 1)),
        ("cheat.json", good.replace('"totals":[', '"totals":[10', 1)),
        ("huge.json", " " * 9_000_000),
    )
    for name, content in bad_files:
        bad = tmp_path / name
        bad.write_text(content)
        said = restore_file(page, bad)
        assert "Nothing was changed" in said
        assert page.get_by_role("alert").filter(has_text="Nothing was changed").is_visible()
        assert page.evaluate(STORAGE) == kept


def many_games(count: int, seed: int) -> dict[str, Any]:
    """An export file of ``count`` finished games by Ann (some with Bo, some priced)."""
    rng = random.Random(seed)
    history = []
    for n in range(count):
        players = ["Ann", "Bo"] if n % 3 == 0 else ["Ann"]
        game = Game(players, seed=seed * 1000 + n)
        while not game.is_over:
            game.roll()
            for _ in range(2):
                options = game.options()
                best = max(options.values())
                if best >= 20 or not game.can_roll():
                    break
                game.roll()
            options = game.options()
            box = max(options, key=lambda c: options[c] + rng.random())
            game.score(box)
        when = f"2026-{10 + n * 2 // count:02d}-{1 + n % 28:02d}T10:00:00+00:00"
        seats = ("human",) * len(players)
        record = Finished.of(f"{seed:04x}{n:012x}", when, game, seats, None)
        lost = tuple(round(rng.uniform(2, 40), 2) for _ in players)
        history.append(record.priced(lost))
    history.sort(key=lambda f: f.finished)
    return backup_data(history, Folded(), None, [], Settings(), "2026-11-30T10:00:00+00:00")


@pytest.mark.long
@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_statistics_screens_on_a_phone_and_a_laptop(
    browser: Any, site: Site, tmp_path: Path, locale: str
) -> None:
    source = tmp_path / "kismet-2026-11-30.json"
    source.write_text(json.dumps(many_games(36, 7)))
    lang = locale[:2]
    # Each device once, light then dark in the same page (the scheme is switched, not a new
    # Python): the import is read once per device.
    for kind, (width, height) in (("phone", PHONES["360x640"]), ("laptop", LAPTOP)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, color_scheme="light", locale=locale,
            has_touch=kind == "phone", is_mobile=kind == "phone",
        )  # fmt: skip
        tab = context.new_page()
        watch = watch_page(tab, site.url)
        page_name = "index.ko.html" if lang == "ko" else ""
        open_app(tab, site.url + page_name)
        open_stats(tab)
        said = restore_file(tab, source)
        assert "36" in said
        tab.wait_for_selector("[data-testid=stats-histogram] .perfect-bar", state="attached")
        dialog = tab.locator("#stats-dialog")
        for scheme in ("light", "dark"):
            tab.emulate_media(color_scheme=scheme)
            dialog.evaluate("d => { d.scrollTop = 0; }")  # back at the top
            check_stats_screen(tab, dialog, kind, scheme, lang, width)
        close = tab.locator("[data-testid=stats-close]")
        close.click()
        assert not dialog.is_visible()
        context.close()
        assert not watch.errors, watch.errors


def check_stats_screen(
    tab: Any, dialog: Any, kind: str, scheme: str, lang: str, width: int
) -> None:
    """The statistics dialog on one screen: nothing wider than it, the charts named and
    their numbers in tables, Close at hand when scrolled; screenshots, and the printout."""
    overflow = dialog.evaluate("d => d.scrollWidth - d.clientWidth")
    assert overflow <= 1, overflow
    for chart in tab.locator(".chart > svg").all():
        assert chart.get_attribute("role") == "img" and chart.get_attribute("aria-label")
        box = chart.bounding_box()
        assert box is not None and box["width"] <= width
    assert tab.locator(".chart details table").count() == 3  # the numbers, as tables
    tab.locator("#stats-title").focus()
    tab.screenshot(path=str(artifact(f"stats-{kind}-{scheme}-{lang}.png")))
    # Scrolled down, Close is still at hand, and big enough to tap.
    tab.locator("[data-testid=stats-versus]").scroll_into_view_if_needed()
    close = tab.locator("[data-testid=stats-close]")
    box = close.bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] >= 43.5
    assert close.evaluate("el => document.elementFromPoint(el.getBoundingClientRect().x + 5,"
                          " el.getBoundingClientRect().y + 5) === el")  # fmt: skip
    if kind == "phone" and scheme == "light":
        tab.locator("[data-testid=stats-histogram]").scroll_into_view_if_needed()
        tab.screenshot(path=str(artifact(f"stats-{kind}-{scheme}-{lang}-charts.png")))
    if kind == "laptop" and scheme == "dark":
        # Printed (from a dark screen), the statistics come out alone, dark on white.
        tab.evaluate("document.body.dataset.print = 'stats'")
        pdf = tab.pdf(format="A4", print_background=False)
        pages, printed = pdf_text(pdf)
        printed = " ".join(printed.split())  # the PDF's text spaces Korean words wider
        assert tab.locator("[data-testid=stats-body]").count() == 1
        title = "나의 기록" if lang == "ko" else "Your progress"
        assert title in printed and "Ann" in printed
        assert "Roll" not in printed and pages <= 4
        save_png(pdf, f"stats-print-{lang}.png")
    if kind == "phone" and scheme == "dark":
        tab.screenshot(path=str(artifact(f"stats-{kind}-{scheme}-{lang}-scrolled.png")))
