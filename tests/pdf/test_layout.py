"""Stage: positioned runs, lines, columns and reading order."""

from __future__ import annotations

from pathlib import Path

from refmanager.pdf.document import open_pdf
from refmanager.pdf.layout import (
    Run,
    find_gutter,
    font_style,
    group_lines,
    ink_end,
    page_lines,
    typewriter,
)
from refmanager.pdf.source import PypdfSource
from refmanager.pdf.source import page_runs as source_runs
from tests.pdf.pdfbuild import Text, column, write_pdf


def page_runs(pdf: Path, index: int = 0) -> tuple[list[Run], str]:
    runs, side, _, _ = source_runs(PypdfSource(open_pdf(pdf, None)), index)
    return runs, side


def test_font_style_from_names() -> None:
    assert font_style("ABCDEF+NimbusRomNo9L-ReguItal") == "italic"
    assert font_style("Helvetica-Oblique") == "italic"
    assert font_style("XYZ+LMRoman10-Bold") == "bold"
    assert font_style("CMBX10") == "bold"
    assert font_style("TeXGyreTermes-Regular") == ""


def test_typewriter_faces_from_names() -> None:
    fixed = ["PKFKAS+CMTT10", "SFTT1000", "Courier-Bold", "LMMono10-Regular", "TeXGyreCursor"]
    fixed += ["DejaVuSansMono", "ABC+NimbusMonoPS-Regular", "txtt"]
    assert all(typewriter(name) for name in fixed)
    plain = ["CMR10", "Helvetica", "MonotypeCorsiva", "XYZ+LMRoman10-Bold", "Times-Italic"]
    assert not any(typewriter(name) for name in plain)


def test_runs_carry_positions_and_sizes(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "r.pdf", [[Text(100, 700, "Hello world", 12)]])
    runs, side = page_runs(pdf)
    assert [r.text for r in runs] == ["Hello world"]
    run = runs[0]
    assert abs(run.x0 - 100) < 0.01 and abs(run.y - 700) < 0.01 and abs(run.size - 12) < 0.01
    # Helvetica "Hello world" is 58.7 pt wide at 12 pt.
    assert 55 < run.x1 - run.x0 < 62
    assert side == ""


def test_two_columns_read_left_then_right_and_full_width_first(tmp_path: Path) -> None:
    lines = [Text(72, 800, "A title line that spans the whole width of the page body", 14)]
    lines += column(50, 760, [f"left line {i} with some words in it" for i in range(8)])
    lines += column(320, 760, [f"right line {i} with some words in it" for i in range(8)])
    runs, _ = page_runs(write_pdf(tmp_path / "c.pdf", [lines]))
    assert find_gutter(runs, 595) is not None
    ordered = [ln.text for ln in page_lines(runs, 1, 595)]
    assert ordered[0].startswith("A title line")
    assert ordered[1:9] == [f"left line {i} with some words in it" for i in range(8)]
    assert ordered[9:] == [f"right line {i} with some words in it" for i in range(8)]


def test_word_spaces_come_back_from_positions(tmp_path: Path) -> None:
    words = [
        Text(72, 700, "T.Krizhevsky", 10),
        Text(135, 700, "and", 10),
        Text(155, 700, "A.Hochreiter", 10),
    ]
    runs, _ = page_runs(write_pdf(tmp_path / "w.pdf", [words]))
    assert [ln.text for ln in page_lines(runs, 1, 595)] == ["T.Krizhevsky and A.Hochreiter"]


def _two_column_runs(gutter_items: list[Run]) -> list[Run]:
    """A page of two justified columns (72-292 and 302-522 pt, a 10 pt gutter) whose rows
    share baselines, plus ``gutter_items``."""
    runs: list[Run] = []
    for i in range(30):
        y = 700.0 - 12 * i
        runs.append(Run(f"left column line {i} of body text set justified", 72, 292.2, y, 10, "R"))
        runs.append(
            Run(f"Right column entry {i} of the list set justified", 302.1, 522.3, y, 10, "R")
        )
    return runs + gutter_items


