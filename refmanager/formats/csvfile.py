"""CSV: one row per reference, for spreadsheets: written, and read back (a header row names
the columns: ours, or the usual spreadsheet names such as Title, Authors, Year, DOI)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator

from refmanager.formats.common import CSL_TYPES, ReadResult, date_from_text
from refmanager.formats.keys import KeyMaker
from refmanager.formats.stream import text_lines
from refmanager.model import CSL_FIELDS, Problem, Reference
from refmanager.model.limits import MAX_FIELD_CHARS
from refmanager.model.names import names_text, parse_names

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


CELL_LIMIT = 16 * MAX_FIELD_CHARS  # the largest cell the reader takes (a value is cut after)


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
    special = {
        "key": key,
        "type": ref.type,
        "author": names_text(ref.author),
        "editor": names_text(ref.editor),
        "issued": ref.issued.iso() if ref.issued else "",
    }
    return [safe_cell(special[c] if c in special else ref.get(c)) for c in COLUMNS]


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


# --------------------------------------------------------------------------- reading

# Spreadsheet column names (folded: lower case, no spaces, dashes or underscores) -> ours.
_HEADER_ALIASES = {
    "authors": "author",
    "editors": "editor",
    "year": "issued",
    "date": "issued",
    "publicationyear": "issued",
    "journal": "container-title",
    "publicationtitle": "container-title",
    "booktitle": "container-title",
    "pages": "page",
    "citationkey": "key",
    "id": "key",
    "itemtype": "type",
}
_COLUMN_OF = {c.lower().replace("-", "").replace("_", ""): c for c in COLUMNS}


def _column(header: str) -> str | None:
    folded = header.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    return _COLUMN_OF.get(folded) or _HEADER_ALIASES.get(folded)


def _unsafe(value: str) -> str:
    """The inverse of :func:`safe_cell`: a formula-like cell's leading apostrophe dropped."""
    if value.startswith("'") and value[1:].lstrip(" ").startswith(_FORMULA_START):
        return value[1:]
    return value


def csv_records(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, Reference] | Problem]:
    """The references of CSV lines ``(number, text)`` (a header row first), each with the
    line it starts on; rows that cannot be read and unknown columns come as problems."""
    numbered = iter(lines)
    current = [0]

    def feed() -> Iterator[str]:
        for number, text in numbered:
            current[0] = number
            yield text + "\n"

    # Python's csv module refuses a cell over 128 KB; a value may hold MAX_FIELD_CHARS
    # (cut with a message beyond), and a names cell several of them. (A process-wide
    # setting: only ever raised.)
    csv.field_size_limit(max(csv.field_size_limit(), CELL_LIMIT))
    reader = csv.reader(feed())
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        yield Problem(current[0], "no header row: not a CSV file of references", skipped=True)
        return
    columns = [_column(h) for h in header]
    unknown = [h for h, c in zip(header, columns, strict=True) if c is None and h.strip()]
    if unknown:
        yield Problem(1, f"columns not read: {', '.join(unknown)}", skipped=True)
    if "title" not in columns:
        yield Problem(1, "no title column: not a CSV file of references", skipped=True)
        return
    while True:
        start = current[0] + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield Problem(start, f"row could not be read ({exc}); skipped", skipped=True)
            continue
        if not any(cell.strip() for cell in row):
            continue
        ref = Reference(type="article")
        for column, raw in zip(columns, row, strict=False):
            value = _unsafe(raw).strip()
            if column is None or not value:
                continue
            if column == "key":
                ref.set("citation-key", value)
                ref.id = value
            elif column == "type":
                if value in CSL_TYPES:
                    ref.type = value
                else:  # as the CSL-JSON reader does with a type it does not know
                    ref.type = "document"
                    yield Problem(start, f"unknown type {value[:60]!r} read as document")
            elif column in ("author", "editor"):
                setattr(ref, column, parse_names(value))
            elif column == "issued":
                ref.issued = date_from_text(value)
            else:
                ref.set(column, value)
        if len(row) > len(columns):
            yield Problem(start, f"{len(row) - len(columns)} cells past the last column dropped")
        yield start, ref


def read_csv(text: str) -> ReadResult:
    """All the rows of a CSV text (a header row first) as references."""
    result = ReadResult(format="csv")
    numbered = enumerate(text_lines(text), start=1)
    for entry in csv_records(numbered):
        if isinstance(entry, Problem):
            result.problems.append(entry)
        else:
            result.references.append(entry[1])
    return result
