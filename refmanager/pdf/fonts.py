"""Font decoding for text extraction: the bytes of a shown string -> Unicode text and widths.

This reproduces what pypdf 7.1.1 does (``pypdf.generic._font.Font.from_font_resource``,
``pypdf._cmap`` and ``pypdf._text_extraction.get_text_operands``/``get_display_str``) without
importing the ``pypdf`` package: importing any ``pypdf.x`` module runs pypdf's ``__init__``.
pypdf's data tables (glyph list, standard encodings, core font metrics) are read from pypdf's
own files, lazily, by executing their cached bytecode in a private namespace (see ``_table``).

Font dictionaries come either from pypdf or from the lean reader (duck typing): names are
``str`` with a leading slash, strings ``str`` or ``bytes``, dictionaries ``dict`` subclasses,
arrays ``list`` subclasses, references and every other object may have ``get_object()``.

Where pypdf would raise (a size limit) or crash on a malformed font, or where reproducing pypdf
would need something we do not have, :func:`load_font` raises :class:`FontUnsupported` and the
caller builds the font with pypdf (:func:`pypdf_font`).
"""

from __future__ import annotations

import re
import sys
from binascii import Error as _BinasciiError
from binascii import unhexlify
from contextlib import suppress

__all__ = ["FontUnsupported", "Glyph", "PdfFont", "load_font", "pypdf_font"]

Glyph = tuple[str, float, bool]
"""Per character code: its text (may be "" or several chars), its width, word spacing applies."""


class FontUnsupported(Exception):
    """This font needs what only pypdf can do (or pypdf itself fails on it)."""


# pypdf's limits (pypdf/_cmap.py, pypdf/generic/_font.py).
_MAPPING_LIMIT = 100_000
_CODE_TOKEN_LIMIT = 16  # hex digits of a source code
_STRING_TOKEN_LIMIT = 1024  # hex digits of a destination string
_MAX_CID_WIDTH_RANGE = 65_536
_MAX_WIDTH_ENTRIES = 100_000
_FIXED_PITCH = 1

# pypdf/_cmap.py _predefined_cmap: named CMaps decoded with a Python codec.
_PREDEFINED = {
    "/Identity-H": "utf-16-be",
    "/Identity-V": "utf-16-be",
    "/GB-EUC-H": "gbk",
    "/GB-EUC-V": "gbk",
    "/GBpc-EUC-H": "gb2312",
    "/GBpc-EUC-V": "gb2312",
    "/GBK-EUC-H": "gbk",
    "/GBK-EUC-V": "gbk",
    "/GBK2K-H": "gb18030",
    "/GBK2K-V": "gb18030",
    "/ETen-B5-H": "cp950",
    "/ETen-B5-V": "cp950",
    "/ETenms-B5-H": "cp950",
    "/ETenms-B5-V": "cp950",
    "/UniCNS-UTF16-H": "utf-16-be",
    "/UniCNS-UTF16-V": "utf-16-be",
    "/UniGB-UTF16-H": "utf-16-be",
    "/UniGB-UTF16-V": "utf-16-be",
    "/90ms-RKSJ-H": "cp932",
    "/90ms-RKSJ-V": "cp932",
    "/UniJIS-UTF16-H": "utf-16-be",
    "/UniJIS-UTF16-V": "utf-16-be",
}

_SIMPLE_SUBTYPES = ("/Type1", "/MMType1", "/TrueType", "/Type3")
_STD = "/StandardEncoding"


# --------------------------------------------------------------------------------------------
# Data tables, loaded lazily from pypdf's files without running pypdf/__init__.

_tables: dict[str, object] = {}


class _Stub:
    """Stands in for pypdf's FontDescriptor/CoreFontMetrics when core_font_metrics.py runs."""

    __slots__ = ("kw",)

    def __init__(self, **kw: object) -> None:
        self.kw = kw


class _StubModule:
    CoreFontMetrics = _Stub
    FontDescriptor = _Stub


def _exec_pypdf_file(relative: str) -> dict[str, object]:
    import builtins
    import importlib.util

    spec = importlib.util.find_spec("pypdf")
    locations = spec.submodule_search_locations if spec is not None else None
    if not locations:
        raise FontUnsupported("pypdf's data files are not available")
    path = f"{next(iter(locations))}/{relative}"
    file_spec = importlib.util.spec_from_file_location("_refmanager_pypdf_table", path)
    loader = file_spec.loader if file_spec is not None else None
    get_code = getattr(loader, "get_code", None)
    if get_code is None:
        raise FontUnsupported(f"cannot load {relative}")
    code = get_code("_refmanager_pypdf_table")  # uses pypdf's __pycache__ when it is there
    real_import = builtins.__import__

    def guarded_import(name: str, *args: object, **kwargs: object) -> object:
        if name == "pypdf.generic._font":  # core_font_metrics.py: only two classes
            return _StubModule
        if name.startswith("pypdf"):
            raise FontUnsupported(f"{relative} imports {name}")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    namespace: dict[str, object] = {
        "__builtins__": {**vars(builtins), "__import__": guarded_import},
        "__name__": "_refmanager_pypdf_table",
    }
    exec(code, namespace)  # pypdf's own data file
    return namespace


