"""Lists as word processors set them: entries apart only by the space after each paragraph
(no label, no indent), or by a hanging indent, over page breaks, with footnotes at the
pages' feet (the layout LibreOffice gives a document from .docx or .odt; invented
references)."""

from __future__ import annotations

from pathlib import Path

from refmanager.pdf import read_bibliography
from tests.pdf.pdfbuild import Text, write_pdf

_BODY = [
    "The method follows earlier work on the regulation of memory in mice and on",
    "the way housing shapes aggression, as the studies listed below report in",
    "detail; the section that follows reviews them in the order of their dates.",
]
# Each entry as the word processor broke it into lines; none ends with a full stop.
_ENTRIES = [
    ["Albers, Henry T.; Kowal, Peter D. (2012): The regulation of social memory in the",
     "behaving mouse. In: Hormones and Behavior, Band 61, S. 283-292"],
    ["Barkley, Mary S.; Goldman, Bruce D. (1977): Effects of early housing on",
     "intermale aggression in the laboratory mouse. Oslo: North Press"],
    ["Chen, Wei; Dupont, Marie; Okafor, Ngozi; Taylor, James P.; Varga, Istvan",
     "(2019): Storage-aware training of elastic pipelines. PyPI, URL:",
     "https://example.org/pipelines/elastic"],
    ["Dietrich, Anna (2004): How information is synthesised in the brain (Hrsg.),",
     "Advances in Learning, Morgan Kaufmann, S. 1506-1516 (2004)"],
    ["Eriksen, Lars; Fontaine, Claire (2020): Alignment and pruning: a storage",
     "perspective. 16th Conference on Robot Learning (CoRL)"],
    ["Fischer, Jonas (2018): Rethinking trial evolution. 1.2018, URL:",
     "https://example.org/communication/optimization"],
]  # fmt: skip
_FOOTNOTES = [
    "1 Albers and Kowal (2012); Chen et al. (2019); see also Barkley and Goldman",
    "(1977) for the housing of the animals.",
]
_LEADING = 14.0  # 12 pt type at 115%
_AFTER = 8.0  # the space after each paragraph


def _spaced_pages(
    x_first: float, x_next: float, after: float = _AFTER, entries: list[list[str]] = _ENTRIES
) -> list[list[Text]]:
    """Three pages: body text and the heading, entries 1-3 (the third broken over the
    page) with a footnote at the foot of page 1; entries 3-4 on page 2, which ends with
    entry 4; entries 5-6 on page 3, the fifth at its top."""
    page1 = [Text(72, 760 - _LEADING * i, row, 12) for i, row in enumerate(_BODY)]
    page1.append(Text(72, 700, "References", 14, "F3"))
    pages = [page1, [], []]
    y = {0: 676.0, 1: 760.0, 2: 760.0}
    place = [(0, 0), (0, 1), (0, 2), (1, 3), (2, 4), (2, 5)]
    for page, k in place:
        lines = entries[k]
        if k == 2:
            lines, rest = lines[:1], lines[1:]  # the entry runs over to page 2
        for i, row in enumerate(lines):
            pages[page].append(Text(x_first if i == 0 else x_next, y[page], row, 12))
            y[page] -= _LEADING
        y[page] -= after
        if k == 2:
            for row in rest:
                pages[1].append(Text(x_next, y[1], row, 12))
                y[1] -= _LEADING
            y[1] -= after
    for i, row in enumerate(_FOOTNOTES):
        page1.append(Text(72, 100 - 12 * i, row, 10))
    for n, texts in enumerate(pages, 1):
        texts.append(Text(300, 50, str(n), 12))
    return pages


def _entries(path: Path) -> list[str]:
    return [e.raw for e in read_bibliography(path).entries]


def _expected(entries: list[list[str]] = _ENTRIES) -> list[str]:
    return [" ".join(rows) for rows in entries]


def test_entries_apart_only_by_paragraph_spacing(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "spacing.pdf", _spaced_pages(72, 72))
    assert _entries(pdf) == _expected()


def test_entries_with_a_hanging_indent(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "hanging.pdf", _spaced_pages(72, 108))
    assert _entries(pdf) == _expected()


def test_entries_with_a_first_line_indent(tmp_path: Path) -> None:
    # A body style's first-line indent (Word's, or a Google Docs paragraph indent): the
    # indented lines open the entries, the lines at the left continue them.
    pdf = write_pdf(tmp_path / "first.pdf", _spaced_pages(108, 72, after=0))
    assert _entries(pdf) == _expected()


def test_a_hanging_indent_without_spacing_stays_one(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "hanging.pdf", _spaced_pages(72, 108, after=0))
    assert _entries(pdf) == _expected()


def test_numbered_entries_with_a_first_line_indent(tmp_path: Path) -> None:
    # The labels stand at the indent, the continuation lines at the left: the labels are
    # the list's, and the lines at the left no text after it.
    numbered = [[f"{k}. {rows[0]}", *rows[1:]] for k, rows in enumerate(_ENTRIES, 1)]
    pdf = write_pdf(tmp_path / "numbered.pdf", _spaced_pages(108, 72, 0, numbered))
    assert _entries(pdf) == _expected(numbered)


def test_a_double_spaced_list_whose_later_entries_are_set_smaller_keeps_them(
    tmp_path: Path,
) -> None:
    # A thesis's list, double-spaced, its last entries pasted in 10 pt under 12 pt ones: at
    # the page's foot they go on at the list's own spacing, as no footnote would.
    page = [Text(72, 760 - 28 * i, row, 12) for i, row in enumerate(_BODY)]
    page.append(Text(250, 650, "References", 12, "F3"))
    y = 622.0
    for k, rows in enumerate(_ENTRIES):
        for i, row in enumerate(rows):
            page.append(Text(72 if i == 0 else 108, y, row, 12 if k < 3 else 10))
            y -= 27.6
    pdf = write_pdf(tmp_path / "double.pdf", [page])
    assert _entries(pdf) == _expected()


def test_an_entry_in_another_type_at_a_double_spaced_pages_top_is_no_furniture(
    tmp_path: Path,
) -> None:
    # Entries pasted in from elsewhere keep their own font: the one at the top of page 2 is
    # set larger than the rest of its page, as a running head would be, but the space under
    # it is the list's own double spacing, not a running head's gap.
    sizes = [11, 11, 11, 12, 11, 11]
    page1 = [Text(72, 760 - 28 * i, row, 11) for i, row in enumerate(_BODY)]
    page1.append(Text(250, 650, "References", 11, "F3"))
    pages = [page1, []]
    y = {0: 622.0, 1: 740.0}
    for k, rows in enumerate(_ENTRIES):
        p = 0 if k < 3 else 1
        for i, row in enumerate(rows):
            pages[p].append(Text(72 if i == 0 else 108, y[p], row, sizes[k]))
            y[p] -= 27.6
    for n, texts in enumerate(pages, 1):
        texts.append(Text(300, 50, str(n), 11))
    pdf = write_pdf(tmp_path / "pasted.pdf", pages)
    assert _entries(pdf) == _expected()
