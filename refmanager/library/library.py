"""The library: one folder holding ``library.sqlite`` and ``files/<sha256>.<ext>``.

Usage::

    with Library.open(folder) as lib:
        doc_id = lib.add_document(meta, refs, file=Path("paper.pdf"))
        rows = lib.search("author:dao year:>=2020", order_by="year", limit=50)

:class:`Library` is a facade: each concern is a store of its own over the one connection
(:mod:`~refmanager.library.documents`, :mod:`~refmanager.library.references`,
:mod:`~refmanager.library.tags`, :mod:`~refmanager.library.works`,
:mod:`~refmanager.library.merging` (duplicates), :mod:`~refmanager.library.corrections`,
:mod:`~refmanager.library.layout` (layout corrections, reference order),
:mod:`~refmanager.library.saved_searches`, :mod:`~refmanager.library.notes`,
:mod:`~refmanager.library.attachments`,
:mod:`~refmanager.library.search`,
:mod:`~refmanager.library.maintenance`), and its methods hand each call to the store
that owns it.

Threads: a ``Library`` may be handed from one thread to another but must not be used by two
threads at once; a background worker opens its own ``Library`` on the same folder (SQLite in
WAL mode lets readers and one writer work together; other writers wait, up to 30 s, and are
retried, so "database is locked" does not reach the user).

Every write method runs in its own transaction unless called inside ``with lib.transaction():``,
in which case it joins it (nested blocks become savepoints).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from types import TracebackType
from typing import Any

from refmanager.library import db
from refmanager.library.attachments import AttachmentStore
from refmanager.library.codec import csl_json, fts_values, load_reference, reference_columns
from refmanager.library.connection import Connection
from refmanager.library.corrections import CorrectionStore
from refmanager.library.documents import DocumentStore, file_sha256
from refmanager.library.exports import AutoExport, ExportStore, WrittenKey
from refmanager.library.fields import SPECIAL_FIELDS, get_field, set_field
from refmanager.library.imports import ImportRun, ImportStore
from refmanager.library.layout import LayoutStore
from refmanager.library.maintenance import MaintenanceStore
from refmanager.library.merging import DuplicateStore
from refmanager.library.notes import NoteStore
from refmanager.library.records import (
    CheckReport,
    Correction,
    DeletedDocument,
    DeletedReferences,
    DeletedTag,
    DocumentRecord,
    DuplicateCandidate,
    FieldChange,
    LayoutCorrection,
    MergeRecord,
    ReferenceRow,
    RowExtras,
    SavedSearch,
    StoredReference,
    Suggestion,
    TagInfo,
)
from refmanager.library.references import ReferenceStore
from refmanager.library.saved_searches import SavedSearchStore
from refmanager.library.search import SearchStore
from refmanager.library.tags import TagStore
from refmanager.library.works import WorkStore
from refmanager.model import Attachment, DocumentMeta, InputError, Reference

DB_NAME = "library.sqlite"
FILES_DIR = "files"

__all__ = [
    "DB_NAME",
    "FILES_DIR",
    "SPECIAL_FIELDS",
    "ImportRun",
    "Library",
    "csl_json",
    "file_sha256",
    "fts_values",
    "get_field",
    "load_reference",
    "reference_columns",
    "set_field",
]


class Library:
    """An open library folder. Create with :meth:`open`; close with :meth:`close` or ``with``.

    Attributes:
        folder: the library folder.
        db_path: ``folder / "library.sqlite"``.
        files_dir: ``folder / "files"``, where imported files are kept by content hash.
        conn: the SQLite connection (autocommit; use :meth:`transaction` to group writes).
        migrated_from: the schema version the file had before opening (0 for a new library).
    """

    def __init__(
        self, folder: Path, conn: sqlite3.Connection, migrated_from: int, read_only: bool = False
    ) -> None:
        self.folder = folder
        self.db_path = folder / DB_NAME
        self.files_dir = folder / FILES_DIR
        self.conn = conn
        self.migrated_from = migrated_from
        self.read_only = read_only
        shared = Connection(conn, str(folder) if read_only else None)
        self._connection = shared
        self._works = WorkStore(shared)
        self._references = ReferenceStore(shared, self._works)
        self._tags = TagStore(shared)
        self._documents = DocumentStore(
            shared, self.files_dir, self._references, self._works, self._tags
        )
        self._duplicates = DuplicateStore(shared, self._references, self._works)
        self._search = SearchStore(shared)
        self._corrections = CorrectionStore(shared)
        self._layout = LayoutStore(shared)
        self._saved = SavedSearchStore(shared)
        self._notes = NoteStore(shared)
        self._maintenance = MaintenanceStore(shared, self._documents)
        self._attachments = AttachmentStore(shared)
        self._imports = ImportStore(shared, self._references, self._tags, self._attachments)
        self._exports = ExportStore(shared)

    # ------------------------------------------------------------ opening

    @classmethod
    def open(
        cls, folder: Path | str, create: bool = True, read_only: bool | None = None
    ) -> Library:
        """Open (or, with ``create``, create) the library in ``folder``; migrate it if needed.

        A backup ``library.sqlite.vN.bak`` is written before any migration. A library that
        cannot be written (a read-only medium or folder, or ``read_only``) is opened
        read-only: it can be searched and exported; every change raises ``InputError``.
        ``read_only=False`` insists on writing (an unwritable library is an error).

        Raises:
            InputError: the folder is not a library and ``create`` is false, the file is not
                an SQLite database, it was written by a newer refmanager, or it needs
                upgrading and cannot be written.
        """
        folder = Path(folder).expanduser()
        path = folder / DB_NAME
        if not path.exists():
            if not create:
                raise InputError(str(folder), "no refmanager library here (library.sqlite missing)")
            if folder.exists() and not folder.is_dir():
                raise InputError(str(folder), "not a folder")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise InputError(
                    str(folder), f"cannot create the library: {exc.strerror}"
                ) from None
        writable = db.writable(path)
        if read_only is False and not writable:
            raise InputError(str(folder), "the library cannot be written here (read-only)")
        if read_only or not writable:
            return cls._open_read_only(folder, path)
        (folder / FILES_DIR).mkdir(exist_ok=True)
        try:
            conn = db.connect(path)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"cannot open the library: {exc}") from None
        try:
            migrated_from = db.migrate(conn, path)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise InputError(str(path), f"not a usable library file: {exc}") from None
        except BaseException:
            conn.close()
            raise
        return cls(folder, conn, migrated_from)

    @classmethod
    def _open_read_only(cls, folder: Path, path: Path) -> Library:
        try:
            conn = db.connect_read_only(path)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"cannot open the library read-only: {exc}") from None
        try:
            version = db.check_version(conn, path)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise InputError(str(path), f"not a usable library file: {exc}") from None
        except BaseException:
            conn.close()
            raise
        return cls(folder, conn, version, read_only=True)

    def close(self) -> None:
        """Close the connection (pending transactions are rolled back)."""
        self.conn.close()

    def optimize(self) -> None:
        """Refresh the query planner's statistics where they are stale (``PRAGMA optimize``).

        Takes a second or two on a million references: call it after a large import, not on
        every close.
        """
        with suppress(sqlite3.Error):
            self.conn.execute("PRAGMA optimize")

    def __enter__(self) -> Library:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def transaction(self) -> AbstractContextManager[None]:
        """Group writes: all or nothing. Nested blocks are savepoints of the outer one.

        The outer block takes the write lock at once (``BEGIN IMMEDIATE``), waiting for other
        writers (and retrying) instead of failing with "database is locked".
        """
        return self._connection.transaction()

    # ------------------------------------------------------------ documents
    def document_id_for_hash(self, sha256: str) -> int | None:
        """The document imported from a file with this content hash, or None."""
        return self._documents.document_id_for_hash(sha256)

    def file_path(self, document_id: int) -> Path | None:
        """Where the library keeps the document's file, or None (no file)."""
        return self._documents.file_path(document_id)

    def add_document(
        self,
        meta: DocumentMeta,
        references: Sequence[Reference],
        *,
        file: Path | None = None,
        sha256: str | None = None,
        file_name: str = "",
        source: str = "pdf",
        status: str = "ok",
        message: str = "",
        tags: Iterable[str] = (),
    ) -> int:
        """Add one document and its references in one transaction; return the document id."""
        return self._documents.add_document(
            meta,
            references,
            file=file,
            sha256=sha256,
            file_name=file_name,
            source=source,
            status=status,
            message=message,
            tags=tags,
        )

    def complete_document(
        self,
        document_id: int,
        meta: DocumentMeta,
        references: Sequence[Reference],
        *,
        status: str = "ok",
        message: str = "",
    ) -> list[int]:
        """See :meth:`DocumentStore.complete_document`."""
        return self._documents.complete_document(
            document_id, meta, references, status=status, message=message
        )

    def set_document_status(self, document_id: int, status: str, message: str = "") -> None:
        """Record how extraction went (``ok``, ``partial``, ``failed``) and why."""
        return self._documents.set_document_status(document_id, status, message)

    def document_count(self) -> int:
        """See :meth:`DocumentStore.document_count`."""
        return self._documents.document_count()

    def documents(
        self, offset: int = 0, limit: int | None = None, query: str = ""
    ) -> list[DocumentRecord]:
        """Documents, newest first; ``query`` filters on file name or title (substring)."""
        return self._documents.documents(offset, limit, query)

    def document(self, document_id: int) -> DocumentRecord:
        """One document. Raises ``KeyError`` when there is no such document."""
        return self._documents.document(document_id)

    def references_of(self, document_id: int) -> list[StoredReference]:
        """A document's references in bibliography order (merged-away ones included)."""
        return self._documents.references_of(document_id)

    def delete_document(self, document_id: int) -> DeletedDocument:
        """Delete a document and its references; the snapshot returned restores them."""
        return self._documents.delete_document(document_id)

    def restore_document(self, snapshot: DeletedDocument) -> None:
        """Undo :meth:`delete_document`: the same ids, references, tags and links."""
        return self._documents.restore_document(snapshot)

    # ------------------------------------------------------------ references: writing and reading
    def add_references(
        self, references: Sequence[Reference], document_id: int | None = None
    ) -> list[int]:
        """Add references (to a document, or to none); return their ids, in order."""
        return self._references.add_references(references, document_id)

    def get_field(self, ref_id: int, name: str) -> str:
        """A field of a stored reference as a string (see :func:`get_field`)."""
        return self._references.get_field(ref_id, name)

    def set_field(
        self, ref_id: int, name: str, value: str, *, edited: bool | None = True
    ) -> FieldChange:
        """See :meth:`ReferenceStore.set_field`."""
        return self._references.set_field(ref_id, name, value, edited=edited)

    def undo_field_change(self, change: FieldChange) -> None:
        """Put back the value and the edited mark a :meth:`set_field` call replaced."""
        return self._references.undo_field_change(change)

    def replace_reference(
        self, ref_id: int, ref: Reference, *, keep_edited: bool = True
    ) -> StoredReference:
        """Replace a reference's fields (re-parsing); return the previous state for undo."""
        return self._references.replace_reference(ref_id, ref, keep_edited=keep_edited)

    def restore_reference(self, previous: StoredReference) -> None:
        """Put a reference back as :meth:`replace_reference` returned it (fields and marks)."""
        return self._references.restore_reference(previous)

    def delete_references(self, ref_ids: Sequence[int]) -> DeletedReferences:
        """Delete references; :meth:`restore_references` gives them back from the snapshot."""
        return self._references.delete_references(ref_ids)

    def restore_references(self, snapshot: DeletedReferences) -> None:
        """Undo :meth:`delete_references`: same ids, fields, tags, marks and merges."""
        return self._references.restore_references(snapshot)

    def reference(self, ref_id: int) -> StoredReference:
        """One whole reference. Raises ``KeyError`` when there is no such reference."""
        return self._references.reference(ref_id)

    def references(self, ref_ids: Sequence[int]) -> list[StoredReference]:
        """Whole references, in the order of ``ref_ids`` (missing ids are skipped)."""
        return self._references.references(ref_ids)

    def export_rows(self, ref_ids: Sequence[int]) -> list[tuple[int, Reference, list[str]]]:
        """The ids, references and sorted tags of ``ref_ids`` (missing ones skipped)."""
        return self._references.export_rows(ref_ids)

    def references_for_export(self, ref_ids: Sequence[int]) -> list[tuple[Reference, list[str]]]:
        """The references of ``ref_ids`` and their tags (sorted), in that order, for bulk reads."""
        return self._references.references_for_export(ref_ids)

    # ------------------------------------------------------------ search
    def search(
        self,
        query: str = "",
        order_by: str = "added",
        descending: bool = False,
        offset: int = 0,
        limit: int = 100,
    ) -> list[ReferenceRow]:
        """One page of the references matching ``query`` (see :mod:`refmanager.library.query`)."""
        return self._search.search(query, order_by, descending, offset, limit)

    def count(self, query: str = "") -> int:
        """How many references match ``query`` (merged-away ones left out)."""
        return self._search.count(query)

    def search_ids(
        self, query: str = "", order_by: str = "added", descending: bool = False
    ) -> list[int]:
        """The ids of all references matching ``query``, in order (for bulk actions)."""
        return self._search.search_ids(query, order_by, descending)

    def rows(self, ref_ids: Sequence[int]) -> list[ReferenceRow]:
        """Table rows for these ids, in that order (to refresh rows after an edit)."""
        return self._search.rows(ref_ids)

    def search_ids_by_field(
        self, query: str, name: str, descending: bool = False, offset: int = 0, limit: int = 100
    ) -> list[int]:
        """See :meth:`SearchStore.search_ids_by_field`."""
        return self._search.search_ids_by_field(query, name, descending, offset, limit)

    def row_extras(self, ref_ids: Sequence[int]) -> dict[int, RowExtras]:
        """See :meth:`SearchStore.row_extras`."""
        return self._search.row_extras(ref_ids)

    def suggest(self, query: str, limit: int = 5) -> list[Suggestion]:
        """Close titles and authors for a query that found nothing (fuzzy, rapidfuzz)."""
        return self._search.suggest(query, limit)

    # ------------------------------------------------------------ tags
    def create_tag(self, name: str, colour: str = "") -> int:
        """The tag's id, creating it if needed (names are case-insensitive)."""
        return self._tags.create_tag(name, colour)

    def tags(self) -> list[TagInfo]:
        """Every tag with its colour and counts, by name."""
        return self._tags.tags()

    def tag_references(self, ref_ids: Sequence[int], name: str) -> list[int]:
        """Tag references (creating the tag); return the ids that did not have it (for undo)."""
        return self._tags.tag_references(ref_ids, name)

    def untag_references(self, ref_ids: Sequence[int], name: str) -> list[int]:
        """Remove a tag from references; return the ids that had it (for undo)."""
        return self._tags.untag_references(ref_ids, name)

    def tag_documents(self, document_ids: Sequence[int], name: str) -> list[int]:
        """Tag documents (creating the tag); return the ids that did not have it."""
        return self._tags.tag_documents(document_ids, name)

    def untag_documents(self, document_ids: Sequence[int], name: str) -> list[int]:
        """Remove a tag from documents; return the ids that had it."""
        return self._tags.untag_documents(document_ids, name)

    def tagged_references(self, name: str) -> list[int]:
        """The ids of the references carrying tag ``name`` themselves (not via a document)."""
        return self._tags.tagged_references(name)

    def tags_of(self, ref_id: int) -> list[str]:
        """The tags on one reference, by name."""
        return self._tags.tags_of(ref_id)

    def rename_tag(self, old: str, new: str) -> None:
        """Rename a tag (or change its case)."""
        return self._tags.rename_tag(old, new)

    def merge_tags(self, sources: Sequence[str], target: str) -> None:
        """Move the links of ``sources`` to ``target`` (created if needed); drop ``sources``."""
        return self._tags.merge_tags(sources, target)

    def set_tag_colour(self, name: str, colour: str) -> str:
        """Set a tag's colour (``#rrggbb``, or "" for none); return the previous colour."""
        return self._tags.set_tag_colour(name, colour)

    def delete_tag(self, name: str) -> DeletedTag:
        """Delete a tag and its links; :meth:`restore_tag` puts them back."""
        return self._tags.delete_tag(name)

    def restore_tag(self, snapshot: DeletedTag) -> None:
        """Undo :meth:`delete_tag`."""
        return self._tags.restore_tag(snapshot)

    # ------------------------------------------------------------ duplicates
    def find_duplicates(
        self,
        min_score: float = 0.9,
        progress: Callable[[int, int], None] | None = None,
        exact_only: bool = False,
    ) -> list[DuplicateCandidate]:
        """Pairs of visible references that look like the same work, best first."""
        return self._duplicates.find_duplicates(min_score, progress, exact_only)

    def merge_references(
        self, keep: int, others: Sequence[int], choices: Mapping[str, int] | None = None
    ) -> MergeRecord:
        """Merge ``others`` into ``keep``: one row shows the work, the others are hidden."""
        return self._duplicates.merge_references(keep, others, choices)

    def undo_merge(self, record: MergeRecord) -> None:
        """Undo :meth:`merge_references`: the kept row, the hidden rows and the work as before."""
        return self._duplicates.undo_merge(record)

    def mark_not_duplicate(self, a: int, b: int) -> None:
        """Remember that two references are different works (duplicates never proposes them)."""
        return self._duplicates.mark_not_duplicate(a, b)

    def unmark_not_duplicate(self, a: int, b: int) -> None:
        """See :meth:`DuplicateStore.unmark_not_duplicate`."""
        return self._duplicates.unmark_not_duplicate(a, b)

    def is_not_duplicate(self, a: int, b: int) -> bool:
        """See :meth:`DuplicateStore.is_not_duplicate`."""
        return self._duplicates.is_not_duplicate(a, b)

    # ------------------------------------------------------------ works and citations
    def cited_by(self, work_id: int) -> list[int]:
        """The ids of the documents whose bibliographies cite this work."""
        return self._works.cited_by(work_id)

    def work_document(self, work_id: int) -> int | None:
        """The library document that is this work (the cited paper itself), or None."""
        return self._works.work_document(work_id)

    def linked_references(self, document_id: int) -> list[tuple[int, int]]:
        """``(ref_id, document_id)``: references of a document that cite a library document."""
        return self._works.linked_references(document_id)

    def citing_documents(self, document_id: int) -> list[int]:
        """The documents of the library whose bibliographies cite this document."""
        return self._works.citing_documents(document_id)

    def most_cited(self, limit: int = 20) -> list[tuple[int, int]]:
        """``(work_id, number of citing documents)``, most cited first."""
        return self._works.most_cited(limit)

    # ------------------------------------------------------------ corrections
    def add_correction(
        self, raw: str, csl: Mapping[str, Any], reference_id: int | None = None
    ) -> int:
        """Store a labelled example: the raw reference string and its corrected CSL item."""
        return self._corrections.add_correction(raw, csl, reference_id)

    def corrections(self) -> list[Correction]:
        """See :meth:`CorrectionStore.corrections`."""
        return self._corrections.corrections()

    def delete_correction(self, correction_id: int) -> None:
        """See :meth:`CorrectionStore.delete_correction`."""
        return self._corrections.delete_correction(correction_id)

    # ------------------------------------------------------------ layout corrections
    def add_layout_correction(
        self, document_id: int | None, kind: str, example: Mapping[str, Any]
    ) -> int:
        """See :meth:`LayoutStore.add_layout_correction`."""
        return self._layout.add_layout_correction(document_id, kind, example)

    def layout_corrections(self, latest_only: bool = False) -> list[LayoutCorrection]:
        """See :meth:`LayoutStore.layout_corrections`."""
        return self._layout.layout_corrections(latest_only)

    def layout_correction_counts(self) -> dict[str, int]:
        """See :meth:`LayoutStore.layout_correction_counts`."""
        return self._layout.layout_correction_counts()

    def delete_layout_correction(self, correction_id: int) -> None:
        """See :meth:`LayoutStore.delete_layout_correction`."""
        self._layout.delete_layout_correction(correction_id)

    def shift_positions(self, document_id: int, after: int, delta: int) -> None:
        """See :meth:`LayoutStore.shift_positions`."""
        self._layout.shift_positions(document_id, after, delta)

    def set_position(self, ref_id: int, position: int) -> None:
        """See :meth:`LayoutStore.set_position`."""
        self._layout.set_position(ref_id, position)

    # ------------------------------------------------------------ saved searches
    def save_search(self, name: str, query: str) -> int:
        """Save (or replace) a named search; the query is checked first (InputError if bad)."""
        return self._saved.save_search(name, query)

    def saved_searches(self) -> list[SavedSearch]:
        """See :meth:`SavedSearchStore.saved_searches`."""
        return self._saved.saved_searches()

    def delete_saved_search(self, name: str) -> None:
        """See :meth:`SavedSearchStore.delete_saved_search`."""
        return self._saved.delete_saved_search(name)

    # ------------------------------------------------------------ kept-up-to-date files, keys
    def add_auto_export(self, path: str, fmt: str, query: str) -> int:
        """Keep the file at ``path`` up to date (replacing what was set for it); its id."""
        return self._exports.add_auto_export(path, fmt, query)

    def auto_exports(self) -> list[AutoExport]:
        """The files kept up to date, by path."""
        return self._exports.auto_exports()

    def remove_auto_export(self, path: str) -> bool:
        """Stop keeping ``path`` up to date; whether it was."""
        return self._exports.remove_auto_export(path)

    def auto_export_written(self, export_id: int) -> None:
        """Note that a kept-up-to-date file was just rewritten."""
        self._exports.auto_export_written(export_id)

    def written_keys(self, ref_ids: Sequence[int]) -> dict[int, WrittenKey]:
        """The citation keys the references of ``ref_ids`` were written with."""
        return self._exports.written_keys(ref_ids)

    def key_owner(self, key: str) -> int | None:
        """The reference whose written key is ``key`` (without case), or None."""
        return self._exports.key_owner(key)

    def key_owners(self, keys: Sequence[str]) -> dict[str, int]:
        """Of ``keys``, those written for some reference: lower case -> its id."""
        return self._exports.key_owners(keys)

    def store_keys(self, keys: Iterable[WrittenKey]) -> None:
        """Keep the citation keys references were written with."""
        self._exports.store_keys(keys)

    def setting(self, name: str, default: str = "") -> str:
        """A named setting of this library."""
        return self._exports.setting(name, default)

    def set_setting(self, name: str, value: str) -> None:
        self._exports.set_setting(name, value)

    def data_version(self) -> int:
        """Changes when another connection commits (``PRAGMA data_version``)."""
        return self._exports.data_version()

    # ------------------------------------------------------------ notes

    def note(self, ref_id: int) -> str:
        """See :meth:`NoteStore.note`."""
        return self._notes.note(ref_id)

    def notes_of(self, ref_ids: Sequence[int]) -> dict[int, str]:
        """See :meth:`NoteStore.notes_of`."""
        return self._notes.notes_of(ref_ids)

    def set_note(self, ref_id: int, text: str) -> str:
        """See :meth:`NoteStore.set_note`."""
        return self._notes.set_note(ref_id, text)

    def put_notes(self, notes: Mapping[int, str]) -> None:
        """See :meth:`NoteStore.put_notes`."""
        self._notes.put_notes(notes)

    # ------------------------------------------------------------ checking
    def check(self) -> CheckReport:
        """SQLite's integrity and foreign-key checks, files missing or orphaned, counts."""
        return self._maintenance.check()

    def prune_orphan_files(self, names: Iterable[str] | None = None) -> list[str]:
        """Delete the library's own files no document refers to (all, or those of ``names``);
        files it did not store are never deleted (see ``MaintenanceStore``)."""
        return self._maintenance.prune_orphan_files(names)

    def rebuild_search_index(self) -> None:
        """Rebuild the FTS indexes from the stored CSL items (``check --repair``)."""
        return self._maintenance.rebuild_search_index()

    # ------------------------------------------------------------ attachments
    def attachments_of(
        self, ref_ids: Sequence[int], merged: bool = False
    ) -> dict[int, list[Attachment]]:
        """See :meth:`AttachmentStore.attachments_of` (nothing is opened)."""
        return self._attachments.attachments_of(ref_ids, merged)

    def add_attachments(self, links: Iterable[tuple[int, Sequence[Attachment]]]) -> None:
        """See :meth:`AttachmentStore.add_attachments`."""
        self._attachments.add_attachments(links)

    # ------------------------------------------------------------ bibliography-file imports
    def begin_import(self, sha256: str, file_name: str, fmt: str) -> ImportRun:
        """See :meth:`ImportStore.begin_import`."""
        return self._imports.begin_import(sha256, file_name, fmt)

    def add_import_batch(
        self, run: ImportRun, references: Sequence[Reference], tag: str | None = None
    ) -> list[int]:
        """See :meth:`ImportStore.add_import_batch`."""
        return self._imports.add_import_batch(run, references, tag)

    def finish_import(self, run: ImportRun) -> None:
        """Mark the file as imported whole."""
        self._imports.finish_import(run)

    def forget_import(self, run: ImportRun) -> None:
        """See :meth:`ImportStore.forget_import`."""
        self._imports.forget_import(run)
