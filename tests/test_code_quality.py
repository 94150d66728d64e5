"""The package is type-checked, linted, layered, and its documented examples run."""

from __future__ import annotations

import ast
import doctest
import importlib
import io
import json
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import kismet

ROOT = Path(__file__).resolve().parent.parent
GLUE = [ROOT / "static" / "main.py", *sorted((ROOT / "static" / "glue").glob("*.py"))]
"""The browser glue: static/main.py and the glue package it starts."""


def tool(name: str) -> str:
    """The tool from the same environment as this Python, else from PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: run the tests with `python build.py test`")
    return found


def run(*command: str) -> None:
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_page_s_scripts_pass_biome_lint_and_format() -> None:
    # The JavaScript is held to the Python's standard: Biome (pinned in package.json, as
    # npm installs it for the build) lints and checks the format of static/'s scripts,
    # warnings included (biome.json).
    biome = ROOT / "node_modules" / ".bin" / "biome"
    assert biome.exists(), "Biome is not installed: run the tests with `python build.py test`"
    run(str(biome), "check", "--error-on-warnings", "static/", "tests/")


def tsc() -> str:
    found = ROOT / "node_modules" / ".bin" / "tsc"
    assert found.exists(), "TypeScript is not installed: run the tests with `python build.py test`"
    return str(found)


def test_the_page_s_scripts_pass_typescript_s_check() -> None:
    # TypeScript checks the scripts as they are (JSDoc where a type needs saying): the
    # page's in tsconfig.json, the service worker's (a worker's globals) in its own.
    run(tsc(), "-p", "tsconfig.json")
    run(tsc(), "-p", "tsconfig.worker.json")


def test_the_type_check_sees_a_misused_element(tmp_path: Path) -> None:
    planted = tmp_path / "planted.js"
    planted.write_text('document.querySelector("p").value = "1";\n')
    config = tmp_path / "tsconfig.json"
    checked = {**json.loads((ROOT / "tsconfig.json").read_text()), "include": [str(planted)]}
    config.write_text(json.dumps(checked))
    result = subprocess.run([tsc(), "-p", str(config)], capture_output=True, text=True)
    assert result.returncode != 0 and "TS2339" in result.stdout, result.stdout


def test_build_py_is_a_short_command_line_over_its_parts() -> None:
    # The build's parts are a package (tools/builder/); the tests, the benchmarks and the
    # tools import those, never the script, which only reads the command.
    script = (ROOT / "build.py").read_text(encoding="utf-8")
    assert len(script.splitlines()) <= 100
    defined = {n.name for n in ast.parse(script).body if isinstance(n, ast.FunctionDef)}
    assert defined == {"test", "main"}, defined
    users = [*(ROOT / "tests").glob("*.py"), *(ROOT / "benchmarks").glob("*.py")]
    users += [*(ROOT / "tools").rglob("*.py")]
    script_users = [
        p.name
        for p in users
        if re.search(r"^\s*(import build|from build )", p.read_text(encoding="utf-8"), re.M)
    ]
    assert script_users == []


def test_ruff_lint_is_clean() -> None:
    run(tool("ruff"), "check", "kismet", "tests", "static", "tools", "build.py")


def test_ruff_format_is_clean() -> None:
    run(tool("ruff"), "format", "--check", "kismet", "static", "tests", "tools", "build.py")


def test_mypy_strict_is_clean() -> None:
    # pyproject.toml names the files (kismet/, the glue) and the browser's stubs.
    run(tool("mypy"), "--strict")


def test_the_layers_import_one_way_and_nothing_imports_in_a_circle() -> None:
    # pyproject.toml's contracts: rules <- advice | text <- app <- html, and no cycle.
    run(tool("lint-imports"))


MAX_COMPLEXITY = 15
"""A function's branches as radon counts them (each ``and``/``or`` too, which ruff's
mccabe check does not): past this, it does several things."""

COUNTED = [ROOT / "kismet", ROOT / "static", ROOT / "tools", ROOT / "build.py"]
"""Where the complexity limit holds: all the project's Python but the tests and the
benchmarks (a benchmark's main reads its options and prints its figures)."""


def complexities(source: str) -> list[tuple[str, int, int]]:
    """Every function and method of a module, nested ones too: name, line, complexity."""
    from radon.complexity import cc_visit
    from radon.visitors import Class

    found = []
    pending = list(cc_visit(source))
    while pending:
        block = pending.pop()
        if isinstance(block, Class):
            pending += block.methods + block.inner_classes
            continue
        found.append((block.name, block.lineno, block.complexity))
        pending += block.closures
    return found


def test_no_function_is_over_the_complexity_limit() -> None:
    files = [p for d in COUNTED for p in ([d] if d.is_file() else sorted(d.rglob("*.py")))]
    assert len(files) > 100
    over = [
        f"{path.relative_to(ROOT)}:{line} {name} {count}"
        for path in files
        for name, line, count in complexities(path.read_text(encoding="utf-8"))
        if count > MAX_COMPLEXITY
    ]
    assert not over, over


def test_the_complexity_check_counts_and_or_closures_and_methods() -> None:
    # Planted: 16 branches by radon's count, half of them "and"s, in a closure of a method.
    conditions = " and ".join(f"x == {i}" for i in range(8))
    branches = "\n".join(f"            if x > {i}: return {i}" for i in range(7))
    planted = (
        "class A:\n    def method(self):\n        def inner(x):\n"
        f"            if {conditions}: return 0\n{branches}\n        return inner\n"
    )
    assert ("inner", 3, 16) in complexities(planted)


MAX_CLASS_LINES = 250
"""A class with its bases in the project: past this, it is several objects in one."""

MAX_RULES_CLASS_LINES = 300
"""A class of the rules, its own lines (``Game`` is the longest)."""

MAX_MODULE_LINES = 400
"""A module of the page's parts: past this, it holds several parts."""

SHAPED = [ROOT / "kismet" / name for name in ("app", "html", "page")] + [ROOT / "static"]
"""Where the limits hold: everything but the rules (a game is one long object)."""


def shaped_files(*suffixes: str) -> list[Path]:
    return sorted(p for d in SHAPED for p in d.rglob("*") if p.suffix in suffixes)


def test_no_class_with_its_bases_in_the_project_is_over_its_limit() -> None:
    classes: dict[str, tuple[str, int, list[str]]] = {}
    for path in [*(ROOT / "kismet").rglob("*.py"), *GLUE]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                bases = [b.id if isinstance(b, ast.Name) else ast.unparse(b) for b in node.bases]
                assert node.name not in classes, f"two classes are called {node.name}"
                classes[node.name] = (str(path), node.end_lineno - node.lineno + 1, bases)

    def lines(name: str) -> int:
        _, own, bases = classes[name]
        return own + sum(lines(base) for base in bases if base in classes)

    assert lines("Game") > MAX_CLASS_LINES  # the measure sees the classes it is meant for
    shaped = [(name, file) for name, (file, _, _) in classes.items() if "rules" not in file]
    assert len(shaped) > 50
    for name, file in shaped:
        assert lines(name) <= MAX_CLASS_LINES, f"{file}: {name} has {lines(name)} lines"
    # A class of the rules, a game above all, is one long object, but within its own limit.
    for name, (file, own, _) in classes.items():
        assert own <= MAX_RULES_CLASS_LINES, f"{file}: {name} has {own} lines of its own"


def test_no_module_of_the_page_is_over_its_limit() -> None:
    modules = shaped_files(".py", ".js", ".mjs")
    assert len(modules) > 40 and ROOT / "static" / "client.mjs" in modules
    for path in modules:
        count = len(path.read_text(encoding="utf-8").splitlines())
        assert count <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {count} lines"


def test_the_glue_imports_only_the_browser_and_the_package() -> None:
    # The glue is the top layer: it may use every layer of kismet, and nothing in kismet
    # may use the browser (no pyscript, js or pyodide import below the glue).
    allowed = set(sys.stdlib_module_names) | {"kismet", "js", "pyodide", "polyscript", "glue"}
    for path in GLUE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                assert node.module.split(".")[0] in allowed, f"{path.name}: {node.module}"
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in allowed for a in node.names), path.name