def test_a_gutter_is_found_past_a_page_number_and_a_line_running_into_it() -> None:
    # The page number is centred under the gutter and as wide as it; one line of code in
    # the left column runs 4 pt into the gutter.
    number = Run("11", 292.2, 302.1, 90, 10, "R")
    code = Run("> plot(x, y, xlab = 'occurrence', main = 'a species'),", 72, 296.3, 455, 8, "T")
    gutter = find_gutter(_two_column_runs([number, code]), 595.28)
    assert gutter is not None and 296.3 < gutter < 302.1
    lines = page_lines(_two_column_runs([number, code]), 1, 595.28)
    assert all(ln.x1 <= 296.4 or ln.x0 >= 302 or ln.text == "11" for ln in lines)
    assert next(ln.text for ln in lines if ln.column == 2).startswith("Right column entry 0")


def test_a_cjk_gutter_is_found_past_hanging_punctuation_and_the_page_number() -> None:
    # Two CJK columns 10 pt apart (72-300.6, 310.6-539.2); left lines that end with a
    # full-width comma or stop hang 7.3 pt into the gutter (the mark is drawn in the left
    # half of its box), and the page number is centred under the gutter.
    runs: list[Run] = []
    for i in range(20):
        y = 400.0 - 16.4 * i
        end = ("，", 307.9) if i % 3 == 0 else ("。", 307.4) if i % 3 == 1 else ("习", 300.6)
        runs.append(Run("键技术，强化学习，方法。注意力，程序" + end[0], 72, end[1], y, 10.5, "F"))
        runs.append(Run("全。高性能，大规模，机制，检测，稀疏的", 310.6, 539.2, y - 8.4, 10.5, "F"))
    runs.append(Run("1", 303.0, 308.2, 50.0, 10.5, "F"))
    gutter = find_gutter(runs, 612)
    assert gutter is not None and 303 < gutter < 310.6
    lines = page_lines(runs, 1, 612)
    assert {ln.column for ln in lines if ln.x0 == 72} == {1}
    assert {ln.column for ln in lines if ln.x0 == 310.6} == {2}
    assert ink_end(runs[0]) == 307.9 - 5.25 and ink_end(runs[4]) == 300.6


def test_a_bare_number_label_set_off_by_a_tab_stays_on_its_line_unlike_a_line_number() -> None:
    runs = [
        Run("1", 130.0, 135.0, 700, 10, "R"),
        Run("Martin, E., Andersen, R.A.: The title of the entry", 156.0, 400.0, 700, 10, "R"),
        Run("12", 40.0, 46.0, 688, 6, "R"),  # a margin line number, set smaller
        Run("and the rest of the entry. Journal, 2001.", 156.0, 360.0, 688, 10, "R"),
    ]
    texts = [ln.text for ln in page_lines(runs, 1, 595)]
    assert texts[0] == "1 Martin, E., Andersen, R.A.: The title of the entry"
    assert "12" in texts and "and the rest of the entry. Journal, 2001." in texts


def test_a_lists_last_line_run_over_into_the_right_column_is_read_after_the_left_one() -> None:
    # The left column is full (justified lines end at 289); its last entry's last line ran
    # over to the top of the right column, which holds nothing else.
    runs = [Run(f"Justified line {i} of the left column text that", 56.7, 289.0,
                700 - 10 * i, 8.5, "F") for i in range(30)]  # fmt: skip
    runs.append(Run("12", 292.0, 301.0, 40, 8.5, "F"))  # the page number under the gutter
    over = Run("the end of the last entry (1933).", 326.4, 460.0, 700, 8.5, "F")
    gutter = find_gutter([*runs, over], 595.28)
    assert gutter is not None and 289.0 < gutter < 326.4
    texts = [ln.text for ln in page_lines([*runs, over], 1, 595.28)]
    assert texts.index("the end of the last entry (1933).") > texts.index(runs[29].text)
    # A running head on the right beside a page number on the left is no column.
    head = [Run("842", 56.7, 70.0, 720, 8.5, "F"), Run("J. Things 12", 420, 538, 720, 8.5, "F")]
    assert find_gutter([*runs, *head], 595.28) is None


def test_one_column_page_has_no_gutter_even_with_a_short_line_in_the_middle() -> None:
    runs = [
        Run(f"one column line {i} running across the page", 72, 522, 700 - 12 * i, 10, "R")
        for i in range(30)
    ]
    runs.append(Run("Figure 1: a caption.", 250, 345, 300, 9, "R"))
    assert find_gutter(runs, 595.28) is None


