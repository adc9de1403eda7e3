"""A file's text a block at a time: the encoding judged per file, undecodable lines reported."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from refmanager.formats import stream
from refmanager.formats.stream import TextSource, lines
from refmanager.model import InputError

TEXT = "TY  - JOUR\nTI  - Müller and Ærø: café\nER  - \n"


def _text(path: Path) -> tuple[str, TextSource]:
    source = TextSource.open(path)
    return "".join(block.text for block in source.blocks()), source


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), "utf-16-le"),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16-be"),
        (TEXT.encode("utf-16-le"), "utf-16-le"),  # no mark: told by its NUL bytes
        (TEXT.encode("cp1252"), "cp1252"),
        (TEXT.replace("café", "café\x81").encode("latin-1"), "cp1252"),  # a byte cp1252 lacks
    ],
)
def test_encoding_is_judged_per_file(tmp_path: Path, data: bytes, encoding: str) -> None:
    path = tmp_path / "refs.ris"
    path.write_bytes(data)
    text, source = _text(path)
    assert source.encoding == encoding and source.problems == []
    assert "Müller and Ærø: café" in text and not text.startswith("\ufeff")


def test_a_line_of_junk_in_a_utf8_file_is_reported_and_the_rest_decoded(tmp_path: Path) -> None:
    path = tmp_path / "refs.ris"
    junk = b"\xff\xfe\x00\x81 junk \x00\n"  # binary junk, NUL bytes and all
    path.write_bytes(codecs.BOM_UTF8 + TEXT.encode() + junk + TEXT.encode())
    text, source = _text(path)
    assert source.encoding == "utf-8"
    assert text.count("Müller and Ærø: café") == 2
    [problem] = source.problems
    assert problem.line == 4 and problem.skipped and "not UTF-8 text" in problem.message
    assert "\ufffd junk \ufffd" in text


def test_without_a_byte_order_mark_bad_bytes_are_judged_too(tmp_path: Path) -> None:
    path = tmp_path / "refs.ris"
    path.write_bytes(TEXT.encode() * 3 + b"TI  - caf\xe9\n" + TEXT.encode())  # one cp1252 line
    text, source = _text(path)
    assert source.encoding == "utf-8" and [p.line for p in source.problems] == [10]
    assert text.count("Müller and Ærø: café") == 4


def test_blocks_hold_whole_lines_and_lines_are_numbered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream, "BLOCK_BYTES", 7)
    path = tmp_path / "x.txt"
    path.write_bytes("one\ntwo é\r\nthree\nlast".encode())
    source = TextSource.open(path)
    blocks = list(source.blocks())
    assert len(blocks) > 1 and all(b.text.endswith("\n") for b in blocks[:-1])
    assert list(lines(iter(blocks))) == [(1, "one"), (2, "two é\r"), (3, "three"), (4, "last")]
    assert source.bytes_read == path.stat().st_size


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.bib"
    path.write_bytes(bytes(range(256)) * 16)
    with pytest.raises(InputError, match="binary file"):
        TextSource.open(path)


def test_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        TextSource.open(tmp_path / "nope.ris")
