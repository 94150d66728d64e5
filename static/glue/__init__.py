"""The glue: what ``kismet.page.Page`` needs of the browser, wherever it runs (the start
worker, or the page itself where the worker cannot reach the storage).

It decides nothing: which event does what, what to paint, when a computer moves or a
fetch is tried again are all ``kismet``'s (tested in CPython); the page's own side of the
events and the ops is ``static/client.mjs`` and ``static/paint.js``.

- ``host``: timers, fetches, the date and the network's state (``JsHost``);
- ``storage``: the browser's ``localStorage`` on the page, or the same across the storage
  relay from a worker.
"""
