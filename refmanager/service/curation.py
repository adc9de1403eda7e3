"""Use cases that tidy the library by hand: tags on references, merging duplicates,
deleting references and documents. Each change returns what its undo needs (the window
keeps it on its undo stack); the matching ``undo_``/``restore_`` function takes it back.

The CLI (``refmanager tag``, ``refmanager duplicates``) and the window both call these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from refmanager.library import (
    DeletedDocument,
    DeletedReferences,
    DeletedTag,
    Library,
    MergeRecord,
)

# --------------------------------------------------------------------------- tags


def tag_references(lib: Library, ref_ids: Sequence[int], tag: str) -> list[int]:
    """Tag references (the tag is created if needed); the ids newly tagged (for undo)."""
    return lib.tags.tag_references(ref_ids, tag)


def untag_references(lib: Library, ref_ids: Sequence[int], tag: str) -> list[int]:
    """Take a tag off references; the ids that had it (for undo)."""
    return lib.tags.untag_references(ref_ids, tag)


def create_tag(lib: Library, name: str, colour: str = "") -> int:
    """A tag's id, created if needed (names are case-insensitive)."""
    return lib.tags.create_tag(name, colour)


def set_tag_colour(lib: Library, tag: str, colour: str) -> str:
    """Set a tag's colour (``#rrggbb``, or "" for none); the previous colour (for undo).

    Raises:
        InputError: no such tag, or a colour not of the form ``#rrggbb``.
    """
    return lib.tags.set_tag_colour(tag, colour)


def rename_tag(lib: Library, old: str, new: str) -> None:
    """Rename a tag (undo: rename it back).

    Raises:
        InputError: no tag ``old``, or ``new`` is another tag (merge them instead).
    """
    lib.tags.rename_tag(old, new)


def merge_tags(lib: Library, sources: Sequence[str], target: str) -> None:
    """Move the links of ``sources`` onto ``target`` (created if needed); drop ``sources``."""
    lib.tags.merge_tags(sources, target)


def delete_tag(lib: Library, tag: str) -> DeletedTag:
    """Delete a tag and its links; :func:`restore_tag` puts them back."""
    return lib.tags.delete_tag(tag)


def restore_tag(lib: Library, snapshot: DeletedTag) -> None:
    lib.tags.restore_tag(snapshot)


# --------------------------------------------------------------------------- duplicates


def merge_references(
    lib: Library, keep: int, others: Sequence[int], choices: Mapping[str, int] | None = None
) -> MergeRecord:
    """Merge ``others`` into ``keep`` (one row shows the work); ``choices`` maps a field to
    the reference whose value wins. :func:`undo_merge` takes it back.

    Raises:
        KeyError: one of the ids is not in the library.
    """
    return lib.duplicates.merge_references(keep, others, choices)


def undo_merge(lib: Library, record: MergeRecord) -> None:
    lib.duplicates.undo_merge(record)


def mark_not_duplicate(lib: Library, a: int, b: int) -> None:
    """Remember that two references are different works (never proposed again)."""
    lib.duplicates.mark_not_duplicate(a, b)


def unmark_not_duplicate(lib: Library, a: int, b: int) -> None:
    lib.duplicates.unmark_not_duplicate(a, b)


# --------------------------------------------------------------------------- deleting


def delete_references(lib: Library, ref_ids: Sequence[int]) -> DeletedReferences:
    """Delete references; :func:`restore_references` gives them back (same ids, tags, merges)."""
    return lib.references.delete_references(ref_ids)


def restore_references(lib: Library, snapshot: DeletedReferences) -> None:
    lib.references.restore_references(snapshot)


def delete_document(lib: Library, document_id: int) -> DeletedDocument:
    """Delete a document and its references (its file stays until pruned, for undo)."""
    return lib.documents.delete_document(document_id)


def restore_document(lib: Library, snapshot: DeletedDocument) -> None:
    lib.documents.restore_document(snapshot)
