"""Searching (``service.search``): suggestions when nothing matched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import Reference
from refmanager.service import search
from refmanager.service.importing import import_paths
from refmanager.service.opening import open_library
from tests.service.test_importing import ENTRIES, make_pdf


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = open_library(tmp_path / "lib")
    yield library
    library.close()


def test_search_offers_suggestions_when_nothing_matches(lib: Library, tmp_path: Path) -> None:
    import_paths(lib, [make_pdf(tmp_path / "a.pdf", "Paper", ENTRIES)], jobs=1)
    found = search.search(lib, "knuth")  # found by its raw text whatever the parser made of it
    assert found.total == 1 and not found.suggestions
    missed = search.search(lib, "atention")
    assert missed.total == 0 and missed.rows == []
    lib.references.add_references([Reference.from_csl({"title": "Attention is all you need"})])
    missed = search.search(lib, "atention")
    assert any("Attention" in s.text for s in missed.suggestions)


def test_table_rows_make_no_object_of_their_own_for_tags_and_no_edits(lib: Library) -> None:
    """A page of the table (a window keeps hundreds of rows) holds one object per row for
    the collector: the tags are a tuple of strings, and the rows nobody edited share one
    empty set, where each row had a list and a set of its own."""
    import gc

    ids = lib.references.add_references(
        [Reference.from_csl({"title": f"Paper {i}", "raw": f"Paper {i}."}) for i in range(3)]
    )
    lib.tags.tag_references(ids[:1], "read")
    rows = search.table_rows(lib, "", "id", False, offset=0, limit=10)
    assert [r.tags for r in rows] == [("read",), (), ()]
    assert rows[1].edited == frozenset() and rows[1].edited is rows[2].edited
    gc.collect()  # a tuple of strings is no object the collector tracks once it has seen it
    assert not any(gc.is_tracked(r.tags) for r in rows)