def test_one_column_lines_drawn_in_pieces_that_break_near_one_x_have_no_gutter() -> None:
    # An author-year list set one column wide (81-522 pt). Each entry's first line is one
    # piece across the column; its continuation line is drawn in pieces (the title's end,
    # the journal in italics, the volume), and on most of them a piece ends at a ragged
    # place short of x = 417 and the next starts past x = 421, at ragged places too: the
    # nearest are a word space (5-6 pt) apart. Nothing crosses x = 418 but the first lines.
    runs: list[Run] = []
    y = 720.0
    for i in range(12):
        runs.append(
            Run(f"Author{i} AB, Other CD ({1990 + i}). A title of entry {i}", 81, 522, y, 10.9, "R")
        )
        y -= 13.5
        runs.append(Run("and the end", 91.9, 130.0, y, 10.9, "R"))
        runs.append(Run("of its title.", 133.0, 150.0, y, 10.9, "R"))
        if i % 3:
            cut = 417.4 - (i * 5) % 12
            runs.append(Run("Journal of the Society of Statistics B,", 155.0, cut, y, 10.9, "I"))
            start = 421.0 + (i * 11) % 40
            runs.append(Run(f"{i + 20}(4), {100 + i}-{120 + i}.", start, start + 60, y, 10.9, "R"))
        else:
            runs.append(Run("A Journal, 12, 1-8.", 155.0, 300.0 + 9 * i, y, 10.9, "R"))
        y -= 23.7
    assert find_gutter(runs, 595.28) is None
    assert {ln.column for ln in page_lines(runs, 1, 595.28)} == {0}


def _glyph_runs(text: str, x: float, y: float, size: float, step: float) -> list[Run]:
    return [Run(ch, x + i * step, x + (i + 1) * step, y, size, "A") for i, ch in enumerate(text)]


def test_a_one_column_list_drawn_glyph_by_glyph_has_no_gutter_through_its_words() -> None:
    # Skia (Chrome's and Google Docs' PDFs) draws some lines in pieces split inside words
    # and, at sizes whose advances it rounds, one glyph at a time. Nothing but a word's
    # own letters stands between the pieces: no gutter may cut through them.
    runs: list[Run] = []
    y = 704.0
    pieces = [
        [("Albers, A", 78, 131.6),
         (". D., & Barkley, E. (2015). Communities mouse labo", 131.4, 477.7)],
        [("pipelines policy r", 114, 215.7), ("ethinking behaving trial.", 215.5, 362.3),
         ("Journal of Laboratory", 366.2, 492.4)],
        [("rethinking pipelines storage", 114, 282.1), (". Sage P", 282.2, 330.8),
         ("ublications.", 330.6, 399.5)],
        [("https://www", 114, 186.5), ("g/articles/2023/chen/interactive/inde", 256.7, 478.5),
         ("x.html?", 478.3, 522.9)],
    ]  # fmt: skip
    for line in pieces:
        runs += [Run(text, x0, x1, y, 12, "A") for text, x0, x1 in line]
        y -= 24
    for text in [
        "Dietrich, B. G., & Fischer, G. (1994). Storage mouse pruning pipelines so",
        "memory [Doctoral dissertation, University of Digital]. ProQuest Disserta",
        "Theses Global.",
        "Eriksen, F. F. (2010). Evolution pruning trial literacy alignment memory dig",
        "Journal of Pruning classroom adolescents, 5(1), 159-596.",
        "https://doi.org/10.8301/eriksen.2010.391",
        "Fischer, L. F. (2014). Regulation alignment training effects evolution be",
        "social early. Sage Publications.",
        "Garcia, M. D., & Moreau, D. (1998, June 3). Effects alignment elastic rethi",
        "mouse. Rural pipelines News.",
    ]:
        runs += _glyph_runs(text, 78 if "," in text[:12] else 114, y, 10, 5.8)
        y -= 20
    assert find_gutter(runs, 612) is None
    lines = page_lines(runs, 1, 612)
    assert {ln.column for ln in lines} == {0}
    texts = [ln.text for ln in lines]
    assert "memory [Doctoral dissertation, University of Digital]. ProQuest Disserta" in texts


def _words(text: str, x0: float, x1: float, y: float, size: float = 12.0) -> list[Run]:
    """A justified line drawn word by word: its words spread from x0 to x1 with equal spaces."""
    words = text.split()
    widths = [0.5 * size * len(w) for w in words]
    space = (x1 - x0 - sum(widths)) / max(len(words) - 1, 1)
    runs, x = [], x0
    for word, w in zip(words, widths, strict=True):
        runs.append(Run(word, x, x + w, y, size, "R"))
        x += w + space
    return runs


