"""A lean, stdlib-only PDF object reader for the fast extraction path.

``LeanDocument(data, max_stream_bytes=16_000_000)`` reads the cross-reference data of a
PDF (classic tables with ``/Prev`` chains and hybrid ``/XRefStm``, cross-reference
streams, object streams; the newest definition of an object wins) and parses objects only
when they are resolved (cached). It offers ``trailer``, ``catalog``, ``get(num, gen)``,
``resolve(obj)``, ``page_count``, ``page(i)`` (a copy with /Resources, /MediaBox, /CropBox
and /Rotate inherited), ``contents(page)``, ``info()``, ``xmp()`` and ``outline()``.

The object model is duck-compatible with pypdf's: ``Name`` (a ``str`` keeping its slash),
``bytes`` strings, ``int``/``float``, ``bool``, ``None``, ``Array`` (a ``list``),
``Dict`` (a ``dict`` keyed by ``Name``; ``resolved(key)``), ``Stream`` (a ``Dict`` with
``raw`` and ``get_data()``) and ``Ref`` (``num``, ``gen``, ``get_object()``).

``Unsupported`` (the caller opens the file with pypdf, which repairs and decrypts) is
raised for: ``/Encrypt``; no ``startxref`` in the last 2 KB; an xref table or stream that
does not parse, or an in-use offset that does not point at its ``N G obj``; a reference
whose generation differs from the xref's; an object that does not parse (at the time it
is resolved); a stream filter other than Flate/LZW (with predictors), ASCIIHex, ASCII85
and RunLength (image filters only when their data is asked for); a wrong /Length with
no ``endstream`` of the stream's own. ``LimitExceeded`` is raised for hostile input:
decoded stream over ``max_stream_bytes``, objects nested deeper than 200, page tree
deeper than 100 or with over 200,000 pages, loops in the page tree or in references.
Neither can hang the reader or exhaust the interpreter's recursion or memory.
"""

from __future__ import annotations

import re
import zlib

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)
if TYPE_CHECKING:
    from typing import TypeAlias


__all__ = [
    "Array",
    "Dict",
    "LeanDocument",
    "LimitExceeded",
    "Name",
    "PdfObject",
    "Ref",
    "Stream",
    "Unsupported",
    "decode_text",
    "resolve",
]

MAX_NESTING = 200
MAX_PAGE_TREE_DEPTH = 100
MAX_PAGES = 200_000
MAX_REF_HOPS = 64
MAX_OUTLINE_ITEMS = 5000
_MAX_XREF_SECTIONS = 1000
_MAX_TREE_NODES = 1_000_000
_MAX_NAME_TREE_NODES = 100_000
_MAX_XREF_ENTRIES = 2_000_000
# all data decoded for one document, in multiples of max_stream_bytes
_DOCUMENT_BUDGET_STREAMS = 10


class Unsupported(Exception):
    """The lean reader cannot read this file or object with certainty: use pypdf."""


class LimitExceeded(Exception):
    """Hostile input beyond the reader's limits (size, nesting, loops)."""


class Name(str):
    """A PDF name, with its leading slash (``"/Font"``) and ``#xx`` escapes decoded."""

    __slots__ = ()

    def get_object(self) -> Name:
        return self


class Array(list["PdfObject"]):
    """A PDF array; elements are raw (a ``Ref`` stays a ``Ref``)."""

    __slots__ = ()

    def get_object(self) -> Array:
        return self


class Dict(dict[str, "PdfObject"]):
    """A PDF dictionary keyed by ``Name``; ``[key]`` and ``get`` return raw values."""

    __slots__ = ()

    def get_object(self) -> Dict:
        return self

    def resolved(self, key: str, default: PdfObject = None) -> PdfObject:
        """The value at ``key`` with indirect references followed (``default`` if absent)."""
        value = self.get(key)
        if value is None:
            return default
        value = resolve(value)
        return default if value is None else value


class Ref:
    """An indirect reference ``num gen R``; ``get_object()`` resolves it (None if missing)."""

    __slots__ = ("_doc", "gen", "num")

    def __init__(self, doc: LeanDocument, num: int, gen: int) -> None:
        self._doc = doc
        self.num = num
        self.gen = gen

    @property
    def idnum(self) -> int:
        return self.num

    @property
    def generation(self) -> int:
        return self.gen

    def get_object(self) -> PdfObject:
        return self._doc.resolve(self)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Ref)
            and other.num == self.num
            and other.gen == self.gen
            and other._doc is self._doc
        )

    def __hash__(self) -> int:
        return hash((self.num, self.gen))

    def __repr__(self) -> str:
        return f"Ref({self.num}, {self.gen})"


class Stream(Dict):
    """A stream: the stream dictionary, its ``raw`` bytes and ``get_data()`` (decoded)."""

    __slots__ = ("_data", "_doc", "_end", "_start")

    def __init__(self, entries: Dict, doc: LeanDocument, start: int, end: int) -> None:
        super().__init__(entries)
        self._doc = doc
        self._start = start
        self._end = end
        self._data: bytes | None = None

    @property
    def raw(self) -> bytes:
        """The stream's bytes as stored in the file (sliced on access, not kept)."""
        return self._doc.data[self._start : self._end]

    def get_object(self) -> Stream:
        return self

    def get_data(self) -> bytes:
        """The decoded data (cached). Raises Unsupported for filters not handled here."""
        if self._data is None:
            data = _decode_stream(self, self._doc.max_stream_bytes)
            self._doc._spend(len(data))
            self._data = data
        return self._data


