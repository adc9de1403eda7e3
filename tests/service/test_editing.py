"""Changing references by hand (with undo), the page link, retraining, and the
table's pages: the use cases the window and the CLI share."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, InputError, Location, Name, Reference, Token
from refmanager.service import editing, page_links, search, training
from refmanager.service.importing import import_paths
from refmanager.service.opening import open_library
from refmanager.service.workers import WorkerProcess
from tests.service.test_importing import ENTRIES, make_pdf

RAW = "Knuth, D. E. The Art of Computer Programming. Addison-Wesley, 1968."


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = open_library(tmp_path / "lib")
    yield library
    library.close()


def _knuth(lib: Library) -> int:
    ref = Reference(raw=RAW, author=[Name(family="Knuth", given="D. E.")])
    ref.set("title", "The Art of Computer")  # a wrong parse to correct
    ref.tokens = [Token(0, 5, "author"), Token(13, 16, "title"), Token(17, 20, "title")]
    [ref_id] = lib.references.add_references([ref])
    return ref_id


def test_correct_field_stores_a_training_example_and_undoes_both(lib: Library) -> None:
    ref_id = _knuth(lib)
    change = editing.edit_field(ref_id, "title", "The Art of Computer Programming").do(lib)
    assert lib.references.get_field(ref_id, "title") == "The Art of Computer Programming"
    assert lib.references.reference(ref_id).edited == {"title"}
    [example] = lib.corrections.corrections()
    assert example.raw == RAW and example.csl["title"] == "The Art of Computer Programming"
    assert "_tokens" not in example.csl and change.correction_id == example.id
    editing.undo_correction(lib, change)
    assert lib.references.get_field(ref_id, "title") == "The Art of Computer"
    assert lib.corrections.corrections() == []


def test_assign_span_gives_the_text_to_a_field_and_relabels_its_tokens(lib: Library) -> None:
    ref_id = _knuth(lib)
    start = RAW.index("Addison")
    end = start + len("Addison-Wesley")
    change = editing.assign_span(ref_id, "publisher", start, end).do(lib)
    stored = lib.references.reference(ref_id)
    assert stored.reference.get("publisher") == "Addison-Wesley"
    assert "publisher" in stored.edited and stored.reference.confidence["publisher"] == 1.0
    assert Token(start, end, "publisher") in stored.reference.tokens
    year = RAW.index("1968")
    editing.assign_span(ref_id, "issued", year - 1, year + 5).do(lib)
    assert lib.references.reference(ref_id).reference.year == 1968
    with pytest.raises(InputError, match="select some raw text"):
        editing.assign_span(ref_id, "title", 5, 5).do(lib)
    editing.undo_correction(lib, change)  # back to the state before the publisher span
    assert lib.references.reference(ref_id).reference.get("publisher") == ""
    assert "publisher" not in lib.references.reference(ref_id).edited
    assert len(lib.corrections.corrections()) == 1  # the year's example stays


def test_reparse_keeps_edited_fields_and_restores(lib: Library) -> None:
    ref_id = _knuth(lib)
    lib.references.set_field(ref_id, "volume", "77")  # an edit the user made
    previous = editing.reparse([ref_id]).do(lib)
    stored = lib.references.reference(ref_id)
    assert stored.reference.get("volume") == "77" and "volume" in stored.edited
    assert stored.reference.year == 1968  # the parser found the year
    editing.restore_references(lib, previous)
    assert lib.references.reference(ref_id).reference.year is None
    assert editing.reparse_matching(lib, "knuth", batch=1) == 1


def test_reparse_undo_is_rows_the_cycle_collector_skips(lib: Library) -> None:
    # the window keeps a re-parse's undo on its stack: decoded references there were some
    # 60 objects each for Python's cyclic collector to scan, holding the GIL (the window
    # stalled when a re-parse ended); stored rows of plain values it does not scan
    previous = editing.reparse([_knuth(lib)]).do(lib)
    assert len(previous) == 1
    assert not any(gc.is_tracked(row) for row in previous)


def test_reparse_and_paste_in_a_worker_process_store_what_parsing_here_stores(
    lib: Library,
) -> None:
    # the window parses and writes in its session's worker process
    pasted = [RAW, "J. Doe. Another book. Springer, 2001."]
    here = editing.paste(pasted).do(lib)
    worker = WorkerProcess()
    try:
        there = worker.call(editing.add_texts_in_folder, lib.folder, pasted)
        previous = worker.call(editing.reparse_in_folder, lib.folder, there)
    finally:
        worker.close()
    assert [row["id"] for row in previous] == there
    assert [lib.references.reference(i).reference.to_csl() for i in here] == [
        lib.references.reference(i).reference.to_csl() for i in there
    ]


def test_add_texts_parses_pasted_references(lib: Library) -> None:
    ids = editing.paste([RAW, "   ", "J. Doe. Another book. Springer, 2001."]).do(lib)
    assert len(ids) == 2
    assert all(s.document_id is None for s in lib.references.references(ids))
    assert lib.references.reference(ids[0]).reference.raw == RAW


def test_reference_at_a_point_of_a_page(lib: Library) -> None:
    small = Reference(raw="small", location=[Location(2, (100.0, 500.0, 300.0, 520.0))])
    big = Reference(raw="big", location=[Location(2, (50.0, 400.0, 500.0, 600.0))])
    doc = lib.documents.add_document(DocumentMeta(title="d"), [small, big], sha256="e" * 64)
    small_id, big_id = (s.id for s in lib.documents.references_of(doc))
    assert page_links.reference_at(lib, doc, 2, 200, 510) == small_id  # the smallest box
    assert page_links.reference_at(lib, doc, 2, 60, 590) == big_id
    assert page_links.reference_at(lib, doc, 1, 200, 510) is None
    assert page_links.reference_at(lib, doc, 2, 10, 10) is None


def test_retrain_without_corrections_raises_input_error(lib: Library) -> None:
    with pytest.raises(InputError, match="no corrections yet"):
        training.retrain_library(lib.folder)


def test_table_page_sorts_on_columns_and_json_fields(lib: Library) -> None:
    a = Reference.from_csl({"title": "Alpha", "volume": "10", "_label": "A1"})
    b = Reference.from_csl({"title": "Beta", "volume": "9", "citation-number": 4})
    ids = lib.references.add_references([a, b])
    lib.tags.tag_references([ids[1]], "t")
    page = search.table_page(lib, "", "volume", False, offset=0, limit=10)
    assert [row.id for row, _ in page] == [ids[1], ids[0]]
    beta = dict(page)[lib.search.rows([ids[1]])[0]]
    assert beta is not None and beta.number == "4" and beta.tags == ("t",)
    by_title = search.table_page(lib, "", "title", True, offset=0, limit=1)
    assert [row.title for row, _ in by_title] == ["Beta"]
    odd = search.table_page(lib, "", "no-such-column", False, offset=0, limit=10)
    assert len(odd) == 2  # sorted by position instead
    assert "year:" in search.query_help()


def test_a_span_given_to_another_field_leaves_its_old_field(lib: Library) -> None:
    raw = "Micikevicius P. Mixed precision training. arXiv:1710.03740, 2017."
    ref = Reference(raw=raw, author=[Name(family="Micikevicius", given="P.")])
    ref.set("title", "Mixed precision training")
    start = raw.index("arXiv")
    end = raw.index(",", start)
    ref.set("note", raw[start:end])  # the parser put the arXiv id in the note
    ref.tokens = [Token(0, 15, "author"), Token(start, end, "note")]
    [ref_id] = lib.references.add_references([ref])
    editing.assign_span(ref_id, "number", start, end).do(lib)
    stored = lib.references.reference(ref_id)
    assert stored.reference.get("number") == "arXiv:1710.03740"
    assert stored.reference.get("note") == ""  # not exported twice
    assert {"number", "note"} <= stored.edited


def test_reparse_matching_keeps_the_fields_the_user_edited(lib: Library, tmp_path: Path) -> None:
    import_paths(lib, [make_pdf(tmp_path / "a.pdf", "Paper", ENTRIES)], jobs=1)
    knuth = lib.search.search_ids("knuth")[0]
    lib.references.set_field(knuth, "title", "TAOCP (edited)")
    lib.references.set_field(knuth, "publisher", "")
    lib.references.set_field(knuth, "publisher", "", edited=False)
    assert editing.reparse_matching(lib, "") == 3
    stored = lib.references.reference(knuth)
    assert stored.reference.get("title") == "TAOCP (edited)"
    assert stored.edited == {"title"}


def test_a_reparse_keeps_the_label_of_text_the_user_assigned(lib: Library) -> None:
    """Issue 25, item 6: after a re-parse the raw text coloured an assigned span by the
    parser's reading, while the field kept what the user assigned."""
    ref_id = _knuth(lib)
    start = RAW.index("Programming")
    end = start + len("Programming")
    editing.assign_span(ref_id, "note", start, end).do(lib)
    editing.reparse([ref_id]).do(lib)
    stored = lib.references.reference(ref_id)
    assert "note" in stored.edited
    inside = [t for t in stored.reference.tokens if t.start < end and t.end > start]
    assert inside and all(t.label == "note" for t in inside)
    assert not any(t.label == "note" for t in stored.reference.tokens if t not in inside)