PYSCRIPT_EXPORTS = re.compile(
    r"WORKER = Worker$|\w+(, \w+)* = WORKER\.\w+(, WORKER\.\w+)*$|__export__ = \[.*\]$"
)
"""What static/main.py may bind besides constants: the one ``Worker``, its calls, and the
names PyScript exports to the page."""

MAX_GLUE_LINES = 300
"""All of the glue: what the browser gives the page's Python, nothing that decides."""


def test_the_glue_is_thin_and_keeps_no_state_in_its_modules() -> None:
    # Everything that decides is kismet's (kismet.page answers the page's events): the glue
    # only reaches the browser. The page's state lives in one Page object, never in module
    # globals (constants are UPPER_CASE, never mutable).
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in GLUE}
    assert sum(sizes.values()) <= MAX_GLUE_LINES, sizes
    mutable = (ast.Dict, ast.List, ast.Set, ast.Call, ast.DictComp, ast.ListComp, ast.SetComp)
    for path in GLUE:
        source = path.read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                assert path.name == "main.py", f"{path.name} acts when imported"
            if not isinstance(node, (ast.Assign, ast.AnnAssign)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound = ast.unparse(node).replace("(", "").replace(")", "")
            if path.name == "main.py" and PYSCRIPT_EXPORTS.match(bound):
                continue  # PyScript's worker exports the one Worker's calls by name
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            assert names and all(n.isupper() for n in names), f"{path.name}: {names}"
            assert not isinstance(node.value, mutable), f"{path.name}: {names} is mutable"


def test_package_docstring_examples() -> None:
    failures, tried = doctest.testmod(kismet)
    assert tried > 0 and failures == 0


def test_readme_examples() -> None:
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert tried > 0 and failures == 0


def test_package_uses_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"kismet"}
    for path in (ROOT / "kismet").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not words[1].startswith("."):
                assert words[1].split(".")[0] in allowed, f"{path.name}: {line}"