PdfObject: TypeAlias = "bool | int | float | bytes | Name | Array | Dict | Stream | Ref | None"


def resolve(obj: PdfObject) -> PdfObject:
    """``obj`` with indirect references followed (any other object is returned as is)."""
    if isinstance(obj, Ref):
        return obj._doc.resolve(obj)
    return obj


# --- lexing -----------------------------------------------------------------------------

_WS = b"\x00\t\n\x0c\r "
_SKIP = re.compile(rb"(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)*")
_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"
_NOT_REGULAR = rb"(?!" + _REGULAR + rb")"
_W = rb"[\x00\t\n\x0c\r ]"
# One token after whitespace and comments; the matched group tells its kind.
_TOKEN = re.compile(
    rb"(?:" + _W + rb"+|%[^\r\n]*)*(?:"
    rb"(/" + _REGULAR + rb"*)"  # 1 name
    rb"|(\d+)"
    + _W
    + rb"+(\d+)"
    + _W
    + rb"+R"
    + _NOT_REGULAR  # 2, 3 reference
    + rb"|([+-]?\d+)"
    + _NOT_REGULAR  # 4 integer
    + rb"|(<<|\[)"  # 5 open
    rb"|(>>|\])"  # 6 close
    rb"|(\()"  # 7 literal string
    rb"|([+-]?(?:\d+\.\d*|\.\d+))"
    + _NOT_REGULAR  # 8 real
    + rb"|<([0-9A-Fa-f\x00\t\n\x0c\r ]*)>"  # 9 hex string
    rb"|(" + _REGULAR + rb"+))"  # 10 keyword
)
_T_NAME, _T_REF, _T_INT, _T_OPEN, _T_CLOSE, _T_STRING, _T_REAL, _T_HEX, _T_WORD = (
    1,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
)
_NAMES: dict[bytes, Name] = {}
# Patterns needed by every file are compiled at import; the *_SRC ones (rare, or used
# once per file) are compiled on first use through re's own cache, to keep import cheap.
_STR_SPECIAL = re.compile(rb"[()\\]")
_STR_ESCAPE_SRC = rb"(?s)\\(?:([0-7]{1,3})|([\r\n][\r\n]?)|(.))"
_NON_HEX_SRC = rb"[^0-9A-Fa-f]"
_OBJ_HEADER = re.compile(rb"[\x00\t\n\x0c\r ]*(\d+)[\x00\t\n\x0c\r ]+(\d+)[\x00\t\n\x0c\r ]*obj")
_STARTXREF_SRC = rb"startxref[\x00\t\n\x0c\r ]+(\d+)"
_XREF_SUBSECTION_SRC = rb"(\d+)[ \t]+(\d+)[\x00\t\n\x0c\r ]+"
_XREF_ENTRY_SRC = rb"(\d{1,10})[ \t]+(\d{1,5})[ \t]+([nf])[\x00\t\n\x0c\r ]*"
# String escapes as pypdf reads them (beyond the standard ones, a backslash before a
# delimiter and a few other characters is dropped), so both readers give the same bytes.
_ESCAPES = {
    b"n": b"\n",
    b"r": b"\r",
    b"t": b"\t",
    b"b": b"\b",
    b"f": b"\f",
    **{bytes([c]): bytes([c]) for c in b"()/\\ %<>[]#_&$"},
}


def _unescape(match: re.Match[bytes]) -> bytes:
    octal, eol, other = match.groups()
    if octal is not None:
        code = int(octal, 8)
        # pypdf keeps an octal escape over 255 as it is (the spec drops the overflow)
        return bytes([code]) if code <= 255 else b"\\" + octal
    if eol is not None:  # a line continuation (pypdf takes up to two end-of-line bytes)
        return b""
    # pypdf keeps the backslash of an unknown escape; do the same.
    return _ESCAPES.get(other, b"\\" + other)


def _literal_string(data: bytes, pos: int) -> tuple[bytes, int]:
    """The string starting after the ``(`` at ``pos - 1``, and the position after ``)``."""
    depth = 1
    scan = pos
    escaped = False
    while True:
        m = _STR_SPECIAL.search(data, scan)
        if m is None:
            raise Unsupported("unterminated string")
        ch = data[m.start()]
        scan = m.end()
        if ch == 0x5C:  # backslash: skip the next byte
            escaped = True
            scan += 1
            continue
        if ch == 0x28:
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                break
    raw = data[pos : scan - 1]
    if escaped:
        raw = re.compile(_STR_ESCAPE_SRC).sub(_unescape, raw)
    return raw, scan


def _unnumber(raw: bytes) -> bytes:
    """``#xx`` escapes decoded exactly as pypdf does (``#`` and one digit too)."""
    out = bytearray()
    i = 0
    while i < len(raw):
        if raw[i] == 0x23:  # '#'
            try:
                out.append(int(raw[i + 1 : i + 3], 16))
                i += 3
                continue
            except ValueError:
                pass
        out.append(raw[i])
        i += 1
    return bytes(out)


