"""Library.references_for_export: the bulk read the export uses."""

from __future__ import annotations

import json

import pytest

from refmanager.library import Library
from refmanager.library.library import _decode_items


def test_bulk_read_gives_what_references_gives(filled: Library) -> None:
    ids = filled.search_ids("", order_by="id")
    filled.tag_references(ids[:2], "to-read")
    filled.tag_references(ids[1:3], "a-first")
    wanted = [*reversed(ids), 999_999, ids[0]]  # any order, a missing id, a repeat

    bulk = filled.references_for_export(wanted)

    whole = filled.references(wanted)
    assert [ref for ref, _ in bulk] == [s.reference for s in whole]
    assert [tags for _, tags in bulk] == [s.tags for s in whole]
    assert bulk[-3][1] == ["a-first", "to-read"]  # ids[1]: sorted
    assert bulk[-1][1] == ["to-read"]  # ids[0], asked for twice
    assert all(ref.raw for ref, _ in bulk)


def test_bulk_read_of_nothing(filled: Library) -> None:
    assert filled.references_for_export([]) == []
    assert filled.references_for_export([999_999]) == []


def test_decode_items_in_one_call_or_one_by_one() -> None:
    texts = ['{"title":"A, B","author":[{"family":"X"}]}', '{"type":"book"}']
    assert _decode_items(texts) == [json.loads(t) for t in texts]
    # a row holding two objects would shift the others: it fails as it does on its own
    with pytest.raises(ValueError, match="Extra data"):
        _decode_items(['{"a":1},{"b":2}', '{"c":3}'])
    with pytest.raises(ValueError):
        _decode_items(["", '{"c":3}'])
