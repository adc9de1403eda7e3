"""Page furniture: running headers and footers, page numbers, banners, line numbers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from refmanager.pdf.layout import Line

_PAGE_NUMBER = re.compile(
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


def furniture(
    pages: dict[int, list[Line]],
    page_heights: dict[int, float],
    keep: Callable[[Line], bool] = lambda ln: False,
) -> set[int]:
    """ids of the lines that are page furniture, across the pages read.

    A line is furniture when it sits among the first or last few lines of its page and
    either its digit-folded text recurs at about the same height on another page read,
    or it is a bare page number, or it is set apart from the body (a different size and
    a wide gap) at the very edge of the page.
    """
    out: set[int] = set()
    shapes: Counter[tuple[str, int]] = Counter()
    candidates: list[tuple[Line, str, int]] = []
    for lines in pages.values():
        if not lines:
            continue
        seen: set[tuple[str, int]] = set()
        for top in (True, False):
            for ln in _margin_lines(lines, top):
                key = (_shape(ln.text), round(ln.y / 6))
                candidates.append((ln, key[0], key[1]))
                for band in (key[1] - 1, key[1], key[1] + 1):
                    seen.add((key[0], band))
        for item in seen:
            shapes[item] += 1
    for ln, shape, band in candidates:
        if shapes[(shape, band)] >= 2 and len(pages) >= 2:
            out.add(id(ln))
        elif _PAGE_NUMBER.match(ln.text.strip()):
            out.add(id(ln))
    # Edge lines set apart from the body: smaller/larger type and a wide gap to the next.
    for pno, lines in pages.items():
        if len(lines) < 4:
            # A nearly empty page: its top lines are furniture only when they match others.
            continue
        body = Counter(round(ln.size) for ln in lines).most_common(1)[0][0]
        for top in (True, False):
            ordered = sorted(lines, key=lambda ln: -ln.y if top else ln.y)
            for i in range(min(2, len(ordered) - 1)):
                ln, nxt = ordered[i], ordered[i + 1]
                gap = abs(ln.y - nxt.y)
                height = page_heights.get(pno, 792.0)
                at_edge = ln.y > 0.88 * height if top else ln.y < 0.12 * height
                if not at_edge:
                    break
                if id(ln) in out or (round(ln.size) != body and gap > 1.6 * body):
                    out.add(id(ln))
                    continue
                break
    return {i for i in out if not keep(_by_id(pages, i))}


def _by_id(pages: dict[int, list[Line]], ident: int) -> Line:
    for lines in pages.values():
        for ln in lines:
            if id(ln) == ident:
                return ln
    raise KeyError(ident)
