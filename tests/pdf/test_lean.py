"""The lean PDF object reader against pypdf, on real and on crafted files."""

from __future__ import annotations

import base64
import io
import re
import zlib
from pathlib import Path

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf.generic import ArrayObject, DictionaryObject

from refmanager.pdf.lean import (
    Array,
    Dict,
    LeanDocument,
    LimitExceeded,
    Name,
    PdfObject,
    Ref,
    Stream,
    Unsupported,
    decode_text,
    parse_object,
)
from tests.pdf.conftest import SHARED
from tests.pdf.pdfbuild import Text, build_pdf, build_raw, column

REAL = [*sorted((SHARED / "bench" / "dev").glob("*.pdf")), SHARED / "seed" / "seed-pages.pdf"]
FORTY = sorted(Path("/tmp/es").glob("*-40.pdf"))


# --- comparison with pypdf -------------------------------------------------------------------


def _pypdf_streams(page: DictionaryObject) -> list[bytes]:
    contents = page.get("/Contents")
    if contents is None:
        return []
    contents = contents.get_object()
    if isinstance(contents, ArrayObject):
        return [part.get_object().get_data() for part in contents]
    return [contents.get_data()]


def _pypdf_outline(reader: pypdf.PdfReader) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    todo: list[object] = list(reversed(reader.outline))
    while todo:
        item = todo.pop()
        if isinstance(item, list):
            todo.extend(reversed(item))
            continue
        number = reader.get_destination_page_number(item)  # type: ignore[arg-type]
        if number is not None and number >= 0:
            out.append((str(item.title), number))  # type: ignore[attr-defined]
    return out


def _numbers(box: PdfObject) -> list[float]:
    assert isinstance(box, Array)
    values = [resolve_number(x) for x in box]
    return values


def resolve_number(value: PdfObject) -> float:
    value = value.get_object() if isinstance(value, Ref) else value
    assert isinstance(value, (int, float)) and not isinstance(value, bool)
    return float(value)


def _font_names(page: Dict) -> set[str]:
    resources = page.resolved("/Resources")
    if not isinstance(resources, Dict):
        return set()
    fonts = resources.resolved("/Font")
    return set(fonts) if isinstance(fonts, Dict) else set()


def compare_with_pypdf(data: bytes) -> LeanDocument:
    """Asserts that the lean reader sees what pypdf sees; returns the lean document."""
    doc = LeanDocument(data)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert doc.page_count == len(reader.pages)
    for index, ppage in enumerate(reader.pages):
        page = doc.page(index)
        assert doc.contents(page) == b"\n".join(_pypdf_streams(ppage))
        assert _numbers(page.resolved("/MediaBox")) == [float(x) for x in ppage.mediabox]
        presources = ppage.get("/Resources")
        pfonts = presources.get_object().get("/Font") if presources is not None else None
        expected = set(pfonts.get_object()) if pfonts is not None else set()
        assert _font_names(page) == expected
        if "/Rotate" in ppage:
            assert page.resolved("/Rotate") == ppage["/Rotate"]
    meta: dict[str, object] = dict(reader.metadata or {})
    info = doc.info()
    assert info.get("Title") == meta.get("/Title")
    assert info.get("Author") == meta.get("/Author")
    assert doc.outline() == _pypdf_outline(reader)
    xmp = reader.root_object.get("/Metadata")
    assert doc.xmp() == (xmp.get_object().get_data() if xmp is not None else None)
    return doc


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_pdfs_match_pypdf(path: Path) -> None:
    if not path.exists():
        pytest.skip("shared data not present")
    doc = compare_with_pypdf(path.read_bytes())
    assert doc.page_count >= 1
    assert all(doc.contents(doc.page(i)) for i in range(doc.page_count))


def test_real_pdfs_present_and_some_have_outlines() -> None:
    if not REAL[0].exists():
        pytest.skip("shared data not present")
    assert len(REAL) == 14
    with_outline = [p.name for p in REAL if LeanDocument(p.read_bytes()).outline()]
    assert with_outline, "no outline exercised"


@pytest.mark.skipif(not FORTY, reason="40-page benchmark files not generated")
@pytest.mark.parametrize("path", FORTY, ids=lambda p: p.name)
def test_forty_page_files_match_pypdf(path: Path) -> None:
    assert compare_with_pypdf(path.read_bytes()).page_count == 40


def test_project_builder_pdfs_match_pypdf() -> None:
    lines = column(72, 760, ["[1] A. Author. A (title) with \\ escapes. 2000.", "[2] B. 2001."])
    data = build_pdf(
        [lines, [Text(72, 700, "Page two", 12, "F3")], []],
        info={"Title": "A title", "Author": "Ann Author"},
        raw_contents=[[b"BT /F1 10 Tf (a) Tj ET", b"BT /F2 10 Tf (b) Tj ET"]],
    )
    doc = compare_with_pypdf(data)
    assert doc.contents(doc.page(0)) == b"BT /F1 10 Tf (a) Tj ET\nBT /F2 10 Tf (b) Tj ET"
    assert doc.info() == {"Title": "A title", "Author": "Ann Author"}
    raw = build_raw(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>",
        ]
    )
    doc = compare_with_pypdf(raw)
    assert doc.contents(doc.page(0)) == b""


