"""Tags: bulk tagging, rename, merge, colour, delete and restore."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.model import InputError

from .conftest import ATTENTION


def test_bulk_tags_add_remove_counts(filled: Library) -> None:
    ids = filled.references.add_references([ATTENTION] * 3000)
    added = filled.tags.tag_references([*ids, 1], "bulk")
    assert len(added) == 3001
    assert filled.tags.tag_references(ids[:10], "bulk") == []  # already there
    assert {t.name: t.reference_count for t in filled.tags.tags()} == {"bulk": 3001}
    removed = filled.tags.untag_references(ids[:1000], "bulk")
    assert len(removed) == 1000
    assert filled.search.count("tag:bulk") == 2001
    filled.tags.tag_documents([1], "bulk")
    info = filled.tags.tags()[0]
    assert (info.reference_count, info.document_count) == (2001, 1)


def test_rename_merge_colour_delete_restore_tags(filled: Library) -> None:
    filled.tags.tag_references([1], "ml")
    filled.tags.tag_references([2], "ML-papers")
    filled.tags.tag_references([3], "maths")
    filled.tags.rename_tag("ml", "machine-learning")
    assert filled.references.reference(1).tags == ["machine-learning"]
    with pytest.raises(InputError, match="already exists"):
        filled.tags.rename_tag("machine-learning", "maths")
    filled.tags.rename_tag("maths", "Maths")  # a change of case is a rename
    filled.tags.merge_tags(["ML-papers"], "machine-learning")
    assert [t.name for t in filled.tags.tags()] == ["machine-learning", "Maths"]
    assert filled.search.count("tag:machine-learning") == 2
    assert filled.tags.set_tag_colour("Maths", "#AA0000") == ""
    assert filled.tags.tags()[1].colour == "#aa0000"
    with pytest.raises(InputError, match="#rrggbb"):
        filled.tags.set_tag_colour("Maths", "red")
    snapshot = filled.tags.delete_tag("machine-learning")
    assert filled.search.count("tag:machine-learning") == 0
    filled.tags.restore_tag(snapshot)
    assert filled.search.count("tag:machine-learning") == 2
    with pytest.raises(InputError, match="needs a name"):
        filled.tags.tag_references([1], "  ")
