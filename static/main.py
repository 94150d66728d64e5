"""The game's worker: PyScript runs this file there (static/client.mjs starts it with
PyScript's ``PyWorker``, on the Pyodide of static/interpreter.mjs), and the page calls the
names of ``__export__`` through the worker's ``sync`` (``glue.worker.Worker``)."""

from glue.worker import Worker

WORKER = Worker()
start, handle, ready, python = WORKER.start, WORKER.handle, WORKER.ready, WORKER.python
__export__ = ["start", "handle", "ready", "python"]
