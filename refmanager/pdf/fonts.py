"""The fonts of a page for the text interpreter: the text and width of each character code.

The text of a code is pypdf's own: pypdf decodes it (encodings, /Differences, glyph names,
ToUnicode CMaps, font programs) through its public text extraction. A font's codes are
shown, each on its own line, in a small form XObject that uses the font, and
``PageObject.extract_xform_text`` reports the text of each line to a visitor (see
:func:`_probe`). A font is probed once for the codes it gives a width for (all 256 codes
of a simple font without /Widths), and later for any other code a page shows: the
interpreter queues the codes of a page that are not known yet (:meth:`PdfFont.queue`) and
has them decoded together once the page has been read (:meth:`PdfFont.learn_queued`), so a
font whose codes mostly have the default width (a CJK font's /W lists few of them) costs
one probe per page, not one per string. The fonts a page sets that are not loaded yet are
loaded together (:func:`load_fonts`): the codes each asks for first are probed in one form
for them all (pypdf sets up its text extraction anew for each form, some 0.2 ms: the cost of
20 codes).

A composite font with an Identity encoding and no /ToUnicode whose descendant names one of
Adobe's character collections in /CIDSystemInfo (GB1, CNS1, Japan1, Korea1: XeTeX embeds
Fandol, Noto CJK and Source Han fonts so) shows the CIDs of that collection; their text
comes from Adobe's ``Adobe-<Ordering>-UCS2`` CMap, as the PDF reference (9.10.2) has a
reader do (``data/cid/``, written by ``tools/cid_unicode.py``; pypdf does not ship these
CMaps and decodes such CIDs as if they were Unicode).

A Type3 font whose glyphs are named by their codes (``/a27``: the bitmap fonts dvips and
pdfTeX make of TeX's PK fonts; an older dvips names a code by its character where that is
printable, ``/B``, and by its hex elsewhere, ``/#0C``) says nothing of its text, and pypdf
gives each code as the character of that number (the hex names it gives as they are, read
as that character: :func:`_one_character`): right for letters and digits, but TeX's text
fonts put ligatures, dashes and quotes where that gives control characters or brackets. Such a
font's codes are read as positions of the TeX encoding its glyphs show: T1 (Cork) where it
has glyphs at T1's ligature and dash positions (21-22, 27-31), OT1 where it has them at
OT1's (11-15); neither, where it has none (see :func:`_tex_positions`). A math italic
font (OML) keeps Greek at 11-15 and reads as OT1 there: its α to ε come out as
ligatures, where pypdf gave control characters, so they were lost before too.

A Type1 font without /ToUnicode whose embedded program (/FontFile, /FontFile3) has an
encoding of its own: pypdf reads the program's built-in encoding as if it were a
/ToUnicode map, over the font dictionary's /Encoding. The PDF reference (9.6.6) has it the
other way round: /Differences, /BaseEncoding or a named encoding decide the codes they
cover, and the built-in encoding only the others. TeX fonts whose program orders its glyphs
its own way (TeX Gyre's "X" fonts put A at 33, a at 65) read shifted ("Works Cited" as
"works cited", "1." as "QN"). The codes the /Encoding decides are probed through a copy of
the font whose descriptor leaves the program out (:func:`_encoding_probe`); the others
through the font as it is.

A Type3 font whose glyphs are named by their codes and whose /ToUnicode maps half of its
letters and digits or more to Zapf Dingbats' characters (the Dingbats block, card suits,
circled numbers, arrows, shapes): Ghostscript's pdfwrite maps the names ``/a1`` ...
``/a191`` so, as the Zapf Dingbats names they also are, when it rewrites dvips's bitmap
fonts ("References" reads "❘❡❢❡r❡♥❝❡s"). Such a /ToUnicode is left out and the font read
as any font named by its codes (:func:`_dingbat_names`).

A glyph name pypdf does not know (it gives the name itself, "/r.sc") is read by the Adobe
Glyph List's rules for names: the part before the first period, each of its components
between underscores read as a name (small capitals "/r.sc" as "r", oldstyle figures
"/one.osf" as "1", a ligature "/f_f_i" as "ffi"). pypdf reads the components, shown in a
font whose /Differences names them (:func:`_name_texts`). A name of one character that is
no such name ("/1", "/.": dvips names its bitmap fonts' digits and signs so) is that
character.

A Type3 font draws in the glyph space its /FontMatrix makes; where that matrix and its
glyph box (/FontBBox) make an em more than four times away from one unit of the size set,
the box's height is its em (:func:`_type3_em`, ``PdfFont.em``: the type size per unit of
the size set); where the box is Ghostscript's placeholder [0 0 1000 1000] (dvips's
bitmap fonts run through ps2pdf), the union of the glyphs' own boxes (each procedure's
d1) is the box. dvips's bitmap fonts as Acrobat Distiller writes them draw in device pixels
and are set at size 1 in a matrix of 0.12: their text was 0.12 pt type, every space between
its words wider than a column's gap.

A Computer Modern text font (CMR10, CMBX12, CMTI8 ...) without /Encoding whose program is
CFF (/FontFile3: Ghostscript's and dvipdfm's output of TeX's fonts) shows its built-in
encoding, OT1. pypdf reads a CFF program's encoding only with fontTools (30 MB, not a
dependency), and reads the codes as StandardEncoding without it: en dashes as "{" (pages
"305{322"), opening quotes as "\\", ligatures lost ("Dierential"). Such a font's codes are
read as OT1 positions (:func:`_cm_positions`, the table of the bitmap fonts').

The widths come from the font dictionary as the PDF reference defines them (/Widths and
/FirstChar, /MissingWidth, the /W and /DW of a descendant font, /FontMatrix of a Type3
font), with the default width pypdf gives a font without one. A standard-14 font named
without /Widths takes Adobe's metrics for it (``data/core14.json``, written by
``tools/core14_widths.py``; pypdf has them too, but not in its public API).
"""