# --- a small PDF writer for crafted structures ----------------------------------------------


def _stream(entries: bytes, data: bytes) -> bytes:
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (entries, len(data), data)


def _flate(entries: bytes, data: bytes) -> bytes:
    return _stream(b"/Filter /FlateDecode " + entries, zlib.compress(data))


def _png_up(rows: list[bytes]) -> bytes:
    out = b""
    prev = bytes(len(rows[0]))
    for row in rows:
        out += b"\x02" + bytes((a - b) & 0xFF for a, b in zip(row, prev, strict=True))
        prev = row
    return out


def make_pdf(
    objects: dict[int, bytes],
    *,
    root: int = 1,
    trailer: bytes = b"",
    xref: str = "table",
    in_objstm: tuple[int, ...] = (),
    eol: bytes = b"\n",
    predictor: bool = True,
) -> bytes:
    """A PDF from numbered object bodies; ``xref`` is "table", "stream" or "hybrid"."""
    out = bytearray(b"%PDF-1.5" + eol + b"%\xe2\xe3\xcf\xd3" + eol)
    offsets: dict[int, int] = {}
    for num, body in sorted(objects.items()):
        if num in in_objstm:
            continue
        offsets[num] = len(out)
        out += b"%d 0 obj" % num + eol + body + eol + b"endobj" + eol
    size = max(objects) + 1
    compressed: dict[int, tuple[int, int]] = {}
    if in_objstm:
        stm = size
        size += 1
        head, bodies = [], b""
        for i, num in enumerate(in_objstm):
            head.append(b"%d %d" % (num, len(bodies)))
            bodies += objects[num] + b"\n"
            compressed[num] = (stm, i)
        header = b" ".join(head) + b"\n"
        offsets[stm] = len(out)
        body = _flate(
            b"/Type /ObjStm /N %d /First %d" % (len(in_objstm), len(header)), header + bodies
        )
        out += b"%d 0 obj\n%s\nendobj\n" % (stm, body)
    end = eol if eol == b"\r\n" else b" " + eol
    if xref == "table":
        assert not in_objstm
        start = len(out)
        out += b"xref" + eol + b"0 %d" % size + eol + b"0000000000 65535 f" + end
        for num in range(1, size):
            if num in offsets:
                out += b"%010d 00000 n" % offsets[num] + end
            else:
                out += b"0000000000 00000 f" + end
        out += b"trailer" + eol + b"<< /Size %d /Root %d 0 R %s >>" % (size, root, trailer) + eol
    else:
        xnum = size
        size += 1
        offsets[xnum] = len(out)
        rows = [b"\x00\x00\x00\x00\x00\xff\xff"]
        for num in range(1, size):
            if num in compressed:
                rows.append(b"\x02" + compressed[num][0].to_bytes(4, "big") + bytes([0, 0]))
                rows[-1] = rows[-1][:5] + compressed[num][1].to_bytes(2, "big")
            elif num in offsets:
                rows.append(b"\x01" + offsets[num].to_bytes(4, "big") + b"\x00\x00")
            else:
                rows.append(bytes(7))
        entries = b"/Type /XRef /Size %d /W [1 4 2] /Root %d 0 R %s" % (size, root, trailer)
        if predictor:
            entries += b" /DecodeParms << /Predictor 12 /Columns 7 >>"
            body = _flate(entries, _png_up(rows))
        else:
            body = _flate(entries, b"".join(rows))
        hybrid_table = b""
        if xref == "hybrid":
            # the table lists the plain objects; the compressed ones only the stream knows
            hybrid_table = b"xref\n0 %d\n0000000000 65535 f \n" % xnum
            for num in range(1, xnum):
                if num in offsets and num not in compressed:
                    hybrid_table += b"%010d 00000 n \n" % offsets[num]
                else:
                    hybrid_table += b"0000000000 00000 f \n"
        out += b"%d 0 obj\n%s\nendobj\n" % (xnum, body)
        start = len(out)
        if xref == "hybrid":
            out += hybrid_table
            out += b"trailer\n<< /Size %d /Root %d 0 R /XRefStm %d %s >>\n" % (
                xnum,
                root,
                offsets[xnum],
                trailer,
            )
        else:
            start = offsets[xnum]
    out += b"startxref" + eol + b"%d" % start + eol + b"%%EOF" + eol
    return bytes(out)


def append_update(base: bytes, objects: dict[int, bytes], *, size: int, trailer: bytes) -> bytes:
    """``base`` with an incremental update (a classic xref section with /Prev)."""
    prev = int(re.findall(rb"startxref\s+(\d+)", base)[-1])
    out = bytearray(base)
    offsets = {}
    for num, body in sorted(objects.items()):
        offsets[num] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (num, body)
    start = len(out)
    out += b"xref\n"
    for num, offset in offsets.items():
        out += b"%d 1\n%010d 00000 n \n" % (num, offset)
    out += b"trailer\n<< /Size %d /Prev %d %s >>\n" % (size, prev, trailer)
    out += b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


