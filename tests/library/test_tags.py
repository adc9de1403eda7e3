"""Tags: bulk tagging, rename, merge, colour, delete and restore."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.model import InputError

from .conftest import ATTENTION


def test_bulk_tags_add_remove_counts(filled: Library) -> None:
    ids = filled.add_references([ATTENTION] * 3000)
    added = filled.tag_references([*ids, 1], "bulk")
    assert len(added) == 3001
    assert filled.tag_references(ids[:10], "bulk") == []  # already there
    assert {t.name: t.reference_count for t in filled.tags()} == {"bulk": 3001}
    removed = filled.untag_references(ids[:1000], "bulk")
    assert len(removed) == 1000
    assert filled.count("tag:bulk") == 2001
    filled.tag_documents([1], "bulk")
    info = filled.tags()[0]
    assert (info.reference_count, info.document_count) == (2001, 1)


def test_rename_merge_colour_delete_restore_tags(filled: Library) -> None:
    filled.tag_references([1], "ml")
    filled.tag_references([2], "ML-papers")
    filled.tag_references([3], "maths")
    filled.rename_tag("ml", "machine-learning")
    assert filled.tags_of(1) == ["machine-learning"]
    with pytest.raises(InputError, match="already exists"):
        filled.rename_tag("machine-learning", "maths")
    filled.rename_tag("maths", "Maths")  # a change of case is a rename
    filled.merge_tags(["ML-papers"], "machine-learning")
    assert [t.name for t in filled.tags()] == ["machine-learning", "Maths"]
    assert filled.count("tag:machine-learning") == 2
    assert filled.set_tag_colour("Maths", "#AA0000") == ""
    assert filled.tags()[1].colour == "#aa0000"
    with pytest.raises(InputError, match="#rrggbb"):
        filled.set_tag_colour("Maths", "red")
    snapshot = filled.delete_tag("machine-learning")
    assert filled.count("tag:machine-learning") == 0
    filled.restore_tag(snapshot)
    assert filled.count("tag:machine-learning") == 2
    with pytest.raises(InputError, match="needs a name"):
        filled.tag_references([1], "  ")
