// Runs a Python script inside the pinned Pyodide's own Python (3.14), for build steps that
// must parse or compile its standard library or the page's code as the page will. Run by
// build.py:
//
//     node tools/inpyodide.mjs <pyodide dir> <script.py> [argument...]
//
// The machine's file system is mounted at /host, and every argument that is an absolute
// path (the script's own too) is given as its /host/... equivalent. A Python exception
// ends the process with status 1 and its traceback.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", "/");
const inside = args.map((arg) => (arg.startsWith("/") ? "/host" + resolve(arg) : arg));
pyodide.globals.set("argv", pyodide.toPy(inside));
pyodide.runPython(`
import runpy, sys
sys.argv = list(argv)
sys.path.insert(0, sys.argv[0].rpartition("/")[0])
runpy.run_path(sys.argv[0], run_name="__main__")
`);
