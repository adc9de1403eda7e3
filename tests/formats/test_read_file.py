"""read_file: dispatch on extension and content, encodings, unreadable files."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from refmanager.formats import read_file, read_string, sniff
from refmanager.formats.common import date_from_text
from refmanager.model import Date, InputError

BIB = "@article{k, author = {Müller, Jörg and Łukasiewicz, Jan}, title = {Café “crème” ß}}\n"


@pytest.mark.parametrize(
    ("encoding", "prefix"),
    [
        ("utf-8", b""),
        ("utf-8", codecs.BOM_UTF8),
        ("utf-16-le", codecs.BOM_UTF16_LE),
        ("utf-16-be", codecs.BOM_UTF16_BE),
        ("utf-16-le", b""),
        ("utf-16-be", b""),
    ],
)
def test_unicode_encodings_with_and_without_bom(
    tmp_path: Path, encoding: str, prefix: bytes
) -> None:
    path = tmp_path / "refs.bib"
    path.write_bytes(prefix + BIB.encode(encoding))
    ref = read_file(path).references[0]
    assert [n.family for n in ref.author] == ["Müller", "Łukasiewicz"]
    assert ref.get("title") == "Café “crème” ß"


def test_latin1_and_windows_1252(tmp_path: Path) -> None:
    path = tmp_path / "old.bib"
    path.write_bytes("@book{k, author = {Müller, Jörg}, title = {Ça coûte 5 €}}".encode("cp1252"))
    ref = read_file(path).references[0]
    assert ref.author[0].family == "Müller"
    assert ref.get("title") == "Ça coûte 5 €"
    path.write_bytes("TY  - BOOK\nTI  - Große Übung\x81\nER  - \n".encode("latin-1"))
    assert read_file(path).references[0].get("title") == "Große Übung\x81"


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.bib"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10" * 50)
    with pytest.raises(InputError, match="binary"):
        read_file(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_file(tmp_path / "nope.bib")
    with pytest.raises(InputError, match="folder"):
        read_file(tmp_path)


def test_dispatch_by_extension_then_content(tmp_path: Path) -> None:
    ris = tmp_path / "a.ris"
    ris.write_text("TY  - JOUR\nTI  - R\nER  - \n", encoding="utf-8")
    assert read_file(ris).format == "ris"
    misnamed = tmp_path / "actually-bibtex.ris"
    misnamed.write_text(BIB, encoding="utf-8")
    assert read_file(misnamed).format == "bibtex"
    bib_as_json = tmp_path / "refs.json"
    bib_as_json.write_text(BIB, encoding="utf-8")
    assert read_file(bib_as_json).format == "bibtex"
    unknown = tmp_path / "refs.txt"
    unknown.write_text('[{"title": "J"}]', encoding="utf-8")
    result = read_file(unknown)
    assert result.format == "csl-json"
    assert result.references[0].get("title") == "J"


def test_not_any_format_raises(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes\nnothing bibliographic\n", encoding="utf-8")
    with pytest.raises(InputError, match="not a BibTeX, RIS, CSL-JSON or CSV"):
        read_file(path)
    bib = tmp_path / "prose.bib"
    bib.write_text("only a comment, no entries\n", encoding="utf-8")
    with pytest.raises(InputError):
        read_file(bib)


def test_empty_bib_file_reads_as_nothing(tmp_path: Path) -> None:
    path = tmp_path / "empty.bib"
    path.write_text("", encoding="utf-8")
    assert read_file(path).references == []


def test_all_broken_bibtex_is_returned_with_problems_not_raised() -> None:
    result = read_string("@article{a, title = {x\n@article{b, title = {y\n", "bibtex")
    assert result.references == []
    assert result.problems and result.problems[0].line == 1


def test_sniff() -> None:
    assert sniff("\ufeff  [") == "csl-json"
    assert sniff("\n\nTY  - JOUR\n") == "ris"
    assert sniff("% c\n@Article { k,") == "bibtex"
    assert sniff("hello") is None


def test_utf8_is_preferred(tmp_path: Path) -> None:
    path = tmp_path / "refs.ris"
    for prefix in (b"", codecs.BOM_UTF8):
        path.write_bytes(prefix + "TY  - BOOK\nTI  - é\nER  - \n".encode())
        assert read_file(path).references[0].get("title") == "é"


def test_date_from_text() -> None:
    assert date_from_text("2020") == Date(2020)
    assert date_from_text("2020/05/01/Spring") == Date(2020, 5, 1)
    assert date_from_text("2020-13-01") == Date(2020)
    assert date_from_text("1999a") == Date(1999)
    assert date_from_text("in press") == Date(literal="in press")
    assert date_from_text("  ") is None
