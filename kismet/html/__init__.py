"""HTML from the view: the dice, the score sheet, the dialogs' lists, and the whole page.

The build renders the page's first paint with these functions, and the browser glue
re-renders the sheet with the same ones, so the sheet's rows are written once. Everything a
player typed (names) is escaped here; nothing else inserts text into the page as HTML.
"""
