from __future__ import annotations

import json

import pytest

from refmanager.formats import to_csl_json
from refmanager.formats.csljson import BrokenDocument, read_csl_json
from refmanager.model import Date, InputError, Location, Name
from tests.formats.conftest import comparable, sample


def test_export_is_a_clean_csl_json_array_keyed_by_citation_keys() -> None:
    ref = sample()
    ref.raw = "[1] raw text"
    ref.label = "1"
    ref.citation_number = 1
    ref.location = [Location(1, (1.0, 2.0, 3.0, 4.0))]
    ref.set("bibtex-only-field", "x")
    items = json.loads(to_csl_json([ref, sample()]))
    assert [i["id"] for i in items] == ["barabasi1999emergence", "barabasi1999emergencea"]
    first = items[0]
    assert first["citation-key"] == first["id"]
    assert not any(k.startswith("_") for k in first)
    assert "citation-number" not in first
    assert "bibtex-only-field" not in first
    assert first["issued"] == {"date-parts": [[1999, 5, 3]]}
    assert first["author"][1] == {"literal": "World Health Organization"}


def test_private_export_keeps_underscore_fields() -> None:
    ref = sample()
    ref.raw = "[1] raw text"
    items = json.loads(to_csl_json([ref], private=True, keys=False))
    assert items[0]["_raw"] == "[1] raw text"
    assert "id" not in items[0] or items[0]["id"] == ""


def test_round_trip_with_lines() -> None:
    text = to_csl_json([sample(), sample()])
    result = read_csl_json(text)
    assert not result.problems
    assert [comparable(r) for r in result.references] == [comparable(sample())] * 2


def test_wrong_shapes_are_repaired_and_reported() -> None:
    text = """[
{"id": "a", "type": "journal-article", "author": "Knuth, Donald and Lamport, Leslie",
 "issued": 1984, "title": ["Split", "title"], "volume": 3},
{"id": "b", "type": "nonsense", "author": {"family": "Solo"}, "issued": "2020-05",
 "editor": [{"family": "Ok"}, 42, null], "accessed": [2021, 2, 3], "page": {"x": 1}},
{"id": "c", "issued": {"date-parts": [2019, 13, 40]}, "author": []},
"not an object",
{"id": "d", "issued": {"nothing": true}, "title": true}
]"""
    result = read_csl_json(text, "x.json")
    refs = {r.id: r for r in result.references}
    assert list(refs) == ["a", "b", "c", "d"]
    a, b, c, d = refs["a"], refs["b"], refs["c"], refs["d"]
    assert a.type == "article-journal"
    assert [n.literal for n in a.author] == ["Knuth, Donald", "Lamport, Leslie"]
    assert a.issued == Date(1984)
    assert a.get("title") == "Split title"
    assert a.get("volume") == "3"
    assert b.type == "document"  # an unknown type is the generic one
    assert b.author == [Name(family="Solo")]
    assert b.issued == Date(2020, 5)
    assert b.editor == [Name(family="Ok")]
    assert b.accessed == Date(2021, 2, 3)
    assert b.get("page") == ""
    assert c.issued == Date(2019)
    assert d.issued is None
    lines = sorted({p.line for p in result.problems})
    assert lines == [2, 4, 6, 7, 8]
    assert any("not an object" in p.message and p.line == 7 for p in result.problems)


def test_object_wrapper_single_item_and_json_lines() -> None:
    assert len(read_csl_json('{"items": [{"title": "A"}, {"title": "B"}]}').references) == 2
    assert read_csl_json('{"title": "Only"}').references[0].get("title") == "Only"
    lines = '{"title": "A"}\n{"title": "B"}\nnot json\n'
    result = read_csl_json(lines)
    assert [r.get("title") for r in result.references] == ["A", "B"]
    assert result.problems[0].line == 3


def test_a_syntax_error_refuses_the_whole_document() -> None:
    # Once this kept the items before the break; a broken JSON document imports nothing
    # now, refused with its line and column (issue 11), as files read in parts are.
    text = '[\n{"title": "A"},\n{"title": "B",,}\n]'
    with pytest.raises(BrokenDocument) as caught:
        read_csl_json(text, "x.json")
    assert (caught.value.line, caught.value.column) == (3, 15)
    assert caught.value.source == "x.json"
    with pytest.raises(BrokenDocument) as caught:
        read_csl_json('{"items": [{"title": "A"},\n {"title": }]}', "y.json")
    assert (caught.value.line, caught.value.column) == (2, 12)


@pytest.mark.parametrize("text", ["{not json", "[{", "plain text", "[" * 100_000])
def test_unreadable_json_raises_input_error(text: str) -> None:
    with pytest.raises(InputError) as info:
        read_csl_json(text, "bad.json")
    assert info.value.source == "bad.json"


def test_empty_array_and_empty_text() -> None:
    assert read_csl_json("[]").references == []
    assert read_csl_json("   ").references == []


def test_nested_garbage_never_crashes() -> None:
    item = {"id": "x", "author": [[["deep"]]], "issued": [[["x"]]], "type": 5, "note": {"a": 1}}
    result = read_csl_json(json.dumps([item]))
    assert len(result.references) == 1
    assert result.references[0].type == "document"