def test_saves_records_and_links_are_replayed_by_the_one_replay() -> None:
    # Each keeps a game in its own form and turns it into moves; only kismet.rules.replay
    # plays them, so no codec calls a game's actions itself.
    actions = {"roll", "toggle_hold", "set_dice", "score", "apply"}
    for name in ("save.py", "record.py", "link.py"):
        tree = ast.parse((ROOT / "kismet" / "rules" / name).read_text(encoding="utf-8"))
        called = {
            node.func.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        }
        assert not called & actions, (name, called & actions)
        assert any(
            isinstance(node, ast.ImportFrom) and node.module == "replay" for node in ast.walk(tree)
        ), name


# ------------------------------------------------------- parts own their state

MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
     "add", "discard", "sort", "reverse"}
)  # fmt: skip
"""The methods that change a list, a dict or a set in place."""


def _chain(node: ast.expr) -> list[str]:
    """``self.shelf.store`` as ``["self", "shelf", "store"]`` (empty for anything else)."""
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    return [node.id, *reversed(names)] if isinstance(node, ast.Name) else []


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign | ast.Delete):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        else:
            flat.append(target)
    return flat


def cross_part_writes(source: str) -> list[str]:
    """Every write in ``source`` to state another object owns: an attribute assigned on
    anything but ``self`` (``self.ui.hint = ...``, ``other.x = ...``), a list, dict or set
    of another object changed in place (``self.shelf.aside.tables.append(...)``), or a write by
    name (``setattr``). A part changes another part only by calling its methods."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for target in _targets(node):
            if isinstance(target, ast.Attribute):
                held = _chain(target)
                crosses = held[:1] != ["self"] or len(held) > 2
            else:  # an item of another part's dict or list (a local one is its own)
                held = _chain(target.value) if isinstance(target, ast.Subscript) else []
                crosses = held[:1] == ["self"] and len(held) > 2
            if crosses:
                found.append(f"{node.lineno}: {ast.unparse(target)} =")
        if isinstance(node, ast.Call):
            call = node.func
            if isinstance(call, ast.Name) and call.id in {"setattr", "delattr"}:
                found.append(f"{node.lineno}: {call.id}(...)")
            elif isinstance(call, ast.Attribute) and call.attr in MUTATORS:
                held = _chain(call.value)
                if held[:1] == ["self"] and len(held) > 2:
                    found.append(f"{node.lineno}: {'.'.join(held)}.{call.attr}(...)")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def test_each_part_writes_only_its_own_state() -> None:
    parts = shaped_files(".py")
    assert ROOT / "kismet" / "app" / "play" / "moves.py" in parts
    writes = {str(p.relative_to(ROOT)): cross_part_writes(p.read_text("utf-8")) for p in parts}
    assert {path: found for path, found in writes.items() if found} == {}


def test_the_check_of_writes_sees_each_kind_of_write() -> None:
    seen = cross_part_writes(
        "self.a = 1\nself.a.b = 2\nother.c = 3\nself.x, self.y.z = 4, 5\nself.u.v.append(6)\n"
        "self.w.append(7)\nsetattr(self.t, 'n', 8)\nself.d.e += 9\nself.s.k['x'] = 10\n"
        "self.own['y'] = 11\nlocal['z'] = 12\ndel self.s.k['x']\nself.s.k['w'] += 13\n"
    )
    assert seen == [
        "2: self.a.b =", "3: other.c =", "4: self.y.z =", "5: self.u.v.append(...)",
        "7: setattr(...)", "8: self.d.e =", "9: self.s.k['x'] =", "12: self.s.k['x'] =",
        "13: self.s.k['w'] =",
    ]  # fmt: skip


def test_nothing_forwards_a_part_by_name() -> None:
    # No descriptor or wrapper offers one part's state or commands as another's.
    for path in shaped_files(".py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not names & {"__get__", "__set__", "__getattr__", "delegate"}, path


PASSES_ON_ALLOWED = {
    "Table.by_link": "the idea's name on the record the app passes around (a game by link)",
    "Shelf.history": "the shelf's read-only view of what it keeps, as the statistics read it",
    "Shelf.folded": "the shelf's read-only view of the games folded into the statistics",
    "MemoryStorage.get": "localStorage's shape in CPython: a dict's get is the storage's",
    "Lobby.settings": "the settings the lobby changes, read where it changes them",
    "Session.settings": "the player's settings, read by the view, the page and 60 tests",
    "Session.status": "the status line's words, read by the page and the tests",
    "Session.attach": "the strategy table's arrival, the session's verb (the coach holds it)",
    "Moves.pending": "the move waiting for a yes, read beside the moves that ask it",
    "AtTable.sync": "the mixin that gives a part the table at hand, for ``on_the_table``",
    "AtTable.table": "the mixin that gives a part the table at hand",
    "AtTable.game": "the mixin that gives a part the table at hand",
    "Tables.game": "the game at the table, the one the tables seat",
    "Page.lang": "the language of the page's words, read in most of its methods",
    "Dialogs.lang": "the language of the dialogs' words, read in most of its methods",
    "Page.emit": "the page's one way out for ops, which every handler uses",
}
"""Methods whose body only returns or calls an attribute of another object, each with why
it stays. A new one fails ``test_no_method_only_passes_on``: call the owner."""


def passes_on(source: str) -> list[str]:
    """Every method (or property) of a class whose body, its docstring aside, only returns
    an attribute of another object (``self.part.thing``) or calls one with its own
    parameters as they came; a decorated one (but ``@property``) does more than pass on."""

    def chain(node: ast.expr) -> list[str]:
        names = []
        while isinstance(node, ast.Attribute):
            names.append(node.attr)
            node = node.value
        return [node.id, *names[::-1]] if isinstance(node, ast.Name) else []

    found = []
    for cls in (n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef)):
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or any(
                not (isinstance(d, ast.Name) and d.id == "property") for d in method.decorator_list
            ):
                continue
            body = method.body[1:] if ast.get_docstring(method) else method.body
            if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr):
                continue
            value = body[0].value
            own = {a.arg for a in method.args.args[1:] + method.args.kwonlyargs}
            if isinstance(value, ast.Call):
                given = [*value.args, *(k.value for k in value.keywords)]
                passed = all(isinstance(a, ast.Name) and a.id in own for a in given)
                reach = chain(value.func)
            else:
                passed, reach = not own, chain(value) if value is not None else []
            if passed and len(reach) >= 3 and reach[0] == "self":
                found.append(f"{cls.name}.{method.name}")
    return found


def test_no_method_only_passes_on() -> None:
    found = [name for path in shaped_files(".py") for name in passes_on(path.read_text("utf-8"))]
    assert sorted(set(found) - set(PASSES_ON_ALLOWED)) == []
    assert sorted(set(PASSES_ON_ALLOWED) - set(found)) == []  # an allowed one gone: unlisted


def test_the_check_of_passing_on_sees_a_planted_one() -> None:
    planted = """