def test_a_justified_lines_stretched_spaces_part_no_columns() -> None:
    # Word and Google Docs justify a list's lines; the line before a URL too long to fit
    # holds a few words spread over the column, their spaces several ems wide, alike. No
    # line is cut at them, and no gutter runs through them.
    runs: list[Run] = []
    y = 700.0
    for i in range(8):
        first = f"Author{i}, A. B. ({2000 + i}). A title that runs on over the line"
        runs += _words(first, 78, 534, y)
        y -= 24
        runs += _words("rethinking memory. Communities early News.", 78, 534, y)
        y -= 24
        runs += _words(f"https://www.example.org/articles/2023/page{i}/index.html", 78, 420, y)
        y -= 24
    assert find_gutter(runs, 612) is None
    lines = page_lines(runs, 1, 612)
    assert [ln.text for ln in lines[1:3]] == [
        "rethinking memory. Communities early News.",
        "https://www.example.org/articles/2023/page0/index.html",
    ]
    assert {ln.column for ln in lines} == {0}


def test_a_justified_line_of_a_label_and_two_words_spread_equally_stays_whole() -> None:
    # Two stretched spaces, the label's and one word's, equal to a hundredth: one line.
    # Two gaps as wide but unequal part it (a label and a table's cells).
    row = [
        Run("[13]", 56.7, 71.0, 61.5, 8.5, "F"),
        Run("B.Buyens,J.Haegeman,", 116.8, 218.1, 61.5, 8.5, "F"),
        Run("K.Van", 263.9, 289.0, 61.5, 8.5, "F"),
    ]
    assert [ln.text for ln in group_lines(row, 1)] == ["[13] B.Buyens,J.Haegeman, K.Van"]
    cells = [row[0], row[1], Run("K.Van", 250.0, 275.1, 61.5, 8.5, "F")]
    assert [ln.text for ln in group_lines(cells, 1)] == ["[13] B.Buyens,J.Haegeman,", "K.Van"]


def test_a_page_drawn_glyph_by_glyph_keeps_its_superscript_labels_on_their_lines() -> None:
    # Skia (Chrome's print, Google Docs) draws some pages one glyph at a time. A journal's
    # list is set in 8 pt under a 10 pt body, each entry's number a superscript raised
    # 3.4 pt, the lines 9.2 pt apart: each number opens its own entry's line, not the end
    # of the line above.
    runs: list[Run] = []
    y = 760.0
    for _ in range(12):
        runs += _glyph_runs(
            "The measured conductance agrees with the model of the states.", 72, y, 10, 6
        )
        y -= 12
    entries = [
        ("1", "H. C. Einstein, Appl. Phys. Lett. 118, 9994 (2020)."),
        ("2", "W. B. Birrell and E. Einstein, J. Chem. Phys. 34, 9124 (1989)."),
        ("3", "G. H. Berman, Phys. Rev. Lett. 108, 9105 (2020)."),
        ("4", "N. C. Davies and B. Knuth, Phys. Rev. Lett. 50, 348 (1968)."),
    ]
    y -= 10
    for label, text in entries:
        runs += _glyph_runs(label, 72, y + 3.4, 5.5, 3.5)
        runs += _glyph_runs(text, 72 + 3.5 * len(label), y, 8, 4.8)
        y -= 9.2
    texts = [ln.text for ln in page_lines(runs, 1, 612)]
    assert texts[-4:] == [label + text for label, text in entries]


def test_a_spacing_accent_set_a_little_below_its_letters_baseline_joins_the_letter() -> None:
    # pdfTeX's \accent lowers the accent by the letter's height below the x-height: over
    # an "o" the diaeresis stands about 0.4 pt below the line's baseline.
    head = Run("Streitberg B, R", 89.3, 159.6, 730.9, 10, "CMR10")
    accent = Run("\u00a8", 159.6, 164.6, 730.5, 10, "CMR10")
    tail = Run(
        "ohmel J (1986). Exact Distributions for Permutation and Rank",
        159.6,
        506,
        730.9,
        10,
        "CMR10",
    )
    lines = page_lines([head, accent, tail], 1, 595.28)
    assert [ln.text for ln in lines] == [
        "Streitberg B, R\u00f6hmel J (1986). Exact Distributions for Permutation and Rank"
    ]


