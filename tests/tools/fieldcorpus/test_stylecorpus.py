"""Strings from any independent CSL style, with the style's family; the cache feeds the recipe."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

pytest.importorskip("citeproc")

from tools.fieldcorpus.build import build_corpus, load_style_cache
from tools.fieldcorpus.records import RecordGenerator
from tools.fieldcorpus.render import CslRenderer
from tools.fieldcorpus.stylecorpus import (
    build,
    independent_styles,
    render_style,
)


def test_there_are_thousands_of_independent_styles() -> None:
    assert len(independent_styles()) > 2000


def test_a_style_renders_labelled_strings_and_its_family() -> None:
    family, samples = render_style(CslRenderer(), "apa", RecordGenerator(1), random.Random(1), 4)
    assert "{author}" in family and "{title}" in family and "{container-title}" in family
    assert len(samples) == 4
    for sample in samples:
        assert len(sample.text) == len(sample.labels) and "title" in sample.labels


def test_the_cache_feeds_the_recipe(tmp_path: Path) -> None:
    out = tmp_path / "styles.jsonl.gz"
    build(out, per_style=3, seed=2, limit=6)
    with gzip.open(out, "rt", encoding="utf-8") as fh:
        lines = [json.loads(line) for line in fh]
    assert lines and {"text", "spans", "source"} <= set(lines[0])
    cache = load_style_cache(out)

    def every(style: str, family: str) -> bool:
        return bool(style and family)

    corpus = build_corpus(40, seed=2, cache=cache, keep=every, synth_share=0.2, house_share=0.2)
    assert 30 <= len(corpus) <= 40  # the tiny cache holds 18 strings
    assert {ex.source for ex in corpus} & {sample.style for sample, _ in cache}
