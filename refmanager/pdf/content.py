"""The text of a page's content stream, with positions: a small interpreter.

Only what places text is interpreted: the graphics state stack (``q``/``Q``/``cm``), the
text state (``Tf Tc Tw Tz TL``), positioning (``Td TD Tm T*``), showing (``Tj TJ ' "``)
and form XObjects (``Do``). Everything else (paths, images, colours) is skipped by the
tokenizer without being built into objects, which is what makes this several times faster
than a general content-stream parser.

A *run* is the text shown from one position until the next positioning operator or font
change; its start and end come from the glyph widths, so word and column gaps can be
rebuilt from positions later (:mod:`refmanager.pdf.layout`). Within a ``TJ`` array, a move
back of at least 0.15 em is a word space and of at least 0.8 em a wide space (names set
apart), kept in the run's text as in the layout code's conventions.

The interpreter reads pypdf's objects: it needs only ``get``, ``get_object()`` and a
stream's ``get_data()``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from refmanager.pdf.document import MAX_PAGE_CHARS, MAX_PAGE_CONTENT_BYTES
from refmanager.pdf.fonts import Measure, resolve
from refmanager.pdf.layout import WIDE_SPACE, PageTimeout, PageTooBig, Run
from refmanager.pdf.textclean import normalize

# TJ offsets (thousandths of an em) at least this far back are word spaces ...
_TJ_SPACE = 150.0
# ... and at least this far back are wide gaps (between names, columns of a table).
_TJ_WIDE = 800.0
# Form XObjects: how deep they may nest and how many one page may draw.
MAX_FORM_DEPTH = 8
MAX_FORM_CALLS = 500

_WS = b" \t\r\n\f\x00"
# A number token: it ends where a delimiter or whitespace does. Atomic: a shorter match
# ends before a digit or a dot, no delimiter either, so giving back characters can never
# succeed (and on a long run of digits glued to a letter it took quadratic time).
_NUMBER = rb"(?>[+-]?(?:\d+\.?\d*|\.\d+))(?![^ \t\r\n\f\x00()<>\[\]{}/%])"
_NUMBERS = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)")
# One token. Strings with at most one level of nested parentheses are matched whole;
# deeper ones fall back to a scan (group "open").
_TOKEN = re.compile(
    rb"[ \t\r\n\f\x00]*(?:"
    # A whole TJ array and its operator in one match (most of a page's tokens are in
    # them): strings without nested parentheses, hex strings and numbers only.
    rb"(?P<tj>\[(?:[^\[\]()<>\\]++|\((?:[^\\()]++|\\.)*+\)|<[0-9A-Fa-f \t\r\n\f]*+>)*+\]"
    rb"[ \t\r\n\f\x00]*TJ(?![^ \t\r\n\f\x00()<>\[\]{}/%]))"
    # A run of operators that place no text (paths, painting, clipping, colours, line
    # styles), each with its numbers, in one match: most of a figure's tokens.
    rb"|(?P<skip>(?:(?:" + _NUMBER + rb"[ \t\r\n\f\x00]*)*+"
    rb"(?:[mlcvySsfFBbnWgGkKwJjMi]|re|f\*|B\*|b\*|W\*|rg|RG|sc|SC|scn|SCN|Tr|Ts|d0|d1"
    rb"|EMC|BX|EX)(?![^ \t\r\n\f\x00()<>\[\]{}/%])[ \t\r\n\f\x00]*)++)"
    # Numbers, all of a run in one match, and the operator after them, if one does.
    rb"|(?P<nums>(?:" + _NUMBER + rb"[ \t\r\n\f\x00]*)++)(?P<numop>[^ \t\r\n\f\x00()<>\[\]{}/%]+)?"
    rb"|(?P<str>\((?:[^\\()]++|\\.|\((?:[^\\()]++|\\.)*+\))*+\))"
    rb"|(?P<name>/[^ \t\r\n\f\x00()<>\[\]{}/%]*)"
    rb"|(?P<hex><[0-9A-Fa-f \t\r\n\f]*>)"
    rb"|(?P<arr>[\[\]])"
    rb"|(?P<dict><<|>>)"
    rb"|(?P<comment>%[^\r\n]*)"
    rb"|(?P<op>[^ \t\r\n\f\x00()<>\[\]{}/%]+)"
    rb"|(?P<open>\()"
    rb"|(?P<junk>[^ \t\r\n\f\x00])"
    rb")",
    re.S,
)
# The items of a TJ array matched whole: a string, a hex string or a number.
_TJ_ITEM = re.compile(
    rb"(\((?:[^\\()]++|\\.)*+\))|<([0-9A-Fa-f \t\r\n\f]*+)>|([+-]?(?:\d+\.?\d*|\.\d+))", re.S
)
_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|(\r\n|\r|\n)|(.))", re.S)
# A string's escape character, looked for as a byte's value: ``b"\\" in data`` asks first
# whether the operand is an integer, and formats the error it gets, for every string.
_BACKSLASH = 0x5C
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
# The end of an inline image's data: whitespace, EI, then whitespace or the end.
_INLINE_END = re.compile(rb"[ \t\r\n\f\x00]EI(?=[ \t\r\n\f\x00]|$)")

# A font set by name and size (``/F1 10 Tf``): the name as the interpreter reads it.
_SET_FONT = re.compile(
    rb"(/[^ \t\r\n\f\x00()<>\[\]{}/%]*)[ \t\r\n\f\x00]+" + _NUMBER + rb"[ \t\r\n\f\x00]*Tf"
    rb"(?![^ \t\r\n\f\x00()<>\[\]{}/%])"
)
# A font set, or a string (literal or hex) shown, in a page's content: what is looked
# over before a page that sets a sparse font is read (:meth:`TextReader._learn_shown`).
_SHOWN = re.compile(
    _SET_FONT.pattern + rb"|\(((?:[^\\()]++|\\.)*+)\)"
    rb"|<([0-9A-Fa-f \t\r\n\f]*+)>",
    re.S,
)
_SHOW = frozenset((b"Tj", b"TJ", b"'", b'"'))
_QUOTE = frozenset((b"'", b'"'))
# The text state operators that set one number as it is given.
_TEXT_STATE = {b"Tc": "char_space", b"Tw": "word_space", b"TL": "leading"}
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Matrix = tuple[float, float, float, float, float, float]
# The identity matrix, the space of a page shown unturned.
IDENTITY: Matrix = _IDENTITY


class GlyphFont(Protocol):
    """What the interpreter needs of a font (see :mod:`refmanager.pdf.fonts`)."""

    name: str
    mapped: bool
    # Whether a page that sets it is looked over for the codes it shows before it is read
    # (:meth:`TextReader._learn_shown`): a font that knows few of its codes until shown.
    sparse: bool
    em: float  # the type size per unit of the size set (1 but for some Type3 fonts)

    def decode(self, data: bytes) -> list[tuple[str, float, bool]]:
        """Per character code: its text, width (thousandths of an em), whether Tw applies."""
        ...

    def measure(self, data: bytes) -> Measure:
        """``data``'s text and widths as :func:`refmanager.pdf.fonts.measure_glyphs` sums
        up its :meth:`decode`."""
        ...

    def queue(self, data: bytes) -> bool:
        """Whether every code of ``data`` can be decoded at once; the others are queued."""
        ...

    def learn_queued(self) -> None:
        """Make the codes queued decodable (one batch per font and page)."""
        ...


FontLoader = Callable[[Any], GlyphFont | None]
# Several fonts loaded together, as the loader gives each.
FontsLoader = Callable[[list[Any]], list[GlyphFont | None]]


class _Str(bytes):
    """A string operand (names and numbers stay as raw tokens)."""

    __slots__ = ()


def _translate(m: Matrix, tx: float, ty: float) -> Matrix:
    """``m`` moved by (tx, ty) in its own space (Td, and T* with the leading)."""
    return (m[0], m[1], m[2], m[3], tx * m[0] + ty * m[2] + m[4], tx * m[1] + ty * m[3] + m[5])


def _matrix(operands: list[Any]) -> Matrix:
    """The matrix of an operator's last six operands (cm, Tm)."""
    v = operands[-6:]
    return (_num(v[0], 1.0), _num(v[1]), _num(v[2]), _num(v[3], 1.0), _num(v[4]), _num(v[5]))