def _table(name: str) -> object:
    """One of pypdf's tables by name, loaded once."""
    hit = _tables.get(name)
    if hit is not None:
        return hit
    value: object
    if name == "glyphs":
        value = _exec_pypdf_file("_codecs/adobe_glyphs.py")["adobe_glyphs"]
    elif name == _STD:
        value = _exec_pypdf_file("_codecs/std.py")["_std_encoding"]
    elif name == "/Symbol":
        value = _exec_pypdf_file("_codecs/symbol.py")["_symbol_encoding"]
    elif name == "/ZapfDingbats":
        value = _exec_pypdf_file("_codecs/zapfding.py")["_zapfding_encoding"]
    elif name == "/PDFDocEncoding":
        value = _exec_pypdf_file("_codecs/pdfdoc.py")["_pdfdoc_encoding"]
    elif name == "/WinAnsiEncoding":
        value = _fill("cp1252")
    elif name == "/MacRomanEncoding":
        value = _fill("mac_roman")
    elif name == "core":
        raw = _exec_pypdf_file("_codecs/core_font_metrics.py")["CORE_FONT_METRICS"]
        core: dict[str, tuple[int, dict[str, float]]] = {}
        for font_name, metrics in raw.items():  # type: ignore[attr-defined]
            descriptor = metrics.kw["font_descriptor"]
            core[font_name] = (int(descriptor.kw.get("flags", 32)), metrics.kw["character_widths"])
        value = core
    else:
        raise KeyError(name)
    _tables[name] = value
    return value


def _fill(codec: str) -> list[str]:
    out: list[str] = []
    for x in range(256):
        try:
            out.append(bytes((x,)).decode(codec))
        except UnicodeDecodeError:
            out.append(chr(x))
    return out


_CHARSETS = (
    _STD,
    "/WinAnsiEncoding",
    "/MacRomanEncoding",
    "/PDFDocEncoding",
    "/Symbol",
    "/ZapfDingbats",
)


def _charset(name: str) -> list[str]:
    value = _table(name)
    assert isinstance(value, list)
    return list(value)


# Glyph names -> Unicode of the standard Latin character sets, the same as in pypdf's glyph list
# (checked by tests/pdf/test_fonts.py); other names need the whole list (17,404 names, ~7 ms).
_COMMON_NAMES = (
    "A AE Aacute Acircumflex Adieresis Agrave Aring Atilde B C Ccedilla D Delta E Eacute "
    "Ecircumflex Edieresis Egrave Eth Euro F G H I Iacute Icircumflex Idieresis Igrave J K L "
    "Lslash M N Ntilde O OE Oacute Ocircumflex Odieresis Ograve Omegagreek Oslash Otilde P Q "
    "R S Scaron T Thorn U Uacute Ucircumflex Udieresis Ugrave V W X Y Yacute Ydieresis Z "
    "Zcaron a aacute acircumflex acute adieresis ae agrave ampersand apple approxequal aring "
    "asciicircum asciitilde asterisk at atilde b backslash bar braceleft braceright "
    "bracketleft bracketright breve brokenbar bullet c caron ccedilla cedilla cent "
    "circumflex colon comma copyright currency d dagger daggerdbl degree dieresis divide "
    "dollar dotaccent dotlessi e eacute ecircumflex edieresis egrave eight ellipsis emdash "
    "endash equal eth euro exclam exclamdown f ff ffi ffl fi five fl florin four fraction g "
    "germandbls grave greater greaterequal guillemotleft guillemotright guilsinglleft "
    "guilsinglright h hungarumlaut hyphen i iacute icircumflex idieresis igrave ilde "
    "increment infinity integral j k l less lessequal logicalnot lozenge lslash m macron "
    "middot minus mu multiply n nbspace nine nonbreakingspace notequal ntilde numbersign o "
    "oacute ocircumflex odieresis oe ogonek ograve one onehalf onequarter onesuperior "
    "ordfeminine ordmasculine oslash otilde overscore p paragraph parenleft parenright "
    "partialdiff percent period periodcentered perthousand pi plus plusminus product q "
    "question questiondown quotedbl quotedblbase quotedblleft quotedblright quoteleft "
    "quoteright quotesinglbase quotesingle r radical registered ring s scaron section "
    "semicolon seven sfthyphen six slash softhyphen space spacehackarabic sterling summation "
    "t thorn three threequarters threesuperior tilde trademark two twosuperior u uacute "
    "ucircumflex udieresis ugrave underscore v verticalbar w x y yacute ydieresis yen z "
    "zcaron zero guillemetleft hyphensoft two.superior three.superior mu.math one.superior "
    "guillemetright fhook f_f f_f_i f_f_l longs_t s_t backslashBig backslashBigg "
    "backslashbig backslashbigg braceleftBig braceleftBigg braceleftbig braceleftbigg "
    "bracerightBig bracerightBigg bracerightbig bracerightbigg bracketleftBig "
    "bracketleftBigg bracketleftbig bracketleftbigg bracketleftmid bracketrightBig "
    "bracketrightBigg bracketrightbig bracketrightbigg bracketrightmid circumflexWide "
    "circumflexWider circumflexWidest integraldisplaystyle integraltextstyle parenleftBig "
    "parenleftBigg parenleftbig parenleftbigg parenleftmid parenrightBig parenrightBigg "
    "parenrightbig parenrightbigg parenrightmid productdisplaystyle producttextstyle "
    "radicalBig radicalBigg radicalbig radicalbigg slashBig slashBigg slashbig slashbigg "
    "summationdisplaystyle summationtextstyle tildeWide tildeWider tildeWidest summationtext "
    "producttext integraltext summationdisplay productdisplay integraldisplay hatwide "
    "hatwider hatwidest tildewide tildewider tildewidest radicalbt circlecopyrt triangle "
    "negationslash Germandblssmall SSsmall Yen hyphenchar hyphenminus punctdash rangedash "
)
_COMMON_VALUES = (
    "A\xc6\xc1\xc2\xc4\xc0\xc5\xc3BC\xc7D\u2206E\xc9\xca\xcb\xc8\xd0\u20acFGHI\xcd\xce\xcf"
    "\xccJKL\u0141MN\xd1O\u0152\xd3\xd4\xd6\xd2\u03a9\xd8\xd5PQRS\u0160T\xdeU\xda\xdb\xdc\xd9"
    "VWXY\xdd\u0178Z\u017da\xe1\xe2\xb4\xe4\xe6\xe0&\uf8ff\u2248\xe5^~*@\xe3b\\|{}[]\u02d8"
    "\xa6\u2022c\u02c7\xe7\xb8\xa2\u02c6:,\xa9\xa4d\u2020\u2021\xb0\xa8\xf7$\u02d9\u0131e\xe9"
    "\xea\xeb\xe88\u2026\u2014\u2013=\xf0\u20ac!\xa1f\ufb00\ufb03\ufb04\ufb015\ufb02\u01924"
    "\u2044g\xdf`>\u2265\xab\xbb\u2039\u203ah\u02dd-i\xed\xee\xef\xec\u02dc\u2206\u221e\u222b"
    "jkl<\u2264\xac\u25ca\u0142m\xaf\xb7\u2212\xb5\xd7n\xa09\xa0\u2260\xf1#o\xf3\xf4\xf6"
    "\u0153\u02db\xf21\xbd\xbc\xb9\xaa\xba\xf8\xf5\xafp\xb6()\u2202%.\xb7\u2030\u03c0+\xb1"
    "\u220fq?\xbf\"\u201e\u201c\u201d\u2018\u2019\u201a'r\u221a\xae\u02das\u0161\xa7;7\xad6/"
    "\xad  \xa3\u2211t\xfe3\xbe\xb3\u02dc\u21222\xb2u\xfa\xfb\xfc\xf9_v|wxy\xfd\xff\xa5z"
    "\u017e0\xab\xad\xb2\xb3\xb5\xb9\xbb\u0192\ufb00\ufb03\ufb04\ufb05\ufb06\\\\\\\\{{{{}}}}["
    "[[[[]]]]]^^^\u222b\u222b((((()))))\u220f\u220f\u221a\u221a\u221a\u221a////\u2211\u2211"
    "\u02dc\u02dc\u02dc\u2211\u220f\u222b\u2211\u220f\u222b\u02c6\u02c6\u02c6~~~\u221a\xa9"
    "\u2206\u2044\xdf\xdf\xa5--\u2014\u2013"
)
_common: dict[str, str] = {}


