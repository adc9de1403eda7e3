"""Duplicates: exact identifiers, blocked fuzzy matches with reasons, merge and its undo."""

from __future__ import annotations

from refmanager.library import Library

from .conftest import make_ref, two_documents


def test_exact_and_fuzzy_candidates_with_reasons(lib: Library) -> None:
    two_documents(lib)
    found = lib.duplicates.find_duplicates()
    pairs = {(c.a, c.b): c for c in found}
    assert set(pairs) == {(1, 4), (2, 5), (3, 6)}
    assert pairs[(1, 4)].exact and pairs[(1, 4)].reasons == ("DOI equal",)
    fuzzy = pairs[(2, 5)]
    assert not fuzzy.exact and fuzzy.score >= 0.9
    assert "same first author" in fuzzy.reasons and "same year" in fuzzy.reasons
    assert fuzzy.reasons[0].startswith("title ")
    assert [c.exact for c in lib.duplicates.find_duplicates(exact_only=True)] == [True]


def test_blocking_keeps_cost_linear(lib: Library) -> None:
    # 3,000 distinct titles by the same author and year form one block; sub-blocking and
    # representative clustering keep it fast, and only the real pair is proposed
    refs = [
        make_ref(f"Study number {i} of topic {i * 7919 % 10007}", [("Smith", "J")], 2020)
        for i in range(3000)
    ]
    refs.append(make_ref(f"Study number 5 of topic {5 * 7919 % 10007}.", [("Smith", "J")], 2021))
    lib.references.add_references(refs)
    found = lib.duplicates.find_duplicates()
    assert [(c.a, c.b, c.reasons) for c in found] == [
        (6, 3001, ("title 1.00", "same first author", "year within 1"))
    ]
