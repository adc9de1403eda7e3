"""The item classes: constructors and defaults, ==, repr, pickling and matching."""

from __future__ import annotations

import copy
import pickle

import pytest

from refmanager.model import Date, DocumentMeta, Entry, Location, Name, Reference, Token


def test_positional_and_keyword_constructors_and_defaults() -> None:
    assert Name("Doe", "A.") == Name(family="Doe", given="A.")
    assert Date(2020, 5) == Date(year=2020, month=5, day=None, literal="")
    assert Location(2, (1.0, 2.0, 3.0, 4.0)).bbox == (1.0, 2.0, 3.0, 4.0)
    assert Token(0, 3, "title").label == "title"
    ref = Reference()
    assert (ref.type, ref.id, ref.citation_number, ref.issued, ref.fragment) == (
        "article",
        "",
        None,
        None,
        False,
    )
    assert DocumentMeta().page_count == 0
    with pytest.raises(TypeError):
        Entry()  # type: ignore[call-arg]


def test_each_object_gets_its_own_lists_and_dicts() -> None:
    a, b = Reference(), Reference()
    a.author.append(Name("X"))
    a.fields["title"] = "T"
    assert b.author == [] and b.fields == {}
    e1, e2 = Entry("x"), Entry("y")
    e1.locations.append(Location(1, (0.0, 0.0, 1.0, 1.0)))
    assert e2.locations == [] and e2.styles == []
    given = [Name("Y")]
    assert Reference(author=given).author is given


def test_equality_is_field_wise_and_per_class() -> None:
    assert Reference(raw="r", label="1") == Reference(raw="r", label="1")
    assert Reference(raw="r") != Reference(raw="s")
    assert Name("A").__eq__(Date()) is NotImplemented


def test_repr_lists_the_fields_in_order() -> None:
    assert repr(Token(1, 2, "O")) == "Token(start=1, end=2, label='O')"
    assert repr(Date(2020)) == "Date(year=2020, month=None, day=None, literal='')"
    assert repr(Name("Doe")).startswith("Name(family='Doe', given='', literal=''")


def test_unhashable_picklable_copyable_matchable() -> None:
    ref = Reference(raw="r", author=[Name("Doe", "J.")], issued=Date(1999))
    with pytest.raises(TypeError):
        hash(ref)
    assert pickle.loads(pickle.dumps(ref)) == ref
    assert copy.deepcopy(ref) == ref
    assert not hasattr(ref, "__dict__")
    match Name("Doe", "J."):
        case Name(family, given):
            assert (family, given) == ("Doe", "J.")
        case _:
            pytest.fail("no match")
