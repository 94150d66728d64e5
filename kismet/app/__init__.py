"""The app without a browser: what each click does, what is kept, what the coach says,
and the view the page paints, as plain data. ``kismet.page`` drives it in the page.

Its parts, each a sub-package importing only those below it (``pyproject.toml``'s
import-linter contracts):

- ``screen``: the ``Session`` that wires the parts, and the ``View`` built from them;
- ``play``: the game at the table and the moves (``Tables``, ``Lobby``, ``Moves``);
- ``guidance``: the coach, the guide, the win chances, the daily game and challenges
  (``linked``), luck and skill, the progress priced;
- ``keeping``: what is stored and how (``Shelf``, ``Store``, the commits, the ledger);
- ``base``: the plain records they share (``Table``, seats, settings, the daily seed).
"""
