"""PyScript's ``polyscript`` module, in a worker PyScript started: ``xworker``, the worker's
side of the page's ``PyWorker`` (its ``postMessage`` reaches the page's listeners). A
JavaScript object, typed here as ``Any``."""

from typing import Any

xworker: Any