def _glyphs() -> dict[str, str]:
    value = _table("glyphs")
    assert isinstance(value, dict)
    return value


def _glyph(name: str) -> str | None:
    """The glyph list's entry for a name ("/ff"); the whole list is loaded only when needed."""
    common = _common
    if not common:
        names = "".join(_COMMON_NAMES).split()
        common.update(zip(["/" + n for n in names], "".join(_COMMON_VALUES), strict=True))
    hit = common.get(name)
    return hit if hit is not None else _glyphs().get(name)


def _glyph_name_to_unicode(glyph_name: str) -> str | None:
    """pypdf._cmap._glyph_name_to_unicode."""
    hit = _glyph(glyph_name)
    if hit is not None:
        return hit
    if glyph_name.startswith("/uni"):
        code_point = glyph_name[4:]
    elif glyph_name.startswith("/u"):
        code_point = glyph_name[2:]
    else:
        return None
    try:
        return chr(int(code_point, 16))
    except ValueError:
        return None


# --------------------------------------------------------------------------------------------
# Object model helpers.


def _resolve(x: object) -> object:
    get_object = getattr(x, "get_object", None)
    return get_object() if get_object is not None else x


_PLAIN = (str, bytes, int, float, dict, list)


def _is_ref(x: object) -> bool:
    """An unresolved indirect reference (pypdf IndirectObject, lean Ref)."""
    return x is not None and hasattr(x, "get_object") and not isinstance(x, _PLAIN)


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _is_dict(x: object) -> bool:
    return isinstance(x, dict)


def _is_stream(x: object) -> bool:
    return hasattr(x, "get_data")


def _as_str(x: object) -> str | None:
    if isinstance(x, str):
        return x
    return None


# --------------------------------------------------------------------------------------------
# The font.


