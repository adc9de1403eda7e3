"""Duplicates: exact identifiers, blocked fuzzy matches with reasons, merge and its undo."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.model import DocumentMeta, Reference

from .conftest import ATTENTION, BOOK, FLASH, MULLER, make_ref


def _copy(ref: Reference, **changes: str) -> Reference:
    out = Reference.from_csl(ref.to_csl())
    for name, value in changes.items():
        out.set(name.replace("_", "-"), value)
    return out


def _two_documents(lib: Library) -> None:
    lib.add_document(DocumentMeta(title="one"), [FLASH, ATTENTION, MULLER], sha256="1" * 64)
    lib.add_document(
        DocumentMeta(title="two"),
        [
            _copy(FLASH, container_title="NeurIPS"),  # same DOI
            _copy(ATTENTION, title="Attention is all you need."),  # no DOI, same title
            _copy(MULLER, title="Uber die Grundlagen der Mengenlehre"),  # diacritic lost
            make_ref("A different paper entirely", [("Vaswani", "Ashish")], 2017),
            BOOK,
        ],
        sha256="2" * 64,
    )


def test_exact_and_fuzzy_candidates_with_reasons(lib: Library) -> None:
    _two_documents(lib)
    found = lib.find_duplicates()
    pairs = {(c.a, c.b): c for c in found}
    assert set(pairs) == {(1, 4), (2, 5), (3, 6)}
    assert pairs[(1, 4)].exact and pairs[(1, 4)].reasons == ("DOI equal",)
    fuzzy = pairs[(2, 5)]
    assert not fuzzy.exact and fuzzy.score >= 0.9
    assert "same first author" in fuzzy.reasons and "same year" in fuzzy.reasons
    assert fuzzy.reasons[0].startswith("title ")
    assert [c.exact for c in lib.find_duplicates(exact_only=True)] == [True]


def test_same_doi_references_share_a_work_cited_by_two_documents(lib: Library) -> None:
    _two_documents(lib)
    row = lib.rows([1])[0]
    assert row.cited_by == 2 and row.work_id == lib.rows([4])[0].work_id
    assert lib.cited_by(row.work_id or 0) == [1, 2]


def test_not_a_duplicate_persists(lib: Library, tmp_path: object) -> None:
    _two_documents(lib)
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
    _two_documents(lib)
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
    _two_documents(lib)
    assert lib.rows([2])[0].work_id != lib.rows([5])[0].work_id
    lib.set_field(5, "DOI", "10.5555/attention")
    record = lib.merge_references(2, [5])
    assert lib.reference(2).reference.get("DOI") == "10.5555/attention"
    assert lib.rows([2])[0].cited_by == 2
    lib.undo_merge(record)
    assert lib.reference(2).reference.get("DOI") == ""
    assert lib.rows([2])[0].cited_by == 1


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
        [_copy(FLASH, container_title="NeurIPS")],
        sha256="4" * 64,
    )
    assert lib.linked_references(later) == [(lib.references_of(later)[0].id, flash_doc)]
    assert lib.most_cited(1)[0][1] == 2


def test_blocking_keeps_cost_linear(lib: Library) -> None:
    # 3,000 distinct titles by the same author and year form one block; sub-blocking and
    # representative clustering keep it fast, and only the real pair is proposed
    refs = [
        make_ref(f"Study number {i} of topic {i * 7919 % 10007}", [("Smith", "J")], 2020)
        for i in range(3000)
    ]
    refs.append(make_ref(f"Study number 5 of topic {5 * 7919 % 10007}.", [("Smith", "J")], 2021))
    lib.add_references(refs)
    found = lib.find_duplicates()
    assert [(c.a, c.b, c.reasons) for c in found] == [
        (6, 3001, ("title 1.00", "same first author", "year within 1"))
    ]


def test_search_index_follows_merges_deletes_and_undo(lib: Library) -> None:
    _two_documents(lib)
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
