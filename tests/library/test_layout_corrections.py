"""Layout corrections: labelled documents kept for the line model; reference order."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.model import DocumentMeta, Reference


def _example(label: str) -> dict[str, object]:
    return {"page_sizes": {"1": 842.0}, "lines": [[1, 0, 72, 300, 700, 10, 0, 0, "x", label]]}


def test_layout_corrections_keep_each_document_s_newest_for_training(filled: Library) -> None:
    doc = filled.documents.add_document(DocumentMeta(title="A"), [])
    first = filled.layout.add_layout_correction(doc, "bounds", _example("start"))
    second = filled.layout.add_layout_correction(doc, "not-reference", _example("other"))
    loose = filled.layout.add_layout_correction(None, "merge", _example("in"))
    assert [c.id for c in filled.layout.layout_corrections()] == [first, second, loose]
    latest = filled.layout.layout_corrections(latest_only=True)
    assert [c.id for c in latest] == [second, loose]
    assert latest[0].example["lines"] == [[1, 0, 72, 300, 700, 10, 0, 0, "x", "other"]]
    assert filled.layout.layout_correction_counts() == {"bounds": 1, "not-reference": 1, "merge": 1}
    filled.layout.delete_layout_correction(second)
    assert [c.id for c in filled.layout.layout_corrections(latest_only=True)] == [first, loose]
    filled.documents.delete_document(doc)
    assert filled.layout.layout_corrections()[0].document_id is None  # the example outlives it


def test_positions_shift_to_make_room_and_close_gaps(filled: Library) -> None:
    doc = filled.documents.add_document(
        DocumentMeta(title="B"), [Reference(raw=str(i)) for i in range(4)]
    )
    ids = [s.id for s in filled.documents.references_of(doc)]
    filled.layout.shift_positions(doc, 1, 1)
    assert [s.position for s in filled.documents.references_of(doc)] == [0, 1, 3, 4]
    filled.layout.set_position(ids[3], 2)
    assert [s.id for s in filled.documents.references_of(doc)] == [ids[0], ids[1], ids[3], ids[2]]
    filled.layout.shift_positions(doc, 0, -1)
    assert [s.position for s in filled.documents.references_of(doc)] == [0, 0, 1, 2]
