"""Fonts: pypdf decodes each code's text; the widths come from the font dictionary."""

from __future__ import annotations

import zlib
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject

from refmanager.pdf.fonts import FontUnsupported, PdfFont, load_font, measure_glyphs
from refmanager.pdf.pages import open_pages
from tests.pdf.pdfbuild import build_raw


def _stream(data: bytes) -> bytes:
    packed = zlib.compress(data)
    return (
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream"
    )


def _font(font: bytes, *extra: bytes) -> PdfFont:
    """The font of object 4 in a one-page file (objects 5... are ``extra``)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] "
        b"/Resources << /Font << /F1 4 0 R >> >> >>",
        font,
        *extra,
    ]
    reader = PdfReader(BytesIO(build_raw(objects)))
    resources = reader.pages[0]["/Resources"]
    assert isinstance(resources, DictionaryObject)
    fonts = resources["/Font"]
    assert isinstance(fonts, DictionaryObject)
    ref = fonts.raw_get("/F1")
    return load_font(ref, PageObject(pdf=reader))


def test_simple_font_widths_and_differences() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Foo-Bold /FirstChar 65 "
        b"/Widths [600 700 0] /Encoding << /Type /Encoding /Differences [66 /eacute] >> >>"
    )
    assert font.name == "ABCDEF+Foo-Bold" and font.mapped and not font.composite
    assert font.decode(b"AB") == [("A", 600, False), ("\u00e9", 700, False)]
    # a code outside /Widths: its text is asked for when shown; the default width is
    # the average of the widths (no space glyph)
    assert font.decode(b"Z") == [("Z", 650, False)]


def test_word_spacing_applies_to_the_single_byte_space() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Foo /FirstChar 32 /Widths [250 500] >>"
    )
    assert font.decode(b" !") == [(" ", 250, True), ("!", 500, False)]


def test_a_simple_fonts_measure_of_a_string_is_that_of_its_decoded_codes() -> None:
    def font() -> PdfFont:
        return _font(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Foo /FirstChar 32 "
            b"/Widths [250 500 0 700] /Encoding << /Differences [34 /quotedblright] >> >>"
        )

    # text, width, width before the first visible glyph, after the last, spaces, codes
    assert font().measure(b" ! ") == (" ! ", 1000, 250, 250, 2, 3)
    assert font().measure(b"  ") == ("  ", 500, -1.0, 0.0, 2, 2)
    assert font().measure(b"") == ("", 0, -1.0, 0.0, 0, 0)
    for data in (b"!#", b' "!', b"Z!", b"  ", b"", b"#Z ", b'"'):
        # a fresh font (measured first: its codes outside /Widths are learnt) and one
        # that decoded the string first
        first, decoded = font(), font()
        assert first.measure(data) == measure_glyphs(decoded.decode(data)) == decoded.measure(data)


def test_a_font_queues_the_codes_it_does_not_know_yet() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Foo /FirstChar 32 /Widths [250 500] >>"
    )
    assert font.queue(b" ! !")  # the codes with a width were learnt when it was loaded
    assert not font.queue(b"!Z") and not font.queue(b"Y")
    font.learn_queued()
    # codes without a width take the default, twice the space's
    assert font.queue(b"ZY!") and font.measure(b"ZY") == ("ZY", 1000, 0.0, 0.0, 0, 2)


def test_tounicode_maps_a_ligature() -> None:
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <00> <FF> endcodespacerange "
        b"1 beginbfchar <0C> <00660069> endbfchar endcmap end end"
    )
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /CMR10 /FirstChar 12 /Widths [556] "
        b"/ToUnicode 5 0 R >>",
        _stream(cmap),
    )
    assert font.decode(b"\x0c") == [("fi", 556, False)]


def test_type0_identity_font() -> None:
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"2 beginbfchar <0003> <4E2D> <0004> <0041> endbfchar endcmap end end"
    )
    font = _font(
        b"<< /Type /Font /Subtype /Type0 /BaseFont /SimSun /Encoding /Identity-H "
        b"/DescendantFonts [6 0 R] /ToUnicode 5 0 R >>",
        _stream(cmap),
        b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SimSun /DW 1000 /W [4 [500]] >>",
    )
    assert font.composite and font.mapped
    assert font.decode(b"\x00\x03\x00\x04") == [("\u4e2d", 1000, False), ("A", 500, False)]
    # a string cut inside its last code: that byte is a code of its own
    assert font.decode(b"\x00\x04\x03") == [("A", 500, False), ("\u4e2d", 1000, False)]
    assert font.measure(b"\x00\x04\x00\x03") == ("A\u4e2d", 1500, 0.0, 0.0, 0, 2)


def test_a_composite_font_knowing_none_of_its_codes_is_sparse() -> None:
    """A Type0 font whose /W gives no code a width learns each code as a page shows it:
    it is sparse (its pages are looked over for their codes before they are read); one
    whose /W gives its codes widths is not, until it has to learn a code a page shows."""
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"2 beginbfchar <0003> <4E2D> <0004> <0041> endbfchar endcmap end end"
    )
    head = b"<< /Type /Font /Subtype /Type0 /BaseFont /SimSun /Encoding /Identity-H "
    tail = b"/DescendantFonts [6 0 R] /ToUnicode 5 0 R >>"
    cid = b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SimSun /DW 1000 %s>>"
    bare = _font(head + tail, _stream(cmap), cid % b"")
    listed = _font(head + tail, _stream(cmap), cid % b"/W [4 [500]] ")
    simple = _font(b"<< /Type /Font /Subtype /Type1 /BaseFont /Foo /FirstChar 32 /Widths [250] >>")
    seen = [bare.sparse, listed.sparse, simple.sparse]
    assert listed.queue(b"\x00\x04")
    listed.learn_queued()  # nothing queued
    seen.append(listed.sparse)
    assert not listed.queue(b"\x00\x03\x00\x04") and not simple.queue(b"!")
    listed.learn_queued()
    simple.learn_queued()
    # (a simple font's unknown codes are rare: zero-width ones)
    assert [*seen, listed.sparse, simple.sparse] == [True, False, False, False, True, False]
    assert listed.decode(b"\x00\x03") == [("\u4e2d", 1000, False)]


def test_type0_without_tounicode_is_not_mapped() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H "
        b"/DescendantFonts [<< /Type /Font /Subtype /CIDFontType0 /BaseFont /X >>] >>"
    )
    assert not font.mapped


def _type3(glyphs: dict[int, str]) -> PdfFont:
    """A Type3 font (1/100 em units) with a glyph 0.5 em wide named ``glyphs[code]`` at each
    code, and no /ToUnicode."""
    first, last = min(glyphs), max(glyphs)
    widths = " ".join("50" if c in glyphs else "0" for c in range(first, last + 1))
    names = " ".join(f"{c} /{name}" for c, name in glyphs.items())
    procs = " ".join(f"/{name} 5 0 R" for name in glyphs.values())
    font = (
        f"<< /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FirstChar {first} "
        f"/LastChar {last} /Widths [{widths}] /Encoding << /Differences [{names}] >> "
        f"/CharProcs << {procs} >> /FontBBox [0 0 100 100] /Resources << >> >>"
    )
    return _font(font.encode("ascii"), _stream(b"50 0 d0"))


def test_type3_widths_are_scaled_by_its_font_matrix() -> None:
    assert _type3({65: "A"}).decode(b"A") == [("A", 500.0, False)]


def _bitmap_font(codes: list[int]) -> PdfFont:
    """A Type3 font like dvips's of a TeX PK font: glyphs named /a<code>."""
    return _type3({c: f"a{c}" for c in codes})


