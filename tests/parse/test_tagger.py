"""The field parser's tagger: a stacked library model's labelling, with and without the
veto of the base model's labelling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from refmanager.parse import tagger
from refmanager.parse.tokens import tokenize


class _Fixed:
    """A tagger that gives one labelling, and a fair probability to any other."""

    def __init__(self, label: str) -> None:
        self.label = label

    def tag(self, xseq: list[list[str]]) -> list[str]:
        return [self.label] * len(xseq)

    def probability(self, labels: list[str]) -> float:
        return 0.5

    def marginal(self, label: str, i: int) -> float:
        return 0.9 if label == self.label else 0.1


def _tag_with_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, further: bool) -> list[str]:
    library = tmp_path / "library.crfsuite"
    library.write_bytes(b"")
    marker = tagger.stacked_marker(None, further=further)
    Path(str(library) + tagger.STACKED_SUFFIX).write_text(marker, encoding="utf-8")
    shipped, stacked = _Fixed("title"), _Fixed("container-title")

    def open_fake(path: Path | None = None) -> Any:
        return stacked if path == library else shipped

    monkeypatch.setattr(tagger, "open_tagger", open_fake)
    toks = tokenize("Mirrors of the Sea, Coastal Letters 4 (2001)")
    return tagger.tag_sequence(toks, None, library).labels


def test_a_stacked_model_that_is_not_sure_keeps_the_base_labelling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the library model gives the shipped labelling a fair probability (0.5): the veto
    # (KEEP_BASE_ABOVE) keeps it
    labels = _tag_with_library(tmp_path, monkeypatch, further=False)
    assert set(labels) == {"title"}


def test_a_stacked_model_that_reaches_further_uses_its_own_labelling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # its marker says its lessons were checked on held-out corrections: no veto
    labels = _tag_with_library(tmp_path, monkeypatch, further=True)
    assert set(labels) == {"container-title"}


def test_the_marker_names_the_adapted_model_and_whether_it_reaches_further(
    tmp_path: Path,
) -> None:
    base = tmp_path / "fold.crfsuite"
    base.write_bytes(b"")
    model = tmp_path / "library.crfsuite"
    marker = Path(str(model) + tagger.STACKED_SUFFIX)
    marker.write_text(tagger.stacked_marker(base, further=True), encoding="utf-8")
    assert tagger.base_of(model) == base and tagger.reaches_further(model)
    marker.write_text(tagger.stacked_marker(base), encoding="utf-8")
    assert tagger.base_of(model) == base and not tagger.reaches_further(model)
    # a marker written before 2026-12-06 has one line: the veto applies
    marker.write_text("adapts the shipped model\n", encoding="utf-8")
    assert tagger.base_of(model) is None and not tagger.reaches_further(model)


def test_the_tagger_is_given_the_features_as_utf8_bytes() -> None:
    """``encoded_features`` is ``features`` encoded, styles, CJK text and the cache's
    second reading included: a plain model reads the same attributes either way."""
    from refmanager.parse.features import encoded_features, features

    text = (
        '[3] Müller, J.-P. & 王伟 "Deep (nets)": a survey. In: Proc. ICML, pp. 1–9, 2020. '
        "doi:10.1000/x.1 https://example.org/a"
    )
    toks = tokenize(text)
    for styles in (None, [(0, 12, "italic"), (8, 40, "bold"), (50, 60, "roman")]):
        for _ in range(2):  # made, then read from the caches
            expected = [[f.encode() for f in row] for row in features(toks, styles)]
            assert encoded_features(toks, styles) == expected