from __future__ import annotations

import functools
import gzip
import json
import re
import struct
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeGuard, cast

from pypdf import PageObject
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    ContentStream,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NumberObject,
)

__all__ = [
    "FontUnsupported",
    "Glyph",
    "Measure",
    "PdfFont",
    "load_font",
    "load_fonts",
    "measure_glyphs",
    "resolve",
]

Glyph = tuple[str, float, bool]
"""Per character code: its text (may be "" or several chars), its width, word spacing applies."""

Measure = tuple[str, float, float, float, int, int]
"""A shown string's text, total width, width before its first visible glyph (-1 when none
is visible), width after its last visible glyph, codes that take word spacing, and codes,
all widths in thousandths of an em."""


def measure_glyphs(glyphs: Sequence[Glyph]) -> Measure:
    """The :data:`Measure` of a string whose codes decode to ``glyphs``."""
    count = len(glyphs)
    if not count:
        return "", 0, -1.0, 0.0, 0, 0
    texts, widths, spaced = zip(*glyphs, strict=True)
    text = "".join(texts)
    total = sum(widths)
    words = sum(spaced)
    first = 0
    while first < count and not texts[first].strip():
        first += 1
    if first == count:
        return text, total, -1.0, 0.0, words, count
    last = count - 1
    while not texts[last].strip():
        last -= 1
    lead = sum(widths[:first]) if first else 0.0
    trail = sum(widths[last + 1 :]) if last < count - 1 else 0.0
    return text, total, lead, trail, words, count


class FontUnsupported(Exception):
    """The font dictionary cannot be used (malformed, or beyond the size limits)."""


_SIMPLE_SUBTYPES = ("/Type1", "/MMType1", "/TrueType", "/Type3")
_MAX_CID_WIDTH_RANGE = 65_536
_MAX_WIDTH_ENTRIES = 100_000
_MAX_PROBED_CODES = 8192  # codes of a composite font probed up front (from its /W)
_FIXED_PITCH = 1
_LINE = 20  # points between the lines of a probe form (more than a line of 10 pt text)


def resolve(x: Any) -> Any:
    """The object behind an indirect reference; any other value as it is."""
    return x.get_object() if isinstance(x, IndirectObject) else x


def _is_number(x: object) -> TypeGuard[int | float]:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


_COLLECTIONS = ("GB1", "CNS1", "Japan1", "Korea1")


@functools.cache
def _collection(ordering: str) -> dict[int, str]:
    """CID -> text in Adobe's character collection ``ordering`` (data/cid/)."""
    raw = resources.files("refmanager.pdf").joinpath(f"data/cid/Adobe-{ordering}.json.gz")
    data = json.loads(gzip.decompress(raw.read_bytes()))
    table: dict[int, str] = {}
    for cid, code, count in data["runs"]:
        for offset in range(count):
            table[cid + offset] = chr(code + offset)
    for cid, text in data["texts"]:
        table[cid] = text
    return table


def _collection_of(ft: DictionaryObject, d_font: dict[Any, Any]) -> dict[int, str] | None:
    """The CID texts for a composite font without /ToUnicode whose codes are CIDs of one of
    Adobe's character collections (an Identity encoding), else None."""
    encoding = resolve(ft.get("/Encoding"))
    if "/ToUnicode" in ft or encoding not in ("/Identity-H", "/Identity-V"):
        return None
    info = resolve(d_font.get("/CIDSystemInfo"))
    if not isinstance(info, dict) or resolve(info.get("/Registry")) != "Adobe":
        return None
    ordering = resolve(info.get("/Ordering"))
    return _collection(str(ordering)) if ordering in _COLLECTIONS else None


@functools.cache
def _core14() -> dict[str, dict[str, Any]]:
    """Per standard-14 font name: {"fixed": bool, "widths": {text: width}}."""
    data = resources.files("refmanager.pdf").joinpath("data/core14.json").read_text("utf-8")
    table: dict[str, dict[str, Any]] = json.loads(data)
    return table


