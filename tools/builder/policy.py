"""The pages' Content Security Policy, written by the build into each page as a ``<meta>``
(GitHub Pages sends no headers of ours): each directive with the sources it allows and why
(docs/security.md explains it line by line), the inline head script allowed by its hash."""

from __future__ import annotations

import base64
import hashlib
import re

from .env import Problem

DIRECTIVES: tuple[tuple[str, str, str], ...] = (
    ("default-src", "'self'", "anything not named below comes from the site itself"),
    ("script-src", "'self' 'wasm-unsafe-eval'",
     "the site's scripts, and WebAssembly compiled (Pyodide); the inline head script by "
     "its hash; never a string run as code"),
    ("style-src", "'self'", "the site's style sheet; no style in the page or its attributes"),
    ("worker-src", "'self' blob:",
     "the service worker, and the game's worker, which PyScript starts from a blob: URL of "
     "its own making (only a script already running here can make one)"),
    ("connect-src", "'self'", "the game fetches only the site's own files"),
    ("object-src", "'none'", "no plug-ins"),
    ("base-uri", "'none'", "no <base> that would move the page's relative addresses"),
    ("form-action", "'none'", "no form is ever sent anywhere"),
    ("require-trusted-types-for", "'script'",
     "HTML, scripts and script addresses only through the site's own policies"),
    ("trusted-types", "kismet default",
     "the painter's HTML (kismet) and the addresses of the site's workers (default): "
     "static/paint.js makes both"),
)  # fmt: skip
"""Each directive: its name, its sources, and why."""

PLACEHOLDER = "__CONTENT_POLICY__"
"""Where index.html takes the policy (its ``<meta http-equiv>``, before any script)."""

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def script_hash(code: str) -> str:
    """The CSP source that allows an inline script of exactly this text."""
    digest = hashlib.sha256(code.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def inline_scripts(page: str) -> list[str]:
    """The text of each inline script (a ``<script>`` with no attribute) of a page."""
    return _INLINE_SCRIPT.findall(page)


def content_policy(page: str) -> str:
    """The policy of one built page: ``DIRECTIVES``, its inline scripts by their hashes."""
    hashes = " ".join(script_hash(code) for code in inline_scripts(page))
    parts = []
    for name, sources, _ in DIRECTIVES:
        allowed = f"{sources} {hashes}" if name == "script-src" and hashes else sources
        parts.append(f"{name} {allowed}")
    return "; ".join(parts)


def with_policy(page: str) -> str:
    """A rendered page with its policy written into its ``<meta>``."""
    if page.count(PLACEHOLDER) != 1:
        raise Problem(f"index.html must hold {PLACEHOLDER} once, in its policy's <meta>")
    if page.index(PLACEHOLDER) > page.index("<script"):
        raise Problem("index.html's policy must come before its first script")
    policy = content_policy(page)
    if any(c in policy for c in '"&<>'):
        raise Problem(f"the policy must read as a plain attribute value: {policy}")
    return page.replace(PLACEHOLDER, policy)
