"""Gold labels of a rendered corpus document, from its marks (no TeX needed here)."""

from __future__ import annotations

import pytest

from refmanager.pdf.layout import Line
from tools.corpus.gold import GoldError, Mark, label_lines, read_marks

_SP = 65536 * 72.27 / 72  # sp per PDF point


def _sp(v: float) -> int:
    return round(v * _SP)


def test_marks_are_read_in_pdf_points() -> None:
    marks, geometry = read_marks(
        f"G 845.04684pt 597.50787pt 550.0pt 16.0pt 12.0pt 25.0pt 0.0pt\nE 2 {_sp(100)} {_sp(500)}\n"
    )
    assert marks[0].page == 2
    assert marks[0].x == pytest.approx(100, abs=0.01)
    assert marks[0].y == pytest.approx(500, abs=0.01)
    assert geometry["pageheight"] == pytest.approx(841.89, abs=0.01)


GEOMETRY = {
    "pageheight": 792.0,
    "pagewidth": 612.0,
    "textheight": 600.0,
    "topmargin": 0.0,
    "headheight": 12.0,
    "headsep": 20.0,
    "voffset": 0.0,
}  # text block from y 688 down to 88


def _page() -> list[Line]:
    return [
        Line(1, "Running head", 72, 300, 700, 9),
        Line(1, "Body text of the paper.", 72, 540, 670, 10),
        Line(1, "References", 72, 150, 640, 12),
        Line(1, "[1] A. Author. A title,", 72, 540, 620, 10),
        Line(1, "Journal, 2001.", 90, 300, 608, 10),
        Line(1, "Table 1: results of methods", 72, 540, 596, 10),
        Line(1, "[2] B. Writer. Another title.", 72, 540, 584, 10),
        Line(1, "Appendix A", 72, 200, 560, 12),
        Line(1, "3", 300, 306, 60, 10),
    ]


def _page_labels(noise: list[str]) -> list[str]:
    """The labels of :func:`_page` from its list's marks, with ``noise`` written inside."""
    marks = [Mark("B", 1, 72, 660), Mark("E", 1, 90, 620), Mark("E", 1, 90, 584)]
    marks.append(Mark("Z", 1, 72, 580))
    return label_lines(
        _page(), marks=marks, geometry=GEOMETRY, page_heights={1: 792.0}, noise=noise, expected=2
    )


def test_lines_are_labelled_from_the_marks() -> None:
    labels = _page_labels(["Table 1: results of methods"])
    assert labels == ["furn", "other", "head", "start", "in", "other", "start", "other", "furn"]


def test_a_float_caption_is_told_by_its_text_without_the_classs_prefix() -> None:
    # The generator wrote the caption's text; the class printed "Table 1:" before it.
    assert _page_labels(["results of methods"])[5] == "other"


def test_a_mark_without_its_line_rejects_the_document() -> None:
    marks = [Mark("B", 1, 72, 660), Mark("E", 1, 90, 620), Mark("Z", 1, 72, 580)]
    with pytest.raises(GoldError):
        label_lines(
            _page(), marks=marks, geometry=GEOMETRY, page_heights={1: 792.0}, noise=[], expected=2
        )


def test_a_hanging_first_line_that_starts_right_of_its_mark_is_its_line() -> None:
    # Author-year lists with hanging indents: the class sets the entry's text a few
    # points in from where the item (and so the mark) begins.
    lines = [
        Line(1, "References", 72, 150, 640, 12),
        Line(1, "Author, A. (2001). A title.", 76.8, 540, 620, 10),
        Line(1, "Journal of Things.", 82, 300, 608, 10),
        Line(1, "Writer, B. (2002). Another.", 75.6, 540, 596, 10),
    ]
    marks = [Mark("B", 1, 72, 660), Mark("E", 1, 72, 620), Mark("E", 1, 72, 596)]
    marks.append(Mark("Z", 1, 72, 590))
    labels = label_lines(
        lines, marks=marks, geometry=GEOMETRY, page_heights={1: 792.0}, noise=[], expected=2
    )
    assert labels == ["head", "start", "in", "start"]


def test_a_right_column_mark_is_not_given_the_left_column_line_beside_it() -> None:
    # The left column's body line shares the baseline but ends before the mark.
    lines = [
        Line(1, "body text of the left column", 72, 298, 620, 10, column=1),
        Line(1, "References", 310, 400, 640, 12, column=2),
    ]
    marks = [Mark("B", 1, 310, 660), Mark("E", 1, 310.6, 620), Mark("Z", 1, 310, 600)]
    with pytest.raises(GoldError, match="matches no line"):
        label_lines(
            lines, marks=marks, geometry=GEOMETRY, page_heights={1: 792.0}, noise=[], expected=1
        )


def test_a_list_ending_at_the_left_columns_foot_ends_before_the_right_column() -> None:
    lines = [
        Line(1, "References", 72, 150, 640, 12, column=1),
        Line(1, "[1] A. Author. A title,", 72, 298, 620, 10, column=1),
        Line(1, "Journal, 2001.", 90, 298, 100, 10, column=1),
        Line(1, "APPENDIX", 400, 460, 680, 8, column=2),
        Line(1, "Text of the appendix.", 310, 540, 668, 10, column=2),
    ]
    marks = [Mark("B", 1, 72, 660), Mark("E", 1, 72, 620), Mark("Z", 1, 72, 96)]
    labels = label_lines(
        lines, marks=marks, geometry=GEOMETRY, page_heights={1: 792.0}, noise=[], expected=1
    )
    assert labels == ["head", "start", "in", "other", "other"]
