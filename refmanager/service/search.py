"""Searching the library: a page of results with suggestions when nothing matched (the
command line), a page of the references table as display rows (the window), and the
search language's help (both).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refmanager.library import (
    CSL_SORT_FIELDS,
    QUERY_FIELDS,
    SORT_COLUMNS,
    Library,
    ReferenceRow,
    RowExtras,
    Suggestion,
)
from refmanager.model import InputError
from refmanager.service.views import TableRow


@dataclass(slots=True)
class SearchResult:
    """One page of a search, the total, and suggestions when nothing matched."""

    rows: list[ReferenceRow]
    total: int
    suggestions: list[Suggestion] = field(default_factory=list)


def search(
    lib: Library,
    query: str,
    *,
    order_by: str = "added",
    descending: bool = False,
    offset: int = 0,
    limit: int = 100,
) -> SearchResult:
    """Search; when nothing matches a non-empty query, close titles and authors are offered.

    Raises:
        InputError: a malformed query (the message says what is wrong).
    """
    total = lib.search.count(query)
    rows = lib.search.search(query, order_by, descending, offset, limit) if total else []
    suggestions = lib.search.suggest(query) if not total and query.strip() else []
    return SearchResult(rows, total, suggestions)


def suggest(lib: Library, query: str) -> list[str]:
    """Up to three close titles or authors for a query (none for a malformed one)."""
    try:
        return [s.text for s in lib.search.suggest(query, limit=3)]
    except InputError:
        return []


def query_help() -> str:
    """The search language, one line per field (the window's help, the CLI's)."""
    lines = [
        "Free words search titles, authors and venues (prefix match, accents ignored).",
        'Use quotes for a phrase: "flash attention". Combine with AND (implicit), OR, '
        "NOT or -, and parentheses.",
        "",
    ]
    lines += [f"{name}:  {text}" for name, text in QUERY_FIELDS.items()]
    return "\n".join(lines)


def table_page(
    lib: Library, query: str, order_by: str, descending: bool, *, offset: int, limit: int
) -> list[tuple[ReferenceRow, RowExtras | None]]:
    """One page of a references table: the rows matching ``query`` sorted on a column
    (``SORT_COLUMNS``; anything else sorts by position) or on a JSON-only CSL field
    (``CSL_SORT_FIELDS``: volume, issue, page), each with its extra columns.

    Raises:
        InputError: a malformed query.
    """
    if order_by in CSL_SORT_FIELDS:
        ids = lib.search.search_ids_by_field(query, order_by, descending, offset, limit)
        rows = lib.search.rows(ids)
    else:
        key = order_by if order_by in SORT_COLUMNS else "position"
        rows = lib.search.search(query, key, descending, offset, limit)
    extras = lib.search.row_extras([r.id for r in rows])
    return [(row, extras.get(row.id)) for row in rows]


def number_of(position: int, fragment: bool, printed: str) -> str:
    """The number a reference shows: its printed number or label, or its place in the list."""
    if fragment:
        return "…"  # the tail of an entry whose start is not in the document
    return printed or str(position + 1)


def table_rows(
    lib: Library, query: str, order_by: str, descending: bool, *, offset: int, limit: int
) -> list[TableRow]:
    """A page of the references table as display rows (:func:`table_page`).

    Raises:
        InputError: a malformed query.
    """
    out: list[TableRow] = []
    for row, x in table_page(lib, query, order_by, descending, offset=offset, limit=limit):
        out.append(
            TableRow(
                id=row.id,
                number=number_of(row.position, bool(x and x.fragment), x.number if x else ""),
                authors=row.author,
                year="" if row.year is None else str(row.year),
                title=row.title,
                container=row.venue,
                volume=x.volume if x else "",
                issue=x.issue if x else "",
                pages=x.page if x else "",
                doi=x.doi if x and x.doi else row.doi,
                tags=x.tags if x else (),
                confidence=row.confidence,
                field_confidence=dict(x.confidence) if x else {},
                edited=row.edited,
                document_id=row.document_id,
                fragment=bool(x and x.fragment),
                source=row.document_title,
                type=row.type,
                url=x.url if x else "",
            )
        )
    return out