def _probe(page: PageObject, groups: Sequence[tuple[Any, list[bytes]]]) -> list[str]:
    """pypdf's text for each code of ``groups`` (a font and the codes shown in it), in
    their order, from one form that shows them all."""
    # Each code on a line of its own: ' moves down one line (TL) and shows the string. The
    # form's operations are given as pypdf reads them from "BT 20 TL /F0 10 Tf <41>' ... ET"
    # (a content stream read for its text takes strings as bytes), not as bytes for it to
    # parse again: that parse was a quarter of a probe's time.
    operations: list[tuple[list[Any], bytes]] = [([], b"BT"), ([NumberObject(_LINE)], b"TL")]
    for i, (_, codes) in enumerate(groups):
        operations.append(([NameObject(f"/F{i}"), NumberObject(10)], b"Tf"))
        operations += [([ByteStringObject(code)], b"'") for code in codes]
    operations.append(([], b"ET"))
    form = ContentStream(None, page.pdf)
    form.operations = operations
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/Resources")] = DictionaryObject(
        {
            NameObject("/Font"): DictionaryObject(
                {NameObject(f"/F{i}"): ref for i, (ref, _) in enumerate(groups)}
            )
        }
    )
    codes = [code for _, group in groups for code in group]
    texts = [""] * len(codes)

    def visit(text: str, _cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        index = round(-float(tm[5]) / _LINE) - 1
        if text and 0 <= index < len(codes):
            texts[index] += text

    # (typed as taking an encoded stream: any content stream is read as one)
    page.extract_xform_text(cast(Any, form), orientations=(0,), visitor_text=visit)
    # pypdf ends each line of its output with "\n"
    return [t[:-1] if t.endswith("\n") else t for t in texts]


# What a code whose text the font does not give reads as.
UNKNOWN = "\ufffd"


def _glyph_text(text: str) -> str:
    """A code's text as pypdf gives it, where a control character stands for "unknown":
    pypdf falls back to the code itself (U+0084 for code 0x84) when the font's /ToUnicode
    leaves the code out, as Qt's writer does for the glyphs its shaper substituted (the
    proportional digits of a Latin run in a CJK font). No glyph prints a control
    character; the unknown one is U+FFFD (tabs and line ends stay: some fonts map their
    space glyph to them)."""
    if any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in text):
        return UNKNOWN
    return text


@dataclass(slots=True)
class _Request:
    """Codes whose text a font asks pypdf for: the fonts and codes to probe, the codes in
    the order the probe gives their texts, and the codes as they were asked for."""

    groups: list[tuple[Any, list[bytes]]]
    order: list[int]
    missing: list[int]