def _name(raw: bytes) -> Name:
    """The Name for the token ``raw`` (slash included), shared through a bounded cache.

    Bytes are read as UTF-8, else GBK, else Latin-1, as pypdf reads names.
    """
    text = _unnumber(raw) if b"#" in raw else raw
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError:
        try:
            decoded = text.decode("gbk")
        except UnicodeDecodeError:
            decoded = text.decode("latin-1")
    name = Name(decoded)
    if len(_NAMES) < 4096:
        _NAMES[raw] = name
    return name


def parse_object(data: bytes, pos: int, doc: LeanDocument | None) -> tuple[PdfObject, int]:
    """One object starting at ``pos`` (after whitespace), and the position after it.

    Nesting is handled with an explicit stack (no recursion). ``doc`` makes ``N G R``
    references; without it a reference raises Unsupported.
    """
    stack: list[Array | Dict] = []
    keys: list[str | None] = []
    match = _TOKEN.match
    while True:
        m = match(data, pos)
        if m is None:
            raise Unsupported("unexpected data or end of data in an object")
        pos = m.end()
        kind = m.lastindex
        value: PdfObject
        if kind == _T_NAME:
            raw = m.group(_T_NAME)
            value = _NAMES.get(raw) or _name(raw)
        elif kind == _T_INT:
            value = int(m.group(_T_INT))
        elif kind == _T_REF:
            if doc is None:
                raise Unsupported("reference outside a document")
            value = Ref(doc, int(m.group(2)), int(m.group(_T_REF)))
        elif kind == _T_OPEN:
            if len(stack) >= MAX_NESTING:
                raise LimitExceeded("objects nested too deeply")
            stack.append(Dict() if m.group(_T_OPEN) == b"<<" else Array())
            keys.append(None)
            continue
        elif kind == _T_CLOSE:
            if not stack:
                raise Unsupported("unbalanced close")
            if m.group(_T_CLOSE) == b"]":
                if not isinstance(stack[-1], Array):
                    raise Unsupported("unbalanced ]")
            elif not isinstance(stack[-1], Dict) or keys[-1] is not None:
                raise Unsupported("unbalanced >> or a key without a value")
            value = stack.pop()
            keys.pop()
        elif kind == _T_STRING:
            value, pos = _literal_string(data, pos)
        elif kind == _T_REAL:
            value = float(m.group(_T_REAL))
        elif kind == _T_HEX:
            digits = m.group(_T_HEX).translate(None, _WS)
            if len(digits) % 2:
                digits += b"0"
            value = bytes.fromhex(digits.decode("ascii"))
        else:
            word = m.group(_T_WORD)
            if word == b"true":
                value = True
            elif word == b"false":
                value = False
            elif word == b"null":
                value = None
            else:
                raise Unsupported(f"unexpected keyword {word[:20]!r}")
        # attach the finished value
        if not stack:
            return value, pos
        top = stack[-1]
        if isinstance(top, Array):
            top.append(value)
        else:
            key = keys[-1]
            if key is None:
                if not isinstance(value, Name):
                    raise Unsupported("dictionary key is not a name")
                keys[-1] = value
            else:
                if key not in top:  # pypdf keeps the first of repeated keys
                    top[key] = value
                keys[-1] = None


# --- text ---------------------------------------------------------------------------------

_PDFDOC = {
    0x16: "\x00",
    0x18: "\u02d8",
    0x19: "\u02c7",
    0x1A: "\u02c6",
    0x1B: "\u02d9",
    0x1C: "\u02dd",
    0x1D: "\u02db",
    0x1E: "\u02da",
    0x1F: "\u02dc",
    0x7F: "\x00",
    0x9F: "\x00",
    0xAD: "\x00",
    0xA0: "\u20ac",
}
for _i, _ch in enumerate(
    "\u2022\u2020\u2021\u2026\u2014\u2013\u0192\u2044\u2039\u203a\u2212\u2030\u201e\u201c\u201d"
    "\u2018\u2019\u201a\u2122\ufb01\ufb02\u0141\u0152\u0160\u0178\u017d\u0131\u0142\u0153\u0161"
    "\u017e"
):
    _PDFDOC[0x80 + _i] = _ch
_PDFDOC_TABLE = str.maketrans({bytes([k]).decode("latin-1"): v for k, v in _PDFDOC.items()})


def decode_text(raw: bytes) -> str:
    """A PDF text string: UTF-16BE/LE or UTF-8 with a byte-order mark, else PDFDocEncoding."""
    if raw[:2] == b"\xfe\xff":
        return raw[2:].decode("utf-16-be", "replace")
    if raw[:2] == b"\xff\xfe":
        return raw[2:].decode("utf-16-le", "replace")
    if raw[:3] == b"\xef\xbb\xbf":
        return raw[3:].decode("utf-8", "replace")
    return raw.decode("latin-1").translate(_PDFDOC_TABLE)


# --- filters ------------------------------------------------------------------------------

