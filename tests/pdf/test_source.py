"""pypdf reads a document's objects; our interpreter reads the text of its pages."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from refmanager.pdf.document import open_pdf, pypdf_limits
from refmanager.pdf.pages import open_pages
from refmanager.pdf.source import PypdfSource, page_runs
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
        info={"Title": "A paper"},
    )


def test_pages_boxes_and_metadata(tmp_path: Path) -> None:
    with pypdf_limits():
        source = PypdfSource(open_pdf(_paper(tmp_path), None))
        assert source.page_count == 2
        assert source.box(source.page(0)) == (0.0, 0.0, 595.0, 842.0)
        assert source.info()["Title"] == "A paper"
        runs, side, box, used = page_runs(source, 1)
    assert [r.text for r in runs] == [
        "References",
        "[1] A. Author. A title. 2001.",
        "[2] B. Author. More. 2002.",
    ]
    assert runs[0].font == "Helvetica-Bold" and runs[0].size == 13
    assert side == "" and box == (0.0, 0.0, 595.0, 842.0) and used > 0


def test_a_page_box_beyond_what_pdf_allows_is_read_as_letter(tmp_path: Path) -> None:
    # A MediaBox of 1e20 points made the layout step scan the page every 2 points (a hang).
    path = _paper(tmp_path)
    data = path.read_bytes().replace(
        b"/MediaBox [0 0 595 842]", b"/MediaBox [0 0 100000000000000000000 842]", 1
    )
    assert data != path.read_bytes()
    path.write_bytes(data)
    with pypdf_limits():
        source = PypdfSource(open_pdf(path, None))
        assert source.box(source.page(0)) == (0.0, 0.0, 612.0, 792.0)
        assert source.box(source.page(1)) == (0.0, 0.0, 595.0, 842.0)


def test_the_reader_is_closed_once_the_pages_are_done_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pypdf's objects refer to their reader and the reader to them: a cycle only the
    garbage collector frees, the whole document with it. ``open_pages`` closes the reader
    when the pages are done with (pypdf's ``close`` lets go of the objects it read), also
    where reading them fails."""
    closed: list[pypdf.PdfReader] = []
    close = pypdf.PdfReader.close

    def recording(self: pypdf.PdfReader) -> None:
        closed.append(self)
        close(self)

    monkeypatch.setattr(pypdf.PdfReader, "close", recording)
    path = str(_paper(tmp_path))
    with open_pages(path, None) as pages:
        assert pages.get(2)[0].text == "References"
        assert closed == []
    assert closed == [pages.source.reader]
    with pytest.raises(KeyError), open_pages(path, None) as pages:
        raise KeyError("a failure while the pages are read")
    assert closed[1:] == [pages.source.reader]
