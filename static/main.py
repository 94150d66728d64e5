"""The page's Python starts here: the glue (``static/glue/``) binds the page to a
``kismet.app.session.Session`` and paints its views."""

from glue.page import Page

Page().start()