class PdfFont:
    """A font ready to decode shown strings, built by :func:`load_font` or :func:`pypdf_font`.

    ``width_scale`` is the factor applied to pypdf's widths (Type3: ``1000 * FontMatrix[0]``,
    otherwise 1.0): divide by it to get pypdf's own numbers.
    """

    __slots__ = (
        "_cache",
        "char_map",
        "codec",
        "encoding",
        "mapped",
        "name",
        "space_char",
        "space_width",
        "vertical",
        "width_scale",
        "widths",
    )

    def __init__(
        self,
        *,
        name: str,
        mapped: bool,
        vertical: bool,
        encoding: list[str] | None,
        codec: str,
        char_map: dict[str, str],
        widths: dict[str, float],
        space_char: str,
        space_width: float,
        width_scale: float = 1.0,
    ) -> None:
        self.name = name
        self.mapped = mapped
        self.vertical = vertical
        self.encoding = encoding  # simple font: 256 strings per byte; else None and ``codec``
        self.codec = codec
        self.char_map = char_map
        self.widths = widths  # by character (pypdf keys), plus "default"
        self.space_char = space_char
        self.space_width = space_width
        self.width_scale = width_scale
        self._cache: dict[object, Glyph] = {}

    def _width(self, char: str) -> float:
        if char == self.space_char:
            return float(self.space_width) * self.width_scale
        widths = self.widths
        return float(widths.get(char, widths["default"])) * self.width_scale

    def _text(self, decoded: str) -> str:
        char_map = self.char_map
        if not char_map:
            return decoded
        if len(decoded) == 1:
            return char_map.get(decoded, decoded)
        return "".join([char_map.get(c, c) for c in decoded])

    def decode(self, data: bytes) -> list[Glyph]:
        """Per character code in ``data``: (text, width in 1/1000 text space unit, is code 32).

        Simple fonts: one entry per byte. Other fonts: one entry per character of the string
        decoded with the font's codec, as pypdf iterates them (a UTF-16 surrogate pair is one).
        """
        cache = self._cache
        encoding = self.encoding
        out: list[Glyph] = []
        append = out.append
        if encoding is not None:
            for byte in data:
                glyph = cache.get(byte)
                if glyph is None:
                    glyph = (self._text(encoding[byte]), self._width(chr(byte)), byte == 32)
                    cache[byte] = glyph
                append(glyph)
            return out
        try:
            text = data.decode(self.codec, "surrogatepass")
        except UnicodeDecodeError:
            text = data.decode(self.codec, "replace")
        for char in text:
            glyph = cache.get(char)
            if glyph is None:
                glyph = (self._text(char), self._width(char), False)
                cache[char] = glyph
            append(glyph)
        return out

    def operand_length(self, data: bytes) -> int:
        """len() of pypdf's decoded operand (pypdf adds Tc once per character of it)."""
        if self.encoding is not None:
            encoding = self.encoding
            return sum([len(encoding[b]) for b in data])
        try:
            return len(data.decode(self.codec, "surrogatepass"))
        except UnicodeDecodeError:
            return len(data.decode(self.codec, "replace"))


# --------------------------------------------------------------------------------------------
# Encoding (pypdf._cmap._parse_encoding).


def _parse_encoding(ft: dict[object, object], subtype: object) -> list[str] | str:
    if "/Encoding" not in ft:
        base_font = _resolve(ft.get("/BaseFont"))
        if isinstance(base_font, str) and base_font in _CHARSETS:
            return _charset(str(base_font))
        return _charset(_STD)
    enc = _resolve(ft.get("/Encoding"))
    encoding: list[str] | str
    if isinstance(enc, bytes):  # a string (the lean reader): pypdf reads it as a name
        try:
            enc = enc.decode("ascii")
        except UnicodeDecodeError:
            raise FontUnsupported("/Encoding is a non-ASCII string") from None
    if isinstance(enc, str):
        if enc in _CHARSETS:
            return _charset(enc)
        if enc in _PREDEFINED:
            return _PREDEFINED[enc]
        if "-UCS2-" in enc:
            return "utf-16-be"
        return "utf-16-be" if subtype == "/Type0" else _charset(_STD)
    if _is_dict(enc) and "/BaseEncoding" in enc:  # type: ignore[operator]
        base = _resolve(enc["/BaseEncoding"])  # type: ignore[index]
        if isinstance(base, (list, dict)):
            raise FontUnsupported("/BaseEncoding is not a name")
        encoding = _charset(base) if isinstance(base, str) and base in _CHARSETS else _charset(_STD)
    else:
        encoding = _charset(_STD)
    if _is_dict(enc) and "/Differences" in enc:  # type: ignore[operator]
        _apply_differences(encoding, _resolve(enc["/Differences"]))  # type: ignore[index]
    return encoding


def _apply_differences(encoding: list[str], differences: object) -> None:
    if not isinstance(differences, list):
        return  # pypdf: warning, no differences
    if len(differences) > _MAX_WIDTH_ENTRIES:
        raise FontUnsupported("huge /Differences")
    x = 0
    for o in differences:
        if isinstance(o, bool) or not isinstance(o, (int, str)):
            raise FontUnsupported("/Differences holds a value pypdf cannot use")
        if isinstance(o, int):
            x = o
            continue
        if not o.startswith("/"):
            raise FontUnsupported("/Differences holds a string")
        if x < 256:
            if x < -256:
                raise FontUnsupported("/Differences code out of range")
            encoding[x] = _glyph_name_to_unicode(o) or o
        x += 1


# --------------------------------------------------------------------------------------------
# ToUnicode CMaps (pypdf._cmap._parse_to_unicode and helpers).


def _prepare_cm(cm: bytes) -> bytes:
    cm = (
        cm.strip()
        .replace(b"beginbfchar", b"\nbeginbfchar\n")
        .replace(b"endbfchar", b"\nendbfchar\n")
        .replace(b"beginbfrange", b"\nbeginbfrange\n")
        .replace(b"endbfrange", b"\nendbfrange\n")
        .replace(b"<<", b"\n{\n")
        .replace(b">>", b"\n}\n")
    )
    parts = cm.split(b"<")
    for i, part in enumerate(parts):
        j = part.find(b">")
        if j >= 0:
            content = b"." if j == 0 else part[:j].replace(b" ", b"")
            parts[i] = content + b" " + part[j + 1 :]
    return b" ".join(parts).replace(b"[", b" [ ").replace(b"]", b" ]\n ").replace(b"\r", b"\n")