@dataclass(slots=True)
class PdfFont:
    """A font ready to decode shown strings.

    ``name``: /BaseFont without the slash ("" if none). ``mapped``: False for a Type0 font
    without /ToUnicode (its text is glyph ids). ``composite``: two bytes per code (Type0),
    else one. ``widths`` by code (thousandths of an em, Type3 widths scaled by its
    /FontMatrix), ``default`` for a code without one.
    """

    name: str
    mapped: bool
    composite: bool
    widths: dict[int, float]
    default: float
    space_width: float
    page: PageObject
    font_ref: Any
    texts: dict[int, str] = field(default_factory=dict)
    # A composite font that knows few of its codes until a page shows them: loaded without
    # a code given a width (a CJK font's /W lists few or none), or it had to learn codes a
    # page showed. A page that sets it is looked over for its codes before it is read
    # (content.TextReader._learn_shown).
    sparse: bool = False
    space_code: int | None = None
    collection: dict[int, str] | None = None  # CID -> text (see _collection_of)
    positions: dict[int, str] = field(default_factory=dict)  # see _tex_positions
    # The font as given, for the codes its /Encoding leaves to its program's built-in
    # encoding (``font_ref`` then leaves the program out: see _encoding_probe).
    builtin_ref: Any = None
    encoded: frozenset[int] = frozenset()
    names: dict[int, str] = field(default_factory=dict)  # a simple font's /Differences
    em: float = 1.0  # type size per unit of the size set (see _type3_em)
    _cache: dict[int, Glyph] = field(default_factory=dict)
    _queued: dict[int, None] = field(default_factory=dict)
    # A simple font's codes known so far (their texts), and its tables for measure():
    # text by code, width by code, visible (1) or not (0) by code. Remade after learn().
    _known: bytes | None = None
    _tables: tuple[dict[int, str], list[float], bytes] | None = None

    def learn(self, codes: list[int]) -> None:
        """Ask pypdf for the text of ``codes`` not known yet."""
        request = self._request(codes)
        if request is not None:
            self._receive(request, _probe(self.page, request.groups))

    def _request(self, codes: list[int]) -> _Request | None:
        """What :meth:`learn` asks pypdf for ``codes`` (None: nothing, they are known or
        the font's collection gives them)."""
        missing = [c for c in dict.fromkeys(codes) if c not in self.texts]
        if not missing:
            return None
        self._known = self._tables = None
        if self.collection is not None:
            for code in missing:
                self.texts[code] = self.collection.get(code, "")
            return None
        size = 2 if self.composite else 1
        groups = [(self.font_ref, missing)]
        if self.builtin_ref is not None:
            encoded = self.encoded
            groups = [
                (self.font_ref, [c for c in missing if c in encoded]),
                (self.builtin_ref, [c for c in missing if c not in encoded]),
            ]
        groups = [(ref, group) for ref, group in groups if group]
        raw = [(ref, [c.to_bytes(size, "big") for c in group]) for ref, group in groups]
        order = [c for _, group in groups for c in group]
        return _Request(raw, order, missing)

    def _receive(self, request: _Request, texts: list[str]) -> None:
        """Take pypdf's ``texts`` of ``request``'s codes (in its order)."""
        missing = request.missing
        for code, text in zip(request.order, texts, strict=True):
            self.texts[code] = self.positions.get(code, _glyph_text(text))
        names = self.names
        unknown = {
            c: name
            for c in missing
            if (name := names.get(c)) is not None
            and self.texts[c] == name
            and c not in self.positions
        }
        if unknown:
            named = _name_texts(self.page, list(unknown.values()))
            for code, name in unknown.items():
                self.texts[code] = named.get(name) or self.texts[code]

    def queue(self, data: bytes) -> bool:
        """Whether the text of every code in ``data`` is known; the codes that are not are
        queued for :meth:`learn_queued`."""
        if not self.composite and not data.translate(None, self._known_codes()):
            return True
        codes = self._codes(data)
        if self.texts.keys() >= set(codes):
            return True
        texts = self.texts
        for code in codes:
            if code not in texts:
                self._queued[code] = None
        return False

    def learn_queued(self) -> None:
        """Ask pypdf, in one probe, for the text of the codes queued."""
        queued = list(self._queued)
        self._queued.clear()
        self.sparse = self.sparse or (self.composite and bool(queued))
        self.learn(queued)

    def _known_codes(self) -> bytes:
        """A simple font's codes whose text is known (as bytes)."""
        if self._known is None:
            self._known = bytes(c for c in self.texts if 0 <= c < 256)
        return self._known

    def _codes(self, data: bytes) -> Sequence[int]:
        if self.composite:
            if len(data) % 2 == 0:  # two bytes a code, big-endian
                return struct.unpack(f">{len(data) // 2}H", data)
            return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]
        return data  # a simple font's codes are its bytes

    def _width(self, code: int) -> float:
        if code == self.space_code:
            return self.space_width
        return self.widths.get(code, self.default)

    def decode(self, data: bytes) -> list[Glyph]:
        """Per character code in ``data``: (text, width in 1/1000 text space unit, whether
        word spacing applies: the single-byte code 32)."""
        codes = self._codes(data)
        cache = self._cache
        try:
            return [cache[c] for c in codes]
        except KeyError:
            pass
        self.learn(list(codes))
        for c in codes:
            if c not in cache:
                cache[c] = (self.texts[c], self._width(c), not self.composite and c == 32)
        return [cache[c] for c in codes]

    def measure(self, data: bytes) -> Measure:
        """``data``'s :data:`Measure` (what :func:`measure_glyphs` makes of
        :meth:`decode`); a simple font's from tables of its codes, a string at a time."""
        if self.composite:
            return measure_glyphs(self.decode(data))
        if data.translate(None, self._known_codes()):
            self.learn(list(data))
        text_of, width_of, visible = self._tables or self._make_tables()
        count = len(data)
        if not count:
            return "", 0, -1.0, 0.0, 0, 0
        text = data.decode("latin-1").translate(text_of)
        width = width_of.__getitem__
        total = sum(map(width, data))
        words = data.count(32)
        shown = data.translate(visible)
        first = shown.find(1)
        if first < 0:
            return text, total, -1.0, 0.0, words, count
        last = shown.rfind(1)
        lead = sum(map(width, data[:first])) if first else 0.0
        trail = sum(map(width, data[last + 1 :])) if last < count - 1 else 0.0
        return text, total, lead, trail, words, count

    def _make_tables(self) -> tuple[dict[int, str], list[float], bytes]:
        texts = self.texts
        visible = bytes(1 if c in texts and texts[c].strip() else 0 for c in range(256))
        self._tables = (dict(texts), [self._width(c) for c in range(256)], visible)
        return self._tables


def _simple_widths(ft: DictionaryObject) -> dict[int, float]:
    array = resolve(ft.get("/Widths"))
    widths: dict[int, float] = {}
    if not isinstance(array, list):
        return widths
    if len(array) > 256:
        raise FontUnsupported(f"/Widths has {len(array)} entries")
    first = resolve(ft.get("/FirstChar", 0))
    if not _is_number(first) or first < 0:
        return widths
    start = int(first)
    for code, raw in zip(range(start, 256), array, strict=False):
        value = resolve(raw)
        if not _is_number(value):
            raise FontUnsupported("/Widths holds a value that is not a number")
        widths[code] = int(value)
    return widths


