"""The docs' claims that can be checked, held to the code: the clicks docs/design.md follows
(each file holds each name given, each path's count of files), the `Session`'s parts it
lists, the count of the page's JavaScript lines wherever it is stated, the numbers
docs/storage.md states that the code decides, and the words docs/glossary.md keeps out of
the app's names.
(tests/test_code_quality.py checks that every file and dotted name the docs give exists.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kismet.app.keeping.storage import MemoryStorage
from kismet.app.screen.session import Session

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "docs" / "design.md"


# ------------------------------------------------------------------ follow a click


def clicks(markdown: str) -> dict[str, tuple[int, list[tuple[str, str]]]]:
    """The "Follow a click" section's paths: each heading's name, the count of files it
    states, and its steps (file, name)."""
    section = re.split(r"(?m)^## Follow a click\n", markdown, maxsplit=1)[1].split("\n## ", 1)[0]
    found = {}
    for part in section.split("\n### ")[1:]:
        heading = re.match(r"(.+) \((\d+) files\)\n", part)
        assert heading, part[:80]
        steps = re.findall(r"^\d+\. `([^`]+)` `([^`]+)`", part, re.M)
        found[heading.group(1)] = (int(heading.group(2)), steps)
    return found


def defines(path: Path, name: str) -> bool:
    """Whether the file defines ``name`` (a function, method, class or constant; in the
    page's scripts also an object's key), or, in HTML and in HTML built in Python, holds
    the attribute given whole."""
    source = path.read_text(encoding="utf-8")
    if "=" in name:  # an attribute, as the page or the game's HTML has it
        return name in source
    word = re.escape(name)
    if path.suffix == ".py":
        pattern = rf"^\s*(?:async\s+)?(?:def|class)\s+{word}\b|^\s*{word}\s*[:=]|\b{word},.*=\s*\w"
    else:
        pattern = (
            rf"\bfunction\s+{word}\b|\b(?:const|let|var)\s+{word}\s*=|^\s*{word}\s*[:(]"
            rf"|^\s*(?:async\s+)?{word}\s*\("
        )
    return re.search(pattern, source, re.M) is not None


def stale_steps(markdown: str) -> list[str]:
    """Every step whose file is gone or no longer holds its name, and every path whose
    heading miscounts its files."""
    stale = []
    for title, (count, steps) in clicks(markdown).items():
        files = {file for file, _ in steps}
        if len(files) != count:
            stale.append(f"{title}: {len(files)} files, not {count}")
        for file, name in steps:
            path = ROOT / file
            if not path.is_file() or not defines(path, name):
                stale.append(f"{title}: {file} {name}")
    return stale


def test_the_clicks_followed_in_the_design_are_where_it_says() -> None:
    paths = clicks(DESIGN.read_text(encoding="utf-8"))
    assert set(paths) == {"Roll", "Back up", "A finished game's write"}
    assert all(len(steps) >= 10 for _, steps in paths.values())
    assert stale_steps(DESIGN.read_text(encoding="utf-8")) == []


DOOR = 6
"""The first steps of every path: the door every click goes through."""


def test_each_path_s_files_beyond_the_door_are_as_the_design_says() -> None:
    markdown = DESIGN.read_text(encoding="utf-8")
    prose = " ".join(markdown.split())
    said = re.search(
        r"Beyond the door, Roll takes (\d+) files, Back up (\d+) and a finished game's write (\d+)",
        prose,
    )
    assert said, "the design no longer says each path's files beyond the door"
    assert "The first six files are the door" in prose  # DOOR, in words
    paths = clicks(markdown)
    for title, stated in zip(
        ["Roll", "Back up", "A finished game's write"], said.groups(), strict=True
    ):
        steps = paths[title][1]
        door = {file for file, _ in steps[:DOOR]}
        beyond = {file for file, _ in steps[DOOR:]} - door
        assert len(beyond) == int(stated), (title, sorted(beyond))


def test_the_check_of_a_click_sees_a_moved_function() -> None:
    planted = """## Follow a click

### Roll (4 files)

1. `static/events.mjs` `listen`: fine.
2. `kismet/app/play/moves.py` `roll`: fine.
3. `kismet/app/play/moves.py` `throw`: no such method.
4. `kismet/app/play/dice.py` `roll`: no such file.
"""
    assert stale_steps(planted) == [
        "Roll: 3 files, not 4",
        "Roll: kismet/app/play/moves.py throw",
        "Roll: kismet/app/play/dice.py roll",
    ]


# ------------------------------------------------------------------ written once


def declared_alike(markdown: str) -> list[tuple[str, str]]:
    """The declarations the design's "Written once" says are alike in shape only: each
    module's file name with a name it defines."""
    paragraph = markdown.split("**Written once.**", 1)[1].split("\n\n", 1)[0]
    prose = " ".join(paragraph.split())
    pairs = re.findall(r"`(\w+\.py)`'s `(\w+)` and `(\w+)`", prose)
    return [(file, name) for file, *names in pairs for name in names]