class _CMap:
    __slots__ = ("codes", "map", "nbytes")

    def __init__(self) -> None:
        self.map: dict[str, str] = {}
        self.codes: list[int] = []
        self.nbytes = 0  # pypdf's map_dict[-1]


def _check_size(size: int) -> None:
    if size > _MAPPING_LIMIT:
        raise FontUnsupported(f"/ToUnicode too large: {size}")


def _check_token(token: bytes, limit: int) -> None:
    if len(token) > limit:
        raise FontUnsupported("/ToUnicode token too long")


def _key(cm: _CMap, code: int) -> str:
    if cm.nbytes == 1:
        return code.to_bytes(1, "big").decode("latin-1")
    return code.to_bytes(cm.nbytes, "big").decode("utf-16-be", "surrogatepass")


def _parse_bfrange(
    line: bytes, cm: _CMap, multiline: tuple[int, int] | None
) -> tuple[int, int] | None:
    lst = line.split()
    closed = False
    count = len(cm.codes)
    _check_size(count)
    mapping = cm.map
    codes = cm.codes
    if multiline is not None:
        a, b = multiline
        for sq in lst:
            if sq == b"]":
                closed = True
                break
            _check_token(sq, _STRING_TOKEN_LIMIT)
            count += 1
            _check_size(count)
            mapping[_key(cm, a)] = unhexlify(sq).decode("utf-16-be", "surrogatepass")
            codes.append(a)
            a += 1
        return None if closed else (a, b)
    _check_token(lst[0], _CODE_TOKEN_LIMIT)
    _check_token(lst[1], _CODE_TOKEN_LIMIT)
    a = int(lst[0], 16)
    b = int(lst[1], 16)
    if a < 0 or b < 0:
        raise ValueError("negative bfrange")
    cm.nbytes = (max(len(lst[0]), len(lst[1])) + 1) // 2
    if lst[2] == b"[":
        for sq in lst[3:]:
            if sq == b"]":
                closed = True
                break
            _check_token(sq, _STRING_TOKEN_LIMIT)
            count += 1
            _check_size(count)
            mapping[_key(cm, a)] = unhexlify(sq).decode("utf-16-be", "surrogatepass")
            codes.append(a)
            a += 1
    else:
        _check_token(lst[2], _STRING_TOKEN_LIMIT)
        c = int(lst[2], 16)
        fmt = b"%%0%dX" % max(4, len(lst[2]))
        closed = True
        _check_size(count + max(0, b - a + 1))
        while a <= b:
            destination = unhexlify(fmt % c)
            _check_token(destination, _CODE_TOKEN_LIMIT)
            mapping[_key(cm, a)] = destination.decode("utf-16-be", "surrogatepass")
            codes.append(a)
            a += 1
            c += 1
    return None if closed else (a, b)