def doc_objects(pages: list[bytes], *, catalog: bytes = b"", first: int = 10) -> dict[int, bytes]:
    """Catalog 1, page tree 2 (inheriting MediaBox, Resources, Rotate), font 3; pages from
    object ``first`` on (page, content stream) pairs."""
    kids = " ".join(f"{first + 2 * i} 0 R" for i in range(len(pages))).encode()
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R %s >>" % catalog,
        2: b"<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 612 792] /Rotate 90"
        b" /Resources << /Font << /F1 3 0 R >> >> >>" % (kids, len(pages)),
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    }
    for i, content in enumerate(pages):
        objects[first + 2 * i] = b"<< /Type /Page /Parent 2 0 R /Contents %d 0 R >>" % (
            first + 2 * i + 1
        )
        objects[first + 2 * i + 1] = _flate(b"", content)
    return objects


PAGES = [b"BT /F1 12 Tf 72 700 Td (page %d) Tj ET" % i for i in range(1, 4)]


def _outline_objects(dests: str) -> dict[int, bytes]:
    """An outline exercising each kind of destination; object numbers from 30.

    ``dests``: named destinations in the catalog's /Names tree ("names"), in the old
    /Dests dictionary ("old"), or split between both ("both"; pypdf reads only one).
    """
    sec = b"/sec.two" if dests == "old" else b"(sec.two)"
    third = b"(third)" if dests == "names" else b"/third"
    return {
        30: b"<< /Type /Outlines /First 31 0 R /Last 34 0 R /Count 4 >>",
        # a direct destination array, with a child reached through a named dest
        31: b"<< /Title (Intro) /Parent 30 0 R /Next 33 0 R /First 32 0 R /Last 32 0 R"
        b" /Dest [10 0 R /XYZ 0 792 0] >>",
        32: b"<< /Title <FEFF00C9007400E9> /Parent 31 0 R /Dest %s >>" % sec,
        # a GoTo action with a named destination
        33: b"<< /Title (Third) /Parent 30 0 R /Next 34 0 R /A << /S /GoTo /D %s >> >>" % third,
        # a destination that does not exist: skipped by both readers
        34: b"<< /Title (Nowhere) /Parent 30 0 R /Dest (missing) >>",
        35: b"<< /Limits [(sec.two) (third)] /Names [(sec.two) 36 0 R (third) [14 0 R /Fit]] >>",
        36: b"<< /D [12 0 R /Fit] >>",
        37: b"<< /third [14 0 R /Fit] /sec.two 36 0 R >>",
        38: b"<< /Kids [35 0 R] >>",
    }


def _full_objects(dests: str = "names") -> dict[int, bytes]:
    catalog = b"/Outlines 30 0 R"
    if dests in ("names", "both"):
        catalog += b" /Names << /Dests 38 0 R >>"
    if dests in ("old", "both"):
        catalog += b" /Dests 37 0 R"
    objects = doc_objects(PAGES, catalog=catalog)
    objects.update(_outline_objects(dests))
    objects[40] = b"<< /Title (Crafted \\(test\\)) /Author <FEFF0041006E006E> >>"
    return objects


EXPECTED_OUTLINE = [("Intro", 0), ("Été", 1), ("Third", 2)]


@pytest.mark.parametrize("dests", ["names", "old"])
@pytest.mark.parametrize("xref", ["table", "stream", "hybrid"])
def test_crafted_document_matches_pypdf(xref: str, dests: str) -> None:
    objects = _full_objects(dests)
    compressed = (1, 2, 3, 10, 12, 14, 30, 31, 32, 33, 34, 35, 36, 37, 38, 40)
    data = make_pdf(
        objects,
        trailer=b"/Info 40 0 R",
        xref=xref,
        in_objstm=() if xref == "table" else compressed,
    )
    doc = compare_with_pypdf(data)
    assert doc.page_count == 3
    assert doc.contents(doc.page(2)) == PAGES[2]
    assert doc.outline() == EXPECTED_OUTLINE
    assert doc.info() == {"Title": "Crafted (test)", "Author": "Ann"}
    page = doc.page(1)
    assert page.resolved("/Rotate") == 90
    assert _font_names(page) == {"/F1"}


def test_named_destinations_in_both_places() -> None:
    doc = LeanDocument(make_pdf(_full_objects("both"), xref="stream", in_objstm=(1, 31, 33)))
    assert doc.outline() == EXPECTED_OUTLINE


def test_xref_stream_without_predictor_and_crlf_table() -> None:
    objects = _full_objects()
    assert compare_with_pypdf(make_pdf(objects, xref="stream", predictor=False)).page_count == 3
    for eol in (b"\r\n", b"\r"):
        doc = compare_with_pypdf(make_pdf(objects, eol=eol, trailer=b"/Info 40 0 R"))
        assert doc.outline() == EXPECTED_OUTLINE


