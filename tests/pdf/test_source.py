"""The lean source reads ordinary files without pypdf; anything else goes to pypdf whole."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from refmanager.pdf import lean, read_bibliography
from refmanager.pdf.source import LeanSource, PypdfSource, open_source
from tests.pdf.pdfbuild import Text, column, write_pdf


def _paper(tmp_path: Path) -> Path:
    body = ["The body of the paper, which cites [1] and [2] but is not a list."]
    return write_pdf(
        tmp_path / "paper.pdf",
        [
            [*column(72, 700, body)],
            [
                Text(72, 760, "References", 13, "F3"),
                *column(72, 740, ["[1] A. Author. A title. 2001.", "[2] B. Author. More. 2002."]),
            ],
        ],
    )


def test_an_ordinary_file_is_read_without_importing_pypdf(tmp_path: Path) -> None:
    path = _paper(tmp_path)
    code = (
        "import sys; from refmanager.pdf import read_bibliography as r; "
        "b = r(sys.argv[1]); print(len(b.entries), 'pypdf' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["2", "False"]
    source = open_source(path)
    assert isinstance(source, LeanSource)
    source.close()


def test_a_lean_refusal_mid_document_reads_the_file_again_with_pypdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _paper(tmp_path)
    expected = read_bibliography(path)

    def refuse(self: lean.LeanDocument, page: lean.Dict) -> bytes:
        raise lean.Unsupported("a filter the lean reader does not know")

    monkeypatch.setattr(lean.LeanDocument, "contents", refuse)
    again = read_bibliography(path)
    assert [e.raw for e in again.entries] == [e.raw for e in expected.entries]
    assert [e.locations for e in again.entries] == [e.locations for e in expected.entries]


def test_a_broken_outline_is_ignored_and_the_pages_are_searched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def hostile(self: lean.LeanDocument) -> list[tuple[str, int]]:
        raise lean.LimitExceeded("outline loops")

    monkeypatch.setattr(lean.LeanDocument, "outline", hostile)
    bib = read_bibliography(_paper(tmp_path))
    assert [e.label for e in bib.entries] == ["1", "2"]


def test_both_sources_give_the_same_objects(tmp_path: Path) -> None:
    path = _paper(tmp_path)
    from refmanager.pdf.document import open_pdf, pypdf_limits

    lean_source = open_source(path)
    with pypdf_limits():
        other = PypdfSource(open_pdf(path, None))
        assert lean_source.page_count == other.page_count == 2
        for index in range(2):
            a, b = lean_source.page(index), other.page(index)
            assert lean_source.box(a) == other.box(b) == (0.0, 0.0, 595.0, 842.0)
            assert lean_source.contents(a) == other.contents(b)
    lean_source.close()
