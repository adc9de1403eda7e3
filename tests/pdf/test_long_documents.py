"""Long documents (issue 22): a thesis's or a manual's list may stand far before its last
pages, followed by appendices and an index; its heading is looked for on every page, and
a list so far back is taken only where it reads as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography
from refmanager.pdf.locate import MAX_SCAN_PAGES
from refmanager.pdf.pages import Pages
from tests.pdf.pdfbuild import Text, column, write_pdf
from tests.pdf.test_pipeline import CODE_SECTION, ENTRIES, _dated
from tests.pdf.test_read import BODY

APPENDIX = [
    "The tables of this appendix give the measurements of every run, one run a row,",
    "with the settings that were used and the time each of the steps took to finish.",
]


def _thesis(path: Path, appendix_pages: int, under_heading: list[str]) -> Path:
    """Ten pages of text, a "References" heading with ``under_heading`` after it, and then
    ``appendix_pages`` pages of an appendix."""
    pages = [[*column(72, 780, BODY * 6), Text(290, 40, str(n), 8)] for n in range(1, 10)]
    pages.append(
        [*column(72, 780, BODY * 2), Text(72, 720, "References", 13, "F3"),
         *column(72, 700, under_heading, leading=16), Text(290, 40, "10", 8)]
    )  # fmt: skip
    pages.append([Text(72, 780, "Appendix A: Measurements", 13, "F3"), *column(72, 760, APPENDIX)])
    for n in range(12, 12 + appendix_pages - 1):
        pages.append([*column(72, 780, APPENDIX * 3), Text(290, 40, str(n), 8)])
    return write_pdf(path, pages)


def test_a_list_before_the_last_pages_is_found_by_its_heading(tmp_path: Path) -> None:
    pdf = _thesis(tmp_path / "thesis.pdf", MAX_SCAN_PAGES + 5, ENTRIES)
    bib = read_bibliography(pdf, judge=_dated)
    assert [e.raw for e in bib.entries] == ENTRIES
    assert bib.heading == "'References' on page 10"
    # Without a judge too: the heading is found as it is in the last pages.
    assert [e.raw for e in read_bibliography(pdf).entries] == ENTRIES


def test_a_section_about_references_far_from_the_end_is_no_list(tmp_path: Path) -> None:
    # A manual's section named "References" that documents code: before the last pages,
    # a heading heads the list only where most of what follows reads as references.
    code = [f"[{k}] {line}" for k, line in enumerate(CODE_SECTION[2:], 3)]
    under = [ENTRIES[0], ENTRIES[1], *code]
    pdf = _thesis(tmp_path / "manual.pdf", MAX_SCAN_PAGES + 5, under)
    bib = read_bibliography(pdf, judge=_dated)
    assert bib.entries == []
    assert any(
        n.startswith("no bibliography found (only 2 of the 7 entries")
        and "'References' on page 10, before the last 80 pages" in n
        for n in bib.notes
    ), bib.notes


def test_the_scan_for_a_heading_leaves_half_the_time_to_the_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = _thesis(tmp_path / "thesis.pdf", MAX_SCAN_PAGES + 5, ENTRIES)
    monkeypatch.setattr(Pages, "time_left", lambda _: 10.0)  # of 30 s
    bib = read_bibliography(pdf, judge=_dated)
    assert bib.entries == []
    count = 10 + MAX_SCAN_PAGES + 5
    assert any(f"pages 1-{count - MAX_SCAN_PAGES} of {count} were not read" in n for n in bib.notes)
