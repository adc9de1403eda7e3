"""Duplicates as use cases (``service.duplicates``): groups for the command line, pairs
for the window, both from one finder; merging every exact group at once, undoable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.service import duplicates
from refmanager.service.opening import open_library
from tests.service.records import two_of_one_work as _refs


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = open_library(tmp_path / "lib")
    yield library
    library.close()


def test_duplicates_grouped_and_paired_and_merge_exact(lib: Library) -> None:
    ids = _refs(lib)
    groups, total = duplicates.find_groups(lib)
    assert total == 1 and groups[0].exact and [r.id for r in groups[0].rows] == ids
    [pair] = duplicates.find_pairs(lib)
    assert (pair.a, pair.b) == tuple(ids) and pair.left_text.startswith("LeCun")
    change = duplicates.merge_exact()
    records = change.do(lib)
    assert len(records) == 1
    kept = lib.references.reference(records[0].keep)
    assert kept.reference.get("container-title") == "Nature"  # the fuller entry is kept
    assert lib.search.count() == 1
    assert duplicates.find_groups(lib) == ([], 0)
    change.undo(lib, records)
    assert lib.search.count() == 2
