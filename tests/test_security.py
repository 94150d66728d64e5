"""Nothing runs that the site did not ship: the built pages' Content Security Policy, read
and checked; Trusted Types, the one door into the page's HTML; a missed escape that still
runs nothing; and the game's worker under the same policy (docs/security.md).

Every browser test also fails on any refusal of the policy on its pages
(``tests/conftest.py``, ``no_policy_violation``): the tests here that provoke one on purpose
take it (``refusals``) and check it is the one they meant."""

from __future__ import annotations

import re
from typing import Any

import pytest

from kismet.html.page import PAGES
from tests.conftest import Seeding, Site, open_app, refusals
from tools.builder.policy import DIRECTIVES, inline_scripts, script_hash

pytestmark = pytest.mark.browser

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')

KEYWORDS = {"'self'", "'none'"}
"""The sources any directive may name."""
ALLOWED_MORE = {
    "script-src": {"'wasm-unsafe-eval'"},
    "worker-src": {"blob:"},
    "require-trusted-types-for": {"'script'"},
    "trusted-types": {"kismet", "default"},
}
"""The sources a directive may name beyond ``KEYWORDS`` (and script-src's hashes)."""
MUST = {
    "default-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "require-trusted-types-for": ["'script'"],
}
"""Directives every page must carry exactly so."""
HASH = re.compile(r"'sha256-[A-Za-z0-9+/]{43}='")


def parse(policy: str) -> dict[str, list[str]]:
    """A policy's directives and their sources (a directive named twice: the first, as a
    browser takes it)."""
    found: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        found.setdefault(name.lower(), sources)
    return found


def weaknesses(policy: str) -> list[str]:
    """What makes a policy less than strict, in words (empty: none): a script from a string
    or inline without its hash, a wildcard, a host or scheme other than the site's own."""
    directives = parse(policy)
    found = []
    for name, sources in directives.items():
        for source in sources:
            if "*" in source:
                found.append(f"{name}: a wildcard, {source}")
            elif name == "script-src" and HASH.fullmatch(source):
                continue
            elif source not in KEYWORDS | ALLOWED_MORE.get(name, set()):
                found.append(f"{name}: {source} is not the site's own")
    for name, sources in MUST.items():
        if directives.get(name) != sources:
            found.append(f"{name} must be {' '.join(sources)}, is {directives.get(name)}")
    if "script-src" not in directives:
        found.append("no script-src: scripts fall back to default-src")
    return found


def test_the_check_of_the_policy_catches_each_weakness_it_names() -> None:
    # A test of the test: each weakness planted in the policy as built is found.
    strict = "; ".join(f"{name} {sources}" for name, sources, _ in DIRECTIVES)
    assert weaknesses(strict) == []
    planted = {
        "unsafe-eval": ("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
        "unsafe-inline": ("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
        "a wildcard": ("connect-src 'self'", "connect-src *"),
        "another host": ("script-src 'self'", "script-src 'self' https://cdn.example.com"),
        "a scheme": ("script-src 'self'", "script-src 'self' data:"),
        "a blob: script": ("script-src 'self'", "script-src 'self' blob:"),
        "styles inline": ("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
        "objects": ("object-src 'none'", "object-src 'self'"),
        "a base": ("base-uri 'none'", "base-uri 'self'"),
        "no trusted types": ("require-trusted-types-for 'script'", "sandbox allow-scripts"),
    }
    for kind, (was, now) in planted.items():
        assert was in strict, kind
        assert weaknesses(strict.replace(was, now)), kind


@pytest.mark.parametrize("name", sorted(PAGES.values()))
def test_every_page_carries_the_strict_policy_and_its_inline_script_s_hash(
    site: Site, name: str
) -> None:
    page = (site.root / name).read_text(encoding="utf-8")
    policies = META.findall(page)
    assert len(policies) == 1, policies
    assert page.index("Content-Security-Policy") < page.index("<script")  # before any script
    policy = policies[0]
    assert weaknesses(policy) == [], policy
    # The inline head script (the language, the first paint's marks) is allowed by the hash
    # of the very text of this built file, and nothing else inline is.
    allowed = set(HASH.findall(" ".join(parse(policy)["script-src"])))
    inline = inline_scripts(page)
    assert len(inline) == 1
    assert allowed == {script_hash(code) for code in inline}
    assert "style=" not in page and "<style" not in page  # no style but the style sheet's


def test_a_plain_string_is_never_written_as_html_but_the_painter_s_is(
    page: Any, site: Site, seeding: Seeding
) -> None:
    # Trusted Types: HTML reaches the page only through the painter's own policy
    # (static/paint.js), which Python's HTML goes through; a plain string is refused.
    open_app(page, site.url)
    said = page.evaluate("""() => {
      const el = document.createElement('div');
      try { el.innerHTML = '<b>plain</b>'; return 'written'; } catch (e) { return e.name; }
    }""")
    assert said == "TypeError"
    heard = refusals(seeding)
    assert heard and all("TrustedHTML" in h or "require-trusted-types-for" in h for h in heard)
    page.watch.errors.clear()  # the refusal's own console error, taken above
    page.evaluate("Kismet.apply([['html', '[data-testid=status]', '<b>painted</b>']])")
    assert page.inner_html("[data-testid=status]") == "<b>painted</b>"


MISSED = (
    '<img src="no-such-image" onerror="__canary()">'
    '<svg onload="__canary()"></svg><a href="javascript:__canary()" id="missed">link</a>'
    "<script>__canary()</script>"
)
"""HTML as if Python had missed an escape: each part would call the canary."""


def test_a_missed_escape_still_runs_nothing(page: Any, site: Site, seeding: Seeding) -> None:
    # The painter's door passes HTML as Python built it: were an escape ever missed, the
    # policy still runs no handler, no javascript: address and no script of it.
    page.add_init_script("window.__called = 0; window.__canary = () => { window.__called += 1; }")
    open_app(page, site.url)
    page.evaluate(f"Kismet.apply([['html', '[data-testid=status]', {MISSED!r}]])")
    page.dispatch_event("#missed", "click")
    page.wait_for_timeout(300)  # the image's error comes after its request
    assert page.evaluate("window.__called") == 0
    heard = " ".join(refusals(seeding))
    assert "script-src" in heard  # refused by the policy, and said
    page.watch.errors.clear()


def test_the_game_s_worker_runs_no_string_as_code(page: Any, site: Site, seeding: Seeding) -> None:
    # The game's worker comes from a blob: address, and takes the page's policy: a string
    # made code there is refused, and the refusal is marked on the page.
    open_app(page, site.url)
    said = page.evaluate(
        'Kismet.python(\'import js\\ntry:\\n    js.eval("1 + 1")\\n    said = "ran"\\n'
        "except Exception as error:\\n    said = str(error)\\nsaid')"
    )
    assert said.startswith("EvalError"), said
    page.wait_for_selector("html[data-worker-blocked]", state="attached")
    assert "the game's worker" in " ".join(refusals(seeding))
    page.watch.errors.clear()