_FILTER_NAMES = {
    "/Fl": "/FlateDecode",
    "/AHx": "/ASCIIHexDecode",
    "/A85": "/ASCII85Decode",
    "/LZW": "/LZWDecode",
    "/RL": "/RunLengthDecode",
    "/DCT": "/DCTDecode",
    "/CCF": "/CCITTFaxDecode",
}


def _as_list(obj: PdfObject) -> list[PdfObject]:
    obj = resolve(obj)
    if obj is None:
        return []
    if isinstance(obj, Array):
        return [resolve(x) for x in obj]
    return [obj]


def _int_param(params: PdfObject, key: str, default: int) -> int:
    if not isinstance(params, Dict):
        return default
    value = params.resolved(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Unsupported(f"bad {key} in /DecodeParms")
    return value


def _decode_stream(stream: Stream, limit: int) -> bytes:
    filters = _as_list(stream.get("/Filter"))
    params = _as_list(stream.get("/DecodeParms"))
    data = stream.raw
    if len(data) > limit and not filters:
        raise LimitExceeded("stream too large")
    for i, flt in enumerate(filters):
        if not isinstance(flt, Name):
            raise Unsupported("filter is not a name")
        name = _FILTER_NAMES.get(flt, flt)
        parm = params[i] if i < len(params) else None
        if name == "/FlateDecode":
            data = _predict(_flate(data, limit), parm, limit)
        elif name == "/LZWDecode":
            data = _predict(_lzw(data, _int_param(parm, "/EarlyChange", 1), limit), parm, limit)
        elif name == "/ASCIIHexDecode":
            data = _ascii_hex(data)
        elif name == "/ASCII85Decode":
            data = _ascii85(data)
        elif name == "/RunLengthDecode":
            data = _run_length(data, limit)
        else:
            raise Unsupported(f"filter {name} not supported by the lean reader")
        if len(data) > limit:
            raise LimitExceeded("decoded stream too large")
    return data


def _flate(data: bytes, limit: int) -> bytes:
    d = zlib.decompressobj()
    try:
        out = d.decompress(data, limit + 1)
    except zlib.error as exc:
        raise Unsupported(f"corrupt Flate data: {exc}") from None
    if len(out) > limit:
        raise LimitExceeded("decoded stream too large")
    return out


def _predict(data: bytes, params: PdfObject, limit: int) -> bytes:
    predictor = _int_param(params, "/Predictor", 1)
    if predictor == 1:
        return data
    colors = _int_param(params, "/Colors", 1)
    bpc = _int_param(params, "/BitsPerComponent", 8)
    columns = _int_param(params, "/Columns", 1)
    if not (1 <= colors <= 32 and bpc in (1, 2, 4, 8, 16) and 1 <= columns <= limit):
        raise Unsupported("bad predictor parameters")
    rowlen = (colors * bpc * columns + 7) // 8
    if predictor == 2:
        if bpc != 8:
            raise Unsupported("TIFF predictor with BitsPerComponent other than 8")
        out = bytearray(data)
        for start in range(0, len(out), rowlen):
            end = min(start + rowlen, len(out))
            for j in range(start + colors, end):
                out[j] = (out[j] + out[j - colors]) & 0xFF
        return bytes(out)
    if predictor < 10:
        raise Unsupported(f"predictor {predictor}")
    bpp = max(1, (colors * bpc + 7) // 8)
    result = bytearray()
    prev = bytes(rowlen)
    step = rowlen + 1
    for start in range(0, len(data), step):
        kind = data[start]
        row = bytearray(data[start + 1 : start + step])
        if len(row) < rowlen:
            raise Unsupported("truncated predictor row")
        if kind == 0:
            pass
        elif kind == 1:
            for j in range(bpp, rowlen):
                row[j] = (row[j] + row[j - bpp]) & 0xFF
        elif kind == 2:
            row = bytearray([(a + b) & 0xFF for a, b in zip(row, prev, strict=True)])
        elif kind == 3:
            for j in range(rowlen):
                left = row[j - bpp] if j >= bpp else 0
                row[j] = (row[j] + ((left + prev[j]) >> 1)) & 0xFF
        elif kind == 4:
            for j in range(rowlen):
                a = row[j - bpp] if j >= bpp else 0
                b = prev[j]
                c = prev[j - bpp] if j >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[j] = (row[j] + pred) & 0xFF
        else:
            raise Unsupported(f"PNG filter type {kind}")
        result += row
        prev = bytes(row)
    return bytes(result)


def _ascii_hex(data: bytes) -> bytes:
    end = data.find(b">")
    if end >= 0:
        data = data[:end]
    digits = data.translate(None, _WS)
    if re.compile(_NON_HEX_SRC).search(digits):
        raise Unsupported("bad ASCIIHex data")
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii"))


def _ascii85(data: bytes) -> bytes:
    import base64

    data = data.translate(None, _WS)
    if data.startswith(b"<~"):
        data = data[2:]
    end = data.find(b"~>")
    if end >= 0:
        data = data[:end]
    try:
        return base64.a85decode(data)
    except ValueError as exc:
        raise Unsupported(f"bad ASCII85 data: {exc}") from None


def _run_length(data: bytes, limit: int) -> bytes:
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        length = data[i]
        if length == 128:
            break
        if length < 128:
            out += data[i + 1 : i + 2 + length]
            i += length + 2
        else:
            out += data[i + 1 : i + 2] * (257 - length)
            i += 2
        if len(out) > limit:
            raise LimitExceeded("decoded stream too large")
    return bytes(out)


def _lzw(data: bytes, early: int, limit: int) -> bytes:
    out = bytearray()
    table: list[bytes] = [bytes([i]) for i in range(256)] + [b"", b""]
    code_len = 9
    buf = 0
    bits = 0
    prev: bytes | None = None
    for byte in data:
        buf = (buf << 8) | byte
        bits += 8
        while bits >= code_len:
            bits -= code_len
            code = buf >> bits
            buf &= (1 << bits) - 1
            if code == 256:
                del table[258:]
                code_len = 9
                prev = None
                continue
            if code == 257:
                return bytes(out)
            if prev is None:
                if code > 255:
                    raise Unsupported("bad LZW code")
                entry = table[code]
            else:
                if code < len(table):
                    entry = table[code]
                    new = prev + entry[:1]
                elif code == len(table):
                    entry = new = prev + prev[:1]
                else:
                    raise Unsupported("bad LZW code")
                if len(table) < 4096:
                    table.append(new)
            out += entry
            if len(out) > limit:
                raise LimitExceeded("decoded stream too large")
            prev = entry
            size = len(table) + early
            if size >= 2048:
                code_len = 12
            elif size >= 1024:
                code_len = 11
            elif size >= 512:
                code_len = 10
    return bytes(out)


# --- the document ---------------------------------------------------------------------------

_FREE = (0, 0, 0)
_TRAILER_INHERITED = ("/Root", "/Info", "/ID", "/Encrypt", "/Size")


class LeanDocument:
    """A PDF's objects, loaded lazily; see the module docstring."""

    def __init__(self, data: bytes, max_stream_bytes: int = 16_000_000) -> None:
        self.data = data
        self.max_stream_bytes = max_stream_bytes
        # object number -> (1, offset, gen) | (2, object stream number, index) | _FREE
        self._xref: dict[int, tuple[int, int, int]] = {}
        self._cache: dict[int, PdfObject] = {}
        self._loading: set[int] = set()
        self._objstm: dict[int, tuple[bytes, list[int], int]] = {}
        self._pages: list[tuple[Dict, dict[str, PdfObject]]] | None = None
        self._named: dict[bytes, PdfObject] | None = None
        self._budget = _DOCUMENT_BUDGET_STREAMS * max_stream_bytes
        self._entries = 0
        self.trailer = self._read_xref()
        if "/Encrypt" in self.trailer:
            raise Unsupported("encrypted")
        self._check_offsets()

    def _spend(self, size: int) -> None:
        """Counts decoded bytes against the document's budget (cached data counts once)."""
        self._budget -= size
        if self._budget < 0:
            raise LimitExceeded("too much data decoded for one document")

    def _count_entries(self, count: int) -> None:
        self._entries += count
        if self._entries > _MAX_XREF_ENTRIES:
            raise LimitExceeded("too many cross-reference entries")

    # -- cross-reference data --

    def _read_xref(self) -> Dict:
        data = self.data
        tail = max(0, len(data) - 2048)
        at = data.rfind(b"startxref", tail)
        m = re.compile(_STARTXREF_SRC).match(data, at) if at >= 0 else None
        if m is None:
            raise Unsupported("no startxref")
        offset: int | None = int(m.group(1))
        trailer: Dict | None = None
        seen: set[int] = set()
        while offset is not None:
            if offset in seen:
                break
            seen.add(offset)
            if len(seen) > _MAX_XREF_SECTIONS:
                raise LimitExceeded("too many cross-reference sections")
            if offset >= len(data):
                raise Unsupported("xref offset beyond the end of the file")
            if data.startswith(b"xref", offset):
                section = self._read_table(offset)
            else:
                section = self._read_xref_stream(offset, None)
            if trailer is None:
                trailer = Dict(section)
            else:
                for key in _TRAILER_INHERITED:
                    if key not in trailer and key in section:
                        trailer[key] = section[key]
            prev = section.get("/Prev")
            if prev is None:
                offset = None
            elif isinstance(prev, int) and not isinstance(prev, bool) and prev >= 0:
                offset = prev
            else:
                raise Unsupported("bad /Prev")
        assert trailer is not None
        for key in ("/Prev", "/XRefStm", "/Type", "/W", "/Index", "/Filter", "/DecodeParms"):
            trailer.pop(key, None)
        trailer.pop("/Length", None)
        if not isinstance(resolve(trailer.get("/Root")), Dict):
            raise Unsupported("no document catalog")
        return trailer

    def _read_table(self, offset: int) -> Dict:
        data = self.data
        pos = offset + 4
        found: dict[int, tuple[int, int, int]] = {}
        sub_rx = re.compile(_XREF_SUBSECTION_SRC)
        entry_rx = re.compile(_XREF_ENTRY_SRC)
        while True:
            pos = _SKIP.match(data, pos).end()  # type: ignore[union-attr]
            if data.startswith(b"trailer", pos):
                pos += 7
                break
            sub = sub_rx.match(data, pos)
            if sub is None:
                raise Unsupported("bad xref table")
            pos = sub.end()
            first, count = int(sub.group(1)), int(sub.group(2))
            self._count_entries(count)
            for num in range(first, first + count):
                e = entry_rx.match(data, pos)
                if e is None:
                    raise Unsupported("bad xref entry")
                pos = e.end()
                if num in found:
                    continue
                if e.group(3) == b"n":
                    found[num] = (1, int(e.group(1)), int(e.group(2)))
                else:
                    found[num] = _FREE
        trailer, _ = parse_object(data, pos, self)
        if not isinstance(trailer, Dict):
            raise Unsupported("bad trailer")
        stm = trailer.get("/XRefStm")
        if isinstance(stm, int) and not isinstance(stm, bool):
            # hybrid file: the stream's entries replace the table's free entries
            extra: dict[int, tuple[int, int, int]] = {}
            self._read_xref_stream(stm, extra)
            for num, entry in extra.items():
                if found.get(num, _FREE) == _FREE:
                    found[num] = entry
        for num, entry in found.items():
            if num != 0:
                self._xref.setdefault(num, entry)
        return trailer

    def _read_xref_stream(self, offset: int, into: dict[int, tuple[int, int, int]] | None) -> Dict:
        stream = self._parse_indirect(offset, None)
        if not isinstance(stream, Stream) or stream.get("/Type") != "/XRef":
            raise Unsupported("bad xref stream")
        widths = stream.get("/W")
        size = stream.get("/Size")
        if (
            not isinstance(widths, Array)
            or len(widths) != 3
            or not all(type(w) is int and 0 <= w <= 8 for w in widths)
            or type(size) is not int
        ):
            raise Unsupported("bad xref stream /W or /Size")
        index = stream.get("/Index", Array([0, size]))
        if (
            not isinstance(index, Array)
            or len(index) % 2
            or not all(type(i) is int and i >= 0 for i in index)
        ):
            raise Unsupported("bad xref stream /Index")
        w1, w2, w3 = (int(w) for w in widths)  # type: ignore[arg-type]
        row = w1 + w2 + w3
        if row == 0:
            raise Unsupported("xref stream with empty rows")
        body = stream.get_data()
        pos = 0
        target = into if into is not None else {}
        for k in range(0, len(index), 2):
            first, count = int(index[k]), int(index[k + 1])  # type: ignore[arg-type]
            if pos + count * row > len(body):
                raise Unsupported("xref stream too short")
            self._count_entries(count)
            for num in range(first, first + count):
                kind = int.from_bytes(body[pos : pos + w1], "big") if w1 else 1
                f2 = int.from_bytes(body[pos + w1 : pos + w1 + w2], "big")
                f3 = int.from_bytes(body[pos + w1 + w2 : pos + row], "big")
                pos += row
                if num in target:
                    continue
                if kind == 1:
                    target[num] = (1, f2, f3)
                elif kind == 2:
                    target[num] = (2, f2, f3)
                elif kind == 0:
                    target[num] = _FREE
                # other types are reserved: treated as null objects
        if into is None:
            for num, entry in target.items():
                if num != 0:
                    self._xref.setdefault(num, entry)
        return stream

    def _check_offsets(self) -> None:
        data = self.data
        for num, (kind, offset, gen) in self._xref.items():
            if kind != 1:
                continue
            m = _OBJ_HEADER.match(data, offset)
            if m is None or int(m.group(1)) != num or int(m.group(2)) != gen:
                raise Unsupported(f"xref offset of object {num} does not point at it")

    # -- objects --

    def _parse_indirect(self, offset: int, expect: tuple[int, int] | None) -> PdfObject:
        data = self.data
        m = _OBJ_HEADER.match(data, offset)
        if m is None:
            raise Unsupported("no object at xref offset")
        if expect is not None and (int(m.group(1)), int(m.group(2))) != expect:
            raise Unsupported("object number at xref offset differs")
        obj, pos = parse_object(data, m.end(), self)
        pos = _SKIP.match(data, pos).end()  # type: ignore[union-attr]
        if data.startswith(b"stream", pos):
            if not isinstance(obj, Dict):
                raise Unsupported("stream without a dictionary")
            obj = self._read_stream(obj, pos)
        return obj

    def _read_stream(self, entries: Dict, pos: int) -> Stream:
        data = self.data
        start = pos + 6  # after "stream", spaces (as pypdf allows) and its end of line
        while data[start : start + 1] == b" ":
            start += 1
        if data.startswith(b"\r\n", start):
            start += 2
        elif data[start : start + 1] in (b"\n", b"\r"):
            start += 1
        length = self.resolve(entries.get("/Length"))
        end = -1
        if type(length) is int and 0 <= length <= len(data) - start:
            after = start + length
            if data[after : after + 40].lstrip(_WS).startswith(b"endstream"):
                end = after
        if end < 0:
            found = data.find(b"endstream", start)
            if found < 0:
                raise Unsupported("stream without endstream")
            if data.find(b"endobj", start, found) >= 0:
                # the endstream found may belong to a later object: leave it to pypdf
                raise Unsupported("stream with a wrong /Length and no endstream of its own")
            end = found
            # the EOL before endstream is not data
            if data[end - 2 : end] == b"\r\n" and end - 2 >= start:
                end -= 2
            elif end > start and data[end - 1] in b"\r\n":
                end -= 1
        return Stream(entries, self, start, end)

    def get(self, num: int, gen: int = 0) -> PdfObject:
        """Object ``num gen`` (None when the file does not define it)."""
        entry = self._xref.get(num)
        if entry is None or entry == _FREE:
            return None
        kind, a, b = entry
        if (kind == 1 and b != gen) or (kind == 2 and gen != 0):
            raise Unsupported(f"reference {num} {gen} R to an object of another generation")
        if num in self._cache:
            return self._cache[num]
        if num in self._loading:
            raise LimitExceeded(f"object {num} refers to itself while loading")
        self._loading.add(num)
        try:
            obj = self._parse_indirect(a, (num, gen)) if kind == 1 else self._from_objstm(num, a, b)
        finally:
            self._loading.discard(num)
        self._cache[num] = obj
        return obj

    def _from_objstm(self, num: int, stm_num: int, index: int) -> PdfObject:
        cached = self._objstm.get(stm_num)
        if cached is None:
            entry = self._xref.get(stm_num)
            if entry is None or entry[0] != 1:
                raise Unsupported("object stream is not a plain object")
            stm = self.get(stm_num, entry[2])
            if not isinstance(stm, Stream) or stm.get("/Type") != "/ObjStm":
                raise Unsupported("bad object stream")
            n, first = stm.resolved("/N"), stm.resolved("/First")
            if type(n) is not int or type(first) is not int or n < 0 or first < 0:
                raise Unsupported("bad object stream /N or /First")
            body = stm.get_data()
            header = body[:first].split()
            if len(header) < 2 * n or not all(x.isdigit() for x in header[: 2 * n]):
                raise Unsupported("bad object stream header")
            pairs = [int(x) for x in header[: 2 * n]]
            cached = (body, pairs, first)
            self._objstm[stm_num] = cached
        body, pairs, first = cached
        if not 0 <= index < len(pairs) // 2 or pairs[2 * index] != num:
            raise Unsupported(f"object {num} not at its index in its object stream")
        obj, pos = parse_object(body, first + pairs[2 * index + 1], self)
        pos = _SKIP.match(body, pos).end()  # type: ignore[union-attr]
        if body.startswith(b"stream", pos):
            raise Unsupported("stream inside an object stream")
        return obj

    def resolve(self, obj: PdfObject) -> PdfObject:
        """``obj`` with indirect references followed (None for a missing object)."""
        hops = 0
        seen: set[int] | None = None
        while isinstance(obj, Ref):
            hops += 1
            if hops > 1:
                if seen is None:
                    seen = set()
                if obj.num in seen or hops > MAX_REF_HOPS:
                    raise LimitExceeded("reference chain loops")
                seen.add(obj.num)
            obj = self.get(obj.num, obj.gen)
        return obj

    # -- pages --

    @property
    def catalog(self) -> Dict:
        root = self.trailer.resolved("/Root")
        if not isinstance(root, Dict):
            raise Unsupported("no document catalog")
        return root

    def _flatten(self) -> list[tuple[Dict, dict[str, PdfObject]]]:
        if self._pages is not None:
            return self._pages
        root = self.catalog.resolved("/Pages")
        if not isinstance(root, Dict):
            raise Unsupported("no page tree")
        pages: list[tuple[Dict, dict[str, PdfObject]]] = []
        # frames: (kids, next index, inherited, node id); path holds the ids on the path
        frames: list[tuple[list[PdfObject], list[int], dict[str, PdfObject], int]] = []
        path: set[int] = set()
        visits = 0
        item: tuple[PdfObject, dict[str, PdfObject]] | None = (root, {})
        while True:
            if item is not None:
                node = resolve(item[0])
                inherit = item[1]
                visits += 1
                if visits > _MAX_TREE_NODES:
                    raise LimitExceeded("page tree too large")
                if not isinstance(node, Dict):
                    raise Unsupported("page tree node is not a dictionary")
                declared = node.get("/Type")
                if isinstance(declared, Name):
                    kind: str = declared
                elif declared is None:
                    kind = "/Pages" if "/Kids" in node else "/Page"
                else:
                    raise Unsupported("page tree node with a bad /Type")
                if kind == "/Pages":
                    if id(node) in path:
                        raise LimitExceeded("page tree loop")
                    if len(frames) >= MAX_PAGE_TREE_DEPTH:
                        raise LimitExceeded("page tree too deep")
                    node_kids = node.resolved("/Kids")
                    if not isinstance(node_kids, Array):
                        raise Unsupported("page tree node without /Kids")
                    inherited = dict(inherit)
                    for key in ("/Resources", "/MediaBox", "/CropBox", "/Rotate"):
                        if key in node:
                            inherited[key] = node[key]
                    frames.append((node_kids, [0], inherited, id(node)))
                    path.add(id(node))
                elif kind == "/Page":
                    if len(pages) >= MAX_PAGES:
                        raise LimitExceeded("too many pages")
                    pages.append((node, inherit))
                else:
                    raise Unsupported(f"page tree node of type {kind!r}")
                item = None
            if not frames:
                break
            kids, nxt, inherited, node_id = frames[-1]
            if nxt[0] < len(kids):
                item = (kids[nxt[0]], inherited)
                nxt[0] += 1
            else:
                frames.pop()
                path.discard(node_id)
        self._pages = pages
        return pages

    @property
    def page_count(self) -> int:
        return len(self._flatten())

    def page(self, index: int) -> Dict:
        """The page dictionary (a copy) with inherited attributes filled in."""
        node, inherit = self._flatten()[index]
        page = Dict(node)
        for key, value in inherit.items():
            if key not in page:
                page[key] = value
        return page

    def contents(self, page: Dict) -> bytes:
        """The page's content streams, decoded and joined with a newline.

        The joined content is bounded by ``max_stream_bytes`` like a single stream.
        """
        parts = _as_list(page.get("/Contents"))
        out = []
        total = 0
        for part in parts:
            if part is None:
                continue
            if not isinstance(part, Stream):
                raise Unsupported("page content is not a stream")
            data = part.get_data()
            total += len(data) + 1
            if total > self.max_stream_bytes + 1:
                raise LimitExceeded("page content too large")
            out.append(data)
        return b"\n".join(out)

    # -- document data --

    def info(self) -> dict[str, str]:
        """The /Info dictionary's text values, keys without the slash."""
        info = self.trailer.resolved("/Info")
        out: dict[str, str] = {}
        if isinstance(info, Dict):
            for key in info:
                value = info.resolved(key)
                if isinstance(value, bytes):
                    out[key[1:]] = decode_text(value)
        return out

    def xmp(self) -> bytes | None:
        """The catalog's /Metadata stream data, if any."""
        meta = self.catalog.resolved("/Metadata")
        return meta.get_data() if isinstance(meta, Stream) else None

    def _page_index(self) -> dict[int, int]:
        return {id(node): i for i, (node, _) in enumerate(self._flatten())}

    def _named_dest(self, key: PdfObject) -> PdfObject:
        catalog = self.catalog
        if isinstance(key, Name):
            old = catalog.resolved("/Dests")
            if isinstance(old, Dict) and key in old:
                return old.resolved(key)
            key = key[1:].encode("latin-1")
        if not isinstance(key, bytes):
            return None
        if self._named is None:
            self._named = {}
            names = catalog.resolved("/Names")
            tree = names.resolved("/Dests") if isinstance(names, Dict) else None
            todo: list[PdfObject] = [tree] if tree is not None else []
            seen: set[int] = set()
            while todo:
                node = resolve(todo.pop())
                if not isinstance(node, Dict) or id(node) in seen:
                    continue
                seen.add(id(node))
                if len(seen) > _MAX_NAME_TREE_NODES:
                    raise LimitExceeded("name tree too large")
                pairs = node.resolved("/Names")
                if isinstance(pairs, Array):
                    for k in range(0, len(pairs) - 1, 2):
                        name = resolve(pairs[k])
                        if isinstance(name, bytes):
                            self._named.setdefault(name, pairs[k + 1])
                kids = node.resolved("/Kids")
                if isinstance(kids, Array):
                    todo.extend(reversed(kids))
            if not self._named:
                old = catalog.resolved("/Dests")
                if isinstance(old, Dict):
                    for k2 in old:
                        self._named[k2[1:].encode("latin-1")] = old[k2]
        return resolve(self._named.get(key))

    def _dest_page(self, dest: PdfObject, index: dict[int, int]) -> int | None:
        dest = resolve(dest)
        if isinstance(dest, (Name, bytes)):
            dest = self._named_dest(dest)
        if isinstance(dest, Dict):
            dest = dest.resolved("/D")
        if not isinstance(dest, Array) or not dest:
            return None
        page = resolve(dest[0])
        if not isinstance(page, Dict):
            return None
        return index.get(id(page))

    def outline(self) -> list[tuple[str, int]]:
        """Bookmarks in document order: (title, 0-based page index)."""
        outlines = self.catalog.resolved("/Outlines")
        if not isinstance(outlines, Dict):
            return []
        index = self._page_index()
        out: list[tuple[str, int]] = []
        seen: set[int] = set()
        todo: list[PdfObject] = [outlines.get("/First")]
        visited = 0
        while todo and visited < MAX_OUTLINE_ITEMS:
            item = resolve(todo.pop())
            if not isinstance(item, Dict) or id(item) in seen:
                continue
            seen.add(id(item))
            visited += 1
            if "/Next" in item:
                todo.append(item["/Next"])
            if "/First" in item:
                todo.append(item["/First"])
            target: int | None = None
            if "/Dest" in item:
                target = self._dest_page(item["/Dest"], index)
            else:
                action = item.resolved("/A")
                if isinstance(action, Dict) and action.resolved("/S") == "/GoTo":
                    target = self._dest_page(action.get("/D"), index)
            if target is None:
                continue
            title = item.resolved("/Title")
            out.append((decode_text(title) if isinstance(title, bytes) else "", target))
        return out