def _cid_widths(d_font: dict[Any, Any], widths: dict[int, float]) -> None:
    """The widths of a descendant font's /W array: ``c [w1 w2 ...]`` and ``c1 c2 w``."""
    w = resolve(d_font.get("/W"))
    if w is None:
        return
    if not isinstance(w, list):
        raise FontUnsupported("/W is not an array")
    items = [resolve(x) for x in w]
    entries = 0
    i = 0
    while i < len(items):
        first = items[i]
        nxt = items[i + 1] if i + 1 < len(items) else None
        if not _is_number(first):
            i += 1
            continue
        if isinstance(nxt, list):
            start, stop = int(first), int(first) + len(nxt)
            values = [resolve(x) for x in nxt]
            step = 2
        elif _is_number(nxt) and i + 2 < len(items) and _is_number(items[i + 2]):
            start, stop = int(first), int(nxt) + 1
            values = [items[i + 2]] * max(0, stop - start)
            step = 3
        else:
            i += 1
            continue
        if stop - start > _MAX_CID_WIDTH_RANGE or start < 0:
            raise FontUnsupported("/W range too large")
        entries += stop - start
        if entries > _MAX_WIDTH_ENTRIES:
            raise FontUnsupported("/W too large")
        for cid, value in zip(range(start, stop), values, strict=True):
            if not _is_number(value):
                raise FontUnsupported("/W holds a bad width")
            widths[cid] = value
        i += step


def _flags(descriptor: Any) -> int:
    descriptor = resolve(descriptor)
    if not isinstance(descriptor, dict):
        return 32
    flags = resolve(descriptor.get("/Flags", 32))
    return flags if isinstance(flags, int) and not isinstance(flags, bool) else 32


def _default_width(widths: dict[int, float], flags: int, space_code: int | None) -> float:
    """The width of a code the font gives none for, as pypdf computes it."""
    if not widths:
        return 500
    space = widths.get(space_code, 0) if space_code is not None else 0
    if space:
        return space if flags & _FIXED_PITCH else int(2 * space)
    valid = [w for w in widths.values() if w > 0]
    return sum(valid) // len(valid) if valid else 500


def _type3_scale(ft: DictionaryObject) -> float:
    matrix = resolve(ft.get("/FontMatrix"))
    if isinstance(matrix, list) and len(matrix) == 6 and _is_number(a := resolve(matrix[0])):
        return float(a) * 1000.0
    return 1.0


# A Type3 font's glyph space this far from a thousandth of an em (by its matrix and box) is
# not one: its em is the height of its glyphs' box.
_EM_OFF = 4.0


def _type3_em(ft: DictionaryObject) -> float:
    """The type size a Type3 font is set in per unit of the size a page sets it in. Its
    glyph space is what its /FontMatrix makes it; most such fonts (pdfTeX's, Ghostscript's)
    draw in thousandths of an em (0.001), so the size set is the type's. dvips's bitmap
    fonts as Acrobat Distiller writes them draw in device pixels ([1 0 0 -1 0 0], set at
    size 1 in a matrix of 0.12): their text came out in 0.1 pt type, too small for any
    gap between words to be a space's or any line spacing to be a line's, and no line was
    read whole. Where the matrix and the glyphs' box (/FontBBox, about an em high: ascender
    to descender) make an em more than :data:`_EM_OFF` times away from one unit of the size,
    the box's height is the em; else 1."""
    matrix = resolve(ft.get("/FontMatrix"))
    box = resolve(ft.get("/FontBBox"))
    if not (isinstance(matrix, list) and len(matrix) == 6 and isinstance(box, list)):
        return 1.0
    if len(box) != 4 or not all(_is_number(resolve(v)) for v in (*box, matrix[3])):
        return 1.0
    corners = tuple(float(resolve(v)) for v in box)
    height = abs(corners[3] - corners[1])
    if corners == _NO_BOX:
        height = _glyphs_height(ft) or height
    em = abs(float(resolve(matrix[3]))) * height
    return em if em > _EM_OFF or 0 < em * _EM_OFF < 1 else 1.0


# The box Ghostscript writes for a Type3 font it was given none for (dvips's bitmap fonts
# run through ps2pdf, set in device pixels): no glyph's box, nor an em's height.
_NO_BOX = (0.0, 0.0, 1000.0, 1000.0)
# A glyph procedure's first operator: its width and its box ("73 0 2 -2 70 68 d1").
_D1 = re.compile(rb"^\s*(?:-?[\d.]+\s+){3}(-?[\d.]+)\s+-?[\d.]+\s+(-?[\d.]+)\s+d1\b")


def _glyphs_height(ft: DictionaryObject) -> float:
    """The height of the union of a Type3 font's glyph boxes, as its glyph procedures
    declare them (d1's operands), 0 where none does: the font's box where its /FontBBox
    is :data:`_NO_BOX`."""
    procs = resolve(ft.get("/CharProcs"))
    if not isinstance(procs, dict):
        return 0.0
    ys: list[float] = []
    for proc in procs.values():
        try:
            m = _D1.match(resolve(proc).get_data()[:80])
        except Exception:  # a glyph whose stream cannot be read declares no box
            continue
        if m is not None:
            ys += [float(m.group(1)), float(m.group(2))]
    return max(ys) - min(ys) if ys else 0.0


