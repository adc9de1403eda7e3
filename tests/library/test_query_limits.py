"""Queries that overflow numbers, nesting or SQLite's limits end in an InputError."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.library.query import MAX_NESTING, MAX_TERMS
from refmanager.model import InputError

from .conftest import BOOK


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("year:>=99999999999999999999", "out of range"),
        ("year:99999999999999999999..", "out of range"),
        ("year:" + "9" * 400, "out of range"),
        ("work:99999999999999999999", "out of range"),
        ("in:99999999999999999999", "out of range"),
        ("work:²", "needs a work id"),
        ("(" * 400 + "x" + ")" * 400, "nested too deeply"),
        ("(" * (MAX_NESTING + 1) + "x" + ")" * (MAX_NESTING + 1), "nested too deeply"),
        (" OR ".join(f"year:{y}" for y in range(MAX_TERMS + 1)), "too many terms"),
        (" ".join(["-x"] * 5000), "too many terms"),
    ],
)
def test_overflowing_queries_are_input_errors(filled: Library, query: str, message: str) -> None:
    for run in (filled.search.count, filled.search.search, filled.search.search_ids):
        with pytest.raises(InputError, match=message) as caught:
            run(query)
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_chains_of_not_are_counted_not_nested(filled: Library) -> None:
    book = [BOOK.get("title")]
    assert [r.title for r in filled.search.search("NOT " * 40 + "type:book")] == book
    assert [r.title for r in filled.search.search("NOT " * 41 + "NOT type:book")] == book
    assert filled.search.count("NOT " * 39 + "type:book") == filled.search.count() - 1
    assert filled.search.count("-" + "NOT " * 99 + "type:book") == 1  # 100 negations


def test_the_limits_themselves_are_searchable(filled: Library) -> None:
    deep = "(" * MAX_NESTING + "type:book OR year:1" + ")" * MAX_NESTING
    assert filled.search.count(deep) == 1
    wide = " OR ".join(f"year:{y}" for y in range(1900, 1900 + MAX_TERMS))
    assert filled.search.count(wide) == filled.search.count("year:1900..2155")
    mixed = " ".join(f"(NOT year:{y} OR type:book)" for y in range(MAX_TERMS // 2))
    assert filled.search.count(mixed) == filled.search.count()
