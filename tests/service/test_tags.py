"""Tags as use cases (``service.tags``): the window and the command line make the same
changes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import Reference
from refmanager.service import tags
from refmanager.service.opening import open_library
from refmanager.service.views import Changes
from tests.service.records import two_of_one_work as _refs


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = open_library(tmp_path / "lib")
    yield library
    library.close()


def test_tags_through_the_use_cases(lib: Library) -> None:
    ids = _refs(lib)

    def add(name: str, query: str) -> int:
        return len(tags.tag(lib.search.search_ids(query), name).do(lib))

    def remove(name: str, query: str = "") -> int:
        return len(tags.tag(tags.tagged(lib, name, query), name, add=False).do(lib))

    assert add("dl", "deep") == 2
    assert add("dl", "deep") == 0
    assert add("nature", "venue:nature") == 1
    assert remove("dl", "venue:nature") == 1
    tags.rename_tag("dl", "nature").do(lib)
    assert [(t.name, t.reference_count) for t in tags.tag_list(lib)] == [("nature", 2)]
    assert tags.set_colour("nature", "#AA0000").do(lib) == ""
    assert tags.set_colour("nature", "").do(lib) == "#aa0000"  # the previous colour
    assert remove("nature") == 2
    assert lib.references.reference(ids[0]).tags == []


def test_a_rename_onto_an_existing_tag_merges_and_its_undo_parts_them_again(
    lib: Library,
) -> None:
    # one use case for the window (its undo stack) and the command line (``do``): the
    # window's rename used to refuse an existing name that the command line merged into
    a, b, c = _refs(lib) + lib.references.add_references([Reference.from_csl({"title": "C"})])
    lib.tags.tag_references([a, b], "dl")
    lib.tags.tag_references([b, c], "deep learning")
    doc = lib.references.reference(a).document_id
    assert doc is not None
    lib.tags.tag_documents([doc], "dl")
    lib.tags.set_tag_colour("dl", "#112233")
    rename = tags.rename_tag("dl", "Deep Learning")  # another case: the same tag
    renamed = rename.do(lib)
    assert renamed.merged is not None and renamed.added_refs == [a]
    assert [(t.name, t.reference_count, t.document_count) for t in lib.tags.tags()] == [
        ("deep learning", 3, 1)
    ]
    rename.undo(lib, renamed)
    assert {t.name: (t.reference_count, t.document_count, t.colour) for t in lib.tags.tags()} == {
        "dl": (2, 1, "#112233"),
        "deep learning": (2, 0, ""),
    }
    assert sorted(lib.tags.tagged_references("deep learning")) == sorted([b, c])


def test_tagging_says_what_it_changes_and_its_undo_spares_earlier_tags(lib: Library) -> None:
    a, b = lib.references.add_references([Reference(raw="One"), Reference(raw="Two")])
    lib.tags.tag_references([a], "read")
    change = tags.tag([a, b], "read")
    assert change.changes == Changes(rows=frozenset({a, b}), sidebar=True)
    token = change.do(lib)
    assert token == [b]  # only b was newly tagged
    change.undo(lib, token)
    assert lib.tags.tagged_references("read") == [a]


def test_colour_rename_and_delete_undo(lib: Library) -> None:
    [a] = lib.references.add_references([Reference(raw="One")])
    lib.tags.tag_references([a], "later")
    colour = tags.set_colour("later", "#cc3300")
    previous = colour.do(lib)
    assert [t.colour for t in lib.tags.tags()] == ["#cc3300"]
    colour.undo(lib, previous)
    rename = tags.rename_tag("later", "soon")
    renamed = rename.do(lib)
    assert [t.name for t in lib.tags.tags()] == ["soon"]
    rename.undo(lib, renamed)
    delete = tags.delete("later")
    snapshot = delete.do(lib)
    assert lib.tags.tags() == []
    delete.undo(lib, snapshot)
    assert [(t.name, t.reference_count) for t in lib.tags.tags()] == [("later", 1)]