# The text of TeX's font encodings where it is not the character of the code's number.
# T1 (Cork): spacing accents at 0-12, quotes, guillemets, dashes, dotless i and j,
# ligatures; OT1 (Knuth's cmr): Greek capitals at 0-10, ligatures, accents, letters, and
# quotes, dashes and Spanish marks where ASCII has other signs.
_T1 = dict(enumerate("`´ˆ˜¨˝˚ˇ˘¯˙¸˛‚‹›“”„«»–—")) | {
    23: "",  # compound word mark (zero width)
    24: "",  # the zero of the per-mille sign
    25: "ı",
    26: "ȷ",
    27: "ff",
    28: "fi",
    29: "fl",
    30: "ffi",
    31: "ffl",
}
_OT1 = (
    dict(enumerate("ΓΔΘΛΞΠΣΥΦΨΩ"))
    | {11: "ff", 12: "fi", 13: "fl", 14: "ffi", 15: "ffl"}
    | dict(enumerate("ıȷ`´ˇ˘¯˚¸ßæœøÆŒØ", start=16))
    | {34: "”", 60: "¡", 62: "¿", 92: "“", 94: "ˆ", 95: "˙", 123: "–", 124: "—", 125: "˝"}
    | {126: "˜", 127: "¨"}
)
_T1_SIGNS = frozenset({21, 22, 27, 28, 29, 30, 31})  # dashes, ligatures
_OT1_SIGNS = frozenset({11, 12, 13, 14, 15})  # ligatures


def _differences(ft: DictionaryObject) -> dict[int, str] | None:
    """The glyph names of a simple font's /Encoding /Differences by code; None without."""
    encoding = resolve(ft.get("/Encoding"))
    differences = resolve(encoding.get("/Differences")) if isinstance(encoding, dict) else None
    if not isinstance(differences, list):
        return None
    names: dict[int, str] = {}
    code = 0
    for item in map(resolve, differences):
        if _is_number(item):
            code = int(item)
        elif isinstance(item, str):
            names[code] = item
            code += 1
    return names


def _code_names(ft: DictionaryObject) -> set[int]:
    """The codes of a font whose glyphs are all named by their codes, else {}: ``/a27``, or
    (an older dvips's) the code in hex (``/#0C``, written ``/#230C``) where it is no
    printable character and the character itself where it is (``/B`` at 66)."""
    names = _differences(ft) or {}
    codes = {c for c, name in names.items() if name != "/.notdef"}
    if all(names[c] == f"/a{c}" for c in codes):
        return codes
    hexed = any(names[c] == _hex_name(c) for c in codes)
    if hexed and all(names[c] in (_hex_name(c), f"/{chr(c)}") for c in codes):
        return codes
    return set()


def _hex_name(code: int) -> str:
    """The glyph name an older dvips gives a code of its bitmap fonts: "/#" and its hex."""
    return f"/#{code:02X}"


def _tex_positions(ft: DictionaryObject) -> dict[int, str]:
    """The text of the codes of a Type3 font whose glyphs are named by their codes, read
    as positions of TeX's T1 or OT1 encoding; {} for any other font (module docstring)."""
    codes = _code_names(ft)
    if not codes:
        return {}
    t1, ot1 = len(codes & _T1_SIGNS), len(codes & _OT1_SIGNS)
    table = _T1 if t1 > ot1 else _OT1 if ot1 > t1 else {}
    return {c: text for c, text in table.items() if c in codes}


# Knuth's Computer Modern text fonts, whose built-in encoding is OT1 (not the typewriter
# fonts, whose OT1 variant keeps ASCII's signs, nor the math fonts).
_CM_TEXT = re.compile(r"(?:[A-Z]{6}\+)?CM(?:R|BX|SL|TI|BXSL|BXTI|SS|SSBX|SSI|CSC|U|B|FIB|DUNH)\d+")


def _cm_positions(ft: DictionaryObject, descriptor: Any) -> dict[int, str]:
    """The OT1 text of the codes of a Computer Modern text font that has no /Encoding and
    embeds its program as CFF (/FontFile3); {} for any other font (module docstring)."""
    base = resolve(ft.get("/BaseFont"))
    if (
        "/Encoding" in ft
        or "/ToUnicode" in ft
        or not isinstance(descriptor, dict)
        or "/FontFile3" not in descriptor
        or not isinstance(base, str)
        or not _CM_TEXT.fullmatch(base[1:])
    ):
        return {}
    return dict(_OT1)


def _encoding_probe(ft: DictionaryObject) -> tuple[DictionaryObject, frozenset[int] | None]:
    """For a Type1 font without /ToUnicode whose /Encoding decides some codes and whose
    descriptor embeds its program: a copy of the font whose descriptor leaves the program
    out (pypdf then reads those codes by the /Encoding alone), and the codes it decides
    (None: all of them). Raises LookupError for any other font (module docstring)."""
    descriptor = resolve(ft.get("/FontDescriptor"))
    encoding = resolve(ft.get("/Encoding"))
    if (
        resolve(ft.get("/Subtype")) != "/Type1"
        or "/ToUnicode" in ft
        or encoding is None
        or not isinstance(descriptor, DictionaryObject)
        or not any(key in descriptor for key in _PROGRAMS)
    ):
        raise LookupError
    codes: frozenset[int] | None = None
    if isinstance(encoding, dict) and "/BaseEncoding" not in encoding:
        codes = frozenset((_differences(ft) or {}).keys())
    bare = DictionaryObject(
        {key: value for key, value in descriptor.items() if key not in _PROGRAMS}
    )
    copy = DictionaryObject(ft.items())
    copy[NameObject("/FontDescriptor")] = bare
    return copy, codes


