"""JSON from outside the program (stored values, import files), read within bounds.

``json.loads`` recurses once per level of nesting: about 20 KB of ``[[[[...`` exhausts the
stack, which in CPython raises ``RecursionError`` and under Pyodide is a JavaScript
"Maximum call stack size exceeded" that leaves the page unable to start. So every text is
measured first, without recursion: its length against a limit, and its deepest nesting
(brackets outside strings) against ``MAX_DEPTH``. Only then is it parsed.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from .errors import SaveError, SaveProblem

MAX_DEPTH = 32
"""The deepest nesting any value of the app needs is under 10 (a save's envelope, its
game, its history, a fill, its dice); 32 leaves room and stays far from any stack."""

_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = str.maketrans({"[": "(", "{": "(", "]": ")", "}": ")"})
_DELTA = {"(": 1, ")": -1}


def depth(raw: str) -> int:
    """The deepest nesting of brackets outside JSON strings. The escaped backslashes and
    quotes go first, so every quote left opens or closes a string, as the parser sees it."""
    unescaped = raw.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[::2])
    brackets = _NOT_BRACKET.sub("", outside).translate(_STEP)
    return max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def load_json(raw: str, where: str, limit: int) -> object:
    """The value of a JSON text no longer than ``limit`` characters and no deeper than
    ``MAX_DEPTH``; raises ``SaveError`` (too big, too deep, or not JSON) otherwise."""
    if len(raw) > limit:
        raise SaveError(SaveProblem.TOO_BIG, where, size=len(raw), limit=limit)
    if depth(raw) > MAX_DEPTH:
        raise SaveError(SaveProblem.TOO_DEEP, where, limit=MAX_DEPTH)
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # json's errors are ValueErrors
        raise SaveError(SaveProblem.NOT_JSON, where) from None
