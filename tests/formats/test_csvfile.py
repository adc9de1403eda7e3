from __future__ import annotations

import csv
import io
from pathlib import Path

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


def test_an_exported_csv_file_reads_back(tmp_path: Path) -> None:
    from refmanager.formats.parts import open_records

    refs = [
        Reference.from_csl(
            {
                "type": "article-journal",
                "title": "=1+1 is not a formula",
                "author": [
                    {"family": "Müller", "given": "Jörg"},
                    {"family": "Ng", "given": "A."},
                ],
                "issued": {"date-parts": [[2020, 5]]},
                "container-title": "Journal, with a comma",
                "DOI": "10.1/x",
                "note": "two\nlines",
            }
        ),
        Reference.from_csl({"type": "book", "title": "Second", "issued": 1999}),
    ]
    path = tmp_path / "out.csv"
    path.write_text(to_csv(refs), encoding="utf-8-sig")
    back = [ref for part in open_records(path, "csv") for ref in part.references]
    assert [r.get("title") for r in back] == ["=1+1 is not a formula", "Second"]
    first = back[0]
    assert [n.family for n in first.author] == ["Müller", "Ng"]
    assert first.issued is not None and (first.issued.year, first.issued.month) == (2020, 5)
    assert first.get("container-title") == "Journal, with a comma"
    assert first.get("note") == "two\nlines" and first.type == "article-journal"


def test_spreadsheet_columns_are_read_and_unknown_ones_reported(tmp_path: Path) -> None:
    from refmanager.formats.parts import open_records

    path = tmp_path / "sheet.csv"
    path.write_text(
        'Title,Authors,Year,Journal,Stars\n"A, paper",Doe; Roe,2001,Nature,5\n', "utf-8"
    )
    parts = list(open_records(path, "csv"))
    [ref] = [ref for part in parts for ref in part.references]
    assert ref.get("title") == "A, paper" and ref.year == 2001
    assert ref.get("container-title") == "Nature" and len(ref.author) == 2
    assert [(p.line, p.skipped) for part in parts for p in part.problems] == [(1, True)]