def _name_texts(page: PageObject, names: list[str]) -> dict[str, str]:
    """The text of glyph names pypdf does not know, by the Adobe Glyph List's rules: the
    part before the first period, its components between underscores each read as a name
    (by pypdf, the components shown in a font whose /Differences names them); "" for a
    name none of whose components is known."""
    parts = {name: name[1:].split(".", 1)[0].split("_") for name in names}
    components = list(dict.fromkeys(c for cs in parts.values() for c in cs if c))[:255]
    if not components:
        return {}
    differences = ArrayObject([NumberObject(1), *(NameObject(f"/{c}") for c in components)])
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/Encoding"): DictionaryObject({NameObject("/Differences"): differences}),
        }
    )
    codes = [bytes((i,)) for i in range(1, len(components) + 1)]
    known = {
        c: text
        for c, text in zip(components, _probe(page, [(font, codes)]), strict=True)
        if text != f"/{c}" and _glyph_text(text) != UNKNOWN
    }
    return {
        name: "".join(known.get(c, "") for c in cs) or _one_character(name)
        for name, cs in parts.items()
    }


def _one_character(name: str) -> str:
    """The text of a glyph name that is one character and no name of the Adobe Glyph List
    ("/1", "/.", "/,": dvips names its bitmap fonts' digits and signs so), or the code in
    hex that an older dvips names its other codes by ("/#5B"): that character; "" for any
    other name."""
    text = name[1:]
    if _HEX_NAME.fullmatch(text):
        text = chr(int(text[1:], 16))  # an older dvips's name of a code: "/#5B" is "["
    return text if len(text) == 1 and text.isprintable() and not text.isspace() else ""


_HEX_NAME = re.compile(r"#[0-9A-F]{2}")


# The keys of a font descriptor that embed a Type1 font's program, as pypdf reads them.
_PROGRAMS = ("/FontFile", "/FontFile3")
# Where Ghostscript's reading of the glyph names /a1 ... /a191 as Zapf Dingbats puts them:
# arrows, circled numbers, geometric shapes, card suits and other symbols, dingbats.
_DINGBATS = (range(0x2190, 0x2200), range(0x2460, 0x2500), range(0x25A0, 0x27C0))


def _dingbat_names(font: PdfFont, ft: DictionaryObject) -> bool:
    """Whether ``font`` is a Type3 font whose glyphs are named by their codes and whose
    /ToUnicode reads at least half of its letters and digits as dingbats (module docstring)."""
    if resolve(ft.get("/Subtype")) != "/Type3" or "/ToUnicode" not in ft:
        return False
    codes = [c for c in _code_names(ft) if chr(c).isascii() and chr(c).isalnum()]
    dingbats = sum(
        1
        for c in codes
        if len(text := font.texts.get(c, "")) == 1 and any(ord(text) in r for r in _DINGBATS)
    )
    return dingbats > 0 and dingbats * 2 >= len(codes)


def load_font(font_ref: Any, page: PageObject) -> PdfFont:
    """The font behind a /Font resource entry, decoded by pypdf through ``page``.

    Raises FontUnsupported for a font dictionary that cannot be used.
    """
    ft = _font_dict(font_ref)
    try:
        return _build(font_ref, ft, page)
    except FontUnsupported:
        raise
    except Exception as exc:  # a malformed font (its structure too deep, say)
        raise FontUnsupported(f"{type(exc).__name__}: {exc}") from None


def load_fonts(font_refs: Sequence[Any], page: PageObject) -> list[PdfFont | None]:
    """The fonts behind /Font resource entries, as :func:`load_font` gives each (None for
    one it refuses), the codes each asks for first decoded by pypdf in one probe for them
    all: a probe has a cost of its own, whatever it holds (each font's codes read as they
    read in a probe of their own, one font after another, as a font whose /Encoding and
    program split its codes is probed). Where that probe fails, each font is loaded on
    its own."""
    started: list[tuple[_Started, _Request | None]] = []
    out: list[_Started | None] = []
    for font_ref in font_refs:
        try:
            begun = _start(font_ref, _font_dict(font_ref), page)
            started.append((begun, begun.font._request(begun.first)))
            out.append(begun)
        except Exception:  # FontUnsupported, or a malformed font: load_font refuses it
            out.append(None)
    groups = [group for _, request in started if request is not None for group in request.groups]
    try:
        texts = _probe(page, groups) if groups else []
    except Exception:
        return [None if begun is None else _load_or_none(font_ref, page)
                for font_ref, begun in zip(font_refs, out, strict=True)]  # fmt: skip
    done: dict[int, PdfFont | None] = {}
    at = 0
    for begun, request in started:
        try:
            if request is not None:
                begun.font._receive(request, texts[at : at + len(request.order)])
            done[id(begun)] = _finish(begun)
        except Exception:  # as load_font refuses a malformed font
            done[id(begun)] = None
        if request is not None:
            at += len(request.order)
    return [None if begun is None else done[id(begun)] for begun in out]


