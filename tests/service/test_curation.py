"""Use cases that tidy the library by hand: tags, merges, deletions, each with its undo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.model import DocumentMeta, InputError, Reference
from refmanager.service import curation
from refmanager.service import library_ops as ops
from refmanager.service.records import Library


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = ops.open_library(tmp_path / "lib")
    yield library
    library.close()


def _ref(title: str, doi: str = "") -> Reference:
    item: dict[str, object] = {"title": title, "author": [{"family": "Knuth", "given": "D."}]}
    if doi:
        item["DOI"] = doi
    return Reference.from_csl(item)


def test_tags_are_added_coloured_renamed_deleted_and_restored(lib: Library) -> None:
    ids = lib.references.add_references([_ref("One"), _ref("Two")])
    assert curation.tag_references(lib, ids, "todo") == ids
    assert curation.tag_references(lib, ids, "todo") == []  # already tagged: nothing to undo
    assert curation.set_tag_colour(lib, "todo", "#AA0000") == ""
    assert curation.set_tag_colour(lib, "todo", "") == "#aa0000"  # the previous colour
    with pytest.raises(InputError):
        curation.set_tag_colour(lib, "todo", "red")
    curation.rename_tag(lib, "todo", "read")
    snapshot = curation.delete_tag(lib, "read")
    assert ops.tag_list(lib) == []
    curation.restore_tag(lib, snapshot)
    assert [(t.name, t.reference_count) for t in ops.tag_list(lib)] == [("read", 2)]
    assert curation.untag_references(lib, ids[:1], "read") == ids[:1]
    curation.create_tag(lib, "other")
    curation.merge_tags(lib, ["other"], "read")
    assert [t.name for t in ops.tag_list(lib)] == ["read"]


def test_merge_hides_the_other_and_undo_shows_it_again(lib: Library) -> None:
    keep, other = lib.references.add_references([_ref("Same paper", "10.1/x"), _ref("Same paper")])
    record = curation.merge_references(lib, keep, [other])
    assert ops.search(lib, "").total == 1
    curation.undo_merge(lib, record)
    assert ops.search(lib, "").total == 2
    curation.mark_not_duplicate(lib, keep, other)
    assert lib.duplicates.is_not_duplicate(other, keep)
    curation.unmark_not_duplicate(lib, keep, other)
    assert not lib.duplicates.is_not_duplicate(keep, other)


def test_deleted_references_and_documents_come_back_with_their_ids(lib: Library) -> None:
    ids = lib.references.add_references([_ref("Loose")])
    gone = curation.delete_references(lib, ids)
    assert ops.stored_references(lib, ids) == []
    curation.restore_references(lib, gone)
    assert [s.id for s in ops.stored_references(lib, ids)] == ids
    doc = lib.documents.add_document(DocumentMeta(title="Paper"), [_ref("Cited")], sha256="a" * 64)
    snapshot = curation.delete_document(lib, doc)
    assert lib.documents.document_count() == 0
    curation.restore_document(lib, snapshot)
    assert lib.documents.document(doc).reference_count == 1
