"""CSV: one row per reference, for spreadsheets (written only)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator

from refmanager.formats.common import iso_date
from refmanager.formats.keys import KeyMaker
from refmanager.model import CSL_FIELDS, Reference
from refmanager.model.names import names_text

# The CSL string fields ("medium" aside), after the key, type, names and date.
COLUMNS: tuple[str, ...] = (
    "key",
    "type",
    "author",
    "editor",
    "issued",
    *(f for f in CSL_FIELDS if f != "medium"),
)
CHUNK = 2000
# Spreadsheets run a cell that starts with one of these as a formula (after any spaces).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")
# A negative number, which a spreadsheet reads as a number, not a formula: kept as it is.
_PLAIN_NEGATIVE = re.compile(r"-(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][-+]?\d+)?")


def safe_cell(value: str) -> str:
    """A cell a spreadsheet shows as text: formula-like starts get a leading apostrophe.

    A minus starts a formula too (``-1+cmd|' /C calc'!A0``); only a cell that is a plain
    negative number (``-5``, ``-2.5``) or a lone ``-`` is left as it is.
    """
    start = value.lstrip(" ")
    if not start.startswith(_FORMULA_START):
        return value
    if value == "-" or _PLAIN_NEGATIVE.fullmatch(value):
        return value
    return "'" + value


def csv_row(ref: Reference, key: str) -> list[str]:
    row: list[str] = []
    for column in COLUMNS:
        if column == "key":
            value = key
        elif column == "type":
            value = ref.type
        elif column == "author":
            value = names_text(ref.author)
        elif column == "editor":
            value = names_text(ref.editor)
        elif column == "issued":
            value = iso_date(ref.issued) if ref.issued else ""
        else:
            value = ref.get(column)
        row.append(safe_cell(value))
    return row


def iter_csv(refs: Iterable[Reference]) -> Iterator[str]:
    """A header row, then the rows of ``refs`` in pieces (RFC 4180 quoting, CRLF lines)."""
    keys = KeyMaker()
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for count, ref in enumerate(refs, start=1):
        writer.writerow(csv_row(ref, keys.key(ref)))
        if count % CHUNK == 0:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def to_csv(refs: Iterable[Reference]) -> str:
    return "".join(iter_csv(refs))
