"""Positioned text lines of one page, in reading order.

pypdf's visitor callback reports each run of text with the text matrix (``tm``) and the
current transformation matrix (``cm``) in force where it starts; the run's position on the
page is ``tm x cm``. Runs are grouped into lines by baseline, the gaps between runs are
turned back into spaces from the glyph widths, and the lines are put in reading order
(one column, two columns, or full-width blocks over two columns).
"""

from __future__ import annotations

import re
import threading
import time
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from refmanager.pdf.textclean import SPACING_ACCENTS, normalize

# A run is split from the previous one on the same baseline when the gap exceeds this (in ems):
# wider than any word space in justified text, narrower than a column gutter.
_COLUMN_GAP_EM = 1.4
# Gaps above this share of the font size are word spaces.
_SPACE_GAP_EM = 0.14
_LABEL_ONLY = re.compile(r"^(?:\[[^\[\]\s]{1,12}\]|\(\d{1,4}\)|\d{1,4}\.)$")
# No word space is ever printed before these.
_CLOSING = frozenset(",.;:)]}\u3001\u3002\uff0c\uff1b\uff1a\uff09")
# TJ offsets (thousandths of an em) at least this far back are word spaces.
_TJ_SPACE = 150.0
# ... and at least this far back are wide gaps (between names, columns of a table).
_TJ_WIDE = 800.0
WIDE_SPACE = "\u2003"

_ITALIC = re.compile(r"(italic|oblique|-it\b|ital|slant|cmti|cmsl|lmroman\d+-italic|[-,]i$)", re.I)
_BOLD = re.compile(r"(bold|black|heavy|semibold|demi|medi\b|medi(?=ital)|cmbx|cmb\d|-bd|,b$)", re.I)


@dataclass(slots=True)
class Run:
    """A piece of text on one baseline with its start, width and font."""

    text: str
    x0: float
    x1: float
    y: float
    size: float
    font: str
    mapped: bool = True  # False: a font without a Unicode map (the text is glyph ids)


@dataclass(slots=True)
class Line:
    """A line of text on a page: its text, box (PDF points, origin bottom left) and font."""

    page: int
    text: str
    x0: float
    x1: float
    y: float  # baseline
    size: float
    font: str = ""
    styles: list[tuple[int, int, str]] = field(default_factory=list)
    wide_gaps: list[int] = field(default_factory=list)  # offsets of spaces wider than 0.8 em
    mapped: bool = True  # False when most of its text is in fonts without a Unicode map
    column: int = 0  # 0 full width / single column, 1 left, 2 right

    @property
    def top(self) -> float:
        return self.y + 0.8 * self.size

    @property
    def bottom(self) -> float:
        return self.y - 0.25 * self.size


def font_style(name: str) -> str:
    """'italic', 'bold' or '' from a font's PostScript name."""
    base = name.split("+", 1)[-1]
    if _ITALIC.search(base):
        return "italic"
    if _BOLD.search(base):
        return "bold"
    return ""


def _mult(m: list[float], n: list[float]) -> list[float]:
    return [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]


