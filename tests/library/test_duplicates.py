"""Merging duplicates (and undo), pairs marked "not duplicates", the search index after."""

from __future__ import annotations

from refmanager.library import Library

from .conftest import FLASH, cited_by, two_documents


def test_not_a_duplicate_persists(lib: Library, tmp_path: object) -> None:
    two_documents(lib)
    lib.duplicates.mark_not_duplicate(5, 2)
    assert (2, 5) not in {(c.a, c.b) for c in lib.duplicates.find_duplicates()}
    folder = lib.folder
    lib.close()
    with Library.open(folder) as again:
        assert (2, 5) not in {(c.a, c.b) for c in again.duplicates.find_duplicates()}
        again.duplicates.unmark_not_duplicate(2, 5)
        assert (2, 5) in {(c.a, c.b) for c in again.duplicates.find_duplicates()}
    lib.conn = Library.open(folder).conn  # the fixture closes it


def test_merge_chooses_fields_hides_the_other_and_undo_restores(lib: Library) -> None:
    two_documents(lib)
    before = lib.search.count()
    record = lib.duplicates.merge_references(1, [4], choices={"container-title": 4})
    assert lib.search.count() == before - 1
    kept = lib.references.reference(1)
    assert kept.reference.get("container-title") == "NeurIPS"
    hidden = lib.references.reference(4)
    assert hidden.merged_into == 1 and hidden.work_id == kept.work_id
    assert lib.documents.references_of(2)[0].id == 4  # still in its bibliography
    assert cited_by(lib, 1) == 2
    lib.duplicates.undo_merge(record)
    assert lib.search.count() == before
    assert lib.references.reference(1).reference.get("container-title") == FLASH.get(
        "container-title"
    )
    assert lib.references.reference(4).merged_into is None
    assert (
        lib.maintenance.check().integrity == ["ok"]
        and not lib.maintenance.check().foreign_key_errors
    )


def test_merge_fills_empty_fields_and_joins_works(lib: Library) -> None:
    two_documents(lib)
    assert lib.search.rows([2])[0].work_id != lib.search.rows([5])[0].work_id
    lib.references.set_field(5, "DOI", "10.5555/attention")
    record = lib.duplicates.merge_references(2, [5])
    assert lib.references.reference(2).reference.get("DOI") == "10.5555/attention"
    assert cited_by(lib, 2) == 2
    lib.duplicates.undo_merge(record)
    assert lib.references.reference(2).reference.get("DOI") == ""
    assert cited_by(lib, 2) == 1


def test_search_index_follows_merges_deletes_and_undo(lib: Library) -> None:
    two_documents(lib)
    assert lib.search.count("flashattention") == 2
    record = lib.duplicates.merge_references(1, [4])
    assert lib.search.count("flashattention") == 1  # text counts come from the index alone
    assert lib.maintenance.check().integrity == ["ok"]
    snapshot = lib.references.delete_references([1])  # the hidden row shows again
    assert (
        lib.search.count("flashattention") == 1 and lib.references.reference(4).merged_into is None
    )
    assert lib.maintenance.check().integrity == ["ok"]
    lib.references.restore_references(snapshot)
    assert lib.references.reference(4).merged_into == 1 and lib.search.count("flashattention") == 1
    assert lib.maintenance.check().integrity == ["ok"]
    lib.duplicates.undo_merge(record)
    assert lib.search.count("flashattention") == 2 and lib.maintenance.check().integrity == ["ok"]