def _mult(m: Matrix, n: Matrix) -> Matrix:
    return (
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    )


def _unescape(body: bytes) -> bytes:
    if _BACKSLASH not in body:
        return body

    def one(m: re.Match[bytes]) -> bytes:
        if m.group(1) is not None:
            return bytes((int(m.group(1), 8) & 0xFF,))
        if m.group(2) is not None:
            return b""
        ch = m.group(3)
        return _ESCAPES.get(ch, ch)

    return _ESCAPE.sub(one, body)


def _hex(digits: bytes) -> _Str:
    digits = digits.translate(None, _WS)
    if len(digits) % 2:
        digits += b"0"
    try:
        return _Str(bytes.fromhex(digits.decode("ascii")))
    except ValueError:
        return _Str(b"")


def _tj_items(whole: bytes) -> tuple[bytes | float, ...]:
    """The operand of a TJ matched whole (``[...] TJ``): its strings (bytes) and offsets
    (floats), as :meth:`TextReader._show` takes them."""
    body = whole[1 : whole.rindex(b"]")]
    # (a list made and then copied: a third less time than a tuple of a generator)
    return tuple(
        [
            (text[1:-1] if _BACKSLASH not in text else _unescape(text[1:-1]))
            if text
            else float(number)
            if number
            else _hex(hexed)
            for text, hexed, number in _TJ_ITEM.findall(body)
        ]
    )


