"""Plain records the Library returns: rows for tables, snapshots for undo, reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from refmanager.model import DocumentMeta, Reference


@dataclass(slots=True, frozen=True)
class ReferenceRow:
    """One line of the references table: the indexed columns, cheap to read in pages.

    Attributes:
        id: the reference's row id (stable for its life, kept by delete + restore).
        document_id: the document whose bibliography it comes from, or None (a .bib import).
        position: its order in that bibliography (0-based).
        type: CSL type.
        title, author, venue, doi: display strings (author is ``Family, Given; ...``).
        year: the issued year or None.
        confidence: the lowest field confidence from the parser, or None.
        edited: the CSL field names the user edited.
        work_id: the work it cites (shared with the other references to the same work).
        document_title: the citing document's title (or its file name).
    """

    id: int
    document_id: int | None
    position: int
    type: str
    title: str
    author: str
    year: int | None
    venue: str
    doi: str
    confidence: float | None
    edited: frozenset[str]
    work_id: int | None
    document_title: str


@dataclass(slots=True)
class StoredReference:
    """A whole reference as stored: the CSL item plus where it sits in the library."""

    id: int
    document_id: int | None
    position: int
    reference: Reference
    edited: frozenset[str]
    work_id: int | None
    merged_into: int | None
    tags: list[str] = field(default_factory=list)


@dataclass(slots=True, frozen=True)
class DocumentRecord:
    """One imported document (a PDF, or a bibliography file)."""

    id: int
    sha256: str | None
    file_name: str
    source: str
    meta: DocumentMeta
    added: float
    status: str
    message: str
    reference_count: int
    tags: tuple[str, ...] = ()

    @property
    def display_title(self) -> str:
        return self.meta.title or self.file_name


@dataclass(slots=True)
class DeletedReferences:
    """Everything needed to put deleted references back exactly (same ids, tags, marks,
    links and notes)."""

    rows: list[dict[str, Any]]
    tag_links: list[tuple[int, int]]  # (tag_id, ref_id)
    not_duplicate_pairs: list[tuple[int, int, float]]
    merged_children: list[tuple[int, int]]  # (ref_id, merged_into) of rows that pointed at them
    # (ref_id, position, target, resolved, kind, title): their links (ref_attachments)
    attachments: list[tuple[int, int, str, str, str, str]] = field(default_factory=list)
    notes: list[tuple[int, str, str, float]] = field(default_factory=list)  # their ref_notes rows
    collections: list[tuple[int, int]] = field(default_factory=list)  # (collection, ref_id)

    def ids(self) -> list[int]:
        """The ids of the references this snapshot puts back."""
        return [int(row["id"]) for row in self.rows]


@dataclass(slots=True, frozen=True)
class TagInfo:
    """A tag with its colour and how many references and documents carry it."""

    id: int
    name: str
    colour: str
    reference_count: int
    document_count: int


@dataclass(slots=True, frozen=True)
class DuplicateCandidate:
    """Two references proposed as the same work, with the reasons.

    Attributes:
        a, b: reference ids, ``a < b``.
        score: 0..1; 1.0 for an exact identifier match.
        exact: matched on DOI, arXiv id or ISBN.
        reasons: short human-readable reasons ("DOI equal", "title 0.97", "same first author").
    """

    a: int
    b: int
    score: float
    exact: bool
    reasons: tuple[str, ...]


@dataclass(slots=True)
class MergeRecord:
    """What ``lib.duplicates.merge_references`` did, for ``lib.duplicates.undo_merge``."""

    keep: int
    others: list[int]
    keep_before: dict[str, Any]  # the kept row's columns before the merge
    others_before: dict[int, tuple[int | None, int | None]]  # id -> (work_id, merged_into)
    work_before: dict[str, Any]  # the kept work's row before the merge


@dataclass(slots=True)
class DeletedDocument:
    """Everything needed to put a deleted document back (its references included)."""

    row: dict[str, Any]
    references: DeletedReferences
    tag_links: list[tuple[int, int]]  # (tag_id, document_id)
    linked_works: list[int]  # works that pointed at the document as the cited paper


@dataclass(slots=True)
class DeletedTag:
    """A deleted tag and its links, for ``lib.tags.restore_tag``."""

    row: dict[str, Any]
    ref_ids: list[int]
    document_ids: list[int]


@dataclass(slots=True, frozen=True)
class LayoutCorrection:
    """A labelled document for the line model: its lines as a layout correction left them
    (``example`` in :mod:`refmanager.pdf.linetrain`'s stored form)."""

    id: int
    document_id: int | None
    kind: str
    example: dict[str, Any]
    created: float


@dataclass(slots=True, frozen=True)
class Correction:
    """A labelled example for the parser: the raw string and the corrected CSL item."""

    id: int
    reference_id: int | None
    raw: str
    csl: dict[str, Any]
    created: float


@dataclass(slots=True, frozen=True)
class SavedSearch:
    id: int
    name: str
    query: str


@dataclass(slots=True, frozen=True)
class Suggestion:
    """A close title or author offered when a search finds nothing."""

    text: str
    field: str  # "title" | "author"
    score: float
    query: str  # a query that finds it


@dataclass(slots=True)
class CheckReport:
    """``lib.maintenance.check``: SQLite's integrity check, files, counts.

    Attributes:
        orphan_files: files of ``files/`` the library stored and no document refers to
            any more: what ``prune_orphan_files`` deletes.
        foreign_files: files of ``files/`` the library did not store (a user's, or
            changed since): listed, never deleted.
    """

    integrity: list[str]
    foreign_key_errors: int
    missing_files: list[str]
    orphan_files: list[str]
    counts: dict[str, int]
    foreign_files: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.integrity == ["ok"] and not self.foreign_key_errors and not self.missing_files


@dataclass(slots=True, frozen=True)
class RowExtras:
    """What a references table shows beyond ``ReferenceRow``, read straight from the
    item's JSON (no names, no tokens parsed): ``lib.search.row_extras``.

    Attributes:
        volume, issue, page, doi, url: the CSL fields ("" when absent).
        number: the citation number, else the printed label, else "".
        fragment: the tail of an entry whose start is not in the document.
        confidence: the parser's per-field confidence.
        tags: the reference's tags, sorted.
    """

    volume: str
    issue: str
    page: str
    doi: str
    number: str
    fragment: bool
    confidence: dict[str, float]
    tags: tuple[str, ...]
    url: str = ""
