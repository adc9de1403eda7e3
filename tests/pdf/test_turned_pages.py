"""A page shown turned by its /Rotate reads as a viewer shows it."""

from __future__ import annotations

from pathlib import Path

from refmanager.pdf import read_bibliography
from tests.pdf.pdfbuild import SAMPLE_BODY, SAMPLE_ENTRIES, Text, column, write_pdf

BODY = SAMPLE_BODY
ENTRIES = SAMPLE_ENTRIES


def test_a_page_shown_turned_by_its_rotate_reads_as_shown(tmp_path: Path) -> None:
    # A landscape report set on portrait pages with /Rotate 90, its text drawn turned so
    # that a viewer shows it upright: it reads as shown, not as a side stamp (the report
    # was refused as having no text layer).
    rows = [line for entry in ENTRIES for line in (*entry, "")]
    page = [*column(72, 540, BODY * 8), Text(72, 330, "References", 14.4, "F3"),
            *column(72, 305, rows, indent=12, leading=14.5)]  # fmt: skip
    path = write_pdf(tmp_path / "report.pdf", [page], width=842.0, height=595.0, rotate=90)
    whole = [" ".join(line.strip() for line in entry) for entry in ENTRIES]
    assert [e.raw for e in read_bibliography(path).entries] == whole
