"""A library's documents as use cases: removing one, and an import that already ran, both
undoable :class:`Change` s; and the documents the undo stack can still bring back (whose
stored PDFs must stay)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from refmanager.library import DeletedDocument, DeletedReferences, Library
from refmanager.service.importing import ImportReport
from refmanager.service.views import STRUCTURE, Change


def remove_document(document_id: int) -> Change[DeletedDocument]:
    """Remove a document and its references; the undo brings them back."""
    return Change(
        "remove document",
        lambda lib: lib.documents.delete_document(document_id),
        lambda lib, snapshot: lib.documents.restore_document(snapshot),
        replace(STRUCTURE, documents=frozenset([document_id])),
        slow=True,
    )


def _undo_import(lib: Library, summary: ImportReport) -> None:
    # notes written since the import come back with a redo (in the snapshots)
    with lib.transaction():
        summary.snapshots = [
            lib.documents.delete_document(d) for d in reversed(summary.document_ids)
        ]
        if summary.reference_ids:
            summary.snapshots.append(lib.references.delete_references(summary.reference_ids))


def _redo_import(lib: Library, summary: ImportReport) -> ImportReport:
    with lib.transaction():
        for snap in reversed(summary.snapshots):
            if isinstance(snap, DeletedReferences):
                lib.references.restore_references(snap)
            elif isinstance(snap, DeletedDocument):
                lib.documents.restore_document(snap)
    summary.snapshots = []
    return summary


def imported(summary: ImportReport) -> Change[ImportReport]:
    """The undo of an import that already ran (its ``do`` is the redo)."""
    return Change(
        f"import {summary.describe()}",
        lambda lib: _redo_import(lib, summary),
        _undo_import,
        replace(STRUCTURE, documents=frozenset(summary.document_ids)),
        slow=True,
    )


def restorable_documents(tokens: Iterable[object]) -> Iterator[DeletedDocument]:
    """The deleted documents that undoing or redoing the changes of these undo tokens would
    bring back: a removed document (its undo), an undone import's documents (its redo)."""
    for token in tokens:
        if isinstance(token, DeletedDocument):
            yield token
        elif isinstance(token, ImportReport):
            yield from restorable_documents(token.snapshots)
        elif isinstance(token, (tuple, list)):
            yield from restorable_documents(token)
