"""What a float leaves inside a list: its caption set between an entry's lines is no
line of the list (issue 22: an isolated non-entry inside the list is dropped, not split in)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography, zones
from tests.pdf.pdfbuild import Text, column, write_pdf

BODY = [
    "This vignette shows how the package projects samples onto the axis of two groups,",
    "and how the tables it writes summarise the sets that were tested along the way.",
]
ENTRIES = [
    (
        "Ada Arden, Bo Brandt, and Cy Clarke. Projection of grouped samples onto an axis",
        "  of two centroids. Journal of Made-up Statistics, 12(3):45-67, 2015.",
    ),
    (
        "Dana Dorn and Eli Evers. Scoring sets of features by their divergence from an",
        "  axis. In Proceedings of the Meeting on Invented Methods, pages 1-9, 2016.",
    ),
    (
        "Fay Fenn, Gus Grant, and Hal Hume. Enrichment of tested sets under a selection",
        "  bias in counts of reads. Annals of Sample Biology, 8(1):101-118, 2017.",
    ),
]
# The last entry, broken at the page's foot ...
LAST_HEAD = [
    "Ivy Irwin, Jon Jarvis, and Kim Kent. Weighting of sets by the length of their features",
    "  for the sake of a fair test. Journal of Pretend Biol-",
]
# ... goes on atop the next page below a float (a table whose caption runs over lines set
# out at the list's left, where entries start).
CAPTION = [
    "Table 6: The first rows of the second table, showing each sample's distance to the",
    "axis; high values mark a sample off the axis. Samples not tested are expected to",
    "have high values here. Both tables are summarised in Figure 4.",
]
LAST_TAIL = ["  ogy, 11(2):14-29, 2010. doi: 10.1000/made-up-2010-11-2-14."]
WHOLE = [" ".join(line.strip() for line in entry) for entry in ENTRIES]
LAST = "Ivy Irwin, Jon Jarvis, and Kim Kent. Weighting of sets by the length of their features "
LAST += "for the sake of a fair test. Journal of Pretend Biology, 11(2):14-29, 2010. "
LAST += "doi: 10.1000/made-up-2010-11-2-14."


@pytest.mark.parametrize("model", [True, False])
def test_a_caption_between_an_entrys_lines_is_no_part_of_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model: bool
) -> None:
    rows = [line for entry in ENTRIES for line in (*entry, "")]
    page1 = [*column(72, 780, BODY * 20), Text(72, 290, "References", 14.4, "F3"),
             *column(72, 265, [*rows, *LAST_HEAD], indent=12, leading=14.5),
             Text(300, 40, "18")]  # fmt: skip
    cells = [(130, "GO:00{:05d}"), (250, "0.0{}"), (320, "0.1{}"), (390, "-0.2{}"), (460, "1.1{}")]
    table = [Text(x, 780 - 10 * i, cell.format(i), 7) for i in range(9) for x, cell in cells]
    page2 = [*table, *column(72, 660, CAPTION, leading=14.5),
             *column(72, 600, LAST_TAIL, indent=12, leading=14.5),
             Text(72, 550, "Session Info", 14.4, "F3"), *column(72, 525, BODY * 4),
             Text(300, 40, "19")]  # fmt: skip
    path = write_pdf(tmp_path / "vignette.pdf", [page1, page2])
    if not model:
        monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    assert [e.raw for e in read_bibliography(path).entries] == [*WHOLE, LAST]
