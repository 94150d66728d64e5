"""Hostile input, generated from a grammar of known attacks and tried through the real page:
names typed in New game, links (a challenge, a friend's daily result, a game by link, and
link texts of any shape) and backup files (docs/security.md).

Each case is a ``Case`` that hypothesis draws (``cases()``); ``Trial`` plays it in one page
of the built site and checks, after every case: no canary was called (every attack here
calls ``__canary()`` if it ever runs); the page's content policy refused nothing (on the
page or in the game's worker); nothing stored before is lost or changed (every finished
game, every friend's result, every game put aside, and the game at the table, kept or put
aside); what the rules refuse is refused with its reason said in words, and what they
accept shows its names as text; and the page still plays (a roll). ``tests/test_hostile.py``
runs a fixed sample of them in the test command; ``benchmarks/hostile.py`` runs thousands.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from datetime import date
from typing import Any

from hypothesis import strategies as st

from kismet.app.base.daily import daily_seed
from kismet.app.base.finished import Finished
from kismet.app.base.roster import Roster
from kismet.app.base.settings import Settings
from kismet.app.keeping.backup import RestoreProblem, backup_data, read_backup
from kismet.app.keeping.folded import Folded
from kismet.rules import Game, RuleError, SaveError
from kismet.rules.game import check_players
from kismet.rules.link import (
    GAME_LINK_VERSION,
    LINK_VERSION,
    challenge_of,
    decode,
    decode_game,
    encode,
    encode_game,
    game_link_of,
    replay_challenge,
    replay_game_link,
)
from kismet.text import explain, text
from tests.helpers import greedy_turn

CANARY = "__canary()"
"""What every attack calls if it ever runs (``INSTALL_CANARY`` counts the calls)."""

INSTALL_CANARY = "window.__called = 0; window.__canary = () => { window.__called += 1; };"
"""In every page of the trial, before the page's own scripts: the canary."""

ATTACKS = (
    f"<script>{CANARY}</script>",
    f"<img src=x onerror={CANARY}>",
    f'<img src="x" onerror="{CANARY}">',
    f"<svg onload={CANARY}>",
    f"<svg><script>{CANARY}</script></svg>",
    f"javascript:{CANARY}",
    f"data:text/html,<script>{CANARY}</script>",
    f'"><img src=x onerror={CANARY}>',
    f"'><svg/onload={CANARY}>",
    f"</textarea><script>{CANARY}</script>",
    f"</title><script>{CANARY}</script>",
    f"<a href=javascript:{CANARY}>x</a>",
    f'<iframe srcdoc="<script>parent.{CANARY}</script>">',
    f"<math><mtext><table><mglyph><style><img src=x onerror={CANARY}>",
    f'<noscript><p title="</noscript><img src=x onerror={CANARY}>">',
    f'<div style="background:url(javascript:{CANARY})">',
    f"<details open ontoggle={CANARY}>",
    f"<input autofocus onfocus={CANARY}>",
    "{{" + CANARY + "}}",
    "${" + CANARY + "}",
    "{% " + CANARY + " %}",
    "&lt;script&gt;",
    f"&#x3c;img src=x onerror={CANARY}&#x3e;",
    "%3Cscript%3E",
    "<!--",
    "]]>",
    "__proto__",
)
"""Known attacks on a page that builds HTML from text: tags and handlers, attribute breaks,
closing tags of raw-text elements, template braces, entities and escapes."""

ODD = (
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u200b",  # zero width space
    "\u200d",  # zero width joiner (allowed in names)
    "\ud800",  # a lone surrogate
    "\udfff",
    "\x00",
    "\n",
    "\t",
    '"',
    "'",
    "`",
    "\\",
    "<",
    ">",
    "&",
    "🎲",
    "김",
    "ﷺ",
    " ",
)
"""Single characters that break naive code: bidirectional overrides, zero widths, lone
surrogates, controls, quotes, and letters of other scripts."""

