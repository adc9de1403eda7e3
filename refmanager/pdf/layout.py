"""Positioned text lines of one page, in reading order.

The runs of text come from the content interpreter (:mod:`refmanager.pdf.content`), each
with its start and end on the page. Runs are grouped into lines by baseline, the gaps
between runs are turned back into spaces, and the lines are put in reading order (one
column, two columns, or full-width blocks over two columns).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from statistics import median
from typing import Any

from refmanager.pdf.textclean import SPACING_ACCENTS

# A run is split from the previous one on the same baseline when the gap exceeds this (in ems):
# wider than any word space in justified text, narrower than a column gutter.
_COLUMN_GAP_EM = 1.4
# Gaps above this share of the font size are word spaces.
_SPACE_GAP_EM = 0.14
_LABEL_ONLY = re.compile(r"^(?:\[[^\[\]\s]{1,12}\]|\(\d{1,4}\)|\d{1,4}\.)$")
# No word space is ever printed before these.
_CLOSING = frozenset(",.;:)]}\u3001\u3002\uff0c\uff1b\uff1a\uff09")
# How far (in ems) below a line's baseline a spacing accent over one of its letters may stand.
_ACCENT_DROP = 0.1
# A wide space (a gap of most of an em in a TJ array) in a run's text; see content.py.
WIDE_SPACE = "\u2003"

_ITALIC = re.compile(r"(italic|oblique|-it\b|ital|slant|cmti|cmsl|lmroman\d+-italic|[-,]i$)", re.I)
_BOLD = re.compile(r"(bold|black|heavy|semibold|demi|medi\b|medi(?=ital)|cmbx|cmb\d|-bd|,b$)", re.I)


@dataclass(slots=True)
class Run:
    """A piece of text on one baseline with its start, width and font.

    ``mapped`` is False for a font without a Unicode map (the text is glyph ids).
    """

    text: str
    x0: float
    x1: float
    y: float
    size: float
    font: str
    mapped: bool = True


@dataclass(slots=True)
class Line:
    """A line of text on a page: its text, box (PDF points, origin bottom left) and font.

    ``y`` is the baseline; ``wide_gaps`` are offsets of spaces wider than 0.8 em; ``mapped``
    is False when most of its text is in fonts without a Unicode map; ``column`` is 0 (full
    width or a single column), 1 (left) or 2 (right).
    """

    page: int
    text: str
    x0: float
    x1: float
    y: float
    size: float
    font: str = ""
    styles: list[tuple[int, int, str]] = field(default_factory=list)
    wide_gaps: list[int] = field(default_factory=list)
    mapped: bool = True
    column: int = 0

    @property
    def top(self) -> float:
        return self.y + 0.8 * self.size

    @property
    def bottom(self) -> float:
        return self.y - 0.25 * self.size

    @property
    def bold(self) -> float:
        """The share of the line's characters (spaces aside) set in bold, at most 1."""
        return self._share("bold")

    @property
    def italic(self) -> float:
        """The share of the line's characters (spaces aside) set in italic, at most 1."""
        return self._share("italic")

    def _share(self, kind: str) -> float:
        text = self.text
        n = max(1, len(text) - text.count(" "))
        share = 0
        for a, b, k in self.styles:
            if k == kind:
                share += b - a
        return min(share / n, 1.0)


@functools.lru_cache(maxsize=10_000)
def font_style(name: str) -> str:
    """'italic', 'bold' or '' from a font's PostScript name."""
    base = name.split("+", 1)[-1]
    return "italic" if _ITALIC.search(base) else "bold" if _BOLD.search(base) else ""


# A typewriter (fixed-pitch) face by its PostScript name: Courier and its clones (TeX
# Gyre Cursor), TeX's typewriter faces (CMTT10, SFTT1000, ECTT1000, LMMono10, txtt) and the
# "Mono" families (DejaVuSansMono, FiraMono; not Monotype's faces).
_TYPEWRITER = re.compile(r"(courier|cursor|mono(?!type)|typewriter|consol|menlo|tt\d|txtt)", re.I)


def typewriter(name: str) -> bool:
    """Whether a font's PostScript name is a typewriter (fixed-pitch) face's."""
    return bool(_TYPEWRITER.search(name.split("+", 1)[-1]))


def _most(counts: dict[Any, int]) -> Any:
    """The key with the highest count, the first one seen among equals (as Counter does)."""
    return max(counts, key=counts.__getitem__)


