"""Works: references to one publication share a work; citations between documents."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.model import DocumentMeta

from .conftest import ATTENTION, BOOK, FLASH, copy_ref, two_documents


def test_same_doi_references_share_a_work_cited_by_two_documents(lib: Library) -> None:
    two_documents(lib)
    row = lib.rows([1])[0]
    assert row.cited_by == 2 and row.work_id == lib.rows([4])[0].work_id
    assert lib.cited_by(row.work_id or 0) == [1, 2]


def test_citing_document_links_to_the_cited_paper(lib: Library) -> None:
    # document 1 cites FlashAttention; then the FlashAttention PDF itself is imported
    lib.add_document(DocumentMeta(title="survey"), [FLASH, ATTENTION], sha256="1" * 64)
    flash_doc = lib.add_document(
        DocumentMeta(title=FLASH.get("title"), doi="10.48550/arXiv.2205.14135", year=2022),
        [BOOK],
        sha256="2" * 64,
    )
    attention_doc = lib.add_document(
        DocumentMeta(title="Attention Is All You Need", year=2017), [], sha256="3" * 64
    )
    assert lib.linked_references(1) == [(1, flash_doc), (2, attention_doc)]
    assert lib.citing_documents(flash_doc) == [1]
    # and a document imported later whose references cite earlier documents
    later = lib.add_document(
        DocumentMeta(title="later"),
        [copy_ref(FLASH, container_title="NeurIPS")],
        sha256="4" * 64,
    )
    assert lib.linked_references(later) == [(lib.references_of(later)[0].id, flash_doc)]
    assert lib.most_cited(1)[0][1] == 2
