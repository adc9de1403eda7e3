"""benchmarks.real_strings_scored: the held-out strings judged as score.py judges fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_strings_scored import main, source_of

SCORE = Path(__file__).resolve().parents[2].parent / "shared" / "bench" / "score.py"


@pytest.mark.parametrize(
    ("group", "source"),
    [
        ("grobid:citations.xml#12", "grobid"),
        ("anystyle#3", "anystyle"),
        ("evaluation", "evaluation"),
    ],
)
def test_a_strings_source_is_its_groups_head(group: str, source: str) -> None:
    assert source_of(group) == source


def test_no_fold_models_is_a_clear_refusal(tmp_path: Path) -> None:
    if not SCORE.is_file():
        pytest.skip("no ../shared/bench/score.py")
    with pytest.raises(SystemExit, match="no fold model"):
        main([str(tmp_path)])