def test_a_spacing_accent_set_before_its_letter_leaves_the_word_whole() -> None:
    # A writer that sets the accent as a character of its own, before the letter and not
    # over it (Qt typesetting "Terzi\u00b4c"): the accent goes onto the letter after it,
    # and the word keeps no gap where the accent stood.
    runs = [
        Run("Diemand J., Terzi", 72, 140, 700, 10, "F"),
        Run("\u00b4", 140, 143.3, 700, 10, "F"),
        Run("c B., 2006, AJ, 132", 143.3, 240, 700, 10, "F"),
    ]
    assert [ln.text for ln in page_lines(runs, 1, 595.28)] == [
        "Diemand J., Terzi\u0107 B., 2006, AJ, 132"
    ]


def test_spacing_accents_set_over_one_another_go_onto_no_accent() -> None:
    # A music score's glyphs map to spacing accents (a caron for a note's head), several
    # drawn at one place: none is a letter to put another on (the page was refused as
    # damaged when one was).
    caron = "\u02c7"
    runs = [Run(caron, 100, 104, 700, 10, "F"), Run(caron, 100, 104, 700, 10, "F"),
            Run(caron, 100.5, 104.5, 700, 10, "F"), Run("G", 120, 127, 700, 10, "F")]  # fmt: skip
    lines = page_lines(runs, 1, 595.28)
    assert "".join(ln.text for ln in lines).replace(" ", "") == "\u02c7\u02c7\u02c7G"


def test_a_letter_spaced_line_drawn_glyph_by_glyph_reads_as_its_words() -> None:
    # A justified line that holds one long word (a URL broken after a slash) is spread
    # by spacing its letters (Qt; InDesign's single-word justification): every glyph a
    # letter space apart, wider than a word space. The word space in it is wider still.
    runs: list[Run] = []
    y = 700.0
    for text in ("Nicolis C and Nicolis G 1998 Physical Review", "E 58 4391-4400"):
        runs += _glyph_runs(text, 72, y, 8, 4.4)
        y -= 9.3
    x = 72.0
    for word in ("URL", "http://link.aps.org/doi/10.1103/"):
        for ch in word:
            runs.append(Run(ch, x, x + 4.4, y, 8, "A"))
            x += 4.4 + (0 if ch == "/" else 3.1)  # a letter space of 3.1 pt (none after /)
        x += 2.2  # and a word space
    texts = [ln.text for ln in page_lines(runs, 1, 595.28)]
    assert texts[-1] == "URL http://link.aps.org/doi/10.1103/"
    # Letters set apart in a row of their own are not run together when the gaps vary.
    loose: list[Run] = []
    x = 72.0
    for i, ch in enumerate("abcdefgh"):
        loose.append(Run(ch, x, x + 4, 600, 8, "A"))
        x += 4 + (3.0 if i % 2 else 6.0)
    assert page_lines(runs + loose, 1, 595.28)[-1].text == "a b c d e f g h"


def test_a_short_word_spread_over_a_justified_line_of_its_own_reads_as_one_word() -> None:
    # The next word did not fit: the writer (Qt) spreads the one word left over the line,
    # its letters several ems apart, every space equal. Single letters spaced unequally
    # so wide stay apart.
    runs: list[Run] = []
    y = 700.0
    for text in ("Smith, A., Jones, B., Miller, C. and", "Fischer, K. (2001) A title. J. Stud. 3"):
        runs += _glyph_runs(text, 72, y, 8, 4.4)
        y -= 9.3
    for i, ch in enumerate("Garcia,"):
        runs.append(Run(ch, 72 + i * 32.4, 76.4 + i * 32.4, y, 8, "A"))  # 28 pt: 3.5 ems
    uneven = [Run(ch, 72 + i * 30 + (i % 2) * 6, 76.4 + i * 30 + (i % 2) * 6, y - 20, 8, "A")
              for i, ch in enumerate("abcdefg")]  # fmt: skip
    texts = [ln.text for ln in page_lines(runs + uneven, 1, 595.28)]
    assert texts[2] == "Garcia,"
    assert texts[3:] == list("abcdefg")  # gaps this wide part lines


def test_a_justified_line_beside_an_indented_line_of_the_next_column_is_cut_at_the_gutter() -> None:
    # Left: a justified line of three words spread over the column (the next word, long,
    # did not fit), its spaces as wide as the gutter and the next column's hanging indent
    # together. Right, on the same baseline: an entry's indented continuation line.
    row = [
        Run("orbits", 77.1, 102.4, 265.2, 8.5, "F"),
        Run("andisomonodromic", 140.5, 204.8, 265.2, 8.5, "F"),
        Run("tau", 242.9, 289.0, 265.2, 8.5, "F"),
        Run("physics, Contemp. Math. 391, Amer. Math.", 326.4, 538.3, 265.2, 8.5, "F"),
    ]
    lines = group_lines(row, 1, gutter=297.5, right_start=306.0)
    assert [ln.text for ln in lines] == [
        "orbits andisomonodromic tau",
        "physics, Contemp. Math. 391, Amer. Math.",
    ]


