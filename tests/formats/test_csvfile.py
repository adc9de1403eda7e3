from __future__ import annotations

import csv
import io

import pytest

from refmanager.formats import iter_csv, to_csv
from refmanager.formats.csvfile import COLUMNS, safe_cell
from refmanager.model import Name, Reference
from tests.formats.conftest import sample


def test_header_and_quoting() -> None:
    ref = sample()
    ref.set("note", 'He said "hi", then\nleft')
    text = to_csv([ref])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == list(COLUMNS)
    row = dict(zip(COLUMNS, rows[1], strict=True))
    assert row["key"] == "barabasi1999emergence"
    assert row["author"].startswith("Barabási, Albert-László; World Health Organization; ")
    assert "van der Berg, Jan; Gelatt, C. D., Jr." in row["author"]
    assert row["issued"] == "1999-05-03"
    assert row["note"] == 'He said "hi", then\nleft'
    assert '"He said ""hi"", then\nleft"' in text
    assert text.endswith("\r\n")


def test_formula_injection_is_neutralised() -> None:
    assert safe_cell('=HYPERLINK("x")') == '\'=HYPERLINK("x")'
    assert safe_cell("+1") == "'+1"
    assert safe_cell("@SUM(A1)") == "'@SUM(A1)"
    assert safe_cell("-cmd") == "'-cmd"
    assert safe_cell("-5") == "-5"
    assert safe_cell("Normal") == "Normal"
    ref = Reference(author=[Name(literal="=cmd|' /C calc'!A0")])
    assert "'=cmd" in to_csv([ref])


def test_streams_in_pieces() -> None:
    refs = [sample() for _ in range(4500)]
    pieces = list(iter_csv(refs))
    assert len(pieces) == 3
    assert "".join(pieces) == to_csv(refs)
    assert "".join(pieces).count("\r\n") == 4501


@pytest.mark.parametrize(
    "value",
    [
        "-1+cmd|' /C calc'!A0",
        "-2+3",
        "-1-1",
        "-5)*cmd",
        "-1e3+A1",
        " =1+1",
        "  -1+1",
        "\n=1+1",
        "\uff1dSUM(A1)",
    ],
)
def test_a_minus_or_spaces_before_a_formula_are_escaped(value: str) -> None:
    assert safe_cell(value) == "'" + value


@pytest.mark.parametrize("value", ["-5", "-2.5", "-0,5", "-.5", "-1e-3", "-", "5-7", "a=b"])
def test_plain_numbers_and_text_stay(value: str) -> None:
    assert safe_cell(value) == value
