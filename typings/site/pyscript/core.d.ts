// dist/pyscript/core.js is the npm package @pyscript/core, copied by build.py: its own types.
export * from "@pyscript/core";
