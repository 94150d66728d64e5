"""Pyodide's Python package (its JavaScript side is the runtime)."""