def test_incremental_update_newest_definition_wins() -> None:
    base = make_pdf(_full_objects(), trailer=b"/Info 40 0 R", xref="stream", in_objstm=(3, 40))
    new_page = b"BT /F1 12 Tf 72 700 Td (page two, revised) Tj ET"
    updated = append_update(
        base,
        {13: _flate(b"", new_page), 40: b"<< /Title (Revised) >>"},
        size=60,
        trailer=b"/Root 1 0 R /Info 40 0 R",
    )
    doc = compare_with_pypdf(updated)
    assert doc.contents(doc.page(1)) == new_page
    assert doc.contents(doc.page(0)) == PAGES[0]
    assert doc.info() == {"Title": "Revised"}
    # the trailer of an update that omits /Info inherits it from the older section
    again = append_update(updated, {11: _flate(b"", b"% new")}, size=60, trailer=b"/Root 1 0 R")
    doc = compare_with_pypdf(again)
    assert doc.info() == {"Title": "Revised"}
    assert doc.contents(doc.page(0)) == b"% new"


def test_object_model_is_pypdf_like() -> None:
    doc = LeanDocument(make_pdf(_full_objects(), trailer=b"/Info 40 0 R"))
    catalog = doc.trailer.resolved("/Root")
    assert isinstance(catalog, Dict)
    assert catalog.get_object() is catalog
    pages_ref = catalog["/Pages"]
    assert isinstance(pages_ref, Ref)
    assert (pages_ref.num, pages_ref.gen, pages_ref.idnum, pages_ref.generation) == (2, 0, 2, 0)
    pages = pages_ref.get_object()
    assert isinstance(pages, Dict) and pages is doc.get(2) is doc.resolve(pages_ref)
    kids = pages["/Kids"]
    assert isinstance(kids, Array) and kids.get_object() is kids
    assert all(isinstance(kid, Ref) for kid in kids)
    assert isinstance(pages["/Type"], Name) and pages["/Type"] == "/Pages"
    assert pages["/Type"].get_object() == "/Pages"
    assert pages["/Count"] == 3
    stream = doc.get(11)
    assert isinstance(stream, Stream) and stream.get_object() is stream
    assert stream["/Filter"] == "/FlateDecode"
    assert stream.raw == zlib.compress(PAGES[0])
    assert stream.get_data() is stream.get_data()
    assert doc.get(99) is None
    assert doc.resolve(Ref(doc, 99, 0)) is None
    assert catalog.resolved("/Missing", 7) == 7
    page = doc.page(0)
    assert page is not doc.page(0) and page["/MediaBox"] == [0, 0, 612, 792]
    assert "/MediaBox" not in doc.get(10)  # type: ignore[operator]


def test_parse_object_tokens() -> None:
    def parse(text: bytes) -> PdfObject:
        return parse_object(text, 0, None)[0]

    assert parse(b"<< /A#20B 1 /C -2.5 /D .5 /E +3 /F true /G null /H [1 (x)] >>") == {
        "/A B": 1,
        "/C": -2.5,
        "/D": 0.5,
        "/E": 3,
        "/F": True,
        "/G": None,
        "/H": [1, b"x"],
    }
    assert parse(b"(a\\(b\\)c\\n\\101\\0531\\\nd (nested) \\q)") == b"a(b)c\nA+1d (nested) \\q"
    assert parse(b"<48 65 6C6C 6F7>") == b"Hello\x70"
    assert parse(b"% comment\n  /Name%c\n") == "/Name"
    with pytest.raises(Unsupported):
        parse(b"[1 2 R]")  # references need a document
    with pytest.raises(Unsupported):
        parse(b"<< /A 1")
    with pytest.raises(Unsupported):
        parse(b"<< 1 2 >>")
    with pytest.raises(Unsupported):
        parse(b"(unterminated")
    with pytest.raises(Unsupported):
        parse(b"[1 bogus]")


def test_strings_match_pypdf() -> None:
    samples = [
        b"(a\\(b\\)c\\n\\101\\0531\\\nd (nested) \\q)",
        b"(line\r\nbreak\\\r\nkept)",
        b"<FEFF00C9>",
        b"(\\303\\251t\\351)",
        b"(a\\ b\\%c\\502 \\q)",  # pypdf's own reading of odd escapes
        b"(two\\\n\nends)",
    ]
    for sample in samples:
        objects = doc_objects(PAGES[:1])
        objects[40] = b"<< /Title %s >>" % sample
        data = make_pdf(objects, trailer=b"/Info 40 0 R")
        lean = LeanDocument(data).get(40)
        assert isinstance(lean, Dict)
        ours = lean["/Title"]
        theirs = pypdf.PdfReader(io.BytesIO(data)).get_object(40)["/Title"]  # type: ignore[index]
        assert ours == theirs.original_bytes
        assert decode_text(ours) == str(theirs)  # type: ignore[arg-type]


def test_names_and_repeated_keys_match_pypdf() -> None:
    objects = doc_objects(PAGES[:1])
    objects[20] = b"[/A#2 /A#20B /\xe9t /\xe9t\xe9 /caf\xc3\xa9 /a#zz << /K 1 /K 2 >>]"
    data = make_pdf(objects)
    ours = LeanDocument(data).get(20)
    theirs = pypdf.PdfReader(io.BytesIO(data)).get_object(20)
    assert isinstance(ours, Array) and isinstance(theirs, ArrayObject)
    assert ours[:6] == [str(x) for x in theirs[:6]]
    assert ours[:6] == ["/A\x02", "/A B", "/閠", "/été", "/café", "/a#zz"]
    assert ours[6] == {"/K": 1} == {str(k): int(v) for k, v in theirs[6].items()}


