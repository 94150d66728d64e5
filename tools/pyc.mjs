// Compiles Python sources into the bytecode of the pinned Pyodide's own Python, so the page
// imports the kismet package (and static/main.py) without compiling them at start-up in the
// browser. Run by build.py:
//
//     node tools/pyc.mjs [--optimize=N] [--prefix=P] <pyodide dir> <source root> <out dir>
//                        <file.py>...
//
// Each <file.py> (relative to <source root>) becomes <out dir>/<its folder>/<name>.pyc, the
// "sourceless" layout that Python's zipimport loads straight from an archive on sys.path,
// written with "unchecked-hash" invalidation (no dates, so the bytes are the same from build
// to build). The sources do not ship: they would add about 100 KB (gzip) to the first
// visit, and a traceback still names each file and line (co_filename is the path relative
// to <source root>, after the prefix P if given).
//
// Two settings make the bytecode smaller (260 KB -> 180 KB zipped for the package):
// optimize level 2 (the default) drops docstrings and asserts (nothing in the package reads
// __doc__ or relies on an assert), and PYTHONNODEBUGRANGES drops the column ranges that only
// draw the ^^^ under a traceback's line. build.py compiles the core standard library with
// --optimize=0 (its asserts stay; tools/slim_stdlib.py already took its docstrings).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const options = { optimize: "2", prefix: "" };
const args = process.argv.slice(2);
while (args[0]?.startsWith("--")) {
  const [name, value] = args.shift().slice(2).split("=");
  options[name] = value;
}
const [pyodideDir, sourceRoot, outDir, ...files] = args;
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  env: { PYTHONNODEBUGRANGES: "1" },
});

for (const file of files) {
  pyodide.FS.mkdirTree("/src/" + dirname(file));
  pyodide.FS.writeFile("/src/" + file, readFileSync(join(sourceRoot, file)));
}
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.globals.set("optimize", Number(options.optimize));
pyodide.globals.set("prefix", options.prefix);
const compiled = pyodide.runPython(`
import py_compile, sys
assert all(start is None for _, _, start, _ in compile("x", "", "eval").co_positions()), \
    "PYTHONNODEBUGRANGES was not taken"
[py_compile.compile("/src/" + name, cfile="/src/" + name + "c", dfile=prefix + name,
                    doraise=True, optimize=optimize,
                    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)[5:]
 for name in files]
`).toJs();
for (const path of compiled) {
  const target = join(outDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile("/src/" + path));
}
console.log(`compiled ${compiled.length} modules for Python ${pyodide.version}`);
