"""Documents: files kept by hash, all-or-nothing adds, delete and restore, completion."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, InputError, Name

from .conftest import ATTENTION, BOOK, FLASH


def test_document_file_is_copied_by_hash_and_recognised(lib: Library, tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4 fake content")
    meta = DocumentMeta(title="FlashAttention", authors=[Name("Dao", "Tri")], year=2022)
    doc_id = lib.documents.add_document(meta, [FLASH, ATTENTION], file=pdf)
    stored = lib.documents.file_path(doc_id)
    assert stored is not None and stored.read_bytes() == pdf.read_bytes()
    assert stored.parent == lib.files_dir and stored.stem == lib.documents.document(doc_id).sha256
    pdf.unlink()  # the original can go: the library keeps its copy
    record = lib.documents.document(doc_id)
    assert record.meta.title == "FlashAttention" and record.reference_count == 2
    assert record.meta.authors[0].family == "Dao"
    assert lib.documents.document_id_for_hash(record.sha256 or "") == doc_id
    with pytest.raises(InputError, match="already in the library"):
        lib.documents.add_document(meta, [], sha256=record.sha256, file_name="again.pdf")
    assert [r.reference.get("title") for r in lib.documents.references_of(doc_id)] == [
        FLASH.get("title"),
        ATTENTION.get("title"),
    ]


def test_import_of_a_document_is_all_or_nothing(lib: Library) -> None:
    bad = FLASH.to_csl()
    broken = type(FLASH).from_csl(bad)
    broken.fields["title"] = object()  # type: ignore[assignment]  # not JSON-serialisable
    with pytest.raises(TypeError):
        lib.documents.add_document(DocumentMeta(title="x"), [ATTENTION, broken], sha256="b" * 64)
    assert lib.documents.document_count() == 0
    assert lib.search.count() == 0
    assert lib.conn.execute("SELECT count(*) FROM works").fetchone()[0] == 0


def test_delete_and_restore_document(filled: Library) -> None:
    doc = filled.documents.documents()[0]
    filled.tags.tag_documents([doc.id], "keep")
    filled.tags.tag_references([1, 2], "read")
    snapshot = filled.documents.delete_document(doc.id)
    assert filled.documents.document_count() == 0 and filled.search.count() == 0
    filled.documents.restore_document(snapshot)
    assert filled.documents.document(doc.id).tags == ("keep",)
    assert filled.search.count() == 5
    assert filled.search.count("tag:read") == 2
    assert filled.search.count("tag:keep") == 5  # a document's tag finds its references
    assert filled.references.reference(1).tags == ["read"]
    assert filled.search.count('title:"attention is all"') == 1


def test_complete_document_fills_a_failed_document_in_place(lib: Library) -> None:
    doc = lib.documents.add_document(
        DocumentMeta(title="paper"), [], sha256="f" * 64, status="failed", message="encrypted"
    )
    lib.tags.tag_documents([doc], "inbox")
    meta = DocumentMeta(title="A real title", authors=[Name(family="Doe")], year=2021)
    new_ids = lib.documents.complete_document(doc, meta, [ATTENTION, BOOK], status="ok", message="")
    record = lib.documents.document(doc)
    assert (record.status, record.message, record.meta.title) == ("ok", "", "A real title")
    assert record.meta.year == 2021 and record.tags == ("inbox",)
    assert [s.id for s in lib.documents.references_of(doc)] == new_ids and len(new_ids) == 2
    assert lib.documents.document_id_for_hash("f" * 64) == doc
    with pytest.raises(KeyError):
        lib.documents.complete_document(12345, meta, [])


def test_a_full_disk_is_said_and_leaves_neither_an_orphan_file_nor_a_change(
    lib: Library, tmp_path: Path
) -> None:
    # issue 26 defect 9: "internal error: OperationalError: database or disk is full" and
    # an orphan PDF in files/. SQLite's page limit makes the disk full for the test.
    lib.documents.add_document(DocumentMeta(title="before"), [FLASH])
    pages = lib.conn.execute("PRAGMA page_count").fetchone()[0]
    lib.conn.execute(f"PRAGMA max_page_count = {pages}")
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4 fake content")
    many = [FLASH, ATTENTION, BOOK] * 200
    with pytest.raises(InputError, match="the disk is full"):
        lib.documents.add_document(DocumentMeta(title="after"), many, file=pdf)
    assert list(lib.files_dir.iterdir()) == []
    assert [d.meta.title for d in lib.documents.documents()] == ["before"]