def test_the_declarations_said_alike_in_shape_are_in_the_code() -> None:
    declared = declared_alike(DESIGN.read_text(encoding="utf-8"))
    assert len(declared) == 8
    for file, name in declared:
        [path] = (ROOT / "kismet").rglob(file)
        assert defines(path, name), (file, name)


# ------------------------------------------------------------------ the session's parts


def listed_parts(markdown: str) -> set[str]:
    """The parts the design's "Parts that own their state" says the `Session` makes."""
    paragraph = markdown.split("**Parts that own their state.**", 1)[1].split("\n\n", 1)[0]
    listed = paragraph.split("hands it the others it needs:", 1)[1].split("; `tests/", 1)[0]
    return set(re.findall(r"`(\w+)`", listed))


def test_the_design_lists_the_session_s_parts() -> None:
    session = Session(MemoryStorage(), seed=1)
    made = {
        name
        for name, value in vars(session).items()
        if type(value).__module__.startswith("kismet.app.") and not callable(value)
    }
    assert len(made) >= 12
    assert listed_parts(DESIGN.read_text(encoding="utf-8")) == made


# ------------------------------------------------------------------ the page's JavaScript


def javascript_lines() -> tuple[int, int]:
    """Non-blank lines of the page's hand-written JavaScript: ``static/`` and index.html's
    inline script."""
    scripts = sorted([*(ROOT / "static").glob("*.js"), *(ROOT / "static").glob("*.mjs")])
    files = sum(
        1 for p in scripts for line in p.read_text(encoding="utf-8").splitlines() if line.strip()
    )
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    return files, sum(1 for s in inline for line in s.splitlines() if line.strip())


STATED = {
    "README.md": r"JSDoc types included\): ([\d,]+)",
    "docs/design.md": r"index.html's inline script\): ([\d,]+)",
    "docs/figures.md": r"\*\*([\d,]+)\*\* \(([\d,]+) in `static/`, ([\d,]+) inline\)",
}
"""Where the count is stated, and how (figures.md also splits it)."""


@pytest.mark.parametrize("doc", sorted(STATED))
def test_the_count_of_the_page_s_javascript_is_the_count(doc: str) -> None:
    files, inline = javascript_lines()
    text = re.sub(r"\s+", " ", (ROOT / doc).read_text(encoding="utf-8"))
    stated = re.search(STATED[doc].replace(r"\n", " "), text)
    assert stated, f"{doc} no longer states the count"
    numbers = [int(n.replace(",", "")) for n in stated.groups()]
    assert numbers == [files + inline, files, inline][: len(numbers)]


# ------------------------------------------------------------------ one word per idea

GLOSSARY = ROOT / "docs" / "glossary.md"
RULES_WORD = {"apart": "kismet/rules/"}
"""A word the glossary keeps out of the app's names that is the rules' own word for
something else (``Game.apart``: each seat's own dice): allowed in the rules, and elsewhere
only as that name itself."""
JS_WORDS = {"import", "export"}
"""The page's scripts' keywords (ES modules), not names."""


def banned_words() -> list[str]:
    """The words the glossary keeps out of the app's names ("Not in the app's names: ...")."""
    prose = " ".join(GLOSSARY.read_text(encoding="utf-8").split())
    lists = re.findall(
        r"Not in the (?:app's|\s*app's) names: ((?:\*[^*]+\*(?:, | \([^)]*\), )?)+)", prose
    )
    return [word for found in lists for word in re.findall(r"\*([^*]+)\*", found)]


def segments(name: str) -> list[str]:
    """A name's words: snake_case, kebab-case, dotted and camelCase alike."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [part.lower() for part in re.split(r"[^A-Za-z0-9]+", spaced) if part]


def app_names() -> dict[str, set[str]]:
    """Every name of the app, by file: Python's names and catalogue keys, the page's script
    identifiers, the HTML's classes, test ids, actions and catalogue keys, the style sheet's
    classes, and the files' own names."""
    import builtins
    import io
    import keyword
    import tokenize

    from kismet.text import CATALOGUES

    keys = set(CATALOGUES["en"])
    found: dict[str, set[str]] = {}
    for path in sorted([*(ROOT / "kismet").rglob("*.py"), *(ROOT / "static").glob("*.py")]):
        names = found.setdefault(str(path.relative_to(ROOT)), {path.stem})
        code = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            name = token.string
            theirs = keyword.iskeyword(name) or hasattr(builtins, name) or name.startswith("__")
            if token.type == tokenize.NAME and not theirs:
                names.add(name)  # not the language's own, nor PyScript's hooks (``__export__``)
            elif token.type == tokenize.STRING and token.string[1:-1] in keys:
                names.add(token.string[1:-1])  # a catalogue key
    for path in sorted([*(ROOT / "static").glob("*.js"), *(ROOT / "static").glob("*.mjs")]):
        code = path.read_text(encoding="utf-8")
        code = re.sub(
            r"/\*.*?\*/|//[^\n]*|`(?:\\.|[^`\\])*`|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'",
            " ",
            code,
            flags=re.S,
        )
        found[str(path.relative_to(ROOT))] = {
            path.stem,
            *re.findall(r"[A-Za-z_$][\w$]*", code),
        } - JS_WORDS
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    found["index.html"] = set(
        re.findall(r'(?:class|data-testid|data-action)="([^"]+)"|\{\{t:([\w.]+)\}\}', html)
    )
    found["index.html"] = {name for pair in found["index.html"] for name in pair if name}
    css = (ROOT / "static" / "kismet.css").read_text(encoding="utf-8")
    found["static/kismet.css"] = set(
        re.findall(r"\.([a-z][\w-]*)", re.sub(r"/\*.*?\*/", " ", css, flags=re.S))
    )
    return found


