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