def test_a_tilde_after_a_slash_stays_a_urls_tilde() -> None:
    runs = [
        Run("2008. http://qwone.com/", 72, 160, 700, 10, "F"),
        Run("\u02dc", 160, 165, 700, 10, "F"),
        Run("jason/20Newsgroups", 165, 250, 700, 10, "F"),
    ]
    assert [ln.text for ln in page_lines(runs, 1, 595.28)] == [
        "2008. http://qwone.com/~jason/20Newsgroups"
    ]


def test_a_justified_line_in_one_column_stays_whole_beside_the_other_columns_line() -> None:
    # Left: a justified line whose word spaces are stretched alike, each wider than a
    # column gap; right, on the same baseline, the other column's line in its own words,
    # at the hanging indent (so the gutter's gap is no space of the left line's).
    row = [
        Run("recapitulates", 77.1, 133.8, 66.0, 8.5, "F"),
        Run("phenotypes", 153.1, 202.8, 66.0, 8.5, "F"),
        Run("observed", 222.1, 261.5, 66.0, 8.5, "F"),
        Run("in", 280.8, 289.0, 66.0, 8.5, "F"),
        Run("(2016) The human mixed lineage leukemia 5", 326.4, 538.3, 66.0, 8.5, "F"),
    ]
    lines = group_lines(row, 1, gutter=297.5, right_start=306.0)
    assert [ln.text for ln in lines] == [
        "recapitulates phenotypes observed in",
        "(2016) The human mixed lineage leukemia 5",
    ]


def test_small_capitals_and_short_words_stay_on_their_line() -> None:
    # Word-style small capitals: the capital at the text size, the rest smaller; the name
    # starts the line, so its pieces lie left of every other run of the line.
    runs: list[Run] = []
    for i in range(6):
        x, y = 72.0, 700.0 - 12 * i
        for text, size in [
            ("S", 10),
            ("MITH", 8),
            (", J., ", 10),
            ("B", 10),
            ("ROWN", 8),
            (f", K. (200{i}). A title of a paper that runs on.", 10),
        ]:
            width = len(text) * size * 0.5
            runs.append(Run(text, x, x + width, y, size, "Times-Roman"))
            x += width
    # a short word set apart at the start of a line: "In" before an italic title
    runs.append(Run("In", 72, 80, 620, 10, "Times-Roman"))
    runs.append(Run("Proceedings of the Conference", 83, 200, 620, 10, "Times-Italic"))
    texts = [ln.text for ln in page_lines(runs, 1, 595.28)]
    assert texts[:2] == [
        "SMITH, J., BROWN, K. (2000). A title of a paper that runs on.",
        "SMITH, J., BROWN, K. (2001). A title of a paper that runs on.",
    ]
    assert len(texts) == 7 and texts[-1] == "In Proceedings of the Conference"


def test_the_lowered_e_of_a_logo_in_a_row_of_short_pieces_stays_on_its_line() -> None:
    # "на LaTeX." at a paragraph's end, every piece short enough to be a mark: the raised
    # small "A" opened the row (it stands highest), and the lowered "E" was measured from
    # it, too far below to join, so it became a line of its own under the paragraph.
    runs = [
        Run("комплекта graphics като grfguide.tex, достъпен в", 116.2, 452.6, 185.9, 10.9, "F1"),
        Run("на", 116.2, 127.7, 172.37, 10.9, "F1"),
        Run("L", 131.3, 138.1, 172.37, 10.9, "F1"),
        Run("A", 134.2, 140.5, 174.4, 8.0, "F1"),
        Run("T", 138.9, 146.7, 172.37, 10.9, "F1"),
        Run("E", 144.9, 152.3, 170.03, 10.9, "F1"),
        Run("X", 150.9, 159.1, 172.37, 10.9, "F1"),
        Run(".", 159.1, 162.1, 172.37, 10.9, "F1"),
    ]
    lines = group_lines(runs, 1)
    assert [ln.text for ln in lines] == [
        "комплекта graphics като grfguide.tex, достъпен в",
        "на LATEX.",
    ]
