"""Page furniture: running headers and footers, page numbers, banners, line numbers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from refmanager.pdf.layout import Line

PAGE_NUMBER = re.compile(
    r"^(?:page|p\.|seite|pagina|página|第)?\s*[-–—]?\s*(?:\d{1,5}|[ivxlcdm]{1,7})\s*[-–—]?\s*"
    r"(?:(?:/|of|von|de|sur)\s*\d{1,5})?\s*(?:页)?$",
    re.I,
)


def _shape(text: str) -> str:
    """Text with digits folded, so 'Page 12' and 'Page 13' look alike."""
    return re.sub(r"\d+", "#", re.sub(r"\s+", "", text.lower()))


def _margin_lines(lines: Sequence[Line], top: bool, depth: int = 3) -> list[Line]:
    ordered = sorted(lines, key=lambda ln: -ln.y if top else ln.y)
    return ordered[:depth]


def furniture(pages: dict[int, list[Line]], page_heights: dict[int, float]) -> set[int]:
    """ids of the lines that are page furniture, across the pages read.

    A line is furniture when it sits among the first or last few lines of its page and
    either its digit-folded text recurs at about the same height on another page read,
    or it is a bare page number, or it is set apart from the body (a different size and
    a wide gap) at the very edge of the page.
    """
    out: set[int] = set()
    shapes: Counter[tuple[str, int]] = Counter()
    candidates: list[tuple[Line, str, int, bool, int]] = []
    for lines in pages.values():
        if not lines:
            continue
        seen: set[tuple[str, int]] = set()
        for top in (True, False):
            for ln in _margin_lines(lines, top):
                key = (_shape(ln.text), round(ln.y / 6))
                # A bare number at the body's line spacing from the body is the last
                # line of an entry ("..., MNRAS, 407," / "1581"), not a page number.
                runs_on = _runs_on(ln, lines, top)
                numbered = PAGE_NUMBER.match(ln.text.strip()) is not None
                folio = numbered and not runs_on
                # So is a line of other numbers alone at the line spacing from a line on
                # either side ("57-86 (1986).", under its entry's first lines atop the
                # page), though the same shape ends an entry at the same height on one
                # other page: only on more pages is it furniture. (A page number that
                # recurs is one, however near the text.)
                letterless = not any(c.isalpha() for c in key[0])
                amid = runs_on or _runs_on(ln, lines, not top)
                recur = _RECUR_BARE if amid and letterless and not numbered else 2
                candidates.append((ln, key[0], key[1], folio, recur))
                for band in (key[1] - 1, key[1], key[1] + 1):
                    seen.add((key[0], band))
        for item in seen:
            shapes[item] += 1
    for ln, shape, band, folio, recur in candidates:
        if (shapes[(shape, band)] >= recur and len(pages) >= 2) or folio:
            out.add(id(ln))
    # Line numbers: bare numbers stacked in a margin, one per text line.
    for lines in pages.values():
        numbers = [ln for ln in lines if ln.text.strip().isdigit() and len(ln.text.strip()) <= 4]
        if len(numbers) < 5:
            continue
        bands: Counter[int] = Counter(round(ln.x1 / 4) for ln in numbers)
        for band, count in bands.items():
            if count >= 5:
                out.update(id(ln) for ln in numbers if abs(round(ln.x1 / 4) - band) <= 1)
    # Edge rows set apart from the body: a wide gap to the next row (and often other type).
    inner = _inner_gaps(pages)
    for pno, lines in pages.items():
        if sum(1 for ln in lines if id(ln) not in out) < 4:
            # A nearly empty page (its recurring head and foot aside: a list's last entry
            # under its heading): its lines are furniture only when they recur.
            continue
        weights: Counter[int] = Counter()
        for ln in lines:
            if id(ln) not in out:
                weights[round(ln.size)] += len(ln.text)
        if not weights:
            continue
        body = weights.most_common(1)[0][0]
        height = page_heights.get(pno, 792.0)
        for top in (True, False):
            rows = _rows(lines, top)
            for i in range(min(2, len(rows) - 1)):
                row, nxt = rows[i], rows[i + 1]
                y = row[0].y
                gap = abs(y - nxt[0].y)
                at_edge = y > 0.85 * height if top else y < 0.15 * height
                if not at_edge:
                    break
                other_type = any(round(ln.size) != body for ln in row)
                known = all(id(ln) in out for ln in row)
                # Other type at the body's own line spacing (a double-spaced page) is not
                # set apart: a list's entry pasted in another font.
                spacing = other_type and _line_spacing(gap, inner)
                # The first line of a section whose heading stands at the page's foot is
                # set apart from it by the heading's own space, not a footer's; so is
                # one set larger than the page's body (a list's first entry after a
                # page of code set small), as a footer never is.
                larger = all(round(ln.size) > body for ln in row)
                headed = not top and (not other_type or larger) and _a_heading(nxt, body)
                wide = (
                    gap > 2.2 * body
                    and (other_type or not _recurs(gap, inner))
                    and not spacing
                    and not headed
                )
                if (
                    known
                    or wide
                    or (other_type and gap > 1.6 * body and not spacing and not headed)
                ):
                    out.update(id(ln) for ln in row)
                    continue
                break
    return out


# How many pages a line without a letter, at the line spacing from a line beside it, must
# recur on (at about the same height) to be furniture.
_RECUR_BARE = 3


# A heading is set this many times the body's type size at least, and is shorter than this.
_HEADING_SIZE = 1.2
_HEADING_CHARS = 80


def _a_heading(row: list[Line], body: float) -> bool:
    """Whether ``row`` is a heading: one line, larger than the body's type (``body``),
    and short."""
    return (
        len(row) == 1
        and row[0].size >= _HEADING_SIZE * body
        and 0 < len(row[0].text.strip()) < _HEADING_CHARS
    )


def _runs_on(line: Line, lines: Sequence[Line], top: bool) -> bool:
    """Whether ``line`` stands at a line's spacing (1.5 of its type sizes at most) from
    the nearest line toward the page's body (below it at the top, above it at the foot)."""
    gaps = [
        (ln.y - line.y) if not top else (line.y - ln.y)
        for ln in lines
        if ln is not line and ((ln.y > line.y + 1) if not top else (ln.y < line.y - 1))
    ]
    return bool(gaps) and min(gaps) <= 1.5 * line.size


