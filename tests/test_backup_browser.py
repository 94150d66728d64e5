"""Games that outlive the browser, in Chromium against the built site: a backup made after
three finished games, a game put aside, a game by link joined from a friend's phone and
changed settings; the site's data cleared (localStorage, IndexedDB, caches); the backup
opened: everything the game shows is back. A cleared localStorage on a device that played
before is said; the reminder comes after ten finished games, between turns, and not again
once put off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kismet.app.keeping.backup import backup_data
from kismet.app.keeping.storage import GAME_KEY
from tests.conftest import Site, artifact, open_app, reveal
from tests.helpers import almost_finished
from tests.test_browser import start_game
from tests.test_by_link import sent_link
from tests.test_stats import many_games

pytestmark = [pytest.mark.browser, pytest.mark.long]

PHONE = {"width": 360, "height": 760}

SHOWN = """() => {
  const html = (selector) => document.querySelector(selector)?.innerHTML ?? null;
  const pressed = [...document.querySelectorAll('header [aria-pressed]')]
    .map((b) => `${b.dataset.testid}=${b.getAttribute('aria-pressed')}`);
  // The sheet's names and boxes (its foot's win chances come in the background, later)
  return { sheet: html('table.sheet thead') + html('table.sheet tbody'),
           scores: html('#high-scores'), pressed,
           language: document.querySelector('[data-testid=language]').value };
}"""
"""What the game shows that a backup must bring back: the sheet at the table, the high
scores, the settings."""


STORED = """() => JSON.stringify(Object.entries(localStorage)
  .filter(([key]) => !key.endsWith('stamp')).sort())"""
"""Every stored key but the stamp (which every commit changes)."""


SAID = """() => /^Restored|Nothing was changed/
  .test(document.querySelector('[data-testid=status]').textContent)"""
"""The status line says how a restore went."""


def roll_and_fill(page: Any) -> None:
    """Roll, then fill the first open box of the first column (yes to a zero)."""
    page.click("[data-testid=roll]")
    page.locator("[data-testid^=cell-0-] button.option").first.click()
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")


def finish_at_table(page: Any, site: Site, seed: int) -> None:
    """A game one turn from its end at the table, finished through the page."""
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [GAME_KEY, almost_finished(seed, "Ann")]
    )
    open_app(page, site.url)
    roll_and_fill(page)
    page.wait_for_selector("[data-testid=game-over]")


BACKED_UP = "() => JSON.parse(localStorage.getItem('kismet:v1:reminder') ?? '{}').backed_up ?? ''"
"""When the last backup was made, as the reminder keeps it ("": never)."""


def back_up(page: Any, folder: Path) -> Path:
    """The menu's Back up, one tap once the menu is open (beside the line that says where
    the games stand): the file the browser downloads, saved in ``folder`` (and counted as a
    backup made, the status line says so)."""
    button = reveal(page, "menu-backup")
    assert inside_the_window(page, "[data-testid=menu-backup]")
    with page.expect_download() as download:
        button.click()
    saved = folder / download.value.suggested_filename
    download.value.save_as(saved)
    status = page.locator("[data-testid=status]")
    status.filter(has_text=f"Backed up to {saved.name}.").wait_for()
    assert page.evaluate(BACKED_UP)
    return saved


def inside_the_window(page: Any, selector: str) -> bool:
    """Whether the element is shown whole inside the window, nothing scrolled."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        bool(box)
        and box["x"] >= 0
        and box["y"] >= 0
        and (
            box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
        )
    )


def dialog_html(page: Any, opener: str, body: str, ready: str | None = None) -> str:
    reveal(page, opener).click()
    if ready is not None:
        page.wait_for_selector(ready, state="attached")
    shown = page.inner_html(body)
    page.keyboard.press("Escape")
    return str(shown)


