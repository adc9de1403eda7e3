"""A document's objects, read by pypdf: pages, content, fonts, bookmarks and metadata.

pypdf opens the file (decryption, repair of a damaged cross-reference table, stream
filters, within the limits of :func:`refmanager.pdf.document.pypdf_limits`). The text of a
page is read by our own interpreter (:mod:`refmanager.pdf.content`) from the page's
decoded content, because it needs the position of each shown string, which pypdf's text
extraction does not give.
"""

from __future__ import annotations

import math
from typing import Any

from pypdf import PageObject, PdfReader

from refmanager.pdf.content import IDENTITY, GlyphFont, Matrix, TextReader
from refmanager.pdf.document import MAX_PAGE_CHARS, MAX_PAGE_CONTENT_BYTES
from refmanager.pdf.fonts import FontUnsupported, Measure, load_font, load_fonts, resolve
from refmanager.pdf.layout import PageTooBig, Run

# The largest page side PDF allows (ISO 32000-1, annex C: 200 inches in user space); a
# larger or non-finite box is damage, and would make the layout step scan a vast page.
MAX_PAGE_SIDE = 14_400.0


def _box(value: Any) -> tuple[float, float, float, float]:
    try:
        v = [float(resolve(x)) for x in resolve(value)]
        if len(v) == 4 and all(math.isfinite(x) for x in v):
            box = (min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3]))
            if box[2] - box[0] <= MAX_PAGE_SIDE and box[3] - box[1] <= MAX_PAGE_SIDE:
                return box
    except (TypeError, ValueError):
        pass
    return (0.0, 0.0, 612.0, 792.0)


class PypdfSource:
    """The objects of one document, from its pypdf reader."""

    def __init__(self, reader: PdfReader) -> None:
        self.reader = reader
        self.page_count = len(reader.pages)
        self._probe_page = PageObject(pdf=reader)  # where pypdf decodes the fonts' codes

    def page(self, index: int) -> Any:
        return self.reader.pages[index]

    def contents(self, page: Any) -> bytes:
        contents = resolve(page.get("/Contents"))
        if contents is None:
            return b""
        if isinstance(contents, list):
            if len(contents) > 10_000:
                raise PageTooBig
            parts = [resolve(ref) for ref in contents]
            return b"\n".join(p.get_data() for p in parts if hasattr(p, "get_data"))
        return bytes(contents.get_data()) if hasattr(contents, "get_data") else b""

    def box(self, page: Any) -> tuple[float, float, float, float]:
        return _box(page.get("/MediaBox"))

    def load_font(self, raw: Any) -> GlyphFont | None:
        """The font behind a /Font resource entry; None when it cannot be decoded (its
        text is then skipped, and the rest of the page is read)."""
        try:
            return load_font(raw, self._probe_page)
        except FontUnsupported:
            return None

    def load_fonts(self, raws: list[Any]) -> list[GlyphFont | None]:
        """The fonts behind several /Font resource entries, as :meth:`load_font` gives
        each, decoded together (:func:`refmanager.pdf.fonts.load_fonts`)."""
        return list(load_fonts(raws, self._probe_page))

    def outline(self) -> list[tuple[str, int, int]]:
        """The bookmarks in order: title, 1-based page, and depth (0 for the outermost)."""
        out: list[tuple[str, int, int]] = []
        try:
            _walk_outline(self.reader, self.reader.outline, 0, out)
        except Exception:
            return []
        return out

    def info(self) -> dict[str, str]:
        out: dict[str, str] = {}
        try:
            info: Any = self.reader.metadata or {}
            for key in ("/Title", "/Author", "/Subject", "/Keywords"):
                value = resolve(info.get(key))
                if value is not None:
                    out[key[1:]] = str(value)
        except Exception:
            return {}
        return out

    def xmp(self) -> bytes | None:
        try:
            root = resolve(self.reader.trailer.get("/Root"))
            stream = resolve(root.get("/Metadata")) if root is not None else None
            return bytes(stream.get_data()) if stream is not None else None
        except Exception:
            return None


