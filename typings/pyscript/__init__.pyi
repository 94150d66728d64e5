"""PyScript 0.7.31's ``pyscript`` package, as far as the glue uses it."""

from dom import Document, Window

document: Document
window: Window