def everything(page: Any) -> dict[str, Any]:
    shown = page.evaluate(SHOWN)
    shown["games"] = dialog_html(page, "games", "[data-testid=games-list]")
    # Perfect play's spread beside the totals arrives after the dialog opens.
    perfect = "[data-testid=stats-histogram] .perfect-bar"
    shown["stats"] = dialog_html(page, "stats", "[data-testid=stats-body]", perfect)
    # The last box filled on this visit is marked for a moment: not part of the game.
    shown["sheet"] = shown["sheet"].replace(' class="fresh"', "")
    return dict(shown)


def restore(page: Any, path: Path, button: str = "menu-restore") -> str:
    """Open a backup with ``button`` (the menu's Restore, one tap once the menu is open);
    what the status line then says."""
    if button.startswith("menu-"):
        reveal(page, button)  # (the game answers the menu's opening: before the line is cleared)
        assert inside_the_window(page, f"[data-testid={button}]")
    page.locator("[data-testid=status]").evaluate("el => { el.textContent = ''; }")
    with page.expect_file_chooser() as chooser:
        page.click(f"[data-testid={button}]")
    chooser.value.set_files(str(path))
    page.wait_for_function(SAID)
    return str(page.text_content("[data-testid=status]"))


def test_everything_comes_back_from_a_backup_after_the_site_data_is_cleared(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    page = open_app(context.new_page(), f"{site.url}?seed=7")
    for seed in (21, 22, 23):
        finish_at_table(page, site, seed)
    # A friend's phone starts a game by link; this phone joins it at Bo's seat.
    friend = browser.new_context(viewport=PHONE)
    theirs = open_app(friend.new_page(), f"{site.url}?seed=4")
    start_game(theirs, ["Di", "Bo"], "by-link")
    roll_and_fill(theirs)
    link = sent_link(theirs)
    friend.close()
    open_app(page, link)
    page.click("[data-testid=seat-1]")
    # A game put aside, and a game under way at the table; the settings changed.
    start_game(page, ["Eve"])
    page.click("[data-testid=confirm]")  # the game by link waits under Games in progress
    page.click("[data-testid=roll]")
    start_game(page, ["Fay", "Gus"])
    page.click("[data-testid=confirm]")  # Eve's game is put aside
    roll_and_fill(page)
    for switch in ("shapes", "sound"):
        reveal(page, switch).click()
    before = everything(page)
    assert "Di and Bo: turn 1" in before["games"] and "your turn" in before["games"]
    saved = back_up(page, tmp_path)
    data = json.loads(saved.read_text())
    assert len(data["history"]) == 3 and len(data["paused"]) == 2 and data["game"]
    assert sum(1 for t in data["paused"] if t.get("me") is not None) == 1

    # Every kind of site data cleared, as a player's "Clear site data" does, with the game's
    # tab closed first (an open tab would write its game back).
    site_data = """async () => [(await navigator.serviceWorker.getRegistrations()).length,
      (await caches.keys()).length, (await indexedDB.databases()).length, localStorage.length]"""
    assert all(page.evaluate(site_data)), page.evaluate(site_data)
    page.close()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    origin = site.url.rstrip("/")
    used = {"origin": origin}
    assert cdp.send("Storage.getUsageAndQuota", used)["usage"] > 0
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    usage = cdp.send("Storage.getUsageAndQuota", used)
    assert usage["usage"] == 0, usage["usageBreakdown"]  # IndexedDB, caches, service worker
    open_app(page, site.url)
    assert page.is_hidden("[data-testid=wiped]")  # nothing outlived it to say so
    assert "No finished games" in str(page.text_content("[data-testid=high-scores]"))
    said = restore(page, saved)
    page.keyboard.press("Escape")
    assert said.startswith("Restored 3 finished games (0 were already here).")
    assert "3 games in progress were added" in said and "1 of them by link" in said
    after = everything(page)
    assert after == before
    # Opened again, it doubles nothing; reloaded, it is all still there.
    kept = page.evaluate(STORED)
    assert restore(page, saved).startswith("Restored 0 finished games (3 were already here).")
    page.keyboard.press("Escape")
    assert page.evaluate(STORED) == kept
    open_app(page, site.url)
    assert everything(page) == before
    # The game by link goes on from its seat.
    reveal(page, "games").click()
    page.locator("[data-testid=games-list] li", has_text="Di and Bo").locator("button").click()
    assert "Bo" in str(page.text_content("[data-testid=current-player]"))
    assert page.is_enabled("[data-testid=roll]")  # Bo's turn, on Bo's phone
    context.close()


def test_a_cleared_storage_is_said_and_a_backup_opened_from_the_first_screen(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = open_app(context.new_page(), f"{site.url}?seed=7")
    finish_at_table(page, site, 31)
    saved = back_up(page, tmp_path)
    page.evaluate("localStorage.clear()")  # the browser cleared it; IndexedDB outlived it
    open_app(page, site.url)
    wiped = page.locator("[data-testid=wiped]")
    assert wiped.is_visible() and "was cleared" in str(wiped.text_content())
    page.screenshot(path=artifact("wiped-phone.png"))
    assert restore(page, saved, "wiped-restore").startswith("Restored 1 finished game (")
    assert wiped.is_hidden()
    context.close()


def test_the_reminder_comes_after_ten_games_and_not_again_once_put_off(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = open_app(context.new_page(), f"{site.url}?seed=7")
    finish_at_table(page, site, 40)  # a game of this device's own, then eight from a file
    eight = tmp_path / "eight.json"  # (onto a device with none, a backup counts as made)
    eight.write_text(json.dumps(many_games(8, seed=5)))
    said = restore(page, eight)
    page.keyboard.press("Escape")
    # Opened on a device with games of its own, it keeps both sets.
    assert said.startswith("Restored 8 finished games (0 were already here).")
    kept = page.evaluate("JSON.parse(localStorage.getItem('kismet:v1:history')).length")
    assert kept == 9
    reminder = page.locator("[data-testid=backup-reminder]")
    assert reminder.is_hidden()
    finish_at_table(page, site, 41)  # the tenth
    assert reminder.is_visible()
    assert page.get_attribute("html", "data-persist-asked") == "true"  # a game finished here
    page.screenshot(path=artifact("backup-reminder-phone.png"))
    page.click("[data-testid=play-again]")
    page.click("[data-testid=roll]")
    assert reminder.is_hidden()  # never in the middle of a turn
    start_game(page, ["Ann"])
    page.click("[data-testid=confirm]")
    assert reminder.is_visible()
    page.click("[data-testid=backup-later]")
    assert reminder.is_hidden()
    open_app(page, site.url)
    assert reminder.is_hidden()  # not again until ten more
    # The settings' line says where the data stands.
    kept = page.locator("[data-testid=storage-kept]")
    assert kept.get_attribute("data-persisted") in ("true", "false")
    assert "Your games take" in str(kept.text_content())
    page.set_viewport_size({"width": 1280, "height": 800})
    reveal(page, "storage-kept")
    page.screenshot(path=artifact("storage-kept-laptop.png"))
    context.close()


SHARE_SHEET = """(answer) => {
  navigator.canShare = () => true;
  navigator.share = () => answer === 'cancel'
    ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
    : Promise.resolve();
}"""
"""The share sheet's answer: headless Chromium shows none, so this gives the answer a
phone's sheet gives when the player cancels it, or sends the file."""


def test_a_cancelled_share_sheet_is_no_backup_and_a_sent_file_is(browser: Any, site: Site) -> None:
    context = browser.new_context(viewport=PHONE)
    page = open_app(context.new_page(), f"{site.url}?seed=7")
    finish_at_table(page, site, 33)
    notice = page.locator("[data-testid=backup-notice]")
    reveal(page, "stats").click()
    page.evaluate(SHARE_SHEET, "cancel")
    page.click("[data-testid=backup]")
    notice.filter(has_text="Not backed up: the share was cancelled.").wait_for()
    assert page.evaluate(BACKED_UP) == ""
    page.evaluate(SHARE_SHEET, "send")
    page.click("[data-testid=backup]")
    notice.filter(has_text="Backed up to kismet-").wait_for()
    assert page.evaluate(BACKED_UP)
    context.close()


def test_a_backup_with_nothing_in_it_restores_nothing(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    from kismet.app.base.settings import Settings
    from kismet.app.keeping.folded import Folded

    page = open_app(browser.new_context(viewport=PHONE).new_page(), site.url)
    empty = tmp_path / "empty.json"
    empty.write_text(
        json.dumps(backup_data([], Folded(), None, [], Settings(), "2026-12-05T00:00:00+00:00"))
    )
    assert restore(page, empty).startswith("Restored 0 finished games (0 were already here).")
    page.context.close()


def test_a_damaged_or_hostile_backup_is_refused_and_changes_nothing(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = open_app(context.new_page(), f"{site.url}?seed=7")
    finish_at_table(page, site, 51)
    text = back_up(page, tmp_path).read_text()
    data = json.loads(text)
    forged = json.loads(text)
    forged["history"][0]["totals"] = [565]
    hostile = {
        "truncated": (text[: len(text) // 2], "not JSON"),
        "forged": (json.dumps(forged), "could not have produced"),
        "huge": (" " * 10_000_000 + text, "too big (10.0 MB)"),
        "deep": (
            '{"format": "kismet.export", "history": ' + "[" * 20_000 + "]" * 20_000 + "}",
            "not a Kismet backup",
        ),
    }
    assert data["history"][0]["totals"] != [565]
    kept = page.evaluate(STORED)
    for name, (content, words) in hostile.items():
        path = tmp_path / f"{name}.json"
        path.write_text(content)
        said = restore(page, path)
        assert words in said and said.endswith("Nothing was changed."), (name, said)
        assert page.evaluate(STORED) == kept, name
    context.close()


HOLD_NEXT_COMMIT = """() => {
  const made = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    IDBDatabase.prototype.transaction = made; // the next transaction only
    const held = made.apply(this, args);
    const busy = () => {
      if (!globalThis.kismetCleared) held.objectStore("stamp").get("recent").onsuccess = busy;
    };
    busy();
    globalThis.kismetHeld = true;
    return held;
  };
}"""
"""Keeps the next commit's IndexedDB transaction (static/storing.mjs's ``guarded``) busy with
reads, as a slow device would, until ``kismetCleared``: the site's data is cleared while a
commit is under way. (The clearing can also overtake a transaction just made, and Chromium then
never says "abort": that order, which once froze every later move, is played exactly by
``tests/test_storage.py::test_a_commit_is_stored_however_the_browser_ends_its_transaction``.)"""


def test_the_game_goes_on_when_the_site_data_is_cleared_under_it(browser: Any, site: Site) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    page = open_app(context.new_page(), f"{site.url}?seed=7")
    open_app(page, site.url)  # the service worker controls the page now
    assert page.evaluate("!!navigator.serviceWorker.controller")
    finish_at_table(page, site, 61)  # the strategy table on its way, through it
    page.click("[data-testid=play-again]")
    cdp = context.new_cdp_session(page)
    # A roll's commit under way (clicked without waiting for its answer), then the clearing.
    cdp.send("Runtime.evaluate", {"expression": f"({HOLD_NEXT_COMMIT})()"})
    roll = "document.querySelector('[data-testid=roll]').click()"
    cdp.send("Runtime.evaluate", {"expression": roll})
    page.wait_for_function("() => globalThis.kismetHeld === true")
    cdp.send("Storage.clearDataForOrigin", {"origin": site.url.rstrip("/"), "storageTypes": "all"})
    cdp.send("Runtime.evaluate", {"expression": "globalThis.kismetCleared = true"})
    answered = "() => globalThis.Kismet.settled().then(() => true)"
    page.wait_for_function(answered, timeout=20_000)  # the game answers again, and goes on
    page.locator("[data-testid^=cell-0-] button.option").first.click()
    if page.is_visible("#confirm-dialog"):
        page.click("[data-testid=confirm]")
    page.click("[data-testid=roll]")
    assert page.locator("table.sheet td[data-state=filled]").count() == 1
    assert page.get_attribute("[data-testid=die-0]", "data-face")
    context.close()
