"""write_json prints exactly what json.dump(..., ensure_ascii=False, indent=n) prints."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from refmanager.cli.common import write_json
from refmanager.model import Location, Name, Reference, Token


def _both(value: Any, indent: int = 1) -> tuple[str, str]:
    fast = io.StringIO()
    write_json(value, fast, indent=indent)
    slow = io.StringIO()
    json.dump(value, slow, ensure_ascii=False, indent=indent)
    return fast.getvalue(), slow.getvalue()


def test_reference_items_same_text() -> None:
    ref = Reference(
        id="ref-1",
        raw='[1] A. B\u00e9la, "Quoted, [odd]" \\ title. Proc. 2020.',
        label="1",
        author=[Name(family="B\u00e9la", given="A.")],
        location=[Location(3, (10.0, 20.5, 300.25, 40.0))],
        tokens=[Token(0, 3, "label"), Token(4, 6, "author"), Token(7, 12, "title")],
        confidence={"title": 0.912, "author": 1.0},
    )
    ref.set("title", "Quoted, [odd]")
    items = [ref.to_csl(), Reference(raw="x").to_csl(), {}]
    fast, slow = _both(items)
    assert fast == slow
    assert '"_tokens": [\n   [\n    0,\n    3,\n    "label"\n   ],' in fast


def test_rows_with_separators_in_strings_and_mixed_rows() -> None:
    for rows in (
        [[1, "a,b"], [2, "c]"]],
        [[1, "[x"], [2]],
        [[1, 2], []],
        [[1, {"k": 2}]],
        [[1, [2, 3]], [4]],
        [[1, 2], 3],
        [[0.5, None, True, False, '\u00e9\n\t"q"']],
    ):
        fast, slow = _both({"rows": rows}, indent=2)
        assert fast == slow, rows


def test_unusual_values_fall_back_to_json() -> None:
    for value in ({1: "int key"}, [float("nan"), float("inf")], (1, 2), {"t": (1, [2])}):
        fast, slow = _both(value)
        assert fast == slow


_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(_values, st.integers(min_value=0, max_value=3))
def test_any_json_value_same_text(value: Any, indent: int) -> None:
    fast, slow = _both(value, indent)
    assert fast == slow
