"""extract_pdf: the list found is judged by what reads as references (issue 22)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from refmanager.model import Reference
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


def test_a_list_asked_about_again_is_parsed_and_weighed_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import refmanager.parse
    from refmanager.model import Entry
    from refmanager.service.extract import Judge

    parsed: list[int] = []
    parse_entries = refmanager.parse.parse_entries

    def counted(entries: list[Entry], *args: Any) -> list[Reference]:
        parsed.append(len(entries))
        return parse_entries(entries, *args)

    monkeypatch.setattr(refmanager.parse, "parse_entries", counted)
    listed = [Entry(raw=raw) for raw in ENTRIES]
    judge = Judge()
    assert judge.kept(listed) is None
    found = judge(listed)
    assert found == len(ENTRIES) and judge(listed) == found  # the list found, asked again
    assert parsed == [len(ENTRIES)]
    kept = judge.kept(listed)
    assert kept is not None and [r.raw for r in kept[0]] == ENTRIES
    # an equal list is another reading's: it is judged on its own
    assert judge([Entry(raw=raw) for raw in ENTRIES]) == found
    assert parsed == [len(ENTRIES)] * 2
