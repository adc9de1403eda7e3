"""The field parser's tagger: a stacked library model's labelling, with and without the
veto of the base model's labelling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from refmanager.parse import tagger
from refmanager.parse.tokens import tokenize


class _Fixed:
    """A tagger that gives one labelling (``label`` on every token, or the tokens' labels
    of ``pattern`` in turn), and a fair probability to any other."""

    def __init__(self, label: str, pattern: list[str] | None = None) -> None:
        self.label = label
        self.pattern = pattern or [label]

    def tag(self, xseq: list[list[str]]) -> list[str]:
        return [self.pattern[i % len(self.pattern)] for i in range(len(xseq))]

    def probability(self, labels: list[str]) -> float:
        return 0.5

    def marginal(self, label: str, i: int) -> float:
        return 0.9 if label == self.label else 0.1


def _tag_with_library(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    further: bool,
    pattern: list[str] | None = None,
    sequences: tuple[tuple[str, ...], ...] = (("title",),),
    text: str = "Mirrors of the Sea, Coastal Letters 4 (2001)",
) -> list[str]:
    library = tmp_path / "library.crfsuite"
    library.write_bytes(b"")
    marker = tagger.stacked_marker(None, further=further, sequences=sequences)
    Path(str(library) + tagger.STACKED_SUFFIX).write_text(marker, encoding="utf-8")
    shipped, stacked = _Fixed("title"), _Fixed("container-title", pattern)

    def open_fake(path: Path | None = None) -> Any:
        return stacked if path == library else shipped

    monkeypatch.setattr(tagger, "open_tagger", open_fake)
    toks = tokenize(text)
    return tagger.tag_sequence(toks, None, library).labels


def test_a_stacked_model_that_is_not_sure_uses_its_labelling_when_no_worse_in_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the library model gives the shipped labelling a fair probability (0.5), but the
    # shipped model reads the reference as it read a corrected one (one title) and the
    # library model's labelling is one field as well: it is used (decision 0035)
    labels = _tag_with_library(tmp_path, monkeypatch, further=False)
    assert set(labels) == {"container-title"}


def test_a_stacked_model_that_is_not_sure_keeps_the_base_labelling_of_other_references(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # no corrected reference read as the shipped model reads this one: the veto
    # (KEEP_BASE_ABOVE) keeps the shipped labelling
    for sequences in ((), (("author", "title"),)):
        labels = _tag_with_library(tmp_path, monkeypatch, further=False, sequences=sequences)
        assert set(labels) == {"title"}


def test_a_stacked_model_that_is_not_sure_keeps_the_base_labelling_over_a_split_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # its own labelling cuts the container in pieces with titles between them: the veto
    # keeps the shipped labelling
    pattern = ["container-title", "title"]
    labels = _tag_with_library(tmp_path, monkeypatch, further=False, pattern=pattern)
    assert set(labels) == {"title"}


def test_a_stacked_model_that_is_not_sure_keeps_the_base_labelling_over_unlabelled_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # its own labelling leaves every other word outside every field
    pattern = ["container-title", "O"]
    labels = _tag_with_library(tmp_path, monkeypatch, further=False, pattern=pattern)
    assert set(labels) == {"title"}


def test_a_stacked_model_that_reaches_further_uses_its_own_labelling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # its marker says its lessons were checked on held-out corrections: no veto, whatever
    # the shape of its labelling
    pattern = ["container-title", "title"]
    labels = _tag_with_library(tmp_path, monkeypatch, further=True, pattern=pattern)
    assert set(labels) == {"container-title", "title"}


def test_no_worse_shape_counts_split_fields_and_unlabelled_words() -> None:
    toks = tokenize("J. Phys. A 26 (1993) 7041")
    base = ["container-title"] * 5 + ["volume", "O", "issued", "O", "page"]
    assert [t.text for t in toks][4:6] == ["A", "26"]
    # the series letter and volume read as a second page: the page is cut in two
    second_page = [*base[:4], "page", "page", *base[6:]]
    assert not tagger.no_worse_shape(toks, second_page, base)
    # the volume left unlabelled: one more word outside every field
    lost_volume = [*base[:5], "O", *base[6:]]
    assert not tagger.no_worse_shape(toks, lost_volume, base)
    # the letter read with the volume, or the volume as an issue: same shape
    assert tagger.no_worse_shape(toks, [*base[:4], "volume", *base[5:]], base)
    assert tagger.no_worse_shape(toks, [*base[:5], "issue", *base[6:]], base)
    # punctuation outside every field does not cut a field, nor count as a word
    assert tagger.no_worse_shape(toks, [*base[:1], "O", *base[2:]], base)


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
    assert tagger.read_marker(model).sequences == frozenset()


def test_the_marker_keeps_the_corrected_references_field_sequences(tmp_path: Path) -> None:
    model = tmp_path / "library.crfsuite"
    marker = Path(str(model) + tagger.STACKED_SUFFIX)
    sequences = [("author", "title", "container-title"), ("author", "title"), ()]
    marker.write_text(tagger.stacked_marker(None, sequences=sequences), encoding="utf-8")
    read = tagger.read_marker(model)
    assert read.sequences == frozenset(sequences[:2])
    assert read.base is None and not read.further


def test_a_field_sequence_names_each_run_of_a_field_once() -> None:
    labels = ["author", "author", "O", "title", "O", "title", "container-title", "O", "page"]
    assert tagger.field_sequence(labels) == ("author", "title", "container-title", "page")
    assert tagger.field_sequence(["O", "O"]) == ()


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
