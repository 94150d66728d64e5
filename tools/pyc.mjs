// Compiles Python sources into the bytecode of the pinned Pyodide's own Python, so the page
// imports the kismet package without compiling it (compiling it took about 100 ms of the
// start-up in the browser). Run by build.py:
//
//     node tools/pyc.mjs <pyodide dir> <source root> <out dir> <file.py>...
//
// Each <file.py> (relative to <source root>) becomes <out dir>/<its folder>/__pycache__/
// <name>.<cache tag>.pyc, written with "unchecked-hash" invalidation: the import system
// uses it without looking at the source's date, which unpacking the zip in the page does
// not keep. The sources ship too, for tracebacks.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceRoot, outDir, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });

for (const file of files) {
  pyodide.FS.mkdirTree("/src/" + dirname(file));
  pyodide.FS.writeFile("/src/" + file, readFileSync(join(sourceRoot, file)));
}
pyodide.globals.set("files", pyodide.toPy(files));
const compiled = pyodide.runPython(`
import py_compile
[py_compile.compile("/src/" + name, dfile=name, doraise=True,
                    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)[5:]
 for name in files]
`).toJs();
for (const path of compiled) {
  const target = join(outDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile("/src/" + path));
}
console.log(`compiled ${compiled.length} modules for Python ${pyodide.version}`);
