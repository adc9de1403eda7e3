"""Use cases on the library: open, search (and the table's pages), tags, duplicates, check.
The CLI and the window both call these. Importing is ``service.importing``; changing
references by hand is ``service.editing``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from refmanager.library import (
    CSL_SORT_FIELDS,
    QUERY_FIELDS,
    SORT_COLUMNS,
    CheckReport,
    DuplicateCandidate,
    Library,
    MergeRecord,
    ReferenceRow,
    RowExtras,
    StoredReference,
    Suggestion,
    TagInfo,
)


def sort_columns() -> tuple[str, ...]:
    """The columns the library sorts on in SQL (``order_by`` of ``table_page`` and search)."""
    return SORT_COLUMNS


def open_library(folder: Path, create: bool = True, read_only: bool | None = None) -> Library:
    """See :meth:`Library.open`."""
    return Library.open(folder, create=create, read_only=read_only)


# --------------------------------------------------------------------------- search


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


def stored_references(lib: Library, ref_ids: Sequence[int]) -> list[StoredReference]:
    """Whole references (fields, tags, marks), in the order of ``ref_ids``; missing ids are
    skipped."""
    return lib.references.references(ref_ids)


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


# --------------------------------------------------------------------------- tags


def tag_add(lib: Library, tag: str, query: str) -> int:
    """Tag every reference matching ``query``; how many were newly tagged."""
    return len(lib.tags.tag_references(lib.search.search_ids(query), tag))


def tag_remove(lib: Library, tag: str, query: str = "") -> int:
    """Remove a tag from the references matching ``query`` (all by default); how many."""
    ids = lib.search.search_ids(query) if query.strip() else lib.tags.tagged_references(tag)
    return len(lib.tags.untag_references(ids, tag))


def tag_rename(lib: Library, old: str, new: str, merge: bool = False) -> None:
    """Rename a tag; with ``merge``, an existing ``new`` tag absorbs it."""
    if merge and any(t.name.casefold() == new.casefold() for t in lib.tags.tags()):
        lib.tags.merge_tags([old], new)
    else:
        lib.tags.rename_tag(old, new)


def tag_colour(lib: Library, tag: str, colour: str) -> str:
    """See :meth:`TagStore.set_tag_colour`."""
    return lib.tags.set_tag_colour(tag, colour)


def tag_list(lib: Library) -> list[TagInfo]:
    return lib.tags.tags()


# --------------------------------------------------------------------------- duplicates


@dataclass(slots=True)
class DuplicateGroup:
    """References proposed as one work: the pairs found and their rows."""

    rows: list[ReferenceRow]
    candidates: list[DuplicateCandidate]

    @property
    def exact(self) -> bool:
        return all(c.exact for c in self.candidates)


def group_candidates(candidates: Sequence[DuplicateCandidate]) -> list[list[DuplicateCandidate]]:
    """Pairs joined into groups (connected components), biggest first."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in candidates:
        ra, rb = find(c.a), find(c.b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[DuplicateCandidate]] = {}
    for c in candidates:
        groups.setdefault(find(c.a), []).append(c)
    return sorted(groups.values(), key=lambda g: (-len(g), min(c.a for c in g)))


def find_duplicates(
    lib: Library,
    exact_only: bool = False,
    limit: int | None = None,
) -> tuple[list[DuplicateGroup], int]:
    """Groups of references that look like one work (up to ``limit`` groups), and how many
    groups there are in all."""
    grouped = group_candidates(lib.duplicates.find_duplicates(exact_only=exact_only))
    out: list[DuplicateGroup] = []
    for group in grouped[:limit]:
        ids = sorted({c.a for c in group} | {c.b for c in group})
        out.append(DuplicateGroup(lib.search.rows(ids), group))
    return out, len(grouped)


def _filled(lib: Library, ids: Sequence[int]) -> int:
    """The reference of ``ids`` with the most fields (ties: the oldest)."""
    stored = lib.references.references(list(ids))
    return max(stored, key=lambda s: (len(s.reference.to_csl()), -s.id)).id


def merge_exact(lib: Library) -> list[MergeRecord]:
    """Merge every group of exact duplicates (same DOI, arXiv id or ISBN) in one transaction;
    the reference with the most fields is kept and empty fields are filled from the others.
    Returns the merge records (``lib.duplicates.undo_merge`` each, in reverse, to undo)."""
    groups = group_candidates(lib.duplicates.find_duplicates(exact_only=True))
    records: list[MergeRecord] = []
    with lib.transaction():
        for group in groups:
            ids = sorted({c.a for c in group} | {c.b for c in group})
            keep = _filled(lib, ids)
            records.append(lib.duplicates.merge_references(keep, [i for i in ids if i != keep]))
    return records


# --------------------------------------------------------------------------- check


def check(lib: Library, repair_index: bool = False) -> CheckReport:
    """Integrity check, files missing or orphaned (:func:`prune_files` deletes those),
    counts; ``repair_index`` rebuilds the search index first."""
    if repair_index:
        lib.maintenance.rebuild_search_index()
    report = lib.maintenance.check()
    lib.optimize()
    return report


def prune_plan(lib: Library) -> list[Path]:
    """The files ``prune_files`` would delete, for the user to see and agree to first:
    the library's own stored files that no document refers to any more."""
    return [lib.files_dir / name for name in lib.maintenance.check().orphan_files]


def prune_files(lib: Library, agreed: Sequence[Path]) -> list[Path]:
    """Delete those of ``agreed`` (from :func:`prune_plan`) that are still the library's own
    unreferenced files; the ones deleted.

    Raises:
        InputError: a file could not be deleted.
    """
    names = [p.name for p in agreed if p.parent == lib.files_dir]
    return [lib.files_dir / name for name in lib.maintenance.prune_orphan_files(names)]
