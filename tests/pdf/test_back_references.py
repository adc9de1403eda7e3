"""Back-references: the pages citing an entry, printed after it (hyperref's backref, as
GAP's manuals print them), are no part of the entry."""

from __future__ import annotations

from pathlib import Path

from refmanager.model import Entry
from refmanager.pdf import read_bibliography
from refmanager.pdf.listend import without_back_references
from tests.pdf.pdfbuild import Text, column, write_pdf

KEYED = [
    ("[Ada91]", "A. Ada. Groups of made-up order. J. Pretend Algebra, 4(1):11-34, 1991.", "4"),
    ("[Bel95a]", "B. Bell and C. Cox. On pretend subgroups. Amer. J. Invented Math.,", ""),
    ("", "113(6):1053-1133, 1995.", "2, 4, 16"),
    ("[Bel95b]", "B. Bell. Generators of pretend groups. Math. Z., 220(4):569-594, 1995.", "2, 16"),
    ("[Cox08]", "C. Cox. A package of made-up tables, Version 1.2. GAP package.", "7, 12, 13"),
]
TEXTS = [
    "[Ada91] A. Ada. Groups of made-up order. J. Pretend Algebra, 4(1):11-34, 1991.",
    "[Bel95a] B. Bell and C. Cox. On pretend subgroups. Amer. J. Invented Math., "
    "113(6):1053-1133, 1995.",
    "[Bel95b] B. Bell. Generators of pretend groups. Math. Z., 220(4):569-594, 1995.",
    "[Cox08] C. Cox. A package of made-up tables, Version 1.2. GAP package.",
]


def test_page_numbers_printed_after_the_entries_are_no_part_of_them(tmp_path: Path) -> None:
    pages = [[*column(72, 780, ["This manual describes the package and its functions."] * 50),
              Text(300, 40, str(n))] for n in range(1, 17)]  # fmt: skip
    rows: list[str] = []
    for key, text, pages_citing in KEYED:
        rows.append(f"{key} {text} {pages_citing}".strip() if key else f"  {text} {pages_citing}")
    last = [Text(72, 760, "References", 17, "F3"), *column(72, 720, rows, indent=40, leading=16),
            Text(300, 40, "17")]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "manual.pdf", [*pages, last]))
    assert [e.raw for e in bib.entries] == TEXTS


def test_numbers_ending_a_few_entries_or_past_the_last_page_stay() -> None:
    # Only where most entries end so, in pages of the document in order, are they pages.
    few = [Entry(raw=t) for t in ("A. Ada. Tables. Pretend Press, 1991. 312", *TEXTS[:3])]
    assert [e.raw for e in without_back_references(few, 400)] == [e.raw for e in few]
    ends = ("40", "2, 40", "9", "12")
    listed = [Entry(raw=f"{t} {n}") for t, n in zip(TEXTS, ends, strict=True)]
    assert [e.raw for e in without_back_references(listed, 10)] == [e.raw for e in listed]
    ends = ("4", "4, 2", "9, 3", "1")
    falling = [Entry(raw=f"{t} {n}") for t, n in zip(TEXTS, ends, strict=True)]
    assert [e.raw for e in without_back_references(falling, 10)][1:3] == [
        e.raw for e in falling[1:3]
    ]
    physics = [Entry(raw=t) for t in ("A. Ada, J. Chem. Phys. 12, 345", "B. Bell, Phys. Lett. 3, 7",
                                      "C. Cox, Nucl. Phys. 5, 99")]  # fmt: skip
    assert [e.raw for e in without_back_references(physics, 400)] == [e.raw for e in physics]
