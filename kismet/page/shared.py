"""The names the page's scripts share with the Python: written here once, and by build.py
into each script of ``static/`` in place of ``__SHARED__`` (a JSON object), so that no
storage key, limit or file name is kept by hand in two languages."""

from __future__ import annotations

from ..app.keeping.commit import ROOM_SEEN
from ..app.keeping.storage import DATABASE, PREFIX, PROBE_KEY, STAMP_KEY, SWITCHED_KEY
from .events import VALUES

GAME_ARCHIVE = "kismet.zip"
"""The game's modules, which every visit loads before the page is ready."""
LATE_ARCHIVE = "kismet-late.zip"
"""The modules that arrive with the strategy table (``LATE_MODULES`` in tools/builder/bundle.py)."""
REST_ARCHIVE = "pyodide/stdlib-rest.zip"
"""The standard library beyond its core, loaded once a module of it is asked for."""
SITE_CACHE = "kismet-"
"""What begins the name of the service worker's cache of the site's files (the name ends
with the files' hash: each deployment its own cache)."""
SNAPSHOT_CACHE = "kismet-snapshot-"
"""What begins the name of the cache of Pyodide's memory snapshot (then its key)."""
START_CHANNEL = "kismet-start"
"""The broadcast channel on which a starting game's worker says how far its downloads are
(its messages reach the page before PyScript hands the page the worker)."""
READY_MARK = "kismet-ready"
"""The page's performance mark once the game answers (profilers, Lighthouse's user timings,
``benchmarks/lighthouse.py``)."""


def shared() -> dict[str, object]:
    """What the scripts read from ``SHARED``: the storage's key prefix and the keys they
    write themselves, the room probed at the start, the database's name, the archives,
    the caches' names, the start's channel, and the fields an event carries
    (``kismet.page.events.VALUES``)."""
    return {
        "prefix": PREFIX,
        "stamp": STAMP_KEY,
        "probe": PROBE_KEY,
        "switched": SWITCHED_KEY,
        "room": ROOM_SEEN,
        "database": DATABASE,
        "game": GAME_ARCHIVE,
        "late": LATE_ARCHIVE,
        "rest": REST_ARCHIVE,
        "site_cache": SITE_CACHE,
        "snapshot_cache": SNAPSHOT_CACHE,
        "ready_mark": READY_MARK,
        "start_channel": START_CHANNEL,
        "fields": list(VALUES),
    }
