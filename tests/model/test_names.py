"""Name lists as text: what the table shows reads back to the same names."""

from __future__ import annotations

from refmanager.model import Name
from refmanager.model.names import names_text, parse_name, parse_names


def test_names_round_trip_through_text() -> None:
    names = [
        Name("Dao", "Tri"),
        Name("King", "Martin Luther", suffix="Jr."),
        Name("Hinton"),
        Name(literal="OpenAI"),
    ]
    text = names_text(names)
    assert text == "Dao, Tri; King, Martin Luther, Jr.; Hinton; OpenAI"
    assert parse_names(text)[:3] == names[:3]


def test_given_family_and_and() -> None:
    assert parse_names("Ada Lovelace and Charles Babbage") == [
        Name("Lovelace", "Ada"),
        Name("Babbage", "Charles"),
    ]
    assert parse_names(" ; ") == []


def test_bare_names_can_be_literal() -> None:
    assert parse_name("World Health Organization", bare="literal") == Name(
        literal="World Health Organization"
    )
    assert parse_name("  ") is None
