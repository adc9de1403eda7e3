"""A library's own model learns a user's corrections quickly (train_library)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.model import Date, Name, Reference
from refmanager.parse import example_from_correction, parse_reference
from refmanager.parse.training.build import build_corpus, train_library

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
    stats = train_library(path, [fix], base=build_corpus(30, seed=3), max_iterations=60)
    assert path.is_file()
    assert stats["corrections"] == 1 and stats["examples"] == 30 + 40
    ref = parse_reference(RAW, path)
    assert ref.get("container-title") == "Energie Berichte"
    assert ref.get("volume") == "7"
    assert [n.family for n in ref.author] == ["Weber", "Kowalski"]


def test_library_model_needs_an_aligned_correction(tmp_path: Path) -> None:
    nothing = example_from_correction(RAW, Reference(raw=RAW))
    with pytest.raises(ValueError, match="no usable corrections"):
        train_library(tmp_path / "m.crfsuite", [nothing], base=build_corpus(10, seed=3))