def test_a_bitmap_tex_font_reads_its_codes_as_t1_or_ot1_positions() -> None:
    # T1 (EC fonts): ff at 27, fi at 28, en dash at 21, quotes at 16 and 17.
    t1 = _bitmap_font([16, 17, 21, 27, 28, 67, 108, 105])
    assert "".join(t for t, _, _ in t1.decode(b"Cli\x1b \x10\x1cne\x11 1\x152")) == (
        "Cliff \u201cfine\u201d 1\u20132"
    )
    # OT1 (cm fonts): ff at 11, fi at 12, en dash at 123, quotes at 92 and 34.
    ot1 = _bitmap_font([11, 12, 34, 92, 123, 67, 108, 105])
    assert "".join(t for t, _, _ in ot1.decode(b'Cli\x0b \\\x0cne" 1{2')) == (
        "Cliff \u201cfine\u201d 1\u20132"
    )
    # Without glyphs at either encoding's ligature or dash positions, codes stay as they are.
    plain = _bitmap_font([123, 67, 108, 105])
    assert "".join(t for t, _, _ in plain.decode(b"Cli{")) == "Cli{"


def test_a_type3_font_with_glyph_names_keeps_pypdfs_text() -> None:
    # pypdf gives the ligature's character (folded to "ff" when lines are cleaned).
    assert _type3({27: "ff"}).decode(b"\x1b")[0][0] == "\ufb00"


