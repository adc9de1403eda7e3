"""A value over the size limit is cut on the way in, with a problem naming entry and field."""

from __future__ import annotations

import json

import pytest

from refmanager.formats import read_string, to_ris
from refmanager.formats.bounds import bound_reference
from refmanager.model import Name, Reference
from refmanager.model.limits import MAX_FIELD_CHARS

HUGE = "lorem ipsum " * (MAX_FIELD_CHARS // 12 + 100)


def _sources() -> dict[str, str]:
    return {
        "bibtex": "@article{big,\n title = {Big}, year = 2020,\n abstract = {" + HUGE + "}}\n",
        "ris": "TY  - JOUR\nTI  - Big\nPY  - 2020\nAB  - " + HUGE + "\nER  - \n",
        "csl-json": json.dumps(
            [{"id": "big", "type": "article", "title": "Big", "abstract": HUGE}]
        ),
    }


@pytest.mark.parametrize("fmt", ["bibtex", "ris", "csl-json"])
def test_a_huge_field_is_cut_and_reported(fmt: str) -> None:
    result = read_string(_sources()[fmt], fmt)
    (ref,) = result.references
    assert ref.get("title") == "Big"
    assert len(ref.get("abstract")) <= MAX_FIELD_CHARS
    assert ref.get("abstract").startswith("lorem ipsum lorem")
    messages = [p.message for p in result.problems]
    assert len(messages) == 1
    assert "field abstract" in messages[0] and f"{MAX_FIELD_CHARS:,}" in messages[0]
    assert "big" in messages[0].lower()


def test_values_at_the_limit_stay_whole() -> None:
    ref = Reference(fields={"abstract": "x" * MAX_FIELD_CHARS})
    assert bound_reference(ref) == []
    assert len(ref.get("abstract")) == MAX_FIELD_CHARS


def test_names_raw_text_and_every_field_are_bounded() -> None:
    ref = Reference(
        id="k",
        fields={"title": HUGE, "note": HUGE},
        author=[Name(family=HUGE, given="A")],
        raw=HUGE,
    )
    problems = bound_reference(ref, line=7)
    assert [p.line for p in problems] == [7, 7, 7, 7]
    assert all(p.message.startswith("entry k: field") for p in problems)
    assert max(len(ref.get("title")), len(ref.raw), len(ref.author[0].family)) == MAX_FIELD_CHARS


def test_ris_writes_a_long_value_on_one_line() -> None:
    ref = Reference(type="article-journal", fields={"title": "T", "abstract": "a  b\nc\td " * 1000})
    text = to_ris([ref])
    (line,) = [line for line in text.splitlines() if line.startswith("AB  - ")]
    assert line == "AB  - " + " ".join(("a  b\nc\td " * 1000).split())
