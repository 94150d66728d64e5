"""The app without a browser: storage, settings, the session (what a click does) and the
view it returns, as plain data. ``static/main.py`` drives it in the page."""