piece = st.sampled_from(ATTACKS) | st.sampled_from(ODD) | st.text(max_size=3)
hostile = st.lists(piece, min_size=1, max_size=4).map("".join)
"""A hostile text: attacks and odd characters run together."""
long = st.sampled_from(ATTACKS).map(lambda attack: (attack * (10_000 // len(attack) + 1))[:10_000])
"""A 10,000-character attack (far past any limit)."""
playable = st.builds(
    lambda before, attack, after: (before + attack)[: 40 - len(after)].strip() + after,
    st.sampled_from(["", "Ann ", "김 ", "🎲"]),
    st.sampled_from(ATTACKS),
    st.sampled_from(["", "!"]),
)
"""An attack as a name the rules take (at most 40 characters, no control character): the
names that reach the sheet, the offers and the seats."""
name = st.one_of(playable, playable, hostile, long)
"""A name of any kind: half of them playable (a branch repeated is drawn as often again)."""
names = st.lists(st.one_of(playable, playable, playable, name), min_size=1, max_size=3, unique=True)
"""Names for a table: most of them playable, so that whole tables of them are taken."""


@dataclass(frozen=True)
class Case:
    """One hostile input: its kind (typed, challenge, daily, by link, raw link or backup),
    and the names typed (JSON), the address's fragment, or the backup file's text."""

    kind: str
    payload: str

    def __repr__(self) -> str:
        shown = self.payload if len(self.payload) < 200 else f"{self.payload[:200]}..."
        return f"Case({self.kind!r}, {shown!r})"


@dataclass(frozen=True)
class Verdict:
    """What the rules make of an input as the page received it: refused, with the words
    the page must say; or taken, with the names it must show as text."""

    refused: bool
    said: str = ""
    shown: tuple[str, ...] = ()


def judge(case: Case, received: str, lang: str) -> Verdict:
    """The rules' verdict on ``received``: the case's payload as the page read it (the
    fields' values after the input's own clean-up; the fragment as the address holds it)."""
    try:
        if case.kind == "typed":
            return Verdict(
                False, shown=check_players(Roster.of(json.loads(received)).players(lang))
            )
        if case.kind == "backup":
            return Verdict(
                False, shown=tuple(n for f in read_backup(received).history for n in f.players)
            )
        if received.startswith("#c="):
            return Verdict(False, shown=replay_challenge(decode(received[3:])).players)
        return Verdict(False, shown=replay_game_link(decode_game(received[3:])).players)
    except RuleError as error:
        return Verdict(True, explain(error, lang))
    except SaveError as error:
        return Verdict(True, text("link.refused", lang, why=explain(error, lang)))
    except RestoreProblem as problem:
        return Verdict(True, text(problem.key, lang, **problem.params))


def _played(game: Game, turns: int) -> Game:
    for _ in range(turns):
        if game.is_over:
            break
        greedy_turn(game)
    return game


def _raw(version: int, *parts: bytes) -> str:
    """A link's text of any bytes, with a good checksum (past the check, into the reading)."""
    body = bytes([version]) + b"".join(parts)
    data = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _name_bytes(text_: str) -> bytes:
    """A name as a link carries it: UTF-8, or (a lone surrogate) the bytes a careless encoder
    writes, which no UTF-8 reader takes."""
    raw = text_.encode("utf-8", "surrogatepass")
    return bytes([min(len(raw), 255)]) + raw[:255]


def _challenge(name_: str, seed: int, day: date | None) -> Case:
    seed = daily_seed(day) if day is not None else seed
    try:
        code = encode(challenge_of(_played(Game([name_], seed=seed, linked=True), 15)))
    except (RuleError, ValueError, UnicodeEncodeError):
        # A name the game refuses: the link carries it all the same, checksum and all.
        good = base64.urlsafe_b64decode(
            encode(challenge_of(_played(Game(["Ann"], seed=seed, linked=True), 15))) + "=="
        )
        turns = good[1 + 8 + 1 + 3 : -4]  # after the version, the seed and the name "Ann"
        code = _raw(LINK_VERSION, seed.to_bytes(8, "big"), _name_bytes(name_), turns)
    return Case("challenge" if day is None else "daily", f"#c={code}")


def _by_link(names: list[str], seed: int, turns: int) -> Case:
    try:
        code = encode_game(
            game_link_of(_played(Game(names, seed=seed, linked=True, apart=True), turns))
        )
    except (RuleError, ValueError, UnicodeEncodeError):
        seats = b"".join(_name_bytes(n) for n in names)
        no_turn = (0).to_bytes(2, "big")
        code = _raw(GAME_LINK_VERSION, seed.to_bytes(8, "big"), bytes([len(names)]), seats, no_turn)
    return Case("by link", f"#g={code}")


def _backup(names: list[str], seed: int, shape: str, junk: str) -> Case:
    """A backup file: a real one whose finished game has these names, or one broken by
    ``shape`` (``junk`` where it breaks)."""
    when = "2026-12-01T08:00:00+00:00"
    try:
        game = _played(Game(names, seed=seed), 15 * len(names))
        # Its own identity (a backup's game already here is not taken twice).
        mark = zlib.crc32(json.dumps(names).encode("utf-8", "surrogatepass"))
        record = Finished.of(f"hostile-{seed}-{mark}", when, game, (), None)
        data = backup_data([record], Folded(), None, [], Settings(), when)
    except (RuleError, ValueError, UnicodeEncodeError):
        data = backup_data([], Folded(), None, [], Settings(), when)
        record = {"id": junk, "finished": junk, "players": names, "totals": [0], "winners": [0]}
        data["history"] = [record]
    if shape == "deep":
        data["history"] = [junk]
        raw = json.dumps(data).replace("[", "[" * 20_000, 1).replace("]", "]" * 20_000, 1)
    elif shape == "huge name":
        huge = json.dumps(junk * (10_000 // max(len(junk), 1) + 1))
        raw = json.dumps(data).replace('"players": [', f'"players": [{huge}, ', 1)
    elif shape == "wrong types":
        data["history"] = {"__proto__": {"players": junk}, "constructor": [junk]}
        data["settings"] = junk
        raw = json.dumps(data)
    elif shape == "not json":
        raw = junk + json.dumps(data)[: len(junk) * 7]
    else:  # as made (its names hostile), with every character escaped or as it is
        raw = json.dumps(data, ensure_ascii=shape == "ascii")
    return Case("backup", raw)


SHAPES = ("as made", "ascii", "deep", "huge name", "wrong types", "not json")


KINDS = ("typed", "challenge", "daily", "by link", "raw link", "backup")


def cases(kind: str, day: date) -> st.SearchStrategy[Case]:
    """Hostile cases of one of the ``KINDS``, on the page's calendar ``day`` (for daily
    results)."""
    seed = st.integers(min_value=0, max_value=2**64 - 1)
    if kind == "typed":
        return names.map(lambda typed: Case("typed", json.dumps(typed)))
    if kind in ("challenge", "daily"):
        return st.builds(_challenge, name, seed, st.just(day if kind == "daily" else None))
    if kind == "by link":
        seats = names.filter(lambda seats: len(seats) > 1)
        return st.builds(_by_link, seats, seed, st.integers(0, 4))
    if kind == "raw link":
        prefix, body = st.sampled_from(["#c=", "#g="]), hostile | st.text(max_size=60)
        return st.builds(lambda p, b: Case("raw link", p + b), prefix, body)
    return st.builds(_backup, names, seed, st.sampled_from(SHAPES), hostile)


def shares(total: int) -> dict[str, int]:
    """``total`` cases shared among the ``KINDS`` as evenly as whole numbers go."""
    return {kind: total // len(KINDS) + (i < total % len(KINDS)) for i, kind in enumerate(KINDS)}


# ------------------------------------------------------------------ the page's side


def _as_kept(item: dict[str, Any]) -> str:
    """A finished game or a friend's result as it must stay: all of it but what the page
    adds later by itself (a finished game's decisions priced once the strategy table is
    there: ``lost``, from None to points)."""
    return json.dumps({k: v for k, v in item.items() if k != "lost"}, sort_keys=True)


STORED = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((key) => key.startsWith('kismet:v1:')).map((key) => [key, localStorage.getItem(key)]))"""
"""The game's keys and values in the page's storage."""

MARKS = """() => ({ called: window.__called, blocked: document.documentElement.dataset.blocked,
  worker: document.documentElement.dataset.workerBlocked })"""
"""The canary's calls, and what the content policy refused (page and worker)."""

SAID = """() => ['status', 'notice', 'backup-notice']
  .map((id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? '').join(' | ')"""
"""What the page says: the status line, the notice, the statistics' backup line."""

SETTLED = "() => Kismet.settled()"
"""Resolves once the game has answered every event the page sent it."""

TYPE_NAMES = """(names) => JSON.stringify(JSON.parse(names).map((name, i) => {
  // Set as a script would (a keyboard types no lone surrogate), then "input"; JSON keeps
  // every code unit both ways. What the field then holds, after its own clean-up.
  const field = document.querySelector(`[data-testid=player-name-${i}]`);
  field.value = name;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return field.value;
}))"""

OPEN_FRAGMENT = """(fragment) => new Promise((done) => {
  let held = '';
  const heard = () => setTimeout(() => done(JSON.stringify(held)));
  addEventListener('hashchange', heard, { once: true });
  location.hash = JSON.parse(fragment);
  held = location.hash; // as the address holds it, before the page reads it (then clears it)
})"""
"""A link of the site opened in the page (as a tap on it in a chat does): its fragment
set; what the address then holds (percent-encoded, its tabs and newlines dropped)."""


class Trial:
    """One page of the built site, as a player who has played before has it (finished
    games, a game under way), trying cases one after the other."""

    def __init__(self, page: Any, url: str, lang: str = "en") -> None:
        self.page = page
        self.url = url
        self.lang = lang
        self.tried = 0
        self.seen: dict[tuple[str, bool], int] = {}
        """How many cases of each kind were refused (True) or taken (False)."""

    def open(self) -> None:
        """The page, with a finished game restored from a backup and a game under way."""
        page = self.page
        page.add_init_script(INSTALL_CANARY)
        page.goto(f"{self.url}?seed=3")
        page.wait_for_selector("html[data-ready=true]", timeout=90_000)
        self._restore(_backup(["Ann", "Bo"], 7, "as made", "").payload)
        self._close()
        self._roll()

    def _settle(self) -> None:
        self.page.evaluate(SETTLED)

    def _restore(self, raw: str) -> str:
        """Restore a backup of this text (its lone surrogates as a careless writer writes
        them); the text as the page read it."""
        data = raw.encode("utf-8", "surrogatepass")
        file = {"name": "backup.json", "mimeType": "application/json", "buffer": data}
        self.page.set_input_files("[data-testid=restore-file]", files=[file])
        self._settle()
        return data.decode("utf-8", "replace").removeprefix("\ufeff")  # as Blob.text() reads

    def _close(self) -> None:
        """Every dialog closed (an offer put off), as a player leaves them."""
        page = self.page
        for _ in range(4):
            if page.locator("#challenge-dialog[open]").count():
                page.click("#challenge-dialog [data-action=dismiss-offer]")
            elif page.locator("#seat-dialog[open]").count():  # a choice to make: the first
                page.click("[data-testid=seat-0]")
            elif page.locator("dialog[open]").count():
                page.keyboard.press("Escape")
            else:
                return
            self._settle()

    def _roll(self) -> None:
        """The page still plays: a roll (after a new game, when this one is over or waits
        for another seat) changes the rolls left."""
        page = self.page
        if page.is_disabled("[data-testid=roll]"):
            page.locator("[data-testid=new-game]").dispatch_event("click")
            self._settle()
            page.click("[data-testid=start-game]")
            self._settle()
            self._confirm()
        before = page.text_content("[data-testid=rolls-left]")
        page.click("[data-testid=roll]")
        self._settle()
        after = page.text_content("[data-testid=rolls-left]")
        assert after != before, f"a roll changed nothing: {before!r}"
        if page.is_disabled("[data-testid=roll]"):  # no roll left: a box filled
            page.locator("table.sheet td[data-state=open] button").first.click()
            self._settle()
            self._confirm()

    def _confirm(self) -> None:
        """Yes to the question a new game asks with a game under way (put it aside)."""
        if self.page.locator("#confirm-dialog[open]").count():
            self.page.click("[data-testid=confirm]")
            self._settle()

    def _give(self, case: Case) -> str:
        """Give the page the case's input, as a player would; the input as the page read it."""
        page = self.page
        if case.kind == "typed":
            page.locator("[data-testid=new-game]").dispatch_event("click")
            self._settle()
            names = json.loads(case.payload)
            while page.locator("[data-testid^=player-name-]").count() < len(names):
                page.click("[data-testid=add-player]")
                self._settle()
            received = str(page.evaluate(TYPE_NAMES, case.payload))
            page.click("[data-testid=start-game]")
            self._settle()
            self._confirm()
            return received
        if case.kind == "backup":
            return self._restore(case.payload)
        received = json.loads(page.evaluate(OPEN_FRAGMENT, json.dumps(case.payload)))
        self._settle()
        self._confirm()  # a game by link, with a game under way
        return str(received)

    def run(self, case: Case) -> None:
        """Try one case and check everything the module's docstring lists."""
        page = self.page
        self.tried += 1
        stored = page.evaluate(STORED)
        page.evaluate(
            "() => ['status', 'notice'].forEach((id) => {"
            " document.querySelector(`[data-testid=${id}]`).textContent = ''; })"
        )
        received = self._give(case)
        verdict = judge(case, received, self.lang)
        self.seen[case.kind, verdict.refused] = self.seen.get((case.kind, verdict.refused), 0) + 1
        said = page.evaluate(SAID)
        shown = page.evaluate("() => document.body.textContent")
        marks = page.evaluate(MARKS)
        assert marks == {"called": 0, "blocked": None, "worker": None}, (marks, case)
        if verdict.refused:
            assert verdict.said in said, (verdict.said, said, case)
        elif case.kind == "backup":  # kept as they were, to show in the statistics
            history = json.loads(page.evaluate(STORED).get("kismet:v1:history", "[]"))
            kept = {n for record in history for n in record["players"]}
            assert set(verdict.shown) <= kept, (verdict.shown, case)
        elif not (case.kind == "by link" and self._known(said)):
            for name_ in verdict.shown:
                assert name_ in shown, (name_, said, case)
        self._close()
        self._kept(stored, page.evaluate(STORED), case)
        self._roll()

    def _known(self, said: str) -> bool:
        """Whether the page says it has this game by link already, further on or parted
        from it (the rules take the link; the game kept here stays as it is)."""
        lines = (
            text(key, self.lang, seen="|", played="|")
            for key in ("by_link.older", "by_link.parted")
        )
        return any(line.split("|")[0] in said for line in lines)

    @staticmethod
    def _kept(before: dict[str, str], after: dict[str, str], case: Case) -> None:
        """Nothing stored before is lost or changed: each finished game, friend's result and
        game put aside is still there as it was; the game at the table is still at it, or
        put aside; no stored value became unreadable (a damaged value's copy)."""
        assert not [k for k in after if k.startswith("kismet:v1:backup:")], (list(after), case)
        for key in ("kismet:v1:history", "kismet:v1:friends"):
            old = json.loads(before.get(key, "null")) or {}
            new = json.loads(after.get(key, "null")) or {}
            old_items = old if isinstance(old, list) else old.get("results", [])
            new_items = new if isinstance(new, list) else new.get("results", [])
            kept = {_as_kept(item) for item in new_items}
            lost = [i for i in old_items if _as_kept(i) not in kept]
            assert not lost, (key, lost, case)

        def games(stored: dict[str, str]) -> dict[str, int]:
            """Each game under way (at the table or put aside) by its id: its boxes filled."""
            under_way = ("kismet:v1:game", "kismet:v1:paused:")
            tables = [json.loads(v) for k, v in stored.items() if k.startswith(under_way)]
            return {t["id"]: len(t["game"]["history"]) for t in tables if t and t["game"]}

        now = games(after)
        for id_, filled in games(before).items():
            # Still under way, at the table or put aside (or taken up), never behind; a game
            # nothing was filled in yet may make way for another.
            assert not filled or now.get(id_, -1) >= filled, ("a game was lost", id_, case)
