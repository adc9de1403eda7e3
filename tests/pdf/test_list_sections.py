"""The list ends where the document's next section starts: a heading of the list's own rank,
a contents list numbered in another form (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography, zones
from tests.pdf.pdfbuild import Text, column, write_pdf

BODY = [
    "This manual describes the options of the class and the commands it offers to authors.",
    "Each option is set in the preamble; the commands may be used anywhere in the text.",
]
ENTRY = [
    "[1] Association of Typesetters. Letter of the Typesetters. The group of users of",
    "  typesetting systems and their companion programs. url: https://example.org/",
    "  -Letter-of-the-Typesetters-.",
]
WARNINGS = [
    f"{n} {text} . . . . . . . . . . . . . . . ."
    for n, text in enumerate(
        [
            "Recent engine and UTF-8 required",
            "Options of the class: not as optional argument",
            "Title and author before and after the document",
            "The command maketitle is not to be used",
            "Importing files of articles",
            "Commands not all welcome in the title",
            "Missing key of the euro symbol",
            "Examples of code with results: possibly floating",
        ],
        start=1,
    )
]


def test_a_contents_list_numbered_in_another_form_does_not_continue_the_list(
    tmp_path: Path,
) -> None:
    # One entry labelled "[1]" at the foot of a page; atop the next, an appendix's table
    # of warnings, its heading set apart at the page's edge, its lines numbered "1 ",
    # "2 ": the list's numbering does not go on in them, so the heading ends the list.
    page1 = [*column(72, 780, BODY * 12), Text(40, 200, "A References", 17, "F3"),
             *column(90, 170, ENTRY, indent=16, leading=13.5), Text(40, 30, "32", 10)]  # fmt: skip
    page2 = [Text(40, 800, "A Table of Warnings", 17, "F3"),
             *column(100, 770, WARNINGS, leading=13.5), Text(500, 30, "33", 10)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "manual.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries] == [
        "[1] Association of Typesetters. Letter of the Typesetters. The group of users of "
        "typesetting systems and their companion programs. url: https://example.org/"
        "-Letter-of-the-Typesetters-."
    ]


NAMES = [
    *("L. Lamport", "D. E. Knuth", "M. Goossens", "K. Reckdahl", "K. H. Rose", "J. D. Hobby"),
    *("A. Hoenig", "U. Oswald", "T. Tantau", "R. Schopf", "V. Volovich", "G. Williams"),
]
REFS = [
    f"[{n}] {name}. A study of typesetting, part {n}. Journal of Typesetting, "
    f"{n + 3}({n}):{10 * n}-{10 * n + 9}, {1990 + n}."
    for n, name in enumerate(NAMES, start=1)
]
WORDS_B = ["geometry", "graphicx", "headings", "layout", "makeidx", "picture"]
GLOSSARY = [
    f"{w}, {i + 12} {WORDS_B[i % 6]}, {3 * i + 40} {WORDS_B[(i + 2) % 6]}, {i + 71}, {i + 90}"
    for i, w in enumerate(["aux", "cls", "dtx", "dvi", "eps", "idx", "ilg", "ind", "log", "sty"])
]


def test_a_heading_as_large_as_the_lists_own_ends_it_for_the_line_model_too(
    tmp_path: Path,
) -> None:
    # A footnote at the foot of the list's first page, set at the column's left, ends the
    # rules' reading of the list there, and the line model's reading of all its entries
    # is taken. After the list, the next chapter's heading ("Glossary", no end heading's
    # word) in the type of the list's own heading: nothing after it is the list's, for the
    # model either.
    note = "1 Translated as: M. Goossens and F. Mittelbach, The companion, Mir, 1999, 552 pages."
    page1 = [*column(72, 780, BODY * 8), Text(72, 560, "Bibliography", 24.8, "F3"),
             *column(72, 520, REFS[:3], leading=20), Text(60, 440, note, 9)]  # fmt: skip
    page2 = [*column(72, 780, REFS[3:], leading=20), Text(72, 560, "Glossary", 24.8, "F3"),
             *column(72, 520, GLOSSARY, leading=13)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "book.pdf", [page1, page2]))
    raws = [e.raw for e in bib.entries]
    assert [r.split("]")[0] for r in raws] == [f"[{n}" for n in range(1, 13)]
    assert raws[-1] == REFS[-1]  # the glossary's lines are not read into it


DOC_BEFORE = [
    "Hyndman and Fan (1996) recommend method 8. Maxima, S, and R (versions prior to",
    "2.0.0) use 7 as their default. Minitab and SPSS use method 6.",
]
BULLETS = [
    "\u2022 Becker, R. A., Chambers, J. M. and Wilks, A. R. (1988) The New S Language.",
    "  Wadsworth & Brooks/Cole.",
    "\u2022 Hyndman, R. J. and Fan, Y. (1996) Sample quantiles in statistical packages,",
    "  American Statistician, 50, 361-365.",
    "\u2022 R: A Language and Environment for Statistical Computing; https://cran.",
    "  r-project.org/doc/manuals/fullrefman.pdf.",
]
DOC_AFTER = [
    "x = randi (1000, [10, 1]); # Create empirical data in range 1-1000",
    "q = quantile (x, [0, 1]); # Return minimum, maximum of distribution",
    "See also: [prctile], page 765.",
]
NEXT_FUNCTION = [
    "For a sample x, compute the quantiles, q, corresponding to the cumulative probability",
    "values, p, in percent. If x is a matrix, compute the percentiles for each column and",
    "return them in a matrix, such that the i-th row of q contains the p(i)th percentiles.",
    "See also: [quantile], page 764, [median], page 758, [mean], page 757 (Chapter 26).",
]


def test_a_run_in_heading_set_as_the_lists_own_ends_it(tmp_path: Path) -> None:
    # A function's documentation (Texinfo, R's manuals): "References:" is a line in the
    # text's type, and so is "Examples:" after its three entries. The documentation's next
    # part starts there: its code, its "See also" and the next functions were read into
    # the list, for pages.
    page = [
        *column(100, 700, DOC_BEFORE),
        Text(100, 660, "References:"),
        *column(108, 640, BULLETS, indent=10),
        Text(100, 560, "Examples:"),
        *column(118, 540, DOC_AFTER, size=9),
        Text(72, 490, "q = prctile (x, p)", 12),
        *column(100, 470, NEXT_FUNCTION),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "manual.pdf", [page]))
    raws = [e.raw for e in bib.entries]
    assert len(raws) == 3
    assert raws[-1].endswith("https://cran.r-project.org/doc/manuals/fullrefman.pdf.")


KEYED = [
    f"[{key}] {name}. A study of groups, part {n}. Journal of Algebra, {n + 3}:{10 * n}-"
    f"{10 * n + 9}, {1990 + n}."
    for n, (key, name) in enumerate(
        [("Ada91", "A. Ada"), ("Bel92", "B. Bell"), ("Cox93", "C. Cox"), ("Dow94", "D. Dow")],
        start=1,
    )
]


def test_nothing_on_the_page_a_chapter_title_opens_is_the_lists(tmp_path: Path) -> None:
    # The list ends on its page; the next page opens the index, its title set large at the
    # page's top right, its first paragraph running across the two columns of the index
    # below. Read column by column, the paragraph's first line, left of the columns' gap,
    # comes before the title: it is the index's, not the last entry's.
    page1 = [*column(72, 780, BODY * 10), Text(320, 520, "Bibliography", 36, "F3"),
             *column(72, 480, KEYED, leading=16.0)]  # fmt: skip
    left = [f"Entry{i} word, {i}" for i in range(12)]
    right = [f"Item{i} name, {i}" for i in range(12)]
    page2 = [Text(445, 744, "Index", 36, "F3"),
             Text(72, 688, "This index covers only this manual. A page"),
             Text(312, 688, "italics refers to a whole section which is devoted to the"),
             Text(72, 676, "indexed subject. Keywords are sorted with case and spaces ignored."),
             *column(72, 640, left), *column(311, 640, right)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "manual.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries] == KEYED


def test_a_numbered_section_heading_little_larger_than_the_list_ends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A vignette's numbered list, then its next subsection ("4.8 Changes"), set in 12 pt
    # over the list's 10 pt, in the regular weight (its Type 3 fonts name no weight): the
    # version notes under it are not the last entry's, in the rules' reading (the line
    # model's is taken where it finds wholesale more entries) nor in the model's.
    changes = [
        "Version 1.0.1. Item-consensus calculation was corrected. Consensus matrix heat",
        "  maps are now guaranteed to correspond to the scale of the plot.",
        "Version 1.5.1. Version 1.0.1 changes were incorporated into the next release, and",
        "  the older release was kept apart from the one after it.",
    ]
    page = [*column(72, 780, BODY * 12), Text(72, 480, "References", 14.3),
            *column(72, 460, REFS[:5], leading=16.0),
            Text(72, 370, "4.8 Changes", 12),
            *column(82, 350, changes, indent=10, leading=12.0)]  # fmt: skip
    path = write_pdf(tmp_path / "vignette.pdf", [page])
    assert [e.raw for e in read_bibliography(path).entries] == REFS[:5]
    monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    assert [e.raw for e in read_bibliography(path).entries] == REFS[:5]


def test_a_numbered_section_heading_the_numbering_goes_on_under_stays_in_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A style's examples, grouped under numbered sections, numbered on through them: the
    # last entry before "4.2 Online" has a line opening with a number of its own ("1.
    # Access mode: ..."), and the numbering goes on from the entry's label, not from it.
    dotted = [f"{n}. {r[len(f'[{n}] ') :]}" for n, r in enumerate(REFS[:5], start=1)]
    third = [
        "3. M. Goossens. Results of accelerated tests of typesetting machines in flight : Rep.",
        "  NACA-RM-L8A05A / Research Center ; executor: A. Drake, B. Huber. Edwards, CA : 1948.",
        "  1. Access mode: http://www.example.org/reports/l8a05a.pdf.",
    ]
    page = [*column(72, 780, BODY * 12), Text(72, 480, "References", 14.3),
            *column(72, 460, [*dotted[:2], *third], indent=10, leading=14.0),
            Text(72, 380, "4.2 Online", 12),
            *column(72, 360, dotted[3:], leading=14.0)]  # fmt: skip
    monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    entries = read_bibliography(write_pdf(tmp_path / "styles.pdf", [page])).entries
    assert [e.label for e in entries] == ["1", "2", "3", "4", "5"]


def test_the_next_numbered_heading_set_as_the_lists_own_ends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A class's documentation: its section "4.2 References" (about the bibliography's
    # commands), then "4.3 Índice" set as it is, in whatever language: what follows (a
    # history of versions, dated like entries) is no part of the list.
    history = [
        f"{n}. {1995 + n}/0{n}/1{n} classes.dtx v1.{n}: Layout of the {w} changed, as asked."
        for n, w in enumerate(["title", "index", "footnote", "margin", "heading"], start=1)
    ]
    page = [*column(72, 780, BODY * 12), Text(72, 480, "4.2 References", 12, "F3"),
            *column(72, 460, REFS[:3], leading=14.0),
            Text(72, 400, "4.3 \u00cdndice", 12, "F3"),
            *column(72, 380, history, leading=14.0)]  # fmt: skip
    path = write_pdf(tmp_path / "classes.pdf", [page])
    assert [e.raw for e in read_bibliography(path).entries] == REFS[:3]
    monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    assert [e.raw for e in read_bibliography(path).entries] == REFS[:3]


def test_a_first_entry_under_a_heading_at_the_foot_of_a_page_of_code_is_no_footer(
    tmp_path: Path,
) -> None:
    # A page of code set small, the heading at its foot and the list's first line under
    # it in the body's larger type: that line starts the list, it is no footer (sweep9).
    code = [f"  fit <- model(data, k = {k}, scale = TRUE)   # step {k}" for k in range(50)]
    prose = ["The method projects samples onto an axis and the tables summarise the sets."]
    title = "Local fits of grouped samples."
    pages = [
        column(72, 780, prose * 50, size=11, leading=14),
        [*column(72, 780, code, size=8, leading=9), Text(250, 132, "References", 14, "F3"),
         Text(72, 99, f"Arden A, Brandt B (1996). {title} Chapman & Hal-", 11)],
        [Text(90, 722, "l/CRC, Boca Raton. ISBN 0412983214.", 11),
         Text(250, 671, "List of Tables", 14, "F3"),
         Text(97, 647, "1    kernels . . . . . . . . . . . . . . . . . . . . . . 2", 11)],
    ]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "code.pdf", pages))
    assert [e.raw for e in bib.entries] == [
        "Arden A, Brandt B (1996). Local fits of grouped samples. Chapman & Hall/CRC, Boca "
        "Raton. ISBN 0412983214."
    ]


KEYED_ENTRIES = [
    "adams87 Adams, J. and Baker, S. Text to speech: the first system, Cambridge",
    "  University Press, 1987.",
    "baker94 Baker, A. and Clark, P. A generic speech synthesis system, Proceedings of",
    "  COLING-94, Kyoto, Japan, 1994.",
    "clark96 Clark, A. and Davis, A. Generating contours from labels using linear",
    "  regression, ICSLP96, vol. 3, pp. 1385-1388, Philadelphia, 1996.",
]
CHAPTER_PROSE = [
    "This chapter lists the basic feature functions, introduced in version 1.3.1 (1998) and",
    "described by Adams and Baker (1987), pp. 12-34, and Clark (1996), vol. 3, pp. 45-67.",
    "ANY.addr Returned by popular demand, the address of the item, unique in 1999 and 2001.",
    "ANY.lisp_* Apply the Lisp function named after it, as in Davis, J. (2003), Proc. 4, 5-9.",
    "Segment.pos_in_syl Finds the position in a syllable, as Evans, K. (2005), J. Sp. 2, 3-4.",
    "Segment.ph_* Access phoneset features, after Fox, L. (2007), Speech Comm. 9, 453-467.",
]


def test_a_chapter_title_atop_the_next_page_ends_the_list(tmp_path: Path) -> None:
    # Texinfo sets each chapter's title atop its page, under the page number, in other
    # type and with a wide gap below: as a running head is set, so it was taken for page
    # furniture and the next chapter ("32 Feature functions") was read into the list.
    page1 = [Text(520, 790, "151", 10.9), Text(72, 740, "31 References", 17.2, "F3"),
             *column(72, 710, KEYED_ENTRIES, indent=60, leading=13)]  # fmt: skip
    page2 = [Text(520, 790, "152", 10.9), Text(72, 740, "32 Feature functions", 17.2, "F3"),
             *column(72, 711, CHAPTER_PROSE * 5, leading=13)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "chapters.pdf", [page1, page2]))
    raws = [e.raw for e in bib.entries]
    assert len(raws) == 3
    assert raws[-1].endswith("Philadelphia, 1996.")


ARGUMENTS = [
    "comm1: the membership vector of the first community structure, as in Newman, M. (2004)",
    "comm2: the membership vector of the second one, as defined by Girvan, M. (2002), p. 7",
    "distance12: pointer to an integer, the projection distance of the first structure,",
    "  from Rand, W. (1971), J. Am. Stat. Assoc. 66, 846-850, will be returned here.",
    "distance21: pointer to an integer, the distance of the second structure from the",
    "  first, after Hubert, L. and Arabie, P. (1985), J. Classif. 2, 193-218.",
]


def test_the_next_run_in_heading_set_in_bold_or_a_little_aside_ends_the_list(
    tmp_path: Path,
) -> None:
    # A function's documentation: "Reference :" (a space before the colon, as French
    # typography and some manuals' macros set it, and so 3 pt right of the others) in the
    # text's face, then "Arguments:" in bold (Doxygen sets them so): the arguments were
    # read as entries.
    reference = [
        "Dongen, S. van: Performance criteria for graph clustering and Markov cluster",
        "  experiments. Technical Report INS-R0012, National Research Institute for",
        "  Mathematics and Computer Science in the Netherlands, Amsterdam, May 2000.",
    ]
    page = [
        *column(100, 760, DOC_BEFORE),
        Text(103, 700, "Reference :"),
        *column(100, 680, reference, indent=10),
        Text(100, 630, "Arguments:", 10, "F3"),
        *column(100, 610, ARGUMENTS, indent=80),
        Text(100, 520, "Returns:", 10, "F3"),
        Text(110, 505, "Error code."),
        *column(100, 480, NEXT_FUNCTION),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "function.pdf", [page]))
    assert [e.raw for e in bib.entries] == [
        "Dongen, S. van: Performance criteria for graph clustering and Markov cluster "
        "experiments. Technical Report INS-R0012, National Research Institute for "
        "Mathematics and Computer Science in the Netherlands, Amsterdam, May 2000."
    ]


BOLD_TITLED = [
    ("1. GRIDS-2014, Universal Grids and Grid Reference Systems, v2.0.0,", "28 February 2014."),
    ("2. UTMUPS-2014, The Universal Grids and the Transverse Mercator Map", "Projections, 2014."),
    ("3. STANAG 2211, Geodetic Datums, Ellipsoids, Grids and Grid References,", "2001."),
    ("4. TEC-SR-7, Handbook for Transformation of Datums, Projections, Grids",
     "and Systems, 1996."),
]  # fmt: skip


def test_an_entry_whose_bold_title_fills_its_first_line_does_not_end_a_numbered_list(
    tmp_path: Path,
) -> None:
    # A numbered list whose entries set their titles in bold: a first line bold from its
    # label on looked like a bold numbered heading ("B.2 Setup") and ended the list after
    # the first entry; its number goes on with the list's, so it is the next entry.
    lines: list[Text] = []
    y = 700.0
    for first, rest in BOLD_TITLED:
        lines += [Text(90, y, first, 10, "F3"), Text(108, y - 14, rest)]
        y -= 34
    page = [*column(72, 780, BODY * 2), Text(72, 720, "6.2 BIBLIOGRAPHY", 10, "F3"), *lines]
    bib = read_bibliography(write_pdf(tmp_path / "bold.pdf", [page]))
    assert [e.raw for e in bib.entries] == [f"{a} {b}" for a, b in BOLD_TITLED]


def test_a_heading_that_ends_the_list_ends_the_models_reading_unless_it_names_references(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "A.1 Coordinate Reference Frames" after the list ends it: "Reference" qualifying
    # another word does not make it a heading of more references ("Supplementary
    # References"), so the line model reads no further either (its reading of the
    # appendix's lines had been taken, for wholesale more entries).
    from refmanager.model import Entry
    from refmanager.pdf import pipeline
    from refmanager.pdf.layout import Line

    entries = [f"{a} {b}" for a, b in BOLD_TITLED]
    appendix = [
        f"The frame number {k} of the survey of {1960 + k} and its datum." for k in range(20)
    ]
    frames = Text(72, 620, "A.1 Coordinate Reference Frames", 10, "F3")
    page = [*column(72, 780, BODY * 2), Text(72, 720, "6.2 BIBLIOGRAPHY", 10, "F3"),
            *column(90, 700, entries, leading=16), frames, *column(72, 600, appendix)]  # fmt: skip
    pdf = write_pdf(tmp_path / "frames.pdf", [page])

    def each_line(
        _pages: object, lines: list[Line], *_: object, **__: object
    ) -> tuple[list[Line], list[Entry], str]:
        return lines, [Entry(raw=ln.text) for ln in lines], ""

    monkeypatch.setattr(pipeline, "_combined_entries", each_line)
    assert [e.raw for e in read_bibliography(pdf).entries] == entries


def test_the_next_heading_hanging_as_the_lists_own_ends_it(tmp_path: Path) -> None:
    # A manual page: section headings in bold hang at the left ("REFERENCES", "SEE
    # ALSO", "NOTES"), their text indented. The next one ended nothing: its text was read
    # into the list's one entry, and the heading, left of the entry's lines, made them
    # its continuation lines (a fragment).
    see_also = [
        "mcxio(5), and mclfamily(7) for an overview of all the documentation and the",
        "utilities in the mcl family, first released in 2000, revised in 2012.",
    ]
    notes = ["This page was generated from the manual's macros, version 12-068 of 2012."]
    page = [
        Text(20, 780, "DESCRIPTION", 10.9, "F3"),
        *column(100, 768, BODY * 2),
        Text(20, 700, "REFERENCES", 10.9, "F3"),
        Text(100, 688, "[1] Ulrik Brandes, A Faster Algorithm for Betweenness Centrality."),
        Text(100, 676, "Journal of Mathematical Sociology 25(2): 163-177, (2001)."),
        Text(20, 659, "SEE ALSO", 10.9, "F3"),
        *column(100, 647, see_also),
        Text(20, 610, "NOTES", 10.9, "F3"),
        *column(100, 598, notes),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "manpage.pdf", [page]))
    assert [(e.raw, e.fragment) for e in bib.entries] == [
        (
            "[1] Ulrik Brandes, A Faster Algorithm for Betweenness Centrality. Journal of "
            "Mathematical Sociology 25(2): 163-177, (2001).",
            False,
        )
    ]