def _type1_with_program(encoding: bytes) -> PdfFont:
    """A Type1 font, codes 49-50 and 65-66, whose embedded program has a built-in encoding
    of its own, as TeX Gyre's "X" fonts order their glyphs (A at 33, a at 65, 1 at 17, Q
    at 49), with ``encoding`` as the font dictionary's /Encoding."""
    program = (
        b"%!PS-AdobeFont-1.0: TeXGyreTermesX-Regular 2.004\n"
        b"/FontName /ABCDEF+TeXGyreTermesX-Regular def\n"
        b"/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n"
        b"dup 17 /one put\ndup 33 /A put\ndup 34 /B put\ndup 49 /Q put\ndup 50 /R put\n"
        b"dup 65 /a put\ndup 66 /b put\nreadonly def\ncurrentfile eexec\n"
    )
    return _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+TeXGyreTermesX-Regular "
        b"/FirstChar 49 /LastChar 66 /Widths [500 500 "
        + b"0 " * 14
        + b"600 600] /Encoding "
        + encoding
        + b" /FontDescriptor 5 0 R >>",
        b"<< /Type /FontDescriptor /FontName /ABCDEF+TeXGyreTermesX-Regular /Flags 4 "
        b"/FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 700 /Descent -200 /CapHeight 700 "
        b"/StemV 80 /FontFile 6 0 R >>",
        _stream(program),
    )


def test_a_type1_fonts_differences_decide_over_its_programs_built_in_encoding() -> None:
    differences = _type1_with_program(b"<< /Differences [49 /one /two 65 /A] >>")
    # The codes /Differences names read by their names; code 66, which it leaves to the
    # program's built-in encoding, reads by it.
    assert [t for t, _, _ in differences.decode(b"12AB")] == ["1", "2", "A", "b"]
    assert [w for _, w, _ in differences.decode(b"12AB")] == [500, 500, 600, 600]
    # A named encoding or a /BaseEncoding decides every code.
    named = _type1_with_program(b"/WinAnsiEncoding")
    assert "".join(t for t, _, _ in named.decode(b"12AB")) == "12AB"
    based = _type1_with_program(b"<< /BaseEncoding /WinAnsiEncoding /Differences [50 /Q] >>")
    assert "".join(t for t, _, _ in based.decode(b"12AB")) == "1QAB"


def test_a_type1_font_without_encoding_reads_its_programs_built_in_encoding() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /X /FirstChar 49 /Widths [500] "
        b"/FontDescriptor 5 0 R >>",
        b"<< /Type /FontDescriptor /FontName /X /Flags 4 /FontFile 6 0 R >>",
        _stream(
            b"%!PS-AdobeFont-1.0: X\n/Encoding 256 array\n"
            b"dup 49 /Q put\nreadonly def\ncurrentfile eexec\n"
        ),
    )
    assert font.decode(b"1")[0][0] == "Q"


