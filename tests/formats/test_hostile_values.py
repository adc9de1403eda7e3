"""Hostile values every reader takes in (issue 26): control characters and years beyond
what a date can hold come back as data with a problem, never as an error."""

from __future__ import annotations

import json

import pytest

from refmanager.formats import format_string, read_string, to_bibtex
from refmanager.model import Date, Name, Reference


def test_csl_json_control_characters_are_taken_out_of_keys_and_venues() -> None:
    items = [
        {"id": "\u0000x", "citation-key": "\u0000x", "type": "book", "title": "N1"},
        {
            "id": "\u0000y",
            "citation-key": "\u0000y",
            "type": "book",
            "title": "N\u00012",
            "container-title": "Ven\u0000ue",
            "author": [{"family": "Ro\u0000y"}],
        },
    ]
    result = read_string(json.dumps(items), "csl-json")
    first, second = result.references
    assert first.get("citation-key") == "x"
    assert second.get("citation-key") == "y"
    assert second.get("container-title") == "Venue"
    assert second.get("title") == "N2"
    assert second.author[0].family == "Roy"
    assert sum("control characters" in p.message for p in result.problems) == 2
    assert "\x00" not in to_bibtex(result.references)


@pytest.mark.parametrize(
    "issued",
    [{"date-parts": [[1e23]]}, {"raw": "99999999999999999999"}, {"date-parts": [[10000]]}],
)
def test_csl_json_year_beyond_9999_is_kept_as_text(issued: object) -> None:
    items = [
        {"id": "a", "type": "book", "title": "A", "issued": issued},
        {"id": "b", "type": "book", "title": "B", "issued": {"date-parts": [[2001]]}},
    ]
    result = read_string(json.dumps(items), "csl-json")
    a, b = result.references
    assert a.issued is not None and a.issued.year is None and a.issued.literal
    assert b.issued == Date(2001)
    assert any("beyond 9999" in p.message for p in result.problems)


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("@book{big, title = {Big}, year = {99999}}", "bibtex"),
        ("@book{big, title = {Big}, year = {123456}}", "bibtex"),
        ("TY  - BOOK\nTI  - Big\nPY  - 99999\nER  - \n", "ris"),
        ("title,year\nBig,99999\n", "csv"),
    ],
)
def test_year_beyond_9999_is_said_and_kept_as_text(text: str, fmt: str) -> None:
    result = read_string(text, fmt)
    (ref,) = result.references
    assert ref.issued is not None
    assert ref.issued.year is None
    assert ref.issued.literal in ("99999", "123456")
    assert any("beyond 9999" in p.message for p in result.problems)


def test_an_access_date_written_as_text_is_encoded_in_bibtex() -> None:
    # found by the fuzz tests: urldate = {@comment{} lost the entry on reading back
    ref = Reference.from_csl({"type": "book", "accessed": {"raw": "@comment{"}})
    (back,) = read_string(to_bibtex([ref]), "bibtex").references  # the entry is there
    assert back.accessed is not None and back.accessed.literal.startswith("@comment")


@pytest.mark.parametrize("fmt", ["csv", "ris"])
def test_a_value_holding_a_unicode_line_break_stays_in_its_row(fmt: str) -> None:
    # found by the fuzz tests: str.splitlines breaks at NEL (U+0085), U+2028 and more
    first = Reference(type="book")
    first.set("title", "One")
    first.set("note", "a\x85b\u2028c")
    second = Reference(type="book")
    second.set("title", "Two")
    back = read_string(format_string(fmt, [first, second]), fmt).references
    assert [r.get("title") for r in back] == ["One", "Two"]  # not three rows
    assert back[0].get("note").startswith("a")


def test_a_csv_type_that_is_no_csl_type_is_read_as_a_document() -> None:
    # found by benchmarks/fuzz.py: the type went into BibTeX's entrysubtype unescaped,
    # and its brace lost the entry on reading back
    result = read_string("key,type,title\na,Mül@preamble{ler,T\n", "csv")
    (ref,) = result.references
    assert ref.type == "document"
    assert any("unknown type" in p.message for p in result.problems)
    (back,) = read_string(to_bibtex([ref]), "bibtex").references
    assert back.get("title") == "T"
    odd = Reference(type="x{y")
    odd.set("title", "U")
    assert [r.get("title") for r in read_string(to_bibtex([odd]), "bibtex").references] == ["U"]


def test_found_by_fuzzing_a_big_csv_cell_and_a_brace_after_an_address() -> None:
    big = Reference(type="book")
    big.set("title", "Big")
    big.set("note", "7a" * 100_000)  # 200,000 characters: csv's own limit is 131,072
    (back,) = read_string(format_string("csv", [big]), "csv").references
    assert len(back.get("note")) == 200_000
    url = Reference(type="book", author=[Name(family="see \\url{https://example.org/post}")])
    url.set("title", "Url")
    (again,) = read_string(to_bibtex([url]), "bibtex").references  # the entry is not lost
    assert again.get("title") == "Url"


def test_found_by_fuzzing_a_verbatim_value_ending_in_a_backslash() -> None:
    # urldate = {\\} and doi = {10.1/x\}: BibTeX read the closing brace as escaped
    ref = Reference.from_csl({"type": "book", "title": "T", "accessed": "\\\\", "DOI": "10.1/x\\"})
    other = Reference(type="book")
    other.set("title", "Next")
    back = read_string(to_bibtex([ref, other]), "bibtex").references
    assert [r.get("title") for r in back] == ["T", "Next"]
    assert back[0].get("DOI") == "10.1/x\\"


def test_found_by_fuzzing_a_line_break_before_an_at_sign_in_a_value() -> None:
    # "author = {{\n@{\`A}}}": a reader took the "@" opening a line for the next entry
    refs = [Reference(type="article-journal") for _ in range(4)]
    refs[3].author = [Name(family="", given="\n@\u00c0")]
    refs[3].set("note", "@\\")
    text = to_bibtex(refs)
    assert sum(line.startswith("@") for line in text.splitlines()) == 4
    back = read_string(text, "bibtex").references
    assert len(back) == 4
    assert [a.literal or a.given for a in back[3].author] == ["@\u00c0"]


def test_found_by_fuzzing_numbers_too_long_for_python() -> None:
    # Python refuses int() of more than 4,300 digits: a ValueError, an internal error
    digits = "9" * 6000
    result = read_string(
        f'[{{"id": "a", "type": "book", "title": "A", "volume": {digits}}},'
        ' {"id": "b", "type": "book", "title": "B"}]',
        "csl-json",
    )
    assert [r.get("title") for r in result.references] == ["A", "B"]
    (ris,) = read_string(f"TY  - BOOK\nTI  - Big\nPY  - {digits}\nER  - \n", "ris").references
    assert ris.issued is not None and ris.issued.literal == digits


def test_found_by_fuzzing_a_literal_date_of_many_digits_round_trips() -> None:
    # a BibTeX year of 28,924 digits became a literal date, which CSL-JSON then failed
    # to read back (int() of it: ValueError), and the item was skipped
    (ref,) = read_string("@book{a, title = {A}, year = {" + "9" * 5000 + "}}", "bibtex").references
    (back,) = read_string(format_string("csl-json", [ref]), "csl-json").references
    assert back.issued is not None and back.issued.literal == "9" * 5000
