"""Collections: a tree of folders; a reference in several; removing one keeps the
references; a deleted reference's memberships come back with its undo (issue 25, item 12)."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.model import InputError, Reference


def _refs(lib: Library, *titles: str) -> list[int]:
    return lib.references.add_references([Reference.from_csl({"title": t}) for t in titles])


def test_a_tree_with_references_in_several_collections(lib: Library) -> None:
    a, b = _refs(lib, "One", "Two")
    thesis = lib.collections.create("Thesis")
    chapter = lib.collections.create("Chapter 2", thesis)
    reading = lib.collections.create("Reading")
    assert lib.collections.add(chapter, [a, b]) == [a, b]
    assert lib.collections.add(chapter, [a]) == []  # in it already
    lib.collections.add(reading, [a])
    assert sorted(lib.collections.collections_of(a)) == [chapter, reading]
    tree = lib.collections.collections()
    assert [(c.name, c.parent_id, c.count) for c in tree] == [
        ("Thesis", None, 0),
        ("Chapter 2", thesis, 2),
        ("Reading", None, 1),
    ]
    assert lib.search.search_ids(f"collection:{chapter}") == [a, b]
    assert lib.search.search_ids("collection:reading") == [a]
    with pytest.raises(InputError, match="there already"):
        lib.collections.create("chapter 2", thesis)
    assert lib.collections.path_id(["Thesis", "Chapter 2"]) == chapter
    assert lib.collections.path_id(["Thesis", "Chapter 3"]) not in (thesis, chapter)


def test_deleting_a_collection_keeps_its_references_and_undoes(lib: Library) -> None:
    (a,) = _refs(lib, "One")
    top = lib.collections.create("Top")
    sub = lib.collections.create("Sub", top)
    lib.collections.add(sub, [a])
    snapshot = lib.collections.delete(top)
    assert lib.collections.collections() == []
    assert lib.search.count("") == 1  # the reference stays
    lib.collections.restore(snapshot)
    assert [c.name for c in lib.collections.collections()] == ["Top", "Sub"]
    assert lib.collections.collections_of(a) == [sub]


def test_a_deleted_reference_comes_back_into_its_collections(lib: Library) -> None:
    (a,) = _refs(lib, "One")
    box = lib.collections.create("Box")
    lib.collections.add(box, [a])
    snapshot = lib.references.delete_references([a])
    assert lib.collections.collections_of(a) == []
    lib.references.restore_references(snapshot)
    assert lib.collections.collections_of(a) == [box]
