"""read_between: the list read between the user's marks; layout_example: lines labelled from
corrected entries in the line model's stored training form."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.model import InputError, Location, Mark
from refmanager.pdf import layout_example, read_between, read_bibliography, split_boxes
from refmanager.pdf.linetrain import rows_of
from tests.pdf.pdfbuild import Text, column, write_pdf

AFFILIATIONS = [
    "1. Department of Physics, University of Somewhere, Street 1, City",
    "2. Institute for Studies, Another University, Road 2, Town",
    "3. Laboratory of Things, Third University, Avenue 3, Village",
]
LIST = [
    "[1] J. Smith. A first title about extraction. Journal of Tests 3, 1-9 (2019).",
    "[2] K. Jones and M. Lee. A second title on reading. Proc. of Things, 2020.",
    "  Further words of the second entry, pages 10-20.",
    "[3] P. Brown. A third title of a book. Publisher, City, 2018.",
]


def _paper(tmp_path: Path) -> Path:
    page1 = [
        Text(72, 780, "A Paper Without a Heading", 16),
        *column(72, 740, AFFILIATIONS),
        *column(72, 690, ["Body text of the paper goes on here for a while and ends."] * 3),
    ]
    page2 = [
        *column(72, 780, ["More body text that is not a reference at all, just words."] * 2),
        *column(72, 740, LIST, indent=12),
        *column(72, 600, ["Acknowledgements: we thank everyone for their help."]),
    ]
    return write_pdf(tmp_path / "paper.pdf", [page1, page2])


def test_the_entries_between_the_marks_are_the_list(tmp_path: Path) -> None:
    pdf = _paper(tmp_path)
    bib = read_between(pdf, Mark(2, 752), Mark(2, 700))
    raws = [e.raw for e in bib.entries]
    assert len(raws) == 3
    assert raws[0].startswith("[1] J. Smith.")
    assert raws[1].endswith("pages 10-20.")
    assert raws[2].startswith("[3] P. Brown.")
    assert bib.page_count == 2
    assert all(loc.page == 2 for e in bib.entries for loc in e.locations)


def test_marks_across_pages_and_nothing_between_them_says_why(tmp_path: Path) -> None:
    pdf = _paper(tmp_path)
    whole = read_between(pdf, Mark(1, 760), Mark(2, 700))
    assert any("Department of Physics" in e.raw for e in whole.entries)
    empty = read_between(pdf, Mark(1, 100), Mark(1, 90))
    assert empty.entries == []
    assert any("no bibliography found" in n and "between the marks" in n for n in empty.notes)


def test_bad_marks_are_refused_with_the_file_named(tmp_path: Path) -> None:
    pdf = _paper(tmp_path)
    with pytest.raises(InputError, match="page 5"):
        read_between(pdf, Mark(5, 700), Mark(5, 600))
    with pytest.raises(InputError, match="end is before its start"):
        read_between(pdf, Mark(2, 700), Mark(1, 700))
    with pytest.raises(InputError, match="end is before its start"):
        read_between(pdf, Mark(2, 600), Mark(2, 752))


def test_a_layout_example_labels_each_line_as_the_corrections_left_it(tmp_path: Path) -> None:
    pdf = _paper(tmp_path)
    entries = read_between(pdf, Mark(2, 752), Mark(2, 700)).entries
    doc = layout_example(pdf, [e.locations for e in entries])
    rows, labels, heights = rows_of(doc)
    assert set(heights) == {1, 2}
    by_text = dict(zip([r.text for r in rows], labels, strict=True))
    assert by_text[LIST[0]] == "start"
    assert by_text[LIST[2].strip()] == "in"
    assert by_text[LIST[3]] == "start"
    assert by_text[AFFILIATIONS[0]] == "other"  # not a reference
    assert labels.count("start") == 3
    # boxes of another page do not label these lines
    assert layout_example(pdf, [[Location(1, (0, 0, 600, 800))]])["lines"][-1][-1] != "start"


def test_the_marks_leave_out_what_the_finder_took_for_the_list(tmp_path: Path) -> None:
    pdf = _paper(tmp_path)
    marked = {e.raw for e in read_between(pdf, Mark(2, 752), Mark(2, 700)).entries}
    assert not any("Department" in raw for raw in marked)
    found = {e.raw for e in read_bibliography(pdf).entries}
    assert found != marked  # without marks this paper's list is not read as it is printed


def test_an_entry_s_boxes_are_cut_at_the_line_nearest_the_split(tmp_path: Path) -> None:
    pdf = _paper(tmp_path)
    whole = read_between(pdf, Mark(2, 752), Mark(2, 700))
    joined = whole.entries[1]  # [2] on two lines
    raw = joined.raw
    cut = raw.index("Further")
    first, second = split_boxes(pdf, joined.locations, raw, cut)
    assert first[0].bbox[1] > second[0].bbox[3] - 1  # the first part sits above the second
    assert first[0].bbox[3] == pytest.approx(joined.locations[0].bbox[3])
    assert second[0].bbox[1] == pytest.approx(joined.locations[0].bbox[1])
    one_line = whole.entries[0]
    assert split_boxes(pdf, one_line.locations, one_line.raw, 10) == (
        one_line.locations,
        one_line.locations,
    )


def test_on_a_page_in_two_columns_x_chooses_the_column_of_each_mark(tmp_path: Path) -> None:
    left = [f"Body text line {i} of the left column, words." for i in range(30)]
    right = [f"More body {i} here." for i in range(8)] + [
        f"[{i}] A. Author{i}. A title number {i}. Journal of Tests {i}, 1-9, 20{i:02d}."
        for i in range(1, 11)
    ]
    page = [
        *column(60, 780, left, size=9, leading=11),
        *column(315, 780, [r[:48] for r in right], size=9, leading=11),
    ]
    pdf = write_pdf(tmp_path / "two.pdf", [page])
    first_entry_y = 780 - 8 * 11
    bib = read_between(pdf, Mark(1, first_entry_y + 8, 400), Mark(1, 100, 400))
    raws = [e.raw for e in bib.entries]
    assert raws and raws[0].startswith("[1] A. Author1.")
    assert not any("left column" in raw for raw in raws)
    assert not any("More body" in raw for raw in raws)


def test_a_mark_on_a_line_takes_that_line_whole(tmp_path: Path) -> None:
    """Issue 25, item 3: a right-click on the first line of the first entry cut that line
    off (the mark was the click's height, and the line's top is above it); a mark on the
    last line of the last entry likewise keeps it."""
    pdf = _paper(tmp_path)
    # the list's first line has its baseline at 740 (10 pt text): 743 is inside it
    bib = read_between(pdf, Mark(2, 743), Mark(2, 707))  # 704 is [3]'s baseline
    raws = [e.raw for e in bib.entries]
    assert len(raws) == 3
    assert raws[0].startswith("[1] J. Smith.")
    assert raws[2].startswith("[3] P. Brown.")
