"""Line labels from a rendered document's marks (see :mod:`tools.corpus.tex`).

Every line the pipeline's layout step produces gets one label:

- ``furn``: page furniture (running heads, page numbers, footer banners), the lines
  outside the text block the class declared (from the G mark);
- ``head``: the bibliography's heading (lines after the B mark, before the first entry);
- ``start``: the first line of an entry (the line holding an E mark);
- ``in``: the other lines of the list (up to the Z mark);
- ``other``: everything else (body text, footnotes and tables inside the list, appendices,
  biographies, addresses after it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from refmanager.pdf.layout import Line

_BP = 72.0 / 72.27  # TeX points to PDF points
_SP = _BP / 65536.0
# How far an entry's first line may start right of its mark, and the mark lie right of
# the line's end (PDF points).
_MARK_RIGHT = 12.0
_MARK_SLACK = 2.0


@dataclass(slots=True)
class Mark:
    kind: str
    page: int
    x: float
    y: float


class GoldError(Exception):
    """The marks and the lines do not agree: the document is not used."""


class NoEntriesError(GoldError):
    """No entry mark at all: the style printed no list (a style failure, not a document's)."""


def read_marks(text: str) -> tuple[list[Mark], dict[str, float]]:
    marks: list[Mark] = []
    geometry: dict[str, float] = {}
    for row in text.splitlines():
        parts = row.split()
        if not parts:
            continue
        if parts[0] == "G" and len(parts) >= 8:
            names = (
                "pageheight",
                "pagewidth",
                "textheight",
                "topmargin",
                "headheight",
                "headsep",
                "voffset",
                "hoffset",
                "oddsidemargin",
                "textwidth",
            )
            geometry = {
                n: float(v.rstrip("pt")) * _BP for n, v in zip(names, parts[1:], strict=False)
            }
        elif parts[0] in {"B", "E", "Z"} and len(parts) == 4:
            marks.append(Mark(parts[0], int(parts[1]), int(parts[2]) * _SP, int(parts[3]) * _SP))
    return marks, geometry


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


# What the document class prints before a float's caption, which the generator's own text
# of the float lacks.
_CAPTION = re.compile(r"^\s*(?:Table|TABLE|Figure|FIGURE|Fig\.|表|图)\s*\d+\s*[.:：]\s*")


def label_lines(
    lines: list[Line],
    *,
    marks: list[Mark],
    geometry: dict[str, float],
    page_heights: dict[int, float],
    noise: list[str],
    expected: int,
) -> list[str]:
    """One label per line of ``lines`` (all pages, reading order)."""
    furn = [_outside_text_block(ln, geometry, page_heights) for ln in lines]
    starts = sorted({(m.page, round(m.x, 1), round(m.y, 1)) for m in marks if m.kind == "E"})
    start_idx: set[int] = set()
    for page, x, y in starts:
        best: tuple[tuple[int, int, float], int] | None = None
        for i, ln in enumerate(lines):
            if ln.page != page or furn[i] or abs(ln.y - y) > 2.0:
                continue
            # The mark's own line: the one that starts at or left of the mark, nearest to
            # it (also where the reader's widths, and so x1, are off), or else one that
            # starts just right of it (a hanging list's first line, whose text the class
            # sets a few points in from where the item begins). A line that ends before
            # the mark is another column's.
            if x > ln.x1 + _MARK_SLACK or x < ln.x0 - _MARK_RIGHT:
                continue
            right = 0 if ln.x0 - 2.5 <= x else 1
            d = (round(abs(ln.y - y)), right, abs(x - ln.x0))
            if best is None or d < best[0]:
                best = (d, i)
        if best is None:
            raise GoldError(f"entry mark on page {page} at ({x:.0f}, {y:.0f}) matches no line")
        start_idx.add(best[1])
    if not starts:
        raise NoEntriesError(f"0 entry starts found for {expected} records")
    if len(start_idx) != expected:
        raise GoldError(f"{len(start_idx)} entry starts found for {expected} records")
    b = next((m for m in marks if m.kind == "B"), None)
    z = next((m for m in marks if m.kind == "Z"), None)
    if b is None or z is None:
        raise GoldError("the list's start or end mark is missing")
    first = min(start_idx)
    width = geometry.get("pagewidth", 612.0)
    after_b = _first_after(lines, furn, b, width)
    after_z = _first_after(lines, furn, z, width)
    if after_b > first or after_z <= max(start_idx):
        raise GoldError("the marks are out of reading order")
    blob = " ".join(_norm(t) for t in noise)
    labels = ["furn" if f else "other" for f in furn]
    for i in range(after_b, after_z):
        if furn[i]:
            continue
        key = _norm(_CAPTION.sub("", lines[i].text))
        if i not in start_idx and len(key) >= 3 and blob and key in blob:
            continue  # a footnote or a table inside the list
        if i < first:
            labels[i] = "head"
        else:
            labels[i] = "start" if i in start_idx else "in"
    return labels


def _first_after(lines: list[Line], furn: list[bool], mark: Mark, width: float) -> int:
    """The index of the first line (reading order) below a vertical-mode mark."""
    column = 1 if mark.x < width / 2 - 20 else 2
    for i, ln in enumerate(lines):
        if furn[i]:
            continue
        if ln.page > mark.page:
            return i
        if ln.page == mark.page and ln.y < mark.y - 1.0 and ln.column in (0, column):
            return i
        if ln.page == mark.page and column == 1 and ln.column == 2:
            return i  # a mark at the foot of the left column: the right column comes next
    return len(lines)


def _outside_text_block(ln: Line, g: dict[str, float], heights: dict[int, float]) -> bool:
    if not g:
        return False
    height = heights.get(ln.page) or g["pageheight"]
    top = height - 72.0 - g["voffset"] - g["topmargin"] - g["headheight"] - g["headsep"]
    bottom = top - g["textheight"]
    # A line up to a line-space below the block is an overfull page's last line, not a footer.
    if ln.y > top + 0.5 or ln.y < bottom - 16.0:
        return True
    if "textwidth" not in g:
        return False
    left = 72.0 + g["hoffset"] + g["oddsidemargin"]
    # Line numbers and margin notes: wholly beside the text block.
    return ln.x1 < left - 2.0 or ln.x0 > left + g["textwidth"] + 2.0
