"""Where a document's objects come from: the lean reader, or pypdf when it cannot.

Both sources give the same things to the rest of the package: the pages (dictionaries
with their inherited attributes), a page's decoded content, its box, the fonts (as
:class:`refmanager.pdf.content.GlyphFont`), the bookmarks, the info dictionary and the XMP
packet. Text is then read by one interpreter (:mod:`refmanager.pdf.content`) whichever
source gave the objects, so a file reads the same either way.

The lean reader (:mod:`refmanager.pdf.lean`, standard library only) opens the ordinary
file in a few milliseconds without importing pypdf (about 60 ms of imports). It raises
``Unsupported`` for what it does not handle (encryption, a damaged cross-reference table
that needs repair, exotic filters); the caller then reads the whole file again with
:class:`PypdfSource`. A single font the lean path cannot decode (``FontUnsupported``: a
CFF font program with no Unicode map, say) is decoded by pypdf, found by its object
number, without giving up the lean path for the rest.
"""

from __future__ import annotations

import contextlib
import os

from refmanager.pdf.content import Measure, TextReader
from refmanager.pdf.fonts import resolve
from refmanager.pdf.layout import Run

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)
if TYPE_CHECKING:
    from typing import Any, Protocol

    from refmanager.pdf.content import GlyphFont


if TYPE_CHECKING:

    class Source(Protocol):
        """A document's objects, from either reader."""

        page_count: int

        def page(self, index: int) -> Any:
            """The 0-based ``index``-th page dictionary, inherited attributes filled in."""
            ...

        def contents(self, page: Any) -> bytes:
            """The page's content streams, decoded and joined."""
            ...

        def box(self, page: Any) -> tuple[float, float, float, float]:
            """The page's media box (x0, y0, x1, y1)."""
            ...

        def load_font(self, raw: Any) -> GlyphFont | None:
            """The font behind a /Font resource entry (a reference or a dictionary)."""
            ...

        def outline(self) -> list[tuple[str, int]]:
            """Bookmarks in order as (title, 1-based page)."""
            ...

        def info(self) -> dict[str, str]:
            """The info dictionary's text values ("Title", "Author", ...)."""
            ...

        def xmp(self) -> bytes | None:
            """The document's XMP packet."""
            ...

        def close(self) -> None:
            """Release what the source holds open."""
            ...


def _box(value: Any) -> tuple[float, float, float, float]:
    try:
        v = [float(resolve(x)) for x in resolve(value)]
        if len(v) == 4:
            return (min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3]))
    except (TypeError, ValueError):
        pass
    return (0.0, 0.0, 612.0, 792.0)


class LeanSource:
    """Objects from the lean reader; fonts it cannot decode come from pypdf by number."""

    def __init__(self, path: str | os.PathLike[str], data: bytes, max_stream_bytes: int) -> None:
        from refmanager.pdf.lean import LeanDocument

        self.path = path
        self.doc = LeanDocument(data, max_stream_bytes=max_stream_bytes)
        self.page_count = self.doc.page_count
        self._pypdf: Any = None
        self._stack = contextlib.ExitStack()

    def page(self, index: int) -> Any:
        return self.doc.page(index)

    def contents(self, page: Any) -> bytes:
        return self.doc.contents(page)

    def box(self, page: Any) -> tuple[float, float, float, float]:
        return _box(page.get("/MediaBox"))

    def load_font(self, raw: Any) -> GlyphFont | None:
        from refmanager.pdf.fonts import FontUnsupported, load_font, pypdf_font
        from refmanager.pdf.lean import Ref, Unsupported

        font_dict = resolve(raw)
        if font_dict is None:
            return None
        try:
            return load_font(font_dict)
        except FontUnsupported:
            if not isinstance(raw, Ref):
                raise Unsupported("a font only pypdf decodes, not an indirect object") from None
        reader = self._pypdf_reader()
        from pypdf.generic import IndirectObject

        return pypdf_font(IndirectObject(raw.num, raw.gen, reader).get_object())

    def _pypdf_reader(self) -> Any:
        if self._pypdf is None:
            from refmanager.pdf.document import open_pdf, pypdf_limits

            self._stack.enter_context(pypdf_limits())
            self._pypdf = open_pdf(self.path, None)
        return self._pypdf

    def outline(self) -> list[tuple[str, int]]:
        from refmanager.pdf.lean import Unsupported

        try:
            items = self.doc.outline()
        except Unsupported:
            raise  # pypdf reads this file
        except Exception:
            return []  # a broken or hostile outline: the pages are searched instead
        return [(title, index + 1) for title, index in items]

    def info(self) -> dict[str, str]:
        return self.doc.info()

    def xmp(self) -> bytes | None:
        return self.doc.xmp()

    def close(self) -> None:
        self._stack.close()


