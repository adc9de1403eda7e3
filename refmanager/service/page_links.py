"""Use case: link a point on a document's page to the reference printed there."""

from __future__ import annotations

from refmanager.library import Library

MARGIN = 2.0  # points around an entry's box that still count as on it


def reference_at(lib: Library, document_id: int, page: int, x: float, y: float) -> int | None:
    """The reference of ``document_id`` whose box on ``page`` (1-based, as stored) holds
    the point (PDF points); the smallest box wins; a merged reference gives the one it
    went into."""
    best: tuple[float, int] | None = None
    for stored in lib.documents.references_of(document_id):
        target = stored.merged_into if stored.merged_into is not None else stored.id
        for loc in stored.reference.location:
            if loc.page != page:
                continue
            x0, y0, x1, y1 = loc.bbox
            lo_x, hi_x = min(x0, x1) - MARGIN, max(x0, x1) + MARGIN
            lo_y, hi_y = min(y0, y1) - MARGIN, max(y0, y1) + MARGIN
            if lo_x <= x <= hi_x and lo_y <= y <= hi_y:
                area = (hi_x - lo_x) * (hi_y - lo_y)
                if best is None or area < best[0]:
                    best = (area, target)
    return best[1] if best else None
