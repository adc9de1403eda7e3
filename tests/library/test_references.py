"""References: editing fields (and undo), re-parsing, delete and restore, bulk reads."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.model import Reference

from .conftest import FLASH, not_duplicate


def test_set_field_records_the_edit_and_undo_restores_it(filled: Library) -> None:
    previous = filled.references.set_field(2, "title", "Attention Is All You Need")
    assert previous.reference.get("title") == "Attention is all you need"
    assert "title" not in previous.edited
    row = filled.search.rows([2])[0]
    assert row.title == "Attention Is All You Need" and row.edited == {"title"}
    assert filled.search.count('title:"all you need"') == 1
    filled.references.restore_reference(previous)
    stored = filled.references.reference(2)
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
    filled.references.set_field(2, name, value)
    assert getattr(filled.search.rows([2])[0], column) == expected
    assert filled.references.get_field(2, name) == value


def test_edit_mark_survives_reparse_and_unedited_fields_change(filled: Library) -> None:
    filled.references.set_field(1, "title", "FlashAttention (edited)")
    new = Reference.from_csl(FLASH.to_csl())
    new.set("title", "a worse parse")
    new.set("container-title", "NeurIPS 2022")
    previous = filled.references.replace_reference(1, new)
    stored = filled.references.reference(1)
    assert stored.reference.get("title") == "FlashAttention (edited)"
    assert stored.reference.get("container-title") == "NeurIPS 2022"
    assert stored.edited == {"title"}
    filled.references.restore_reference(previous)
    assert filled.references.reference(1).reference.get("container-title") == FLASH.get(
        "container-title"
    )


def test_delete_and_restore_references_keeps_ids_tags_and_marks(filled: Library) -> None:
    filled.tags.tag_references([1, 2, 3], "read")
    filled.duplicates.mark_not_duplicate(1, 2)
    filled.notes.set_note(2, "read the proof")
    snapshot = filled.references.delete_references([1, 2])
    assert filled.search.count() == 3 and filled.search.count("attention") == 0
    filled.references.restore_references(snapshot)
    assert filled.search.count() == 5
    assert filled.search.count("tag:read") == 3
    assert not_duplicate(filled, 2, 1)
    assert filled.notes.note(2) == "read the proof"  # the note came back with it
    assert filled.references.reference(1).reference.get("title") == FLASH.get("title")
    assert filled.search.count("attention") == 2
    assert (
        filled.maintenance.check().integrity == ["ok"]
        and not filled.maintenance.check().foreign_key_errors
    )


def test_bulk_read_gives_what_references_gives(filled: Library) -> None:
    ids = filled.search.search_ids("", order_by="id")
    filled.tags.tag_references(ids[:2], "to-read")
    filled.tags.tag_references(ids[1:3], "a-first")
    wanted = [*reversed(ids), 999_999, ids[0]]  # any order, a missing id, a repeat

    bulk = [(ref, tags) for _, ref, tags in filled.references.export_rows(wanted)]

    whole = filled.references.references(wanted)
    assert [ref for ref, _ in bulk] == [s.reference for s in whole]
    assert [tags for _, tags in bulk] == [s.tags for s in whole]
    assert bulk[-3][1] == ["a-first", "to-read"]  # ids[1]: sorted
    assert bulk[-1][1] == ["to-read"]  # ids[0], asked for twice
    assert all(ref.raw for ref, _ in bulk)


def test_bulk_read_of_nothing(filled: Library) -> None:
    assert filled.references.export_rows([]) == []
    assert filled.references.export_rows([999_999]) == []


def test_font_styles_are_stored_with_the_reference_and_survive_an_edit(lib: Library) -> None:
    ref = Reference(raw="J. Doe. A Book Title. Some Press, 2001.", styles=[(8, 20, "italic")])
    ref.set("title", "A Book Title")
    [ref_id] = lib.references.add_references([ref])
    assert lib.references.reference(ref_id).reference.styles == [(8, 20, "italic")]
    lib.references.set_field(ref_id, "publisher", "Some Press")
    [(_, bulk, _)] = lib.references.export_rows([ref_id])
    assert bulk.styles == lib.references.reference(ref_id).reference.styles == [(8, 20, "italic")]