def test_glyph_names_with_suffixes_read_by_the_adobe_glyph_lists_rules() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /X /FirstChar 65 /Widths [500 500 500 500] "
        b"/Encoding << /Differences [65 /r.sc /T_h /one.osf /g123] >> >>"
    )
    # Small capitals, a ligature, an oldstyle figure; a name with no known part stays
    # as pypdf gives it.
    assert [t for t, _, _ in font.decode(b"ABCD")] == ["r", "Th", "1", "/g123"]


def _cff_font(name: bytes) -> PdfFont:
    """A Type1 font named ``name`` without /Encoding whose program is CFF (/FontFile3),
    codes 11-12, 34, 92 and 123 shown."""
    widths = {11: 583, 12: 555, 34: 500, 92: 500, 123: 500}
    array = " ".join(str(widths.get(c, 0)) for c in range(11, 124))
    return _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /" + name + b" /FirstChar 11 "
        b"/LastChar 123 /Widths [" + array.encode("ascii") + b"] /FontDescriptor 5 0 R >>",
        b"<< /Type /FontDescriptor /FontName /" + name + b" /Flags 4 /FontFile3 6 0 R >>",
        b"<< /Subtype /Type1C /Length 4 >>\nstream\n\x01\x00\x04\x02\nendstream",
    )


def test_a_computer_modern_cff_font_without_encoding_reads_as_ot1() -> None:
    # Ghostscript's and dvipdfm's CMR8: pypdf read StandardEncoding (no fontTools).
    font = _cff_font(b"ABCDEF+CMR8")
    assert "".join(t for t, _, _ in font.decode(b'Di\x0berential \\ok" 1{2')) == (
        "Differential \u201cok\u201d 1\u20132"
    )
    # The typewriter fonts keep ASCII's signs; other fonts are read as pypdf reads them.
    for name in (b"ABCDEF+CMTT10", b"ABCDEF+Foo"):
        assert "".join(t for t, _, _ in _cff_font(name).decode(b"\\{")) == "\\{"


def _cmap(pairs: dict[int, str]) -> bytes:
    """A /ToUnicode CMap of one-byte codes."""
    chars = " ".join(f"<{c:02X}> <{ord(t):04X}>" for c, t in pairs.items())
    return (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <00> <FF> endcodespacerange "
        + f"{len(pairs)} beginbfchar {chars} endbfchar endcmap end end".encode("ascii")
    )


def _bitmap_font_mapped(codes: list[int], pairs: dict[int, str]) -> PdfFont:
    """A Type3 font like dvips's of a TeX PK font (glyphs named /a<code>) with a /ToUnicode
    mapping ``pairs``."""
    first, last = min(codes), max(codes)
    widths = " ".join("50" if c in codes else "0" for c in range(first, last + 1))
    names = " ".join(f"{c} /a{c}" for c in codes)
    procs = " ".join(f"/a{c} 6 0 R" for c in codes)
    font = (
        f"<< /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FirstChar {first} "
        f"/LastChar {last} /Widths [{widths}] /Encoding << /Differences [{names}] >> "
        f"/CharProcs << {procs} >> /FontBBox [0 0 100 100] /Resources << >> "
        f"/ToUnicode 5 0 R >>"
    )
    return _font(font.encode("ascii"), _stream(_cmap(pairs)), _stream(b"50 0 d0"))


