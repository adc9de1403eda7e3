"""Corrections: labelled examples kept for the parser."""

from __future__ import annotations

from refmanager.library import Library

from .conftest import FLASH


def test_corrections_are_stored_as_labelled_examples(filled: Library) -> None:
    item = FLASH.to_csl()
    cid = filled.corrections.add_correction(FLASH.raw, item, reference_id=1)
    [stored] = filled.corrections.corrections()
    assert (stored.id, stored.reference_id, stored.raw) == (cid, 1, FLASH.raw)
    assert stored.csl["title"] == FLASH.get("title")
    filled.references.delete_references([1])
    assert (
        filled.corrections.corrections()[0].reference_id is None
    )  # the example outlives the reference
    filled.corrections.delete_correction(cid)
    assert filled.corrections.corrections() == []
