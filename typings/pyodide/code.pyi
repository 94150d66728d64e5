"""Pyodide's ways to run Python source given as text."""

from typing import Any

async def eval_code_async(source: str, globals: dict[str, Any] | None = ...) -> Any:
    """Run ``source`` (top-level ``await`` allowed); the value of its last expression."""