class Part:
    def roll(self, fast):
        \"\"\"Roll.\"\"\"
        return self.moves.roll(fast)

    @property
    def rules(self):
        return self.game.rules

    def own(self, fast):
        return self.moves.roll(fast + 1)

    @checked
    def guarded(self):
        self.moves.roll()

    def plain(self):
        return self.rolls
"""
    assert passes_on(planted) == ["Part.roll", "Part.rules"]


# ------------------------------------------------------- names that exist

NAMED_PATH = re.compile(
    r"(?<![\w/.}-])((?:kismet|static|tests|tools|benchmarks|docs|typings|\.github|\.ci)/[\w./-]*\w)"
)
"""A path in the repository named in words (``static/client.mjs``, ``kismet/app/``)."""

NAMED_MODULE = re.compile(r"(?<![\w./\"'-])(kismet(?:\.[A-Za-z_]\w*)+)")
"""A module of the package, or a name in one, written out (``kismet.app.play.moves.Moves``)."""

FILE_NAMES = frozenset({"css", "zip", "pyc", "json", "bin"})
"""What ends a file's name such as ``kismet.css`` or ``kismet.zip``, which are no module."""


def _words(path: Path) -> str:
    """The prose of a file: a Python file's docstrings and comments, a script's comments, a
    page of documentation whole."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return text
    if path.suffix in (".mjs", ".js"):
        return "\n".join(re.findall(r"//[^\n]*|/\*.*?\*/", text, flags=re.S))
    said = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type == tokenize.COMMENT]  # fmt: skip
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            said.append(str(node.value.value))  # a docstring, or a note under a name
    return "\n".join(said)


def _resolves(name: str) -> bool:
    parts = name.split(".")
    if parts[-1] in FILE_NAMES:
        return True
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            fields = getattr(found, "__annotations__", {})
            if not hasattr(found, attr):
                return attr in fields  # a field of a NamedTuple or a dataclass
            found = getattr(found, attr)
        return True
    return False


def stale_names(path: Path) -> list[str]:
    """The paths and modules ``path``'s prose names that do not exist (a path the build
    writes into ``dist/`` counts, as do the screenshots the tests write)."""
    words, stale = _words(path), []
    for match in NAMED_PATH.finditer(words):
        named = match.group(1).rstrip(".")
        built = (ROOT / "dist" / named).exists() or named.startswith("tests/artifacts")
        if not (ROOT / named).exists() and not built:
            stale.append(named)
    stale += [m.group(1) for m in NAMED_MODULE.finditer(words) if not _resolves(m.group(1))]
    return stale


DATED = re.compile(r"(?<![\"'\d-])20\d\d-\d\d-\d\d(?![\"'T\d])")
"""A date in prose, as history is dated; an example of a stored value is quoted."""


def code_files(*folders: str) -> list[Path]:
    """The Python and JavaScript files under these folders of the repository."""
    return [p for f in folders for p in (ROOT / f).rglob("*") if p.suffix in (".py", ".mjs", ".js")]


def dates_in(path: Path) -> list[str]:
    """The dates the prose of a file holds (docstrings, comments), examples aside."""
    return DATED.findall(_words(path))


def test_the_code_s_prose_holds_no_history() -> None:
    # What the code does now, in the present; when it changed, and the figures measured on
    # the way, go to docs/figures.md and the commits.
    prose = [ROOT / "build.py", *code_files("kismet", "static", "tools")]
    dated = {str(p.relative_to(ROOT)): found for p in prose if (found := dates_in(p))}
    assert dated == {}


def test_the_check_of_history_sees_a_date(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        '"""Read ``"2026-11-30"``, stored as ``{"at": "2026-12-05T20:00:00+00:00"}``."""\n'
        "LIMIT = 3  # three since 2026-12-04, when two were too few\n"
    )
    assert dates_in(planted) == ["2026-12-04"]


def test_docs_and_docstrings_name_only_what_exists() -> None:
    prose = [*ROOT.glob("*.md"), *ROOT.glob("docs/*.md"), ROOT / "build.py"]
    prose += code_files("kismet", "static", "tools", "benchmarks", "tests")
    assert (ROOT / "dist" / "index.html").exists()  # the build is there to compare with
    stale = {str(p.relative_to(ROOT)): found for p in prose if (found := stale_names(p))}
    assert stale == {}


def test_the_check_of_names_sees_a_stale_one(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "See `kismet/app/parts.py`, `kismet.app.session`, `kismet.app.screen.session.Session`,"
        " `static/client.mjs`, `kismet.css`, and `kismet.app.keeping.commit.Answer.outcome`.",
        encoding="utf-8",
    )
    assert stale_names(page) == ["kismet/app/parts.py", "kismet.app.session"]


NAMED_MEMBER = re.compile(r"`{1,2}([A-Z][A-Za-z0-9]*)\.([a-z_][A-Za-z0-9_]*)")
"""A member of a class named in words by the class's short name (``Store.problem``)."""