def _items(operand: Any) -> tuple[bytes | float, ...] | list[bytes | float]:
    """A show operator's operand (a string, or an array read token by token) as strings
    (bytes) and offsets (floats: any other token is one, 0 where it is not a number)."""
    if isinstance(operand, tuple):
        return operand  # matched whole (_tj_items)
    if isinstance(operand, list):
        return [item if isinstance(item, _Str) else _num(item) for item in operand]
    return (operand,) if isinstance(operand, _Str) else (_num(operand),)


def _scan_string(data: bytes, start: int) -> tuple[bytes, int]:
    """A literal string with deep nesting, from its ``(`` at ``start``: (body, end)."""
    depth = 0
    i = start
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x5C:  # backslash
            i += 2
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return data[start + 1 : i], i + 1
        i += 1
    return data[start + 1 :], n  # unterminated: the rest of the stream


def _num(token: Any, default: float = 0.0) -> float:
    if isinstance(token, (_Str, list)):
        return default
    try:
        return float(token)
    except (TypeError, ValueError):
        return default


@dataclass(slots=True)
class _State:
    """The graphics and text state that matter for placing text."""

    ctm: Matrix = _IDENTITY
    font: GlyphFont | None = None
    font_key: int = 0
    size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    scale: float = 1.0
    leading: float = 0.0

    def copy(self) -> _State:
        # Positional, not dataclasses.replace: q saves the state often (0.3 us, not 2.7 us).
        return _State(
            self.ctm,
            self.font,
            self.font_key,
            self.size,
            self.char_space,
            self.word_space,
            self.scale,
            self.leading,
        )