def test_text_decoding() -> None:
    assert decode_text(b"\xfe\xff\x00A\x00\xe9") == "Aé"
    assert decode_text(b"\xff\xfeA\x00\xe9\x00") == "Aé"
    assert decode_text(b"\xef\xbb\xbfcaf\xc3\xa9") == "café"
    assert decode_text(b"\x93 \x84 \x8d\x8e \xa0 \x18") == "ﬁ — “” € ˘"
    assert decode_text(b"caf\xe9") == "café"


# --- filters -------------------------------------------------------------------------------

SAMPLE = bytes(range(256)) * 3 + b"aaaaaaaaaaaaaaaabbbbbbbbbb" * 40 + b"The end.\n"


def _run_length(data: bytes) -> bytes:
    out = b""
    i = 0
    while i < len(data):
        run = 1
        while i + run < len(data) and run < 128 and data[i + run] == data[i]:
            run += 1
        if run > 1:
            out += bytes([257 - run, data[i]])
            i += run
        else:
            chunk = data[i : i + 100]
            out += bytes([len(chunk) - 1]) + chunk
            i += len(chunk)
    return out + b"\x80"


def _png_encode(data: bytes, columns: int, bpp: int) -> bytes:
    """Rows with PNG filter types 0..4 in turn (an encoder written from the PNG spec)."""
    rows = [data[i : i + columns] for i in range(0, len(data), columns)]
    out = b""
    prev = bytes(columns)
    for n, row in enumerate(rows):
        kind = n % 5
        enc = bytearray()
        for j, x in enumerate(row):
            a = row[j - bpp] if j >= bpp else 0
            b = prev[j]
            c = prev[j - bpp] if j >= bpp else 0
            if kind == 0:
                pred = 0
            elif kind == 1:
                pred = a
            elif kind == 2:
                pred = b
            elif kind == 3:
                pred = (a + b) // 2
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            enc.append((x - pred) & 0xFF)
        out += bytes([kind]) + bytes(enc)
        prev = row
    return out


def _tiff_encode(data: bytes, columns: int, colors: int) -> bytes:
    out = bytearray()
    for start in range(0, len(data), columns * colors):
        row = data[start : start + columns * colors]
        out += bytes(
            (row[j] - (row[j - colors] if j >= colors else 0)) & 0xFF for j in range(len(row))
        )
    return bytes(out)


def _lzw_encode(data: bytes) -> bytes:
    from pypdf._codecs._codecs import LzwCodec

    return LzwCodec().encode(data)


SQUARE = SAMPLE[: 24 * 40]  # whole rows of 24 bytes
FILTERED = {
    "flate": b"<< /Filter /FlateDecode /Length %d >>",
    "fl-abbrev": b"<< /Filter /Fl /Length %d >>",
    "ahx": b"<< /Filter /ASCIIHexDecode /Length %d >>",
    "a85": b"<< /Filter [/ASCII85Decode] /Length %d >>",
    "lzw": b"<< /Filter /LZWDecode /Length %d >>",
    "lzw-big": b"<< /Filter /LZWDecode /DecodeParms << /EarlyChange 1 >> /Length %d >>",
    "rl": b"<< /Filter /RunLengthDecode /Length %d >>",
    "chain": b"<< /Filter [/ASCIIHexDecode /FlateDecode] /Length %d >>",
    "abbrev-chain": b"<< /Filter [/A85 /AHx /LZW /RL /Fl] /Length %d >>",
    "png": b"<< /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns 8 /Colors 3 >>"
    b" /Length %d >>",
    "tiff": b"<< /Filter /FlateDecode /DecodeParms << /Predictor 2 /Columns 8 /Colors 3 >>"
    b" /Length %d >>",
    # pypdf 7 ignores /DecodeParms (predictors) of LZWDecode: compared with the data only
    "lzw-png": b"<< /Filter [/LZWDecode] /DecodeParms [<< /Predictor 12 /Columns 24 >>]"
    b" /Length %d >>",
}


def _encoded(kind: str) -> tuple[bytes, bytes]:
    """(raw stream bytes, expected decoded data)."""
    if kind in ("flate", "fl-abbrev"):
        return zlib.compress(SAMPLE), SAMPLE
    if kind == "ahx":
        hexed = SAMPLE.hex().encode()
        return b"\n".join(hexed[i : i + 64] for i in range(0, len(hexed), 64)) + b">", SAMPLE
    if kind == "a85":
        return base64.a85encode(SAMPLE, wrapcol=72) + b"~>", SAMPLE
    if kind == "lzw":
        return _lzw_encode(SAMPLE), SAMPLE
    if kind == "lzw-big":  # fills the 4096-entry table several times (clear codes)
        big = b"".join((b"%d " % ((i * 7919) % 65521)) * (1 + i % 3) for i in range(12_000))
        return _lzw_encode(big), big
    if kind == "rl":
        return _run_length(SAMPLE), SAMPLE
    if kind == "chain":
        return zlib.compress(SAMPLE).hex().encode() + b">", SAMPLE
    if kind == "abbrev-chain":
        inner = _lzw_encode(_run_length(zlib.compress(SAMPLE))).hex().encode() + b">"
        return base64.a85encode(inner) + b"~>", SAMPLE
    if kind == "png":
        return zlib.compress(_png_encode(SQUARE, 24, 3)), SQUARE
    if kind == "tiff":
        return zlib.compress(_tiff_encode(SQUARE, 8, 3)), SQUARE
    assert kind == "lzw-png"
    return _lzw_encode(_png_encode(SQUARE, 24, 1)), SQUARE