def body_size(lines: Sequence[Line]) -> float:
    """The size most of the lines' text is set in (10 when there is none); text drawn at
    a size that rounds to 0 (a degenerate text matrix) has none."""
    sizes: Counter[float] = Counter()
    for ln in lines:
        size = round(ln.size, 1)
        if size > 0:
            sizes[size] += len(ln.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


class PageTooBig(Exception):
    """The page holds more text than any real page does (a hostile file)."""


class PageTimeout(Exception):
    """Reading the page ran past the document's deadline."""


def _attach_accents(row: list[Run]) -> None:
    """Put spacing accents printed over a letter (pdfTeX) onto that letter; an accent is
    no letter to put another on (a music score's glyphs read as carons, drawn over one
    another), and one with no letter under it goes onto the letter it touches, if any."""
    accents = [r for r in row if len(r.text) == 1 and r.text in SPACING_ACCENTS]
    if not accents:
        return
    for acc in accents:
        center = (acc.x0 + acc.x1) / 2
        others = [r for r in row if r.text and not (len(r.text) == 1 and r.text in SPACING_ACCENTS)]
        hosts = [r for r in others if r.x0 - 0.5 <= center <= r.x1 + 0.5]
        if not hosts:
            after = [r for r in others if r.x0 >= acc.x0 - 0.3 * acc.size]
            if acc.text == "\u02dc" and _after_slash(acc, others):
                acc.text = "~"  # a URL's tilde (LaTeX's \~{} in a home page's address)
                continue
            if not after:
                continue
            host = min(after, key=lambda r: r.x0)
            index = 0
            if host.x0 - acc.x1 >= _SPACE_GAP_EM * acc.size:
                continue  # a word away: no letter of its own
            if host.text[:1].isalpha():
                # set before its letter, not over it: the word starts at the accent (no
                # gap where it stood splits "Terzi´c" into "Terzi ć")
                host.x0 = min(host.x0, acc.x0)
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
        del row[next(i for i, r in enumerate(row) if r is acc)]


def _after_slash(acc: Run, others: list[Run]) -> bool:
    """Whether the run that ends right before ``acc`` ends with a slash."""
    before = [r for r in others if acc.x0 - 0.3 * acc.size <= r.x1 <= acc.x0 + 0.3 * acc.size]
    return any(r.text.endswith("/") for r in before)


def _join_runs(runs: list[Run], page: int) -> Line:
    runs.sort(key=lambda r: r.x0)
    parts: list[str] = []
    styles: list[tuple[int, int, str]] = []
    pos = 0
    prev: Run | None = None
    sizes: dict[float, int] = {}
    fonts: dict[str, int] = {}
    ys: dict[float, int] = {}
    wide: list[int] = []
    mapped = 0
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
        length = len(run.text)
        parts.append(run.text)
        pos += length
        style = font_style(run.font)
        if style:
            styles.append((start, pos, style))
        size = round(run.size, 1)
        sizes[size] = sizes.get(size, 0) + length
        fonts[run.font] = fonts.get(run.font, 0) + length
        y = round(run.y, 1)
        ys[y] = ys.get(y, 0) + 1
        if run.mapped:
            mapped += length
        prev = run
    text = "".join(parts)
    if WIDE_SPACE in text:
        wide.extend(i for i, ch in enumerate(text) if ch == WIDE_SPACE)
        wide.sort()
        text = text.replace(WIDE_SPACE, " ")
    return Line(
        page=page,
        text=text,
        x0=runs[0].x0,
        x1=max(r.x1 for r in runs),
        y=_most(ys),
        size=_most(sizes),
        font=_most(fonts),
        styles=_merge_styles(styles),
        wide_gaps=wide,
        mapped=mapped * 2 >= len(text),
    )


def _merge_styles(styles: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    for start, end, kind in styles:
        if out and out[-1][2] == kind and start - out[-1][1] <= 1:
            out[-1] = (out[-1][0], end, kind)
        else:
            out.append((start, end, kind))
    return out


# Type under this share of the body's is a mark's (raised, lowered, a footnote's).
_MINOR_SIZE = 0.85


def _is_minor(run: Run, body: float) -> bool:
    """Accents, raised or lowered letters, footnote marks: they belong to a nearby line."""
    if run.size < _MINOR_SIZE * body:
        return True
    if _LABEL_ONLY.match(run.text):
        return False  # "1." is a list label, not a mark
    text = run.text
    # One Latin letter or mark, or two ("A" raised in the LaTeX logo); a CJK word of two
    # characters (a name) is a word.
    return len(text) <= 2 and not any(0x3000 <= ord(c) <= 0x9FFF or ord(c) >= 0xAC00 for c in text)


def _is_label(first: Run, text: Run) -> bool:
    """Whether ``first`` is an entry's label set off from its ``text`` by a tab: "[12]",
    "(3)", "12.", or a bare "12" in the text's own size (margin line numbers are smaller)."""
    if _LABEL_ONLY.match(first.text):
        return True
    return first.text.isdigit() and len(first.text) <= 4 and first.size >= 0.9 * text.size


def _attach(
    minor: list[Run], rows: list[list[Run]], gutter: float | None, nearest: bool = False
) -> list[Run]:
    """Each minor run (an accent, a raised or lowered mark) into the row it stands by;
    those that no row takes are returned. With ``nearest`` a row's baseline and size are
    those of its run nearest the mark (a row may hold both columns' lines, in two sizes)."""
    orphans: list[Run] = []
    for run in minor:
        best: tuple[float, list[Run]] | None = None
        accent = run.text in SPACING_ACCENTS
        for row in rows:
            ref = min(row, key=lambda r: abs(r.x0 - run.x1)) if nearest else row[0]
            dy = abs(ref.y - run.y)
            if accent:
                # An accent sits above its letter: only the line below it can own it (or
                # the line it stands a little below: pdfTeX lowers an accent over a
                # letter shorter than the x-height, such as "o", under the baseline).
                if not -_ACCENT_DROP * ref.size <= run.y - ref.y <= 0.9 * ref.size:
                    continue
            elif dy > 0.55 * ref.size:
                continue
            lo = min(r.x0 for r in row) - ref.size
            hi = max(r.x1 for r in row) + ref.size
            # The mark stands by the row where it reaches into the row's span, an em wider
            # on each side: a two-digit superscript label before an entry starts more than
            # an em left of its first letter.
            if run.x1 < lo or run.x0 > hi:
                continue
            if gutter is not None and not lo < gutter < hi and (run.x0 < gutter) != (lo < gutter):
                continue
            if best is None or dy < best[0]:
                best = (dy, row)
        if best is None:
            orphans.append(run)
        else:
            best[1].append(run)
    return orphans


def _on_baseline(run: Run, rows: list[list[Run]]) -> None:
    """``run`` into the row on its baseline, or a row of its own. A row's baseline is that
    of its first run or of its largest: a row of short pieces may open with a raised mark
    (the small "A" of the LaTeX logo, first in the order from the top), and the lowered
    "E" after it stands too far below the mark, not below the row's letters."""
    for row in rows:
        dy = abs(row[0].y - run.y)
        reach = max(row[0].size, run.size)
        if dy > reach:
            continue
        big = row[0] if dy <= 0.3 * reach else max(row, key=lambda r: r.size)
        if abs(big.y - run.y) <= 0.3 * max(big.size, run.size):
            row.append(run)
            return
    rows.append([run])


def group_lines(
    runs: list[Run],
    page: int,
    gutter: float | None = None,
    right_start: float | None = None,
    *,
    marks_by_line: bool = False,
) -> list[Line]:
    """Group runs into lines: same baseline, not across the gutter, no gap wider than one.

    A row is cut at the gutter only where its right part starts at the right column's edge
    (``right_start``): a title-block line whose words straddle the gutter stays whole.
    ``marks_by_line``: the page is drawn one glyph at a time (:func:`drawn_by_glyph`).
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
    orphans = _attach(minor, rows, gutter)
    # Minor runs that no line took (too far from its ends) join the line on their baseline
    # (small capitals: "S" + "MITH" before ", J."; the row is cut at wide gaps and at the
    # gutter below), or form lines among themselves (a small-caps heading: "R" +
    # "EFERENCES"; a list set in type much smaller than the page's body). With
    # ``marks_by_line`` (a page drawn one glyph at a time, see glyph_words), marks much
    # smaller than the rest of those (a superscript label on such a list: "²W. B. Smith")
    # then go to the line they stand by, as the minor runs did.
    marks: list[Run] = []
    if orphans and marks_by_line:
        small = Counter(round(r.size, 1) for r in orphans).most_common(1)[0][0]
        marks = [r for r in orphans if r.size < _MINOR_SIZE * small and len(r.text.strip()) <= 3]
        taken = {id(r) for r in marks}
        orphans = [r for r in orphans if id(r) not in taken]
    for run in sorted(orphans, key=lambda r: (-r.y, r.x0)):
        _on_baseline(run, rows)
    for run in sorted(_attach(marks, rows, gutter, nearest=True), key=lambda r: (-r.y, r.x0)):
        _on_baseline(run, rows)
    rows.sort(key=lambda row: -row[0].y)
    for row in rows:
        _attach_accents(row)
    lines: list[Line] = []
    for row in rows:
        row.sort(key=lambda r: r.x0)
        stretched = _stretched(row)
        sides = _sides(row, gutter)
        group: list[Run] = [row[0]]
        for run in row[1:]:
            prev_end = max(r.x1 for r in group)
            gap = run.x0 - prev_end
            crosses = (
                gutter is not None
                and max(ink_end(r) for r in group) <= gutter + 1
                and run.x0 >= gutter - 1
            )
            across = crosses and (right_start is None or run.x0 <= right_start + 1.0 * run.size)
            # A list label set off by a tab ("1.", "[12]") stays on its entry's line.
            label = len(group) == 1 and _is_label(group[0], run)
            wide = gap > (8.0 if label else _COLUMN_GAP_EM) * max(run.size, group[-1].size)
            # A column's line may be justified on its own (the other column's line on
            # its baseline spaced otherwise), and the gap between the columns is no
            # justified line's stretched space (a line whose spaces are as wide as the
            # gutter and the next column's indent).
            side = sides is not None and sides[gutter is not None and run.x0 >= gutter - 1]
            if across or (wide and (crosses or not (stretched or side))):
                lines.append(_join_runs(group, page))
                group = [run]
            else:
                group.append(run)
        lines.append(_join_runs(group, page))
    return lines


def _sides(row: list[Run], gutter: float | None) -> tuple[bool, bool] | None:
    """For a row with text on both sides of the gutter and none across it: whether its
    left part and its right part are each a stretched justified line (``_stretched``)."""
    if gutter is None:
        return None
    left = [r for r in row if ink_end(r) <= gutter + 1]
    right = [r for r in row if r.x0 >= gutter - 1]
    if not left or not right or len(left) + len(right) != len(row):
        return None
    return _stretched(left), _stretched(right)


def _stretched(row: Sequence[Run | Line]) -> bool:
    """Whether a row (its runs in order) is a justified line drawn word by word whose word
    spaces are all stretched alike, some of them wider than a column gap: a few words
    spread over the line before a long URL that did not fit on it. Its wide spaces part
    no columns."""
    gaps = [
        b.x0 - a.x1 for a, b in pairwise(row) if b.x0 - a.x1 > _SPACE_GAP_EM * max(a.size, b.size)
    ]
    if not gaps or max(gaps) <= _COLUMN_GAP_EM * row[0].size:
        return False
    if len(gaps) < _STRETCHED_SPACES:
        # Two spaces (a label's and one word's: "[13] B. Roe, C. Doe, [gap] K.Van") are a
        # justified line's where the writer made them equal, to a hundredth.
        return len(gaps) == 2 and max(gaps) <= _STRETCH_EQUAL * min(gaps)
    return max(gaps) <= _STRETCH_EVEN * min(gaps)


# A justified row's stretched word spaces: at least this many, the widest at most this many
# times the narrowest.
_STRETCHED_SPACES = 3
_STRETCH_EVEN = 1.25
_STRETCH_EQUAL = 1.01  # two stretched spaces: equal as a writer sets them


# Closing full-width punctuation (，。、；：！？ and closing brackets) is drawn in the left
# half of its em box, and CJK typesetting lets it hang past the column's edge: a line that
# ends with one reaches half an em less far than its box says (into a narrow gutter).
_CLOSING_FULL_WIDTH = frozenset("，。、；：！？）」』》〉】〕")


def ink_end(item: Run | Line) -> float:
    """Where an item's text ends on the page (its box's end, less a hanging mark's blank)."""
    if item.text.rstrip()[-1:] in _CLOSING_FULL_WIDTH:
        return item.x1 - 0.5 * item.size
    return item.x1


def find_gutter(items: list[Run] | list[Line], width: float) -> float | None:
    """The x of a two-column gutter, or None for a one-column page.

    The gutter is where the fewest items cross the middle of the page; where that fails
    and almost nothing crosses, a few items may reach into it without hiding it, such as a
    page number centred under a narrow gutter or a line of code running a few points past
    its column. No gutter runs through words (:func:`_cuts_words`).
    """
    if len(items) < 6 or width <= 0:
        return None
    spans = sorted((it.x0, ink_end(it), len(it.text), it.size) for it in items)
    found = _find_gutter(spans, width)
    if found is None:
        found = _run_over(items, width)
    if found is not None and (_cuts_words(items, spans, found) or _through_spaces(items, found)):
        return None
    return found


def _page_number(item: Run | Line) -> bool:
    """A bare number of four digits at most (a page number under the gutter)."""
    text = item.text.strip()
    return text.isdigit() and len(text) <= 4


def _run_over(items: list[Run] | list[Line], width: float) -> float | None:
    """The gutter of a page whose right column holds only the last row or two of the text
    run over from the left one (a list that ends a line or two into the right column: too
    little text for a column of its own), or None. The left column's lines end at one x,
    :data:`_RUN_OVER_LEFT` of them or more (justified), and nothing crosses that edge; the
    right text (a bare page number aside) is one or two rows at the top of the column,
    each beside a full line of the left one (a running head beside a page number is not),
    no wider than the left column.
    """
    ends = Counter(round(ink_end(it)) for it in items if 0.3 * width <= ink_end(it) <= 0.7 * width)
    if not ends:
        return None
    edge, count = ends.most_common(1)[0]
    if count < _RUN_OVER_LEFT or any(it.x0 < edge - 1 and ink_end(it) > edge + 1 for it in items):
        return None
    left = [it for it in items if ink_end(it) <= edge + 1]
    right = [it for it in items if it.x0 >= edge + 1 and not _page_number(it)]
    rows: dict[float, list[Run | Line]] = {}
    for it in right:
        rows.setdefault(round(it.y, 1), []).append(it)
    if not left or not 1 <= len(rows) <= 2:
        return None
    start = min(it.x0 for it in right)
    size = median(it.size for it in left)
    top = max(it.y for it in left)
    for y, row in rows.items():
        beside = [it for it in left if abs(it.y - y) <= 0.3 * it.size]
        if (
            not beside
            or max(ink_end(it) for it in beside) < edge - 1
            or y < top - 2.5 * size
            or min(it.x0 for it in row) > start + 2 * size
        ):
            return None
    if start - edge < _GUTTER_WORD_SPACE * size:
        return None
    if max(ink_end(it) for it in right) - start > edge - min(it.x0 for it in left) + 1:
        return None
    return (edge + start) / 2


def _through_spaces(items: list[Run] | list[Line], gx: float) -> bool:
    """Whether a gutter at ``gx`` would run through justified lines' stretched word spaces:
    most rows with text on both sides of it are lines whose word spaces are all alike
    (:func:`_stretched`), where a real gutter is wider than the columns' word spaces."""
    rows: dict[float, list[Run | Line]] = {}
    for it in items:
        rows.setdefault(round(it.y, 1), []).append(it)
    both = stretched = 0
    for row in rows.values():
        if not any(ink_end(it) <= gx + 1 for it in row) or not any(it.x0 >= gx - 1 for it in row):
            continue
        both += 1
        row.sort(key=lambda it: it.x0)
        stretched += _stretched(row)
    return both > 0 and 2 * stretched >= both


def _find_gutter(spans: list[tuple[float, float, int, float]], width: float) -> float | None:
    # Candidate gutters every 2 pt across the middle; a span crosses candidate x when
    # x0 < x - 1 and x1 > x + 1, i.e. for one contiguous run of candidates, found by
    # bisection (the same comparisons as testing every span at every candidate).
    grid: list[float] = []
    x = 0.3 * width
    while x <= 0.7 * width:
        grid.append(x)
        x += 2.0
    lows = [g - 1 for g in grid]
    highs = [g + 1 for g in grid]
    delta = [0] * (len(grid) + 1)
    for x0, x1, _, _ in spans:
        first = bisect_right(lows, x0)
        stop = bisect_left(highs, x1)
        if first < stop:
            delta[first] += 1
            delta[stop] -= 1
    counts: list[int] = []
    crossing = 0
    for i in range(len(grid)):
        crossing += delta[i]
        counts.append(crossing)
    fewest = min(counts)
    found = _gutter_at(spans, grid[counts.index(fewest)])
    if found is not None or fewest > _GUTTER_CROSSED * len(spans):
        return found
    # A second look where almost nothing crosses: the middle of the widest band of
    # candidates crossed by a few more items than the least crossed one (a page number
    # centred under a narrow gutter, a line running past its column). On a one-column page
    # the full lines cross everywhere and the ragged line ends make no such band.
    allowed = fewest + _GUTTER_INTRUDERS
    best: tuple[int, int] | None = None
    i = 0
    while i < len(grid):
        if counts[i] > allowed:
            i += 1
            continue
        j = i
        while j + 1 < len(grid) and counts[j + 1] <= allowed:
            j += 1
        if fewest in counts[i : j + 1] and (best is None or j - i > best[1] - best[0]):
            best = (i, j)
        i = j + 1
    assert best is not None
    gx = (grid[best[0]] + grid[best[1]]) / 2
    found = _gutter_at(spans, gx)
    if found is None:
        return None
    # ... and lines of text (not pieces of a formula or a figure's labels, which may leave
    # a band free by chance) start at the right column's edge or one indent further.
    return found if _right_column_aligned(spans, gx) else None


def _cuts_words(
    items: list[Run] | list[Line], spans: list[tuple[float, float, int, float]], gx: float
) -> bool:
    """Whether a gutter at ``gx`` would cut through words: items that abut on one baseline
    with no word space between them (a producer that draws a line in pieces, down to one
    glyph at a time, as Skia does in Chrome's and Google Docs' PDFs at sizes whose
    advances it rounds), taken together, cross it on more lines than the items alone do.
    Between real columns there is always a gutter's width, and nothing abuts across it."""

    def crossing(pieces: list[tuple[float, float, int, float]]) -> int:
        return sum(1 for x0, x1, _, _ in pieces if x0 < gx - 1 and x1 > gx + 1)

    return crossing(_pieces(items)) >= crossing(spans) + _CUT_WORDS


# Lines a gutter may cut inside a word by chance (two pieces abutting at its x).
_CUT_WORDS = 2


def _pieces(items: list[Run] | list[Line]) -> list[tuple[float, float, int, float]]:
    """The items as (start, ink end, characters, size), with those that abut on one
    baseline (no word space between them) taken as one."""
    out: list[list[float]] = []  # [x0, ink end, characters, size, baseline, x1]
    both: list[Run | Line] = list(items)
    for it in sorted(both, key=lambda it: (-round(it.y, 1), it.x0)):
        last = out[-1] if out else None
        if (
            last is not None
            and abs(last[4] - it.y) <= 0.1 * it.size
            and -0.5 * it.size <= it.x0 - last[5] <= _SPACE_GAP_EM * it.size
        ):
            last[1] = max(last[1], ink_end(it))
            last[2] += len(it.text)
            last[5] = max(last[5], it.x1)
            continue
        out.append([it.x0, ink_end(it), len(it.text), it.size, it.y, it.x1])
    return [(x0, x1, int(n), size) for x0, x1, n, size, _, _ in out]


def _right_column_aligned(spans: list[tuple[float, float, int, float]], gx: float) -> bool:
    """Whether lines of text right of ``gx`` start at one edge (or one indent further)."""
    edge = min(x0 for x0, *_ in spans if x0 >= gx - 1)
    aligned = sum(
        1
        for x0, _, n, _ in spans
        if n >= _GUTTER_LINE_CHARS and edge - 1.0 <= x0 <= edge + _GUTTER_INDENT
    )
    return aligned >= _GUTTER_ALIGNED


def _gutter_at(spans: list[tuple[float, float, int, float]], gx: float) -> float | None:
    """The gutter between the spans left and right of ``gx``, or None if they are no columns."""
    left = [s for s in spans if s[1] <= gx + 1]
    right = [s for s in spans if s[0] >= gx - 1]
    crossing = len(spans) - len(left) - len(right)
    if len(left) < 3 or len(right) < 3:
        return None
    if crossing > 0.35 * (len(left) + len(right)):
        return None
    # Both sides must carry real text (not a lone page number on one side).
    if sum(n for _, _, n, _ in left) < 80 or sum(n for _, _, n, _ in right) < 80:
        return None
    # The columns' edges are their text's: a page number centred under a narrow gutter
    # belongs to neither.
    left_edge = max(
        (x1 for _, x1, n, _ in left if n >= _GUTTER_EDGE_CHARS),
        default=max(x1 for _, x1, _, _ in left),
    )
    right_edge = min(
        (x0 for x0, _, n, _ in right if n >= _GUTTER_EDGE_CHARS),
        default=min(x0 for x0, *_ in right),
    )
    if right_edge - left_edge < 3:
        return None
    # A gap no wider than a stretched word space is a gutter only where the columns show
    # their edges: lines of the left one end at one x (justified), or lines of the right
    # one start at one x. On a one-column page whose lines are drawn in pieces, pieces
    # that end and start near the same x leave such a gap by chance, at ragged places.
    size = median(sz for *_, sz in spans)
    if (
        right_edge - left_edge < _GUTTER_WORD_SPACE * size
        and not _left_column_justified(left, left_edge)
        and not _right_column_aligned(spans, gx)
    ):
        return None
    return (left_edge + right_edge) / 2


def _left_column_justified(left: list[tuple[float, float, int, float]], edge: float) -> bool:
    """Whether lines of text left of a gutter end at one x (within 2 pt) near ``edge``."""
    ends = sorted(x1 for _, x1, n, _ in left if n >= _GUTTER_EDGE_CHARS and x1 >= edge - 12)
    most = max((bisect_right(ends, e + 2.0) - i for i, e in enumerate(ends)), default=0)
    return most >= _GUTTER_ALIGNED


# Items that may reach into a gutter without hiding it, where at most this share of the
# page's items (full-width lines) crosses it (see find_gutter).
_GUTTER_INTRUDERS = 2
_GUTTER_CROSSED = 0.1
_GUTTER_ALIGNED = 5
_GUTTER_INDENT = 12.0  # points: a hanging or paragraph indent
_GUTTER_LINE_CHARS = 12
_GUTTER_EDGE_CHARS = 3
_GUTTER_WORD_SPACE = 0.8  # ems: wider than stretched word spaces, narrower than most gutters
_RUN_OVER_LEFT = 10  # left-column lines ending at its edge, for text run over (_run_over)


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
        if ink_end(ln) <= gutter + 1:
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


def drawn_by_glyph(runs: list[Run]) -> bool:
    """Whether a page's runs are mostly one glyph each (see :func:`glyph_words`)."""
    return len(runs) >= 2 and sum(len(r.text) <= 1 for r in runs) >= _GLYPH_PAGE * len(runs)


def glyph_words(runs: list[Run]) -> list[Run]:
    """``runs`` with those drawn one glyph at a time joined into the pieces they make: a
    glyph's run that starts where the run before it on its baseline ends, no wider apart
    than a letter's kerning, in the same font and size. Skia (Chrome's and Google Docs'
    PDFs) draws a line one glyph at a time at type sizes whose advances it rounds; each
    glyph alone reads as a mark, not a word, to the line building. A page drawn in words
    and lines (most of them) is left as it is: its lone glyphs are marks (the raised "A"
    of the LaTeX logo between "L" and "T")."""
    if not drawn_by_glyph(runs):
        return runs  # a page drawn in words and lines: its lone glyphs are marks
    out: list[Run] = []
    for run in sorted(runs, key=lambda r: (-r.y, r.x0)):
        last = out[-1] if out else None
        if (
            last is not None
            and run.y == last.y
            and run.size == last.size
            and run.font == last.font
            and run.mapped == last.mapped
            and -_GLYPH_OVERLAP * run.size <= run.x0 - last.x1 <= _GLYPH_GAP * run.size
            and len(run.text) <= _GLYPH_CHARS
            and run.text not in SPACING_ACCENTS
            and last.text[-1:] not in SPACING_ACCENTS
            and not run.text[:1].isspace()
        ):
            out[-1] = Run(last.text + run.text, last.x0, run.x1, last.y, last.size, last.font,
                          last.mapped)  # fmt: skip
            continue
        out.append(run)
    return _letter_spaced(out)


def _letter_spaced(runs: list[Run]) -> list[Run]:
    """``runs`` (in ``glyph_words``' order) with letter-spaced stretches joined: a justified
    line that holds one long word (a URL broken after a slash) is spread by spacing its
    letters (Qt; InDesign's single-word justification), every glyph a letter space apart,
    wider than a word space. A stretch is at least ``_SPACED_RUNS`` pieces of one or two
    glyphs on one baseline, in one font and size, whose gaps are all alike (the widest at
    most ``_SPACED_ALIKE`` times the narrowest, none over ``_SPACED_GAP`` ems, or all
    equal and wider: see ``_gaps_alike``); a wider gap (a word space added to the letter
    space) ends it. A shorter word on the same baseline spaced alike ("U R L" before the
    URL) is joined too."""
    chains: list[tuple[int, int, float]] = []  # [i, j) and the chain's widest gap
    i = 0
    while i < len(runs):
        j = i + 1
        gaps: list[float] = []
        while j < len(runs) and _spaced_pair(runs[j - 1], runs[j]):
            gap = runs[j].x0 - runs[j - 1].x1
            if gaps and not _gaps_alike(max(*gaps, gap), min(*gaps, gap), runs[j].size):
                break
            gaps.append(gap)
            j += 1
        chains.append((i, j, max(gaps, default=0.0)))
        i = j
    spaced: dict[tuple[float, float, str], list[float]] = {}
    for i, j, gap in chains:
        if j - i >= _SPACED_RUNS:
            spaced.setdefault(_row_key(runs[i]), []).append(gap)
    if not spaced:
        return runs
    out: list[Run] = []
    for i, j, gap in chains:
        alike = spaced.get(_row_key(runs[i]), [])
        if j - i >= 2 and any(_gaps_alike(max(g, gap), min(g, gap), runs[i].size) for g in alike):
            first, last = runs[i], runs[j - 1]
            text = "".join(r.text for r in runs[i:j])
            out.append(Run(text, first.x0, last.x1, first.y, first.size, first.font,
                           first.mapped))  # fmt: skip
        else:
            out.extend(runs[i:j])
    return out


def _gaps_alike(widest: float, narrowest: float, size: float) -> bool:
    """Whether letter spaces this wide and this narrow may space one stretch: alike within
    ``_SPACED_ALIKE``, or, wider than ``_SPACED_GAP`` ems (a short word spread over a
    justified line of its own, the next word too long to fit: "C h e u n g ,"), equal
    within ``_SPACED_EVEN``, as a writer spaces them."""
    if widest > _SPACED_GAP * size:
        return widest <= _SPACED_EVEN * narrowest
    return widest <= _SPACED_ALIKE * narrowest


def _spaced_piece(text: str) -> bool:
    """A glyph or two, or a glyph after punctuation drawn against it ("://l": a writer that
    spaces letters adds no space after a URL's slashes and dots)."""
    return len(text) <= _GLYPH_CHARS or (
        len(text) <= 4 and not any(ch.isalnum() for ch in text[:-1])
    )


def _row_key(run: Run) -> tuple[float, float, str]:
    return (run.y, run.size, run.font)


def _spaced_pair(a: Run, b: Run) -> bool:
    """Whether ``b`` may follow ``a`` in a letter-spaced stretch (see ``_letter_spaced``)."""
    return (
        a.y == b.y
        and a.size == b.size
        and a.font == b.font
        and a.mapped == b.mapped
        and _spaced_piece(a.text)
        and _spaced_piece(b.text)
        and not a.text.isspace()
        and not b.text.isspace()
        and _GLYPH_GAP * a.size < b.x0 - a.x1 <= _SPACED_WIDE * a.size
    )


# A run this short is a glyph drawn alone (or a ligature's two); a page with at least
# this share of its runs one character long is drawn one glyph at a time.
_GLYPH_CHARS = 2
_GLYPH_PAGE = 0.5
# How far apart (in ems) two glyphs of one word are drawn at most, and how far they may
# overlap (kerning): well under a word space (see _SPACE_GAP_EM).
_GLYPH_GAP = 0.05
_GLYPH_OVERLAP = 0.2
# A letter-spaced stretch (see _letter_spaced): this many pieces at least, gaps this alike,
# and none wider than this many ems; or gaps up to _SPACED_WIDE ems equal within
# _SPACED_EVEN (a short word alone on a justified line: Qt spreads it over the column).
_SPACED_RUNS = 6
_SPACED_ALIKE = 1.25
_SPACED_GAP = 2.0
_SPACED_WIDE = 8.0
_SPACED_EVEN = 1.02


def page_lines(runs: list[Run], page: int, width: float) -> list[Line]:
    """The page's lines in reading order."""
    glyphs = drawn_by_glyph(runs)
    if glyphs:
        runs = glyph_words(runs)
    gutter = find_gutter(runs, width)
    right_start = None
    if gutter is not None:
        right_start = min((r.x0 for r in runs if r.x0 >= gutter - 1), default=None)
    lines = group_lines(runs, page, gutter, right_start, marks_by_line=glyphs)
    return reading_order(lines, gutter)