OUTSIDE_MEMBERS = {
    "Storage.clearDataForOrigin": "the DevTools protocol's (docs/storage.md's trials)",
    "Page.evaluate": "Playwright's page (tests/conftest.py)",
}
"""Members named so that belong to something outside the project, with whose."""


def class_members(*sources: str) -> dict[str, tuple[set[str], list[str]] | None]:
    """Each class of ``sources`` by name (None when two share it): its methods, the names
    its body assigns (``self.x`` included, and a NamedTuple's fields), and its bases."""
    found: dict[str, tuple[set[str], list[str]] | None] = {}
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.ClassDef):
                continue
            names = set()
            for item in ast.walk(node):
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Store):
                    if isinstance(item.value, ast.Name) and item.value.id == "self":
                        names.add(item.attr)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
            bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
            found[node.name] = None if node.name in found else (names, bases)
    return found


def stale_members(words: str, classes: dict[str, tuple[set[str], list[str]] | None]) -> list[str]:
    """The ``Class.member`` names in ``words`` whose class is the project's and has no such
    member (nor its bases)."""

    def has(name: str, member: str) -> bool:
        found = classes.get(name)
        return found is None or member in found[0] or any(has(b, member) for b in found[1])

    named = (f"{c}.{m}" for c, m in NAMED_MEMBER.findall(words) if c in classes)
    return [n for n in named if n not in OUTSIDE_MEMBERS and not has(*n.split("."))]


