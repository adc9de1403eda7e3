"""Fuzzing the importers and the exporters' round trip (issue 26), a bounded number of
examples each so that CI stays fast; ``benchmarks/fuzz.py`` runs longer. Every input comes
back as data or as an InputError (``tests.fuzzing``), never as another exception."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refmanager.model import Date, Name, Reference
from tests.fuzzing import read_checked, round_trip, stored

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

# Text with what broke readers before: control characters, braces, backslashes, huge
# numbers, markup, bidi marks, the BibTeX and RIS syntax itself.
_TOKENS = st.sampled_from(
    [
        "\x00", "\x01", "\x1f", "{", "}", "\\", "\"", "@", "#", "%", "=", ",", "and", "others",
        "family=Ruiter, given=Jan, prefix=de", "1e23", "99999999999999999999", "-1", "0",
        "<img src=x>", "<b>", "\u202e", "\ufeff", "\u3000", "中文", "ß", "é", "\r\n", "\n",
        "@string{a = {b}}", "@comment{", "\\'e", "$x^2$", "--", "ER  - ", "TY  - JOUR",
    ]
)  # fmt: skip
_TEXT = st.lists(st.one_of(st.text(max_size=8), _TOKENS), max_size=12).map("".join)

_JSON: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)
_CSL_KEYS = st.sampled_from(
    ["id", "type", "title", "author", "editor", "issued", "accessed", "container-title",
     "citation-key", "DOI", "page", "volume", "note", "keyword", "file", "_raw", "_tokens"]
)  # fmt: skip
_DATE = st.one_of(
    st.fixed_dictionaries({"date-parts": st.lists(st.lists(_JSON, max_size=3), max_size=2)}),
    st.fixed_dictionaries({"raw": _TEXT}),
    _JSON,
)
_ITEM = st.dictionaries(_CSL_KEYS, st.one_of(_JSON, _DATE), max_size=8)


@FUZZ
@given(st.lists(_ITEM, max_size=4))
def test_csl_json_items_of_any_shape(items: list[dict[str, Any]]) -> None:
    refs = read_checked(json.dumps(items), "csl-json")
    round_trip(refs)


@FUZZ
@given(st.text(max_size=200) | _TEXT)
def test_csl_json_text_of_any_kind(text: str) -> None:
    read_checked(text, "csl-json")


_BIB_TYPES = st.sampled_from(["article", "book", "misc", "mastersthesis", "inproceedings", "x"])
_BIB_FIELDS = st.sampled_from(
    ["author", "editor", "title", "year", "month", "journal", "groups", "keywords", "type",
     "pages", "doi", "file", "date", "crossref", "booktitle", "number", "eprint"]
)  # fmt: skip


@st.composite
def _bibtex(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        fields = draw(st.lists(st.tuples(_BIB_FIELDS, _TEXT), max_size=6))
        body = ", ".join(f"{name} = {{{value}}}" for name, value in fields)
        parts.append(f"@{draw(_BIB_TYPES)}{{{draw(_TEXT)}, {body}}}")
        parts.append(draw(_TEXT))
    return "\n".join(parts)


@FUZZ
@given(_bibtex())
def test_bibtex_of_any_fields(text: str) -> None:
    round_trip(read_checked(text, "bibtex"))


_RIS_TAGS = st.sampled_from(
    ["TY", "AU", "TI", "PY", "DA", "Y1", "JO", "SP", "EP", "KW", "L1", "ER"]
)


@FUZZ
@given(st.lists(st.tuples(_RIS_TAGS, _TEXT), max_size=12))
def test_ris_of_any_lines(lines: list[tuple[str, str]]) -> None:
    text = "TY  - JOUR\n" + "".join(f"{tag}  - {value}\n" for tag, value in lines) + "ER  - \n"
    round_trip(read_checked(text, "ris"))


@st.composite
def _references(draw: st.DrawFn) -> Reference:
    ref = Reference(type=draw(st.sampled_from(["article-journal", "book", "thesis", "chapter"])))
    ref.author = draw(
        st.lists(
            st.builds(lambda f, g: Name(family=f, given=g), _TEXT, _TEXT)
            | st.builds(lambda t: Name(literal=t), _TEXT),
            max_size=3,
        )
    )
    ref.issued = draw(st.none() | st.builds(Date, st.integers(-9999, 9999)))
    for name in ("title", "container-title", "genre", "note", "citation-key"):
        value = draw(_TEXT)
        if value:
            ref.set(name, value)
    return ref


@FUZZ
@given(st.lists(_references(), min_size=1, max_size=4))
def test_exports_round_trip_and_store_any_references(refs: list[Reference]) -> None:
    # what a reader gives is what the library stores: read back, stored, exported
    safe = read_checked(json.dumps([r.to_csl() for r in refs]), "csl-json")
    round_trip(safe)
    with tempfile.TemporaryDirectory() as tmp:
        stored(safe, Path(tmp) / "lib")
