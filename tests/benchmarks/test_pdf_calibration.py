"""benchmarks.pdf_calibration: fields judged as calibration.py judges them, rows' evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.pdf_calibration import STRINGS, judged_fields, row_of, sample_groups
from refmanager.parse import Example
from refmanager.parse.confidence import evidence
from refmanager.parse.parser import parse_uncalibrated

SCORE = Path(__file__).resolve().parents[2].parent / "shared" / "bench" / "score.py"
ENTRY = "Roe, A. (2001). A study of small things. Journal of Stuff, 12, 33-45."


@pytest.fixture
def sc():  # type: ignore[no-untyped-def]
    if not SCORE.is_file():
        pytest.skip("no ../shared/bench/score.py")
    from benchmarks._util import bench_scorer

    return bench_scorer()


def test_fields_are_judged_by_value_or_by_the_entry_printing_them(sc) -> None:  # type: ignore[no-untyped-def]
    gold = {"id": 0, "_raw": ENTRY, "title": "A Study of Small Things", "issued": {"raw": "2001"}}
    item = {"title": "A study of small things.", "issued": {"raw": "2002"}, "page": "33-45"}
    assert judged_fields(sc, item, gold) == {"title": True, "year": False, "page": True}
    assert judged_fields(sc, item, None) == {"title": False, "year": False, "page": False}


def test_a_row_scores_each_field_once_the_unjudged_ones_for_the_row(sc) -> None:  # type: ignore[no-untyped-def]
    ref, _, tagging = parse_uncalibrated(ENTRY)
    gold = {"id": 0, "_raw": ENTRY, "title": "A study of small things", "issued": {"raw": "2001"}}
    row = row_of(sc, ref, evidence(ref, tagging), where=(2, STRINGS), gold=gold, right=False)
    assert (row.fold, row.path) == (2, STRINGS)
    assert row.fields["year"][1] is True and row.fields["title"][1] is True
    # every field the parser scored is read once: the year as "year", not again as "issued"
    scored = set(ref.confidence) - {"type"}
    named = {"issued" if f == "year" else f.lstrip("~") for f in row.fields}
    assert named == scored and len(row.fields) == len(scored)


def test_documents_are_sampled_by_size() -> None:
    real = [(Example("x", ["O"]), g) for g in ["a", "a", "a", "b", "c", "c", "c"]]
    assert sorted(sample_groups(real, 0, 1, 3)) == ["a", "c"]
    assert len(sample_groups(real, 1, 1, 1)) == 1


def test_the_report_gives_fields_and_rows_per_path_the_row_capped_as_the_app_caps_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from benchmarks.pdf_calibration import PDF, Row, report

    weights = {0: {"field": {"low": -3.0, "high": 3.0}, "row": {"bias": 3.0}}}
    rows = [
        Row(
            0,
            path,
            [("bias", 1.0)],
            {"title": ([("high", 1.0)], True), "~x": ([("low", 1.0)], True)},
            True,
        )
        for path in (STRINGS, PDF)
        for _ in range(3)
    ]
    report(rows, weights)
    out = capsys.readouterr().out
    assert out.count("confidence     n") == 4  # fields and rows, for both paths
    capped = [line for line in out.splitlines() if line.startswith("rows ")]
    alone = [line for line in out.splitlines() if "row model alone" in line]
    assert len(capped) == len(alone) == 2
    # the row is capped at its lowest field's 0.05 (a bin of its own), the model says 0.95
    assert "0.0-0.1    3" in out and "0.9-1.0    3" in out
