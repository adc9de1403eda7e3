"""A tiny PDF writer for tests: pages of Helvetica text at given positions."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Text:
    """One line of text: left x and baseline y in points, font size, and the string."""

    x: float
    y: float
    text: str
    size: float = 10.0
    font: str = "F1"  # F1 Helvetica, F2 Helvetica-Oblique, F3 Helvetica-Bold, F4 Courier


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def content(lines: list[Text], turned_height: float = 0.0) -> bytes:
    """A page's content; with ``turned_height``, the page is shown turned by /Rotate 90
    (shown that tall): the text is drawn turned, so that it shows upright at x, y."""
    ops = []
    for ln in lines:
        if turned_height:
            place = f"0 1 -1 0 {turned_height - ln.y:g} {ln.x:g}"
        else:
            place = f"1 0 0 1 {ln.x:g} {ln.y:g}"
        ops.append(f"BT /{ln.font} {ln.size:g} Tf {place} Tm ({_escape(ln.text)}) Tj ET")
    return "\n".join(ops).encode("cp1252")


def build_pdf(
    pages: list[list[Text]],
    *,
    width: float = 595.0,
    height: float = 842.0,
    raw_contents: list[list[bytes]] | None = None,
    info: dict[str, str] | None = None,
    rotate: int = 0,
) -> bytes:
    """The bytes of a PDF with one page per item of ``pages``.

    With ``rotate=90`` each page is set in portrait (``height`` wide, ``width`` tall) with
    /Rotate 90 and its text turned, so that it shows ``width`` by ``height`` as given.

    ``raw_contents`` replaces a page's content by several compressed streams (for
    testing decompression limits).
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    fonts = {
        "F1": add(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
        ),
        "F2": add(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>"  # noqa: E501
        ),
        "F3": add(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"  # noqa: E501
        ),
        "F4": add(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>"
        ),
    }
    font_res = " ".join(f"/{k} {v} 0 R" for k, v in fonts.items())
    pages_id = len(objects) + 1 + 0  # placeholder, fixed below
    objects.append(b"")  # pages object slot
    pages_id = len(objects)
    kids = []
    box = f"{height:g} {width:g}" if rotate == 90 else f"{width:g} {height:g}"
    turn = "/Rotate 90 " if rotate == 90 else ""
    for index, page in enumerate(pages):
        streams: list[bytes]
        if raw_contents is not None and index < len(raw_contents) and raw_contents[index]:
            streams = raw_contents[index]
        else:
            streams = [content(page, turned_height=height if rotate == 90 else 0.0)]
        ids = []
        for data in streams:
            packed = zlib.compress(data)
            ids.append(
                add(
                    b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed)
                    + packed
                    + b"\nendstream"
                )
            )
        contents = (
            f"{ids[0]} 0 R" if len(ids) == 1 else "[" + " ".join(f"{i} 0 R" for i in ids) + "]"
        )
        kids.append(
            add(
                (
                    f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 {box}] {turn}"
                    f"/Resources << /Font << {font_res} >> >> /Contents {contents} >>"
                ).encode()
            )
        )
    objects[pages_id - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    ).encode()
    catalog = add(f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode())
    info_id = None
    if info:
        entries = " ".join(f"/{k} ({_escape(v)})" for k, v in info.items())
        info_id = add(f"<< {entries} >>".encode("latin-1"))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    trailer = f"<< /Size {len(objects) + 1} /Root {catalog} 0 R"
    if info_id:
        trailer += f" /Info {info_id} 0 R"
    out += b"trailer\n" + (trailer + " >>\n").encode() + b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def write_pdf(path: Path, pages: list[list[Text]], **kwargs: object) -> Path:
    path.write_bytes(build_pdf(pages, **kwargs))  # type: ignore[arg-type]
    return path


def column(
    x: float,
    top: float,
    rows: list[str],
    *,
    size: float = 10.0,
    indent: float = 0.0,
    leading: float = 12.0,
) -> list[Text]:
    """Lines stacked downwards; lines that start with '  ' are indented by ``indent``."""
    out = []
    y = top
    for row in rows:
        if row == "":
            y -= leading / 2
            continue
        dx = indent if row.startswith("  ") else 0.0
        out.append(Text(x + dx, y, row.strip(), size))
        y -= leading
    return out


def build_raw(objects: list[bytes], root: int = 1) -> bytes:
    """A PDF from raw object bodies (object n is ``objects[n - 1]``), for malformed files."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\n" % (len(objects) + 1, root)
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def write_unicode_pdf(path: Path, pages: list[list[Text]], *, width: float = 595.0) -> Path:
    """A PDF whose text may be any Unicode (CJK, full-width forms): one Type0 font (a
    code per character, mapped by ToUnicode; CJK and full-width characters 1 em wide,
    others half); ``Text.font`` "F3" names the font as bold."""
    chars = sorted({ch for page in pages for t in page for ch in t.text})
    code = {ch: i + 1 for i, ch in enumerate(chars)}
    pairs = b" ".join(
        b"<%04X> <%s>" % (code[ch], ch.encode("utf-16-be").hex().encode()) for ch in chars
    )
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"%d beginbfchar %s endbfchar endcmap end end" % (len(chars), pairs)
    )
    half = b" ".join(b"%d [500]" % code[ch] for ch in chars if ord(ch) < 0x2E80)
    n = len(pages)
    page_ids = [8 + 2 * i for i in range(n)]
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % i for i in page_ids), n),
        b"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+SimSun /Encoding /Identity-H "
        b"/DescendantFonts [4 0 R] /ToUnicode 5 0 R >>",
        b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /ABCDEF+SimSun /DW 1000 /W [%s] >>"
        % half,
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(cmap), cmap),
        b"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+SimHei-Bold /Encoding /Identity-H "
        b"/DescendantFonts [7 0 R] /ToUnicode 5 0 R >>",
        b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /ABCDEF+SimHei-Bold /DW 1000 /W [%s] >>"
        % half,
    ]
    for index, page in enumerate(pages):
        shows = []
        for t in page:
            font = b"/F3" if t.font == "F3" else b"/F1"
            hexed = b"".join(b"%04X" % code[ch] for ch in t.text)
            shows.append(b"%s %g Tf 1 0 0 1 %g %g Tm <%s> Tj" % (font, t.size, t.x, t.y, hexed))
        body = b"BT " + b" ".join(shows) + b" ET"
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g 842] "
            b"/Resources << /Font << /F1 3 0 R /F3 6 0 R >> >> /Contents %d 0 R >>"
            % (width, 9 + 2 * index)
        )
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(body), body))
    path.write_bytes(build_raw(objects))
    return path


# A made-up author-year list of three entries, each a first line and an indented second
# one, and a paragraph of body text to set around it (tests of what surrounds a list).
SAMPLE_BODY = [
    "This report shows how the method projects samples onto the axis of two groups,",
    "and how the tables it writes summarise the sets that were tested along the way.",
]
SAMPLE_ENTRIES = [
    (
        "Ada Arden, Bo Brandt, and Cy Clarke. Projection of grouped samples onto an axis",
        "  of two centroids. Journal of Made-up Statistics, 12(3):45-67, 2015.",
    ),
    (
        "Dana Dorn and Eli Evers. Scoring sets of features by their divergence from an",
        "  axis. In Proceedings of the Meeting on Invented Methods, pages 1-9, 2016.",
    ),
    (
        "Fay Fenn, Gus Grant, and Hal Hume. Enrichment of tested sets under a selection",
        "  bias in counts of reads. Annals of Sample Biology, 8(1):101-118, 2017.",
    ),
]