@pytest.mark.parametrize("kind", sorted(FILTERED))
def test_filters_decode_like_pypdf(kind: str) -> None:
    raw, expected = _encoded(kind)
    objects = doc_objects(PAGES[:1])
    objects[20] = (FILTERED[kind] % len(raw)) + b"\nstream\n" + raw + b"\nendstream"
    data = make_pdf(objects)
    stream = LeanDocument(data).get(20)
    assert isinstance(stream, Stream)
    assert stream.get_data() == expected
    if kind not in ("abbrev-chain", "fl-abbrev", "lzw-png"):
        # pypdf 7 accepts abbreviations only in inline images, no LZW predictors
        theirs = pypdf.PdfReader(io.BytesIO(data)).get_object(20)
        assert theirs.get_data() == expected  # type: ignore[union-attr]


def test_image_and_unknown_filters_are_unsupported_only_when_read() -> None:
    objects = doc_objects(PAGES[:1])
    objects[20] = _stream(b"/Type /XObject /Subtype /Image /Filter /DCTDecode", b"\xff\xd8jpeg")
    objects[21] = _stream(b"/Filter [/FlateDecode /JBIG2Decode]", zlib.compress(b"x"))
    objects[22] = _stream(b"/Filter /Crypt", b"x")
    objects[23] = _stream(b"/Filter /FlateDecode", b"not zlib at all")
    doc = LeanDocument(make_pdf(objects))
    assert doc.contents(doc.page(0)) == PAGES[0]
    for num in (20, 21, 22, 23):
        stream = doc.get(num)
        assert isinstance(stream, Stream)
        with pytest.raises(Unsupported):
            stream.get_data()
    image = doc.get(20)
    assert isinstance(image, Stream) and image.raw == b"\xff\xd8jpeg"


def test_stream_length_missing_wrong_or_indirect() -> None:
    content = b"BT (x) Tj ET"
    packed = zlib.compress(content)
    objects = doc_objects(PAGES[:1])
    bodies = {
        20: b"<< /Filter /FlateDecode >>\nstream\n" + packed + b"\nendstream",
        21: b"<< /Filter /FlateDecode /Length 3 >>\nstream\n" + packed + b"\r\nendstream",
        22: b"<< /Filter /FlateDecode /Length 99999 >>\nstream\r\n" + packed + b"\nendstream",
        23: b"<< /Filter /FlateDecode /Length 24 0 R >>\nstream\n" + packed + b"\nendstream",
        24: b"%d" % len(packed),
        25: b"<< /Length 26 0 R >>\nstream  \nraw data\nendstream",
        26: b"null",
    }
    objects.update(bodies)
    doc = LeanDocument(make_pdf(objects))
    for num in (20, 21, 22, 23):
        stream = doc.get(num)
        assert isinstance(stream, Stream)
        assert stream.raw == packed, num
        assert stream.get_data() == content
    raw = doc.get(25)
    assert isinstance(raw, Stream) and raw.get_data() == b"raw data"


# --- files the lean reader leaves to pypdf ---------------------------------------------------


def _simple() -> bytes:
    return make_pdf(doc_objects(PAGES))


def test_wrong_xref_offset_is_unsupported_and_pypdf_repairs() -> None:
    data = bytearray(_simple())
    pos = data.index(b"\n%010d 00000 n" % data.index(b"11 0 obj"))
    data[pos + 1 : pos + 11] = b"%010d" % (int(data[pos + 1 : pos + 11]) + 3)
    with pytest.raises(Unsupported):
        LeanDocument(bytes(data))
    assert len(pypdf.PdfReader(io.BytesIO(bytes(data))).pages) == 3


def test_unreadable_files_are_unsupported() -> None:
    good = _simple()
    startxref = good.rindex(b"startxref")
    cases = {
        "garbage": b"this is not a pdf at all" * 10,
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "no startxref": good[:startxref],
        "xref beyond end": good[:startxref] + b"startxref\n999999\n%%EOF\n",
        "xref points at an object": good[:startxref]
        + b"startxref\n%d\n%%%%EOF\n" % good.index(b"3 0 obj"),
        "bad table": good.replace(b"0000000000 65535 f", b"00000000x0 65535 f"),
        "bad trailer": good.replace(b"trailer\n<<", b"trailer\n[["),
        "no root": good.replace(b"/Root 1 0 R", b"/Rot 1 0 R"),
    }
    for name, data in cases.items():
        with pytest.raises(Unsupported):
            LeanDocument(data)
        assert name


