"""Tidying the library by hand: tags, merges, deletions, each with what its undo needs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, InputError, Reference

from .conftest import not_duplicate


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = Library.open(tmp_path / "lib")
    yield library
    library.close()


def _ref(title: str, doi: str = "") -> Reference:
    item: dict[str, object] = {"title": title, "author": [{"family": "Knuth", "given": "D."}]}
    if doi:
        item["DOI"] = doi
    return Reference.from_csl(item)


def test_tags_are_added_coloured_renamed_deleted_and_restored(lib: Library) -> None:
    ids = lib.references.add_references([_ref("One"), _ref("Two")])
    assert lib.tags.tag_references(ids, "todo") == ids
    assert lib.tags.tag_references(ids, "todo") == []  # already tagged: nothing to undo
    assert lib.tags.set_tag_colour("todo", "#AA0000") == ""
    assert lib.tags.set_tag_colour("todo", "") == "#aa0000"  # the previous colour
    with pytest.raises(InputError):
        lib.tags.set_tag_colour("todo", "red")
    lib.tags.rename_tag("todo", "read")
    snapshot = lib.tags.delete_tag("read")
    assert lib.tags.tags() == []
    lib.tags.restore_tag(snapshot)
    assert [(t.name, t.reference_count) for t in lib.tags.tags()] == [("read", 2)]
    assert lib.tags.untag_references(ids[:1], "read") == ids[:1]
    lib.tags.tag_references([], "other")  # a tag on nothing
    lib.tags.merge_tags(["other"], "read")
    assert [t.name for t in lib.tags.tags()] == ["read"]


def test_merge_hides_the_other_and_undo_shows_it_again(lib: Library) -> None:
    keep, other = lib.references.add_references([_ref("Same paper", "10.1/x"), _ref("Same paper")])
    record = lib.duplicates.merge_references(keep, [other])
    assert lib.search.count("") == 1
    lib.duplicates.undo_merge(record)
    assert lib.search.count("") == 2
    lib.duplicates.mark_not_duplicate(keep, other)
    assert not_duplicate(lib, other, keep)
    lib.duplicates.unmark_not_duplicate(keep, other)
    assert not not_duplicate(lib, keep, other)


def test_deleted_references_and_documents_come_back_with_their_ids(lib: Library) -> None:
    ids = lib.references.add_references([_ref("Loose")])
    gone = lib.references.delete_references(ids)
    assert lib.references.references(ids) == []
    lib.references.restore_references(gone)
    assert [s.id for s in lib.references.references(ids)] == ids
    doc = lib.documents.add_document(DocumentMeta(title="Paper"), [_ref("Cited")], sha256="a" * 64)
    snapshot = lib.documents.delete_document(doc)
    assert lib.documents.document_count() == 0
    lib.documents.restore_document(snapshot)
    assert lib.documents.document(doc).reference_count == 1
