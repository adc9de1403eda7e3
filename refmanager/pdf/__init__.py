"""A PDF file to its bibliography entries and its own metadata.

``read_bibliography(path, password=None) -> Bibliography`` is the whole public API. It
raises ``refmanager.model.InputError`` for a file a user must fix (not a PDF, damaged,
encrypted with a password, no text layer) and never hangs on a hostile file: reading is
bounded in time and memory, and pages that cannot be read are named in ``notes``.

The heavy modules (pypdf, layout) are imported only when a PDF is read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from refmanager.model import DocumentMeta, Entry


@dataclass(slots=True)
class Bibliography:
    """What a PDF's reference list gave.

    Attributes:
        entries: the entries in order (fragments, tails of entries whose start is not in
            the document, have ``fragment=True``).
        meta: the document's own metadata (title, authors, year, DOI, arXiv id).
        notes: messages for the user ("no bibliography found", unreadable pages).
        page_count: pages in the document.
    """

    entries: list[Entry] = field(default_factory=list)
    meta: DocumentMeta = field(default_factory=DocumentMeta)
    notes: list[str] = field(default_factory=list)
    page_count: int = 0


def read_bibliography(
    path: str | os.PathLike[str], password: str | None = None, meta: bool = True
) -> Bibliography:
    """The bibliography of the PDF at ``path`` (``password`` for an encrypted file).

    Without ``meta``, the document's own metadata is not read (its first page is read only
    if it is part of the list) and ``Bibliography.meta`` holds only the page count.

    Raises:
        InputError: not a PDF, damaged beyond repair, needs a (different) password, or
            has no text layer.
    """
    from refmanager.pdf.pipeline import read_bibliography as _read

    return _read(os.fspath(path), password, meta)


__all__ = ["Bibliography", "read_bibliography"]
