"""A PDF file to its bibliography entries and its own metadata.

``read_bibliography(path, password=None) -> Bibliography`` finds the list itself;
``read_between(path, start, end)`` reads it between two marks the user set
(``refmanager.model.Mark``), and ``layout_example(path, entries)`` labels a document's
lines from corrected entries (line model training data); ``split_boxes`` cuts an entry's
boxes where the user split it. Each raises ``refmanager.model.InputError`` for a file a
user must fix (not a PDF, damaged, encrypted with a password, no text layer) and never
hangs on a hostile file: reading is bounded in time and memory, and pages that cannot be
read are named in ``notes``.
"""

from refmanager.pdf.pipeline import Bibliography, read_bibliography
from refmanager.pdf.region import layout_example, read_between, split_boxes

__all__ = [
    "Bibliography",
    "layout_example",
    "read_between",
    "read_bibliography",
    "split_boxes",
]
