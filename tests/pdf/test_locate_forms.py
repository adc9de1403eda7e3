"""Finding a list whatever form its heading and labels take (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography
from refmanager.pdf.headings import is_heading, names_bibliography
from refmanager.pdf.layout import Line
from tests.pdf.pdfbuild import Text, column, write_pdf, write_unicode_pdf
from tests.pdf.test_read import BODY


@pytest.mark.parametrize(
    "text",
    [
        "R E F E R E N C E S",
        "ＲＥＦＥＲＥＮＣＥＳ",
        "参 考 文 献",
        "参考文献",
        "Works Cited",
        "Literature Cited",
        "Notes and References",
        "Literatur",
        "Bibliographie",
        "Références",
        "Referencias",
        "Referências",
        "文献",
        "참고 문헌",
        "문헌 목록",
    ],
)
def test_heading_words_in_every_form(text: str) -> None:
    assert names_bibliography(text)
    assert is_heading(Line(1, text, 72, 200, 700, 10), 10.0)


@pytest.mark.parametrize("text", ["R E F E R E N C E S   A N D", "Ref er ence is made", "文献综述"])
def test_text_that_only_contains_the_words_is_no_heading(text: str) -> None:
    assert not names_bibliography(text)


def _chinese_paper(path: Path, labels: tuple[str, str], bold: bool) -> Path:
    body = ["本文研究了一种新的方法，用于处理大规模数据的问"] * 30
    rows = []
    for n in range(1, 9):
        text = f"张三，李四．一种新的数据处理方法［J］．计算机学报，20{10 + n}，{n}(3)：1-10．"
        entry = f"{labels[0]}{n}{labels[1]}{text}"
        rows += [entry[:24], entry[24:]]
    heading = Text(120, 190, "参 考 文 献", 10, "F3" if bold else "F1")
    # The heading at the foot of the left column, the list at the top of the right one.
    page = [*column(50, 800, body, leading=20), heading, *column(310, 800, rows, leading=14)]
    return write_unicode_pdf(path, [page])


@pytest.mark.parametrize("labels", [("［", "］"), ("【", "】"), ("[", "]")])
@pytest.mark.parametrize("bold", [True, False])
def test_a_letter_spaced_chinese_heading_at_a_columns_foot_and_full_width_labels(
    tmp_path: Path, labels: tuple[str, str], bold: bool
) -> None:
    bib = read_bibliography(_chinese_paper(tmp_path / "zh.pdf", labels, bold))
    assert [e.label for e in bib.entries] == [str(n) for n in range(1, 9)]
    assert bib.entries[0].raw.endswith("1(3)：1-10．")


def test_a_numbered_appendix_after_the_list_does_not_hide_its_heading(tmp_path: Path) -> None:
    rows = []
    for n in range(1, 31):
        rows.append(f"Author{n}, A. and Writer, B. ({1990 + n}). A title of the paper number {n}.")
        rows.append(f"  Journal of Things, {n}(2), 1-{n + 9}.")
    pages = [column(72, 780, BODY * 20) for _ in range(4)]
    pages.append(
        [*column(72, 780, BODY * 4), Text(72, 680, "References", 12, "F3"),
         *column(72, 660, rows[:40], indent=15)]
    )  # fmt: skip
    pages.append(column(72, 780, rows[40:], indent=15))
    proof = [
        f"{k}. Let step {k} hold for every x in the set; it holds for x + 1." for k in range(40)
    ]
    for k in range(3):
        pages.append([Text(72, 780, f"A.{k} Proofs", 12, "F3"), *column(72, 760, proof)])
    bib = read_bibliography(write_pdf(tmp_path / "stats.pdf", pages))
    assert len(bib.entries) == 30, bib.notes
    assert bib.entries[0].raw.startswith("Author1, A.")
    assert not any("Let step" in e.raw for e in bib.entries)


def test_a_heading_without_entries_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.pdf import pipeline

    rows = ["[1] A. Author. A title. 2001.", "[2] B. Author. Two. 2002."]
    page = [*column(72, 780, BODY), Text(72, 740, "References", 13, "F3"), *column(72, 720, rows)]
    pdf = write_pdf(tmp_path / "r.pdf", [page])
    # A reading that ends with nothing whole (every entry a fragment, say) and no reason.
    monkeypatch.setattr(pipeline, "_reading", lambda *_, **__: ([], [], ""))
    bib = read_bibliography(pdf)
    assert bib.notes == [
        "no bibliography found (the lines after the heading on page 1 do not read as entries)"
    ]


@pytest.mark.parametrize(
    "text",
    ["Quellen- und Literaturverzeichnis", "Verwendete Literatur", "Ouvrages cités",
     "Literatura citada", "Obras citadas", "Referencias bibliograficas", "Bibliografia citata",
     "[参考文献]", "【参考文献】", "参考文献（References）", "3 Reference bibliography",
     "Bibliographic references"],
)  # fmt: skip
def test_headings_of_the_six_languages_lists(text: str) -> None:
    assert names_bibliography(text)
    assert is_heading(Line(1, text, 72, 200, 700, 10), 10.0)


@pytest.mark.parametrize("heading", ["Literatura citada", "Verwendete Literatur", "Obras citadas"])
def test_a_list_under_a_heading_of_the_six_languages_is_found_whole(
    tmp_path: Path, heading: str
) -> None:
    rows = [
        f"Grafo, Ana{n} ({2000 + n}). Los grafos del bosque {n}. Grafia: Arista." for n in range(8)
    ]
    body = ["Este trabajo estudia los grafos de los bosques de la región y presenta los datos,"]
    page = [*column(72, 780, body * 8), Text(72, 650, heading, 12, "F3"), *column(72, 630, rows)]
    bib = read_bibliography(write_pdf(tmp_path / "es.pdf", [page]))
    assert [e.raw for e in bib.entries] == rows


def test_a_running_head_set_over_both_columns_is_not_the_heading(tmp_path: Path) -> None:
    # The list's pages carry "BIBLIOGRAPHY" atop each column, on one baseline: the heading
    # is the bold one under it, not the right column's running head (sweep9).
    body = ["The method projects samples onto an axis", "and the tables summarise the sets."] * 14

    def head(text: str) -> list[Text]:
        return [Text(55, 800, text, 10, "F2"), Text(460, 800, text, 10, "F2")]

    rows = [
        "Ada Arden. Projection of grouped samples",
        "  onto an axis of two centroids. Journal",
        "  of Made-up Statistics, 12(3):45-67, 2015.",
        "",
        "Dana Dorn and Eli Evers. Scoring sets of",
        "  features by their divergence from an",
        "  axis. In Proceedings of the Meeting on",
        "  Invented Methods, pages 1-9, 2016.",
        "",
        "Fay Fenn and Gus Grant. Enrichment of",
        "  tested sets under a selection bias in",
    ]
    rest = ["  counts of reads. Annals of Sample Biology,", "  8(1):101-118, 2017."]
    pages = [
        [*head("A NOTE ON GROUPS"), *column(55, 760, body), *column(306, 760, body)],
        [*head("A NOTE ON GROUPS"), *column(55, 760, body), *column(306, 760, body[:10])],
        [*head("BIBLIOGRAPHY"), Text(55, 760, "Bibliography", 14, "F3"),
         *column(55, 736, rows, indent=10), *column(306, 760, rest, indent=10),
         Text(306, 700, "Gus Grant"), Text(306, 688, "University of Somewhere")],
    ]  # fmt: skip
    bib = read_bibliography(write_pdf(tmp_path / "heads.pdf", pages))
    assert bib.heading == "'Bibliography' on page 3"
    firsts = [e.raw.split(".")[0] for e in bib.entries[:3]]
    assert firsts == ["Ada Arden", "Dana Dorn and Eli Evers", "Fay Fenn and Gus Grant"]
    assert bib.entries[2].raw.endswith("8(1):101-118, 2017.")
