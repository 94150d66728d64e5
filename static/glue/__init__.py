"""The page's glue: binds the page to ``kismet.app.session.Session`` and paints its ``View``.

Data flows one way: a DOM event -> one call on the session -> ``Page.render()`` of the new
view. The glue decides nothing about the game: anything that needs an ``if`` about the
rules, the session, the timing or the keys belongs in ``kismet/`` (where CPython tests see
it). Text typed by players reaches the page only through ``textContent``, input values, or
HTML that ``kismet.html`` escaped.

- ``dom``: finding elements, dialogs, the browser's storage and address;
- ``paint``: painting a ``View``;
- ``timers``: what the page starts by itself (the strategy table, computers, Perfect);
- ``dialogs``: the dialogs' contents, files and printing;
- ``events``: what each click, key and event does;
- ``page``: the one object holding the page's state, which ``static/main.py`` starts.
"""
