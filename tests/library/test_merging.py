"""Merging duplicates (and undo), pairs marked "not duplicates", the search index after."""

from __future__ import annotations

from refmanager.library import Library

from .conftest import FLASH, two_documents


def test_not_a_duplicate_persists(lib: Library, tmp_path: object) -> None:
    two_documents(lib)
    lib.mark_not_duplicate(5, 2)
    assert (2, 5) not in {(c.a, c.b) for c in lib.find_duplicates()}
    folder = lib.folder
    lib.close()
    with Library.open(folder) as again:
        assert (2, 5) not in {(c.a, c.b) for c in again.find_duplicates()}
        again.unmark_not_duplicate(2, 5)
        assert (2, 5) in {(c.a, c.b) for c in again.find_duplicates()}
    lib.conn = Library.open(folder).conn  # the fixture closes it


def test_merge_chooses_fields_hides_the_other_and_undo_restores(lib: Library) -> None:
    two_documents(lib)
    before = lib.count()
    record = lib.merge_references(1, [4], choices={"container-title": 4})
    assert lib.count() == before - 1
    kept = lib.reference(1)
    assert kept.reference.get("container-title") == "NeurIPS"
    hidden = lib.reference(4)
    assert hidden.merged_into == 1 and hidden.work_id == kept.work_id
    assert lib.references_of(2)[0].id == 4  # still in its bibliography
    assert lib.rows([1])[0].cited_by == 2
    lib.undo_merge(record)
    assert lib.count() == before
    assert lib.reference(1).reference.get("container-title") == FLASH.get("container-title")
    assert lib.reference(4).merged_into is None
    assert lib.check().integrity == ["ok"] and not lib.check().foreign_key_errors


def test_merge_fills_empty_fields_and_joins_works(lib: Library) -> None:
    two_documents(lib)
    assert lib.rows([2])[0].work_id != lib.rows([5])[0].work_id
    lib.set_field(5, "DOI", "10.5555/attention")
    record = lib.merge_references(2, [5])
    assert lib.reference(2).reference.get("DOI") == "10.5555/attention"
    assert lib.rows([2])[0].cited_by == 2
    lib.undo_merge(record)
    assert lib.reference(2).reference.get("DOI") == ""
    assert lib.rows([2])[0].cited_by == 1


def test_search_index_follows_merges_deletes_and_undo(lib: Library) -> None:
    two_documents(lib)
    assert lib.count("flashattention") == 2
    record = lib.merge_references(1, [4])
    assert lib.count("flashattention") == 1  # text counts come from the index alone
    assert lib.check().integrity == ["ok"]
    snapshot = lib.delete_references([1])  # the hidden row shows again
    assert lib.count("flashattention") == 1 and lib.reference(4).merged_into is None
    assert lib.check().integrity == ["ok"]
    lib.restore_references(snapshot)
    assert lib.reference(4).merged_into == 1 and lib.count("flashattention") == 1
    assert lib.check().integrity == ["ok"]
    lib.undo_merge(record)
    assert lib.count("flashattention") == 2 and lib.check().integrity == ["ok"]
