"""benchmarks.sweep's report: refusals are counted by their reason."""

from __future__ import annotations

import pytest

from benchmarks.sweep import Outcome, refusal, report


def test_refusals_are_counted_by_their_reason(capsys: pytest.CaptureFixture[str]) -> None:
    # A reason that stands for the reader's own error ("damaged": any Python error on a
    # page) shows, whichever file and page it came from.
    damaged = "no page text could be read (page {}: text could not be read (the page's "
    damaged += "description is damaged))"
    outcomes = [
        Outcome("/d/a.pdf", "refused", notes=["/d/a.pdf: " + damaged.format(1)]),
        Outcome("/d/b.pdf", "refused", notes=["/d/b.pdf: " + damaged.format(22)]),
        Outcome("/d/c.pdf", "refused", notes=["/d/c.pdf: has no text layer"]),
        Outcome("/d/e.pdf", "refs", references=3, rows=["A. Ada. T. 2001."] * 3),
    ]
    assert refusal(outcomes[1]) == damaged.format("N")
    report(outcomes)
    out = capsys.readouterr().out
    assert "refusals by reason:\n      2  " + damaged.format("N") in out
    assert "      1  has no text layer" in out