def _load_or_none(font_ref: Any, page: PageObject) -> PdfFont | None:
    try:
        return load_font(font_ref, page)
    except Exception:  # (the interpreter skips the text of a font that cannot be loaded)
        return None


def _font_dict(font_ref: Any) -> DictionaryObject:
    ft = resolve(font_ref)
    if not isinstance(ft, DictionaryObject):
        raise FontUnsupported("font is not a dictionary")
    return ft


def _build(font_ref: Any, ft: DictionaryObject, page: PageObject) -> PdfFont:
    started = _start(font_ref, ft, page)
    started.font.learn(started.first)
    return _finish(started)


@dataclass(slots=True)
class _Started:
    """A font before pypdf is asked for any code's text: what its widths and spaces are
    made of once the texts of the codes it asks for ``first`` are known (:func:`_finish`);
    ``known``: the codes it gives a width for."""

    font: PdfFont
    ft: DictionaryObject
    widths: dict[int, float]
    default: float | None
    flags: int
    scale: float
    known: list[int]
    first: list[int]


def _start(font_ref: Any, ft: DictionaryObject, page: PageObject) -> _Started:
    subtype = resolve(ft.get("/Subtype"))
    base_font = resolve(ft.get("/BaseFont"))
    composite = subtype not in _SIMPLE_SUBTYPES
    widths: dict[int, float] = {}
    default: float | None = None
    flags = 32
    scale = 1.0
    em = 1.0
    collection: dict[int, str] | None = None
    positions: dict[int, str] = {}
    if not composite:
        widths = _simple_widths(ft)
        descriptor = resolve(ft.get("/FontDescriptor"))
        if isinstance(descriptor, dict):
            missing = resolve(descriptor.get("/MissingWidth"))
            if _is_number(missing) and missing:
                default = missing
            flags = _flags(descriptor)
        if subtype == "/Type3":
            scale = _type3_scale(ft)
            positions = _tex_positions(ft)
            em = _type3_em(ft)
        else:
            positions = _cm_positions(ft, descriptor)
    else:
        descendants = resolve(ft.get("/DescendantFonts"))
        for raw in descendants if isinstance(descendants, list) else []:
            d_font = resolve(raw)
            if not isinstance(d_font, dict):
                raise FontUnsupported("descendant font is not a dictionary")
            _cid_widths(d_font, widths)
            collection = collection or _collection_of(ft, d_font)
            dw = resolve(d_font.get("/DW"))
            if _is_number(dw) and dw:
                default = dw
            flags = _flags(d_font.get("/FontDescriptor"))
    font = PdfFont(
        name=base_font[1:] if isinstance(base_font, str) and base_font.startswith("/") else "",
        mapped=not (subtype == "/Type0" and "/ToUnicode" not in ft) or collection is not None,
        composite=composite,
        widths=widths,
        default=0.0,
        space_width=0.0,
        page=page,
        font_ref=font_ref,
        collection=collection,
        positions=positions,
        em=em,
    )
    try:
        font.font_ref, encoded = _encoding_probe(ft)
    except LookupError:
        pass
    else:
        if encoded is not None:
            font.builtin_ref, font.encoded = font_ref, encoded
    if not composite:
        font.names = _differences(ft) or {}
    # The codes the font gives a width for (a subset font's glyphs), else all 256; others
    # when a page shows them.
    known = sorted(c for c, w in widths.items() if w)[:_MAX_PROBED_CODES]
    first = known if composite or known else list(range(256))
    font.sparse = composite and not known
    return _Started(font, ft, widths, default, flags, scale, known, first)


def _finish(started: _Started) -> PdfFont:
    """The font, once pypdf has given the texts of the codes it asked for first: its
    widths and spaces depend on them."""
    font, ft, known = started.font, started.ft, started.known
    widths, default, flags, scale = started.widths, started.default, started.flags, started.scale
    composite = font.composite
    if _dingbat_names(font, ft):
        font.font_ref = DictionaryObject((k, v) for k, v in ft.items() if k != "/ToUnicode")
        font.texts.clear()
        font.learn(known or list(range(256)))
    core = _core14().get(font.name) if not composite and "/Widths" not in ft else None
    if core is not None:
        metrics: dict[str, int] = core["widths"]
        widths = {c: metrics[t] for c, t in font.texts.items() if t in metrics}
        flags = _FIXED_PITCH if core["fixed"] else flags
    font.space_code = next((c for c, t in font.texts.items() if t == " "), 32)
    if default is None:
        default = _default_width(widths, flags, font.space_code)
    space = widths.get(font.space_code, 0) if font.space_code is not None else 0
    if not space:
        space = default if flags & _FIXED_PITCH else default // 2
    font.default = default * scale
    font.space_width = space * scale
    font.widths = {code: width * scale for code, width in widths.items()}
    return font
