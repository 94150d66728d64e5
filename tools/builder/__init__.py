"""The build's parts, under ``build.py``'s command line: ``env`` (the folders, .venv, npm,
a Chromium), ``caches`` (.build-cache/: the tables, perfect play's figures, bytecode),
``bundle`` (the archives of the game and the standard library, the runtime's files), ``site``
(dist/ written whole) and ``server`` (dist/ over HTTP). Only the standard library."""
