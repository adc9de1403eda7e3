"""extract_pdf: the list found is judged by what reads as references (issue 22)."""

from __future__ import annotations

from pathlib import Path

from refmanager.service.extract import extract_pdf
from tests.pdf.test_pipeline import ENTRIES, _manual


def test_a_manual_whose_last_bibliography_section_is_code_gives_its_list(
    tmp_path: Path,
) -> None:
    result = extract_pdf(_manual(tmp_path / "manual.pdf"))
    assert [r.raw for r in result.references] == ENTRIES
    assert not result.notes


def test_a_section_about_references_says_where_it_was_read_and_that_it_is_code(
    tmp_path: Path,
) -> None:
    from tests.pdf.pdfbuild import Text, column, write_pdf
    from tests.pdf.test_pipeline import CODE_SECTION
    from tests.pdf.test_read import BODY

    code = [f"{n} \\newcommand{{\\item{n}}}{{\\list{{\\label{{#{n}}}}}}}" for n in range(1, 9)]
    page = [*column(72, 780, BODY * 4), Text(72, 690, "4.2 References", 13, "F3"),
            *column(72, 670, [*CODE_SECTION[:2], *code])]  # fmt: skip
    result = extract_pdf(write_pdf(tmp_path / "doc.pdf", [page]))
    assert not result.references
    [note] = [n for n in result.notes if n.startswith("no bibliography found")]
    assert "under the heading '4.2 References' on page 1" in note
    assert "reads as a reference; they are code, such as" in note
