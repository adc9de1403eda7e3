"""The list ends where the document's next section starts: a contents list numbered in
another form (issue 22)."""

from __future__ import annotations

from pathlib import Path

from refmanager.pdf import read_bibliography
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