def _rows(lines: Sequence[Line], top: bool) -> list[list[Line]]:
    """Lines grouped by baseline, from the top (or the bottom) of the page."""
    ordered = sorted(lines, key=lambda ln: -ln.y if top else ln.y)
    rows: list[list[Line]] = []
    for ln in ordered:
        if rows and abs(rows[-1][0].y - ln.y) <= 1.0:
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return rows


def _inner_gaps(pages: dict[int, list[Line]]) -> Counter[int]:
    """The distances between the rows inside the pages (not the two at either edge), in
    points: the spacing of the body's lines and paragraphs. Only rows set in one type
    size, the same for both, count: a title block's steps from one size to the next (a
    title over its authors on page 1) are no spacing of the body's."""
    gaps: Counter[int] = Counter()
    for lines in pages.values():
        rows = _rows(lines, True)
        for a, b in pairwise(rows[2:-2]):
            if len({round(ln.size) for ln in (*a, *b)}) == 1:
                gaps[round(a[0].y - b[0].y)] += 1
    return gaps


def _recurs(gap: float, inner: Counter[int]) -> bool:
    """Whether the body's rows are as far apart at least twice (an entry or a paragraph
    set apart by the document's own spacing: the tail of an entry at a page's top)."""
    return sum(inner[g] for g in range(round(gap) - 1, round(gap) + 2)) >= 2


def _line_spacing(gap: float, inner: Counter[int]) -> bool:
    """Whether ``gap`` is the body's line spacing: the distance between its rows that
    recurs most often (within a point)."""
    if not inner:
        return False
    common = inner.most_common(1)[0][0]
    return abs(round(gap) - common) <= 1
