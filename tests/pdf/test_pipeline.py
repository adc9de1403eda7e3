"""Choosing among the lists a document holds (issue 22): the judge of what reads as
references decides between headings and between two readings of one list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from refmanager.model import Entry
from refmanager.pdf import read_bibliography
from tests.pdf.pdfbuild import Text, column, write_pdf
from tests.pdf.test_read import BODY

ENTRIES = [
    "[1] A. Writer, Notes on setting theses, May 2001, file notes.pdf, on the web.",
    "[2] B. Maker, Links in documents: a package, June 1997, file links.pdf.",
    "[3] C. Reader, Reading and navigation in files, paper at a meeting, 1999.",
    "[4] D. Author, A book about typesetting, 2nd edition, Some Press, 2003.",
]
# A manual's section about the bibliography code it defines, after the list it printed.
CODE_SECTION = [
    "The listing environment calls for an inner command, which takes care of the",
    "heading, the bookmark and the spacing between the items of the list.",
    "1035 \\newenvironment{thelisting}[1]{%",
    "1036 \\innerlisting \\list{\\itemlabel{\\arabic\\c@item}}%",
    "1037 {\\settowidth\\labelwidth{\\itemlabel{#1}}%",
    "\\innerlisting The spacing within items is single; between items, itemsep applies.",
    "1053 \\newcommand\\innerlisting{% \\renewcommand\\chapter{\\@gobble}%",
]


def _dated(entries: list[Entry]) -> int:
    """A judge: the whole entries that carry a year read as references."""
    return sum(1 for e in entries if not e.fragment and re.search(r"\b(?:19|20)\d\d\b", e.raw))


def _manual(path: Path) -> Path:
    pages = [column(72, 780, BODY * 25)]
    pages.append(
        [*column(72, 780, BODY * 4), Text(72, 690, "References", 13, "F3"),
         *column(72, 670, ENTRIES, leading=16), Text(72, 580, "8 The program", 13, "F3"),
         *column(72, 560, CODE_SECTION[2:5])]
    )  # fmt: skip
    pages.append([*column(72, 780, CODE_SECTION * 3)])
    pages.append([Text(72, 780, "8.17 Bibliography", 13, "F3"), *column(72, 760, CODE_SECTION)])
    return write_pdf(path, pages)


def test_the_list_under_an_earlier_heading_when_the_last_heads_none(tmp_path: Path) -> None:
    bib = read_bibliography(_manual(tmp_path / "manual.pdf"), judge=_dated)
    assert [e.label for e in bib.entries] == ["1", "2", "3", "4"]
    assert bib.entries[0].raw == ENTRIES[0]
    assert all(loc.page == 2 for e in bib.entries for loc in e.locations)


def test_without_a_judge_the_heading_nearest_the_end_stands(tmp_path: Path) -> None:
    bib = read_bibliography(_manual(tmp_path / "manual.pdf"))
    assert all(loc.page == 4 for e in bib.entries for loc in e.locations)


def test_an_earlier_heading_that_heads_nothing_like_references_is_not_taken(
    tmp_path: Path,
) -> None:
    pages = [
        [*column(72, 780, BODY * 4), Text(72, 690, "2.1 References", 13, "F3"),
         *column(72, 670, CODE_SECTION)],
        [Text(72, 780, "8.17 Bibliography", 13, "F3"), *column(72, 760, CODE_SECTION)],
    ]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "doc.pdf", pages), judge=_dated)
    # Nothing reads as references anywhere: the heading nearest the end stands.
    assert all(loc.page == 2 for e in bib.entries for loc in e.locations)


def test_the_rules_reading_stands_where_the_models_does_not_read_as_references(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.pdf import pipeline

    page = [*column(72, 780, BODY), Text(72, 740, "References", 13, "F3"),
            *column(72, 720, ENTRIES, leading=16)]  # fmt: skip
    pdf = write_pdf(tmp_path / "annotated.pdf", [page])
    # The model's reading finds wholesale more "entries": the changelog after the list.
    changelog = [Entry(raw=f"General: maintenance release {k}. Fixed a bug.") for k in range(12)]
    monkeypatch.setattr(pipeline, "_combined_entries", lambda *_, **__: ([], changelog, ""))
    assert len(read_bibliography(pdf).entries) == 12  # without a judge, as before
    bib = read_bibliography(pdf, judge=_dated)
    assert [e.raw for e in bib.entries] == ENTRIES


def test_one_paragraph_that_reads_as_a_reference_under_an_earlier_heading_is_no_list(
    tmp_path: Path,
) -> None:
    prose = [
        "Citations to other works should appear in the references at the end; since",
        "2019 every work with a DOI must be linked to it, whatever the style used.",
    ]
    pages = [
        [*column(72, 780, BODY * 4), Text(72, 690, "2.9 References", 13, "F3"),
         *column(72, 670, prose)],
        [Text(72, 780, "8.17 Bibliography", 13, "F3"), *column(72, 760, CODE_SECTION)],
    ]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "doc.pdf", pages), judge=_dated)
    assert all(loc.page == 2 for e in bib.entries for loc in e.locations)


def test_a_glossarys_label_repeated_on_its_page_does_not_use_up_the_earlier_headings(
    tmp_path: Path,
) -> None:
    # A glossary after the list prints a bold "Sources:" under each of its symbols, four
    # to a page: the labels on the page of one that headed no list are not tried again,
    # and the list under "Bibliography" is found (sweep9).
    def symbols(first: int) -> list[Text]:
        out: list[Text] = []
        for k in range(4):
            y = 760 - 150 * k
            out += [
                Text(72, y, f"Barred letter {first + k}   Usage: a close central vowel", 10),
                Text(90, y - 14, f"Input: the macro number {first + k} of the font", 10),
                Text(90, y - 28, "Sources:", 10, "F3"),
                Text(90, y - 42, "A note on the shape of the letter and its use in print.", 10),
            ]
        return out

    entries = [
        "Arden, A. (1994). Symbols for sounds. Journal of Made-up Phonetics, 3(1), 1-9.",
        "Brandt, B. (1999). A guide to the letters. Invented Press, London.",
        "Clarke, C. (2003). Codes for the symbols of speech. Annals of Sounds, 7, 20-31.",
    ]
    pages = [
        column(72, 780, BODY * 25),
        [Text(72, 780, "Bibliography", 14, "F3"), *column(72, 750, entries, leading=16)],
        symbols(1),
        symbols(5),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "glossary.pdf", pages), judge=_dated)
    assert [e.raw for e in bib.entries] == entries


def test_a_heading_repeated_on_other_pages_does_not_use_up_the_earlier_headings(
    tmp_path: Path,
) -> None:
    # A reference manual after the list: each of four classes ends its title on a line of
    # its own, "Reference", set as a heading, over its members (sweep11: a Doxygen
    # manual's print version, without bookmarks). Each reading under one heads no list;
    # the repeated label uses up none of the three tries, and the list under "1.16
    # Bibliography" before them is found.
    def members(n: int) -> list[Text]:
        top = 700 - 60 * n  # the class's title stands below the last one's members
        return [
            *column(72, 780, [f"Box{n - 1}& operator+=(const Box{n - 1}& y) adds y to this"
                              f" box. Member {k} of the class." for k in range(6 * (n > 1))]),
            Text(72, top, f"Parma_Polyhedra_Library::Box{n} Class Template", 14, "F3"),
            Text(72, top - 18, "Reference", 14, "F3"),
            *column(72, top - 50, [f"Box{n}& operator=(const Box{n}& y) assigns y to this"
                                   f" box. Member {k} of the class." for k in range(8)]),
        ]  # fmt: skip

    entries = [
        "[Arden94] A. Arden. Symbols for sounds. Journal of Made-up Polyhedra, 3(1):1-9, 1994.",
        "[Brandt99] B. Brandt. A guide to the boxes. Invented Press, London, 1999.",
        "[Clarke03] C. Clarke. Codes for the cones. Annals of Shapes, 7:20-31, 2003.",
    ]
    pages = [
        column(72, 780, BODY * 25),
        [Text(72, 780, "1.16 Bibliography", 14, "F3"), *column(72, 750, entries, leading=16)],
        *[members(n) for n in range(1, 6)],
    ]
    bib = read_bibliography(write_pdf(tmp_path / "manual.pdf", pages), judge=_dated)
    assert [e.raw for e in bib.entries] == entries
