"""Every decision record opens with one header form: its number and title, then Status and
Date lines (``docs/decisions/0001-record-architecture-decisions.md``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RECORDS = sorted((Path(__file__).resolve().parents[1] / "docs" / "decisions").glob("[0-9]*.md"))
HEADER = re.compile(r"# (\d{4}): \S.*\n\n- Status: \S.*\n- Date: \d{4}-\d\d-\d\d\n")


@pytest.mark.parametrize("record", RECORDS, ids=[r.name[:4] for r in RECORDS])
def test_a_decision_record_opens_with_number_title_status_and_date(record: Path) -> None:
    text = record.read_text(encoding="utf-8")
    found = HEADER.match(text)
    assert found is not None, f"{record.name}: '# NNNN: Title', '- Status: ...', '- Date: ...'"
    assert found.group(1) == record.name[:4]