def offending(names_by_file: dict[str, set[str]], words: list[str]) -> list[str]:
    """Each name that holds one of ``words`` (the rules' own word allowed where it is theirs)."""
    found = []
    for where, names in names_by_file.items():
        for word in words:
            wanted = word.split()
            if where.startswith(RULES_WORD.get(word, "\0")):
                continue
            for name in names - ({word} if word in RULES_WORD else set()):
                parts = segments(name)
                if any(parts[i : i + len(wanted)] == wanted for i in range(len(parts))):
                    found.append(f"{where}: {name} ({word})")
    return sorted(found)


def test_the_glossary_keeps_its_other_words_out_of_the_app_s_names() -> None:
    words = banned_words()
    assert {"paused", "take up", "export", "import", "transfer", "apart", "away"} <= set(words)
    assert not offending(app_names(), words), "\n".join(offending(app_names(), words))


def test_the_check_of_other_words_sees_a_planted_one() -> None:
    planted = {"kismet/app/x.py": {"takeUp_later", "apart", "ApartView", "status.paused_one"}}
    assert offending(planted, ["take up", "apart", "paused"]) == [
        "kismet/app/x.py: ApartView (apart)",
        "kismet/app/x.py: status.paused_one (paused)",
        "kismet/app/x.py: takeUp_later (take up)",
    ]
    assert offending({"kismet/rules/game.py": {"apart_dice"}}, ["apart"]) == []
    assert "OTHER_DEVICE" in app_names()["kismet/app/base/roster.py"]


# ------------------------------------------------------------------ storage.md's numbers

STORAGE = ROOT / "docs" / "storage.md"


def storage_claims() -> dict[str, tuple[str, object]]:
    """Each number docs/storage.md states that the code decides: the sentence's pattern
    (its number the one group) and the value the code holds."""
    from kismet.app.base.finished import MAX_TOTAL
    from kismet.app.keeping.ledger import FOLD_SHARE, HISTORY_LIMIT
    from kismet.app.keeping.safekeeping import EVERY, STALE_DAYS
    from kismet.rules.game import MAX_NAME_LENGTH

    storing = (ROOT / "static" / "storing.mjs").read_text(encoding="utf-8")
    stamps = re.search(r"\.slice\(0, (\d+)\)", storing)
    pause = re.search(r"setTimeout\(again, (\d+)\)", storing)
    bounds = re.search(r"\? (\d+) : (\d+);", storing)
    assert stamps and pause and bounds, "static/storing.mjs no longer reads as it did"
    words = {1: "one", 2: "two", 4: "quarter", 7: "a week", 10: "ten"}
    return {
        "the highest total": (r"totals beyond what the rules allow \((\d+)\)", MAX_TOTAL),
        "a name's length": (r"\(1 to (\d+) characters", MAX_NAME_LENGTH),
        "the detailed history": (r"keeps the latest (\d{1,3}(?:,\d{3})*)", f"{HISTORY_LIMIT:,}"),
        "the share folded": (r"the oldest (\w+) whenever storage", words[FOLD_SHARE]),
        "the stamps recorded": (r"the last (\d+) stamps", int(stamps[1])),
        "the wait between tries": (r"a fresh transaction every (\d+) ms", int(pause[1])),
        "a copy behind for certain": (
            r"waited for up to (\w+) seconds",
            words[int(bounds[1]) // 1000],
        ),
        "any other difference": (
            r"any other difference after a\s+(\w+)",
            "second" if bounds[2] == "1000" else "?",
        ),
        "the reminder's games": (r"after (\d+) finished games since", EVERY),
        "the reminder's days": (r"after a game finished more than (a week)", words[STALE_DAYS]),
    }


def stale_claims(prose: str, claims: dict[str, tuple[str, object]]) -> list[str]:
    """The claims whose sentence is gone or whose number is not the code's."""
    text = " ".join(prose.split())
    stale = []
    for what, (pattern, value) in claims.items():
        found = re.search(pattern, text)
        if found is None or found[1] != str(value):
            stale.append(f"{what}: {found[1] if found else 'not said'}, the code {value}")
    return stale


def test_the_storage_page_states_the_code_s_numbers() -> None:
    prose = STORAGE.read_text(encoding="utf-8")
    assert not stale_claims(prose, storage_claims())


def test_the_check_of_the_storage_page_sees_a_changed_number() -> None:
    claims = storage_claims()
    planted = STORAGE.read_text(encoding="utf-8").replace(
        "the last 17 stamps", "the last 12 stamps"
    )
    assert stale_claims(planted, claims) == ["the stamps recorded: 12, the code 17"]
