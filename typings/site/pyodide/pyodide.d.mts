// dist/pyodide/pyodide.mjs is the npm package pyodide, copied by build.py: its own types.
export * from "pyodide";