class _Collector:
    """Receives pypdf's visitor callbacks and keeps horizontal runs of text.

    A run's start comes from ``tm x cm``. Its end comes from pypdf's own advance of the
    text since the last positioning operator (glyph widths, ``Tc`` and ``TJ`` offsets),
    which ``width_hint`` delivers; runs that never get one are measured from the font's
    widths.
    """

    split = True  # read by the wrapped line check in page_runs

    def __init__(self, char_budget: int) -> None:
        self.runs: list[Run] = []
        self.rotated = 0
        self.rotated_text = ""
        self.chars = 0
        self.char_budget = char_budget
        self._fonts: dict[int, tuple[Any, str, bool]] = {}
        self._pypdf_fonts: dict[int, Any] = {}
        self._last: tuple[float, float, float, float] | None = None
        # Runs since the last width hint: (run, start x, estimated advance, chained).
        self._seg: list[tuple[Run, float, float, bool]] = []

    def register(self, resources: dict[str, Any], fonts: dict[str, Any]) -> None:
        """pypdf's own Font objects for a resource dictionary's fonts (built once, by pypdf)."""
        for key, font_dict in resources.items():
            if key in fonts:
                self._pypdf_fonts[id(font_dict)] = fonts[key]

    def _font(self, font_dict: Any) -> tuple[Any, str, bool]:
        key = id(font_dict)
        cached = self._fonts.get(key)
        if cached is not None:
            return cached
        try:
            name = str(font_dict.get("/BaseFont", "")).lstrip("/")
            mapped = not (font_dict.get("/Subtype") == "/Type0" and "/ToUnicode" not in font_dict)
        except Exception:
            name, mapped = "", True
        entry = (self._pypdf_fonts.get(key), name, mapped)
        self._fonts[key] = entry
        return entry

    def width_hint(self, width: float) -> None:
        """The advance (user space) of the text shown since the last positioning operator."""
        seg = self._seg
        self._seg = []
        if not seg or width <= 0:
            return
        first = len(seg) - 1
        while first > 0 and seg[first][3]:
            first -= 1
        chain = seg[first:]
        total = sum(est for _, _, est, _ in chain)
        if total <= 0:
            return
        k = width / total
        x = chain[0][1]
        for run, _, est, _ in chain:
            run.x0 = x
            x += est * k
            run.x1 = max(x, run.x0 + 0.1)

    def __call__(self, text: Any, cm: Any, tm: Any, font_dict: Any, font_size: Any) -> None:
        if not text or not str(text).strip():
            return
        self.chars += len(text)
        if self.chars > self.char_budget:
            raise _PageTooBig
        try:
            m = _mult([float(v) for v in tm], [float(v) for v in cm])
            size0 = float(font_size)
        except (TypeError, ValueError):
            return
        sx = (m[0] ** 2 + m[1] ** 2) ** 0.5
        sy = (m[2] ** 2 + m[3] ** 2) ** 0.5
        if sx <= 0 or m[0] <= 0 or abs(m[1]) > 0.05 * sx:
            self.rotated += 1
            if len(self.rotated_text) < 2000:
                self.rotated_text += str(text)
            return
        size = size0 * sy
        font, name, mapped = self._font(font_dict) if font_dict is not None else (None, "", True)
        clean = str(text).replace("\n", " ").replace("\r", " ")
        clean_text = clean.strip()
        if font is not None:
            widths = font.character_widths
            default = widths.get("default", 500) or 500
            adv = sum(widths.get(c, default) for c in clean.rstrip())
        else:
            adv = 500 * len(clean.rstrip())
        scale = size0 * sx / 1000
        start = m[4]
        here = (m[0], m[3], m[4], m[5])
        chained = False
        if self._last is not None and here == self._last and self.runs:
            # Same start as the previous piece: pypdf did not advance the text matrix
            # (a font change inside one positioned piece); continue where it ended.
            start = self.runs[-1].x1
            chained = True
        else:
            self._last = here
        est = adv * scale
        run = Run(normalize(clean_text), start, start + max(est, 0.1), m[5], size, name, mapped)
        self.runs.append(run)
        self._seg.append((run, start, est, chained))


_INSTALL_LOCK = threading.Lock()
# The fonts of the document being read by this thread (see page_runs), else None.
_FONTS = threading.local()


class _PageTooBig(Exception):
    pass


class _PageTimeout(Exception):
    pass


class PageTooBig(Exception):
    """The page holds more text than any real page does (a hostile file)."""


