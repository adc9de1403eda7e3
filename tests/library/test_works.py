"""Works: references to one publication share a work; citations between documents."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.model import DocumentMeta, Reference

from .conftest import ATTENTION, BOOK, FLASH, cited_by, copy_ref, make_ref, two_documents


def test_same_doi_references_share_a_work_cited_by_two_documents(lib: Library) -> None:
    two_documents(lib)
    row = lib.search.rows([1])[0]
    assert cited_by(lib, 1) == 2 and row.work_id == lib.search.rows([4])[0].work_id


def test_citing_document_links_to_the_cited_paper(lib: Library) -> None:
    # document 1 cites FlashAttention; then the FlashAttention PDF itself is imported
    lib.documents.add_document(DocumentMeta(title="survey"), [FLASH, ATTENTION], sha256="1" * 64)
    flash_doc = lib.documents.add_document(
        DocumentMeta(title=FLASH.get("title"), doi="10.48550/arXiv.2205.14135", year=2022),
        [BOOK],
        sha256="2" * 64,
    )
    attention_doc = lib.documents.add_document(
        DocumentMeta(title="Attention Is All You Need", year=2017), [], sha256="3" * 64
    )
    assert _linked_references(lib, 1) == [(1, flash_doc), (2, attention_doc)]
    # and a document imported later whose references cite earlier documents
    later = lib.documents.add_document(
        DocumentMeta(title="later"),
        [copy_ref(FLASH, container_title="NeurIPS")],
        sha256="4" * 64,
    )
    assert _linked_references(lib, later) == [(lib.documents.references_of(later)[0].id, flash_doc)]


def _linked_references(lib: Library, document_id: int) -> list[tuple[int, int]]:
    """``(ref_id, document_id)``: references of a document that cite a library document."""
    rows = lib.conn.execute(
        "SELECT r.id, w.document_id FROM refs r JOIN works w ON w.id = r.work_id "
        "WHERE r.document_id = ? AND w.document_id IS NOT NULL ORDER BY r.position",
        (document_id,),
    )
    return [(r[0], r[1]) for r in rows]


def _cite(title: str, **ids: str) -> Reference:
    ref = make_ref(title, [("Knuth", "D.")], 1990)
    for name, value in ids.items():
        ref.set(name, value)
    return ref


def test_works_are_linked_in_bulk_by_doi_then_arxiv_then_isbn(lib: Library) -> None:
    ids = lib.references.add_references(
        [
            _cite("a", DOI="10.1/x"),
            _cite("b", DOI="10.1/X", arxiv="2101.00001"),  # same DOI, also an arXiv id
            _cite("c", arxiv="2101.00001"),  # joins through the arXiv id
            _cite("d", ISBN="978-0-201-03801-0"),
            _cite("e", ISBN="9780201038010"),
            _cite("f"),  # no identifier: a work of its own
            _cite("g"),
        ]
    )
    work = [lib.references.reference(i).work_id for i in ids]
    assert work[0] == work[1] == work[2] and work[3] == work[4]
    assert len({work[0], work[3], work[5], work[6]}) == 4 and None not in work
    later = lib.references.add_references(
        [_cite("h", arxiv="2101.00001"), _cite("i", ISBN="0201038013")]
    )
    assert lib.references.reference(later[0]).work_id == work[0]  # an earlier batch's work
    row = lib.conn.execute("SELECT doi, arxiv FROM works WHERE id = ?", (work[0],)).fetchone()
    assert tuple(row) == ("10.1/x", "2101.00001")  # the work took the identifier it lacked


def test_a_new_work_is_linked_to_the_document_with_its_doi(lib: Library) -> None:
    doc = lib.documents.add_document(
        DocumentMeta(title="The paper", doi="10.9/p"), [], sha256="c" * 64
    )
    [ref] = lib.references.add_references([_cite("cites it", DOI="https://doi.org/10.9/P")])
    work = lib.references.reference(ref).work_id
    assert lib.conn.execute("SELECT document_id FROM works WHERE id = ?", (work,)).fetchone() == (
        doc,
    )