class PypdfSource:
    """Objects from pypdf: encrypted and damaged files, and exotic filters."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader
        self.page_count = len(reader.pages)

    def page(self, index: int) -> Any:
        return self.reader.pages[index]

    def contents(self, page: Any) -> bytes:
        contents = resolve(page.get("/Contents"))
        if contents is None:
            return b""
        if isinstance(contents, list):
            if len(contents) > 10_000:
                from refmanager.pdf.layout import PageTooBig

                raise PageTooBig
            parts = [resolve(ref) for ref in contents]
            return b"\n".join(p.get_data() for p in parts if hasattr(p, "get_data"))
        return bytes(contents.get_data()) if hasattr(contents, "get_data") else b""

    def box(self, page: Any) -> tuple[float, float, float, float]:
        return _box(page.get("/MediaBox"))

    def load_font(self, raw: Any) -> GlyphFont | None:
        from refmanager.pdf.fonts import FontUnsupported, load_font, pypdf_font

        font_dict = resolve(raw)
        if font_dict is None:
            return None
        try:
            return load_font(font_dict)
        except FontUnsupported:
            return pypdf_font(font_dict)

    def outline(self) -> list[tuple[str, int]]:
        reader = self.reader
        out: list[tuple[str, int]] = []

        def walk(items: Any, depth: int) -> None:
            if depth > 20:
                return
            for item in items:
                if len(out) > 5000:
                    return
                if isinstance(item, list):
                    walk(item, depth + 1)
                    continue
                try:
                    title = str(item.title or "")
                    page = reader.get_destination_page_number(item)
                except Exception:
                    continue
                if page is not None and page >= 0:
                    out.append((title, page + 1))

        try:
            walk(reader.outline, 0)
        except Exception:
            return []
        return out

    def info(self) -> dict[str, str]:
        try:
            info = self.reader.metadata
        except Exception:
            return {}
        if not info:
            return {}
        out: dict[str, str] = {}
        for key in ("/Title", "/Author", "/Subject", "/Keywords"):
            value = resolve(info.get(key))
            if value is not None:
                out[key[1:]] = str(value)
        return out

    def xmp(self) -> bytes | None:
        try:
            root = resolve(self.reader.trailer.get("/Root"))
            stream = resolve(root.get("/Metadata")) if root is not None else None
            return bytes(stream.get_data()) if stream is not None else None
        except Exception:
            return None

    def close(self) -> None:
        return None


def page_runs(
    source: Source,
    index: int,
    *,
    char_budget: int = 400_000,
    byte_budget: int = 8_000_000,
    deadline: float | None = None,
    fonts: dict[int, tuple[Any, GlyphFont | None]] | None = None,
    measures: dict[int, dict[bytes, Measure]] | None = None,
    passthrough: tuple[type[BaseException], ...] = (),
) -> tuple[list[Run], str, tuple[float, float, float, float], int]:
    """The runs of text of the 0-based ``index``-th page, the text of its rotated runs, its
    media box and the content bytes decoded for it.

    ``fonts`` and ``measures`` are the document's caches (see TextReader); the budgets
    bound a hostile page (PageTooBig, PageTimeout) and errors of ``passthrough`` types end
    the reading (see TextReader).
    """
    page = source.page(index)
    box = source.box(page)
    content = source.contents(page)
    reader = TextReader(
        source.load_font,
        char_budget=char_budget,
        byte_budget=byte_budget,
        deadline=deadline,
        fonts=fonts,
        measures=measures,
        passthrough=passthrough,
    )
    runs, side = reader.read(content, page.get("/Resources"))
    return runs, side, box, reader.bytes


def open_source(path: str | os.PathLike[str], password: str | None = None) -> Source:
    """The lean source for an ordinary file, else pypdf's (InputError for a bad file).

    The caller closes it. For a pypdf source, pypdf's limits must be in force while it is
    used (``refmanager.pdf.document.pypdf_limits``).
    """
    from refmanager.pdf.document import check_header, open_pdf

    data = check_header(path)
    lean = lean_source(path, data, password)
    return lean if lean is not None else PypdfSource(open_pdf(path, password, data))


def lean_source(
    path: str | os.PathLike[str], data: bytes, password: str | None = None
) -> LeanSource | None:
    """The lean source for the file's bytes, or None when pypdf must read it (a password
    was given, or the lean reader refuses the file as it opens it)."""
    if password is not None:
        return None
    from refmanager.pdf.document import MAX_STREAM_BYTES
    from refmanager.pdf.lean import LimitExceeded, Unsupported

    try:
        return LeanSource(path, data, MAX_STREAM_BYTES)
    except (Unsupported, LimitExceeded, RecursionError, ValueError, KeyError, TypeError):
        return None
