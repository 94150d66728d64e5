"""The page's side of the storage for the CPython tests: ``static/storing.mjs`` itself, run
under Node (``tests/storing.mjs``), stores each commit into a test's storage and measures its
room, so that every test command exercises the one implementation of the all-or-nothing,
compare-and-set write and of the room probe (no Python twin to hold equal to it).

A test's storage is a ``MemoryStorage`` (a ``quota`` attribute, if it has one, counted in
UTF-16 code units as browsers count it), or one whose reads raise ``StorageUnavailable`` (a
browser refusing the site's data). What the page's code leaves stored is written back into it
key by key, so a storage that watches its writes sees each one."""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

from kismet.app.keeping.commit import Answer, Commit, weight
from kismet.app.keeping.storage import PREFIX, SPARE_PREFIX, STAMP_KEY, Storage, StorageUnavailable
from tools.builder.site import script_template

HERE = Path(__file__).resolve().parent


NODE = shutil.which("node") or "node"


def built_scripts() -> Path:
    """A folder with static/storing.mjs and the database it opens, as the build writes them
    (removed when the test process ends)."""
    built = Path(tempfile.mkdtemp(prefix="kismet-storing-"))
    for name in ("storing.mjs", "database.mjs"):
        (built / name).write_text(script_template(name), encoding="utf-8")
    atexit.register(shutil.rmtree, built, ignore_errors=True)
    return built


def guarded_through(ending: str) -> dict[str, Any] | None:
    """What static/storing.mjs's ``guarded`` answers when the browser ends the commit's
    IndexedDB transaction by ``ending`` (``tests/guarded.mjs``); None when it never answers."""
    done = subprocess.run(
        [NODE, str(HERE / "guarded.mjs"), str(built_scripts()), ending],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    said: dict[str, Any] | None = json.loads(done.stdout) if done.stdout.strip() else None
    return said


class Node:
    """One Node process for the test process, serving every request in turn."""

    process: subprocess.Popen[str] | None = None

    @classmethod
    def ask(cls, request: dict[str, Any]) -> dict[str, Any]:
        if cls.process is None:
            built = built_scripts()
            cls.process = subprocess.Popen(
                [NODE, str(HERE / "storing.mjs"), str(built)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
            atexit.register(cls.process.kill)
        assert cls.process.stdin is not None and cls.process.stdout is not None
        cls.process.stdin.write(json.dumps(request) + "\n")
        cls.process.stdin.flush()
        line = cls.process.stdout.readline()
        if not line:
            raise RuntimeError("static/storing.mjs under Node stopped (see its error above)")
        said: dict[str, Any] = json.loads(line)
        return said


def _held(storage: Storage | None) -> dict[str, Any] | None:
    if storage is None:
        return None
    try:
        items = {key: storage.get(key) for key in list(storage.keys())}
    except StorageUnavailable:
        return None
    return {"items": items, "quota": getattr(storage, "quota", None)}


def _write_back(
    storage: Storage | None, held: dict[str, Any] | None, now: dict[str, str] | None
) -> None:
    """Make ``storage`` hold what the page's code left (in the order that frees room first,
    so no step needs more room than the end)."""
    if storage is None or held is None or now is None:
        return
    before: dict[str, str | None] = held["items"]
    changed = {k: now.get(k) for k in {*before, *now} if before.get(k) != now.get(k)}
    grows = {
        key: weight(key, value) - weight(key, before.get(key)) for key, value in changed.items()
    }
    storage.write_all({key: changed[key] for key in sorted(changed, key=grows.__getitem__)})


def _asked(local: Storage, spare: Storage | None, commit: Commit | None) -> dict[str, Any]:
    held, kept = _held(local), _held(spare)
    request = {"local": held, "session": kept, "commit": commit and commit.to_json()}
    said = Node.ask(request)
    _write_back(local, held, said["local"])
    _write_back(spare, kept, said["session"])
    return said


def store_json(local: Storage, commit: Commit, spare: Storage | None = None) -> dict[str, Any]:
    """The page's answer to ``commit``, as it sends it, once it stored the commit (or not)
    into ``local`` and the tab's ``spare``."""
    answer: dict[str, Any] = _asked(local, spare, commit)["answer"]
    return answer


def store(local: Storage, commit: Commit, spare: Storage | None = None) -> Answer:
    """The page's answer to ``commit``, as the game reads it."""
    return Answer.from_dict(store_json(local, commit, spare))


def room_at_start(local: Storage) -> int | None:
    """The room the page finds in ``local`` when it starts (None: at least what it looks for)."""
    room: int | None = _asked(local, None, None)["room"]
    return room


class Case(NamedTuple):
    """A commit, what is stored when the page gets it, and what the page must do: its
    answer, the site's keys after, and the tab's copy of its game after (it held "kept")."""

    stored: dict[str, str]
    commit: Commit
    answer: dict[str, Any]
    after: dict[str, str]
    spare: str | None


GAME, ASIDE, SETTINGS = f"{PREFIX}game", f"{PREFIX}paused:1:a", f"{PREFIX}settings"
SPARE = SPARE_PREFIX + GAME
COMMIT_CASES = [
    Case({STAMP_KEY: "s0", GAME: "old"},  # on its base: every write
         Commit(1, "s0", ((GAME, "new"), (ASIDE, "p"), (STAMP_KEY, "s1"))),
         {"id": 1, "outcome": "stored"}, {STAMP_KEY: "s1", GAME: "new", ASIDE: "p"}, "kept"),
    Case({STAMP_KEY: "s2", GAME: "theirs"},  # another tab wrote since: none, and what is stored
         Commit(2, "s0", ((GAME, "mine"), (STAMP_KEY, "s3"))),
         {"id": 2, "outcome": "stale", "values": {STAMP_KEY: "s2", GAME: "theirs"}},
         {STAMP_KEY: "s2", GAME: "theirs"}, "kept"),
    Case({STAMP_KEY: "s0", ASIDE: "p"},  # a removal
         Commit(3, "s0", ((ASIDE, None), (STAMP_KEY, "s4"))),
         {"id": 3, "outcome": "stored"}, {STAMP_KEY: "s4"}, "kept"),
    Case({}, Commit(4, None, ((SETTINGS, "{}"), (STAMP_KEY, "s5"))),  # the first commit
         {"id": 4, "outcome": "stored"}, {SETTINGS: "{}", STAMP_KEY: "s5"}, "kept"),
    Case({STAMP_KEY: "s0"}, Commit(5, "s0", (), ((SPARE, "g"),)),  # the spare alone
         {"id": 5, "outcome": "stored"}, {STAMP_KEY: "s0"}, "g"),
    Case({STAMP_KEY: "s2"},  # stale: the copy goes all the same (another tab's game stands)
         Commit(6, "s0", ((GAME, "mine"), (STAMP_KEY, "s6")), (), ((SPARE, None),)),
         {"id": 6, "outcome": "stale", "values": {STAMP_KEY: "s2"}}, {STAMP_KEY: "s2"}, None),
    Case({STAMP_KEY: "s0"},  # stored: the copy goes
         Commit(7, "s0", ((GAME, "mine"), (STAMP_KEY, "s7")), (), ((SPARE, None),)),
         {"id": 7, "outcome": "stored"}, {STAMP_KEY: "s7", GAME: "mine"}, None),
]  # fmt: skip
"""Commits the page must store just so, in the browser (tests/test_commit.py) as under Node
(tests/test_storage.py)."""