def test_docs_and_docstrings_name_only_members_that_exist() -> None:
    sources = [p.read_text(encoding="utf-8") for p in (ROOT / "kismet").rglob("*.py")]
    classes = class_members(*sources)
    assert {"Store", "Commits", "Sent"} <= set(classes)
    prose = [*ROOT.glob("*.md"), *ROOT.glob("docs/*.md"), ROOT / "build.py"]
    prose += code_files("kismet", "static", "tools", "benchmarks", "tests")
    stale = {
        str(p.relative_to(ROOT)): found
        for p in prose
        if (found := stale_members(_words(p), classes))
    }
    assert stale == {}
    # Each outside name is allowed because a class of the project has its class's name.
    assert all(name.split(".")[0] in classes for name in OUTSIDE_MEMBERS)


def test_the_check_of_members_sees_a_stale_one() -> None:
    classes = class_members(
        "class Base:\n    def kept(self): self.seen = {}\n"
        "class Store(Base):\n    why: int\n    def __init__(self): self.waiting = {}\n"
    )
    words = "``Store.why``, ``Store.waiting``, ``Store.seen``, ``Store.kept``, ``Store.based``"
    assert stale_members(words + ", `Other.thing`", classes) == ["Store.based"]


README_LINES = 250
"""A README a newcomer reads in five minutes; the rest is in docs/."""