def _install_split() -> None:
    """Make pypdf report every positioned piece of text on its own.

    pypdf joins all text on one baseline before it calls the visitor, so the two columns of
    a page come as one string with one start position. Wrapping its line check so that any
    move of the text position first flushes the pending text gives one callback per
    positioned piece; spaces and columns are then rebuilt from positions here. The hooks
    act only when the visitor is this module's collector; other pypdf users see no change.
    """
    from pypdf._text_extraction import _text_extractor

    tx: Any = _text_extractor  # pypdf internals, pinned in pyproject (pypdf==7.1.1)
    with _INSTALL_LOCK:
        if getattr(tx, "_refmanager_original_check", None) is None:
            _install(tx)


def _install(tx: Any) -> None:
    original = tx.crlf_space_check

    def split_check(  # noqa: PLR0917 (pypdf's signature)
        text: str,
        cmtm_prev: tuple[list[float], list[float]],
        cmtm_matrix: tuple[list[float], list[float]],
        memo_cmtm: tuple[list[float], list[float]],
        font_resource: Any,
        orientations: tuple[int, ...],
        output: str,
        font_size: float,
        visitor_text: Any,
        *rest: Any,
    ) -> Any:
        if isinstance(visitor_text, _Collector):
            tm_prev, tm_now = cmtm_prev[1], cmtm_matrix[1]
            cm_prev, cm_now = cmtm_prev[0], cmtm_matrix[0]
            if tm_prev != tm_now or cm_prev != cm_now:
                prev = _mult(tm_prev, cm_prev)
                now = _mult(tm_now, cm_now)
                if abs(prev[4] - now[4]) > 1e-3 or abs(prev[5] - now[5]) > 1e-3:
                    if text.strip():
                        visitor_text(text, memo_cmtm[0], memo_cmtm[1], font_resource, font_size)
                        output += text
                        text = ""
                    if rest:
                        scale = (prev[0] ** 2 + prev[1] ** 2) ** 0.5
                        visitor_text.width_hint(float(rest[0]) * scale)
        return original(
            text,
            cmtm_prev,
            cmtm_matrix,
            memo_cmtm,
            font_resource,
            orientations,
            output,
            font_size,
            visitor_text,
            *rest,
        )

    tx._refmanager_original_check = original
    tx.crlf_space_check = split_check

    # pypdf builds every font of a page again for each page it reads (its ToUnicode map
    # parsed each time). While page_runs reads a document, a font object that pypdf
    # resolved before (the same indirect object) gives the Font built then.
    font_class = tx.Font
    original_font = font_class.from_font_resource.__func__

    def from_font_resource(cls: Any, pdf_font_dict: Any) -> Any:
        cache: dict[int, tuple[Any, Any]] | None = getattr(_FONTS, "cache", None)
        if cache is None:
            return original_font(cls, pdf_font_dict)
        hit = cache.get(id(pdf_font_dict))
        if hit is not None and hit[0] is pdf_font_dict:
            return hit[1]
        font = original_font(cls, pdf_font_dict)
        cache[id(pdf_font_dict)] = (pdf_font_dict, font)  # the dict is kept: its id stays its
        return font

    font_class.from_font_resource = classmethod(from_font_resource)

    # A TJ offset is a word space when it moves the pen back by more than any kerning
    # does (kerns stay under 0.12 em); pypdf's own test, half the font's space glyph,
    # misses the shrunk spaces of tight justified lines ("UpperSaddleRiver").
    original_init = tx.TextExtraction.initialize_extraction

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        if getattr(self.visitor_text, "split", False):
            self.visitor_text.register(self.font_resources, self.fonts)

    tx.TextExtraction.initialize_extraction = init

    original_offset = tx.TextExtraction.process_tj_offset

    def tj_offset(self: Any, offset: float, space_width: float) -> None:
        if getattr(self.visitor_text, "split", False):
            previous = self.text or self.output
            if -offset >= _TJ_WIDE and previous and previous[-1] not in " \n" + WIDE_SPACE:
                # A gap of most of an em (author names set apart): keep it visible.
                width = self._actual_str_size["str_widths"] - offset * self.font_size
                self.process_operation(b"Tj", [WIDE_SPACE])
                self._actual_str_size["str_widths"] = width
                return
            space_width = min(space_width, _TJ_SPACE)
        original_offset(self, offset, space_width)

    tx.TextExtraction.process_tj_offset = tj_offset


