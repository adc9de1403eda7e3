"""A font shared by several pages is built once per document, not once per page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from refmanager.pdf import read_bibliography
from tests.pdf.pdfbuild import Text, column, write_pdf


def test_shared_fonts_are_built_once_per_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.pdf import fonts

    calls: list[object] = []
    original = fonts._start

    def counting(font_ref: Any, ft: Any, page: Any) -> Any:
        calls.append(font_ref.get_object())
        return original(font_ref, ft, page)

    # (every font is started there, alone or with the others a page sets)
    monkeypatch.setattr(fonts, "_start", counting)
    body = ["Body text of the paper that is not a list of references at all."]
    pages = [[*column(72, 700, body)] for _ in range(3)]
    pages.append(
        [
            Text(72, 760, "References", 13, "F3"),
            *column(72, 740, ["[1] A. B. Title. 2000.", "[2] C. D. Title. 2001."]),
        ]
    )
    bib = read_bibliography(write_pdf(tmp_path / "four.pdf", pages))
    assert [e.label for e in bib.entries] == ["1", "2"]
    # pages 4, 3 and 1 are read (the list, the page before it, the title page): the three
    # fonts every page names are each built once
    assert 1 <= len(calls) == len({id(c) for c in calls}) <= 3


def _cjk_paper(tmp_path: Path, pages: int, lines: int) -> Path:
    """Pages of lines of two-byte codes in a Type0 font whose /W lists one code only (a
    CJK font's glyphs take /DW), its text mapped by ToUnicode to CJK ideographs."""
    from tests.pdf.pdfbuild import build_raw

    count = pages * lines * 3
    pairs = b" ".join(b"<%04X> <%04X>" % (c, 0x4E00 + c) for c in range(1, count + 1))
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"%d beginbfchar %s endbfchar endcmap end end" % (count, pairs)
    )
    page_numbers = [6 + 2 * i for i in range(pages)]
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % n for n in page_numbers), pages),
        b"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+FandolSong /Encoding /Identity-H "
        b"/DescendantFonts [4 0 R] /ToUnicode 5 0 R >>",
        b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /ABCDEF+FandolSong /DW 1000 "
        b"/W [1 [500]] >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(cmap), cmap),
    ]
    code = 1
    for p in range(pages):
        shows = []
        for i in range(lines):
            shows.append(
                b"1 0 0 1 72 %d Tm <%04X%04X%04X> Tj" % (700 - 14 * i, code, code + 1, code + 2)
            )
            code += 3
        body = b"BT /F1 10 Tf " + b" ".join(shows) + b" ET"
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (7 + 2 * p)
        )
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(body), body))
    path = tmp_path / "cjk.pdf"
    path.write_bytes(build_raw(objects))
    return path


def test_codes_a_page_shows_are_decoded_in_one_batch_per_font(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.pdf import fonts
    from refmanager.pdf.document import open_pdf, pypdf_limits
    from refmanager.pdf.source import PypdfSource, page_runs

    probes: list[int] = []
    original = fonts._probe

    def counting(page: Any, groups: Sequence[tuple[Any, list[bytes]]]) -> list[str]:
        probes.append(sum(len(codes) for _, codes in groups))
        return original(page, groups)

    monkeypatch.setattr(fonts, "_probe", counting)
    with pypdf_limits():
        source = PypdfSource(open_pdf(_cjk_paper(tmp_path, pages=2, lines=12), None))
        font_cache: dict[int, Any] = {}
        measures: dict[int, Any] = {}
        texts = []
        for index in range(2):
            runs, *_ = page_runs(source, index, fonts=font_cache, measures=measures)
            texts.append([r.text for r in runs])
    first = 1
    for page in texts:
        assert page == [
            "".join(chr(0x4E00 + c) for c in range(first + 3 * i, first + 3 * i + 3))
            for i in range(12)
        ]
        first += 36
    # the font is built (its /W code probed), then each page's new codes are decoded
    # together: one probe per page, not one per string
    assert probes == [1, 35, 36]
