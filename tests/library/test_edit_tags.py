"""Field edits and their undo, delete/restore, tags in bulk, corrections."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.model import InputError, Reference

from .conftest import ATTENTION, FLASH


def test_set_field_records_the_edit_and_undo_restores_it(filled: Library) -> None:
    change = filled.set_field(2, "title", "Attention Is All You Need")
    assert change.old_value == "Attention is all you need" and change.old_edited is False
    row = filled.rows([2])[0]
    assert row.title == "Attention Is All You Need" and row.edited == {"title"}
    assert filled.count('title:"all you need"') == 1
    filled.undo_field_change(change)
    stored = filled.reference(2)
    assert stored.reference.get("title") == "Attention is all you need"
    assert stored.edited == frozenset()


@pytest.mark.parametrize(
    ("name", "value", "column", "expected"),
    [
        ("author", "Vaswani, Ashish; Parmar, Niki", "author", "Vaswani, Ashish; Parmar, Niki"),
        ("issued", "2018-06", "year", 2018),
        ("type", "article-journal", "type", "article-journal"),
        ("container-title", "NIPS", "venue", "NIPS"),
        ("DOI", "https://doi.org/10.5555/ABC", "doi", "10.5555/abc"),
    ],
)
def test_special_fields_update_their_columns(
    filled: Library, name: str, value: str, column: str, expected: object
) -> None:
    filled.set_field(2, name, value)
    assert getattr(filled.rows([2])[0], column) == expected
    assert filled.get_field(2, name) == value


def test_edit_mark_survives_reparse_and_unedited_fields_change(filled: Library) -> None:
    filled.set_field(1, "title", "FlashAttention (edited)")
    new = Reference.from_csl(FLASH.to_csl())
    new.set("title", "a worse parse")
    new.set("container-title", "NeurIPS 2022")
    previous = filled.replace_reference(1, new)
    stored = filled.reference(1)
    assert stored.reference.get("title") == "FlashAttention (edited)"
    assert stored.reference.get("container-title") == "NeurIPS 2022"
    assert stored.edited == {"title"}
    filled.restore_reference(previous)
    assert filled.reference(1).reference.get("container-title") == FLASH.get("container-title")


def test_delete_and_restore_references_keeps_ids_tags_and_marks(filled: Library) -> None:
    filled.tag_references([1, 2, 3], "read")
    filled.mark_not_duplicate(1, 2)
    snapshot = filled.delete_references([1, 2])
    assert filled.count() == 3 and filled.count("attention") == 0
    filled.restore_references(snapshot)
    assert filled.count() == 5
    assert filled.count("tag:read") == 3
    assert filled.is_not_duplicate(2, 1)
    assert filled.reference(1).reference.get("title") == FLASH.get("title")
    assert filled.count("attention") == 2
    assert filled.check().integrity == ["ok"] and not filled.check().foreign_key_errors


def test_bulk_tags_add_remove_counts(filled: Library) -> None:
    ids = filled.add_references([ATTENTION] * 3000)
    added = filled.tag_references([*ids, 1], "bulk")
    assert len(added) == 3001
    assert filled.tag_references(ids[:10], "bulk") == []  # already there
    assert {t.name: t.reference_count for t in filled.tags()} == {"bulk": 3001}
    removed = filled.untag_references(ids[:1000], "bulk")
    assert len(removed) == 1000
    assert filled.count("tag:bulk") == 2001
    filled.tag_documents([1], "bulk")
    info = filled.tags()[0]
    assert (info.reference_count, info.document_count) == (2001, 1)


def test_rename_merge_colour_delete_restore_tags(filled: Library) -> None:
    filled.tag_references([1], "ml")
    filled.tag_references([2], "ML-papers")
    filled.tag_references([3], "maths")
    filled.rename_tag("ml", "machine-learning")
    assert filled.tags_of(1) == ["machine-learning"]
    with pytest.raises(InputError, match="already exists"):
        filled.rename_tag("machine-learning", "maths")
    filled.rename_tag("maths", "Maths")  # a change of case is a rename
    filled.merge_tags(["ML-papers"], "machine-learning")
    assert [t.name for t in filled.tags()] == ["machine-learning", "Maths"]
    assert filled.count("tag:machine-learning") == 2
    assert filled.set_tag_colour("Maths", "#AA0000") == ""
    assert filled.tags()[1].colour == "#aa0000"
    with pytest.raises(InputError, match="#rrggbb"):
        filled.set_tag_colour("Maths", "red")
    snapshot = filled.delete_tag("machine-learning")
    assert filled.count("tag:machine-learning") == 0
    filled.restore_tag(snapshot)
    assert filled.count("tag:machine-learning") == 2
    with pytest.raises(InputError, match="needs a name"):
        filled.tag_references([1], "  ")


def test_corrections_are_stored_as_labelled_examples(filled: Library) -> None:
    item = FLASH.to_csl()
    cid = filled.add_correction(FLASH.raw, item, reference_id=1)
    [stored] = filled.corrections()
    assert (stored.id, stored.reference_id, stored.raw) == (cid, 1, FLASH.raw)
    assert stored.csl["title"] == FLASH.get("title")
    filled.delete_references([1])
    assert filled.corrections()[0].reference_id is None  # the example outlives the reference
    filled.delete_correction(cid)
    assert filled.corrections() == []