class PageTimeout(Exception):
    """Reading the page ran past the document's deadline."""


def page_runs(
    page: Any, char_budget: int = 400_000, deadline: float | None = None
) -> tuple[list[Run], str]:
    """Runs of horizontal text on ``page``, and the text of its rotated runs (side stamps).

    Raises:
        PageTooBig: the page holds more text than ``char_budget`` characters.
        PageTimeout: ``deadline`` (a ``time.monotonic()`` value) passed while reading.
    """
    _install_split()
    collector = _Collector(char_budget)
    ops = [0]

    def watch(*_: Any) -> None:
        ops[0] += 1
        if ops[0] & 1023 == 0 and deadline is not None and time.monotonic() > deadline:
            raise _PageTimeout

    document = getattr(page, "pdf", None)
    cache: dict[int, tuple[Any, Any]] | None = None
    if document is not None:
        cache = getattr(document, "_refmanager_fonts", None)
        if cache is None:
            cache = {}
            try:
                document._refmanager_fonts = cache
            except AttributeError:
                cache = None
    _FONTS.cache = cache
    try:
        page.extract_text(visitor_text=collector, visitor_operand_before=watch)
    except _PageTooBig as exc:
        raise PageTooBig from exc
    except _PageTimeout as exc:
        raise PageTimeout from exc
    finally:
        _FONTS.cache = None
    return [r for r in collector.runs if r.text], collector.rotated_text