def test_encrypted_file_is_unsupported(tmp_path: Path) -> None:
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(_simple()))
    writer.encrypt(user_password="", owner_password="owner-secret", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(Unsupported, match="encrypted"):
        LeanDocument(out.getvalue())


def test_tolerated_variants() -> None:
    objects = doc_objects(PAGES)
    data = make_pdf(objects).replace(b"%%EOF\n", b"")  # %%EOF missing
    assert LeanDocument(data).page_count == 3
    # endobj missing, comments between tokens
    data = make_pdf(objects)
    data = data.replace(b">>\nendobj\n3 0 obj", b">>\n%ndobj\n3 0 obj", 1)  # same length
    assert b"%ndobj" in data
    doc = compare_with_pypdf(data)
    assert doc.contents(doc.page(1)) == PAGES[1]
    # an object of generation 1, referred to as such
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R /Extra 41 1 R >>"
    data = make_pdf(objects)
    at = len(data)
    data += b"41 1 obj\n(gen one)\nendobj\n"
    data = append_update(data, {}, size=42, trailer=b"/Root 1 0 R")
    data = data.replace(b"xref\ntrailer", b"xref\n41 1\n%010d 00001 n \ntrailer" % at)
    doc = LeanDocument(data)
    catalog = doc.trailer.resolved("/Root")
    assert isinstance(catalog, Dict) and catalog.resolved("/Extra") == b"gen one"
    with pytest.raises(Unsupported):
        doc.get(41, 0)


def test_unreferenced_broken_object_does_not_matter() -> None:
    objects = doc_objects(PAGES)
    objects[50] = b"<< /Broken [1 2 >> oops"
    doc = LeanDocument(make_pdf(objects))
    assert [doc.contents(doc.page(i)) for i in range(3)] == PAGES
    with pytest.raises(Unsupported):
        doc.get(50)


def test_loading_is_lazy() -> None:
    doc = LeanDocument(make_pdf(_full_objects(), xref="stream", in_objstm=(3, 30, 31, 40)))
    before = set(doc._cache)
    assert 11 not in before and 31 not in before
    assert doc.contents(doc.page(0)) == PAGES[0]
    assert 11 in doc._cache and 13 not in doc._cache and 31 not in doc._cache


# --- hostile files -------------------------------------------------------------------------


def test_page_tree_loop_and_depth() -> None:
    objects = doc_objects(PAGES[:1])
    objects[2] = b"<< /Type /Pages /Kids [10 0 R 5 0 R] /Count 2 >>"
    objects[5] = b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"
    with pytest.raises(LimitExceeded):
        _ = LeanDocument(make_pdf(objects)).page_count
    objects = doc_objects(PAGES[:1])
    depth = 150
    objects[2] = b"<< /Type /Pages /Kids [100 0 R] /Count 1 >>"
    for n in range(100, 100 + depth):
        objects[n] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (n + 1)
    objects[100 + depth] = b"<< /Type /Pages /Kids [10 0 R] /Count 1 >>"
    with pytest.raises(LimitExceeded):
        _ = LeanDocument(make_pdf(objects)).page_count
    # /Count is not trusted
    objects = doc_objects(PAGES)
    objects[2] = objects[2].replace(b"/Count 3", b"/Count 1000000")
    assert LeanDocument(make_pdf(objects)).page_count == 3


def test_deep_nesting_and_reference_loops() -> None:
    objects = doc_objects(PAGES[:1])
    objects[20] = b"[" * 5000 + b"]" * 5000
    objects[21] = b"<< /A " * 300 + b"1" + b" >>" * 300
    objects[22] = b"23 0 R"
    objects[23] = b"22 0 R"
    objects[24] = b"<< /Length 24 0 R >>\nstream\nxx\nendstream"
    objects[25] = b"26 0 R"
    objects[26] = b"[" * 150 + b"]" * 150
    doc = LeanDocument(make_pdf(objects))
    for num in (20, 21):
        with pytest.raises(LimitExceeded):
            doc.get(num)
    with pytest.raises(LimitExceeded):
        doc.resolve(Ref(doc, 22, 0))
    with pytest.raises(LimitExceeded):
        doc.get(24)
    deep = doc.resolve(Ref(doc, 25, 0))
    assert isinstance(deep, Array) and len(deep) == 1
    objects[10] = b"<< /Type /Page /Parent 2 0 R /Contents 22 0 R >>"
    doc = LeanDocument(make_pdf(objects))
    with pytest.raises(LimitExceeded):
        doc.contents(doc.page(0))


def test_decompression_bomb() -> None:
    bomb = zlib.compress(b"\0" * 20_000_000, 9)
    objects = doc_objects(PAGES[:1])
    objects[11] = _stream(b"/Filter /FlateDecode", bomb)
    doc = LeanDocument(make_pdf(objects))
    with pytest.raises(LimitExceeded):
        doc.contents(doc.page(0))
    small = LeanDocument(make_pdf(doc_objects(PAGES[:1])), max_stream_bytes=10)
    with pytest.raises(LimitExceeded):
        small.contents(small.page(0))
    objects[11] = _stream(b"/Filter /RunLengthDecode", b"\x81\x00" * 200)
    small = LeanDocument(make_pdf(objects), max_stream_bytes=1000)
    with pytest.raises(LimitExceeded):
        small.contents(small.page(0))
    # one stream drawn many times: the joined page content is bounded too
    objects[11] = _stream(b"", b"x" * 300)
    objects[10] = b"<< /Type /Page /Parent 2 0 R /Contents [%s] >>" % (b"11 0 R " * 50)
    small = LeanDocument(make_pdf(objects), max_stream_bytes=1000)
    with pytest.raises(LimitExceeded):
        small.contents(small.page(0))
    objects[10] = b"<< /Type /Page /Parent 2 0 R /Contents [11 0 R 11 0 R] >>"
    small = LeanDocument(make_pdf(objects), max_stream_bytes=1000)
    assert small.contents(small.page(0)) == b"x" * 300 + b"\n" + b"x" * 300
    # a stream larger than the limit can be loaded (and its raw bytes read), not decoded
    objects[20] = _stream(b"/Subtype /Image /Filter /DCTDecode", b"\xff" * 5000)
    objects[21] = _stream(b"", b"x" * 5000)
    small = LeanDocument(make_pdf(objects), max_stream_bytes=1000)
    image, plain = small.get(20), small.get(21)
    assert isinstance(image, Stream) and isinstance(plain, Stream)
    assert len(image.raw) == len(plain.raw) == 5000
    with pytest.raises(Unsupported):
        image.get_data()
    with pytest.raises(LimitExceeded):
        plain.get_data()


def test_document_budget_and_huge_xref_streams() -> None:
    objects = doc_objects(PAGES[:1])
    for num in range(20, 32):
        objects[num] = _stream(b"", b"y" * 1000)
    doc = LeanDocument(make_pdf(objects), max_stream_bytes=1000)
    streams = [doc.get(num) for num in range(20, 32)]
    with pytest.raises(LimitExceeded):
        for stream in streams:
            assert isinstance(stream, Stream)
            assert stream.get_data() == b"y" * 1000
    data = make_pdf(doc_objects(PAGES[:1]), xref="stream", predictor=False)
    # rows of width zero would make any /Index count free to loop over
    empty_rows = data.replace(b"/Type /XRef", b"/Type /XRef /Index [0 999999999999]")
    empty_rows = empty_rows.replace(b"/W [1 4 2]", b"/W [0 0 0]")
    with pytest.raises(Unsupported):
        LeanDocument(empty_rows)
    # three million one-byte rows: over the entry limit, refused without building them
    start = data.rindex(b"startxref")
    rows = zlib.compress(b"\x00" * 3_000_000)
    xref = len(data[:start])
    huge = (
        data[:start]
        + b"99 0 obj\n"
        + _stream(b"/Type /XRef /Size 3000000 /W [1 0 0] /Root 1 0 R /Filter /FlateDecode", rows)
    )
    huge += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref
    with pytest.raises(LimitExceeded):
        LeanDocument(huge)


def test_outline_loop_terminates() -> None:
    objects = _full_objects()
    objects[34] = b"<< /Title (Back) /Parent 30 0 R /Next 31 0 R /Dest [10 0 R /Fit] >>"
    doc = LeanDocument(make_pdf(objects))
    assert doc.outline() == [*EXPECTED_OUTLINE, ("Back", 0)]


def test_object_stream_pointing_at_itself() -> None:
    data = bytearray(make_pdf(_full_objects(), xref="stream", in_objstm=(3, 40)))
    # rewrite the xref row of the object stream (number 41) as "in object stream 41"
    doc = LeanDocument(bytes(data))
    assert doc._xref[41][0] == 1
    doc._xref[41] = (2, 41, 0)
    doc._objstm.clear()
    doc._cache.clear()
    with pytest.raises((Unsupported, LimitExceeded)):
        doc.get(40)


BASE = make_pdf(_full_objects(), trailer=b"/Info 40 0 R", xref="stream", in_objstm=(3, 40, 30, 31))
PLAIN = make_pdf(_full_objects(), trailer=b"/Info 40 0 R")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.booleans(),
    edits=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=6),
    cut=st.integers(0, 10**6),
)
def test_mangled_files_fail_cleanly(which: bool, edits: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(BASE if which else PLAIN)
    for pos, value in edits:
        data[pos % len(data)] = value
    if cut % 3 == 0:
        del data[cut % len(data) :]
    try:
        doc = LeanDocument(bytes(data), max_stream_bytes=100_000)
        for index in range(doc.page_count):
            doc.contents(doc.page(index))
        doc.info()
        doc.outline()
        doc.xmp()
    except (Unsupported, LimitExceeded):
        pass


def test_import_is_stdlib_only_and_without_pypdf() -> None:
    import subprocess
    import sys

    code = (
        "import sys, refmanager.pdf\n"
        "before = set(sys.modules)\n"
        "import refmanager.pdf.lean\n"
        "new = set(sys.modules) - before - {'refmanager.pdf.lean'}\n"
        "top = {m.split('.')[0] for m in new}\n"
        "print(sorted(top - set(sys.stdlib_module_names)), 'pypdf' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[] False"
