"""The page's Python, wherever it runs: events in, ops out.

``Page`` holds the session at a page's table and answers everything the page reports: a
click, a key, a form sent, a file chosen, another tab's write, the network coming back.
Each answer is ops (``kismet.html.paint``): plain JSON that the page's ``static/client.mjs``
carries out, deciding nothing. What only a browser has (timers, fetches, the date, the
storage) comes through a ``Host`` (``kismet.page.host``), so the same ``Page`` runs in the
game's worker, which PyScript starts off the page's main thread, and in CPython under the
tests, with a host made of plain Python.
"""
