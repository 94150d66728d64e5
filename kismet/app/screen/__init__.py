"""The page's side of the app: the ``Session`` that wires the parts, the ``View`` of
it the page paints, what a click does and what the page starts by itself."""
