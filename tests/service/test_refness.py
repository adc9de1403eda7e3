"""Reference-ness: what does not read as a reference is no row, and extract says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.model import Entry
from refmanager.parse import parse_entries
from refmanager.service import refness
from refmanager.service.extract import extract_pdf
from tests.pdf.pdfbuild import Text, column, write_pdf
from tests.pdf.test_read import BODY

REFERENCES = [
    "[1] A. Author and B. Writer. A study of reading. Journal of Tests, 12(3):45-67, 2019.",
    "[2] C. Person. Another title about lists. In Proc. of Things, pages 1-9, 2020.",
    "[3] D. Someone, E. Other. The third paper. Transactions on Lists, 7:100-120, 2018.",
]
NON_ENTRIES = [
    "Figure 12: The distribution of the scores over all the runs of the experiment.",
    "\\newcommand{\\foo}[1]{\\textbf{#1}} % define the macro; \\foo{x} = y_{i}",
    "Department of Statistics, University of Somewhere, ana.lopez@example.org",
]


def _p(text: str) -> float:
    model = refness._model()
    assert model is not None
    [ref] = parse_entries([Entry(raw=text)])
    return refness.probability(ref, model.weights)


def test_references_read_as_references_and_captions_code_and_addresses_do_not() -> None:
    model = refness._model()
    assert model is not None
    for text in REFERENCES:
        assert _p(text) >= model.threshold, text
    for text in NON_ENTRIES:
        assert _p(text) < model.threshold, text


def test_keep_references_splits_off_what_is_dropped_and_says_so_in_one_line() -> None:
    refs = parse_entries([Entry(raw=t) for t in [*REFERENCES, NON_ENTRIES[0]]])
    kept, dropped = refness.keep_references(refs)
    assert [r.raw for r in kept] == REFERENCES
    note = refness.dropped_note(dropped)
    assert note.startswith("left out 1 entry that does not read as a reference")
    assert "Figure 12" in note and "\n" not in note
    assert refness.dropped_note([]) == ""
    assert refness.dropped_note(dropped * 2, kept=0).startswith(
        "no bibliography found (none of the 2 entries read reads as a reference; they are"
        " captions of figures or tables, such as 'Figure 12:"
    )


def test_a_row_without_a_letter_is_no_reference() -> None:
    # A matrix's rows read from an equation above the list: numbers, signs and the
    # pieces of its brackets (private-use glyphs), which pass the model's threshold.
    matrix = ["\uf8ec \uf8f7 \uf8ec 1 0 \u22121 0 0 \uf8f7 \uf8f7",
              "\uf8ec \uf8f7 \uf8ec 0 1 0 \u22121 0 \uf8f7 \uf8f8 0 0 1 \u22121 0"]  # fmt: skip
    model = refness._model()
    assert model is not None
    assert any(_p(t) >= model.threshold for t in matrix)
    refs = parse_entries([Entry(raw=t) for t in [*matrix, *REFERENCES]])
    kept, _ = refness.keep_references(refs)
    assert [r.raw for r in kept] == REFERENCES
    # The tail of an entry whose start is on the page before is no entry, and stays.
    tail = parse_entries([Entry(raw="57-86 (1986).", fragment=True), *map(Entry, REFERENCES)])
    assert refness.keep_references(tail)[0][0].raw == "57-86 (1986)."


INDEX_ROWS = [
    "Arrays, 12, 40, 311 binding, 7 Boxes, 52, 88, 90 cells, 14, 15",
    "* graphics arrows, 933 axis, 937 box, 948 contour, 960 grid, 976",
    "Dates, 134, 139, 416, 941 DateTimes, 38, 118, 135 Decimals, 62",
    "* models anova, 1412 glm, 1580 lm, 1620 loess, 1660 nls, 1702",
    "Encodings, 201, 244 Errors, 7, 9, 311 Events, 98, 99 Exports, 5",
    "* print format, 240 print, 431 summary, 612 toString, 640",
]


def test_an_index_without_dot_leaders_is_no_list() -> None:
    # An index printed without dot leaders, terms with their page numbers, read as a list
    # where no heading was found: its rows pass the model's threshold.
    refs = parse_entries([Entry(raw=t) for t in INDEX_ROWS])
    kept, dropped = refness.keep_references(refs)
    assert kept == [] and len(dropped) == len(INDEX_ROWS)
    note = refness.dropped_note(dropped, kept=0)
    assert note.startswith("no bibliography found (") and "page numbers" in note
    # A list whose last entry has an index's first line run into it stays a list.
    tail = REFERENCES[-1] + " " + INDEX_ROWS[0]
    kept, _ = refness.keep_references(parse_entries([Entry(raw=t) for t in
                                                     [*REFERENCES[:-1], tail]]))  # fmt: skip
    assert len(kept) == len(REFERENCES)


def test_without_a_model_every_entry_is_kept(tmp_path: Path) -> None:
    assert refness._model(tmp_path / "none.json") is None


def test_extract_leaves_a_caption_inside_the_list_out_and_notes_it(tmp_path: Path) -> None:
    rows = [*REFERENCES[:2], NON_ENTRIES[0], REFERENCES[2]]
    page = [*column(72, 780, BODY), Text(72, 740, "References", 13, "F3"),
            *column(72, 720, rows, leading=16)]  # fmt: skip
    result = extract_pdf(write_pdf(tmp_path / "cap.pdf", [page]))
    assert [r.raw for r in result.references] == REFERENCES
    assert any(n.startswith("left out 1 entry") for n in result.notes)


def test_the_import_worker_reports_what_it_left_out(tmp_path: Path) -> None:
    from refmanager.service.importing import read_pdf

    rows = [*REFERENCES, NON_ENTRIES[0]]
    page = [*column(72, 780, BODY), Text(72, 740, "References", 13, "F3"),
            *column(72, 720, rows, leading=16)]  # fmt: skip
    result = read_pdf(write_pdf(tmp_path / "w.pdf", [page]))
    assert len(result.references) == 3
    assert [n for n in result.notes if "left out" in n] == [
        "left out 1 entry that does not read as a reference (such as 'Figure 12: The"
        " distribution of the scores over all the ru...')"
    ]


# A table of contents set after the list (its heading lost as page furniture): each line
# alone may pass the threshold, together they are no part of the list.
CONTENTS = [
    "Introduction . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1",
    "Related work . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 3",
    "Experiments . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 7",
    "Acknowledgements . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 12",
    "References . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 12",
]


def test_the_list_ends_where_its_entries_stop_reading_as_references() -> None:
    model = refness._model()
    assert model is not None
    refs = parse_entries([Entry(raw=t) for t in [*REFERENCES, *CONTENTS]])
    # Some of the contents lines pass the threshold on the model's evidence alone (their
    # dot leaders aside) ...
    alone = [refness.score(model.weights, refness.features(r)) for r in refs[3:]]
    assert sum(p >= model.threshold for p in alone) >= 2
    kept, dropped = refness.keep_references(refs)
    # ... but not as a whole (nor, with their leaders, one by one).
    assert [r.raw for r in kept] == REFERENCES
    assert [r.raw for r in dropped] == CONTENTS
    assert refness.dropped_note(dropped, kept=len(kept)).startswith("left out 5 entries")


def test_tail_start_weighs_the_rows_after_the_last_sure_reference() -> None:
    labels = [""] * 8
    # Text after the list: rows that each pass 1/2 but together weigh against the list.
    assert refness.tail_start([0.99, 1.0, 0.98, 0.55, 0.6, 0.57, 0.2], labels[:7], 0.95) == 3
    # An isolated weak row inside the list is the threshold's to judge, not the end's.
    assert refness.tail_start([0.99, 0.2, 0.98, 0.1, 0.99], labels[:5], 0.95) == 5
    # The last two entries read less well than the rest: not enough to end the list.
    assert refness.tail_start([0.99, 1.0, 0.7, 0.7], labels[:4], 0.95) == 4
    # A single row after the list is never enough; nor is a list with no sure row.
    assert refness.tail_start([0.99, 0.01], labels[:2], 0.95) == 2
    assert refness.tail_start([0.6, 0.6, 0.6, 0.1], labels[:4], 0.95) == 4


def test_bare_entries_that_continue_the_numbering_stay_in_the_list() -> None:
    # "[9] A. Author ... 2001." then "[11] CTAN: macros/latex/contrib/..." (one lost).
    probs = [0.99, 1.0, 0.72, 0.72, 0.78, 0.84]
    numbered = ["8", "9", "11", "12", "13", "14"]
    assert refness.tail_start(probs, numbered, 0.95) == 6
    assert refness.tail_start(probs, ["8", "9", "30", "31", "32", "33"], 0.95) == 2


INDEX_LINES = [
    "\\parfillskip . . . . . . . . 463, 478, 497 \\parindent 43, 68, 395",
    "Lorem: an example entry in 2019 . . . . . . . . . . . . . . . 1996, 2013",
    "Chapter 2: Related work, 1998–2004 …………… 17",
]


def test_a_dot_leader_to_a_page_number_is_no_reference() -> None:
    # An index's or a table of contents' line: its page numbers read like years.
    model = refness._model()
    assert model is not None
    assert any(refness.score(model.weights, refness.features(r)) >= model.threshold
               for r in parse_entries([Entry(raw=t) for t in INDEX_LINES]))  # fmt: skip
    for text in INDEX_LINES:
        assert _p(text) == 0.0, text
    for text in REFERENCES:
        assert _p(text) > 0.5, text
    spaced = "G. Stein. Why ask . . . ? A study of dots. Journal of Marks, 3:1-9, 2001."
    assert _p(spaced) > 0.5


def test_a_drafts_note_to_self_is_no_reference() -> None:
    # A vignette printed from a draft: its author's reminder under the list's last entry.
    notes = [
        "FIXME: Index of all the functions named here . . .",
        "TODO: cite the 2019 paper of Adams in Journal of Tests, 12(3), 45-67.",
    ]
    for text in notes:
        assert _p(text) == 0.0, text
    for text in REFERENCES:
        assert _p(text) > 0.5, text


def test_a_note_under_the_heading_is_no_reference() -> None:
    note = "References marked with an asterisk indicate studies included in the analysis."
    entries = [
        "Adams, R. (2001). A study of reading. Journal of Tests, 12(3), 45-67.",
        "Baker, C. (2019). Another title about lists. Review of Things, 4, 1-9.",
        "Clark, D. (2018). The third paper. Transactions on Lists, 7, 100-120.",
    ]
    model = refness._model()
    assert model is not None
    assert _p(note) >= model.threshold  # it reads like a title on its own
    kept, dropped = refness.keep_references(parse_entries([Entry(raw=t) for t in [note, *entries]]))
    assert [r.raw for r in kept] == entries
    assert [r.raw for r in dropped] == [note]
    # An entry with no digit at all, first in a list, stays where it has no dated company
    # or says it has no date.
    for first, rest in [
        ("Richardson, P. Private communication.", ["Baker, C. Lists. Review of Things."] * 3),
        ("Anonymous. The book of lists. n.d.", entries),
    ]:
        refs = parse_entries([Entry(raw=t) for t in [first, *rest]])
        probs = [refness.probability(r, model.weights) for r in refs]
        assert not refness.head_note(refs, probs), first


def test_a_refusal_says_the_rows_are_an_index_where_they_have_dot_leaders() -> None:
    rows = [f"\\@macro{k}. . . . . . . . . . . {10 + k}, {40 + k}" for k in range(4)]
    refs = parse_entries([Entry(raw=t) for t in rows])
    kept, dropped = refness.keep_references(refs)
    assert not kept
    note = refness.dropped_note(dropped, kept=0, heading="'References' on page 3")
    assert note.startswith(
        "no bibliography found (none of the 4 entries read under the heading 'References' on"
        " page 3 reads as a reference; they are an index or a table of contents, with dot"
        " leaders to page numbers, such as"
    )


def test_a_refusal_says_the_rows_are_prose_where_they_are_sentences() -> None:
    rows = [
        "The references style is based on the default style but is modified in many ways.",
        "If in doubt, read the example file as it is commented and you can learn from it.",
    ]
    dropped = parse_entries([Entry(raw=t) for t in rows])
    note = refness.dropped_note(dropped, kept=0)
    assert "reads as a reference; they are prose, such as 'The references style" in note


OPTIONS = [
    "With this option the class tries to print a list of works at the end of the document.",
    "This option suits documents that cite in footnotes only and print no list of works at the "
    "end.",
    "color=⟨name⟩ sets the colour of the frame around the box; the default is black.",
    "width=⟨length⟩ sets the width of the box; by default it is the width of the text.",
    "style=⟨name⟩ chooses one of the three styles of the package, see section 3.",
]


def test_a_few_rows_that_only_just_pass_among_many_that_do_not_are_no_list() -> None:
    # A manual's section headed "Bibliography" documents its options: one sentence passes
    # the threshold (set for a list's candidates, 95% of them references) on its own.
    model = refness._model()
    assert model is not None
    refs = parse_entries([Entry(raw=t) for t in OPTIONS])
    probs = [refness.probability(r, model.weights) for r in refs]
    assert [p >= model.threshold for p in probs] == [False, True, False, False, False]
    kept, dropped = refness.keep_references(refs)
    assert kept == []
    assert [r.raw for r in dropped] == OPTIONS
    note = refness.dropped_note(dropped, kept=0, heading="'4.1 Bibliography' on page 8")
    assert note.startswith(
        "no bibliography found (only 1 of the 5 entries read under the heading "
        "'4.1 Bibliography' on page 8 read as a reference, none beyond doubt"
    )


def test_rows_that_pass_are_a_list_where_one_is_sure_or_they_are_the_more() -> None:
    assert refness.outweighed([0.57], 4)
    assert refness.outweighed([0.6, 0.85], 3)
    assert not refness.outweighed([0.57, 0.95], 9)  # one reads as a reference beyond doubt
    assert not refness.outweighed([0.6, 0.7, 0.8], 3)  # as many pass as do not
    assert not refness.outweighed([], 5)


NUMBERED_OPTIONS = [
    "7. PAGE RANGE DASH: e: dash-en (En dash between page numbers);",
    "8. SERIES NAME FONT: i: ser-it (Series name in italics);",
    "9. CHAPTER NUMBER: c: chap-n (Chapter number after the title);",
    "10. MONTH NAMES: a: mon-abr (Abbreviated month names);",
    "11. VOLUME FONT: b: vol-bf (Volume in bold);",
    "12. DOI ADDRESS: y: doi-link (DOI as a link at the end);",
]


def test_numbered_options_without_a_year_are_no_list() -> None:
    # A style's manual numbers its options under "Bibliography": most pass the threshold
    # on their own, none beyond doubt or one at most, and none carries a year.
    refs = parse_entries([Entry(raw=t, label=t.split(".")[0]) for t in NUMBERED_OPTIONS])
    kept, dropped = refness.keep_references(refs)
    assert kept == []
    assert len(dropped) == 6
    note = refness.dropped_note(dropped, kept=0, heading="'Bibliography' on page 3")
    assert "nearly all only just, and hardly any entry carries a year" in note
    assert note.startswith("no bibliography found (only 5 of the 6 entries read under")


def test_a_note_says_all_entries_read_as_references_where_all_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A list every entry of which passes on its own, and is no list all the same: the
    # note said "only 8 of the 8 entries".
    refs = parse_entries([Entry(raw=t, label=t.split(".")[0]) for t in NUMBERED_OPTIONS])
    monkeypatch.setattr(refness, "_passed", lambda rows: (len(rows), "nearly all only just"))
    note = refness.dropped_note(refs, kept=0, heading="'Bibliography' on page 3")
    assert note.startswith(
        "no bibliography found (all 6 entries read under the heading 'Bibliography' on page 3 "
        "read as references, but nearly all only just, such as '7. PAGE RANGE"
    )


def test_an_undated_list_is_a_list_where_its_rows_read_as_references_beyond_doubt() -> None:
    assert refness.undated(["a", "b", "c", "d"], [0.6, 0.7, 0.8])
    assert not refness.undated(["a", "b", "c", "d"], [0.95, 0.97, 0.8])  # most beyond doubt
    # a thesis's undated list of handbooks: two of seven beyond doubt, the rest close to it
    undated_list = [0.93, 0.89, 0.86, 0.84, 0.92, 0.90, 0.89]
    assert not refness.undated([f"item {i}" for i in range(7)], undated_list)
    assert not refness.undated(["a 2001", "b", "c", "d"], [0.6, 0.7, 0.8])  # a quarter dated
    assert not refness.undated(["a", "b", "c"], [0.6, 0.7, 0.8])  # too short to tell


FEATURE_NOTES = [
    "Arguably, setting such fractions in text style gives a more even look: 1 2 x + y 2 6 4",
    "\\boldmath The feature bold overrides the font commands \\bfseries and \\normalfont to "
    "switch the math fonts too.",
    "The package is related to other packages on the archive: This package uses the package "
    "keyval to process its options. It was tested with v1.15 (2014/10/28).",
    "This package was designed to work with the package amsmath, which it must follow. It was "
    "tested with v2.17a (2017/09/02).",
    "This package does what the package fixmath v0.9 (2000/04/11) did, in a newer way. v1.01: "
    "2018/12/30",
]
AUTHOR_YEAR = [
    "Adams, A. (2001). A first title. Journal A, 3(2), 10-20.",
    "Brown, B. and Clark, C. (2002). A second title. Journal B, 4, 1-9.",
    "R Core Team (2020). R: A language and environment for statistical computing. Vienna.",
]


def test_a_list_without_a_heading_or_labels_whose_rows_name_no_author_is_no_list() -> None:
    notes = parse_entries([Entry(raw=t) for t in FEATURE_NOTES])
    assert sum(1 for r in notes if r.author) < len(notes) / 3
    assert refness.authorless(notes)
    assert not refness.authorless(parse_entries([Entry(raw=t) for t in AUTHOR_YEAR]))
    labelled = parse_entries([Entry(raw=f"[{n}] {t}", label=str(n)) for n, t in
                              enumerate(FEATURE_NOTES, start=1)])  # fmt: skip
    assert not refness.authorless(labelled)  # a numbering says they are a list
    # R's output, every block of it opening with "[1]": no numbering runs through it
    output = parse_entries([Entry(raw=f'[1] "2010-08-0{n} CEST" R> obj[{n}:3,]', label="1")
                            for n in range(1, 7)])  # fmt: skip
    assert refness.authorless(output)


def test_a_numbered_list_without_a_heading_none_of_whose_rows_names_an_author_is_no_list() -> None:
    # A manual's numbered remarks and changes read without a heading (made-up): a numbering
    # runs through them, and no row names an author.
    remarks = [
        "The \\step command cannot be given a label with \\label.",
        "Version 0.3 fixes the problem with boxes on the edge introduced in version 0.2.",
        "December 6, 2008: defined a new macro \\setmiddle, made active after subscripts.",
        "The examples were requested at a meeting (16.09.2003) and implemented at 01.10.2003.",
    ]
    rows = parse_entries([Entry(raw=f"{n}. {t}", label=str(n)) for n, t in
                          enumerate(remarks, start=1)])  # fmt: skip
    assert not any(r.author for r in rows)
    assert refness.authorless(rows)
    # One row naming an author in a numbered list keeps it: real numbered lists name one
    # in half their entries or more.
    works = parse_entries([Entry(raw=f"{n}. {t}", label=str(n)) for n, t in
                           enumerate([*remarks[:3], AUTHOR_YEAR[0]], start=1)])  # fmt: skip
    assert not refness.authorless(works)


def test_one_label_is_no_numbering_and_rows_a_third_of_which_name_authors_no_list() -> None:
    # A FAQ's last pages read without a heading: one question opens "6. ", the rows after
    # it are code and its output. One label among rows without runs no numbering.
    rows = [Entry(raw="6. " + FEATURE_NOTES[0], label="6"),
            *(Entry(raw=t) for t in FEATURE_NOTES[1:])]  # fmt: skip
    assert refness.authorless(parse_entries(rows))
    # A section's prose read as a row that names an author, among two that do not: real
    # lists read without a heading or labels name one in 60% of their entries or more.
    mixed = parse_entries([Entry(raw=t) for t in [AUTHOR_YEAR[0], *FEATURE_NOTES[1:3]]])
    assert sum(1 for r in mixed if r.author) == 1
    assert refness.authorless(mixed)
    # Two of three naming authors stay a list.
    assert not refness.authorless(
        parse_entries([Entry(raw=t) for t in [*AUTHOR_YEAR[:2], FEATURE_NOTES[0]]])
    )


def test_extract_gives_no_rows_for_a_headless_unlabelled_list_without_authors(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import refmanager.pdf
    from refmanager.pdf.pipeline import Bibliography

    heading = ""

    def read(path: object, **kwargs: object) -> Bibliography:
        assert path and kwargs
        return Bibliography(entries=[Entry(raw=t) for t in FEATURE_NOTES], heading=heading)

    monkeypatch.setattr(refmanager.pdf, "read_bibliography", read)
    result = extract_pdf(tmp_path / "manual.pdf")
    assert result.references == []
    [note] = result.notes
    assert note.startswith("no bibliography found (")
    assert "without a heading or a numbering" in note and "names an author" in note
    heading = "'Notes' on page 7"  # under a heading, the rows are the heading's list
    assert extract_pdf(tmp_path / "manual.pdf").references


def test_a_bibtex_entrys_source_is_no_reference() -> None:
    # A style's manual prints each example's BibTeX source after the entry it gives: the
    # source read as a row of its own, and it reads as a reference (its fields are one's).
    model = refness._model()
    assert model is not None
    sources = [
        "@MISC{AB:12345, title = {Cutting long sticks from short sticks}, author = {Ann "
        "Made-Up}, howpublished = {Made-up Questions and Answers}, year = {2015}, url = "
        "{http://example.org/q/12345}, }",
        "@ONLINE{wiki:tests, author = {Wikipedia}, title = {Tests---Wikipedia{,} The Free "
        "Encyclopedia}, year = {2012}, url = {http://en.wikipedia.org/wiki/Tests}, }",
        "@BOOK{ Jones99 , author = {Jones, Ann}, title = {An invented book}, address = "
        "{Somewhere}, publisher = {Press of Tests}, year = {1999}, pagetotal = {190}, }",
    ]
    parsed = parse_entries([Entry(raw=t) for t in sources])
    assert any(refness.score(model.weights, refness.features(r)) >= model.threshold
               for r in parsed)  # fmt: skip
    for text in sources:
        assert _p(text) == 0.0, text
    assert _p("@article tweets. A. Author. Why lists. Journal of Tests, 12:1-9, 2019.") > 0.5


def test_a_programs_printed_output_or_session_is_no_reference() -> None:
    # A vignette's session information after its list, each line of output behind
    # knitr's "## ", and a console session behind its prompts (sweep9): each reads as a
    # reference on its own (a version number reads as a year).
    model = refness._model()
    assert model is not None
    output = [
        "## [10] tidyfoo_1.6.2 quadbar_1.5-8 alpha_2015.3-1",
        "#> [1] gridthing_2.0-3 vcdish_1.4-9 extras_2019.2",
        "[1] 0.25 > print(cor(a, b)) [1] 0.95 > n=10 > m <- 2 > summary(p) 1st Qu. 2012",
    ]
    parsed = parse_entries([Entry(raw=t) for t in output])
    assert any(refness.score(model.weights, refness.features(r)) >= model.threshold
               for r in parsed)  # fmt: skip
    for text in output:
        assert _p(text) == 0.0, text
    for text in REFERENCES:
        assert _p(text) > 0.5, text
    assert _p("A. Author. Why x > y(t) holds. Journal of Tests, 12:1-9, 2019.") > 0.5
