"""Folding: for comparing text, and for ASCII keys."""

from __future__ import annotations

from refmanager.model.text import fold, fold_ascii, strip_accents


def test_fold_for_comparison() -> None:
    assert fold("Müller") == fold("MULLER") == "muller"
    assert fold("ﬁnite ＡＢ") == "finite ab"  # a ligature and full-width letters
    assert fold("中文") == "中文"


def test_fold_ascii_for_keys() -> None:
    assert fold_ascii("Straße-Ærø ĳ") == "strasseaeroij"
    assert fold_ascii("O'Brien 2020") == "obrien2020"


def test_strip_accents() -> None:
    assert strip_accents("Éric Gaüß") == "Eric Gauß"
