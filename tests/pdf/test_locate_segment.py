"""Stages on Line objects: headings, list ends, furniture, and cutting lines into entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography
from refmanager.pdf.furniture import furniture
from refmanager.pdf.headings import is_end_heading, is_heading
from refmanager.pdf.layout import Line
from refmanager.pdf.listend import index_start
from refmanager.pdf.segment import runs_apart, segment
from tests.pdf.pdfbuild import Text, column, write_pdf

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]


def _line(
    text: str,
    y: float,
    *,
    x0: float = 72.0,
    size: float = 10.0,
    page: int = 1,
    column: int = 0,
) -> Line:
    return Line(page, text, x0, x0 + 5 * len(text), y, size, column=column)


@pytest.mark.parametrize(
    "text",
    [
        "References",
        "REFERENCES",
        "Bibliography",
        "7. References",
        "VI. REFERENCES",
        "Literature Cited",
        "Works Cited",
        "参考文献",
        "主要参考文献",
        "参 考 文 献",
        "Literatur",
        "Literaturverzeichnis",
        "Références",
        "Bibliografía",
        "Referencias",
        "Список литературы",
        "Kirjallisuutta",
        "Lähteet",
        "ΑΝΑΦΟΡΕΣ",
        "Βιβλιογραφία",
        "References:",
        "A References",
    ],
)
def test_bibliography_headings(text: str) -> None:
    assert is_heading(_line(text, 700, size=12), 10)


@pytest.mark.parametrize(
    "text",
    [
        "References to prior work are given in Section 2.",
        "the references",
        "Reference 12",
        "Our bibliography tool",
    ],
)
def test_not_headings(text: str) -> None:
    assert not is_heading(_line(text, 700), 10)


@pytest.mark.parametrize(
    "text",
    [
        "Appendix",
        "Appendix A: Proofs",
        "APPENDIX B",
        "附录",
        "Author Biographies",
        "About the Authors",
        "Supplementary Material",
        "Affiliation:",
        "Author Affiliations",
        "Authors' addresses",
    ],
)
def test_end_headings(text: str) -> None:
    assert is_end_heading(_line(text, 700, size=12), 10)
    assert not is_end_heading(_line(text.lower() + " was used in the study of", 700), 10)


@pytest.mark.parametrize("text", ["TABLES", "Figures", "Figure legends", "Tables and Figures"])
def test_a_manuscripts_tables_and_figures_end_the_list_but_not_the_line_models_feature(
    text: str,
) -> None:
    assert is_end_heading(_line(text, 700, size=12), 10, floats=True)
    assert not is_end_heading(_line(text, 700, size=12), 10)  # as the line model was trained


@pytest.mark.parametrize("text", ["作者简介：", "致谢", "附 录"])
def test_a_cjk_end_heading_alone_on_its_line_ends_the_list_in_body_type(text: str) -> None:
    # CJK type sets the heading apart by neither bold nor capitals nor size
    assert is_end_heading(_line(text, 700, size=10), 10, floats=True)
    assert not is_end_heading(_line("作者简介：张三（1981 –），男，博士", 700), 10, floats=True)


@pytest.mark.parametrize("text", ["Table 2: Results of the runs", "Figure 3", "Tables."])
def test_a_caption_inside_the_list_is_no_end_heading(text: str) -> None:
    assert not is_end_heading(_line(text, 700, size=12), 10, floats=True)


AUTHOR_YEAR = [
    "Allen, F. and Gale, D. (2000). Comparing Financial Systems. Cambridge: MIT Press.",
    "Brown, A. (2000). Inefficiencies in the banking sector. Journal of Banking, 58, 56-78.",
    "Klein, S. and White, W. (2004). The American tax system. Journal of Taxation, 2, 134-156.",
    "White, W. (2006). Growth in the EU. London: European Science Publishers.",
]


def test_a_tables_heading_taken_for_furniture_still_ends_the_list(tmp_path: Path) -> None:
    # A manuscript's "TABLES" atop the page after its list, small and set apart (page
    # furniture by its place), then a table whose rows read like short entries: the
    # table was glued to the last entry and its rows read as two more.
    rows = ["Author(s) Year Citation", "Brown 2000 Brown (2000)", "Jones 1999 Jones (1999)",
            "Brown and Smith 2000 Brown and Smith (2000)",
            "Allen and Winton 1995 Allen and Winton (1995)",
            "Jones et al. 1998 Jones et al. (1998)",
            "Bernanke et al. 1996 Bernanke et al. (1996)"]  # fmt: skip
    body = ["This paper studies the extraction of reference lists from scholarly documents."]
    page1 = [*column(72, 780, body), Text(72, 740, "REFERENCES", 10),
             *column(72, 720, AUTHOR_YEAR, leading=16), Text(290, 60, "3", 10)]  # fmt: skip
    page2 = [Text(270, 800, "TABLES", 8), Text(270, 770, "TABLE 1", 8),
             *column(150, 740, rows, leading=14), Text(290, 60, "4", 10)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "tables.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries] == AUTHOR_YEAR


def test_an_index_heading_under_its_running_heads_ends_the_list(tmp_path: Path) -> None:
    # A manual's index after its list: "INDEX" atop each of its pages in the text's type
    # (a running head), and the index's own "Index" in 14 pt, set apart at the top of its
    # first page, taken for furniture by its text; the index's terms and pages were read
    # into the last entry.
    refs = [f"[{n}] A. Author{n}. A made-up work number {n}. Press of Tests, 19{80 + n}."
            for n in range(1, 6)]  # fmt: skip
    terms = [f"term{k}/{k % 4}, {10 + 3 * k}, {11 + 3 * k}" for k in range(1, 41)]
    body = ["This manual ends with the works it cites and an index of its terms."]
    page1 = [*column(72, 780, body), Text(72, 740, "References", 14.3, "F3"),
             *column(72, 715, refs, leading=16), Text(290, 60, "227", 10)]  # fmt: skip
    index = [
        [Text(72, 800, "INDEX", 10), Text(290, 60, str(228 + k), 10),
         *([Text(72, 770, "Index", 14.3, "F3")] if k == 0 else []),
         *column(72, 740 if k == 0 else 770, terms[:20], leading=12),
         *column(300, 740 if k == 0 else 770, terms[20:], leading=12)]
        for k in range(3)
    ]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "index.pdf", [page1, *index]))
    assert [e.raw for e in bib.entries] == refs


def test_a_heading_over_both_columns_set_at_the_right_ends_the_list_before_the_left_one() -> None:
    from refmanager.pdf.pipeline import _over_the_columns

    # Sphinx's manuals set a chapter's title at the top right, over the chapter's two
    # columns ("INDEX" over the index): the right column's by its place, it is read after
    # the left column, whose index lines were read into the list's last entry.
    last = Line(176, "A. Author. A made-up work. Press of Tests, 1990.", 72, 540, 600, 10)
    left = [Line(177, f"term{k} command line option, {k}", 72, 250, 570 - 12 * k, 10, column=1)
            for k in range(5)]  # fmt: skip
    index = Line(177, "INDEX", 440, 520, 660, 24.8, column=2)
    assert _over_the_columns([last, *left], index) == [last]
    # A heading atop the right column, level with the left column's first line (the list
    # goes on there), leaves it.
    level = Line(177, "APPENDIX", 320, 400, 572, 12, column=2)
    assert _over_the_columns([last, *left], level) == [last, *left]


def test_an_appendix_heading_in_larger_type_atop_the_next_page_ends_the_list(
    tmp_path: Path,
) -> None:
    # A JSS-style appendix after the list: its lettered heading ("A Implementation
    # details", 14 pt over 10 pt text) atop the next page is taken for furniture; the
    # appendix's first line cites a year and read as one more entry.
    prose = ["The p values of the tests are approximated as in Hansen (1997), who also",
             "gives the tables the critical values are interpolated from, for all the",
             "levels in common use, and this section gives more detail about them."]  # fmt: skip
    body = ["This paper studies the extraction of reference lists from scholarly documents."]
    page1 = [*column(72, 780, body), Text(72, 740, "References", 13, "F3"),
             *column(72, 720, AUTHOR_YEAR, leading=16), Text(290, 60, "16", 10)]  # fmt: skip
    page2 = [Text(72, 790, "A Implementation details for p values", 14.3),
             *column(72, 760, prose * 4, leading=12), Text(290, 60, "17", 10)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "appendix.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries] == AUTHOR_YEAR


def test_a_heading_of_more_references_does_not_stop_the_line_model(tmp_path: Path) -> None:
    # "Supplementary References" ends the rules' list (an end heading), but it heads more
    # of the list: the line model, which reads on past it, still may.
    names = ["Adams", "Baker", "Clark", "Davis", "Evans", "Fox", "Green", "Hill", "Irwin", "Jones"]
    refs = [f"{n}, A. (20{10 + i}). A study of reading number {i}. Journal of Tests, {i}, 45-67."
            for i, n in enumerate(names[:3])]  # fmt: skip
    more = [f"{n}, C. (20{10 + i}). Another title about lists, part {i}. Proc. of Things, {i}-9."
            for i, n in enumerate(names[3:])]  # fmt: skip
    body = ["This paper studies the extraction of reference lists from scholarly documents."]
    page = [*column(72, 780, body), Text(72, 740, "References", 13, "F3"),
            *column(72, 720, refs, leading=14), Text(72, 670, "Supplementary References", 11, "F3"),
            *column(72, 650, more, leading=14), Text(290, 60, "5", 10)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "more.pdf", [page]))
    assert bib.entries[-1].raw == more[-1]


def test_a_running_head_over_the_lists_last_entry_does_not_end_it(tmp_path: Path) -> None:
    # The index's running head ("Index 6") atop the page that holds the list's last
    # entry: the numbering goes on below it, so the list does too.
    refs = [
        "[1] A. Author and B. Writer. A study of reading. Journal of Tests, 12:45-67, 2019.",
        "[2] C. Person. Another title about lists. In Proc. of Things, pages 1-9, 2020.",
        "[3] D. Someone, E. Other. The third paper. Transactions on Lists, 7:100-120, 2018.",
    ]
    last = ["[4] F. Last. The last entry of the list, set", "on three lines. Journal of",
            "Ends, 3:1-2, 2021."]  # fmt: skip
    body = ["This paper studies the extraction of reference lists from scholarly documents."]
    page1 = [*column(72, 780, body), Text(72, 740, "References", 13, "F3"),
             *column(72, 720, refs, leading=16), Text(290, 60, "5", 10)]  # fmt: skip
    index = [f"{WORDS[i % 8]} {WORDS[(i + 3) % 8]}, {i + 2}, {3 * i + 5}" for i in range(12)]
    page2 = [Text(72, 800, "INDEX 6", 8), *column(72, 770, last[:1]),
             *column(84, 758, last[1:], leading=12), Text(72, 710, "Index", 13, "F3"),
             *column(72, 690, index, leading=12)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "index.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries] == [*refs, " ".join(last)]


def test_recurring_header_and_page_number_are_furniture() -> None:
    pages = {
        p: [
            _line(f"Journal of Things {2020 + p}", 800, size=8, page=p),
            *[_line(f"{WORDS[p]} body line {WORDS[i]}", 700 - 12 * i, page=p) for i in range(8)],
            _line(str(p), 40, x0=300, size=8, page=p),
        ]
        for p in (1, 2, 3)
    }
    junk = furniture(pages, dict.fromkeys(pages, 842.0))
    kept = [ln.text for ln in pages[2] if id(ln) not in junk]
    assert kept == [f"{WORDS[2]} body line {WORDS[i]}" for i in range(8)]


def test_an_entrys_last_line_of_a_bare_number_is_no_page_number() -> None:
    # "..., MNRAS, 407," broken before its pages: "1581" on a line of its own at the foot,
    # at the list's own line spacing under the entry. A page number stands further off.
    body = [
        _line(f"Author{i} A., 2010, MNRAS, 40{i}, {WORDS[i]} more", 700 - 12 * i) for i in range(8)
    ]
    tail = _line("1581", 700 - 12 * 8, x0=90)
    folio = _line("7", 40, x0=300, size=8)
    pages = {1: [*body, tail, folio]}
    junk = furniture(pages, {1: 842.0})
    assert id(tail) not in junk
    assert id(folio) in junk


def test_an_entrys_last_line_of_numbers_at_one_height_on_two_pages_is_no_furniture() -> None:
    # Two entries of a long list end, each atop its page, on a line of their pages and year
    # alone ("57-86 (1986)."), at the same height: a shape without a letter that recurs on
    # two pages only, at the list's line spacing under the entry, is the list's. A running
    # foot of numbers recurs on every page, set off from the body.
    tails = {1: "pages 101-109, 2005.", 2: "57-86 (1986).", 3: "685-695 (1997)."}
    pages = {
        p: [
            _line(f"[{10 * p}] Author{p} A. A study of {WORDS[p]}. Journal", 780, page=p),
            _line(f"of {WORDS[p + 1]} and more {WORDS[p + 2]}, volume {p},", 766, page=p),
            _line(tails[p], 752, x0=90, page=p),
            *[
                _line(f"[{10 * p + i}] {WORDS[(i + p) % 8]} entry, 2001.", 730 - 14 * i, page=p)
                for i in range(1, 8)
            ],
            _line(f"{p} / 2021", 40, x0=300, size=8, page=p),
        ]
        for p in (1, 2, 3)
    }
    junk = furniture(pages, dict.fromkeys(pages, 842.0))
    assert not any(id(pages[p][2]) in junk for p in (2, 3))
    assert all(id(pages[p][-1]) in junk for p in (1, 2, 3))


def test_a_running_head_in_body_type_stays_furniture_when_page_one_is_read() -> None:
    # Alternating running heads (no text recurs) in the body's type, set apart by 25 pt;
    # page 1's title block steps 24 and 26 pt from one type size to the next, which is no
    # spacing of the body (read with page 1, the heads were taken into the list).
    title = [
        _line("Journal of Things, banner", 800, size=9),
        _line("Volume 3, 2022", 788, size=9),
        _line("A Title of Some Length", 740, size=22),
        _line("A. Author, B. Author", 716, size=14),
        _line("University of Somewhere", 690, size=10),
        *[_line(f"abstract line {WORDS[i]}", 670 - 12 * i) for i in range(8)],
        _line("1", 40, x0=300, size=8),
    ]
    heads = {2: "Journal of Things 2022 3", 3: "Author et al: A Title"}
    pages = {1: title} | {
        p: [
            _line(heads[p], 800, page=p),
            *[_line(f"[{i}] {WORDS[(i + p) % 8]} entry", 775 - 12 * i, page=p) for i in range(8)],
            _line(str(p), 40, x0=300, size=8, page=p),
        ]
        for p in (2, 3)
    }
    junk = furniture(pages, dict.fromkeys(pages, 842.0))
    assert all(id(pages[p][0]) in junk for p in (2, 3))
    assert not any(id(ln) in junk for p in (2, 3) for ln in pages[p][1:-1])


def test_a_last_entry_alone_under_its_heading_is_no_furniture() -> None:
    # The list's one entry, under its heading, on a page that holds nothing else but its
    # recurring foot: the page is nearly empty, and the entry's gap to the foot is no
    # sign of furniture (AIAA's template lost its one reference so).
    def foot(p: int) -> list[Line]:
        return [
            _line(f"{p} of 3", 42, x0=295, size=8, page=p),
            _line("American Institute of Things", 23, x0=208, size=8, page=p),
        ]

    last = [
        _line("References", 728, x0=274, size=12, page=2),
        _line("1Tufte, E. R., The Visual Display, Graphics Press, 1983.", 708, size=8, page=2),
        *foot(2),
    ]
    after = [_line(f"table row {WORDS[i]}", 470 - 12 * i, page=3) for i in range(6)]
    pages = {2: last, 3: [*after, *foot(3)]}
    junk = furniture(pages, dict.fromkeys(pages, 792.0))
    assert [ln.text for ln in last if id(ln) not in junk] == [ln.text for ln in last[:2]]


def test_superscript_labels_glued_to_the_first_author_open_first_line_indents() -> None:
    # AIAA's style: a superscript number against the first author's name, no space in the
    # text layer, the entry's first line indented and the rest set out at the left.
    rows = [
        (91, "1Sutton, K., “Air Radiation Revisited,” Thermal Design of Transfer Vehicles,"),
        (72, "Vol. 96, AIAA, New York, 1985, pp. 419–441."),
        (91, "2Miner, E. W. and Lewis, C. H., “Hypersonic Viscous Shock-Layer Flows over"),
        (72, "Blunt Bodies,” NASA CR-2250, May 1975."),
        (91, "3Anon., “Equations, Tables, and Charts for Compressible Flow,” Rept. 1135, 1953."),
        (91, "4Moss, J. N., private communication, Langley Research Center, June 1990."),
        (91, "5Tufte, E. R., The Visual Display of Quantitative Information, Graphics, 1983."),
    ]
    lines = [_line(text, 700 - 11 * i, x0=x) for i, (x, text) in enumerate(rows)]
    entries = segment(lines)
    assert [e.label for e in entries] == ["1", "2", "3", "4", "5"]
    assert entries[0].raw.startswith("1 Sutton, K., “Air Radiation")
    assert entries[1].raw.endswith("NASA CR-2250, May 1975.")


def test_segment_numbered_with_hanging_indent_and_gap_fragment() -> None:
    lines = [
        _line("tail of a lost entry, 2001.", 780, x0=90, column=1),
        _line("[7] A. Author. A title", 768, column=1),
        _line("continues here. 2002.", 756, x0=90, column=1),
        _line("[8] B. Author. Another", 744, column=1),
        _line("2020. Venue (a line that starts with a year).", 732, x0=90, column=1),
        _line("[9] C. Author. Third. 2003.", 720, column=1),
    ]
    entries = segment(lines)
    assert [(e.label, e.fragment) for e in entries] == [
        ("", True),
        ("7", False),
        ("8", False),
        ("9", False),
    ]
    assert entries[2].raw == "[8] B. Author. Another 2020. Venue (a line that starts with a year)."


def test_segment_author_year_by_vertical_gaps() -> None:
    lines = [
        _line("Adams, A. (2001). A first title that runs", 780),
        _line("to a second line. Journal A.", 768),
        _line("Brown, B. (2002). Short entry.", 750),
        _line("Clark, C. (2003). A third entry that", 732),
        _line("also wraps. Journal C.", 720),
    ]
    entries = segment(lines)
    assert [e.raw.split(",")[0] for e in entries] == ["Adams", "Brown", "Clark"]
    assert all(e.label == "" for e in entries)


def test_plain_word_heading_needs_a_list_after_it(tmp_path: Path) -> None:
    rows = [
        "[1] A. One. Title one that is long enough to wrap onto a second line",
        "  here. 2001.",
        "[2] B. Two. Title two that is long enough to wrap onto a second line",
        "  too. 2002.",
        "[3] C. Three. Title three. 2003.",
    ]
    page1 = [Text(72, 780, "References", 12, "F3"), *column(72, 760, rows, indent=20)]
    # An appendix page where a line reads "Sources", in body type, over a table.
    page2 = [
        *column(
            72,
            780,
            [
                "Appendix text that goes on.",
                "Sources",
                "Table 3 lists the data and the places it came from.",
            ],
        )
    ]
    bib = read_bibliography(write_pdf(tmp_path / "src.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries] == [
        "[1] A. One. Title one that is long enough to wrap onto a second line here. 2001.",
        "[2] B. Two. Title two that is long enough to wrap onto a second line too. 2002.",
        "[3] C. Three. Title three. 2003.",
    ]


def test_labels_closed_by_a_parenthesis_start_entries() -> None:
    texts = [
        "1) Z. One and W. Two, Phys. Rev. D 73 (2006), 034005.",
        "2) M. Three and M. Four, Nucl. Phys. B 675 (2003), 333.",
        "3) A. Five, talk given at a meeting on the physics of things,",
        "May 23-27, 2011.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    assert [e.label for e in segment(lines)] == ["1", "2", "3"]


def test_a_label_alone_on_its_line_opens_the_entry_below_it() -> None:
    texts = [
        "1.",
        "Author A, Writer B. A first title. J Things. 2015;21(10):1885-6.",
        "2.",
        "Person C. A second title that runs on and on and on to the end of the line,",
        "and goes on here. J Things. 2016;4(3):143-59.",
        "3.",
        "Other D. Third. 2017.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    entries = segment(lines)
    assert [e.label for e in entries] == ["1", "2", "3"]
    assert entries[1].raw.endswith("2016;4(3):143-59.")


def test_a_page_range_ending_on_a_line_of_its_own_is_no_label() -> None:
    texts = [
        "3. Author A. A title of the paper. Clinical reviews. 2009;22(1):161-",
        "82. doi:10.1000/cr.2009.0161",
        "4. Writer B. Another title. Trends in things. 2012;18(5):263-72.",
        "5. Person C. The third title. Diseases. 2011;17(10):1791-8.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    entries = segment(lines)
    assert [e.label for e in entries] == ["3", "4", "5"]
    assert entries[0].raw.endswith("161-82. doi:10.1000/cr.2009.0161")


def test_years_opening_lines_of_an_author_year_list_are_no_labels() -> None:
    texts = [
        "Baker, H. G. 1959. Reproductive methods as factors in speciation. Cold",
        "Spring Harbor Symposium 24: 177-191.",
        "1960. Apomixis and polyembryony in a tropical tree. Amer. J. Bot. 47:",
        "296-302.",
        "1970. Evolution in the tropics. Biotropica 2: 101-111.",
        "Bawa, K. S. 1974. Breeding systems of tree species. Evolution 28: 85-92.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    assert all(e.label == "" for e in segment(lines))


def test_page_range_ends_that_never_count_on_are_no_labels() -> None:
    texts = [
        "Achin, Peter (2001). A title in a book. In Histories, pp. 403-",
        "424. Cambridge, MA: MIT Press.",
        "Amor, M. et al. (2002). Production of cold atoms. Nature 419: 456-",
        "459.",
        "Arm, Peter (1985). On the production of elements. Review 35: 135-",
        "194.",
        "Bera, J. K. (1999). Names of the heavier elements. Resonance 4: 53-",
        "261.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    assert all(e.label == "" for e in segment(lines))


def test_an_arxiv_category_opening_a_line_of_a_numbered_list_is_no_key() -> None:
    texts = [
        "[1] A. Author, Phys. Rev. D 80 (2009) 071503 [arXiv:0812.3565",
        "[hep-lat]].",
        "[2] B. Writer, PoS LAT 2009 (2009) 011 [arXiv:1002.4459",
        "[hep-lat]];",
        "C. Person, Nucl. Phys. B 12 (2010) 34.",
        "[3] D. Other, J. High Energy Phys. 05 (2011) 120, arXiv:1105.3676",
        "[hep-ph].",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    entries = segment(lines)
    assert [e.label for e in entries] == ["1", "2", "3"]
    assert entries[0].raw.endswith("[arXiv:0812.3565 [hep-lat]].")


def test_shorthand_keys_among_a_lists_numbers_stay_labels() -> None:
    texts = [
        "[1] D. Knuth, The TeXbook. Addison-Wesley, 1984.",
        "[2] L. Lamport, LaTeX: A Document Preparation System, 1994.",
        "[3] M. Goossens, F. Mittelbach, A. Samarin, The LaTeX Companion.",
        "[KpV] I. Kant. Kritik der praktischen Vernunft. In: Werke. Vol. 5.",
        "[KU] I. Kant. Kritik der Urtheilskraft. In: Werke. Vol. 5.",
        "[4] O. Patashnik, BibTeXing, 1988.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    assert [e.label for e in segment(lines)] == ["1", "2", "3", "KpV", "KU", "4"]


def test_a_second_list_numbered_from_one_opens_its_entries() -> None:
    texts = [
        "3. Author A. A title of the paper. Clinical reviews. 2009;22(1):161-82.",
        "4. Writer B. Another title. Trends in things. 2012;18(5):263-72.",
        "5. Person C. The third title. Diseases. 2011;17(10):1791-8.",
        "Figure 2. The structure of the pore; boxes as in (1, 2).",
        "1. Cowl S, Rumm G. Structures of two porins. Nature. 1992;358:727-33.",
        "2. Dome A, Hern S. A new porin gene. J Bacteriol. 1999;181(9):2726-32.",
        "3. Born C, Saint N. A porin of Enterobacter. Antimicrob Agents. 2004;48:2153-8.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    assert [e.label for e in segment(lines)] == ["3", "4", "5", "", "1", "2", "3"]


def test_a_one_opening_a_line_inside_a_numbered_entry_is_no_new_list() -> None:
    texts = [
        "3. Author A. Collected works, in three volumes. Vol.",
        "1. Early papers. Publisher, 2009.",
        "4. Writer B. Another title. Trends in things. 2012;18(5):263-72.",
        "5. Person C. The third title. Diseases. 2011;17(10):1791-8.",
    ]
    lines = [_line(t, 700 - 12 * i) for i, t in enumerate(texts)]
    assert [e.label for e in segment(lines)] == ["3", "4", "5"]


@pytest.mark.parametrize("text", ["5 History", "Change History", "Version history", "Changelog"])
def test_a_packages_history_ends_the_list(text: str) -> None:
    # LaTeX packages' manuals set their versions' history after the references: it was
    # read into the last entry ("[9] ... https://... [2010/04/26 v1.7] • ... added").
    assert is_end_heading(_line(text, 700, size=14), 10)


def test_a_bare_history_heading_may_head_a_group_of_the_list() -> None:
    assert not is_end_heading(_line("History", 700, size=14), 10)
    assert not is_end_heading(_line("History of Science", 700, size=14), 10)


def test_a_list_of_one_labelled_entry_is_one_entry() -> None:
    # One "[1]" and no other label: no label style counts up, and the flush-list model read
    # the continuation line (a path set on its own line) as an entry of its own.
    lines = [
        _line("[1] A. Author, B. Writer: The widgets package; 2006/02/20 v1.0o;", 700),
        _line("CTAN:macros/latex/required/widgets/widgets.dtx.", 688, x0=90),
        _line("The Author of the Manual, scripsit.", 600, x0=200),
    ]
    entries = segment(lines)
    assert [e.label for e in entries] == ["1", ""]
    assert entries[0].raw.endswith("widgets.dtx.")


def test_an_index_without_a_heading_on_the_page_after_the_list_ends_it(tmp_path: Path) -> None:
    # A manual's short list, then on the next page its index, printed without a heading:
    # a note, a group's name, then lines with dot leaders to page numbers. Those lines
    # outvoted the labels, the note joined the last entry, and reference-ness dropped all.
    refs = [
        "[1] A. Author. The Book of Typesetting. Some Publisher, 1996.",
        "[2] B. Writer. A Manual of Drawing, Version 2.10, 2007.",
        "[3] B. Writer. A Manual of Drawing, Version 3.0.0, 2013.",
    ]
    body = ["This paper studies the extraction of reference lists from scholarly documents."]
    page1 = [*column(72, 780, body), Text(72, 740, "References", 13, "F3"),
             *column(72, 720, refs, leading=20), Text(290, 60, "103", 10)]  # fmt: skip
    note = ["Colour legend: definition, example, other. If an entry belongs to a library,",
            "its name is given in parenthesis. All page numbers are links."]  # fmt: skip
    index = [f"{i} {WORDS[i % 8]} {WORDS[(i + 3) % 8]} " + ". " * 12 + f"{i + 2}, {3 * i + 5}"
             for i in range(1, 30)]  # fmt: skip
    page2 = [*column(72, 780, note), Text(150, 750, "Symbols", 9, "F3"),
             *column(72, 735, index, leading=11, size=9)]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "index.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries if not e.fragment] == refs


def test_an_index_read_before_the_list_does_not_end_it() -> None:
    # A column of an index beside the list on the heading's page, read before it (its
    # group letters between its lines): the list's entries come after it.
    index = [_line(f"{WORDS[i % 8]}-{i} " + ". " * 12 + f"{i + 3}", 700 - 12 * i, column=2)
             for i in range(6)]  # fmt: skip
    letter = [_line("M", 620, column=2)]
    refs = [_line(f"[{i}] A. Author. A title of the work number {i}. 2020.", 500 - 20 * i)
            for i in range(1, 4)]  # fmt: skip
    assert index_start([*index, *letter, *index, *refs]) is None
    # After the list, on the page after it, the index starts at that page's first line.
    note = [_line("Colour legend: definition, example, other.", 780, page=2)]
    after = [_line(ln.text, ln.y, page=2) for ln in index]
    assert index_start([*refs, *note, *after]) == 3


def test_a_hanging_indent_a_fraction_of_a_point_apart_is_one_indent() -> None:
    # One entry whose two continuation lines start at 136.5 and 136.7: rounded to 136
    # and 137, neither x held two lines, so the list showed no indent and its lines were
    # cut as a flush list's.
    lines = [
        _line(
            "C. Dutton, V. Gould, and M. Pike. anpack: An R package for actuarial science.",
            324,
            x0=125.8,
        ),
        _line(
            "Journal of Statistical Software, 25(7), 2008. doi: 10.18637/jss.v025.i07. URL",
            310,
            x0=136.5,
        ),
        _line("https://doi.org/10.18637/jss.v025.i07.", 297, x0=136.7),
    ]
    entries = segment(lines)
    assert len(entries) == 1
    assert entries[0].raw.endswith("https://doi.org/10.18637/jss.v025.i07.")


def test_a_few_continuation_lines_after_full_lines_show_a_hanging_indent() -> None:
    # Most entries fit on one line, a few go on at an indent after a full line; entries
    # are set 1.27 line spacings apart, under the gap that shows entries by space. The
    # two indented lines alone were too few (under 0.3 of the lines at the left) to make
    # an indent, and with one wider gap (a group set apart) every line but those after a
    # gap was read as going on an entry.
    texts = [
        "Real Academia, Diccionario de la lengua, Madrid, 1992.",
        "J. Martinez, Manual de edicion y autoedicion, Madrid, Piramide, 1994, with a long",
        "note on the editions.",
        "J. Bezos, Tipografia y notaciones cientificas, Gijon, Trea, 2008.",
        "J. de Buen, Manual de diseno editorial, Mexico, Santillana, 2000.",
        "The Chicago Manual of Style, Chicago, University Press, 1993.",
        "J. Castillo, Normas para correctores y compositores tipografos, Madrid, 1959, here",
        "set over two lines.",
        "M. Llerena, Un manual de estilo, Miami, Unilit, 1999.",
        "J. Polo, Ortografia y ciencia del lenguaje, Madrid, Paraninfo, 1974.",
        "P. Valle, Como corregir sin ofender, Buenos Aires, Lumen, 1998.",
        "H. Wolfe, Simbolos, unidades y nomenclatura, Madrid, Alianza, 1987.",
    ]
    lines: list[Line] = []
    y = 700.0
    for k, text in enumerate(texts):
        going_on = text[0].islower()
        if k:
            y -= 11.0 if going_on else 20.0 if k == 5 else 14.0
        lines.append(_line(text, y, x0=90.0 if going_on else 72.0))
    entries = segment(lines)
    assert [e.raw[:8] for e in entries] == [t[:8] for t in texts if not t[0].islower()]
    assert entries[1].raw.endswith("with a long note on the editions.")


def test_an_entrys_first_line_under_a_heading_at_the_pages_foot_is_no_footer(
    tmp_path: Path,
) -> None:
    # The heading stands at the foot of the page with the first line of the first entry
    # under it, its heading's space above, nothing below: the line is the entry's, not a
    # footer set apart.
    body = [f"This paper studies {WORDS[i % 8]} and {WORDS[(i + 3) % 8]} in scholarly text."
            for i in range(40)]  # fmt: skip
    first = "Adams A, Brown B (2012). “A Study of Lists in Documents With Application to"
    rest = [
        "  Reference Extraction.” Journal of Lists, 40, 1550–1577.",
        "Clark C (1995). “Another Study of Lists.” Journal of Lists, 57, 473–484.",
        "Davis D, Evans E (2017). “A Third Study.” Journal of Things, 76, 1–32.",
        "Fox F (2001). “A Fourth Study of Lists and Things.” Journal of Lists, 90, 13–21.",
    ]
    page1 = [*column(72, 780, body), Text(72, 110, "References", 14, "F3"),
             Text(72, 75, first), Text(290, 40, "27", 10)]  # fmt: skip
    page2 = [Text(290, 800, "28", 10), *column(72, 770, rest, indent=12, leading=14)]
    bib = read_bibliography(write_pdf(tmp_path / "foot.pdf", [page1, page2]))
    assert bib.entries[0].raw == (
        first + " Reference Extraction.” Journal of Lists, 40, 1550–1577."
    )


def test_a_key_in_brackets_followed_by_a_comma_opens_no_entry() -> None:
    # "In Tables for Crystallography [Hah95], pages 711-735.": a citation of another entry
    # broken before it, at the column's left. A label is never followed by a comma.
    lines = [
        _line("[Adl78] A. Adler. A study of groups. J. Algebra, 1978.", 700),
        _line("[Hah95] T. Hahn, editor. Tables for Crystallography. Kluwer, 1995.", 688),
        _line("[Won95] H. Wondratschek. Introduction to symmetry. In Tables for", 676),
        _line("[Hah95], pages 711-735.", 664),
    ]
    entries = segment(lines)
    assert [e.label for e in entries] == ["Adl78", "Hah95", "Won95"]
    assert entries[2].raw.endswith("In Tables for [Hah95], pages 711-735.")


def test_a_number_in_brackets_followed_by_a_comma_is_still_a_label() -> None:
    # AMS's \bysame draws the same authors' rule between the label and the comma: the text
    # layer reads "[2], A new formulation ...", an entry of its own.
    lines = [
        _line("[1] R. Graf, Sparse kernels on graphs, J. Graphs 12 (2019) 45-67.", 700),
        _line("[2], A new formulation of graph kernels, arXiv:1305.4291.", 688),
        _line("[3] K. Ode, Trees, Graph Press, 2001.", 676),
    ]
    entries = segment(lines)
    assert [e.label for e in entries] == ["1", "2", "3"]


def test_a_short_break_inside_a_long_list_leaves_it_one_run() -> None:
    entries = ["start", "in", "in"] * 10  # 30 lines, 10 entries
    # 13 lines of code between two runs of 30 lines: one list, broken
    assert runs_apart([*entries, *["other"] * 13, *entries]) == 1
    # 13 lines between two runs of 6 lines: two runs apart
    assert runs_apart([*entries[:6], *["other"] * 13, *entries[:6]]) == 2
    assert runs_apart([*entries, *["other"] * 40, *entries]) == 2
    assert runs_apart(entries) == 1
