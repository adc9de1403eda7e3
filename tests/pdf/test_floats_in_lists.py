"""What a float leaves inside a list: its caption set between an entry's lines is no
line of the list (issue 22: an isolated non-entry inside the list is dropped, not split in)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography, zones
from tests.pdf.pdfbuild import SAMPLE_BODY, SAMPLE_ENTRIES, Text, column, write_pdf

BODY = SAMPLE_BODY
ENTRIES = SAMPLE_ENTRIES
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


SECTION = [
    "  The routine finds all strongly connected components of the specified graph and",
    "stores the number of each component in the vertex data block, at the given offset.",
    "  The components are numbered in arbitrary order from 1 to the number found.",
]
CODE = ["#include <stdio.h>", "#include <stdlib.h>", "int main(void)", "{ int i, nc;",
        "  nc = find_components(G);", "  return nc;", "}"]  # fmt: skip


@pytest.mark.parametrize("model", [True, False])
def test_a_heading_set_as_the_lists_own_ends_it_though_it_recurs_atop_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model: bool
) -> None:
    # A manual's routines, each with its parts headed in bold in the text's size
    # ("Description", "References", "Example"); "Example" opens several pages at their
    # top, as a running head would, but it is set as the list's own heading is: the
    # example after the list is not its last entry's.
    def part(top: float) -> list[Text]:
        return [Text(72, top, "Example", 10.9, "F3"),
                *column(72, top - 18, SECTION, size=10.9, indent=16, leading=13.5),
                *column(72, top - 66, CODE, size=9, leading=11)]  # fmt: skip

    pages = [[*part(780), *part(600), *part(420), Text(300, 40, str(n))] for n in range(1, 4)]
    pages[-1][-1:-1] = [
        Text(72, 240, "Description", 10.9, "F3"),
        *column(72, 222, SECTION, size=10.9, indent=16, leading=13.5),
        Text(72, 170, "References", 10.9, "F3"),
        *column(72, 152, [f"  {ENTRIES[0][0]}", ENTRIES[0][1].strip()], size=10.9,
                indent=16, leading=13.5),
    ]  # fmt: skip
    pages.append([*part(780), *part(600), Text(300, 40, "4")])
    path = write_pdf(tmp_path / "manual.pdf", pages)
    if not model:
        monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    assert [e.raw for e in read_bibliography(path).entries] == WHOLE[:1]


@pytest.mark.parametrize("model", [True, False])
def test_a_running_head_set_as_the_lists_heading_does_not_end_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model: bool
) -> None:
    # The journal's name atop every page, set as the list's heading is (bold, the text's
    # size, the left margin): it stands at pages' edges only, and the list goes on below.
    def page(n: int, rows: list[str], top: float = 740) -> list[Text]:
        return [Text(72, 790, "Pretend Studies", 10.9, "F3"),
                *column(72, top, rows, size=10.9, indent=16, leading=13.5),
                Text(300, 40, str(n))]  # fmt: skip

    rows = [line for entry in ENTRIES * 9 for line in (*entry, "")]
    pages = [page(1, BODY * 12), page(2, BODY * 12)]
    pages[-1][-1:-1] = [Text(72, 400, "References", 10.9, "F3"), *column(
        72, 380, rows[:27], size=10.9, indent=16, leading=13.5)]  # fmt: skip
    pages.append(page(3, rows[27:]))
    path = write_pdf(tmp_path / "paper.pdf", pages)
    if not model:
        monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    bib = read_bibliography(path)
    assert [e.raw for e in bib.entries] == WHOLE * 9