def _walk_outline(
    reader: PdfReader, items: Any, depth: int, out: list[tuple[str, int, int]]
) -> None:
    """Add the (title, 1-based page, depth) of the outline's ``items`` to ``out``, nested ones
    too. (A function of the module, not a closure calling itself: that closure would be a
    reference cycle holding the reader, left for the garbage collector.)"""
    if depth > 20:
        return
    for item in items:
        if len(out) > 5000:
            return
        if isinstance(item, list):
            _walk_outline(reader, item, depth + 1, out)
            continue
        try:
            title = str(item.title or "")
            page = reader.get_destination_page_number(item)
        except Exception:
            continue
        if page is not None and page >= 0:
            out.append((title, page + 1, depth))


def page_runs(
    source: PypdfSource,
    index: int,
    *,
    char_budget: int = MAX_PAGE_CHARS,
    byte_budget: int = MAX_PAGE_CONTENT_BYTES,
    deadline: float | None = None,
    fonts: dict[int, tuple[Any, GlyphFont | None]] | None = None,
    measures: dict[int, dict[bytes, Measure]] | None = None,
    unreadable: set[str] | None = None,
) -> tuple[list[Run], str, tuple[float, float, float, float], int]:
    """The runs of text of the 0-based ``index``-th page, the text of its rotated runs, its
    media box and the content bytes decoded for it.

    ``fonts`` and ``measures`` are the document's caches (see TextReader); the budgets
    bound a hostile page (PageTooBig, PageTimeout). ``unreadable`` is given what made text
    on the page unreadable (``TextReader.unreadable``).
    """
    page = source.page(index)
    ctm, box = shown(source.box(page), page.get("/Rotate"))
    content = source.contents(page)
    reader = TextReader(
        source.load_font,
        load_fonts=source.load_fonts,
        char_budget=char_budget,
        byte_budget=byte_budget,
        deadline=deadline,
        fonts=fonts,
        measures=measures,
    )
    try:
        runs, side = reader.read(content, page.get("/Resources"), ctm)
    finally:
        if unreadable is not None:
            unreadable.update(reader.unreadable)
    return on_page(runs, box), side, box, reader.bytes


def shown(
    box: tuple[float, float, float, float], rotate: Any
) -> tuple[Matrix, tuple[float, float, float, float]]:
    """The matrix from a page's space to the page as shown, turned clockwise by its
    /Rotate (``rotate``: 90, 180 or 270), and its media box as shown: a landscape page
    set in portrait with its text turned (a report printed sideways, an imposed booklet)
    reads as a viewer shows it."""
    try:
        turn = int(resolve(rotate) or 0) % 360
    except (TypeError, ValueError):
        turn = 0
    x0, y0, x1, y1 = box
    if turn == 90:
        return (0.0, -1.0, 1.0, 0.0, -y0, x1), (0.0, 0.0, y1 - y0, x1 - x0)
    if turn == 180:
        return (-1.0, 0.0, 0.0, -1.0, x1, y1), (0.0, 0.0, x1 - x0, y1 - y0)
    if turn == 270:
        return (0.0, 1.0, -1.0, 0.0, y1, -x0), (0.0, 0.0, y1 - y0, x1 - x0)
    return IDENTITY, box


def on_page(runs: list[Run], box: tuple[float, float, float, float]) -> list[Run]:
    """The runs drawn on the page: a run wholly outside its media box is not seen (Qt prints
    a line that straddles two pages on both, the second time above the next page's top).
    A page whose runs mostly fall outside its box has a wrong box, and keeps them all."""
    x0, y0, x1, top = box
    inside = [
        r
        for r in runs
        if r.y - 0.3 * r.size < top and r.y + r.size > y0 and r.x0 < x1 and r.x1 > x0
    ]
    return inside if 2 * len(inside) >= len(runs) else runs