def test_a_bitmap_tex_fonts_names_read_as_zapf_dingbats_are_read_as_its_codes() -> None:
    # Ghostscript maps /a82 /a101 /a102 /a110 /a99 /a115 /a27 as Zapf Dingbats names
    # (R e f n c s ff), leaving out the names that are none (/a114: r).
    codes = [27, 82, 99, 101, 102, 110, 114, 115]
    dingbats = {27: "✛", 82: "❘", 99: "❝", 101: "❡", 102: "❢"}
    dingbats |= {110: "♥", 115: "♦"}
    font = _bitmap_font_mapped(codes, dingbats)
    assert "".join(t for t, _, _ in font.decode(b"Referen\x1bces")) == "Referenffces"
    # Zapf Dingbats' names put some letters among the card suits and circled numbers.
    suits = _bitmap_font_mapped(
        [97, 100, 110, 115, 120, 122],
        {97: "\u275b", 110: "\u2665", 115: "\u2666", 120: "\u2460", 122: "\u2462"},
    )
    assert "".join(t for t, _, _ in suits.decode(b"snaxzd")) == "snaxzd"
    # Half of a small font's letters is enough: its other names are none of Zapf's.
    half = _bitmap_font_mapped([97, 112, 115, 116], {97: "\u275b", 112: "\u2663"})
    assert "".join(t for t, _, _ in half.decode(b"spatstat")) == "spatstat"
    # A /ToUnicode that reads the letters as letters is kept.
    kept = _bitmap_font_mapped([97, 98], {97: "ä", 98: "b"})
    assert "".join(t for t, _, _ in kept.decode(b"ab")) == "äb"


