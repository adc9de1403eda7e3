"""A font shared by several pages is built once per document, not once per page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from refmanager.pdf import read_bibliography
from tests.pdf.pdfbuild import Text, column, write_pdf


def test_shared_fonts_are_built_once_per_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.pdf import fonts, source

    calls: list[object] = []
    original = fonts.load_font

    def counting(font_ref: Any, page: Any) -> Any:
        calls.append(font_ref.get_object())
        return original(font_ref, page)

    monkeypatch.setattr(source, "load_font", counting)
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