class TextReader:
    """Reads the runs of text of one page (and the forms it draws)."""

    def __init__(
        self,
        load_font: FontLoader,
        *,
        load_fonts: FontsLoader | None = None,
        char_budget: int = MAX_PAGE_CHARS,
        byte_budget: int = MAX_PAGE_CONTENT_BYTES,
        deadline: float | None = None,
        fonts: dict[int, tuple[Any, GlyphFont | None]] | None = None,
        measures: dict[int, dict[bytes, Measure]] | None = None,
    ) -> None:
        """``fonts`` caches loaded fonts across the pages of a document (keyed by the id of
        the font dictionary, which is kept alive in the value) and ``measures`` the strings
        shown in each font (text and widths). ``load_font`` errors make
        the font unreadable (its text is skipped). ``load_fonts``, if given, loads the
        fonts a page's content sets (``/F1 10 Tf``) that are not loaded yet, together,
        before the page is read (a font's decoding has a fixed cost per batch)."""
        self.load_font = load_font
        self.load_fonts = load_fonts
        self.char_budget = char_budget
        self.byte_budget = byte_budget
        self.deadline = deadline
        self.runs: list[Run] = []
        self.rotated_text = ""
        self.chars = 0
        self.bytes = 0
        self.form_calls = 0
        # What made text unreadable, for the user (a page with none is not "scanned"):
        # text shown without a font that can be read, forms that draw themselves.
        self.unreadable: set[str] = set()
        self._ops = 0
        self._fonts: dict[int, tuple[Any, GlyphFont | None]] = fonts if fonts is not None else {}
        self._run: Run | None = None
        self._started = False  # whether the current run has a visible glyph yet
        # Per font (id of its dictionary, as in the font cache): shown string -> its Measure.
        self._measures = measures if measures is not None else {}
        # Fonts with codes queued on this page (by id); None once the page is read again.
        self._queued: dict[int, GlyphFont] | None = {}

    # -- entry points -------------------------------------------------------------

    def read(
        self, content: bytes, resources: Any, ctm: Matrix = _IDENTITY
    ) -> tuple[list[Run], str]:
        """Runs of horizontal text, and the text of rotated runs, of a page's content
        (``ctm``: where the page's space is shown, as the page's /Rotate turns it).

        A string whose codes a font cannot decode yet is skipped and its codes queued;
        when the page is read, each font decodes its queued codes in one batch and the
        page is read again (a font's decoding has a fixed cost per batch). A page that
        sets a sparse font (a CJK font loaded knowing few of its codes) is looked over
        first for the strings shown in it, whose codes it then decodes
        (:meth:`_learn_shown`): else most of that font's pages would be read twice."""
        self._count_bytes(len(content))
        used = self.bytes
        names = self._load_fonts_of(content, resolve(resources))
        if names:
            self._learn_shown(content, resolve(resources), names)
        self._interpret(content, resolve(resources), _State(ctm), 0, ())
        self._end_run()
        queued, self._queued = self._queued, None
        if queued:
            for font in queued.values():
                font.learn_queued()
            self.runs, self.rotated_text = [], ""
            self.chars, self.bytes, self.form_calls = 0, used, 0
            self._interpret(content, resolve(resources), _State(ctm), 0, ())
            self._end_run()
        return [r for r in self.runs if r.text], self.rotated_text

    # -- helpers ------------------------------------------------------------------

    def _count_bytes(self, size: int) -> None:
        self.bytes += size
        if self.bytes > self.byte_budget:
            raise PageTooBig

    def _end_run(self) -> None:
        run = self._run
        if run is not None:
            run.text = normalize(run.text.replace("\n", " ").replace("\r", " ").strip())
            self._run = None
            self._started = False

    def _load_fonts_of(self, content: bytes, resources: Any) -> list[bytes]:
        """Load together the fonts ``content`` sets that are not loaded yet (where there
        are two or more): each is the font :meth:`_font` would load where it is set. The
        names it sets them by ([] where it sets none, or the resources name no fonts)."""
        names = list(dict.fromkeys(m.group(1) for m in _SET_FONT.finditer(content)))
        if self.load_fonts is None:
            return names
        refs: list[Any] = []
        dicts: dict[int, Any] = {}
        try:
            fonts = resolve(resources.get("/Font")) if resources is not None else None
            if fonts is None:
                return []
            for name in names:
                ref = fonts.get(name.decode("latin-1"))
                font_dict = resolve(ref)
                ident = id(font_dict)
                hit = self._fonts.get(ident)
                if font_dict is None or ident in dicts or (hit is not None and hit[0] is font_dict):
                    continue
                refs.append(ref)
                dicts[ident] = font_dict
            if len(refs) < 2:
                return names
            loaded = self.load_fonts(refs)
        except Exception:  # each font is loaded, or refused, where the page sets it
            return names
        for (ident, font_dict), font in zip(dicts.items(), loaded, strict=True):
            self._fonts[ident] = (font_dict, font)
        return names

    def _learn_shown(self, content: bytes, resources: Any, names: list[bytes]) -> None:
        """Where ``content`` sets a sparse font (by one of ``names``): decode, font by
        font in one batch, the codes of the strings it shows after each such font is set,
        before the page is read. The strings are found by a pattern, not by reading the
        page: one shown in a form, or after ``Q`` gives back an earlier font, may be
        taken for another font's; what is still unknown when the page is read is queued
        and learnt as any string's codes are (the page is then read again)."""
        fonts = {name: self._font(resources, name)[0] for name in names}
        if not any(font is not None and font.sparse for font in fonts.values()):
            return
        learning: dict[int, GlyphFont] = {}
        current: GlyphFont | None = None
        shown = 0
        for count, m in enumerate(_SHOWN.finditer(content), 1):
            if count & 1023 == 0 and self.deadline is not None and time.monotonic() > self.deadline:
                raise PageTimeout
            kind = m.lastindex
            if kind == 1:
                font = fonts.get(m.group(1))
                current = font if font is not None and font.sparse else None
            elif current is not None:
                data = _unescape(m.group(2)) if kind == 2 else _hex(m.group(3))
                shown += len(data)
                if shown > 2 * self.char_budget:
                    break  # (more than a page holds: reading it will say so)
                if data and not current.queue(data):
                    learning[id(current)] = current
        for font in learning.values():
            font.learn_queued()

    def _font(self, resources: Any, name: Any) -> tuple[GlyphFont | None, int]:
        try:
            fonts = resolve(resources.get("/Font")) if resources is not None else None
            key = name.decode("latin-1") if isinstance(name, bytes) else str(name)
            ref = fonts.get(key) if fonts is not None else None
        except (AttributeError, TypeError, ValueError):
            return None, 0
        font_dict = resolve(ref)
        if font_dict is None:
            return None, 0
        ident = id(font_dict)
        hit = self._fonts.get(ident)
        if hit is not None and hit[0] is font_dict:
            return hit[1], ident
        try:
            font = self.load_font(ref)
        except (PageTooBig, PageTimeout):
            raise
        except Exception:
            font = None
        self._fonts[ident] = (font_dict, font)
        return font, ident

    # -- the interpreter ----------------------------------------------------------

    def _interpret(
        self, data: bytes, resources: Any, state: _State, depth: int, forms: tuple[int, ...]
    ) -> None:
        stack: list[_State] = []
        operands: list[Any] = []
        arrays: list[list[Any]] = []
        tm: Matrix = _IDENTITY
        tlm: Matrix = _IDENTITY
        pos = 0
        n = len(data)
        match = _TOKEN.match
        while pos < n:
            m = match(data, pos)
            if m is None:
                break
            pos = m.end()
            kind = m.lastgroup
            if kind is None:
                break  # only whitespace was left
            if kind == "tj":
                operands = [_tj_items(m.group(kind))]
                arrays.clear()
                op = b"TJ"
            elif kind == "op":
                op = m.group(kind)
                arrays.clear()
            elif kind == "skip":
                # Operators that place no text: they only end the operands before them.
                operands.clear()
                arrays.clear()
                self._ops += 1
                if self.deadline is not None and time.monotonic() > self.deadline:
                    raise PageTimeout
                continue
            elif kind in ("numop", "nums"):  # numbers, then an operator or not
                (arrays[-1] if arrays else operands).extend(_NUMBERS.findall(m.group("nums")))
                if kind == "nums":
                    continue
                op = m.group(kind)
                arrays.clear()
            else:
                if kind == "name":
                    value: Any = m.group(kind)
                elif kind == "str":
                    value = _Str(_unescape(m.group(kind)[1:-1]))
                elif kind == "hex":
                    value = _hex(m.group(kind)[1:-1])
                elif kind == "open":
                    body, pos = _scan_string(data, m.start(kind))
                    value = _Str(_unescape(body))
                elif kind == "arr":
                    if m.group(kind) == b"[":
                        if len(arrays) < 32:
                            arrays.append([])
                        continue
                    if not arrays:
                        continue
                    value = arrays.pop()
                else:  # dict delimiters, comments, stray bytes
                    continue
                (arrays[-1] if arrays else operands).append(value)
                continue
            self._ops += 1
            if (
                self._ops & 1023 == 0
                and self.deadline is not None
                and time.monotonic() > self.deadline
            ):
                raise PageTimeout
            if op in _SHOW:
                if op in _QUOTE:
                    if op == b'"' and len(operands) >= 3:
                        state.word_space = _num(operands[-3])
                        state.char_space = _num(operands[-2])
                    tlm = _translate(tlm, 0.0, -state.leading)
                    tm = tlm
                    self._end_run()
                if operands:
                    tm = self._show(operands[-1], tm, state)
            elif op in (b"Td", b"TD"):
                if len(operands) >= 2:
                    tx, ty = _num(operands[-2]), _num(operands[-1])
                    if op == b"TD":
                        state.leading = -ty
                    tlm = _translate(tlm, tx, ty)
                    tm = tlm
                    self._end_run()
            elif op == b"Tm":
                if len(operands) >= 6:
                    tlm = _matrix(operands)
                    tm = tlm
                    self._end_run()
            elif op == b"T*":
                tlm = _translate(tlm, 0.0, -state.leading)
                tm = tlm
                self._end_run()
            elif op == b"Tf":
                if len(operands) >= 2:
                    font, key = self._font(resources, operands[-2])
                    size = _num(operands[-1])
                    if key != state.font_key or size != state.size:
                        self._end_run()
                    state.font, state.font_key, state.size = font, key, size
            elif op == b"BT":
                tm = tlm = _IDENTITY
                self._end_run()
            elif op == b"ET":
                self._end_run()
            elif op in _TEXT_STATE:
                if operands:
                    setattr(state, _TEXT_STATE[op], _num(operands[-1]))
            elif op == b"Tz":
                if operands:
                    state.scale = _num(operands[-1], 100.0) / 100.0
            elif op == b"q":
                if len(stack) < 1000:
                    stack.append(state.copy())
            elif op == b"Q":
                if stack:
                    state = stack.pop()
                    self._end_run()
            elif op == b"cm":
                if len(operands) >= 6:
                    mat = _matrix(operands)
                    state.ctm = _mult(mat, state.ctm)
                    self._end_run()
            elif op == b"Do":
                if operands:
                    self._end_run()
                    self._form(operands[-1], resources, state, depth, forms)
            elif op == b"ID":
                end = _INLINE_END.search(data, pos)
                pos = end.end() if end is not None else n
            operands.clear()

    def _form(
        self, name: Any, resources: Any, state: _State, depth: int, forms: tuple[int, ...]
    ) -> None:
        if depth >= MAX_FORM_DEPTH or not isinstance(name, bytes) or isinstance(name, _Str):
            return
        try:
            xobjects = resolve(resources.get("/XObject")) if resources is not None else None
            form = resolve(xobjects.get(name.decode("latin-1"))) if xobjects is not None else None
            if form is not None and id(form) in forms:
                self.unreadable.add("a form draws itself (a hostile or broken file)")
                return
            if form is None or form.get("/Subtype") != "/Form":
                return
            self.form_calls += 1
            if self.form_calls > MAX_FORM_CALLS:
                raise PageTooBig
            data = form.get_data()
            self._count_bytes(len(data))
            matrix = resolve(form.get("/Matrix"))
            mat: Matrix = _IDENTITY
            if matrix is not None and len(matrix) == 6:
                v = [float(resolve(x)) for x in matrix]
                mat = (v[0], v[1], v[2], v[3], v[4], v[5])
            inner = resolve(form.get("/Resources"))
        except (PageTooBig, PageTimeout):
            raise
        except Exception:
            return
        sub = state.copy()
        sub.ctm = _mult(mat, state.ctm)
        self._interpret(
            data, inner if inner is not None else resources, sub, depth + 1, (*forms, id(form))
        )
        self._end_run()

    def _queue_unknown(self, operand: Any, font: GlyphFont, key: int) -> None:
        """Queue the codes of ``operand``'s strings that ``font`` cannot decode yet."""
        queued = self._queued
        assert queued is not None
        measures = self._measures.get(key, {})
        for item in _items(operand):
            if not isinstance(item, float) and item not in measures and not font.queue(item):
                queued[id(font)] = font

    def _show(self, operand: Any, tm: Matrix, state: _State) -> Matrix:
        """Show a string or TJ array from text matrix ``tm``; the matrix after it."""
        font = state.font
        if font is None:
            self.unreadable.add("its text is shown in fonts that are missing or damaged")
            return tm
        if self._queued:
            # The page is read again once the codes queued are known: what this reading
            # would place is not kept, only the codes still unknown are looked for.
            self._queue_unknown(operand, font, state.font_key)
            return tm
        size = state.size
        k = size * state.scale / 1000  # text space units per thousandth of an em
        spacing = state.char_space * state.scale
        word_space = state.word_space * state.scale
        m = _mult(tm, state.ctm)
        m0 = m[0]
        sx = (m0 * m0 + m[1] * m[1]) ** 0.5
        # Rotated or mirrored text (a side stamp) is kept apart, not laid out.
        rotated = sx <= 0 or m0 <= 0 or abs(m[1]) > 0.05 * sx
        pen = 0.0  # text space advance from tm
        measures = self._measures.get(state.font_key)
        if measures is None:
            measures = self._measures[state.font_key] = {}
        known = measures.get
        # The run being shown into and whether it has a visible glyph yet, kept in locals
        # while the items are read (nothing else ends a run meanwhile).
        run = self._run
        started = self._started
        try:
            for item in _items(operand):
                if isinstance(item, float):
                    # A TJ offset: thousandths of an em, moving the pen back when positive.
                    pen -= item * k
                    if (
                        item <= -_TJ_SPACE
                        and run is not None
                        and not rotated
                        and run.text[-1:] not in (" ", WIDE_SPACE)
                    ):
                        run.text += WIDE_SPACE if item <= -_TJ_WIDE else " "
                    continue
                shown = known(item)
                if shown is None:
                    if self._queued is not None and not font.queue(item):
                        self._queued[id(font)] = font  # read again once its codes are known
                        continue
                    shown = font.measure(item)
                    if len(measures) < 20_000:
                        measures[item] = shown
                text, total, lead, trail, words, count = shown
                if not count:
                    continue
                self.chars += count
                if self.chars > self.char_budget:
                    raise PageTooBig
                fast = spacing == 0.0 and (word_space == 0.0 or not words)
                advance = total * k if fast else total * k + count * spacing + words * word_space
                if rotated:
                    if len(self.rotated_text) < 2000:
                        self.rotated_text += text
                    pen += advance
                    continue
                x = m[4] + pen * m0  # the pen in user space; one text space unit is m[0]
                if run is None:
                    sy = (m[2] * m[2] + m[3] * m[3]) ** 0.5
                    run = Run(
                        "", x, x, m[5] + pen * m[1], size * sy * font.em, font.name, font.mapped
                    )
                    self.runs.append(run)
                    self._run = run
                    started = False
                if lead >= 0.0:  # some glyph is visible
                    if fast:
                        # Only the first and last visible glyphs need their own offsets.
                        if not started:
                            run.x0 = x + lead * k * m0
                            started = True
                        run.x1 = x + (advance - trail * k) * m0
                    else:
                        step = 0.0
                        for glyph_text, width, word in font.decode(item):
                            glyph = width * k
                            if glyph_text.strip():
                                if not started:
                                    run.x0 = x + step * m0
                                    started = True
                                run.x1 = x + (step + glyph) * m0
                            step += glyph + spacing + (word_space if word else 0.0)
                run.text += text
                pen += advance
        finally:
            self._started = started
        return (tm[0], tm[1], tm[2], tm[3], tm[4] + pen * tm[0], tm[5] + pen * tm[1])
