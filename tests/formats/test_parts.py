"""Bibliography files read a part at a time: every complete record, junk reported by line,
a broken JSON document refused whole with its line and column."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from refmanager.formats.common import ReadResult
from refmanager.formats.csljson import BrokenDocument
from refmanager.formats.parts import open_records
from refmanager.model import InputError


def _parts(path: Path, chunk: int = 2) -> list[ReadResult]:
    return list(open_records(path, chunk=chunk))


def _titles(parts: list[ReadResult]) -> list[str]:
    return [ref.get("title") for part in parts for ref in part.references]


def _problems(parts: list[ReadResult]) -> list[tuple[int, bool]]:
    return [(p.line, p.skipped) for part in parts for p in part.problems]


def ris_export(tmp_path: Path) -> Path:
    """A RIS export with a BOM, CRLF line ends, a line of binary junk and an unknown tag."""
    records = [
        f"TY  - JOUR\r\nTI  - Record {n} é\r\nZZ  - an unknown tag\r\nER  - \r\n" for n in range(5)
    ]
    data = codecs.BOM_UTF8 + "".join(records[:2]).encode()
    data += b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\r\n"  # binary junk: line 9
    data += "".join(records[2:]).encode()
    path = tmp_path / "export.ris"
    path.write_bytes(data)
    return path


def test_ris_export_with_junk_keeps_every_complete_record(tmp_path: Path) -> None:
    parts = _parts(ris_export(tmp_path))
    assert _titles(parts) == [f"Record {n} é" for n in range(5)]
    # the junk's three lines (it holds line ends): each reported, each skipped
    assert sorted(_problems(parts)) == [(9, True), (10, True), (11, True)]


def test_a_cut_csl_json_document_is_refused_with_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    items = [json.dumps({"id": f"i{n}", "title": f"Item {n}"}) for n in range(6)]
    path.write_text("[\n" + ",\n".join(items) + ',\n{"id": "i6", "title": "It', encoding="utf-8")
    stream = open_records(path, chunk=2)
    with pytest.raises(BrokenDocument) as caught:
        next(iter(stream))  # refused before any part: nothing is read
    assert (caught.value.line, caught.value.column) == (8, 23)  # where the cut string starts
    assert (
        "line 8, column 23" in caught.value.cause and "nothing was imported" in caught.value.cause
    )


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ('[{"title": "A"}\n{"title": "B"}]', 2, 1),  # a comma missing
        ('[{"title": "A"},\n{"title": "B"}] trailing', 2, 17),
        ('[{"title": "A"},\n{"title" "B"}]', 2, 10),
        ('[{"title": "A"},\n', 2, 1),
    ],
)
def test_broken_json_documents_say_where(tmp_path: Path, text: str, line: int, column: int) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BrokenDocument) as caught:
        _parts(path)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_a_one_line_wrapper_object_is_its_items_not_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "wrapped.json"
    path.write_text('{"items": [{"title": "A"}, {"title": "B"}]}\n', encoding="utf-8")
    assert _titles(_parts(path)) == ["A", "B"]


def test_csl_json_items_are_read_in_parts_whatever_the_encoding(tmp_path: Path) -> None:
    items = [{"id": f"i{n}", "title": f"Título {n}", "issued": 2000 + n} for n in range(5)]
    text = json.dumps(items, ensure_ascii=False, indent=2)
    for encoding, data in [
        ("utf-8", text.encode()),
        ("utf-16", text.encode("utf-16")),
        ("cp1252", text.encode("cp1252")),
    ]:
        path = tmp_path / f"items-{encoding}.json"
        path.write_bytes(data)
        parts = _parts(path)
        assert _titles(parts) == [f"Título {n}" for n in range(5)], encoding
        assert [len(p.references) for p in parts] == [2, 2, 1]
        assert parts[0].references[0].issued is not None  # repaired: a bare year


def test_json_lines_are_records_and_a_bad_line_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"title": "A"}\n{"title": \n{"title": "C"}\n[1]\n', encoding="utf-8")
    parts = _parts(path)
    assert _titles(parts) == ["A", "C"]
    assert _problems(parts) == [(2, True), (4, True)]


def test_bibtex_in_parts_keeps_macros_and_file_lines(tmp_path: Path) -> None:
    path = tmp_path / "x.bib"
    path.write_text(
        "@string{jmlr = {Journal of ML}}\n"
        "@article{a, title = {One}, journal = jmlr}\n"
        "@article{b, title = {Two}}\n"
        "@article{c, title = {broken\n"
        "@article{d, title = {Four}, journal = jmlr}\n"
        "@article{e, title = {Five}}\n",
        encoding="utf-8",
    )
    parts = _parts(path)
    assert len(parts) > 1
    assert _titles(parts) == ["One", "Two", "Four", "Five"]
    refs = [ref for part in parts for ref in part.references]
    assert refs[2].get("container-title") == "Journal of ML"  # @string of an earlier part
    assert _problems(parts) == [(4, True)]


def test_a_file_of_no_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.bib"
    path.write_text("just some words\n", encoding="utf-8")
    with pytest.raises(InputError):
        _parts(path)


def test_bibtex_with_crossrefs_is_read_whole_so_children_find_their_parents(
    tmp_path: Path,
) -> None:
    path = tmp_path / "x.bib"
    children = "".join(
        f"@inproceedings{{c{n}, title = {{Paper {n}}}, crossref = {{proc}}}}\n" for n in range(5)
    )
    path.write_text(children + "@proceedings{proc, title = {The Proceedings}}\n", "utf-8")
    parts = _parts(path)
    refs = [ref for part in parts for ref in part.references]
    assert len(parts) == 1 and len(refs) == 6
    assert all(ref.get("container-title") == "The Proceedings" for ref in refs[:5])
