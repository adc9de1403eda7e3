from __future__ import annotations

from refmanager.formats import to_ris
from refmanager.formats.ris import read_ris
from refmanager.model import Date, Name, Reference
from tests.formats.conftest import comparable, sample


def test_ris_record_tags() -> None:
    text = to_ris([sample()])
    lines = text.splitlines()
    assert lines[0] == "TY  - JOUR"
    assert lines[-1] == "ER  - "
    assert "AU  - Barabási, Albert-László" in lines
    assert "AU  - World Health Organization" in lines
    assert "AU  - van der Berg, Jan" in lines
    assert "AU  - Gelatt, C. D., Jr." in lines
    assert "T2  - Computing in Science & Engineering" in lines
    assert ("SP  - 509" in lines) and ("EP  - 512" in lines)
    assert "PY  - 1999" in lines
    assert "DA  - 1999/05/03/" in lines
    assert "DO  - 10.1007/978-3-642-35289-8_3" in lines


def test_line_breaks_inside_values_cannot_start_a_new_tag() -> None:
    ref = Reference()
    ref.set("title", "Two\nlines\nER  - fake")
    text = to_ris([ref])
    assert text.count("\nER  - ") == 1
    assert read_ris(text).references[0].get("title") == "Two lines ER - fake"


def test_multi_valued_tags() -> None:
    text = """TY  - BOOK
AU  - Knuth, Donald E.
A1  - Lamport, Leslie
ED  - Editor, One
A2  - Editor, Two
KW  - typesetting
KW  - algorithms
SN  - 0-201-13447-0
SN  - 1234-5679
UR  - https://first.example
UR  - https://second.example
N1  - first note
N1  - second note
BT  - The TeXbook
PY  - 1984///
ER  -
"""
    ref = read_ris(text).references[0]
    assert [n.family for n in ref.author] == ["Knuth", "Lamport"]
    assert [n.family for n in ref.editor] == ["Editor", "Editor"]
    assert ref.get("keyword") == "typesetting, algorithms"
    assert ref.get("ISBN") == "0-201-13447-0"
    assert ref.get("ISSN") == "1234-5679"
    assert ref.get("URL") == "https://first.example"
    assert ref.get("note") == "first note\nsecond note"
    assert ref.get("title") == "The TeXbook"  # BT is a book's own title
    assert ref.issued == Date(1984)


def test_continuation_lines_stray_text_and_missing_er() -> None:
    text = """stray text before any record
TY  - JOUR
TI  - A long title
that wraps onto a second line
PY  - 2020/07/15/
Y2  - 2023/01/02
TY  - XYZ
TI  - Second, no ER before the next TY
TY  - CHAP
TI  - Last, no ER at all
"""
    result = read_ris(text)
    assert [r.get("title") for r in result.references] == [
        "A long title that wraps onto a second line",
        "Second, no ER before the next TY",
        "Last, no ER at all",
    ]
    first = result.references[0]
    assert first.issued == Date(2020, 7, 15)
    assert first.accessed == Date(2023, 1, 2)
    assert result.references[1].type == "article"
    assert result.references[2].type == "chapter"
    lines = {p.line: p.message for p in result.problems}
    assert 1 in lines and "outside" in lines[1]
    assert 2 in lines and "no ER" in lines[2]
    assert 7 in lines and "XYZ" in lines[7]
    assert 9 in lines


def test_type_mapping_both_ways() -> None:
    for kind in (
        "article-journal",
        "paper-conference",
        "book",
        "chapter",
        "thesis",
        "report",
        "software",
        "standard",
        "webpage",
        "patent",
        "article",
        "dataset",
    ):
        back = read_ris(to_ris([Reference(type=kind)])).references[0]
        assert back.type == kind
    assert read_ris("TY  - CONF\nER  - \n").references[0].type == "paper-conference"
    assert read_ris("TY  - EJOUR\nER  - \n").references[0].type == "article-journal"


def test_round_trip() -> None:
    ref = sample()
    ref.author[2] = Name(family="van der Berg", given="Jan")  # RIS keeps particles in family
    ref.set("publisher", "IEEE")
    ref.set("publisher-place", "New York")
    ref.set("edition", "2")
    ref.set("note", "A note")
    ref.editor = [Name(family="Ed", given="It")]
    back = read_ris(to_ris([ref])).references[0]
    assert comparable(back) == comparable(ref)


def test_literal_and_single_page() -> None:
    ref = Reference(issued=Date(literal="n.d."))
    ref.set("page", "e1000097")
    back = read_ris(to_ris([ref])).references[0]
    assert back.get("page") == "e1000097"
    assert back.issued == Date(literal="n.d.")


def test_hostile_input_never_raises() -> None:
    for text in (
        "",
        "ER  - \n",
        "TY  - \nER  - ",
        "TY  - JOUR\n" + "AU  - ,,,\n" * 1000,
        "TY  - JOUR\nSP  - -\nEP  - \nDA  - 9999/99/99\nER  - \n",
        "\x00" * 10,
    ):
        result = read_ris(text)
        assert isinstance(result.references, list)


def test_windows_and_old_mac_line_endings_and_lenient_tags() -> None:
    crlf = "TY  - JOUR\r\nTI  - Windows\r\nAU  - Doe, J.\r\nER  -\r\n"
    cr = "TY  - BOOK\rTI - Old Mac\rER  - \r"
    assert read_ris(crlf).references[0].get("title") == "Windows"
    assert read_ris(cr).references[0].get("title") == "Old Mac"