def test_a_standard_font_without_widths_takes_adobe_metrics() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    )
    assert [w for _, w, _ in font.decode(b"Hi l")] == [722, 222, 278, 222]
    courier = _font(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")
    assert {w for _, w, _ in courier.decode(b"Wil l")} == {600}


@pytest.mark.parametrize(
    "body",
    [
        b"<< /Type /Font /Subtype /Type1 /FirstChar 0 /Widths [(a) 1] >>",
        b"<< /Type /Font /Subtype /Type0 /Encoding /Identity-H "
        b"/DescendantFonts [<< /W [0 70000 500] >>] >>",
        b"<< /Type /Font /Subtype /Type0 /DescendantFonts [5] >>",
    ],
)
def test_malformed_fonts_are_refused(body: bytes) -> None:
    with pytest.raises(FontUnsupported):
        _font(body)


@pytest.mark.parametrize(
    ("ordering", "cids", "text"),
    [("GB1", [1173, 2377, 3795, 3908], "参考文献"), ("Japan1", [3592, 1881], "文献")],
)
def test_cids_of_an_adobe_collection_without_tounicode_read_as_text(
    ordering: str, cids: list[int], text: str
) -> None:
    # XeTeX embeds Fandol (GB1) and other CJK fonts with an Identity encoding and no
    # /ToUnicode: the codes are CIDs of the collection the descendant names. (The CIDs of
    # the characters are those of Adobe's Adobe-GB1-UCS2 and Adobe-Japan1-UCS2 CMaps.)
    font = _font(
        b"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+FandolSong-Regular-Identity-H "
        b"/Encoding /Identity-H /DescendantFonts [5 0 R] >>",
        b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /ABCDEF+FandolSong-Regular "
        b"/CIDSystemInfo << /Registry (Adobe) /Ordering (%s) /Supplement 5 >> /DW 1000 >>"
        % ordering.encode(),
    )
    assert font.mapped
    shown = b"".join(c.to_bytes(2, "big") for c in cids)
    assert "".join(t for t, _, _ in font.decode(shown)) == text
    assert [w for _, w, _ in font.decode(shown)] == [1000] * len(cids)


def test_identity_cids_of_no_adobe_collection_stay_unmapped() -> None:
    font = _font(
        b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H "
        b"/DescendantFonts [<< /Type /Font /Subtype /CIDFontType0 /BaseFont /X "
        b"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>] >>"
    )
    assert not font.mapped


def test_fonts_loaded_together_are_those_loaded_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from refmanager.pdf import fonts

    program = (
        b"%!PS-AdobeFont-1.0: X\n/Encoding 256 array\n"
        b"dup 49 /Q put\ndup 66 /b put\nreadonly def\ncurrentfile eexec\n"
    )
    dingbats = {27: "✛", 82: "❘", 99: "❝", 101: "❡", 102: "❢", 110: "♥", 115: "♦"}
    codes = [27, 82, 99, 101, 102, 110, 114, 115]
    widths = " ".join("50" if c in codes else "0" for c in range(27, 116))
    cid_map = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"2 beginbfchar <0001> <4E2D> <0004> <0041> endbfchar endcmap end end"
    )
    fonts_made = [
        # /Differences with names pypdf does not know (a probe of their own)
        b"<< /Type /Font /Subtype /Type1 /BaseFont /X /FirstChar 65 /Widths [500 500 500] "
        b"/Encoding << /Differences [65 /r.sc /T_h /one.osf] >> >>",
        # /Differences over a program's built-in encoding (two fonts in its probe)
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Y /FirstChar 49 /LastChar 66 "
        b"/Widths [500 500 " + b"0 " * 14 + b"600 600] /Encoding << /Differences [49 /one] >> "
        b"/FontDescriptor 10 0 R >>",
        # a standard font without widths (all 256 codes), Adobe's metrics
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        # a Type3 font whose /ToUnicode reads its letters as dingbats (probed again)
        (
            f"<< /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FirstChar 27 "
            f"/LastChar 115 /Widths [{widths}] "
            f"/Encoding << /Differences [{' '.join(f'{c} /a{c}' for c in codes)}] >> "
            f"/CharProcs << >> /FontBBox [0 0 100 100] /Resources << >> /ToUnicode 11 0 R >>"
        ).encode(),
        # a composite font with a /ToUnicode
        b"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+SimSun /Encoding /Identity-H "
        b"/DescendantFonts [<< /Subtype /CIDFontType0 /DW 1000 /W [4 [500]] >>] "
        b"/ToUnicode 12 0 R >>",
        # malformed: refused
        b"<< /Type /Font /Subtype /Type1 /FirstChar 0 /Widths [(a) 1] >>",
    ]
    names = " ".join(f"/F{i} {4 + i} 0 R" for i in range(len(fonts_made)))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] "
        b"/Resources << /Font << " + names.encode() + b" >> >> >>",
        *fonts_made,
        b"<< /Type /FontDescriptor /FontName /Y /Flags 4 /FontFile 13 0 R >>",
        _stream(_cmap(dingbats)),
        _stream(cid_map),
        _stream(program),
    ]
    reader = PdfReader(BytesIO(build_raw(objects)))
    resources = reader.pages[0]["/Resources"]
    assert isinstance(resources, DictionaryObject)
    table = resources["/Font"]
    assert isinstance(table, DictionaryObject)
    refs = [table.raw_get(f"/F{i}") for i in range(len(fonts_made))]
    page = PageObject(pdf=reader)
    alone: list[PdfFont | None] = []
    for ref in refs:
        try:
            alone.append(load_font(ref, page))
        except FontUnsupported:
            alone.append(None)
    probes: list[int] = []
    probe = fonts._probe

    def counted(page: PageObject, groups: list[tuple[object, list[bytes]]]) -> list[str]:
        probes.append(len(groups))
        return probe(page, groups)

    monkeypatch.setattr(fonts, "_probe", counted)
    together = fonts.load_fonts(refs, page)
    # One probe for the codes all of them ask for first (six groups: the program's own
    # among them), then the names pypdf did not know, and the dingbat font again.
    assert probes == [6, 1, 1]
    assert alone[-1] is None and together[-1] is None
    fields = ("name", "mapped", "composite", "widths", "default", "space_width", "space_code",
              "texts", "positions", "encoded", "names")  # fmt: skip
    for one, other in zip(alone, together, strict=True):
        if one is None or other is None:
            assert one is other
            continue
        for name in fields:
            value = getattr(one, name)
            assert getattr(other, name) == value, name
            if isinstance(value, dict):
                assert list(getattr(other, name)) == list(value), name  # in the same order
        assert one.decode(b"AB1\x1b") == other.decode(b"AB1\x1b")


