"""``dumps_indented`` writes what ``json.dumps(..., ensure_ascii=False, indent=N)`` writes."""

from __future__ import annotations

import enum
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refmanager.model import Date, Name, Reference, Token
from refmanager.model.jsontext import dumps_indented


def _same(value: Any, indent: int = 1) -> None:
    assert dumps_indented(value, indent) == json.dumps(value, ensure_ascii=False, indent=indent)


# Strings built to look like the text that cuts a batch into its members, and keys too.
_TRICKY = [
    "],\n [",
    "}],\n  [{",
    "]],\n   [[",
    "a]",
    "{b",
    "",
    "line\nbreak",
    '"quoted"',
    "\\",
    "é中文",
    "\x00\x1f",
    "\u2028",
]


@pytest.mark.parametrize(
    "value",
    [
        [],
        {},
        [[]],
        [{}],
        [[], [1]],
        [{}, {"a": 1}],
        [[1], []],
        0,
        -1.5,
        "text",
        None,
        True,
        [1, "a", None, False, 2.5],
        {"a": 1, "b": "x"},
        [[1, 2], [3]],
        [[1, 2], (3, 4)],
        ([1], [2]),
        [{"a": 1}, {"b": 2, "c": None}],
        [[1], {"a": 1}],  # lists and dicts mixed: walked, not one batch
        {"issued": {"date-parts": [[2016]]}, "accessed": {"date-parts": [[2022, 2, 15]]}},
        {"a": [[1]], "b": [[2]], "c": [[3, 4]], "d": [{"x": 1}], "e": [{"y": 2}]},
        [[[1]], [[2]]],
        [[[1], [2]], [[3]]],
        [[[[1]]]],
        {"a": {"b": {"c": {"d": [1, [2, [3, {"e": []}]]]}}}},
        {"x": 1, "y": [1], "z": 2, "w": {}, "v": 3},
        {"only": [1]},
        [1, [2, 3], {"a": [4]}, [], {}, "s"],
        {"k": _TRICKY, "l": [_TRICKY, _TRICKY], "m": [{t: t} for t in _TRICKY if t]},
        {t: [t, {t: [t]}] for t in _TRICKY},
        [math.inf, -math.inf, math.nan, 1e300, 5e-324, 10**30],
    ],
)
@pytest.mark.parametrize("indent", [0, 1, 2, 4])
def test_the_same_text_as_json_dumps(value: Any, indent: int) -> None:
    _same(value, indent)


class _Level(enum.IntEnum):
    HIGH = 3


class _Text(str):
    __slots__ = ()


@pytest.mark.parametrize(
    "value",
    [
        {1: "a", 2: ["b"]},  # keys that are not strings
        {None: [1], True: {"x": 1}, 2.5: []},
        [{"a": _Level.HIGH}, {"b": [_Level.HIGH]}],  # subclasses of the scalars
        {"a": [_Text("x")], _Text("k"): [1]},
        [[_Level.HIGH, 1], [2]],
    ],
)
def test_other_keys_and_subclasses_as_json_dumps_writes_them(value: Any) -> None:
    _same(value)
    _same(value, 2)


def test_what_json_dumps_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        dumps_indented({"a": [object()]}, 1)
    with pytest.raises(TypeError):
        dumps_indented({("tuple", "key"): [1]}, 1)


def test_references_as_the_parser_and_the_library_give_them() -> None:
    ref = Reference(type="article-journal", raw="Raw, A. (2016). T. J. 1.", label="4")
    ref.id = "ref-4"
    ref.citation_number = 4
    ref.author = [Name(family="Raw", given="A."), Name(literal="The R Core Team")]
    ref.editor = [Name(family="Ed", given="B.", suffix="Jr.")]
    ref.issued = Date(2016)
    ref.accessed = Date(2022, 2, 15)
    ref.set("title", "T: a title [with brackets], {braces}")
    ref.confidence = {"title": 0.91234, "_row": 0.5}
    ref.tokens = [Token(0, 3, "author"), Token(3, 4, "O")]
    ref.styles = [(0, 3, "italic")]
    other = Reference(type="book", raw="Only raw text")
    items = [ref.to_csl(), other.to_csl(), Reference().to_csl()]
    _same(items)
    _same(items, 2)
    _same(items[0], 2)


_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.lists(st.sampled_from(list('ab[]{},:"\\ \n\t\x00é中') + _TRICKY), max_size=4).map("".join),
)
_VALUE = st.recursive(
    _SCALAR,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.text(st.sampled_from(list('ab[]{},\n"')), max_size=3), children, max_size=4
        ),
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_VALUE, st.integers(0, 3))
def test_any_json_value_as_json_dumps_writes_it(value: Any, indent: int) -> None:
    _same(value, indent)