def _parse_bfchar(line: bytes, cm: _CMap) -> None:
    lst = [x for x in line.split(b" ") if x]
    n = len(lst)
    if n == 0:
        return
    _check_size(len(cm.codes) + n // 2)
    cm.nbytes = len(lst[0]) // 2
    mapping = cm.map
    for index in range(0, n - 1, 2):
        source = lst[index]
        destination = lst[index + 1]
        _check_token(source, _CODE_TOKEN_LIMIT)
        map_to = ""
        if destination != b".":
            _check_token(destination, _STRING_TOKEN_LIMIT)
            with suppress(_BinasciiError):
                map_to = unhexlify(destination).decode(
                    "latin-1" if len(destination) < 4 else "utf-16-be", "surrogatepass"
                )
        raw = unhexlify(source)
        mapping[
            raw.decode("latin-1") if cm.nbytes == 1 else raw.decode("utf-16-be", "surrogatepass")
        ] = map_to
        cm.codes.append(int(source, 16))


_cmap_res: list[re.Pattern[bytes]] = []


def _cmap_regexes() -> tuple[re.Pattern[bytes], re.Pattern[bytes], re.Pattern[bytes]]:
    if not _cmap_res:
        hexs = rb"[0-9A-Fa-f]"
        _cmap_res.extend(
            (
                re.compile(rb"(begin|end)bf(char|range)"),
                # one bfchar entry alone on its line
                re.compile(rb"^[ \t]*<(%s+)>[ \t]*<(%s*)>[ \t]*\r?$" % (hexs, hexs), re.M),
                # one bfrange alone on its line: <a> <b> <c> or <a> <b> [<c> ...]
                re.compile(
                    rb"^[ \t]*<(%s+)>[ \t]*<(%s+)>[ \t]*"
                    rb"(?:<(%s+)>|\[((?:[ \t]*<%s+>)*)[ \t]*\])[ \t]*\r?$"
                    % (hexs, hexs, hexs, hexs),
                    re.M,
                ),
            )
        )
    return _cmap_res[0], _cmap_res[1], _cmap_res[2]


def _parse_cmap(data: bytes) -> _CMap:
    """pypdf's parse of a ToUnicode CMap: a fast path for the usual layout, else the port."""
    fast = _parse_cmap_fast(data)
    return fast if fast is not None else _parse_cmap_slow(data)


def _parse_cmap_fast(data: bytes) -> _CMap | None:
    """The same result as pypdf for CMaps whose bfchar/bfrange blocks hold one well-formed
    entry per line (what producers write); None for anything else.

    pypdf reads such a line as the tokens of its hex strings, so each line gives exactly the
    mapping pypdf's per-line code gives; the common shapes (1- or 2-byte codes, one UTF-16 unit)
    are computed directly, the others by the same per-line functions as the slow path.
    """
    markers_re, char_re, range_re = _cmap_regexes()
    markers = list(markers_re.finditer(data))
    if len(markers) % 2:
        return None
    cm = _CMap()
    mapping = cm.map
    codes = cm.codes
    for i in range(0, len(markers), 2):
        begin, end = markers[i], markers[i + 1]
        if begin[1] != b"begin" or end[1] != b"end" or begin[2] != end[2]:
            return None
        body = data[begin.end() : end.start()]
        is_char = begin[2] == b"char"
        line_re = char_re if is_char else range_re
        if line_re.sub(b"", body).translate(None, b" \t\r\n"):
            return None  # something else than whole entries on their own lines
        if is_char:
            for source, dest in line_re.findall(body):
                _check_size(len(codes) + 1)
                n, m = len(source), len(dest)
                if n in {2, 4} and m in {0, 2, 4}:
                    mapping[chr(int(source, 16))] = chr(int(dest, 16)) if m else ""
                    codes.append(int(source, 16))
                else:
                    with suppress(ValueError):
                        _parse_bfchar(source + b" " + (dest or b"."), cm)
            continue
        for first, last, dest, array in line_re.findall(body):
            _check_size(len(codes))
            if dest and max(len(first), len(last)) <= 4 and len(dest) <= 4:
                a, b, c = int(first, 16), int(last, 16), int(dest, 16)
                count = max(0, b - a + 1)
                _check_size(len(codes) + count)
                count = min(count, 0x10000 - c)  # pypdf stops where the value needs 5 digits
                if count > 0:
                    mapping.update(
                        zip(
                            map(chr, range(a, a + count)),
                            map(chr, range(c, c + count)),
                            strict=True,
                        )
                    )
                    codes.extend(range(a, a + count))
                continue
            line = (
                first
                + b" "
                + last
                + b" "
                + (dest if dest else b"[ " + array.replace(b"<", b" ").replace(b">", b" ") + b" ]")
            )
            with suppress(ValueError, IndexError):
                _parse_bfrange(line, cm, None)
    return cm


def _parse_cmap_slow(data: bytes) -> _CMap:
    cm = _CMap()
    in_range = False
    in_char = False
    multiline: tuple[int, int] | None = None
    for raw_line in _prepare_cm(data).split(b"\n"):
        line = raw_line.strip(b" \t")
        if not line or line[0] == 37:  # %
            continue
        line = line.replace(b"\t", b" ")
        if b"beginbfrange" in line:
            in_range = True
        elif b"endbfrange" in line:
            in_range = False
        elif b"beginbfchar" in line:
            in_char = True
        elif b"endbfchar" in line:
            in_char = False
        elif in_range:
            with suppress(ValueError, IndexError):
                multiline = _parse_bfrange(line, cm, multiline)
        elif in_char:
            with suppress(ValueError):
                _parse_bfchar(line, cm)
    return cm


def _type1_program_map(font_data: bytes, cm: _CMap) -> None:
    """pypdf._cmap._derive_character_map_from_type1_font_file: `dup 11 /ff put` lines."""
    text = font_data.split(b"eexec\n")[0]
    parts = text.split(b"/Encoding")
    if len(parts) < 2:
        return
    for line in parts[1].replace(b"\r", b"\n").split(b"\n"):
        if not line.startswith(b"dup"):
            continue
        words = [w for w in line.split(b" ") if w != b""]
        if len(words) < 3 or (len(words) > 3 and words[3] != b"put"):
            continue
        try:
            code = int(words[1])
        except ValueError:
            continue
        try:
            glyph_name = words[2].decode()
        except UnicodeDecodeError:
            raise FontUnsupported("non-UTF-8 glyph name in font program") from None
        unicode = _glyph_name_to_unicode(glyph_name)
        if unicode:
            if not 0 <= code <= sys.maxunicode:
                raise FontUnsupported("font program encoding code out of range")
            cm.map[chr(code)] = unicode
            cm.codes.append(code)


def _fonttools_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("fontTools") is not None


def _parse_to_unicode(ft: dict[object, object], subtype: object) -> _CMap:
    cm = _CMap()
    if "/ToUnicode" not in ft:
        if subtype != "/Type1":
            return cm
        descriptor = _resolve(ft.get("/FontDescriptor"))
        if not descriptor:
            return cm
        if not _is_dict(descriptor):
            raise FontUnsupported("/FontDescriptor is not a dictionary")
        assert isinstance(descriptor, dict)
        for key in ("/FontFile", "/FontFile3"):
            if key not in descriptor:
                continue
            program = _resolve(descriptor.get(key))
            if not _is_stream(program):
                continue
            if key == "/FontFile3":
                subtype3 = _resolve(program.get("/Subtype")) if _is_dict(program) else None  # type: ignore[attr-defined]
                if subtype3 != "/Type1C":
                    continue
                if _fonttools_available():
                    raise FontUnsupported("CFF font program encoding (pypdf uses fontTools)")
                return cm  # pypdf without fontTools: a warning and no map
            data = program.get_data()  # type: ignore[attr-defined]
            if not data:
                return cm
            if isinstance(data, str):
                data = data.encode()
            _type1_program_map(bytes(data), cm)
            return cm
        return cm
    tu = _resolve(ft.get("/ToUnicode"))
    if _is_stream(tu):
        data = tu.get_data()  # type: ignore[attr-defined]
        if isinstance(data, str):
            data = data.encode()
        data = bytes(data)
    else:
        data = b"beginbfrange\n<0000> <0001> <0000>\nendbfrange"
    return _parse_cmap(data)


# --------------------------------------------------------------------------------------------
# Widths (pypdf.generic._font.Font).


def _simple_widths(ft: dict[object, object], widths: dict[str, float]) -> None:
    array = _resolve(ft.get("/Widths"))
    if not isinstance(array, list):
        return
    if len(array) > 256:
        raise FontUnsupported(f"/Widths has {len(array)} entries")
    first_char = ft.get("/FirstChar", 0)
    if not _is_number(first_char):
        return
    assert isinstance(first_char, (int, float))
    first = int(first_char)
    if first < 0:
        return
    for code, width in enumerate(array, start=first):
        if code > 255:
            break
        if not _is_number(width):
            raise FontUnsupported("/Widths holds a value that is not a number")
        widths[chr(code)] = int(width)


def _cid_widths(d_font: dict[object, object], widths: dict[str, float]) -> None:
    w = _resolve(d_font.get("/W")) if "/W" in d_font else []
    if not isinstance(w, list):
        raise FontUnsupported("/W is not an array")
    skip = 0
    entries = 0
    n = len(w)
    for idx, raw_entry in enumerate(w):
        if skip:
            skip -= 1
            continue
        entry = _resolve(raw_entry)
        if not _is_number(entry):
            if isinstance(entry, bool):
                raise FontUnsupported("/W holds a boolean")
            continue
        assert isinstance(entry, (int, float))
        nxt = _resolve(w[idx + 1]) if idx + 1 < n else None
        if isinstance(nxt, (str, bytes)):
            raise FontUnsupported("/W holds a value pypdf cannot use")
        if isinstance(nxt, list):
            start = int(entry)
            stop = start + len(nxt)
            if stop - start > _MAX_CID_WIDTH_RANGE:
                raise FontUnsupported("/W range too large")
            entries += stop - start
            if entries > _MAX_WIDTH_ENTRIES:
                raise FontUnsupported("/W too large")
            for cid, raw_width in zip(range(start, stop), nxt, strict=True):
                width = _resolve(raw_width)
                if not _is_number(width) or not 0 <= cid <= sys.maxunicode:
                    raise FontUnsupported("/W holds a bad width or code")
                widths[chr(cid)] = width  # type: ignore[assignment]
            skip = 1
        elif _is_number(nxt) and idx + 2 < n and _is_number(third := _resolve(w[idx + 2])):
            assert isinstance(nxt, (int, float)) and isinstance(third, (int, float))
            start, stop = int(entry), int(nxt)
            if stop + 1 < start:
                raise FontUnsupported("/W range reversed")
            if stop + 1 - start > _MAX_CID_WIDTH_RANGE:
                raise FontUnsupported("/W range too large")
            entries += stop - start + 1
            if entries > _MAX_WIDTH_ENTRIES:
                raise FontUnsupported("/W too large")
            if start < 0 or stop > sys.maxunicode:
                raise FontUnsupported("/W code out of range")
            for cid in range(start, stop + 1):
                widths[chr(cid)] = third
            skip = 2
        elif isinstance(nxt, bool) or (idx + 2 < n and isinstance(_resolve(w[idx + 2]), bool)):
            raise FontUnsupported("/W holds a boolean")


def _flags(descriptor: dict[object, object] | None, default: int) -> object:
    if descriptor is None or "/Flags" not in descriptor:
        return default
    return _resolve(descriptor.get("/Flags"))


def _fixed_pitch(flags: object) -> bool:
    if isinstance(flags, bool) or not isinstance(flags, int):
        raise FontUnsupported("/Flags is not an integer")
    return flags & _FIXED_PITCH == _FIXED_PITCH


def _space_char(encoding: list[str] | str, char_map: dict[str, str]) -> str:
    for key, value in char_map.items():
        if value == " ":
            return key
    if isinstance(encoding, list):
        for code, value in enumerate(encoding):
            if value == " ":
                return chr(code)
    return " "


def _check_descriptor(descriptor: dict[object, object]) -> None:
    present = [k for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor]
    if len(present) > 1:
        raise FontUnsupported("more than one /FontFile (pypdf raises)")


def _descriptor(value: object) -> dict[object, object]:
    resolved = _resolve(value)
    if not _is_dict(resolved):
        raise FontUnsupported("/FontDescriptor is not a dictionary")
    assert isinstance(resolved, dict)
    _check_descriptor(resolved)
    return resolved


def _build(ft: dict[object, object]) -> PdfFont:
    raw_subtype = ft.get("/Subtype", "Unknown")
    if _is_ref(raw_subtype):
        raise FontUnsupported("indirect /Subtype")
    subtype = raw_subtype
    base_font = ft.get("/BaseFont", "Unknown")  # pypdf does not resolve it
    name = base_font.removeprefix("/") if isinstance(base_font, str) else "Unknown"
    encoding = _parse_encoding(ft, subtype)
    cm = _parse_to_unicode(ft, subtype)
    char_map = cm.map
    if isinstance(encoding, list):
        for x in cm.codes:
            if x <= 255:
                encoding[x] = chr(x)

    widths: dict[str, float] = {}
    flags: object = 32
    width_scale = 1.0
    if subtype in _SIMPLE_SUBTYPES:
        interpretable = True
        if subtype == "/Type3":
            width_scale = _type3_scale(ft)
            if "/ToUnicode" not in ft:
                procs = _resolve(ft.get("/CharProcs"))
                if procs:
                    if not isinstance(procs, (dict, list)):
                        raise FontUnsupported("/CharProcs is not a dictionary")
                    interpretable = all(_glyph(k) is not None for k in procs)
        if interpretable:
            if "/Widths" in ft:
                _simple_widths(ft, widths)
            else:
                core = _table("core")
                assert isinstance(core, dict)
                metrics = core.get(name)
                if metrics is not None:
                    flags, core_widths = metrics
                    assert isinstance(encoding, list)  # simple fonts always get a list
                    for code, character in enumerate(encoding):
                        if character in core_widths:
                            widths[chr(code)] = core_widths[character]
            if "/FontDescriptor" in ft:
                descriptor = _descriptor(ft.get("/FontDescriptor"))
                if "/MissingWidth" in descriptor:
                    missing = _resolve(descriptor.get("/MissingWidth"))
                    if not _is_number(missing):
                        raise FontUnsupported("/MissingWidth is not a number")
                    widths["default"] = missing  # type: ignore[assignment]
                flags = _flags(descriptor, 32)
            elif "/FontBBox" in ft:
                flags = 32
    else:
        descendants = _resolve(ft.get("/DescendantFonts")) if "/DescendantFonts" in ft else []
        if not isinstance(descendants, list):
            descendants = []
        for raw in descendants:
            d_font = _resolve(raw)
            if not _is_dict(d_font):
                raise FontUnsupported("descendant font is not a dictionary")
            assert isinstance(d_font, dict)
            _cid_widths(d_font, widths)
            if "/DW" in d_font:
                dw = _resolve(d_font.get("/DW"))
                if not _is_number(dw):
                    raise FontUnsupported("/DW is not a number")
                widths["default"] = dw  # type: ignore[assignment]
            if "/FontDescriptor" in d_font:
                flags = _flags(_descriptor(d_font.get("/FontDescriptor")), 32)
            else:
                flags = 32

    space_char = _space_char(encoding, char_map)
    if widths.get("default", 0) == 0:
        _add_default_width(widths, flags, space_char)
    space_width = widths.get(space_char, 0)
    if space_width == 0:
        space_width = widths["default"] if _fixed_pitch(flags) else widths["default"] // 2

    codec = encoding if isinstance(encoding, str) else ""
    enc_name = _resolve(ft.get("/Encoding"))
    return PdfFont(
        name=name if "/BaseFont" in ft and isinstance(base_font, str) else "",
        mapped=not (subtype == "/Type0" and "/ToUnicode" not in ft),
        vertical=isinstance(enc_name, str) and enc_name.endswith("-V"),
        encoding=encoding if isinstance(encoding, list) else None,
        codec=codec,
        char_map=char_map,
        widths=widths,
        space_char=space_char,
        space_width=space_width,
        width_scale=width_scale,
    )


def _add_default_width(widths: dict[str, float], flags: object, space_char: str) -> None:
    if not widths:
        widths["default"] = 500
        return
    if space_char in widths and widths[space_char] != 0:
        if _fixed_pitch(flags):
            widths["default"] = widths[space_char]
        else:
            widths["default"] = int(2 * widths[space_char])
        return
    valid = [w for w in widths.values() if w > 0]
    widths["default"] = sum(valid) // len(valid) if valid else 500


def _type3_scale(ft: dict[object, object]) -> float:
    matrix = _resolve(ft.get("/FontMatrix"))
    if isinstance(matrix, list) and len(matrix) == 6:
        a = _resolve(matrix[0])
        if _is_number(a):
            assert isinstance(a, (int, float))
            return float(a) * 1000.0
    return 1.0


def load_font(font_dict: object) -> PdfFont:
    """A :class:`PdfFont` for a font dictionary (pypdf's or the lean reader's).

    Raises FontUnsupported where pypdf would fail or do what we cannot reproduce.
    """
    ft = _resolve(font_dict)
    if not _is_dict(ft):
        raise FontUnsupported("font is not a dictionary")
    assert isinstance(ft, dict)
    try:
        return _build(ft)
    except FontUnsupported:
        raise
    except RecursionError:
        raise FontUnsupported("font structure too deep") from None
    except Exception as exc:  # a malformed font: pypdf crashes or behaves oddly on it
        raise FontUnsupported(f"{type(exc).__name__}: {exc}") from None


def pypdf_font(font_dict_pypdf: object) -> PdfFont:
    """The same interface over pypdf's own ``Font.from_font_resource`` (imports pypdf)."""
    from pypdf.generic._font import Font  # the fallback path only

    font = Font.from_font_resource(font_dict_pypdf)  # type: ignore[arg-type]
    ft = _resolve(font_dict_pypdf)
    assert isinstance(ft, dict)
    subtype = ft.get("/Subtype")
    encoding = font.encoding
    base_font = _resolve(ft.get("/BaseFont"))
    enc_name = _resolve(ft.get("/Encoding"))
    return PdfFont(
        name=base_font[1:] if isinstance(base_font, str) else "",
        mapped=not (subtype == "/Type0" and "/ToUnicode" not in ft),
        vertical=isinstance(enc_name, str) and enc_name.endswith("-V"),
        encoding=[encoding.get(x, chr(x)) for x in range(256)]
        if isinstance(encoding, dict)
        else None,
        codec=encoding if isinstance(encoding, str) else "",
        char_map=dict(font.character_map),
        widths=dict(font.character_widths),
        space_char=font.space_char,
        space_width=font.space_width,
        width_scale=_type3_scale(ft) if subtype == "/Type3" else 1.0,
    )
