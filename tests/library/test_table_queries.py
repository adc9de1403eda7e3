"""What a references table reads beyond its rows: JSON-only fields, sorting on them, and a
failed document read again."""

from __future__ import annotations

import pytest

from refmanager.library import CSL_SORT_FIELDS, Library
from refmanager.model import DocumentMeta, InputError, Name, Reference

from .conftest import ATTENTION, BOOK, make_ref


def _with_volumes(lib: Library) -> dict[str, int]:
    """Four references whose volumes sort differently as numbers and as text."""
    ids: dict[str, int] = {}
    for title, volume in [("ten", "10"), ("nine", "9"), ("roman", "xii"), ("none", "")]:
        ref = make_ref(f"Paper {title}", [("Smith", "A.")], 2000)
        ref.set("volume", volume)
        [ids[title]] = lib.add_references([ref])
    return ids


def test_search_ids_by_field_sorts_numbers_numerically_then_text(lib: Library) -> None:
    ids = _with_volumes(lib)
    ascending = lib.search_ids_by_field("", "volume", limit=10)
    # no volume and a non-number cast to 0: they come first, then 9 before 10
    assert ascending[-2:] == [ids["nine"], ids["ten"]]
    assert set(ascending[:2]) == {ids["none"], ids["roman"]}
    descending = lib.search_ids_by_field("", "volume", descending=True, limit=10)
    assert descending[:2] == [ids["ten"], ids["nine"]]
    assert lib.search_ids_by_field("", "volume", offset=3, limit=10) == [ids["ten"]]
    assert lib.search_ids_by_field("title:nine", "volume") == [ids["nine"]]


def test_search_ids_by_field_refuses_other_fields(lib: Library) -> None:
    assert "title" not in CSL_SORT_FIELDS
    with pytest.raises(InputError, match="cannot sort on 'title'"):
        lib.search_ids_by_field("", "title")
    with pytest.raises(InputError):
        lib.search_ids_by_field("year:>>", "page")


def test_row_extras_reads_json_fields_tags_and_numbers(lib: Library) -> None:
    numbered = Reference.from_csl(
        {
            "title": "Numbered",
            "volume": "12",
            "issue": "3",
            "page": "45-67",
            "DOI": "10.1000/xyz",
            "citation-number": 7,
            "_confidence": {"title": 0.9, "volume": 0.5},
        }
    )
    labelled = Reference.from_csl({"title": "Labelled", "_label": "Smi20", "_fragment": True})
    first, second = lib.add_references([numbered, labelled])
    lib.tag_references([first], "b-tag")
    lib.tag_references([first], "a-tag")
    extras = lib.row_extras([first, second, 999_999])
    assert set(extras) == {first, second}
    one = extras[first]
    assert (one.volume, one.issue, one.page, one.doi) == ("12", "3", "45-67", "10.1000/xyz")
    assert one.number == "7" and not one.fragment
    assert one.confidence == {"title": 0.9, "volume": 0.5}
    assert one.tags == ("a-tag", "b-tag")
    two = extras[second]
    assert two.number == "Smi20" and two.fragment and two.tags == () and two.volume == ""


def test_row_extras_of_many_ids_in_chunks(lib: Library) -> None:
    ids = lib.add_references([make_ref(f"T {i}", [("A", "B")], 2001) for i in range(1200)])
    assert set(lib.row_extras(ids)) == set(ids)


def test_complete_document_fills_a_failed_document_in_place(lib: Library) -> None:
    doc = lib.add_document(
        DocumentMeta(title="paper"), [], sha256="f" * 64, status="failed", message="encrypted"
    )
    lib.tag_documents([doc], "inbox")
    meta = DocumentMeta(title="A real title", authors=[Name(family="Doe")], year=2021)
    new_ids = lib.complete_document(doc, meta, [ATTENTION, BOOK], status="ok", message="")
    record = lib.document(doc)
    assert (record.status, record.message, record.meta.title) == ("ok", "", "A real title")
    assert record.meta.year == 2021 and record.tags == ("inbox",)
    assert [s.id for s in lib.references_of(doc)] == new_ids and len(new_ids) == 2
    assert lib.document_id_for_hash("f" * 64) == doc
    with pytest.raises(KeyError):
        lib.complete_document(12345, meta, [])
