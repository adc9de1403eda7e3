"""benchmarks.real_cv: the generated part of a fold's training set, by seed."""

from __future__ import annotations

from pathlib import Path

from benchmarks.real_cv import generated


def test_generated_strings_are_cached_per_seed(tmp_path: Path) -> None:
    seven = generated(30, tmp_path, seed=7)
    eight = generated(30, tmp_path, seed=8)
    assert [e.text for e in seven] != [e.text for e in eight]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "generated-30-seed7.jsonl.gz",
        "generated-30-seed8.jsonl.gz",
    ]
    # read back from the cache, not rendered again
    assert [e.text for e in generated(30, tmp_path, seed=8)] == [e.text for e in eight]