def test_the_readme_is_short_and_points_to_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_LINES
    for name in ("glossary", "design", "storage", "security", "hosting", "figures", "playing"):
        assert (ROOT / "docs" / f"{name}.md").exists() and f"(docs/{name}.md)" in readme
    # A newcomer's path: what it is, the two commands, then the five pages to read next.
    path = [readme.index(s) for s in ("# Kismet", "## The two commands", "## Read next")]
    read_next = readme[path[-1] :].split("\n## ", 1)[0]
    links = re.findall(r"\]\(docs/(\w+)\.md\)", read_next)
    assert path == sorted(path) and links == [
        "glossary",
        "design",
        "storage",
        "security",
        "figures",
    ]
    for shown in re.findall(r'src="([^"]+)"', readme):
        assert (ROOT / shown).exists(), shown
    assert "python3 build.py serve" in readme and "python3 build.py test" in readme


# ------------------------------------------------------------ tests that can fail


def _can_fail(node: ast.AST, failing: set[str]) -> bool:
    """Whether ``node`` asserts, raises, expects a raise, or calls a function that does."""
    for found in ast.walk(node):
        if isinstance(found, (ast.Assert, ast.Raise)):
            return True
        if isinstance(found, ast.Call):
            called = getattr(found.func, "id", None) or getattr(found.func, "attr", None)
            if called in {"raises", "fail", *failing}:
                return True
    return False


def never_failing_tests(sources: list[str]) -> list[str]:
    """The test functions of ``sources`` that neither assert nor raise, nor call a function
    of the tests that does (followed through the helpers that call such helpers)."""
    trees = [ast.parse(source) for source in sources]
    functions = [
        node
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    failing: set[str] = set()
    for _ in range(4):  # a helper of a helper of a helper
        failing |= {f.name for f in functions if _can_fail(f, failing)}
    tests = [f for f in functions if f.name.startswith("test_")]
    return [f.name for f in tests if not _can_fail(f, failing - {f.name})]


def test_every_test_can_fail() -> None:
    sources = [path.read_text(encoding="utf-8") for path in sorted(ROOT.glob("tests/*.py"))]
    assert not never_failing_tests(sources)


def test_the_check_of_tests_sees_a_test_that_cannot_fail() -> None:
    planted = """
def check(x):
    assert x
def indirect(x):
    check(x)
def test_direct():
    assert 1 + 1 == 2
def test_through_helpers():
    indirect(3)
def test_nothing():
    total = sum([1, 2])
"""
    assert never_failing_tests([planted]) == ["test_nothing"]