def test_a_glyph_named_by_one_character_reads_as_that_character() -> None:
    # dvips names its bitmap fonts' digits and signs by themselves ("/1", "/."), no names
    # of the Adobe Glyph List: pypdf gives the name, and "12." read "/1/2/.".
    font = _type3({2: "1", 3: "2", 4: "period", 5: "."})
    assert "".join(t for t, _, _ in font.decode(b"\x02\x03\x05\x04")) == "12.."


def test_an_older_dvips_font_naming_its_codes_in_hex_reads_them_as_tex_positions() -> None:
    # An older dvips names a bitmap font's glyphs by themselves where the code is a
    # printable character ("/B") and by the code in hex elsewhere ("/#0C", written
    # "/#230C"): pypdf gave the names, and "[KD91] ... pages 68{76" read
    # "/#5BKD91/#5D ... 68/#7B76". OT1 (a glyph at fi's 12): en dash at 123 (0x7B).
    glyphs = {12: "#230C", 49: "1", 54: "6", 56: "8", 55: "7", 68: "D", 75: "K", 57: "9"}
    glyphs |= {91: "#235B", 93: "#235D", 123: "#237B", 40: "#2328", 41: "#2329", 97: "a", 110: "n"}
    font = _type3(glyphs)
    text = "".join(t for t, _, _ in font.decode(b"[KD91] \x0cna(a) 68{76"))
    assert text == "[KD91] fina(a) 68\u201376"


def _dvips_page(tmp_path: Path, box: str = "-5 -25 99 75", glyph: bytes = b"50 0 d0") -> Path:
    """A page set as Acrobat Distiller writes dvips's bitmap fonts: a Type3 font drawing in
    device pixels (/FontMatrix [1 0 0 -1 0 0], an em 100 high), set at size 1 in a matrix of
    0.12, one word to a string, the digits and signs named by themselves."""
    glyphs = {2: "1", 3: "2", 4: ".", 84: "T", 104: "h", 101: "e", 110: "n", 100: "d"}
    first, last = min(glyphs), max(glyphs)
    widths = " ".join("50" if c in glyphs else "0" for c in range(first, last + 1))
    names = " ".join(f"{c} /{name}" for c, name in glyphs.items())
    procs = " ".join(f"/{name} 6 0 R" for name in glyphs.values())
    font = (
        f"<< /Type /Font /Subtype /Type3 /FontMatrix [1 0 0 -1 0 0] /FirstChar {first} "
        f"/LastChar {last} /Widths [{widths}] /Encoding << /Differences [{names}] >> "
        f"/CharProcs << {procs} >> /FontBBox [{box}] /Resources << >> >>"
    )
    text = (
        b"BT /F1 1 Tf .12 0 0 -.12 72 700 Tm (\x02\x03\x04) Tj 177 0 TD (The) Tj "
        b"177 0 TD (end) Tj ET"
    )
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        font.encode("ascii"),
        _stream(text),
        _stream(glyph),
    ]
    path = tmp_path / "dvips.pdf"
    path.write_bytes(build_raw(objects))
    return path


def test_a_type3_font_drawing_in_pixels_is_read_in_its_type_size(tmp_path: Path) -> None:
    # Its size came out 0.12 pt: every space between words was wider than a column's gap,
    # so each word was a line of its own.
    with open_pages(str(_dvips_page(tmp_path)), None) as pages:
        lines = pages.get(1)
    assert [ln.text for ln in lines] == ["12. The end"]
    assert lines[0].size == pytest.approx(12.0)


def test_a_type3_font_in_pixels_without_a_box_is_read_in_its_glyphs_size(tmp_path: Path) -> None:
    # Ghostscript writes [0 0 1000 1000] for a bitmap font given no box: that em made the
    # text 120 pt, its lines run together (sweep9). The glyphs' own boxes (d1) are 100 high.
    page = _dvips_page(tmp_path, box="0 0 1000 1000", glyph=b"50 0 0 -25 50 75 d1")
    with open_pages(str(page), None) as pages:
        lines = pages.get(1)
    assert [ln.text for ln in lines] == ["12. The end"]
    assert lines[0].size == pytest.approx(12.0)