def _attach_accents(row: list[Run]) -> None:
    """Put spacing accents printed over a letter (pdfTeX) onto that letter."""
    accents = [r for r in row if len(r.text) == 1 and r.text in SPACING_ACCENTS]
    for acc in accents:
        center = (acc.x0 + acc.x1) / 2
        others = [r for r in row if r is not acc and r.text]
        hosts = [r for r in others if r.x0 - 0.5 <= center <= r.x1 + 0.5]
        if not hosts:
            after = [r for r in others if r.x0 >= acc.x0 - 0.3 * acc.size]
            if not after:
                continue
            host = min(after, key=lambda r: r.x0)
            index = 0
        else:
            host = hosts[0]
            step = (host.x1 - host.x0) / max(len(host.text), 1)
            index = int(max(0, min(len(host.text) - 1, (center - host.x0) // max(step, 0.01))))
            while index > 0 and not host.text[index].isalpha():
                index -= 1
        letter = host.text[index]
        if not letter.isalpha():
            continue
        if letter == "\u0131":
            letter = "i"
        combined = unicodedata.normalize("NFC", letter + SPACING_ACCENTS[acc.text])
        host.text = host.text[:index] + combined + host.text[index + 1 :]
        row.remove(acc)


def _join_runs(runs: list[Run], page: int) -> Line:
    runs.sort(key=lambda r: r.x0)
    parts: list[str] = []
    styles: list[tuple[int, int, str]] = []
    pos = 0
    prev: Run | None = None
    sizes: Counter[float] = Counter()
    fonts: Counter[str] = Counter()
    wide: list[int] = []
    for run in runs:
        if prev is not None:
            gap = run.x0 - prev.x1
            if (
                gap > _SPACE_GAP_EM * max(run.size, prev.size) * 0.9
                and not (parts and parts[-1].endswith(" "))
                and run.text[:1] not in _CLOSING
            ):
                parts.append(" ")
                pos += 1
                if gap > 0.8 * max(run.size, prev.size):
                    wide.append(pos - 1)
        start = pos
        parts.append(run.text)
        pos += len(run.text)
        style = font_style(run.font)
        if style:
            styles.append((start, pos, style))
        sizes[round(run.size, 1)] += len(run.text)
        fonts[run.font] += len(run.text)
        prev = run
    text = "".join(parts)
    if WIDE_SPACE in text:
        wide.extend(i for i, ch in enumerate(text) if ch == WIDE_SPACE)
        wide.sort()
        text = text.replace(WIDE_SPACE, " ")
    size = sizes.most_common(1)[0][0]
    y = Counter(round(r.y, 1) for r in runs).most_common(1)[0][0]
    return Line(
        page=page,
        text=text,
        x0=runs[0].x0,
        x1=max(r.x1 for r in runs),
        y=y,
        size=size,
        font=fonts.most_common(1)[0][0],
        styles=_merge_styles(styles),
        wide_gaps=wide,
        mapped=sum(len(r.text) for r in runs if r.mapped) * 2 >= len(text),
    )


def _merge_styles(styles: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    for start, end, kind in styles:
        if out and out[-1][2] == kind and start - out[-1][1] <= 1:
            out[-1] = (out[-1][0], end, kind)
        else:
            out.append((start, end, kind))
    return out


def _is_minor(run: Run, body: float) -> bool:
    """Accents, raised or lowered letters, footnote marks: they belong to a nearby line."""
    if run.size < 0.85 * body:
        return True
    if _LABEL_ONLY.match(run.text):
        return False  # "1." is a list label, not a mark
    text = run.text
    # One Latin letter or mark, or two ("A" raised in the LaTeX logo); a CJK word of two
    # characters (a name) is a word.
    return len(text) <= 2 and not any(0x3000 <= ord(c) <= 0x9FFF or ord(c) >= 0xAC00 for c in text)


def group_lines(
    runs: list[Run], page: int, gutter: float | None = None, right_start: float | None = None
) -> list[Line]:
    """Group runs into lines: same baseline, not across the gutter, no gap wider than one.

    A row is cut at the gutter only where its right part starts at the right column's edge
    (``right_start``): a title-block line whose words straddle the gutter stays whole.
    """
    if not runs:
        return []
    body = Counter(round(r.size, 1) for r in runs).most_common(1)[0][0]
    major = [r for r in runs if not _is_minor(r, body)]
    minor = [r for r in runs if _is_minor(r, body)]
    rows: list[list[Run]] = []
    for run in sorted(major, key=lambda r: (-r.y, r.x0)):
        if rows:
            ref = rows[-1][0]
            if abs(ref.y - run.y) <= 0.3 * max(min(ref.size, run.size), 1.0):
                rows[-1].append(run)
                continue
        rows.append([run])
    orphans: list[Run] = []
    for run in minor:
        best: tuple[float, list[Run]] | None = None
        accent = run.text in SPACING_ACCENTS
        for row in rows:
            ref = row[0]
            dy = abs(ref.y - run.y)
            if accent:
                # An accent sits above its letter: only the line below it can own it.
                if not 0 <= run.y - ref.y <= 0.9 * ref.size:
                    continue
            elif dy > 0.55 * ref.size:
                continue
            lo = min(r.x0 for r in row) - ref.size
            hi = max(r.x1 for r in row) + ref.size
            if not lo <= run.x0 <= hi:
                continue
            if gutter is not None and not lo < gutter < hi and (run.x0 < gutter) != (lo < gutter):
                continue
            if best is None or dy < best[0]:
                best = (dy, row)
        if best is None:
            orphans.append(run)
        else:
            best[1].append(run)
    # Minor runs with no line of their own kind (a small-caps heading: "R" + "EFERENCES")
    # form lines among themselves.
    for run in sorted(orphans, key=lambda r: (-r.y, r.x0)):
        for row in rows:
            if row[0] in orphans and abs(row[0].y - run.y) <= 0.3 * max(row[0].size, run.size):
                row.append(run)
                break
        else:
            rows.append([run])
    rows.sort(key=lambda row: -row[0].y)
    for row in rows:
        _attach_accents(row)
    lines: list[Line] = []
    for row in rows:
        row.sort(key=lambda r: r.x0)
        group: list[Run] = [row[0]]
        for run in row[1:]:
            prev_end = max(r.x1 for r in group)
            gap = run.x0 - prev_end
            across = (
                gutter is not None
                and prev_end <= gutter + 1
                and run.x0 >= gutter - 1
                and (right_start is None or run.x0 <= right_start + 1.0 * run.size)
            )
            # A list label set off by a tab ("1.", "[12]") stays on its entry's line.
            label = len(group) == 1 and _LABEL_ONLY.match(group[0].text) is not None
            wide = gap > (8.0 if label else _COLUMN_GAP_EM) * max(run.size, group[-1].size)
            if across or wide:
                lines.append(_join_runs(group, page))
                group = [run]
            else:
                group.append(run)
        lines.append(_join_runs(group, page))
    return lines


def find_gutter(items: list[Run] | list[Line], width: float) -> float | None:
    """The x of a two-column gutter, or None for a one-column page."""
    if len(items) < 6 or width <= 0:
        return None
    spans = sorted((it.x0, it.x1, len(it.text)) for it in items)
    # Candidate gutters every 2 pt across the middle; a span crosses candidate x when
    # x0 < x - 1 and x1 > x + 1, i.e. for one contiguous run of candidates, found by
    # bisection (the same comparisons as testing every span at every candidate).
    grid: list[float] = []
    x = 0.3 * width
    while x <= 0.7 * width:
        grid.append(x)
        x += 2.0
    if not grid:
        return None
    lows = [g - 1 for g in grid]
    highs = [g + 1 for g in grid]
    delta = [0] * (len(grid) + 1)
    for x0, x1, _ in spans:
        first = bisect_right(lows, x0)
        stop = bisect_left(highs, x1)
        if first < stop:
            delta[first] += 1
            delta[stop] -= 1
    best: tuple[int, float] | None = None
    crossing = 0
    for i, g in enumerate(grid):
        crossing += delta[i]
        if best is None or crossing < best[0]:
            best = (crossing, g)
    assert best is not None
    crossing, gx = best
    left = [(x0, x1, n) for x0, x1, n in spans if x1 <= gx + 1]
    right = [(x0, x1, n) for x0, x1, n in spans if x0 >= gx - 1]
    if len(left) < 3 or len(right) < 3:
        return None
    if crossing > 0.35 * (len(left) + len(right)):
        return None
    # Both sides must carry real text (not a lone page number on one side).
    if sum(n for *_, n in left) < 80 or sum(n for *_, n in right) < 80:
        return None
    left_edge = max(x1 for _, x1, _ in left)
    right_edge = min(x0 for x0, _, _ in right)
    if right_edge - left_edge < 3:
        return None
    return (left_edge + right_edge) / 2


def reading_order(lines: list[Line], gutter: float | None) -> list[Line]:
    """Lines in reading order; full-width lines cut the page into bands read column by column."""
    lines = sorted(lines, key=lambda ln: (-ln.y, ln.x0))
    if gutter is None:
        for ln in lines:
            ln.column = 0
        return lines
    out: list[Line] = []
    left: list[Line] = []
    right: list[Line] = []

    def flush() -> None:
        out.extend(left)
        out.extend(right)
        left.clear()
        right.clear()

    for ln in lines:
        if ln.x1 <= gutter + 1:
            ln.column = 1
            left.append(ln)
        elif ln.x0 >= gutter - 1:
            ln.column = 2
            right.append(ln)
        else:
            ln.column = 0
            flush()
            out.append(ln)
    flush()
    return out


def page_lines(runs: list[Run], page: int, width: float) -> list[Line]:
    """The page's lines in reading order."""
    gutter = find_gutter(runs, width)
    right_start = None
    if gutter is not None:
        right_start = min((r.x0 for r in runs if r.x0 >= gutter - 1), default=None)
    return reading_order(group_lines(runs, page, gutter, right_start), gutter)
